"""Raids, the end-of-round limit check, both end conditions, scoring and the round flow."""

from __future__ import annotations

from typing import Any

from games.targi import GAME
from games.targi.engine.state import TargiState
from games.targi.testing import (
    BLUE,
    WHITE,
    actions_phase,
    kind,
    legal,
    play,
    position,
    res,
    texts,
)


def end_of_round(round: int, **kw: Any) -> tuple[TargiState, list[str]]:
    """White started the round; Blue, acting second, ends the action phase."""
    kw.setdefault("start", WHITE)
    st = actions_phase(BLUE, round=round, figures={BLUE: [2]}, **kw)
    st, events = play(st, "end")
    return st, texts(events)


# ---- raids ---------------------------------------------------------------------------------


def test_raid_3_lists_every_goods_combination_and_the_vp_option() -> None:
    st, _ = end_of_round(9, resources={BLUE: res(d=3, s=3, p=3, vp=2), WHITE: res(d=5, vp=0)})
    # Blue now holds the starting token, so Blue is asked first.
    assert st.start == BLUE and kind(st) == "raid_payment"
    d = GAME.decision(st)
    assert d is not None and d.seat == BLUE
    assert len(legal(st)) == 10 + 1 and legal(st)[-1] == "pay vp"
    assert "pay DSP" in legal(st) and "pay PPP" in legal(st)
    st, _ = play(st, "pay DSP")
    # White holds only dates and no VP: its single payment is applied without a prompt.
    assert st.phase == "placement"
    assert st.res[BLUE][:5] == [2, 2, 2, 0, 2] and st.res[WHITE][:5] == [2, 0, 0, 0, 0]


def test_raid_prompts_go_starting_player_first_and_apply_together() -> None:
    st, _ = end_of_round(3, resources={BLUE: res(d=1, vp=1), WHITE: res(s=1, vp=1)})
    d = GAME.decision(st)
    assert d is not None and d.seat == BLUE and legal(st) == ["pay D", "pay vp"]
    st, events = play(st, "pay vp")
    assert st.res[BLUE][4] == 1  # nothing applied yet: White still to answer
    assert texts(events) == ["Raid 1: Blue paid 1 VP."], "said once, when chosen"
    d = GAME.decision(st)
    assert d is not None and d.seat == WHITE
    st, events = play(st, "pay S")
    assert texts(events)[0] == "Raid 1: White paid 1 salt."
    assert "Raid 1: Blue paid 1 VP." not in texts(events), "not said a second time"
    assert st.res[BLUE][4] == 0 and st.res[WHITE][1] == 0
    assert st.robber == 5 and st.round == 4


def test_raid_4_gold_only_is_applied_without_a_prompt() -> None:
    st, events = end_of_round(12, resources={BLUE: res(g=1, vp=2), WHITE: res(g=2, vp=2)})
    assert st.phase == "finished"
    assert "Raid 4: Blue paid 1 gold." in events and "Raid 4: White paid 1 gold." in events
    out = GAME.outcome(st)
    assert out is not None and "raid 4" in out.reason


def test_robber_path_over_twelve_rounds() -> None:
    st = GAME.new_game(2, 11)
    seen = {st.round: st.robber}
    while st.phase != "finished":
        d = GAME.decision(st)
        assert d is not None
        action = "end" if "end" in d.actions else d.actions[-1]
        st = GAME.apply(st, action)
        if st.phase in ("placement", "finished"):
            seen.setdefault(st.round, st.robber)
    assert seen == {
        1: 1, 2: 2, 3: 3, 4: 5, 5: 6, 6: 7, 7: 9, 8: 10, 9: 11, 10: 13, 11: 14, 12: 15, 13: 16
    }  # fmt: skip


# ---- limit check ---------------------------------------------------------------------------


def test_limit_returns_exactly_the_excess_one_good_at_a_time() -> None:
    st, _ = end_of_round(2, resources={BLUE: res(d=5, s=5, p=2, g=4), WHITE: res(d=11, g=3)})
    # White (the starting player) first: only dates, so returned automatically; gold kept.
    assert st.res[WHITE][:4] == [10, 0, 0, 3]
    assert kind(st) == "limit_return" and st.res[BLUE][3] == 3
    assert legal(st) == ["return D", "return S", "return P"]
    st, _ = play(st, "return P")
    assert kind(st) == "limit_return"
    st, events = play(st, "return P")
    assert st.res[BLUE][:3] == [5, 5, 0]
    assert kind(st) == "place_targi" and st.start == BLUE and st.round == 3
    assert "Blue took the starting-player token." in texts(events)


def test_limit_prompts_starting_player_first() -> None:
    st, _ = end_of_round(2, resources={BLUE: res(d=6, s=6), WHITE: res(d=6, s=6)})
    d = GAME.decision(st)
    assert d is not None and d.seat == WHITE
    st, _ = play(st, "return D", "return D")
    d = GAME.decision(st)
    assert d is not None and d.seat == BLUE


def test_within_limits_needs_no_prompt() -> None:
    st, events = end_of_round(2, resources={BLUE: res(d=4, s=3, p=3, g=3), WHITE: res()})
    assert kind(st) == "place_targi"
    assert not any("returned" in e for e in events)


# ---- end conditions ----------------------------------------------------------------------


def test_twelfth_card_by_the_second_player_ends_the_game_after_its_phase() -> None:
    eleven = [["TE1", "TE2", "TE3", "TE4"], ["OA1", "OA2", "OA3", "OA4"], ["CA1", "CA2", "CA3"]]
    st = actions_phase(
        WHITE, start=BLUE, round=6, display={WHITE: eleven}, markers={WHITE: ["C12"]},
        figures={WHITE: [3]}, cells={"C12": "CA4"}, resources={WHITE: res(s=1, g=1)},
    )  # fmt: skip
    st, _events = play(st, "use C12", "play", "end")
    assert st.phase == "finished"
    assert st.round == 6 and st.robber == 7  # no new round, no reveal
    out = GAME.outcome(st)
    assert out is not None and out.reason == "White placed a 12th tribe card."
    assert GAME.decision(st) is None and GAME.legal_actions(st) == []


def test_no_twelfth_card_end_without_a_full_display() -> None:
    st = actions_phase(
        BLUE, display={BLUE: [["TE1", "TE2", "TE3", "TE4"]]}, markers={BLUE: ["C12"]},
        cells={"C12": "CA4"}, resources={BLUE: res(s=1, g=1)},
    )  # fmt: skip
    st, _ = play(st, "use C12", "play", "row 2")
    assert not st.end_triggered


def test_outcome_breakdown_sums_to_the_score_and_names_categories() -> None:
    st = position(
        phase="finished", reason="test",
        display={BLUE: [["TE4", "TE1"]], WHITE: [["OA1"]]},
        resources={BLUE: res(vp=3), WHITE: res(vp=9)},
    )  # fmt: skip
    out = GAME.outcome(st)
    assert out is not None
    assert out.breakdown[BLUE] == {
        "VP tokens": 3, "Tribe cards": 3, "Card effects": 2, "Row bonuses": 0
    }  # fmt: skip
    assert out.scores == (8, 11) and out.winners == (WHITE,) and out.tiebreak is None
    assert GAME.provisional_scores(st, None) == (8, 11)


def test_action_phase_ends_automatically_when_no_piece_is_left() -> None:
    st = actions_phase(BLUE, figures={BLUE: [2], WHITE: [3]})
    st, events = play(st, "use 2")
    assert st.acting == WHITE and kind(st) == "action_menu"
    assert "White began their action phase." in texts(events)


def test_placement_alternates_from_the_starting_player() -> None:
    st = position(round=2, start=WHITE)
    seats = []
    for _ in range(6):
        d = GAME.decision(st)
        assert d is not None and d.kind == "place_targi"
        seats.append(d.seat)
        st = GAME.apply(st, d.actions[0])
    assert seats == [WHITE, BLUE] * 3
    assert kind(st) == "action_menu" and st.acting == WHITE


def test_state_copy_sets_every_slot_and_shares_no_mutable_part() -> None:
    st = actions_phase(BLUE, figures={BLUE: [2]}, display={BLUE: [["TE1"]]})
    twin = st.copy()
    for name in TargiState.__slots__:
        if name != "_dec":
            assert getattr(twin, name) == getattr(st, name), name
    twin.res[BLUE][0] += 5
    twin.display[BLUE][0].append("TE2")
    twin.border[2] = -1
    assert st.res[BLUE][0] != twin.res[BLUE][0]
    assert st.display[BLUE][0] == ["TE1"] and st.border[2] == BLUE


def test_apply_never_changes_its_input() -> None:
    st = actions_phase(BLUE, figures={BLUE: [2, 5]}, resources={BLUE: res(s=4)})
    before = GAME.to_json(st)
    GAME.apply(st, "use 2")
    GAME.apply(GAME.apply(st, "use 5"), "trade SS>P")
    assert GAME.to_json(st) == before
