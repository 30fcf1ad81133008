"""A board put together on its palette from kept parts has the pixels of the same board drawn
whole and mapped at once, and a part already drawn is not drawn again."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from games.targi.render import PALETTE
from renderers.kit import palette as pal
from renderers.kit.cache import ImageCache
from renderers.kit.compose import PaletteBoard, flat_board, parts
from renderers.kit.fonts import font
from renderers.kit.preview import mark_changed


def ground() -> Image.Image:
    image = Image.new("RGB", (400, 200), pal.BACKGROUND)
    ImageDraw.Draw(image).rounded_rectangle((10, 10, 390, 190), 12, fill=pal.PANEL,
                                            outline=pal.PANEL_EDGE, width=2)
    return image


def paint_name(image: Image.Image, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    draw.text((30 + at[0], 40.5 + at[1]), "Blue to move", font=font(24, bold=True),
              fill=pal.HIGHLIGHT, anchor="lm")


def test_a_board_of_parts_has_the_pixels_of_the_board_drawn_whole() -> None:
    # Arrange: the same board drawn whole, ringed, then mapped
    whole = ground()
    paint_name(whole, ImageDraw.Draw(whole), (0, 0))
    mark_changed(ImageDraw.Draw(whole), (20, 20, 200, 60), 6)
    expected = PALETTE.quantize(whole)
    # Act
    board = PaletteBoard(PALETTE, ground(), "test-ground")
    board.part((12, 12, 300, 70), "name", paint_name)
    mark_changed(board.draw, (20, 20, 200, 60), 6, board.ink(pal.INK_DARK),
                 board.ink((255, 255, 255)))
    # Assert
    assert board.image.mode == "P"
    assert board.image.tobytes() == expected.tobytes()


def test_a_part_already_drawn_is_pasted_as_it_was() -> None:
    parts.clear()
    painted: list[str] = []

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        painted.append("drawn")
        paint_name(image, draw, at)

    first = PaletteBoard(PALETTE, ground(), "test-ground")
    first.part((12, 12, 300, 70), "name", paint)
    second = PaletteBoard(PALETTE, ground(), "test-ground")
    second.part((12, 12, 300, 70), "name", paint)
    assert painted == ["drawn"]
    assert second.image.tobytes() == first.image.tobytes()
    second.part((12, 12, 300, 70), "another name", paint)
    assert painted == ["drawn", "drawn"]


def test_a_cache_with_a_byte_limit_keeps_only_the_newest_pictures_under_it() -> None:
    cache = ImageCache(100, max_bytes=3 * 100 * 100)
    for key in range(5):
        cache.get(key, lambda: Image.new("L", (100, 100)))
    assert len(cache) == 3 and cache.bytes == 3 * 100 * 100
    built: list[int] = []

    def build(key: int) -> Image.Image:
        built.append(key)
        return Image.new("L", (100, 100))

    cache.get(4, lambda: build(4))
    cache.get(0, lambda: build(0))
    assert built == [0]


def test_a_stamp_is_drawn_once_for_every_place_it_goes_with_the_pixels_drawn_there() -> None:
    parts.clear()
    painted: list[str] = []

    def line(image: Image.Image, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        painted.append("drawn")
        draw.text((4, 0), "Blue takes 2 salt", font=font(18), fill=pal.INK_LIGHT)

    whole = ground()
    for y in (40, 80):
        ImageDraw.Draw(whole).text((34, y), "Blue takes 2 salt", font=font(18),
                                   fill=pal.INK_LIGHT)
    board = PaletteBoard(PALETTE, ground(), "test-ground")
    for y in (40, 80):
        board.stamp((30, y, 300, y + 24), "blue-salt", line)
    assert painted == ["drawn"]
    assert board.image.tobytes() == PALETTE.quantize(whole).tobytes()


def test_a_picture_laid_at_an_origin_on_another_flat_board_reuses_its_parts() -> None:
    # Arrange: a small picture of two parts, and the same picture drawn whole 90 rows down a
    # taller flat board
    parts.clear()
    painted: list[str] = []

    def name(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        painted.append("drawn")
        draw.text((8, 6), "Blue's area", font=font(20, bold=True), fill=pal.HIGHLIGHT)

    def frame(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        painted.append("drawn")
        draw.rounded_rectangle((4, 40, 150, 90), 8, fill=pal.PANEL)

    whole = Image.new("RGB", (400, 300), pal.BACKGROUND)
    on_its_own = Image.new("RGB", (400, 100), pal.BACKGROUND)
    name(on_its_own, ImageDraw.Draw(on_its_own))
    frame(on_its_own, ImageDraw.Draw(on_its_own))
    whole.paste(on_its_own, (0, 90))
    painted.clear()
    small = flat_board(PALETTE, (400, 100), pal.BACKGROUND, "test-small")
    # Act: laid on a board of its own, then 90 rows down a taller one
    for board, origin in ((small, (0, 0)), (flat_board(PALETTE, (400, 300), pal.BACKGROUND,
                                                       "test-tall"), (0, 90))):
        board.part_at(origin, (0, 0, 400, 36), "name", name)
        board.part_at(origin, (0, 36, 400, 100), "frame", frame)
    # Assert: each part was drawn once, and the taller board shows the picture drawn there
    assert painted == ["drawn", "drawn"]
    assert board.image.size == (400, 300)  # as tall as asked, though its ground is taller
    assert board.image.tobytes() == PALETTE.quantize(whole).tobytes()
    with pytest.raises(ValueError, match="flat"):
        PaletteBoard(PALETTE, ground(), "test-ground").part_at((0, 0), (0, 0, 10, 10), "x", name)


def test_a_part_drawn_in_place_shows_nothing_an_earlier_painter_left_around_its_box() -> None:
    parts.clear()

    def spill(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        draw.rectangle((0, 0, image.width, image.height), fill=pal.ALERT)  # far past its box

    def nothing(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        pass

    PaletteBoard(PALETTE, ground(), "test-ground").part_in_place((12, 12, 100, 70), "red", spill)
    board = PaletteBoard(PALETTE, ground(), "test-ground")
    board.part_in_place((150, 80, 380, 190), "plain", nothing)
    assert board.image.tobytes() == PALETTE.quantize(ground()).tobytes()


def test_a_line_laid_straight_on_the_palette_has_the_pixels_of_the_line_drawn_and_mapped() -> None:
    lines = [((30, 40), "Blue takes the Caravan: +3 VP, ×2", pal.INK_LIGHT, 18, False),
             ((31.5, 90), "AVAVA Wa To, (j) [y] — 12 VP", pal.INK_MUTED, 20, True),
             ((14, 150), "Round 4 / 12 · Orange", pal.HIGHLIGHT, 24, True)]
    whole = ground()
    draw = ImageDraw.Draw(whole)
    for xy, text, ink, size, bold in lines:
        draw.text(xy, text, font=font(size, bold), fill=ink)
    board = PaletteBoard(PALETTE, ground(), "test-ground")
    for xy, text, ink, size, bold in lines:
        board.text(xy, text, font(size, bold), ink, pal.PANEL)
    assert board.image.tobytes() == PALETTE.quantize(whole).tobytes()


def test_a_panels_parts_are_found_again_on_a_panel_of_another_height() -> None:
    # Arrange: a part of every kind, laid on a short panel
    parts.clear()
    painted: list[str] = []

    def title(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        painted.append("title")
        draw.text((16, 12), "Blue — your panel", font=font(24, bold=True), fill=pal.HIGHLIGHT)

    def name(image: Image.Image, draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
        painted.append("name")
        paint_name(image, draw, at)

    def lay(height: int) -> Image.Image:
        board = flat_board(PALETTE, (400, height), pal.BACKGROUND, "test-panel")
        board.part_in_place((0, 0, 400, 50), "title", title)
        board.part((0, 60, 300, 110), "name", name)
        board.stamp((0, height - 50, 300, height), "name", name)
        return board.image

    short = lay(300)
    # Act: the same parts on a panel three times as tall
    tall = lay(900)
    # Assert: each drawn once (the stamp at its two heights too), and the same pixels
    assert painted == ["title", "name", "name"]
    assert tall.size == (400, 900)
    assert tall.crop((0, 0, 400, 110)).tobytes() == short.crop((0, 0, 400, 110)).tobytes()
    assert tall.crop((0, 850, 300, 900)).tobytes() == short.crop((0, 250, 300, 300)).tobytes()
