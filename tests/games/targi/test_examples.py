"""The worked examples 1-12 of the Targi spec, section 14A, as regression cases."""

from __future__ import annotations

from typing import Any

from games.targi import GAME
from games.targi.engine.data import CELLS
from games.targi.engine.state import TargiState
from games.targi.testing import (
    BLUE,
    WHITE,
    actions_phase,
    cell,
    is_face_up,
    kind,
    legal,
    marker,
    play,
    position,
    res,
    texts,
)


def cells_of(st: TargiState, seat: int) -> list[str]:
    return [CELLS[i] for i in sorted(st.markers[seat])]


def test_example_1_two_intersections_each() -> None:
    st = position(round=4, start=BLUE)  # robber on #5
    st, _ = play(st, "place 2")
    assert "place 10" not in legal(st)  # opposite Blue #2, closed to White
    st, _ = play(st, "place 1")
    assert "place 11" not in legal(st)
    st, _ = play(st, "place 6")
    assert "place 10" not in legal(st) and "place 14" not in legal(st)
    st, _ = play(st, "place 7")
    assert "place 11" not in legal(st) and "place 13" not in legal(st)
    st, _ = play(st, "place 9")
    assert {"place 10", "place 14", "place 3"}.isdisjoint(legal(st))
    assert "place 15" in legal(st)  # its opposite #5 holds the robber, which does not block
    st, events = play(st, "place 15")
    assert cells_of(st, BLUE) == ["C22", "C23"]
    assert cells_of(st, WHITE) == ["C11", "C31"]
    assert kind(st) == "action_menu" and st.acting == BLUE
    assert "White placed tribe markers on C11 and C31." in texts(events)


def test_example_2_own_figures_opposite_each_other_give_one_marker() -> None:
    st = position(round=2, start=WHITE)  # robber on #2
    st, _ = play(st, "place 1", "place 3", "place 11", "place 9", "place 6", "place 13")
    assert cells_of(st, WHITE) == ["C21"]
    assert cells_of(st, BLUE) == ["C33"]


def test_example_3_no_intersection_no_marker() -> None:
    st = position(round=5, start=BLUE)  # robber on #6
    st, events = play(st, "place 2", "place 5", "place 3", "place 7", "place 11", "place 14")
    assert cells_of(st, BLUE) == []
    assert "Blue had no intersection and placed no tribe marker." in texts(events)
    assert legal(st) == ["use 2", "use 3", "use 11", "skip 2", "skip 3", "skip 11", "end"]


def test_example_4_raid_2_with_a_failure_bonus() -> None:
    st = actions_phase(
        BLUE,
        round=6,
        start=WHITE,
        figures={BLUE: [10]},
        resources={BLUE: res(s=1, vp=3), WHITE: res(vp=0)},
    )
    st, events = play(st, "end")
    assert st.res[BLUE] == [0, 1, 0, 0, 3]
    assert st.res[WHITE] == [0, 0, 0, 0, 0]
    assert "Raid 2: Blue paid 1 VP." in texts(events)
    assert "Raid 2: White could not pay; Blue gained 1 VP." in texts(events)
    assert st.robber == 9 and st.round == 7
    assert "place 9" not in legal(st)


def _example_5(**kw: Any) -> TargiState:
    return actions_phase(
        WHITE,
        round=6,
        hand={WHITE: ("TA1", 5)},
        figures={WHITE: [1]},
        markers={WHITE: ["C12"]},
        cells={"C12": "OA1"},
        resources={WHITE: res(d=1, p=2, g=2)},
        **kw,
    )


def test_example_5_order_a_noble_first_frees_the_hand() -> None:
    st = _example_5()
    st, _ = play(st, "use 1")
    assert legal(st) == ["play", "discard", "keep"]
    st, _ = play(st, "play", "row 1")  # TA1: 1D + 1P + 1G
    assert st.hand[WHITE] is None
    st, _ = play(st, "use C12")
    assert "hand" in legal(st)
    st, _ = play(st, "hand")
    assert st.hand[WHITE] == "OA1"


def test_example_5_order_b_marker_first_with_a_full_hand() -> None:
    st = _example_5()
    st, _ = play(st, "use C12")
    assert legal(st) == ["play", "discard", "leave"]
    st, _ = play(st, "leave")
    assert cell(st, "C12") == "OA1" and is_face_up(st, "C12")
    st, _ = play(st, "use 1")
    assert legal(st) == ["play", "discard", "keep"]


def test_example_6_card_taken_into_hand_waits_for_a_later_round() -> None:
    st = actions_phase(BLUE, round=8, figures={BLUE: [14, 1]}, tribe_top=("OA2",))
    st, _ = play(st, "use 14", "hand")
    st, events = play(st, "use 1")
    assert st.hand[BLUE] == "OA2" and st.hand_since[BLUE] == 8
    assert "no eligible hand card" in texts(events)[0]
    later = actions_phase(
        BLUE, round=9, figures={BLUE: [1]}, hand={BLUE: ("OA2", 8)}, resources={BLUE: res()}
    )
    later, _ = play(later, "use 1")
    assert kind(later) == "noble" and legal(later) == ["discard", "keep"]


def test_example_7_trader_chain() -> None:
    st = actions_phase(WHITE, figures={WHITE: [5, 2]}, resources={WHITE: res(s=5, p=1)})
    st, _ = play(st, "use 5", "trade SS>P")
    assert st.res[WHITE][:4] == [0, 3, 2, 0]
    st, _ = play(st, "trade SSS>G")
    assert st.res[WHITE][:4] == [0, 0, 2, 1]
    st, events = play(st, "trade PP>D")
    assert st.res[WHITE][:4] == [1, 0, 0, 1]
    assert "White traded 2 pepper for 1 date." in texts(events)
    assert kind(st) == "action_menu"  # nothing left to trade: the session closed itself


def test_example_8_silversmith_offers_exactly_one_of_four_exchanges() -> None:
    st = actions_phase(BLUE, figures={BLUE: [10, 2]}, resources={BLUE: res(d=4, g=2, vp=0)})
    st, _ = play(st, "use 10")
    assert legal(st) == ["silver DD", "silver DDDD", "silver G", "silver GG", "silver none"]
    st, _ = play(st, "silver DDDD")
    assert st.res[BLUE] == [0, 0, 0, 2, 3]
    assert kind(st) == "action_menu" and "use 10" not in legal(st)


def test_example_9_replacement_is_face_down_until_phase_5() -> None:
    st = actions_phase(
        BLUE,
        round=3,
        figures={BLUE: [], WHITE: [9]},
        markers={BLUE: ["C11"], WHITE: ["C33"]},
        cells={"C11": "GAU1"},
        resources={BLUE: res(g=0), WHITE: res()},
    )
    st, _ = play(st, "use C11")
    assert st.res[BLUE][3] == 1 and st.goods_discard[-1] == "GAU1"
    replacement = cell(st, "C11")
    assert replacement is not None and not replacement.startswith("G")
    assert not is_face_up(st, "C11")
    assert st.acting == WHITE  # Blue had nothing left: its phase ended
    assert "use C11" not in legal(st)
    st, _ = play(st, "use 9")
    assert not any(">C11" in a for a in legal(st))
    st, events = play(st, "fata none", "skip C33")
    assert is_face_up(st, "C11")
    assert any(t.startswith("C11 (") and "turned face up" in t for t in texts(events))


def test_example_10_final_scoring() -> None:
    display = [
        ["TE1", "TE9", "TE6", "TE8"],  # four tents: +4
        ["OA1", "CA1", "WE2", "TA2"],  # four different symbols: +2
        ["CA5", "CA7", "OA9"],  # incomplete: 0
    ]
    st = position(
        phase="finished", reason="test", display={BLUE: display}, resources={BLUE: res(vp=6)}
    )
    out = GAME.outcome(st)
    assert out is not None
    assert out.breakdown[BLUE] == {
        "VP tokens": 6,
        "Tribe cards": 19,
        "Card effects": 0,
        "Row bonuses": 6,
    }
    assert out.scores[BLUE] == 31
    mixed = position(
        phase="finished", reason="test", display={BLUE: [["CA1", "CA2", "WE1", "OA1"]]}
    )
    out = GAME.outcome(mixed)
    assert out is not None and out.breakdown[BLUE]["Row bonuses"] == 0


def test_example_11_tie_break_on_goods() -> None:
    common: dict[str, Any] = {"phase": "finished", "reason": "test"}
    st = position(resources={BLUE: res(d=7, g=2, vp=31), WHITE: res(s=9, g=2, vp=31)}, **common)
    out = GAME.outcome(st)
    assert out is not None and out.scores == (31, 31)
    assert out.winners == (WHITE,) and out.tiebreak == "goods"
    st = position(resources={BLUE: res(d=9, g=2, vp=31), WHITE: res(s=9, g=2, vp=31)}, **common)
    out = GAME.outcome(st)
    assert out is not None and out.winners == (BLUE, WHITE)


def test_example_12_fata_morgana() -> None:
    st = position(round=5, start=BLUE, cells={"C23": "GD1", "C13": "OA1", "C22": "GSS"})
    st, _ = play(st, "place 9", "place 1", "place 15", "place 7", "place 14", "place 10")
    assert cells_of(st, BLUE) == ["C13", "C23"]
    assert cells_of(st, WHITE) == ["C31", "C32"]
    st, _ = play(st, "use C23")
    assert st.res[BLUE][0] == 3 and not is_face_up(st, "C23")
    st, _ = play(st, "use 9")
    assert legal(st) == [
        "fata C13>C11",
        "fata C13>C12",
        "fata C13>C21",
        "fata C13>C22",
        "fata C13>C33",
        "fata none",
    ]
    st, _ = play(st, "fata C13>C22")
    assert marker(st, "C22") == BLUE and marker(st, "C13") is None
    st, _ = play(st, "use 15", "use C22")
    assert st.res[BLUE][1] == 2 + 1 + 2
    assert cell(st, "C13") == "OA1" and is_face_up(st, "C13")
