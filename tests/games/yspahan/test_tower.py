"""The dice tower (spec section 5) and the start of a turn (6.1, 6.7)."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.yspahan import GAME
from games.yspahan.engine.rules import Ctx, roll, sort_dice
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


def counts(*values: int) -> list[int]:
    c = [0] * 7
    for v in values:
        c[v] += 1
    return c


def test_roll_example_lowest_on_camels_highest_on_gold_middle_upwards() -> None:
    tw, ty, tv = sort_dice(counts(1, 1, 3, 3, 3, 4, 6, 6, 6), counts())
    assert tw[1:] == [2, 3, 1, 0, 0, 3]
    assert tv[1:] == [1, 3, 4, 0, 0, 6]
    assert ty == [0] * 7


def test_two_values_leave_every_quarter_space_empty() -> None:
    tw, _, tv = sort_dice(counts(2, 2, 2, 2, 5, 5, 5, 5, 5), counts())
    assert tw[1:] == [4, 0, 0, 0, 0, 5]
    assert tv[1] == 2 and tv[6] == 5


def test_six_values_fill_every_space_and_yellow_dice_join_their_value() -> None:
    tw, ty, tv = sort_dice(counts(1, 2, 3, 4, 5, 6, 6, 6, 6), counts(3, 6))
    assert all(tw[g] + ty[g] for g in range(1, 7))
    assert tv[1:] == [1, 2, 3, 4, 5, 6]
    assert (tw[3], ty[3]) == (1, 1) and (tw[6], ty[6]) == (4, 1)


def test_a_yellow_only_value_forms_its_own_group() -> None:
    tw, ty, tv = sort_dice(counts(1, 1, 6), counts(4))
    assert (tw[2], ty[2], tv[2]) == (0, 1, 4)


@pytest.mark.parametrize(("players", "white"), [(2, 8), (3, 9), (4, 9)])
def test_white_dice_count_by_player_count(players: int, white: int) -> None:
    st = position(players=players, step="buy")
    roll(st, Ctx())
    assert sum(st.tw) == white and sum(st.ty) == 0


def test_buying_yellow_dice_costs_gold_and_adds_dice() -> None:
    st = position(step="buy", gold={BLUE: 3})
    assert legal(st)[:4] == ["buy 0", "buy 1", "buy 2", "buy 3"]
    st, events = play(st, "buy 2")
    assert st.gold[BLUE] == 1 and st.yellow == 2
    assert sum(st.tw) == 9 and sum(st.ty) == 2
    assert "Blue bought 2 yellow dice." in texts(events)
    assert any(t.startswith("Blue rolled:") for t in texts(events))


def test_yellow_dice_cannot_be_bought_without_gold() -> None:
    st = position(step="buy", gold={BLUE: 1})
    assert "buy 2" not in legal(st)
    with pytest.raises(IllegalAction, match=r"You need 3 gold; you have 1\."):
        GAME.parse(st, "buy 3")


def test_with_no_gold_and_no_card_the_roll_is_automatic() -> None:
    st = position(acting=YELLOW, tower={1: (1, 0, 2)}, gold={RED: 0})
    st, events = play(st, "group 1", "camels")
    assert st.first == RED and st.yellow == 0
    assert kind(st) != "buy_yellow"
    assert any(t.startswith("Red rolled:") for t in texts(events))


def test_first_players_group_counts_yellow_dice() -> None:
    st = position(tower={1: (2, 1, 3), 6: (1, 0, 6)})
    st, _ = play(st, "group 1", "camels")
    assert st.camels[BLUE] == 3


def test_yellow_dice_leave_the_tower_after_the_first_players_turn() -> None:
    st = position(tower={1: (1, 0, 1), 2: (2, 1, 3), 3: (0, 2, 4), 6: (1, 0, 6)})
    st, events = play(st, "group 6", "gold")
    assert "The yellow dice left the Tower." in texts(events)
    assert st.acting == RED
    assert (st.tw[2], st.ty[2], st.tv[2]) == (2, 0, 3)  # mixed group keeps its white dice
    assert (st.tw[3], st.ty[3], st.tv[3]) == (0, 0, 0)  # yellow-only group is gone
    assert "group 3" not in legal(st)


def test_choosing_a_group_is_mandatory() -> None:
    st = position(tower={1: (3, 0, 2), 6: (6, 0, 5)})
    assert legal(st) == ["group 1", "group 6"]
    with pytest.raises(IllegalAction, match="must take a dice group"):
        GAME.parse(st, "end")
    with pytest.raises(IllegalAction, match="holds no dice"):
        GAME.parse(st, "group 3")


def test_taking_a_group_removes_it_for_the_following_players() -> None:
    st = position(tower={1: (3, 0, 2), 2: (1, 0, 3), 6: (5, 0, 5)}, deck_top=("C4a",))
    st, _ = play(st, "group 1", "card")
    # Blue now holds a card, so its build step is asked even with "pass" alone.
    assert legal(st) == ["pass"]
    st, _ = play(st, "pass")
    assert seat(st) == RED and legal(st) == ["group 2", "group 6"]


def test_forced_draw_when_no_group_remains() -> None:
    st = position(acting=GREEN, tower={1: (1, 0, 2)}, deck_top=("C2a",))
    st, events = play(st, "group 1", "camels")
    assert "Yellow drew a card (no dice group left)." in texts(events)
    assert st.hands[YELLOW] == ["C2a"]
    # A card drawn earlier in the turn may be played at the build step (U16).
    assert seat(st) == YELLOW and legal(st) == ["pass", "play C2a"]


def test_forced_draw_waits_for_a_card_play_when_one_is_possible() -> None:
    st = position(hands={BLUE: ["C1a", "C2a"]}, deck_top=("C9a",))
    assert kind(st) == "forced_draw" and legal(st) == ["draw", "play C1a", "play C2a"]
    st, _ = play(st, "play C1a")
    assert st.camels[BLUE] == 3 and legal(st) == ["draw", "play C2a"]
    st, _ = play(st, "draw")
    assert st.hands[BLUE] == ["C2a", "C9a"]
    assert kind(st) == "build"  # building is allowed after a forced draw (3 camels, 2 gold)


def test_forced_draw_is_automatic_once_no_card_can_be_played() -> None:
    st = position(hands={BLUE: ["C1a"]}, deck_top=("C9a",))
    st, events = play(st, "play C1a")
    assert "Blue drew a card (no dice group left)." in texts(events)
    assert st.hands[BLUE] == ["C9a"]
