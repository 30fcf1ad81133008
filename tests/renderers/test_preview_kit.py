"""The kit's status band and changed-place ring: what must read in Discord's chat preview."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from games.targi.render import PALETTE
from renderers.kit import palette as pal
from renderers.kit.compose import PaletteBoard
from renderers.kit.fit import watch_shortening
from renderers.kit.preview import (
    PREVIEW_WIDTH,
    READABLE_PX,
    SeatStatus,
    band_height,
    band_on,
    mark_changed,
    preview_px,
    status_band,
    with_band,
)

FOUR = [
    SeatStatus("Ochre", 0, "12", "4 coins · 3 cards"),
    SeatStatus("Teal", 1, "19", "2 coins · 1 stone", to_move=True),
    SeatStatus("Crimson", 2, "7+?", "5 coins"),
    SeatStatus("Violet", 3, "31", "0 coins · 9 cards"),
]


def test_sizes_are_chosen_for_the_preview_width() -> None:
    assert preview_px(PREVIEW_WIDTH) == READABLE_PX
    assert preview_px(1600) * PREVIEW_WIDTH / 1600 >= READABLE_PX


def test_a_four_seat_band_says_everything_without_shortening() -> None:
    with watch_shortening() as cut:
        band = status_band(1600, "Resafa", "Round 5 / 6 · Teal: production", FOUR, changed=True)
    assert cut == []
    assert band.size == (1600, band_height(1600, 4))
    assert band_height(1600, 4) > band_height(1600, 2)  # four seats take two rows


def test_the_seat_to_move_is_framed_in_the_turn_colour() -> None:
    band = status_band(1600, "Targi", "Round 1 / 12", [
        SeatStatus("Blue", 0, "0", to_move=True), SeatStatus("White", 1, "0"),
    ])
    top = band_height(1600, 2) - preview_px(1600, 4) - 2 * preview_px(1600, 13) - 4
    row = [band.getpixel((x, top + 2)) for x in range(0, 1600, 4)]
    assert pal.HIGHLIGHT in row[: len(row) // 2]
    assert pal.HIGHLIGHT not in row[len(row) // 2 + 2:]


def test_a_changed_ring_is_drawn_outside_the_place_in_black_and_white() -> None:
    image = Image.new("RGB", (200, 200), pal.CARD)
    mark_changed(ImageDraw.Draw(image), (50, 50, 150, 150), 8)
    assert image.getpixel((100, 100)) == pal.CARD  # the place itself is not covered
    assert image.getpixel((100, 50 - 4)) == (255, 255, 255)
    assert image.getpixel((100, 50 - 8)) == pal.INK_DARK
    assert image.getpixel((100, 50 - 1)) == pal.INK_DARK


def test_a_band_sits_above_the_board() -> None:
    board = Image.new("RGB", (1600, 1000), pal.BACKGROUND)
    band = status_band(1600, "Targi", "Round 1 / 12", [SeatStatus("Blue", 0, "0")])
    both = with_band(board, band)
    assert both.size == (1600, 1000 + band.height)
    assert both.getpixel((800, both.height - 1)) == pal.BACKGROUND


@pytest.mark.parametrize(("seats", "per_row", "changed"), [
    (FOUR, 3, True), (FOUR, 2, False), (FOUR[:2], 3, False),
    ([SeatStatus("Blue", 0, "104 VP", "12 G · 9 D 8 S 7 P · and a long tail of words "
                 "that will not fit whole", to_move=True), FOUR[3]], 3, True),
])
def test_a_band_laid_on_a_board_has_the_pixels_of_the_band_drawn_whole(
    seats: list[SeatStatus], per_row: int, changed: bool,
) -> None:
    status = "Round 4 / 12 · Placement · Blue to move · Raid 1 next round"
    whole = status_band(1600, "Targi", status, seats, changed=changed, per_row=per_row)
    board = PaletteBoard(PALETTE, Image.new("RGB", (1600, 30), pal.BACKGROUND), "test-ground",
                         top=whole.height)
    band_on(board, 0, "Targi", status, seats, changed=changed, per_row=per_row)
    laid = board.image.crop((0, 0, 1600, whole.height))
    assert laid.tobytes() == PALETTE.quantize(whole).tobytes()
