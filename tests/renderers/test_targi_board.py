"""What a player sees on the Targi board and panel, probed pixel by pixel where it matters."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image, ImageStat

from games.core import discovery
from games.targi import SPEC as TARGI
from games.targi.render import board as targi
from games.targi.render import colours, samples, tiles
from renderers.kit import fit, layers
from renderers.kit import palette as pal
from renderers.kit.compose import grounds, parts

Box = tuple[int, int, int, int]


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=False))


def pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    r, g, b = image.convert("RGB").getpixel(xy)  # type: ignore[misc]
    return r, g, b


def mean(image: Image.Image, box: Box) -> tuple[float, ...]:
    return tuple(ImageStat.Stat(image.convert("RGB").crop(box)).mean)


def figure_body(number: int) -> tuple[int, int]:
    x, y = targi.figure_slot(number)
    return x + targi.FIGURE_SIZE // 2, y + round(targi.FIGURE_SIZE * 0.5)


def cell_box(row: int, col: int, inset: int = 0) -> Box:
    x, y = targi.cell_origin(row, col)
    return x + inset, y + inset, x + targi.CELL - inset, y + targi.CELL - inset


def test_figures_stand_on_their_cards_in_their_seat_colours() -> None:
    # mid game: Blue on #2, #6, #14; White on #3, #5, #13
    board = TARGI.render_board(samples.mid_game())
    empty = TARGI.render_board(samples.start_of_game())
    for number in (2, 6, 14):
        assert close(pixel(board, figure_body(number)), colours.seat_fill(0))
    for number in (3, 5, 13):
        assert close(pixel(board, figure_body(number)), colours.seat_fill(1))
    assert not close(pixel(empty, figure_body(2)), colours.seat_fill(0))
    assert not close(pixel(empty, figure_body(3)), colours.seat_fill(1))


def test_white_figure_has_a_dark_outline_so_it_reads_on_a_light_card() -> None:
    board = TARGI.render_board(samples.mid_game())
    x, y = targi.figure_slot(3)
    darkest = min(sum(pixel(board, (x + dx, y + 30))) for dx in range(targi.FIGURE_SIZE))
    assert darkest < 150


def test_the_robber_darkens_the_card_it_blocks() -> None:
    view = samples.mid_game()  # robber on #9
    moved = copy.deepcopy(view)
    moved["robber"] = 10
    for border in moved["border"]:
        border["robber"] = border["number"] == 10
    blocked = TARGI.render_board(view)
    free = TARGI.render_board(moved)
    x, y = targi.cell_origin(4, 3)  # card #9
    body = (x + 4, y + targi.BAND + 4, x + targi.CELL - 4, y + targi.CELL - 4)
    assert sum(mean(blocked, body)) < sum(mean(free, body)) - 40
    assert close(pixel(blocked, figure_body(9)), colours.ROBBER)


def test_tribe_markers_frame_their_central_cards_in_the_seat_colour() -> None:
    board = TARGI.render_board(samples.mid_game())
    x, y = targi.cell_origin(2, 2)  # C22 carries Blue's marker
    assert close(pixel(board, (x + 3, y + targi.CELL // 2)), colours.seat_fill(0), 30)
    x, y = targi.cell_origin(1, 2)  # C12 carries White's
    assert close(pixel(board, (x + 3, y + targi.CELL // 2)), colours.seat_fill(1), 30)
    x, y = targi.cell_origin(3, 1)  # C31: no marker, plain card edge
    assert not close(pixel(board, (x + 3, y + targi.CELL // 2)), colours.seat_fill(0), 30)


def test_face_down_cards_show_the_back_of_their_deck() -> None:
    board = TARGI.render_board(samples.mid_game())
    goods_back = mean(board, cell_box(1, 3, inset=14))  # C13: a face-down goods card
    tribe_back = mean(board, cell_box(2, 3, inset=14))  # C23: a face-down tribe card
    assert goods_back[0] > goods_back[2] + 40  # red back
    assert tribe_back[2] > tribe_back[0] + 40  # blue back


def test_the_deciding_players_panel_is_highlighted() -> None:
    board = TARGI.render_board(samples.mid_game())  # Blue decides
    blue_box, white_box = targi.PLAYER_BOXES
    assert close(pixel(board, (blue_box[0] + 1, blue_box[1] + 60)), pal.HIGHLIGHT, 20)
    assert not close(pixel(board, (white_box[0] + 1, white_box[1] + 60)), pal.HIGHLIGHT, 20)


def test_long_texts_are_cut_instead_of_spilling_out_of_their_boxes() -> None:
    view = samples.mid_game()
    for border in view["border"]:
        border["name"] = "Extraordinarily Long Card Name " * 3
        border["text"] = "An effect text that goes on and on without end. " * 10
    view["log"] = ["A sentence far too long for one line of the log box " * 6] * 10
    view["decision"]["prompt"] = "A prompt that rambles on " * 20
    plain = TARGI.render_board(samples.mid_game())
    wordy = TARGI.render_board(view)
    # the gaps between border cards and the margins of the boxes stay untouched
    for gap_x in (targi.GRID_X + targi.CELL + 1, targi.GRID_X + 4 * (targi.CELL + targi.GAP) - 2):
        strip = (gap_x, targi.GRID_Y, gap_x + 1, targi.GRID_Y + 5 * targi.CELL)
        assert wordy.crop(strip).tobytes() == plain.crop(strip).tobytes()
    x0, y0, x1, y1 = targi.LOG_BOX
    margin = (x1 - 12, y0 + 4, x1 - 4, y1 - 4)
    assert close(tuple(round(v) for v in mean(wordy, margin)), pal.PANEL, 2)
    x0, y0, x1, y1 = targi.PROMPT_BOX
    bottom = (x0 + 4, y1 - 3, x1 - 4, y1 - 2)
    assert close(tuple(round(v) for v in mean(wordy, bottom)), pal.PANEL, 2)


def test_no_text_on_the_board_or_panel_is_smaller_than_the_minimum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sizes: list[int] = []
    real_font = targi.font

    def spy(size: int, bold: bool = False) -> Any:
        sizes.append(size)
        return real_font(size, bold)

    monkeypatch.setattr(targi, "font", spy)
    monkeypatch.setattr(targi.lay, "font", spy)
    monkeypatch.setattr(fit, "font", spy)
    monkeypatch.setattr(tiles, "font", spy)
    targi.sprites.clear()  # card faces and the static layer must be drawn again, through the spy
    layers.clear()
    parts.clear()
    for build in samples.BOARDS.values():
        TARGI.render_board(build())
    for build in samples.PANELS.values():
        TARGI.render_panel(build())
    targi.sprites.clear()
    layers.clear()
    # what must read in the chat preview is in the status band; on the board opened full size,
    # a card's effect or an option's hint may shrink to 14 px to stay whole
    assert sizes and min(sizes) >= 14


def test_rendering_leaves_the_view_untouched() -> None:
    view = samples.mid_game()
    before = copy.deepcopy(view)
    TARGI.render_board(view)
    TARGI.render_panel(view)
    assert view == before


def test_the_static_layer_is_drawn_once_and_reused() -> None:
    layers.clear()
    grounds.clear()
    first = TARGI.render_board(samples.mid_game())
    second = TARGI.render_board(samples.mid_game())
    assert layers.misses == 1 and layers.hits == 1
    assert grounds.misses == 1 and grounds.hits == 1  # mapped onto the palette once too
    assert first.tobytes() == second.tobytes()


def test_an_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(discovery.UnknownGame, match="chess"):
        discovery.spec("chess")


def test_the_panel_belongs_to_the_deciding_seat_and_lists_every_option() -> None:
    trader = samples.many_actions()  # Blue, 13 options
    few = copy.deepcopy(trader)
    few["decision"]["options"] = few["decision"]["options"][:3]
    long_panel = TARGI.render_panel(trader)
    short_panel = TARGI.render_panel(few)
    assert close(pixel(long_panel, (500, 4)), colours.seat_fill(0))
    assert option_rows(long_panel) == 13
    assert option_rows(short_panel) == 3
    white = TARGI.render_panel(samples.placement_choice())
    assert close(pixel(white, (500, 4)), colours.seat_fill(1))


def option_rows(panel: Image.Image) -> int:
    """How many option boxes the panel's action column holds (runs of panel colour)."""
    x = targi.PANEL_LEFT_W + 20 + 4
    rows, inside = 0, False
    for y in range(70, panel.height):
        now = close(pixel(panel, (x, y)), pal.PANEL, 3)
        rows += now and not inside
        inside = now
    return rows


def test_a_spectator_panel_claims_no_seat() -> None:
    panel = TARGI.render_panel(samples.mid_game())  # no actions in the view
    assert close(pixel(panel, (500, 4)), pal.PANEL)


def test_costs_and_goods_read_as_icons() -> None:
    assert targi.cost_items([{"dates": 1, "pepper": 2}, {"dates": 1, "gold": 1}]) == [
        ("icon", "D"), ("gap", ""), ("icon", "P"), ("icon", "P"), ("text", "/"),
        ("icon", "D"), ("gap", ""), ("icon", "G"),
    ]
    assert targi.gives_items({"goods": {}, "choice": True}) == [
        ("icon", "D"), ("text", "/"), ("icon", "S"), ("text", "/"), ("icon", "P"),
    ]
    assert targi.gives_items({"goods": {"salt": 1, "pepper": 1}}) == [
        ("icon", "S"), ("icon", "P")]
    assert targi.gives_items({"goods": {"vp": 1}}) == [("icon", "VP")]
    assert targi.gives_items({"goods": {"dates": 2}}) == [("icon", "D"), ("icon", "D")]
    assert targi.option_items({"give": {"salt": 2}, "gain": {"pepper": 1}}) == [
        ("icon", "S"), ("icon", "S"), ("text", "→"), ("icon", "P"),
    ]
    assert targi.option_items({"give": {"vp": 2}}) == [("icon", "VP"), ("icon", "VP")]
    assert targi.option_items({"card": "CA1", "row": 2, "cost": {"dates": 1, "gold": 1}}) == [
        ("icon", "D"), ("icon", "G"),
    ]
    assert targi.option_items({"border": 5}) == []


def test_an_option_hint_comes_from_what_it_points_at() -> None:
    view = samples.placement_choice()
    assert targi.option_hint(view, {"border": 2}) == "Take 1 date."
    midgame = samples.mid_game()
    cell = next(e for e in midgame["centre"] if e["card"] and e["card"]["type"] == "tribe")
    card = cell["card"]
    hint = targi.option_hint(midgame, {"cell": cell["cell"], "card": card["id"]})
    assert hint.startswith(f"{card['vp']} VP")
    assert targi.option_hint(midgame, {"marker": "C21", "to": "C11"}) == ""


def test_boards_rendered_in_parallel_threads_match_one_rendered_alone() -> None:
    from concurrent.futures import ThreadPoolExecutor

    layers.clear()
    targi.sprites.clear()
    builds = [samples.start_of_game, samples.mid_game, samples.finished] * 4
    with ThreadPoolExecutor(max_workers=4) as pool:
        images = list(pool.map(lambda build: TARGI.render_board(build()), builds))
    for build, image in zip(builds, images, strict=True):
        assert image.tobytes() == TARGI.render_board(build()).tobytes()
