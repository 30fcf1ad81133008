"""The Resafa board in the chat preview: it opens with a status band whose numbers still read
at 550 px, and it rings what the last turn changed, on the board and on each workshop area."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image

from games.resafa import render
from games.resafa.render import area, board, samples, water
from renderers.kit.preview import PREVIEW_WIDTH, band_height, ring_width
from tests.renderers.golden import assert_matches_golden, different_pixels

View = dict[str, Any]


def preview(image: Image.Image) -> Image.Image:
    """The picture as Discord shows it in the conversation."""
    height = round(image.height * PREVIEW_WIDTH / image.width)
    return image.convert("RGB").resize((PREVIEW_WIDTH, height), Image.Resampling.LANCZOS)


def band_part(image: Image.Image, seats: int) -> Image.Image:
    return image.crop((0, 0, image.width, round(band_height(board.WIDTH, seats)
                                                * image.width / board.WIDTH)))


@pytest.mark.parametrize("name", sorted(samples.BOARDS))
def test_the_board_opens_with_its_status_band(name: str) -> None:
    view = samples.BOARDS[name]()
    image = render.render_board(view)
    band = render.PALETTE.quantize(board.band(view))  # as posted, on the palette
    top = image.crop((0, 0, band.width, band.height))
    assert top.convert("RGB").tobytes() == band.convert("RGB").tobytes()
    assert band.height * PREVIEW_WIDTH / image.width >= 50  # a third of a phone's first screen


def test_one_coin_more_shows_in_the_band_at_preview_size() -> None:
    # Arrange: the same 4-seat board, once with one seat holding one more coin
    view = samples.saved("busy_4p")
    richer = copy.deepcopy(view)
    richer["players"][2]["coins"] += 1
    # Act
    before = band_part(preview(render.render_board(view)), 4)
    after = band_part(preview(render.render_board(richer)), 4)
    # Assert: at 550 px wide the band itself differs by a legible digit, not a stray pixel
    assert different_pixels(before, after) >= 30


def test_whose_turn_it_is_shows_in_the_band() -> None:
    view = samples.saved("busy_4p")
    other = copy.deepcopy(view)
    other["decision"]["seat"] = (view["decision"]["seat"] + 1) % 4
    assert "to move" in board.band_status(view)
    assert board.band_status(view) != board.band_status(other)
    assert different_pixels(band_part(render.render_board(view), 4),
                            band_part(render.render_board(other), 4)) > 0


def test_the_solo_band_names_the_result_once_the_game_is_over() -> None:
    view = samples.saved("end_solo")
    assert view["outcome"]["result"] in board.band_status(view)


def ring_pixel(space: tuple[int, int], image: Image.Image, seats: int) -> tuple[int, ...]:
    """The colour in the middle of the ring a changed network space would get."""
    x0, y0, _x1, _y1 = water.space_box(*space)
    half = ring_width(board.WIDTH) // 2
    pixel = image.convert("RGB").getpixel((x0 - half, y0 + 30 + band_height(board.WIDTH, seats)))
    assert isinstance(pixel, tuple)
    return pixel


def with_a_cube_moved(view: View) -> View:
    """``view`` with the water cube of network space 1-1 turned the other way."""
    moved = copy.deepcopy(view)
    space = next(s for s in moved["network"]["spaces"] if (s["row"], s["col"]) == (1, 1))
    space["cube"] = "inactive" if space.get("cube") == "active" else "active"
    return moved


def test_a_changed_network_space_is_ringed_and_the_band_says_so() -> None:
    # Arrange
    view = samples.saved("busy_4p")
    before = with_a_cube_moved(view)
    # Act
    plain = render.render_board(view)
    marked = render.render_board(view, before)
    same = render.render_board(view, view)
    # Assert: white ring around space 1-1 only when it changed; the band carries the legend
    assert ring_pixel((1, 1), marked, 4) == (255, 255, 255)
    assert ring_pixel((1, 1), plain, 4) != (255, 255, 255)
    assert same.tobytes() == plain.tobytes()
    assert different_pixels(band_part(marked, 4), band_part(plain, 4)) > 0


def test_an_undo_rings_the_same_place() -> None:
    view = samples.saved("busy_4p")
    later = with_a_cube_moved(view)
    assert ring_pixel((1, 1), render.render_board(later, view), 4) == (255, 255, 255)


def test_a_garden_placed_last_turn_is_ringed_on_its_workshop_area() -> None:
    # Arrange: Violet placed a large garden on e6 in the saved turn
    view, before = samples.TURNS["turn_4p"]()
    seat = next(p["seat"] for p in view["players"] if p["label"] == "Violet")
    # Act
    marked = render.render_area(view, seat, previous=before).convert("RGB")
    plain = render.render_area(view, seat).convert("RGB")
    # Assert
    x0, y0, _x1, _y1 = area.cell_box(4, 5)  # e6
    half = ring_width(area.WIDTH) // 2
    assert marked.getpixel((x0 - half, y0 + 30)) == (255, 255, 255)
    assert plain.getpixel((x0 - half, y0 + 30)) != (255, 255, 255)
    others = [p["seat"] for p in view["players"] if p["seat"] != seat]
    unchanged = [s for s in others
                 if render.render_area(view, s, previous=before).tobytes()
                 == render.render_area(view, s).tobytes()]
    assert unchanged, "a seat whose area did not change is not ringed"


def test_the_ringed_turn_matches_its_goldens() -> None:
    view, before = samples.TURNS["turn_4p"]()
    assert_matches_golden(render.render_board(view, before), "resafa_board_turn_4p_ringed",
                          render.PALETTE)
    seat = next(p["seat"] for p in view["players"] if p["label"] == "Violet")
    assert_matches_golden(render.render_area(view, seat, previous=before),
                          "resafa_area_turn_4p_violet_ringed", render.PALETTE)


def solo_in_play(score: int) -> View:
    """A solo game in its fourth round, its player holding ``score`` points."""
    view = copy.deepcopy(samples.saved("end_solo"))
    view["outcome"] = None
    view["round"] = 4
    view["players"][0]["score"] = score
    view["solo_bands"] = [{"from": 130, "result": "Legendary merchant"},
                          {"from": 110, "result": "Master merchant"},
                          {"from": 90, "result": "Trader"}, {"from": 0, "result": "Apprentice"}]
    return view


def band_words(view: View) -> str:
    """Everything the band says: its status and each chip's words."""
    status, chips = board.band_says(view)
    return " · ".join([status, *(f"{c.label} · {c.detail} {c.score}" for c in chips)])


def test_the_solo_band_says_which_result_the_score_reaches_now_and_the_next_one() -> None:
    # Arrange: the same solo game at 89 and at 90 points, on either side of a band's floor
    below, above = solo_in_play(89), solo_in_play(90)
    # Act
    said_below, said_above = band_words(below), band_words(above)
    # Assert: the band names the result reached and what the next one needs
    assert "Apprentice now" in said_below and "Trader at 90" in said_below
    assert "Trader now" in said_above and "Master merchant at 110" in said_above
    assert different_pixels(band_part(preview(render.render_board(below)), 2),
                            band_part(preview(render.render_board(above)), 2)) >= 30


def test_the_best_solo_band_names_no_next_one() -> None:
    said = band_words(solo_in_play(140))
    assert "Legendary merchant now" in said and " at 1" not in said
