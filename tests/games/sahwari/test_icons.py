"""Every token icon (spec 4), reached by revealing a caravan in an ability window."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import IllegalAction
from games.sahwari import GAME
from games.sahwari.engine.state import SahwariState
from games.sahwari.testing import (
    ORANGE,
    PURPLE,
    at,
    camel_at,
    kind,
    legal,
    play,
    position,
    with_caravan,
)


def revealing(face: str, **kw: Any) -> SahwariState:
    """Orange in window W0, owning face-down caravan c01 showing ``face``."""
    caravans = {ORANGE: ["c01"], **kw.pop("caravans", {})}
    st = position(step="w0", caravans=caravans, **kw)
    return with_caravan(st, "c01", face)


def test_influence_circles_do_nothing_in_play_and_count_at_the_end() -> None:
    st = revealing("B01")  # +5
    before = GAME.provisional_scores(st, ORANGE)[ORANGE]
    assert GAME.provisional_scores(st, PURPLE)[ORANGE] == before - 5  # Purple has not seen it
    st, _ = play(st, "reveal c01")
    assert kind(st) == "move"  # nothing to resolve, and the window had nothing else
    assert GAME.provisional_scores(st, PURPLE)[ORANGE] == before


def test_red_circles_lose_influence() -> None:
    st = revealing("B15")  # -4
    assert GAME.provisional_scores(st, ORANGE)[ORANGE] == (
        GAME.provisional_scores(st, None)[ORANGE] - 4
    )


def test_the_meeple_takes_a_market_card_without_a_pawn() -> None:
    st = revealing("Y11", market=["R01", "R02", "R03", "R04"])
    st, _ = play(st, "reveal c01")
    assert kind(st) == "recruit_card"
    st, _ = play(st, "card R03 left")
    assert st.row[ORANGE] == ("R03", "CLAN") and st.pawns[ORANGE] == 0
    assert st.market == ("R01", "R02", "R04")


def test_the_x4_meeple_refreshes_the_market() -> None:
    st = revealing("Y16", market=["R01", "R02", "R03", "R04"])
    step = GAME.step(st, "reveal c01")
    assert step.state.discard[-4:] == ("R01", "R02", "R03", "R04")
    assert len(step.state.market) == 4 and not set(step.state.market) & {"R01", "R02"}
    assert step.revealed


def test_the_spyglass_looks_at_a_tile_or_an_opponent_privately() -> None:
    st = revealing("Y09", caravans={PURPLE: ["c05"]})
    st, _ = play(st, "reveal c01")
    assert kind(st) == "spyglass"
    assert "spy Purple" in legal(st) and "spy Orange" not in legal(st)
    step = GAME.step(st, "spy Purple")
    assert "c05" in step.state.known[ORANGE]
    private = [e for e in step.events if e.audience]
    assert private and private[0].audience == (ORANGE,) and "c05" in private[0].text
    public = [e.text for e in step.events if e.audience is None]
    assert any("spyglass on Purple's caravans" in t for t in public)


def test_a_spyglass_peek_at_ones_own_caravan_is_refused_with_the_reason() -> None:
    st = revealing("Y09", caravans={ORANGE: ["c01", "c02"], PURPLE: ["c05"]})
    st, _ = play(st, "reveal c01")
    with pytest.raises(IllegalAction, match="your own caravans you know already"):
        GAME.parse(st, "spy orange")
    with pytest.raises(IllegalAction, match="your own caravans you know already"):
        GAME.parse(st, "spy c02")


def test_a_peek_lasts_wherever_the_caravan_goes() -> None:
    st = revealing("Y09", clear=True, tiles={"A1": ("resource", "c07")})
    st, _ = play(st, "reveal c01")  # the only target, A1, is looked at at once
    assert "c07" in st.known[ORANGE]
    view = GAME.view(st, ORANGE)
    assert [c["handle"] for c in view["private"]["spied"]] == ["c07"]
    assert view["map"][0]["items"][0]["face"] is not None
    assert GAME.view(st, PURPLE)["map"][0]["items"][0]["face"] is None


def test_the_chest_gives_a_cube_from_the_supply() -> None:
    st = revealing("Y07")
    supply = st.supply
    st, _ = play(st, "reveal c01")
    assert st.supply == supply - 1 and st.store[ORANGE] == 1  # storage was the only place


def test_the_bird_takes_an_item_next_to_a_guild_camel() -> None:
    st = revealing("Y14", clear=True, camels={"G1": "B2", "G2": "E5"},
                   tiles={"A2": ("resource", "A P"), "B3": ("resource", "A"),
                          "A1": ("resource", "A"), "E4": "desert"})
    st, _ = play(st, "reveal c01")
    assert legal(st) == ["bird A2", "bird B3"]  # A1 is diagonal: not reachable
    st, _ = play(st, "bird A2")
    assert legal(st) == ["take cube", "take pawn"]
    st, _ = play(st, "take pawn")
    assert at(st, "A2") == ("A",) and st.pawns[ORANGE] == 1


def test_the_bowl_takes_a_caravan_from_anywhere_on_the_map() -> None:
    st = revealing("Y15", clear=True, tiles={"E5": ("resource", "c09 A")})
    st, _ = play(st, "reveal c01")  # the only caravan on the map
    assert "c09" in st.cars[ORANGE] and at(st, "E5") == ("A",)
    assert kind(st) == "use_caravan"


def test_the_tornado_moves_any_camel_to_a_tile_without_camels() -> None:
    st = revealing("Y13", camels={"P2a": "B2", "P1a": "D4"})
    st, _ = play(st, "reveal c01")
    assert set(legal(st)) == {"tornado G1", "tornado G2", "tornado P1a", "tornado P2a"}
    st, _ = play(st, "tornado P2a")
    assert "to C3" not in legal(st) and "to D4" not in legal(st)  # occupied tiles
    assert "to B2" not in legal(st)  # it must leave its tile
    st, _ = play(st, "to A1")
    assert camel_at(st, "P2a") == "A1"


def test_crossed_swords_give_a_strategy_token() -> None:
    st = revealing("Y18")
    st, _ = play(st, "reveal c01")
    assert st.strat[ORANGE] == 1


def test_a_caravan_with_one_action_and_influence_resolves_the_action() -> None:
    st = revealing("B06")  # +2 and crossed swords: one action only, no order to choose
    st, _ = play(st, "reveal c01")
    assert st.strat[ORANGE] == 1
