"""The two-player rules (spec section 14) and the three-player Caravan (section 15)."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.yspahan import GAME
from games.yspahan.engine.data import CRANE
from games.yspahan.testing import (
    BLUE,
    RED,
    kind,
    legal,
    play,
    position,
    seat,
    texts,
)

TOWER = {1: (2, 1, 2), 2: (0, 2, 3), 3: (2, 0, 4), 6: (3, 0, 6)}


def test_the_first_player_acts_twice_and_the_other_once() -> None:
    st = position(players=2, tower=TOWER, deck_top=("C4a", "C4b"))
    assert st.queue == [RED, BLUE]
    st, _ = play(st, "group 3", "card", "end")
    assert seat(st) == RED
    st, _ = play(st, "group 6", "card", "end")
    assert seat(st) == BLUE and st.queue == []


def test_yellow_dice_stay_all_day_and_only_the_first_player_uses_them() -> None:
    st = position(players=2, tower=TOWER, deck_top=("C4a",))
    st, _ = play(st, "group 3", "card", "end")
    assert st.ty[1] == 1 and st.ty[2] == 2  # not removed after the first action
    assert legal(st) == ["group 1", "group 6"]
    with pytest.raises(IllegalAction, match="may not take a group of yellow dice only"):
        GAME.parse(st, "group 2")
    st, events = play(st, "group 1")
    assert st.n == 2  # the yellow die of the mixed group does not count for Red
    assert "Red took the Camels group: 2 dice showing 2 (its yellow dice were removed)." in (
        texts(events)
    )


def test_the_first_players_second_action_may_use_yellow_dice() -> None:
    st = position(players=2, tower=TOWER, acting=BLUE, queue=[])
    st, _ = play(st, "group 2", "shops")
    assert st.left == 2


def test_only_yellow_groups_left_means_a_forced_draw_for_the_other_player_u18() -> None:
    st = position(players=2, tower={1: (1, 0, 1), 2: (0, 2, 3)}, deck_top=("C4a",))
    st, events = play(st, "group 1", "camels")
    assert "Red drew a card (no dice group left)." in texts(events)
    assert st.hands[RED] == ["C4a"]
    # Red holds a card now: the end of its action is asked, though "end" is all it can do.
    assert seat(st) == RED and legal(st) == ["end"]
    st, _ = play(st, "end")
    # Blue's second action: the yellow-only group is Blue's single choice, taken at once.
    assert seat(st) == BLUE and kind(st) == "option" and (st.group, st.n) == (2, 2)


def test_building_is_an_action_that_spends_a_group() -> None:
    st = position(players=2, tower=TOWER, camels={BLUE: 4}, gold={BLUE: 4})
    st, _ = play(st, "group 3")
    assert "build crane" in legal(st) and "build enclosure" in legal(st)
    st, events = play(st, "build crane")
    assert st.built[BLUE] == [CRANE] and st.tw[3] == 0 and seat(st) == RED
    assert "Blue built the Crane (B6) for 4 camels and 4 gold (+0 VP)." in texts(events)


def test_no_build_step_after_a_two_player_action() -> None:
    st = position(players=2, tower=TOWER, camels={BLUE: 4}, gold={BLUE: 4})
    st, _ = play(st, "group 6", "gold")
    assert seat(st) == RED and kind(st) == "choose_group"
    with pytest.raises(IllegalAction, match="building uses a dice group"):
        GAME.parse(st, "build enclosure")


@pytest.mark.parametrize(("players", "size"), [(2, 6), (3, 9), (4, 12)])
def test_caravan_size_by_player_count(players: int, size: int) -> None:
    per_row = size // 3
    st = position(players=players, tower={1: (1, 0, 1), 6: (1, 0, 6)},
                  shops={"SACK-C2": RED}, gold={BLUE: 0},
                  caravan=[BLUE] * (per_row + 1))  # fmt: skip
    st, _ = play(st, "group 1", "supervisor", "go W1")
    assert st.pts[RED][3] == 1  # lands in the middle row
    view = GAME.view(st, None)
    assert len(view["caravan"]["spaces"]) == size and view["caravan"]["per_row"] == per_row


def test_three_players_last_day_follows_normal_rotation_u2() -> None:
    st = position(players=3, week=3, day=6, acting=2, tower={1: (1, 0, 1)},
                  score={BLUE: 9, RED: 0, 2: 5})  # fmt: skip
    st, _ = play(st, "group 1", "camels")
    assert st.day == 7 and st.first == RED and st.queue[:2] == [RED, 2]
