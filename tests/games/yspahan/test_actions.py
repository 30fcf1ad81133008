"""The three options of a Tower space (spec 6.2-6.6): camels, gold, shops, Supervisor, card."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, NotationError
from games.yspahan import GAME
from games.yspahan.engine.data import CRANE, ENCLOSURE, HAMMAM, SHOP_B
from games.yspahan.testing import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    kind,
    legal,
    owner,
    play,
    position,
    seat,
    texts,
    where,
)

TOWER = {1: (3, 0, 2), 2: (2, 0, 3), 3: (1, 0, 4), 4: (1, 0, 5), 6: (2, 0, 6)}


def test_every_space_offers_its_action_the_supervisor_and_a_card() -> None:
    st = position(tower=TOWER)
    for g, word in ((1, "camels"), (2, "shops"), (6, "gold")):
        after, _ = play(st, f"group {g}")
        assert kind(after) == "option"
        assert legal(after) == [word, "supervisor", "card"]


def test_camels_take_one_per_die_plus_the_enclosure() -> None:
    st, events = play(position(tower=TOWER), "group 1", "camels")
    assert st.camels[BLUE] == 3 and "Blue took 3 camels." in texts(events)
    st, _ = play(position(tower=TOWER, built={BLUE: [ENCLOSURE]}), "group 1", "camels")
    assert st.camels[BLUE] == 4


def test_gold_takes_one_per_die_plus_two_with_the_shop_building() -> None:
    st, _ = play(position(tower=TOWER), "group 6", "gold")
    assert st.gold[BLUE] == 2 + 2
    st, _ = play(position(tower=TOWER, built={BLUE: [SHOP_B]}), "group 6", "gold")
    assert st.gold[BLUE] == 2 + 2 + 2


def test_option_c_draws_exactly_one_card_whatever_the_group() -> None:
    st, events = play(position(tower=TOWER, deck_top=("C4a",)), "group 1", "card")
    assert st.hands[BLUE] == ["C4a"] and st.camels[BLUE] == 0
    assert "Blue drew a card (option C)." in texts(events)


def test_option_c_is_not_offered_when_no_card_is_left() -> None:
    st, _ = play(position(tower=TOWER, deck=[], discard=[]), "group 1")
    assert "card" not in legal(st)
    with pytest.raises(IllegalAction, match="No card is left"):
        GAME.parse(st, "card")


# ---- supplying shops ------------------------------------------------------------------------


def test_cubes_go_one_at_a_time_into_the_matching_quarter() -> None:
    st, _ = play(position(tower=TOWER), "group 2", "shops")
    assert kind(st) == "place_cube" and st.left == 2
    assert all(a.startswith("cube SACK-") for a in legal(st))
    st, _ = play(st, "cube SACK-C1")
    # Rule 3: the next cube must continue the started souk.
    assert legal(st) == ["cube SACK-C2", "cube SACK-C3"]
    st, _ = play(st, "cube SACK-C3")
    assert owner(st, "SACK-C1") == BLUE and owner(st, "SACK-C3") == BLUE
    assert st.acting == RED  # turn over: no building affordable, no card


def test_a_cube_in_a_full_shop_is_refused() -> None:
    st, _ = play(position(tower=TOWER, shops={"SACK-A1": BLUE}), "group 2", "shops")
    assert "cube SACK-A1" not in legal(st)
    with pytest.raises(IllegalAction, match=r"Shop SACK-A1 already holds a cube"):
        GAME.parse(st, "cube SACK-A1")


def test_a_cube_in_an_opponents_souk_is_refused() -> None:
    st, _ = play(position(tower=TOWER, shops={"SACK-B2": RED}), "group 2", "shops")
    assert not any(a.startswith("cube SACK-B") for a in legal(st))
    with pytest.raises(IllegalAction, match=r"Shop SACK-B1 is in Red's souk\."):
        GAME.parse(st, "cube SACK-B1")


def test_an_incomplete_souk_must_be_finished_before_another_is_started() -> None:
    st = position(tower=TOWER, shops={"SACK-D1": BLUE, "SACK-D2": BLUE})
    st, _ = play(st, "group 2", "shops")
    assert legal(st) == ["cube SACK-D3", "cube SACK-D4"]
    with pytest.raises(IllegalAction, match=r"Finish your souk SACK-D before starting"):
        GAME.parse(st, "cube SACK-C1")


def test_completing_a_souk_lets_the_next_cube_start_another_in_the_same_action() -> None:
    st = position(tower=TOWER, shops={"SACK-D1": BLUE, "SACK-D2": BLUE, "SACK-D3": BLUE})
    st, _ = play(st, "group 2", "shops")
    assert legal(st) == ["cube SACK-D4"] or owner(st, "SACK-D4") == BLUE
    # The single legal shop was filled automatically; the second cube starts a new souk.
    assert owner(st, "SACK-D4") == BLUE
    assert "cube SACK-A1" in legal(st) and "cube SACK-C1" in legal(st)


def test_excess_cubes_stay_in_the_reserve() -> None:
    shops = {"VASE-A1": RED, "VASE-B1": RED, "VASE-B2": RED, "VASE-C1": BLUE, "VASE-C2": BLUE}
    st = position(tower={1: (1, 0, 1), 5: (4, 0, 5), 6: (1, 0, 6)}, shops=shops)
    st, events = play(st, "group 5", "shops")
    assert owner(st, "VASE-C3") == BLUE
    assert "No legal shop is left; 3 cubes stayed in Blue's reserve." in texts(events)


def test_the_crane_adds_one_cube() -> None:
    st, _ = play(position(tower=TOWER, built={BLUE: [CRANE]}), "group 3", "shops")
    assert st.left == 2


# ---- the Supervisor ------------------------------------------------------------------------


def test_the_supervisor_goes_the_die_value_for_free() -> None:
    st, _ = play(position(tower=TOWER, gold={BLUE: 0}), "group 3", "supervisor")
    # Die 4, no gold: the four spaces exactly 4 steps from the Hub, one decision.
    assert legal(st) == ["go W4", "go E4", "go N4", "go S4"]
    assert GAME.describe(st, "go W4") == "Go to W4 (free)"
    st, events = play(st, "go W4")
    assert where(st) == "W4" and st.acting == RED
    assert "Blue moved the Supervisor from H to W4 (4 steps)." in texts(events)


def test_each_destination_shows_its_gold_cost_and_gold_pays_for_the_distance() -> None:
    st, _ = play(position(tower=TOWER, gold={BLUE: 2}), "group 3", "supervisor")
    assert "go W2" in legal(st) and "go W6" in legal(st) and "go W7" not in legal(st)
    assert GAME.describe(st, "go W2") == "Go to W2 (2 gold)"
    assert GAME.describe(st, "go W5") == "Go to W5 (1 gold)"
    st, events = play(st, "go W2")
    assert st.gold[BLUE] == 0 and where(st) == "W2"
    assert "Blue moved the Supervisor from H to W2 (2 steps, paying 2 gold)." in texts(events)


def test_staying_costs_the_whole_die() -> None:
    st, _ = play(position(tower=TOWER, gold={BLUE: 4}, supervisor="E3"), "group 3", "supervisor")
    assert GAME.describe(st, "go E3") == "Stay on E3 (4 gold)"
    st, _ = play(st, "go E3")
    assert where(st) == "E3" and st.gold[BLUE] == 0


def test_the_supervisor_turns_only_at_the_hub() -> None:
    st, _ = play(position(tower=TOWER, gold={BLUE: 0}, supervisor="W1"), "group 3", "supervisor")
    # Die 4 from W1: out to W5, or through the Hub 3 spaces into another arm.
    assert legal(st) == ["go W5", "go E3", "go N3", "go S3"]


def test_a_destination_the_player_cannot_pay_is_refused_with_its_cost() -> None:
    st, _ = play(position(tower=TOWER, gold={BLUE: 1}), "group 3", "supervisor")
    assert "go H" not in legal(st)
    with pytest.raises(IllegalAction, match=r"H is 0 spaces away and the die shows 4: that costs "
                                            r"4 gold; you have 1\."):
        GAME.parse(st, "go H")
    with pytest.raises(NotationError, match=r"`go W3`"):
        GAME.parse(st, "step W")


def test_the_hammam_changes_the_distance_by_three_for_free() -> None:
    st = position(tower=TOWER, gold={BLUE: 0}, built={BLUE: [HAMMAM]})
    st, _ = play(st, "group 3", "supervisor")
    assert "go H" not in legal(st)  # 4 - 3 = 1 gold still due for staying
    assert "go W1" in legal(st) and "go W7" in legal(st) and "go W8" not in legal(st)
    st, _ = play(st, "go W1")
    assert where(st) == "W1" and st.gold[BLUE] == 0


def test_with_more_than_25_destinations_the_arm_comes_first() -> None:
    st, _ = play(position(tower=TOWER, gold={BLUE: 20}), "group 3", "supervisor")
    assert legal(st) == ["go H", "go W", "go E", "go N", "go S"]
    assert GAME.describe(st, "go W") == "The West arm: W1 to W10"
    with pytest.raises(IllegalAction, match=r"choose the arm first, `go W`"):
        GAME.parse(st, "go W7")
    st, _ = play(st, "go W")
    assert legal(st) == [f"go W{i}" for i in range(1, 11)] + ["back"]
    st, _ = play(st, "back", "go E", "go E7")
    assert where(st) == "E7" and st.gold[BLUE] == 17


# ---- shipping ------------------------------------------------------------------------------


def test_a_cube_next_to_the_stop_goes_to_the_caravan_with_row_points() -> None:
    st = position(tower={1: (1, 0, 1), 6: (1, 0, 6)}, shops={"SACK-C2": RED}, gold={BLUE: 0})
    st, events = play(st, "group 1", "supervisor", "go W1")
    assert owner(st, "SACK-C2") is None
    assert st.caravan == [RED] and st.score(RED) == 2
    assert "Red's cube entered Caravan space 1 (+2 VP)." in texts(events)


def test_the_mover_orders_two_shipped_shops_and_owners_decide_about_camels() -> None:
    st = position(
        tower={1: (1, 0, 1), 6: (1, 0, 6)},
        shops={"SACK-C2": RED, "BARREL-A1": GREEN},
        camels={RED: 1, GREEN: 0},
        gold={BLUE: 0},
        caravan=[YELLOW, YELLOW, YELLOW],
    )
    st, _ = play(st, "group 1", "supervisor", "go S1")
    assert kind(st) == "ship_order" and seat(st) == BLUE
    assert legal(st) == ["first SACK-C2", "first BARREL-A1"]
    st, _ = play(st, "first BARREL-A1")
    # Green has no camel: shipped at once (4th space, 2 VP). Red is asked next.
    assert st.caravan[-1] == GREEN and st.score(GREEN) == 2
    assert kind(st) == "camel_save" and seat(st) == RED
    assert legal(st) == ["ship", "keep"]
    st, events = play(st, "keep")
    assert owner(st, "SACK-C2") == RED and st.camels[RED] == 0
    assert st.caravan[-1] == RED and st.score(RED) == 1  # 5th space: middle row
    assert "Red paid 1 camel to keep the cube in SACK-C2" in " ".join(texts(events))


def test_a_camel_save_is_refused_to_a_player_without_camels() -> None:
    st = position(
        tower={1: (1, 0, 1), 6: (1, 0, 6)},
        shops={"SACK-C2": BLUE, "BARREL-A1": BLUE},
        gold={BLUE: 0},
    )
    st, _ = play(st, "group 1", "supervisor", "go S1")
    assert kind(st) == "ship_order"
    with pytest.raises(IllegalAction, match=r"Blue has no camel to keep the cube\."):
        GAME.parse(st, "keep")


def test_shipping_own_cube_asks_the_mover_too() -> None:
    st = position(tower={1: (1, 0, 1), 6: (1, 0, 6)}, shops={"SACK-C2": BLUE},
                  camels={BLUE: 2}, gold={BLUE: 0})  # fmt: skip
    st, _ = play(st, "group 1", "supervisor", "go W1")
    assert kind(st) == "camel_save" and seat(st) == BLUE
    st, _ = play(st, "ship")
    assert owner(st, "SACK-C2") is None and st.camels[BLUE] == 2


def test_a_full_caravan_scores_and_empties_between_two_shipped_cubes() -> None:
    caravan = [GREEN] * 4 + [YELLOW] * 4 + [GREEN] * 3
    st = position(
        tower={1: (1, 0, 1), 6: (1, 0, 6)},
        shops={"SACK-C2": RED, "BARREL-A1": RED},
        gold={BLUE: 0},
        caravan=caravan,
    )
    st, _ = play(st, "group 1", "supervisor", "go S1", "first SACK-C2")
    # Red's first cube fills space 12 (0 VP); scoring: Green 7 x 3, Yellow 4 x 2, Red 1 x 3.
    # Red's second cube then opens the empty Caravan again (2 VP).
    assert st.caravan == [RED]
    assert st.pts[GREEN][4] == 21 and st.pts[YELLOW][4] == 8 and st.pts[RED][4] == 3
    assert st.pts[RED][3] == 0 + 2


def test_the_supervisor_at_zero_reships_its_own_space() -> None:
    st = position(tower={1: (1, 0, 1), 6: (1, 0, 6)}, shops={"CHEST-B2": RED},
                  supervisor="W2", gold={BLUE: 1})  # fmt: skip
    st, _ = play(st, "group 1", "supervisor", "go W2")
    assert owner(st, "CHEST-B2") is None and st.caravan == [RED]


def test_option_a_on_a_quarter_with_no_legal_shop_spends_the_group() -> None:
    shops = {"VASE-A1": RED, "VASE-B1": GREEN, "VASE-C1": YELLOW}
    st = position(tower={1: (1, 0, 1), 5: (2, 0, 5), 6: (1, 0, 6)}, shops=shops)
    st, events = play(st, "group 5", "shops")
    assert "No legal shop is left; 2 cubes stayed in Blue's reserve." in texts(events)
    assert st.tw[5] == 0 and st.acting == RED
