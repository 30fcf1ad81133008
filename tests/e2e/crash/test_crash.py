"""A short crash run in the suite: a few SIGKILLs of the real bot, then the full check.

The long run (dozens of kills) is ``python -m tests.e2e.crash``; this one keeps it honest.
"""

from __future__ import annotations

from pathlib import Path

from .driver import KILL_MODES, run


async def test_kills_lose_no_move_and_post_no_board_twice(tmp_path: Path) -> None:
    moments = sorted(KILL_MODES)  # one kill at each kind of moment, a board post's included
    figures = await run(
        kills=len(moments), tables=2, seed=3, workdir=tmp_path, max_gap=2.0, moments=moments
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
