"""The STAND-IN tribe-card effects of spec 6.3, one behaviour each."""

from __future__ import annotations

from typing import Any

from games.targi import GAME
from games.targi.engine.data import TRIBE_CARDS, check_tables
from games.targi.engine.state import TargiState
from games.targi.testing import (
    BLUE,
    WHITE,
    actions_phase,
    cards,
    kind,
    legal,
    play,
    position,
    res,
    texts,
)


def play_from_centre(card: str, resources: list[int], **kw: Any) -> TargiState:
    st = actions_phase(
        BLUE, figures={BLUE: [2]}, markers={BLUE: ["C12"]}, cells={"C12": card},
        resources={BLUE: resources}, **kw,
    )  # fmt: skip
    st, _ = play(st, "use C12", "play")
    return st


def test_tables_have_the_counts_of_the_spec() -> None:
    check_tables()
    assert all(t.effect is None or t.effect.stand_in for t in TRIBE_CARDS.values())


def test_i_goods2_offers_six_combinations() -> None:
    st = play_from_centre("OA5", res(d=1, s=2))
    assert kind(st) == "display_row"
    st, _ = play(st, "row 2")
    assert legal(st) == ["take DD", "take SS", "take PP", "take DS", "take DP", "take SP"]
    st, _ = play(st, "take DP")
    assert st.res[BLUE][:3] == [1, 0, 1]
    assert st.display[BLUE][1] == ["OA5"]


def test_immediate_gold_set_and_vp() -> None:
    st, events = play(play_from_centre("CA9", res(d=2, s=1)), "row 1")
    assert st.res[BLUE][:4] == [0, 0, 0, 1]
    assert "Camel CA9 gave Blue 1 gold." in texts(events)
    st, _ = play(play_from_centre("OA9", res(s=1, p=1, g=1)), "row 1")
    assert st.res[BLUE][:4] == [1, 1, 1, 0]
    st, _ = play(play_from_centre("TA7", res(d=1, g=1, vp=0)), "row 1")
    assert st.res[BLUE][4] == 2


def test_p_border_adds_a_good_on_matching_border_cards_only() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [2, 3, 13]}, display={BLUE: [["OA6"]]}, resources={BLUE: res()},
        goods_top=("GD1",),
    )  # fmt: skip
    st, events = play(st, "use 2", "use 3", "use 13")
    assert st.res[BLUE][:3] == [2 + 1, 1, 0]  # date border +2, salt +1, Caravan date +1 only
    assert "(+1 from a card effect)" in texts(events)[0]


def test_p_silver_adds_one_vp_per_copy() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [10]}, display={BLUE: [["OA8", "TA9"]]},
        resources={BLUE: res(g=1, vp=0)},
    )  # fmt: skip
    st, _ = play(st, "use 10", "silver G")
    assert st.res[BLUE][4] == 2 + 2
    st = actions_phase(
        BLUE, figures={BLUE: [10, 2]}, display={BLUE: [["OA8"]]}, resources={BLUE: res(g=1)}
    )
    st, _ = play(st, "use 10", "silver none")
    assert st.res[BLUE][4] == 0  # no exchange, no bonus


def test_p_trader_allows_two_goods_for_one_gold() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [5]}, display={BLUE: [["WE8"]]}, resources={BLUE: res(p=2)}
    )
    st, _ = play(st, "use 5")
    assert "trade PP>G" in legal(st)
    st, _ = play(st, "trade PP>G")
    assert st.res[BLUE][2:4] == [0, 1]
    plain = actions_phase(BLUE, figures={BLUE: [5]}, resources={BLUE: res(p=2)})
    plain, _ = play(plain, "use 5")
    assert "trade PP>G" not in legal(plain)


def test_p_caravan_reveals_two_and_discards_both() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [13, 2]}, display={BLUE: [["CA8"]]}, resources={BLUE: res()},
        goods_top=("GAU1", "GX2"),
    )  # fmt: skip
    st, _events = play(st, "use 13")
    assert legal(st) == ["choose GAU1", "choose GX2"]
    assert GAME.view(st, WHITE)["revealed"][1]["id"] == "GX2"  # both public
    st, _ = play(st, "choose GX2", "take S")
    assert st.res[BLUE][:4] == [0, 1, 0, 0]
    assert st.goods_discard[-2:] == ["GAU1", "GX2"]


def test_p_expansion_reveals_two_and_resolves_one() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [14, 2]}, display={BLUE: [["TA8"]]}, resources={BLUE: res()},
        tribe_top=("WE1", "WE2"),
    )  # fmt: skip
    st, _ = play(st, "use 14", "choose WE2")
    assert st.tribe_discard[-1] == "WE1"
    assert legal(st) == ["hand", "discard"]
    st, _ = play(st, "hand")
    assert st.hand[BLUE] == "WE2"


def test_p_discount_omits_one_good_and_asks_only_when_there_is_a_choice() -> None:
    st = play_from_centre("CA2", res(d=1, p=1, s=2), display={BLUE: [["TE9"]]})  # 1D+1P+2S
    assert kind(st) == "discount"
    assert legal(st) == ["omit D", "omit S", "omit P", "omit none"]
    st, _ = play(st, "omit S", "row 2")
    assert st.res[BLUE][:3] == [0, 1, 0]
    # Only the discounted cost is payable: no prompt at all.
    st = play_from_centre("CA2", res(d=1, p=1, s=1), display={BLUE: [["TE9"]]})
    st, _ = play(st, "row 1")
    assert st.res[BLUE][:3] == [0, 0, 0] and st.display[BLUE][0] == ["TE9", "CA2"]


def test_p_discount_never_reduces_gold_and_not_for_itself() -> None:
    st = play_from_centre("CA5", res(g=1), display={BLUE: [["TE9"]]})  # cost 1 gold
    assert kind(st) == "display_row"
    st = actions_phase(
        BLUE, figures={BLUE: [2]}, markers={BLUE: ["C12"]}, cells={"C12": "TE9"},
        resources={BLUE: res(s=1, d=1, p=1)},
    )  # fmt: skip
    st, _ = play(st, "use C12")
    assert "play" not in legal(st)  # TE9 costs 1S + 1D + 2P in full


def test_p_raid_starts_protecting_once_in_the_display() -> None:
    st = actions_phase(
        BLUE, round=3, start=WHITE, figures={BLUE: [2]}, markers={BLUE: ["C12"]},
        cells={"C12": "CA7"}, resources={BLUE: res(d=2, g=1, vp=3), WHITE: res(d=1, vp=0)},
    )  # fmt: skip
    st, events = play(st, "use C12", "play", "row 1", "end")  # round 3 ends: raid 1 follows
    assert "Raid 1: Blue was protected and gave nothing." in texts(events)
    assert "Raid 1: White paid 1 date." in texts(events)
    assert st.res[BLUE][:5] == [2, 0, 0, 0, 3]
    assert GAME.view(st, None)["players"][BLUE]["raid_protected"] is True


def test_end_of_game_effects() -> None:
    display = [["OA4", "OA1", "OA2", "OA3"], ["CA1", "WE1", "TE7", "TA5"], []]
    st = position(
        phase="finished", reason="test", display={BLUE: display}, resources={BLUE: res(g=3)}
    )
    out = GAME.outcome(st)
    assert out is not None
    # E-TYPE (oasis): 4 oasis cards; E-ROWS: 2 full rows; E-GOLD: 3 gold held
    assert out.breakdown[BLUE]["Card effects"] == 4 + 2 + 3
    variety = position(
        phase="finished", reason="test",
        display={BLUE: [["OA7", "CA1", "WE1", "TE1"], ["TA1"]]},
    )  # fmt: skip
    out = GAME.outcome(variety)
    assert out is not None and out.breakdown[BLUE]["Card effects"] == 2
    assert out.breakdown[BLUE]["Row bonuses"] == 2  # OASIS, CAMEL, WELL, TENT: 4 different
    assert len(cards(variety, BLUE)) == 5


def test_immediate_effect_goods_can_pay_for_a_later_card_the_same_phase() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [2]}, markers={BLUE: ["C12", "C21"]},
        cells={"C12": "WE6", "C21": "CA5"}, resources={BLUE: res(d=1, g=1)},
    )  # fmt: skip
    st, _ = play(st, "use C12", "play", "row 1")  # WE6 costs 1D + 1G, gives 1 gold
    assert st.res[BLUE][3] == 1
    st, _ = play(st, "use C21")
    assert "play" in legal(st)
