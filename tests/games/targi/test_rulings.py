"""One test per ruling R1-R19 of the Targi spec, section 14."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import IllegalAction
from games.targi import GAME
from games.targi.engine.state import TargiState
from games.targi.testing import (
    BLUE,
    WHITE,
    actions_phase,
    cards,
    cell,
    is_face_up,
    kind,
    legal,
    play,
    position,
    res,
    texts,
)


def next_round(**kw: Any) -> tuple[TargiState, list[str]]:
    """End the second player's action phase of a round and run into the next round."""
    kw.setdefault("start", WHITE)
    st = actions_phase(BLUE, figures={BLUE: [2]}, **kw)
    st, events = play(st, "end")
    return st, texts(events)


def test_r1_figure_opposite_the_robber_is_allowed() -> None:
    st = position(round=4)  # robber on #5
    assert "place 15" in legal(st)
    assert "place 5" not in legal(st)


def test_r2_figure_opposite_own_figure_is_allowed_and_gives_one_intersection() -> None:
    st = position(round=2, start=BLUE)  # robber on #2
    st, _ = play(st, "place 1", "place 3")
    assert "place 11" in legal(st)
    st, events = play(st, "place 11", "place 9", "place 6", "place 7")
    assert [c for c in st.markers[BLUE]] == [3]  # C21 only
    assert "Blue placed tribe marker on C21." in texts(events)


def test_r3_opposite_opponent_figure_is_forbidden() -> None:
    st = position(round=3, start=BLUE)  # robber on #3
    st, _ = play(st, "place 2")
    assert "place 10" not in legal(st)
    with pytest.raises(IllegalAction, match=r"Card #10 is opposite Blue's figure on #2\."):
        GAME.parse(st, "place 10")
    # Either direction: White's figure on #11 now closes #1 to Blue.
    st, _ = play(st, "place 11")
    assert "place 1" not in legal(st)
    assert "opposite White's figure on #11" in GAME.explain_illegal(st, "place 1")


def test_r4_corners_are_never_placeable() -> None:
    st = position(round=2)
    for corner in (4, 8, 12, 16):
        assert f"place {corner}" not in legal(st)
        assert "raid corner" in GAME.explain_illegal(st, f"place {corner}")


def test_r5_noble_is_blocked_by_the_robber_in_round_1() -> None:
    st = GAME.new_game(2, 3)
    assert st.robber == 1
    assert "place 1" not in legal(st)
    assert "holds the robber" in GAME.explain_illegal(st, "place 1")


def test_r6_hand_card_taken_this_round_cannot_use_the_noble() -> None:
    st = actions_phase(BLUE, round=8, figures={BLUE: [1, 14]}, tribe_top=("OA1",))
    st, _ = play(st, "use 14", "hand")
    assert st.hand[BLUE] == "OA1"
    st, events = play(st, "use 1")
    assert "Blue used #1 Noble with no eligible hand card; nothing happened." in texts(events)
    assert st.hand[BLUE] == "OA1"


def test_r7_raid_protection_covers_every_later_raid() -> None:
    # Raid 2 (start of round 7): Blue holds CA5 (P-RAID), White pays.
    st, events = next_round(
        round=6,
        display={BLUE: [["CA5"]]},
        resources={BLUE: res(d=5, vp=5), WHITE: res(d=0, vp=0)},
    )
    assert "Raid 2: Blue was protected and gave nothing." in events
    assert st.res[BLUE][:5] == [5, 0, 0, 0, 5 + 1]  # White could not pay: Blue still gains
    assert "Raid 2: White could not pay; Blue gained 1 VP." in events


def test_r8_no_limit_while_acting_only_at_the_round_end_check() -> None:
    st = actions_phase(
        BLUE, start=WHITE, figures={BLUE: [2, 3]}, resources={BLUE: res(d=9, s=4, g=6)}
    )
    st, _ = play(st, "use 2")
    assert st.res[BLUE][:4] == [10, 4, 0, 6]  # 14 goods, 6 gold mid-round: allowed
    assert kind(st) == "action_menu"
    st, _ = play(st, "use 3")
    # The last piece was used, so the round ended and the limit check began.
    assert kind(st) == "limit_return"
    assert st.res[BLUE][3] == 3  # gold returned automatically


def test_r9_face_down_replacements_are_unusable_and_not_fata_targets() -> None:
    st = actions_phase(
        BLUE,
        figures={BLUE: [9]},
        markers={BLUE: ["C11", "C33"]},
        cells={"C11": "GAU1"},
    )
    st, _ = play(st, "use C11")
    assert not is_face_up(st, "C11")
    assert "fata C33>C11" not in legal(play(st, "use 9")[0])
    view = GAME.view(st, WHITE)
    assert view["centre"][0]["card"] is None and view["centre"][0]["back"] == "tribe"


def test_r10_silversmith_makes_exactly_one_exchange() -> None:
    st = actions_phase(BLUE, figures={BLUE: [10, 2]}, resources={BLUE: res(d=4, g=2)})
    st, _ = play(st, "use 10", "silver GG")
    assert kind(st) == "action_menu"
    assert st.res[BLUE][:5] == [4, 0, 0, 0, 4]
    assert "use 10" not in legal(st)


def test_r11_trader_chains_exchanges_but_never_same_kind_or_gold() -> None:
    st = actions_phase(BLUE, figures={BLUE: [5, 2]}, resources={BLUE: res(s=5, p=1, g=3)})
    st, _ = play(st, "use 5")
    options = legal(st)
    assert "trade SS>S" not in options
    assert not any(o.startswith("trade G") for o in options)
    st, _ = play(st, "trade SS>P", "trade SSS>G")
    assert kind(st) == "trader"
    assert "different kind" in GAME.explain_illegal(st, "trade PP>P")
    assert "Gold can never be exchanged" in GAME.explain_illegal(st, "trade G>D")


def test_r12_tribe_card_while_hand_is_full_can_only_be_played_or_discarded() -> None:
    st = actions_phase(
        BLUE,
        round=3,
        figures={BLUE: [14]},
        markers={BLUE: ["C12"]},
        hand={BLUE: ("TA1", 2)},
        cells={"C12": "OA1"},
        resources={BLUE: res(p=1, g=1)},
    )
    st, _ = play(st, "use C12")
    assert legal(st) == ["play", "discard", "leave"]
    with pytest.raises(IllegalAction, match="Only one tribe card may be held"):
        GAME.parse(st, "hand")


def test_r13_starting_player_twelfth_card_lets_the_second_player_act() -> None:
    eleven = [["TE1", "TE2", "TE3", "TE4"], ["OA1", "OA2", "OA3", "OA4"], ["CA1", "CA2", "CA3"]]
    st = actions_phase(
        BLUE,
        round=5,
        display={BLUE: eleven},
        markers={BLUE: ["C12"]},
        figures={BLUE: [2], WHITE: [3]},
        cells={"C12": "WE4"},
        resources={BLUE: res(s=1, g=1)},
    )
    st, events = play(st, "use C12", "play")
    assert len(cards(st, BLUE)) == 12 and st.end_triggered
    assert "Blue placed a 12th tribe card" in " ".join(texts(events))
    st, _ = play(st, "end")
    assert st.phase == "actions" and st.acting == WHITE
    assert legal(st) == ["use 3", "skip 3", "end"]
    salt = st.res[WHITE][1]
    st, _ = play(st, "use 3")
    assert st.res[WHITE][1] == salt + 1
    assert st.phase == "finished" and st.reason == "Blue placed a 12th tribe card."


def test_r14_raid_4_is_resolved_before_the_game_ends() -> None:
    st, _ = next_round(round=12, resources={BLUE: res(g=2, vp=5), WHITE: res(g=0, vp=1)})
    assert st.phase == "raid"  # Blue has a choice: 1 gold or 3 VP
    assert legal(st) == ["pay G", "pay vp"]
    st, more = play(st, "pay G")
    assert st.phase == "finished" and st.round == 13
    assert "Raid 4: Blue paid 1 gold." in texts(more)
    assert "Raid 4: White could not pay; Blue gained 3 VP." in texts(more)
    assert st.res[BLUE][3:] == [1, 8]
    assert GAME.outcome(st) is not None


def test_r15_raid_nobody_can_pay_gives_the_opponent_the_vp() -> None:
    st, events = next_round(round=3, resources={BLUE: res(vp=2), WHITE: res(vp=0)})
    # Raid 1: Blue has no good but 2 VP -> pays 1 VP; White has nothing -> Blue gains 1 VP.
    assert st.res[BLUE][4] == 2 and st.res[WHITE][4] == 0
    assert "Raid 1: White could not pay; Blue gained 1 VP." in events


def test_r16_tie_breaks_gold_then_goods_then_draw() -> None:
    base: dict[str, Any] = {"phase": "finished", "reason": "test", "display": {BLUE: [], WHITE: []}}
    st = position(resources={BLUE: res(g=3, vp=5), WHITE: res(g=2, d=9, vp=5)}, **base)
    out = GAME.outcome(st)
    assert out is not None and out.winners == (BLUE,) and out.tiebreak == "gold"
    st = position(resources={BLUE: res(g=2, d=1, vp=5), WHITE: res(g=2, s=2, vp=5)}, **base)
    out = GAME.outcome(st)
    assert out is not None and out.winners == (WHITE,) and out.tiebreak == "goods"
    st = position(resources={BLUE: res(g=2, d=2, vp=5), WHITE: res(g=2, s=2, vp=5)}, **base)
    out = GAME.outcome(st)
    assert out is not None and out.winners == (BLUE, WHITE) and out.tiebreak is None


def test_r17_marker_moved_by_fata_morgana_can_be_used_later_in_the_phase() -> None:
    st = actions_phase(
        BLUE,
        figures={BLUE: [9, 2]},
        markers={BLUE: ["C13"]},
        cells={"C22": "GSS"},
    )
    st, _ = play(st, "use 9", "fata C13>C22")
    assert "use C22" in legal(st) and "skip C22" in legal(st)
    st, _ = play(st, "use 2")  # another action first
    salt = st.res[BLUE][1]
    st, _ = play(st, "use C22")
    assert st.res[BLUE][1] == salt + 2


def test_r18_unused_pieces_return_and_their_cards_are_untouched() -> None:
    st = actions_phase(BLUE, figures={BLUE: [5, 13]}, markers={BLUE: ["C12"]}, cells={"C12": "OA1"})
    before_deck = list(st.goods_deck)
    st, _ = play(st, "end")
    assert st.border[5] == -1 and st.border[13] == -1
    assert st.figures[BLUE] == [] and st.markers[BLUE] == []
    assert cell(st, "C12") == "OA1" and is_face_up(st, "C12")
    assert st.goods_deck == before_deck
    assert st.acting == WHITE


def test_r19_hand_and_carry_over_limits_hold_despite_card_effects() -> None:
    effects = [["WE8", "OA8", "TE9", "CA8"], ["TA8", "CA5", "OA6", "WE5"]]
    st = actions_phase(
        BLUE,
        start=WHITE,
        round=4,
        display={BLUE: effects},
        hand={BLUE: ("TA1", 2)},
        figures={BLUE: [14]},
        resources={BLUE: res(d=6, s=6, p=2, g=7)},
        tribe_top=("WE1", "WE2"),
    )
    st, _ = play(st, "use 14", "choose WE1")
    assert "hand" not in legal(st)
    st, _ = play(st, "discard")
    assert kind(st) == "limit_return"  # 14 goods of several kinds
    assert st.res[BLUE][3] == 3
    for _ in range(4):
        st, _ = play(st, legal(st)[0])
    assert sum(st.res[BLUE][:3]) == 10
