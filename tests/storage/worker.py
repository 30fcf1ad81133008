"""One of several processes sharing a database, for tests/storage/test_processes.py.

``python -m tests.storage.worker SCENARIO URL [ARGS…]`` opens the store, prints ``ready``,
waits for a line on its input (so that the processes begin together), does its part and
prints one JSON line:

- ``submit TABLE USER MOVE VERSION COUNT``: submit the same move COUNT times at once, each with
  its own request id; prints how many were applied and how the others were refused;
- ``timers SECONDS``: fire due timers over and over for SECONDS; prints how many it fired;
- ``deliver SECONDS``: claim and "post" due outbox rows for SECONDS, as the dispatcher does;
  prints the (table, row id, time) of each post.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from collections import Counter
from typing import Any

from bot.service import ServiceError, TableService
from bot.service.timers import TimerService
from storage import open_store


async def submit(service: TableService, args: list[str]) -> dict[str, Any]:
    table_id, user, text, version, count = (int(args[0]), int(args[1]), args[2],
                                            int(args[3]), int(args[4]))

    async def one(i: int) -> str:
        try:
            result = await service.submit(table_id, user, text, f"p{os.getpid()}-{i}", version)
        except ServiceError as refused:
            return type(refused).__name__
        return "duplicate" if result.duplicate else "applied"

    outcomes = await asyncio.gather(*(one(i) for i in range(count)))
    return {"outcomes": dict(Counter(outcomes))}


async def timers(service: TableService, args: list[str]) -> dict[str, Any]:
    timer_service = TimerService(service.store)
    fired, until = 0, time.time() + float(args[0])
    while time.time() < until:
        fired += await timer_service.fire_due()
        await asyncio.sleep(0.001)
    return {"fired": fired}


async def deliver(service: TableService, args: list[str]) -> dict[str, Any]:
    posted: list[tuple[int, int, float]] = []
    until = time.time() + float(args[0])
    while time.time() < until:
        for row in await service.outbox.pending(10):
            await service.outbox.begin(row)
            posted.append((row.table_id, row.id, time.time()))  # the post itself
            await asyncio.sleep(0.002)  # a round trip to Discord
            await service.outbox.mark_delivered(row.id, 1_000 + row.id)
        await asyncio.sleep(0.001)
    return {"posted": posted}


SCENARIOS = {"submit": submit, "timers": timers, "deliver": deliver}


async def main(argv: list[str]) -> None:
    scenario, url, args = argv[0], argv[1], argv[2:]
    store = await open_store(url)
    service = TableService(store, claimer=f"worker {os.getpid()}")
    try:
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        print(json.dumps(await SCENARIOS[scenario](service, args)), flush=True)
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
