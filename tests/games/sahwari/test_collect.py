"""Step 2: collecting an artifact, a recruit or a caravan (spec 6.2, 7, 9, 10)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import IllegalAction
from games.sahwari import GAME
from games.sahwari.engine.data import ACTIVE, CUBES_TOTAL, POS_INDEX
from games.sahwari.engine.state import SahwariState
from games.sahwari.testing import (
    ORANGE,
    at,
    kind,
    legal,
    play,
    position,
    texts,
    with_caravan,
)

P1A = 2  # camel index of Orange's camel with three players (G1, G2, P1a, P2a, P3a)


def collecting(tile: str, items: str, **kw: Any) -> SahwariState:
    """Orange's camel has just moved onto ``tile`` holding ``items``; step 2 is asked."""
    camels = {"P1a": tile, **kw.pop("camels", {})}
    return position(step="collect", clear=True, camels=camels,
                    tiles={tile: ("resource", items)}, moves=1, moved=P1A,
                    mend=POS_INDEX[tile], mdir="E", **kw)


def test_one_option_per_kind_and_per_caravan() -> None:
    st = collecting("B2", "A A P c01 c02")
    assert legal(st) == ["take cube", "take pawn", "take c01", "take c02"]


def test_a_cube_goes_to_storage_or_an_empty_artifact_space() -> None:
    # Merchant's sheet is Ochre|Indigo; R01 is Ochre|Ochre: L1|CLAN is an artifact space.
    st = collecting("B2", "A", rows={ORANGE: ["R01", "CLAN"]})
    st, _ = play(st, "take cube")
    assert legal(st) == ["cube storage", "cube L1|CLAN"]
    st, _ = play(st, "cube L1|CLAN")
    assert st.junc[ORANGE] == (ACTIVE,)
    assert st.store[ORANGE] == 0


def test_a_cube_on_a_space_triggers_both_effects_in_the_order_chosen() -> None:
    # R02 (right edge Spyglass) | R01 (left edge Chest): L2|L1 is flanked by two actions.
    st = collecting("B2", "A c01", rows={ORANGE: ["R02", "R01", "CLAN"]})
    st, _ = play(st, "take cube", "cube L2|L1")
    assert kind(st) == "order"
    assert legal(st) == ["first spyglass", "first chest"]
    supply = st.supply
    st, _ = play(st, "first chest")
    assert st.supply == supply - 1  # the chest's cube is being placed
    assert kind(st) == "place_cube"
    st, _ = play(st, "cube storage")
    assert "c01" in st.known[ORANGE]  # the spyglass had one target, B2, and looked at it


def test_a_cube_with_no_room_is_discarded_to_the_supply() -> None:
    st = collecting("B2", "A", storage={ORANGE: 6})
    supply = st.supply
    st, events = play(st, "take cube")
    assert st.supply == supply + 1
    assert any("no room for the cube" in t for t in texts(events))


def test_a_recruit_goes_on_the_track_and_brings_a_market_card_at_either_end() -> None:
    st = collecting("B2", "P", market=["R13", "R20", "R30", "R31"])
    st, _ = play(st, "take pawn")
    assert st.pawns[ORANGE] == 1
    assert kind(st) == "recruit_card"
    assert "card R13 left" in legal(st) and "card R13 right" in legal(st)
    st, _ = play(st, "card R20 right")
    assert st.row[ORANGE] == ("CLAN", "R20")
    assert "R20" not in st.market  # refilled only at the end of the turn


def test_a_card_in_the_middle_of_the_row_is_refused_with_the_reason() -> None:
    st = collecting("B2", "P", rows={ORANGE: ["R01", "CLAN", "R02"]})
    st, _ = play(st, "take pawn")
    card = st.market[0]
    with pytest.raises(IllegalAction, match="far left or the far right end"):
        GAME.parse(st, f"card {card} L1|CLAN")
    with pytest.raises(IllegalAction, match="never in the middle"):
        GAME.parse(st, f"card {card} middle")


def test_matching_colours_open_an_artifact_space_and_mismatches_are_dead() -> None:
    # Merchant: Ochre left edge. R01 (Ochre|Ochre) matches; R25 (Indigo|Crimson) does not.
    st = collecting("B2", "P", market=["R01", "R25", "R30", "R31"])
    st, _ = play(st, "take pawn", "card R01 left")
    assert st.junc[ORANGE] == (1,)  # empty artifact space
    st = collecting("B2", "P", market=["R01", "R25", "R30", "R31"])
    st, _ = play(st, "take pawn", "card R25 left")
    assert st.junc[ORANGE] == (0,)  # dead junction


def test_a_recruit_taken_with_a_full_track_leaves_the_game_but_a_card_is_still_taken() -> None:
    st = collecting("B2", "P", pawns={ORANGE: 5})
    st, events = play(st, "take pawn")
    assert st.pawns[ORANGE] == 5
    assert kind(st) == "recruit_card"
    assert any("leaves the game" in t for t in texts(events))


def test_a_caravan_is_looked_at_privately_then_used_now_or_kept() -> None:
    st = with_caravan(collecting("B2", "c01"), "c01", "Y05")
    step = GAME.step(st, "take c01")
    private = [e for e in step.events if e.audience is not None]
    assert private and private[0].audience == (ORANGE,)
    assert "+2" in private[0].text
    assert all("+2" not in e.text for e in step.events if e.audience is None)
    assert step.revealed
    st = step.state
    assert legal(st) == ["use", "keep"]
    st, _ = play(st, "keep")
    assert st.cars[ORANGE] == ("c01",) and "c01" not in st.faceup


def test_a_kept_caravan_can_be_revealed_in_a_later_window_of_the_same_turn() -> None:
    st = with_caravan(collecting("B2", "c01 A"), "c01", "B08")  # +2 and gain a recruit card
    st, _ = play(st, "take c01", "keep")
    assert kind(st) == "abilities" and "reveal c01" in legal(st)
    st, _ = play(st, "reveal c01")
    assert "c01" in st.used
    assert kind(st) == "recruit_card"


def test_no_collection_when_the_tile_was_emptied_before_step_2() -> None:
    """UNCERTAIN (spec 6.2): a tile emptied in window W1 is not collected from."""
    st = position(step="w1", clear=True, camels={"P1a": "B2", "P2a": "B1"},
                  tiles={"B2": ("resource", "c01")}, strategy={ORANGE: 1},
                  moves=1, moved=P1A, mend=POS_INDEX["B2"], mdir="E")
    st, _ = play(st, "attack", "attack B2 caravan c01")
    assert at(st, "B2") == ()
    assert kind(st) == "guild_camel"  # the window closed by itself and step 2 was skipped
    assert st.cars[ORANGE] == ()


def test_the_cube_supply_is_limited() -> None:
    st = collecting("B2", "c01", supply=0)
    st = with_caravan(st, "c01", "Y07")  # chest
    st, _ = play(st, "take c01", "use")
    assert st.store[ORANGE] == 0  # an empty supply gives nothing
    assert CUBES_TOTAL == 40


def test_more_artifact_spaces_than_a_menu_holds_are_chosen_side_first() -> None:
    # A chain of 32 cards whose touching edges all match, right of the Merchant's Indigo edge.
    chain = ["R04", "R05", "R06", "R15", "R01", "R02", "R03", "R13", "R16", "R14", "R25",
             "R07", "R08", "R09", "R19", "R17", "R20", "R18", "R27", "R26", "R28", "R29",
             "R10", "R11", "R12", "R23", "R21"]
    st = collecting("B2", "A", rows={ORANGE: ["CLAN", *chain]}, market=["R30", "R31"])
    st, _ = play(st, "take cube")
    assert legal(st) == ["cube storage", "cube right"]
    st, _ = play(st, "cube right")  # 27 spaces: a page of 23, then the rest
    assert len(legal(st)) == 25 and legal(st)[1] == "cube CLAN|R1"
    assert legal(st)[-1] == "cube more"
    st, _ = play(st, "cube more")
    assert legal(st) == ["cube storage", "cube R23|R24", "cube R24|R25", "cube R25|R26",
                         "cube R26|R27"]
    st, _ = play(st, "cube R25|R26")
    assert st.junc[ORANGE][25] == ACTIVE
