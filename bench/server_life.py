"""Server life on a busy member and server: /stats, /history, the lobby's times per turn and
the dashboard.

Builds an SQLite file where one member has ``--finished`` finished games (each a few moves,
then a concession) and ``--active`` games in play on one server, of the first installed game
with benchmark targets, every move a few minutes after the last, then times (median and
slowest of ``--repeat`` runs, in milliseconds): ``player_stats`` (what /stats reads: results
of the newest 100 finished games and the median time per turn over 200 turns), one
``/history`` page, ``turn_medians`` for four members (a lobby's refresh) and ``dashboard``
for the server. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.catchup import benched_game
from bot.service import TableService
from storage import open_store

GUILD, CHANNEL, MEMBER, OTHER = 1, 2, 10, 11
MOVES = 6  # per game before the concession (or the pause, for games in play)
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


async def play(service: TableService, clock: Clock, table_id: int, moves: int) -> None:
    for n in range(moves):
        loaded = await service.load(table_id)
        if loaded.next is None or loaded.next.user_id is None:
            return
        clock.now += timedelta(minutes=7)
        await service.submit(
            table_id, loaded.next.user_id, loaded.next.actions[0], f"r{table_id}:{n}"
        )


async def build(service: TableService, clock: Clock, finished: int, active: int) -> None:
    for n in range(finished + active):
        info = await service.create_table(
            benched_game(), guild_id=GUILD, channel_id=CHANNEL, host_id=MEMBER, host_name="Mia"
        )
        await service.join(info.id, OTHER, "Ole")
        await service.start(info.id, MEMBER)
        await play(service, clock, info.id, MOVES)
        if n < finished:
            await service.concede(info.id, OTHER)


async def timed(call: Callable[[], Awaitable[object]], repeat: int) -> dict[str, float]:
    spent = []
    for _ in range(repeat):
        began = time.perf_counter()
        await call()
        spent.append((time.perf_counter() - began) * 1000)
    return {"median_ms": round(statistics.median(spent), 2), "max_ms": round(max(spent), 2)}


async def run(finished: int, active: int, repeat: int) -> dict[str, Any]:
    clock = Clock()
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(f"sqlite:///{Path(folder) / 'life.db'}", clock=clock)
        try:
            service = TableService(store, clock=clock, max_open_tables_per_guild=10_000)
            began = time.perf_counter()
            await build(service, clock, finished, active)
            built = time.perf_counter() - began
            fresh = TableService(store, clock=clock)  # nothing cached, as after a restart
            return {
                "finished_games": finished,
                "active_games": active,
                "build_seconds": round(built, 1),
                "stats": await timed(lambda: fresh.player_stats(MEMBER), repeat),
                "history_page": await timed(lambda: fresh.finished_games(MEMBER), repeat),
                "lobby_turn_medians": await timed(
                    lambda: fresh.turn_medians([MEMBER, OTHER, 12, 13]), repeat
                ),
                "dashboard": await timed(lambda: fresh.dashboard(GUILD), repeat),
            }
        finally:
            await store.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--finished", type=int, default=120)
    parser.add_argument("--active", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(run(args.finished, args.active, args.repeat))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
