"""A short crash run in the suite: a few SIGKILLs of the real bot, then the full check.

The long run (dozens of kills) is ``python -m tests.e2e.crash``; this one keeps it honest.
"""

from __future__ import annotations

from pathlib import Path

from .driver import run


async def test_kills_lose_no_move_and_post_no_board_twice(tmp_path: Path) -> None:
    figures = await run(kills=4, tables=2, seed=3, workdir=tmp_path, max_gap=2.0)
    report = figures.as_json()

    assert figures.kills == 4 and figures.starts == 5, report
    # people played through Discord, and their moves were answered
    assert figures.acknowledged >= 10 and figures.human_moves >= figures.acknowledged, report
    assert figures.tables >= 2 and figures.agent_moves > 0, report
    assert figures.lost == [], report
    assert figures.duplicates == [], report
    assert figures.replay_mismatches == [], report
    assert figures.stuck == [] and figures.undelivered == 0, report
    # a lobby a kill cut off from its /newgame reply waits for players, as it should
    settled = figures.tables_ended + figures.tables_waiting + figures.tables_in_lobby
    assert settled == figures.tables, report
    assert figures.unmodelled == [], report
