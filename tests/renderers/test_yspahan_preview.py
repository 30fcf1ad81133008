"""Yspahan's board in the chat preview: the status band on top, the last turn's changes ringed."""

from __future__ import annotations

import copy
from typing import Any

from PIL import Image

from games.yspahan.render import PALETTE, render_board
from games.yspahan.render.board import HEIGHT, WIDTH
from games.yspahan.render.city import SHOP_INSET, cell_box
from games.yspahan.render.samples import BOARDS
from renderers.kit.preview import PREVIEW_WIDTH, READABLE_PX, band_height, preview_px
from tests.renderers.golden import assert_matches_golden

WHITE = (255, 255, 255)


def before_blue_moved() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """busy_4p, the board before it (a Barrel shop still empty, the Supervisor one space back,
    the Barrel group still in the Tower, Red's Enclosure not yet built) and that shop."""
    view = BOARDS["busy_4p"]()
    before = copy.deepcopy(view)
    shop = next(s for s in before["shops"] if s["owner"] is not None and s["quarter"] == "Barrel")
    shop["owner"] = None
    before["supervisor"] = "E6"
    before["tower"][2].update(white=1, value=4)
    red = next(p for p in before["players"] if p["label"] == "Red")
    red["buildings"] = []
    placed = next(s for s in view["shops"] if s["id"] == shop["id"])
    return view, before, placed


def ring_pixels(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """White pixels just outside ``box`` on the board under the band."""
    x0, y0, x1, _y1 = box
    top = image.height - HEIGHT
    strip = image.crop((x0 - 6, top + y0 - 6, x1 + 6, top + y0 - 1)).convert("RGB")
    return sum(1 for x in range(strip.width) for y in range(strip.height)
               if strip.getpixel((x, y)) == WHITE)


def test_the_last_turns_changes_are_ringed_and_nothing_else() -> None:
    view, before, changed = before_blue_moved()
    same = next(s for s in view["shops"] if s["owner"] is not None and s["id"] != changed["id"])
    marked = render_board(view, before)
    plain = render_board(view)
    shop_box = cell_box(int(changed["x"]), int(changed["y"]), SHOP_INSET)
    other_box = cell_box(int(same["x"]), int(same["y"]), SHOP_INSET)
    assert ring_pixels(marked, shop_box) > 20
    assert ring_pixels(plain, shop_box) == 0
    assert ring_pixels(marked, other_box) == 0


def test_an_unchanged_board_marks_nothing() -> None:
    view = BOARDS["busy_4p"]()
    same = render_board(view, copy.deepcopy(view)).tobytes() == render_board(view).tobytes()
    assert same


def test_the_band_reads_in_the_preview() -> None:
    image = render_board(BOARDS["busy_4p"]())
    band = image.height - HEIGHT
    assert image.width == WIDTH
    assert band == band_height(WIDTH, 4, per_row=2)
    scale = PREVIEW_WIDTH / image.width
    # a title row and two rows of chips, each line at least the readable size once scaled
    assert band * scale >= 3 * READABLE_PX + 2 * preview_px(PREVIEW_WIDTH, 13)
    assert band / image.height >= 0.15


def test_golden_busy_4p_with_the_last_turn_ringed() -> None:
    view, before, _ = before_blue_moved()
    assert_matches_golden(render_board(view, before), "yspahan_board_busy_4p_changed", PALETTE)
