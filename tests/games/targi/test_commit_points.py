"""Commit points of a central tribe card (spec 8.4.1, 15.5).

The replacement for a used central cell is drawn from the goods deck only when the card's
resolution is finished, so every sub-decision before that step reveals nothing and may be undone.
"""

from __future__ import annotations

import json

from games.targi import GAME
from games.targi.engine.state import TargiState
from games.targi.testing import (
    BLUE,
    WHITE,
    actions_phase,
    cell,
    is_face_up,
    kind,
    res,
)
from games.targi.testing import check_cards as check


def centre(card: str, resources: list[int], **kw: object) -> TargiState:
    """Blue's action menu with a marker on C12 holding `card`; the next goods card is GDD.

    C23 (TE9 in this seed's deal) gets another card so TE9 may sit in a display.
    """
    return actions_phase(
        BLUE, figures={BLUE: [2]}, markers={BLUE: ["C12"]}, cells={"C12": card, "C23": "WE1"},
        resources={BLUE: resources}, goods_top=("GDD",), **kw,
    )  # fmt: skip


def steps(state: TargiState, *actions: str) -> tuple[TargiState, list[bool]]:
    """Apply `actions`, checking card conservation after each; returns the reversible flags."""
    flags = []
    for action in actions:
        step = GAME.step(state, action)
        state = step.state
        check(state)
        flags.append(step.reversible)
    return state, flags


def test_play_is_reversible_and_the_row_step_draws_the_replacement() -> None:
    st = centre("OA1", res(p=1, g=1))
    deck = len(st.goods_deck)
    st, flags = steps(st, "use C12", "play")
    assert flags == [True, True]
    assert kind(st) == "display_row"
    assert cell(st, "C12") is None and len(st.goods_deck) == deck  # nothing drawn yet
    assert [c["id"] for c in GAME.view(st, WHITE)["revealed"]] == ["OA1"]
    empty = GAME.view(st, None)["centre"][1]
    assert empty["card"] is None and empty["back"] == "goods"
    st, flags = steps(st, "row 2")
    assert flags == [False]
    assert st.display[BLUE][1] == ["OA1"]
    assert cell(st, "C12") == "GDD" and not is_face_up(st, "C12")  # the other type, face down
    assert len(st.goods_deck) == deck - 1


def test_undoing_play_returns_to_the_same_choice() -> None:
    before = centre("OA1", res(p=1, g=1))
    st, _ = steps(before, "use C12")
    undo_point = GAME.to_json(st)
    st, flags = steps(st, "play")
    assert flags == [True]
    # Undo = go back to the stored state; the player may now decide differently.
    again = GAME.from_json(json.loads(json.dumps(undo_point)))
    assert cell(again, "C12") == "OA1" and is_face_up(again, "C12")
    again, flags = steps(again, "discard")
    assert flags == [False] and cell(again, "C12") == "GDD"
    assert again.tribe_discard[-1] == "OA1"


def test_alt_and_omit_are_reversible_until_the_row() -> None:
    # TE6 costs 1D + (2P / 1G); with P-DISCOUNT (TE9) Blue can still choose what to omit.
    st = centre("TE6", res(d=1, p=2, g=1), display={BLUE: [["TE9"]]})
    st, flags = steps(st, "use C12", "play", "alt 1")
    assert flags == [True, True, True]
    assert kind(st) == "discount"
    st, flags = steps(st, "omit P")
    assert flags == [True] and kind(st) == "display_row"
    assert cell(st, "C12") is None
    # TE6 is I-GOODS2: the row is not the last step either; the goods choice finishes it.
    st, flags = steps(st, "row 2")
    assert flags == [True] and kind(st) == "goods_choice" and cell(st, "C12") is None
    st, flags = steps(st, "take DD")
    assert flags == [False]
    assert cell(st, "C12") == "GDD" and not is_face_up(st, "C12")
    assert st.res[BLUE][:4] == [2, 0, 1, 1]  # paid 1D + 1P (one pepper omitted), took DD


def test_immediate_effect_without_a_choice_draws_at_the_row() -> None:
    st = centre("CA9", res(d=2, s=1))  # I-GOLD
    st, flags = steps(st, "use C12", "play", "row 1")
    assert flags == [True, True, False]
    assert st.res[BLUE][3] == 1 and cell(st, "C12") == "GDD"


def test_hand_and_discard_draw_at_once() -> None:
    for action in ("hand", "discard"):
        st, flags = steps(centre("OA1", res()), "use C12", action)
        assert flags == [True, False]
        assert cell(st, "C12") == "GDD" and not is_face_up(st, "C12")


def test_a_single_row_play_finishes_at_play() -> None:
    full = [["TE2", "TE3", "TE4", "TE5"], ["TA1", "TA2", "TA3", "TA4"]]
    st = centre("OA1", res(p=1, g=1), display={BLUE: full})
    st, flags = steps(st, "use C12", "play")  # only row 3 is free: no row prompt
    assert flags == [True, False]
    assert st.display[BLUE][2] == ["OA1"] and cell(st, "C12") == "GDD"


def test_tribal_expansion_still_draws_at_use() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [14, 2]}, resources={BLUE: res(p=1, g=1)}, tribe_top=("OA1",)
    )
    cells_before = list(st.cells)
    st, flags = steps(st, "use 14", "play", "row 1")
    assert flags == [False, True, True]  # the reveal was the commit point
    assert st.cells == cells_before and st.display[BLUE][0] == ["OA1"]


def test_the_log_says_where_the_replacement_went() -> None:
    st = centre("OA1", res(p=1, g=1))
    step = GAME.step(GAME.apply(GAME.apply(st, "use C12"), "play"), "row 1")
    assert [e.text for e in step.events][-1] == "A face-down goods card was put on C12."
