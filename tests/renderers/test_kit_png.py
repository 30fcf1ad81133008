"""The kit's PNG encoder: what any PNG reader reads back is the picture, pixel for pixel."""

from __future__ import annotations

import io
import struct
import zlib
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageDraw

from games.resafa import render
from games.resafa.render import samples
from games.targi import render as targi_render
from games.targi.render import samples as targi_samples
from renderers.kit import png
from tests.renderers.golden import as_posted


def picture(width: int, height: int, text: str) -> Image.Image:
    """A palette picture with flat parts and text."""
    image = Image.new("P", (width, height), 3)
    image.putpalette([v for i in range(256) for v in (i, 255 - i, (i * 7) % 256)])
    draw = ImageDraw.Draw(image)
    draw.rectangle((5, 0, width // 2, height // 3), fill=200)
    draw.text((10, height // 2), text, fill=17)
    return image


def idat_stream(data: bytes) -> bytes:
    """The zlib stream of a PNG's IDAT chunks, each chunk's CRC checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, stream = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        if kind == b"IDAT":
            stream += body
        at += 12 + length
    return stream


def read_back(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as png_file:
        png_file.load()
        return png_file.copy()


@pytest.mark.parametrize(("width", "height"), [(97, 1), (120, 16), (333, 77), (1600, 300)])
def test_a_picture_reads_back_pixel_for_pixel_with_a_valid_checksum(
    width: int, height: int,
) -> None:
    image = picture(width, height, "Round 3")
    data = png.encode(image, 2)
    back = read_back(data)
    assert back.mode == "P" and back.size == image.size
    assert back.tobytes() == image.tobytes()
    assert back.getpalette() == image.getpalette()
    # zlib checks the stream's Adler-32 as it inflates: rows, each after its filter byte
    rows = zlib.decompress(idat_stream(data))
    assert rows == b"".join(b"\0" + image.tobytes()[y * width:(y + 1) * width]
                            for y in range(height))


def test_a_resafa_board_posts_the_pixels_it_was_drawn_with() -> None:
    board = render.render_board(samples.saved("busy_4p"))
    data = render.PALETTE.encode(board)
    assert read_back(data).convert("RGB").tobytes() == board.convert("RGB").tobytes()
    # zlib checks the stream's Adler-32 as it inflates
    assert len(zlib.decompress(idat_stream(data))) == (board.width + 1) * board.height


def test_a_targi_board_posts_the_pixels_it_was_drawn_with() -> None:
    board = targi_render.render_board(targi_samples.mid_game())
    data = targi_render.PALETTE.encode(board)
    posted = as_posted(board, targi_render.PALETTE)
    assert read_back(data).convert("RGB").tobytes() == posted.convert("RGB").tobytes()


@pytest.mark.parametrize("level", [0, 1, 2, 3, 6, 9])
def test_every_zlib_level_a_game_may_ask_for_gives_a_valid_picture(level: int) -> None:
    image = picture(200, 40, "Gold")
    assert read_back(png.encode(image, level)).tobytes() == image.tobytes()


def test_only_a_palette_picture_is_encoded() -> None:
    with pytest.raises(ValueError, match="palette"):
        png.encode(Image.new("RGB", (4, 4)), 2)


def test_pictures_of_every_size_encoded_by_several_threads_at_once_read_back_whole() -> None:
    # Arrange: boards and panels of three sizes, each one's rows told apart by its text
    pictures = [picture(width, height, f"Board {n}") for n, (width, height) in
                enumerate([(640, 200), (333, 77), (640, 200), (1200, 90)] * 6)]

    # Act: four threads encode them, each picture right after one of another size
    with ThreadPoolExecutor(4) as pool:
        posted = list(pool.map(lambda image: png.encode(image, 2), pictures))

    # Assert
    for image, data in zip(pictures, posted, strict=True):
        assert read_back(data).tobytes() == image.tobytes()
