"""One test per UNCERTAIN reading of the Yspahan spec (register in section 19, U1-U18)."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, NotationError
from games.yspahan import GAME
from games.yspahan.engine.data import CARAVANSERAI, SHOPS
from games.yspahan.engine.rules import sort_dice
from games.yspahan.testing import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    kind,
    legal,
    play,
    position,
    seat,
    texts,
)

TOWER = {1: (3, 0, 2), 2: (2, 0, 3), 3: (1, 0, 4), 6: (2, 0, 6)}


def test_u1_all_dice_showing_one_value_go_on_camels() -> None:
    tw, ty, tv = sort_dice([0, 0, 0, 0, 9, 0, 0], [0, 0, 0, 0, 2, 0, 0])
    assert (tw[1], ty[1], tv[1]) == (9, 2, 4)
    assert tw[2:] == [0] * 5 and tv[6] == 0


def test_u2_ascending_score_order_applies_to_four_players_only() -> None:
    st = position(players=3, week=3, day=6, acting=GREEN, tower={1: (1, 0, 1)},
                  score={BLUE: 20, RED: 10, GREEN: 0})  # fmt: skip
    st, _ = play(st, "group 1", "camels")
    assert st.first == RED and st.queue == [RED, GREEN, BLUE]
    st = position(week=3, day=6, acting=YELLOW, tower={1: (1, 0, 1)},
                  score={BLUE: 20, RED: 10, GREEN: 0, YELLOW: 5})  # fmt: skip
    st, _ = play(st, "group 1", "camels")
    assert st.first == GREEN and st.queue == [GREEN, YELLOW, RED, BLUE]


def test_u2_three_players_may_opt_into_the_ascending_last_day() -> None:
    assert GAME.default_options() == {"three_player_ascending_last_day": False}
    st = position(players=3, week=3, day=6, acting=GREEN, tower={1: (1, 0, 1)},
                  score={BLUE: 20, RED: 10, GREEN: 0}, ascending3=True)  # fmt: skip
    st, _ = play(st, "group 1", "camels")
    assert st.first == GREEN and st.queue == [GREEN, RED, BLUE]
    assert GAME.view(st, None)["last_day_order"] is True
    assert GAME.new_game(3, 1, {"three_player_ascending_last_day": True}).ascending3
    with pytest.raises(ValueError, match="Unknown Yspahan options"):
        GAME.new_game(3, 1, {"speed": 2})


def test_u3_no_tie_break_tied_players_share_the_win() -> None:
    st = position(week=3, day=7, acting=YELLOW, tower={1: (1, 0, 1)},
                  score={RED: 7, YELLOW: 7}, gold={RED: 9})  # fmt: skip
    st, _ = play(st, "group 1", "camels")
    out = GAME.outcome(st)
    assert out is not None and out.winners == (RED, YELLOW) and out.tiebreak is None


def test_u4_at_most_one_card_as_an_extra_die() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C1a", "C2a"]})
    st, _ = play(st, "group 1")
    extra = [a for a in legal(st) if "+" in a]
    assert extra == ["camels +C1a", "camels +C2a"]
    with pytest.raises(NotationError):
        GAME.normalize("camels +C1a +C2a")


def test_u5_caravan_shipment_triggers_the_caravanserai() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C5a"]}, built={BLUE: [CARAVANSERAI]},
                  deck_top=("C4b",))  # fmt: skip
    st, events = play(st, "play C5a")
    assert st.caravan == [BLUE] and st.hands[BLUE] == ["C4b"]
    assert "Blue drew a card (Caravanserai)." in texts(events)


def test_u6_gold_and_camels_for_points_limits() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C7a", "C8a"]}, gold={BLUE: 15},
                  camels={BLUE: 9})  # fmt: skip
    after, _ = play(st, "play C7a")
    assert legal(after)[-1] == "amount 10"  # up to 10 gold, 1 VP each
    after, _ = play(st, "play C8a")
    assert legal(after)[-1] == "amount 4"  # up to 4 camels, 2 VP each
    after, _ = play(after, "amount 4")
    assert after.pts[BLUE][5] == 8


def test_u7_exchange_any_number_one_direction() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C9a"]}, camels={BLUE: 14}, gold={BLUE: 0})
    st, _ = play(st, "play C9a")
    # Only camels can be given; the direction is chosen automatically.
    assert kind(st) == "card_amount" and legal(st)[-1] == "amount 14"
    st, _ = play(st, "amount 14")
    assert (st.camels[BLUE], st.gold[BLUE]) == (0, 14)


def test_u8_the_cube_reserve_is_unlimited() -> None:
    many = {shop: RED for shop in SHOPS if not shop.startswith("SACK-C")}
    st = position(tower={1: (1, 0, 1), 6: (1, 0, 6)}, shops={**many, "SACK-C2": RED},
                  camels={RED: 1}, gold={BLUE: 0})  # fmt: skip
    st, _ = play(st, "group 1", "supervisor", "go W1")
    assert seat(st) == RED and legal(st) == ["ship", "keep"]  # 45 cubes out, still a reserve
    st, _ = play(st, "keep")
    assert st.caravan == [RED]


def test_u9_a_player_must_keep_placing_while_a_legal_shop_exists() -> None:
    st = position(tower=TOWER)
    st, _ = play(st, "group 2", "shops", "cube SACK-A1")
    assert kind(st) == "place_cube" and "end" not in legal(st)
    with pytest.raises(IllegalAction, match="must place a cube"):
        GAME.parse(st, "end")


def test_u10_the_first_player_may_play_cards_before_rolling() -> None:
    st = position(step="buy", gold={BLUE: 0}, hands={BLUE: ["C2a"]})
    assert legal(st) == ["buy 0", "play C2a"]
    st, _ = play(st, "play C2a")
    assert kind(st) == "buy_yellow" and legal(st) == ["buy 0", "buy 1", "buy 2", "buy 3"]


def test_u11_discount_cards_apply_to_the_building_built_this_turn_only() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C3a"]}, gold={BLUE: 0})
    st, _ = play(st, "group 6", "gold", "build hammam C3a")  # 2 gold, 0 camels: needs C3
    assert st.built[BLUE] == [2] and st.hands[BLUE] == [] and st.camels[BLUE] == 0
    assert "C3a" in st.discard  # used up: no lasting credit


def test_u12_option_a_may_be_chosen_with_no_legal_shop() -> None:
    shops = {"VASE-A1": RED, "VASE-B1": GREEN, "VASE-C1": YELLOW}
    st = position(tower={1: (1, 0, 1), 5: (1, 0, 5), 6: (1, 0, 6)}, shops=shops)
    st, _ = play(st, "group 5")
    assert "shops" in legal(st)
    st, events = play(st, "shops")
    assert "No legal shop is left; 1 cube stayed in Blue's reserve." in texts(events)


def test_u13_two_players_cannot_build_in_a_forced_draw_action() -> None:
    st = position(players=2, tower={2: (0, 1, 3)}, acting=RED, queue=[BLUE],
                  camels={RED: 9}, gold={RED: 9}, hands={RED: ["C1a"]})  # fmt: skip
    assert kind(st) == "forced_draw"
    assert legal(st) == ["draw", "play C1a"]


def test_u14_the_caravan_fills_row_by_row() -> None:
    st = position(tower={1: (1, 0, 1), 6: (1, 0, 6)}, shops={"SACK-C2": RED},
                  caravan=[GREEN] * 4, gold={BLUE: 0})  # fmt: skip
    st, _ = play(st, "group 1", "supervisor", "go W1")
    assert st.pts[RED][3] == 1  # 5th cube: first space of the middle row
    view = GAME.view(st, None)
    assert view["caravan"]["spaces"][4] == {
        "index": 4, "row": 2, "col": 1, "immediate_vp": 1, "multiplier": 2, "owner": RED,
    }  # fmt: skip


def test_u15_no_card_play_in_the_middle_of_a_supervisor_move() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C2a"]}, gold={BLUE: 2})
    st, _ = play(st, "group 3", "supervisor")
    assert kind(st) == "supervisor" and not any(a.startswith("play") for a in legal(st))
    with pytest.raises(IllegalAction, match="only at the start of your turn"):
        GAME.parse(st, "play C2a")


def test_u16_a_card_drawn_this_turn_may_be_played_at_its_end() -> None:
    st = position(tower=TOWER, deck_top=("C1b",))
    st, _ = play(st, "group 1", "card")
    assert kind(st) == "build" and legal(st) == ["pass", "play C1b"]
    st, _ = play(st, "play C1b")
    assert st.camels[BLUE] == 3 and "build enclosure" in legal(st)
    st, _ = play(st, "build enclosure")
    assert st.built[BLUE] == [0] and seat(st) == RED


def test_u17_build_without_gold_is_not_offered_for_the_enclosure() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C3a", "C4a"]}, camels={BLUE: 2})
    st, _ = play(st, "group 6", "gold")
    assert [a for a in legal(st) if "enclosure" in a] == ["build enclosure", "build enclosure C3a"]
    with pytest.raises(IllegalAction, match="costs no gold"):
        GAME.parse(st, "build enclosure C3a C4a")


def test_u18_only_yellow_groups_left_is_a_forced_draw_for_the_second_player() -> None:
    st = position(players=2, tower={1: (1, 0, 1), 3: (0, 3, 4)}, deck_top=("C4a",))
    st, events = play(st, "group 1", "camels")
    assert "Red drew a card (no dice group left)." in texts(events)
