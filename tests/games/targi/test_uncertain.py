"""Each UNCERTAIN reading of the Targi spec pinned by a test named after it.

If better data turns up and a reading changes, the matching test here is the one to update.
"""

from __future__ import annotations

from games.targi import GAME
from games.targi.engine.data import BORDER, GOODS_CARDS, TRIBE_CARDS
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
    res,
    texts,
)


def test_uncertain_goods_border_cards_give_one_good_of_their_kind() -> None:
    kinds = {n: BORDER[n].good for n in (2, 3, 6, 7, 11, 15)}
    assert kinds == {2: 0, 7: 0, 3: 1, 15: 1, 6: 2, 11: 2}  # dates, salt, pepper
    st = actions_phase(BLUE, figures={BLUE: [2, 3, 6]}, resources={BLUE: res()})
    st, events = play(st, "use 2", "use 3")
    assert st.res[BLUE][:3] == [1, 1, 0]
    assert "Blue used #2 Dates and took 1 date." in texts(events)


def test_uncertain_three_goods_card_gives_one_good_of_choice() -> None:
    st = actions_phase(BLUE, figures={BLUE: [2]}, markers={BLUE: ["C11"]}, cells={"C11": "GX1"})
    st, _ = play(st, "use C11")
    assert kind(st) == "goods_choice" and legal(st) == ["take D", "take S", "take P"]
    before = list(st.res[BLUE])
    st, _ = play(st, "take P")
    assert st.res[BLUE][2] == before[2] + 1 and sum(st.res[BLUE][:3]) == sum(before[:3]) + 1
    assert st.goods_discard[-1] == "GX1"


def test_uncertain_two_kind_goods_cards_give_both_goods() -> None:
    assert GOODS_CARDS["GPS"].gives == (0, 1, 1, 0)
    st = actions_phase(
        BLUE, figures={BLUE: [2]}, markers={BLUE: ["C11"]}, cells={"C11": "GPS"},
        resources={BLUE: res()},
    )  # fmt: skip
    st, _ = play(st, "use C11")
    assert st.res[BLUE][:3] == [0, 1, 1]


def test_uncertain_te6_and_ta6_slash_costs_are_date_plus_a_choice() -> None:
    assert TRIBE_CARDS["TE6"].costs == ((1, 0, 2, 0), (1, 0, 0, 1))
    assert TRIBE_CARDS["TA6"].costs == ((1, 2, 0, 0), (1, 0, 0, 1))
    st = actions_phase(
        BLUE, figures={BLUE: [2]}, markers={BLUE: ["C12"]}, cells={"C12": "TE6"},
        resources={BLUE: res(d=1, p=2, g=1)},
    )  # fmt: skip
    st, _ = play(st, "use C12", "play")
    assert kind(st) == "cost_alternative" and legal(st) == ["alt 1", "alt 2"]
    assert GAME.describe(st, "alt 2") == "Pay 1D + 1G"
    st, _ = play(st, "alt 2", "row 1")
    assert st.res[BLUE][:4] == [0, 0, 2, 0]
    assert kind(st) == "goods_choice"  # TE6's I-GOODS2


def test_uncertain_raid_has_no_partial_payment() -> None:
    # Raid 3 (3 goods or 2 VP): 2 goods and 1 VP cannot pay either option, so nothing is paid.
    st = actions_phase(
        BLUE, round=9, start=WHITE, figures={BLUE: [2]},
        resources={BLUE: res(d=2, vp=1), WHITE: res(d=3, vp=0)},
    )  # fmt: skip
    st, events = play(st, "end")
    assert st.res[BLUE][:5] == [2, 0, 0, 0, 1]
    assert st.res[WHITE][:5] == [0, 0, 0, 0, 2]
    assert "Raid 3: Blue could not pay; White gained 2 VP." in texts(events)


def test_uncertain_raid_is_evaluated_on_a_snapshot() -> None:
    # Both fail raid 1: each gains the other's VP, and neither gain could pay the raid.
    st = actions_phase(
        BLUE, round=3, start=WHITE, figures={BLUE: [2]},
        resources={BLUE: res(vp=0), WHITE: res(vp=0)},
    )  # fmt: skip
    st, events = play(st, "end")
    assert "Raid 1: Blue could not pay; White gained 1 VP." in texts(events)
    assert "Raid 1: White could not pay; Blue gained 1 VP." in texts(events)
    assert st.res[BLUE][4] == 1 and st.res[WHITE][4] == 1


def test_uncertain_declined_central_card_stays_in_place() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [2]}, markers={BLUE: ["C12", "C22"]},
        cells={"C12": "OA1", "C22": "GD1"},
    )  # fmt: skip
    decks = (len(st.goods_deck), len(st.tribe_deck))
    st, _ = play(st, "use C12", "leave", "skip C22")
    assert cell(st, "C12") == "OA1" and is_face_up(st, "C12")
    assert cell(st, "C22") == "GD1" and is_face_up(st, "C22")
    assert (len(st.goods_deck), len(st.tribe_deck)) == decks


def test_uncertain_fata_morgana_may_target_a_card_the_first_player_declined() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [2], WHITE: [9]}, markers={BLUE: ["C12"], WHITE: ["C33"]},
        cells={"C12": "OA1"},
    )  # fmt: skip
    st, _ = play(st, "skip C12", "end")
    assert st.acting == WHITE
    st, _ = play(st, "use 9")
    assert "fata C33>C12" in legal(st)


def test_uncertain_twelfth_card_player_finishes_own_remaining_actions() -> None:
    eleven = [["TE1", "TE2", "TE3", "TE4"], ["OA1", "OA2", "OA3", "OA4"], ["CA1", "CA2", "CA3"]]
    st = actions_phase(
        WHITE, start=BLUE, display={WHITE: eleven}, figures={WHITE: [14, 2]},
        markers={WHITE: ["C12"]}, cells={"C12": "CA4"}, tribe_top=("WE1",),
        resources={WHITE: res(d=3, s=3, g=3)},
    )  # fmt: skip
    st, _ = play(st, "use C12", "play")
    assert len(cards(st, WHITE)) == 12 and st.end_triggered
    assert kind(st) == "action_menu"  # White keeps acting
    st, _ = play(st, "use 14")
    assert legal(st) == ["hand", "discard"]  # no room to play it
    st, _ = play(st, "hand", "use 2")
    assert st.phase == "finished"


def test_uncertain_limit_check_happens_before_scoring_at_a_twelfth_card_end() -> None:
    eleven = [["TE1", "TE2", "TE3", "TE4"], ["OA1", "OA2", "OA3", "OA4"], ["CA1", "CA2", "CA3"]]
    st = actions_phase(
        WHITE, start=BLUE, display={WHITE: eleven}, markers={WHITE: ["C12"]},
        cells={"C12": "CA4"}, resources={WHITE: res(d=12, s=1, g=6)},
    )  # fmt: skip
    st, _ = play(st, "use C12", "play")  # pays 1 salt + 1 gold: 12 dates, 5 gold
    assert st.phase == "finished"  # only dates left: returned automatically
    assert st.res[WHITE][:4] == [10, 0, 0, 3]
    out = GAME.outcome(st)
    assert out is not None and out.tiebreak_values[WHITE] == {"gold": 3, "goods": 10}


def test_uncertain_tribe_deck_reshuffles_its_discard_pile_when_empty() -> None:
    st = actions_phase(BLUE, figures={BLUE: [14]}, tribe_deck=[], tribe_discard=["WE2", "WE3"])
    step = GAME.step(st, "use 14")
    assert "The tribe discard pile was shuffled into a new tribe deck." in [
        e.text for e in step.events
    ]
    assert step.state.revealed[0] in ("WE2", "WE3") and len(step.state.tribe_deck) == 1
    assert step.state.tribe_discard == [] and not step.reversible


def test_uncertain_goods_deck_reshuffle_leaves_out_the_first_revealed_card() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [13]}, display={BLUE: [["CA8"]]}, goods_deck=["GD1"],
        goods_discard=["GS1"],
    )  # fmt: skip
    st, _ = play(st, "use 13")
    assert st.revealed == ["GD1", "GS1"] and st.goods_deck == []
    assert legal(st) == ["choose GD1", "choose GS1"]


def test_uncertain_gold_and_vp_supply_is_unlimited() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [5, 10]}, resources={BLUE: res(d=30, g=9, vp=40)}
    )  # fmt: skip
    st, _ = play(st, "use 5", "trade DDD>G", "trade DDD>G", "done")
    assert st.res[BLUE][3] == 11
    st, _ = play(st, "use 10", "silver GG")
    assert st.res[BLUE][4] == 44


def test_uncertain_hand_cards_are_shown_to_both_players() -> None:
    st = actions_phase(BLUE, figures={BLUE: [2]}, hand={BLUE: ("TA3", 1)})
    for seat in (WHITE, None):
        view = GAME.view(st, seat)
        assert view["players"][BLUE]["hand"]["id"] == "TA3"
        assert view["players"][BLUE]["hand_since_round"] == 1


def test_uncertain_noble_start_of_round_restriction_is_kept() -> None:
    st = actions_phase(BLUE, round=4, figures={BLUE: [1]}, hand={BLUE: ("TA3", 4)})
    st, events = play(st, "use 1")
    assert "no eligible hand card" in texts(events)[0]
    assert st.hand[BLUE] == "TA3"
