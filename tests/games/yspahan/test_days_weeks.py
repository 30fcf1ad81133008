"""End of day, end of week, the last day and the end of the game (spec sections 10-13)."""

from __future__ import annotations

from games.yspahan import GAME
from games.yspahan.engine.data import HUB
from games.yspahan.testing import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    kind,
    play,
    position,
    seat,
    texts,
    where,
)


def last_turn(**kw: object) -> object:
    """Yellow (last seat of a day Blue started) takes 1 camel, ending the day."""
    kw.setdefault("acting", YELLOW)
    st = position(tower={1: (1, 0, 1)}, **kw)  # type: ignore[arg-type]
    return play(st, "group 1", "camels")


def test_end_of_day_clears_the_tower_and_passes_the_first_player_pawn() -> None:
    st, events = last_turn(day=3)
    assert st.day == 4 and st.week == 1 and st.first == RED
    assert "Week 1, day 4: Red is the first player." in texts(events)
    assert seat(st) == RED


def test_end_of_week_scores_souks_clears_the_city_keeps_the_caravan() -> None:
    shops = {"SACK-C1": RED, "SACK-C2": RED, "SACK-C3": RED, "SACK-A1": GREEN,
             "BARREL-A1": BLUE, "BARREL-A2": BLUE}  # fmt: skip
    st, events = last_turn(day=7, shops=shops, caravan=[RED, GREEN, RED, BLUE, RED],
                           supervisor="E4")  # fmt: skip
    assert st.pts[RED][1] == 3 and st.pts[BLUE][1] == 3 and st.pts[GREEN][1] == 0
    assert all(o == -1 for o in st.shops)
    # Caravan: Red 3 cubes, highest in row 2 -> 6; Blue 1 x 1; Green 1 x 1. Not emptied.
    assert st.pts[RED][4] == 6 and st.pts[BLUE][4] == 1 and st.pts[GREEN][4] == 1
    assert st.caravan == [RED, GREEN, RED, BLUE, RED]
    assert st.supervisor == HUB and where(st) == "H"
    assert (st.week, st.day, st.first) == (2, 1, RED)
    assert any(t.startswith("End of week 1: souks scored") for t in texts(events))


def test_the_caravan_fills_on_after_a_week_end() -> None:
    st, _ = last_turn(day=7, caravan=[RED] * 5)
    st = position(tower={1: (1, 0, 1), 6: (1, 0, 6)}, shops={"SACK-C2": GREEN},
                  caravan=list(st.caravan), gold={BLUE: 0})  # fmt: skip
    st, _ = play(st, "group 1", "supervisor", "go W1")
    assert st.caravan == [RED] * 5 + [GREEN] and st.pts[GREEN][3] == 1


def test_last_day_four_players_play_in_ascending_score_order() -> None:
    st, events = last_turn(week=3, day=6, score={BLUE: 10, RED: 4, GREEN: 7, YELLOW: 4})
    # Day 6's first player was Blue; Red and Yellow tie on 4: Yellow sits further clockwise
    # from Blue (distance 3 against 1), so Yellow goes first.
    assert st.day == 7 and st.f6 == BLUE
    assert st.first == YELLOW and st.queue == [YELLOW, RED, GREEN, BLUE]
    assert "Last day: turns in ascending score order, Yellow, Red, Green, Blue." in texts(events)
    assert seat(st) == YELLOW


def test_last_day_two_players_lower_score_is_first_player() -> None:
    st = position(players=2, week=3, day=6, first=BLUE, acting=BLUE, queue=[],
                  tower={1: (1, 0, 1)}, score={BLUE: 3, RED: 9})  # fmt: skip
    st, _ = play(st, "group 1", "camels")
    assert st.first == BLUE and st.queue[-1] == BLUE
    st = position(players=2, week=3, day=6, first=BLUE, acting=BLUE, queue=[],
                  tower={1: (1, 0, 1)}, score={BLUE: 5, RED: 5})  # fmt: skip
    st, _ = play(st, "group 1", "camels")
    assert st.first == RED  # tie: the pawn alternates as usual


def test_game_ends_after_the_third_week_with_a_breakdown() -> None:
    st, events = last_turn(week=3, day=7, shops={"VASE-A1": RED}, score={GREEN: 9},
                           caravan=[BLUE])  # fmt: skip
    assert GAME.decision(st) is None and kind(st) is None
    out = GAME.outcome(st)
    assert out is not None
    assert out.scores[RED] == 4 and out.breakdown[RED]["Souks"] == 4
    assert out.breakdown[BLUE]["Caravan scoring"] == 1
    assert out.winners == (GREEN,) and out.tiebreak is None
    assert "The game is over." in texts(events)


def test_tied_leaders_share_the_victory_u3() -> None:
    st, _ = last_turn(week=3, day=7, score={BLUE: 9, GREEN: 9, RED: 2})
    out = GAME.outcome(st)
    assert out is not None and out.winners == (BLUE, GREEN) and out.tiebreak is None
