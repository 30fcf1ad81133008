"""Catch-up after downtime: firing every timer that fell due while the bot was down.

Builds an SQLite file of ``--tables`` active two-seat tables (of the first installed game with
benchmark targets) whose seat to move has all its timers overdue (three reminders and the
deadline, four per table), as after a bot that was down longer than a turn, then times one
``TimerService.fire_due`` pass over all of them. Counts the notices written per table (at most
one each) and the timers still due afterwards (none). Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.service.pace import get_pace
from bot.service.timers import TimerService, schedule_turn
from games.core import discovery
from storage import Store, open_store

TARGET_SECONDS = 10.0  # for 10,000 due timers


def benched_game() -> str:
    """The first installed game with benchmark targets that two people can play."""
    return next(
        s.name for s in discovery.specs()
        if s.bench is not None and s.engine.min_players <= 2 <= s.engine.max_players
    )
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


async def build(store: Store, tables: int) -> int:
    """Active tables with every timer of the seat to move overdue; returns the timer count."""
    pace = get_pace("daily")
    game = benched_game()
    async with store.transaction() as tx:
        for n in range(tables):
            table_id = await tx.create_table(
                game=game, guild_id=1, channel_id=2, host_id=10 + 2 * n, seed=n, options={}
            )
            await tx.add_seat(table_id, user_id=10 + 2 * n, agent=None, name="A")
            await tx.add_seat(table_id, user_id=11 + 2 * n, agent=None, name="B")
            await tx.set_status(table_id, "active", expected="lobby")
            await schedule_turn(tx, table_id, seat=0, version=0, pace=pace, start=START)
    due = await store.due_timers(START + timedelta(days=30), limit=10 * tables)
    return sum(1 + len(t.reminders) for t in due)  # a deadline carries its turn's reminders


async def run(tables: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(f"sqlite:///{Path(folder) / 'catchup.db'}")
        try:
            due = await build(store, tables)
            now = START + timedelta(days=2)  # the bot was down for two days
            timers = TimerService(store, clock=lambda: now, batch=500)
            started = time.perf_counter()
            written = await timers.fire_due()
            seconds = time.perf_counter() - started
            left = len(await store.due_timers(now, limit=10 * tables))
            per_table: Counter[int] = Counter()
            for table_id in range(1, tables + 1):
                per_table[len(await store.list_outbox(table_id))] += 1
        finally:
            await store.close()
    result: dict[str, Any] = {
        "tables": tables,
        "due_timers": due,
        "seconds": round(seconds, 3),
        "timers_per_second": round(due / seconds, 1) if seconds > 0 else None,
        "notices_written": written,
        "tables_by_notice_count": {str(k): v for k, v in sorted(per_table.items())},
        "timers_still_due": left,
        "target_seconds_for_10000": TARGET_SECONDS,
    }
    result["meets_target"] = seconds * 10_000 / max(due, 1) <= TARGET_SECONDS and left == 0
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--tables", type=int, default=2500, help="tables, four due timers each (default: 2500)"
    )
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(run(args.tables))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
