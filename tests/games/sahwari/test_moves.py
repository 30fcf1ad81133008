"""Step 1 and step 3: moving a camel, re-entry, blocking, the Explorer, guild camels
(spec 6.1, 6.3), and the bad moves that are refused with the rule's reason."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.sahwari import GAME
from games.sahwari.testing import (
    ORANGE,
    at,
    camel_at,
    kind,
    legal,
    play,
    position,
)


def test_a_camel_stops_at_the_first_free_tile_with_resources() -> None:
    st = position(step="move", clear=True, camels={"P1a": "B1"},
                  tiles={"B2": ("resource", "A"), "B3": ("resource", "A")})
    assert "move B1 E" in legal(st)
    st, _ = play(st, "move B1 E")
    assert camel_at(st, "P1a") == "B2"  # not B3: it cannot jump the first resource tile
    assert at(st, "B2") == ()  # the one cube was collected (a single option is taken at once)
    assert st.store[ORANGE] == 1


def test_desert_is_passed_over_and_never_a_stop() -> None:
    st = position(step="move", clear=True, camels={"P1a": "B1"},
                  tiles={"B2": "desert", "B3": "desert", "B4": ("resource", "P")})
    st, _ = play(st, "move B1 E")
    assert camel_at(st, "P1a") == "B4"


def test_moving_through_an_opponent_on_a_resource_tile_is_refused_with_the_reason() -> None:
    st = position(step="move", clear=True, camels={"P1a": "B1", "P2a": "B3"},
                  tiles={"B2": "desert", "B3": ("resource", "A"), "B4": ("resource", "A")})
    assert "move B1 E" not in legal(st)
    with pytest.raises(IllegalAction, match="cannot pass P2a on the resource tile B3"):
        GAME.parse(st, "move b1 e")


def test_an_opponent_on_desert_blocks_too() -> None:
    st = position(step="move", clear=True, camels={"P1a": "B1", "P2a": "B2"},
                  tiles={"B2": "desert", "B3": ("resource", "A")})
    with pytest.raises(IllegalAction, match="cannot pass P2a on the desert B2"):
        GAME.parse(st, "move B1 E")


def test_opponents_on_oases_and_the_guild_tile_are_passed_and_shared() -> None:
    st = position(step="move", clear=True, camels={"P1a": "B1", "P2a": "B2"},
                  tiles={"B2": "oasis", "B3": ("resource", "A")})
    st, _ = play(st, "move B1 E")
    assert kind(st) == "destination"
    assert legal(st) == ["stop B2", "stop B3"]  # the oasis is an optional stop, shared


def test_stopping_on_desert_is_refused_with_the_reason() -> None:
    st = position(step="move", clear=True, camels={"P1a": "B1"},
                  tiles={"B2": "oasis", "B3": "desert", "B4": ("resource", "A")})
    st, _ = play(st, "move B1 E")
    assert legal(st) == ["stop B2", "stop B4"]
    with pytest.raises(IllegalAction, match="never stop on desert"):
        GAME.parse(st, "stop B3")


def test_the_guild_tile_with_items_is_a_mandatory_shared_stop() -> None:
    st = position(step="move", clear=True, camels={"P1a": "C1", "P2a": "C3"},
                  tiles={"C2": "desert", "C3": ("guild", "A"), "C4": ("resource", "A")})
    st, _ = play(st, "move C1 E")
    assert camel_at(st, "P1a") == "C3"
    assert st.store[ORANGE] == 1  # collected the Guild tile's cube


def test_an_empty_guild_tile_is_an_optional_stop() -> None:
    st = position(step="move", clear=True, camels={"P1a": "C1"},
                  tiles={"C2": "desert", "C4": ("resource", "A")})
    st, _ = play(st, "move C1 E")
    assert legal(st) == ["stop C3", "stop C4"]


def test_off_map_camels_enter_on_the_guild_tile_or_an_oasis_first() -> None:
    st = position(step="enter", clear=True, camels={"P1a": None},
                  tiles={"A1": "oasis", "A3": ("resource", "A"), "C1": ("resource", "A")})
    assert kind(st) == "enter"
    assert legal(st) == ["enter A1", "enter C3"]
    st, _ = play(st, "enter A1")
    assert camel_at(st, "P1a") == "A1"
    assert kind(st) == "move"


def test_with_no_legal_move_a_camel_leaves_the_map_and_nothing_is_collected() -> None:
    st = position(step="move", clear=True, camels={"P1a": "A1", "P2a": "A2", "P3a": "B1"},
                  tiles={"A2": ("resource", "A"), "B1": ("resource", "A")})
    assert kind(st) == "no_move"
    st, events = play(st, "off A1")
    assert camel_at(st, "P1a") is None
    assert st.store[ORANGE] == 0
    assert any("no legal move" in e.text for e in events)


def test_two_own_camels_pass_each_other_but_never_share_a_resource_tile() -> None:
    st = position(players=2, step="move", clear=True,
                  camels={"P1a": "B1", "P1b": "B2", "P2a": None, "P2b": None},
                  tiles={"B2": ("resource", "A"), "B3": ("resource", "A")})
    st, _ = play(st, "move B1 E")
    assert camel_at(st, "P1a") == "B3"


def test_the_explorer_moves_twice_never_straight_back_and_collects_only_at_the_end() -> None:
    st = position(step="move", clear=True, leaders={ORANGE: "explorer"},
                  camels={"P1a": "B1"},
                  tiles={"B2": ("resource", "A"), "A2": ("resource", "P"),
                         "C2": ("resource", "A")})
    st, _ = play(st, "move B1 E")
    assert kind(st) == "second_move"
    assert "move B2 W" not in legal(st)  # straight back
    assert set(legal(st)) >= {"move B2 N", "move B2 S", "stay"}
    st, _ = play(st, "move B2 S")
    assert camel_at(st, "P1a") == "C2"
    assert at(st, "B2") == ("A",)  # nothing taken where the first move ended
    assert st.store[ORANGE] == 1


def test_the_explorer_may_stay_and_collect_after_one_move() -> None:
    st = position(step="move", clear=True, leaders={ORANGE: "explorer"},
                  camels={"P1a": "B1"},
                  tiles={"B2": ("resource", "A"), "A2": ("resource", "P")})
    st, _ = play(st, "move B1 E", "stay")
    assert st.store[ORANGE] == 1


def test_a_guild_camel_may_stop_on_free_desert_and_must_move() -> None:
    st = position(step="guild", clear=True, camels={"G1": "A1", "G2": "E5"},
                  tiles={"A2": "desert", "A3": "desert", "A4": ("resource", "A")})
    assert "guild G1 E" in legal(st)
    st, _ = play(st, "guild G1 E")
    assert legal(st) == ["stop A2", "stop A3", "stop A4"]
    st, _ = play(st, "stop A3")
    assert camel_at(st, "G1") == "A3"


def test_guild_camels_are_blocked_by_every_camel() -> None:
    st = position(step="guild", clear=True, camels={"G1": "A1", "G2": "E5", "P1a": "A2"},
                  tiles={"A2": "desert", "A3": ("resource", "A")})
    assert "guild G1 E" not in legal(st)
