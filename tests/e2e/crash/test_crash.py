"""A short crash run in the suite: a few SIGKILLs of the real bot, then the full check.

The long run (dozens of kills) is ``python -m tests.e2e.crash``; this one keeps it honest.
"""

from __future__ import annotations

from pathlib import Path

from .driver import KILL_MODES, run


async def test_kills_lose_no_move_and_post_no_board_twice(tmp_path: Path) -> None:
    moments = sorted(KILL_MODES)  # one kill at each kind of moment, a board post's included
    figures = await run(
        kills=len(moments), tables=2, seed=3, workdir=tmp_path, max_gap=2.0, moments=moments,
        min_acknowledged=10, min_agent_moves=1,
    )
    report = figures.as_json()

    assert figures.kills == len(moments) and figures.starts == len(moments) + 1, report
    assert figures.kills_by_mode.get("on_board_post") == 1, report
    # people played through Discord, and their moves were answered
    assert figures.acknowledged >= 10 and figures.human_moves >= figures.acknowledged, report
    assert figures.tables >= 2 and figures.agent_moves > 0, report
    assert figures.lost == [], report
    assert figures.duplicates == [] and figures.board_posts > 0, report
    assert figures.boards_missing == [] and figures.out_of_order == [], report
    assert figures.replay_mismatches == [], report
    assert figures.stuck == [] and figures.undelivered == 0, report
    # a lobby a kill cut off from its /newgame reply waits for players, as it should
    settled = figures.tables_ended + figures.tables_waiting + figures.tables_in_lobby
    assert settled == figures.tables, report
    assert figures.unmodelled == [] and figures.driver_errors == [], report


async def test_two_processes_on_postgres_killed_at_random_lose_and_repeat_nothing(
    tmp_path: Path, postgres_url: str
) -> None:
    """Two bot processes (a shard each) on one PostgreSQL database, either killed at random
    moments, both answering moves of the same tables, with deadlines coming due meanwhile."""
    moments = sorted(KILL_MODES)
    figures = await run(
        # the third table is Targi against an agent, whose moves come every other turn
        kills=len(moments), tables=3, seed=5, workdir=tmp_path, max_gap=2.0,
        moments=moments, database_url=postgres_url, processes=2, due_timers=True,
        min_acknowledged=5, min_agent_moves=1,
    )
    report = figures.as_json()

    assert figures.kills == len(moments), report
    assert len(figures.answered_by) == 2 and len(figures.posted_by) == 2, report  # both work
    assert figures.acknowledged >= 5 and figures.agent_moves > 0, report
    assert figures.lost == [], report
    assert figures.duplicates == [] and figures.board_posts > 0, report
    assert figures.boards_missing == [] and figures.out_of_order == [], report
    assert figures.replay_mismatches == [], report
    assert figures.stuck == [] and figures.undelivered == 0, report
    assert figures.timers_made_due > 0 and figures.timers_fired > 0, report
    assert figures.timers_unfinished == [] and figures.notices_doubled == [], report
    assert figures.unmodelled == [] and figures.driver_errors == [], report
