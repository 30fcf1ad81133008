"""The Sahwari board in the chat preview: the status band that opens it, and the rings around
what changed since the board the table last saw."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image

from games.sahwari import SPEC as SAHWARI
from games.sahwari.render import board, samples
from renderers.kit import palette as pal
from renderers.kit.fit import watch_shortening
from renderers.kit.preview import PREVIEW_WIDTH, ring_width
from tests.renderers.golden import assert_matches_golden

WHITE = (255, 255, 255)


def ring_at(picture: Image.Image, box: tuple[int, int, int, int]) -> bool:
    """Whether a changed-place ring runs along the left edge of ``box`` (a tile's)."""
    x0, y0, _x1, y1 = box
    pixel = picture.convert("RGB").getpixel((x0 + ring_width(board.WIDTH) // 2, (y0 + y1) // 2))
    return pixel == WHITE


def tile_of(view: dict[str, Any], pos: str) -> tuple[int, int, int, int]:
    return board.tile_box("ABCDE".index(pos[0]), int(pos[1]) - 1, len(view["players"]))


@pytest.mark.parametrize("name", sorted(samples.TURNS))
def test_a_board_with_the_last_boards_view_matches_its_golden(name: str) -> None:
    view, before = samples.TURNS[name]()
    picture = SAHWARI.render_board(view, before)
    assert_matches_golden(picture, f"sahwari_board_{name}_ringed", SAHWARI.render_module().PALETTE)


def test_a_moved_camel_rings_both_tiles_and_nothing_else() -> None:
    # Arrange: the last board had a camel one tile away from where it stands now
    view = samples.saved("busy_4p")
    camel = next(c for c in view["camels"] if c["pos"] == "E2")
    before = copy.deepcopy(view)
    next(c for c in before["camels"] if c["id"] == camel["id"])["pos"] = "E1"
    # Act
    ringed = SAHWARI.render_board(view, before)
    plain = SAHWARI.render_board(view)
    # Assert: the two tiles are ringed, a tile nobody touched is not, and without the last
    # board's view nothing is
    assert ring_at(ringed, tile_of(view, "E2")) and ring_at(ringed, tile_of(view, "E1"))
    assert not ring_at(ringed, tile_of(view, "A1"))
    assert not ring_at(plain, tile_of(view, "E2"))
    assert ringed.crop((0, 0, board.WIDTH, board.band_h(4))) != plain.crop(
        (0, 0, board.WIDTH, board.band_h(4)))  # the band's "changed" legend


def test_the_same_board_draws_no_rings() -> None:
    view = samples.saved("busy_4p")
    assert SAHWARI.render_board(view, copy.deepcopy(view)) == SAHWARI.render_board(view)


def test_a_new_market_card_and_a_taken_caravan_are_ringed() -> None:
    view = samples.saved("busy_4p")
    before = copy.deepcopy(view)
    before["market"][1] = {**before["market"][1], "id": "R99"}
    owner = before["players"][2]
    taken = owner["caravans"].pop()
    ringed = SAHWARI.render_board(view, before).convert("RGB")
    x0, y0, _x1, _y1 = board.market_slot(4, 1)
    assert ringed.getpixel((x0 - ring_width(board.WIDTH) // 2, y0 + 50)) == WHITE
    assert ringed.getpixel((x0 - 200, y0 + 50)) != WHITE  # the first card stayed
    top = board.clan_parts(view["players"][2], board.player_boxes(4)[2])["top"]
    assert ringed.getpixel((top[0] + 40, top[1] - ring_width(board.WIDTH) // 2)) == WHITE
    assert taken["handle"]


def test_the_band_reads_in_the_chat_preview() -> None:
    # Arrange: a 4-player board (the tallest band) shrunk to the width Discord shows
    view = samples.saved("busy_4p")
    picture = SAHWARI.render_board(view).convert("RGB")
    scale = PREVIEW_WIDTH / picture.width
    shown = picture.resize((PREVIEW_WIDTH, round(picture.height * scale)), Image.Resampling.BOX)
    # Act: the title's letters ("SAHWARI" in the turn colour) in the shrunk band
    band = shown.crop((0, 0, PREVIEW_WIDTH, round(board.band_h(4) * scale)))
    near = [
        (x, y) for y in range(band.height) for x in range(band.width // 4)
        if all(abs(a - b) <= 40 for a, b in zip(band.getpixel((x, y)), pal.HIGHLIGHT,
                                                strict=True))
    ]
    # Assert: capitals at least 8 preview pixels tall (type of 11 px or more), and the band
    # is a real part of the picture, not a strip
    rows = {y for _, y in near}
    assert max(rows) - min(rows) + 1 >= 8
    assert band.height >= 0.15 * shown.height


def test_the_status_band_says_whose_turn_and_how_near_the_end_is() -> None:
    view = samples.saved("busy_4p")
    words = board.status_words(view)
    assert words.startswith("Turn 31 · Pink: ")
    assert words.endswith("ends in 12 more tiles")
    chips = board.seat_statuses(view)
    hidden = next(p for p in view["players"] if not p["score_complete"])
    assert chips[hidden["seat"]].score == f"{hidden['score']}+?"
    assert [c.to_move for c in chips] == [p["seat"] == 2 for p in view["players"]]
    end = samples.saved("end_4p")
    assert board.status_words(end) == "Game over · Pink wins"
    assert not any(c.to_move for c in board.seat_statuses(end))


def test_a_long_step_is_said_shorter_rather_than_cut() -> None:
    view = samples.saved("busy_4p")
    view["turn"]["step_label"] = "Move: choose where the camel stops after the Explorer's move"
    words = board.status_words(view)
    assert words == "Turn 31 · Pink: Abilities · ends in 12 more tiles"  # the phase instead
    view["turn"]["step_label"] = "Collect"
    assert board.status_words(view) == "Turn 31 · Pink: Collect · ends in 12 more tiles"
    with watch_shortening() as cut:
        SAHWARI.render_board(view, samples.saved("busy_4p"))
    assert cut == []
