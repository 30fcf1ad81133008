"""Two real processes on one database, racing: a move submitted 100 times is applied once, a
timer due while both run fires once, and each outbox row is posted once, in order per table.
On PostgreSQL: several processes are what it is for (SQLite's one writer at a time is
covered by the contract suite's tests with two connections)."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service import TableFull, TableService
from storage import open_store
from tests.service.conftest import HOST, SEED, placed, started_table

ROOT = Path(__file__).resolve().parents[2]
WORKER_SECONDS = 60.0


@pytest.fixture
def db_url(postgres_url: str) -> str:
    return postgres_url


async def race(url: str, *args: str) -> list[dict[str, Any]]:
    """Run two workers (``tests/storage/worker.py``) at once; their JSON reports."""
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.storage.worker", *args[:1], url, *args[1:],
            cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        for _ in range(2)
    ]
    try:
        for proc in procs:
            assert proc.stdout is not None
            line = await asyncio.wait_for(proc.stdout.readline(), WORKER_SECONDS)
            assert line.strip() == b"ready", line
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write(b"go\n")
            await proc.stdin.drain()
        outputs = [await asyncio.wait_for(p.communicate(), WORKER_SECONDS) for p in procs]
    finally:
        for proc in procs:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    assert all(p.returncode == 0 for p in procs), outputs
    return [json.loads(out.strip().splitlines()[-1]) for out, _ in outputs]


async def test_a_move_submitted_100_times_by_two_processes_is_applied_once(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        service = TableService(store, seed_source=lambda: SEED)
        table_id = await placed(service)
        version = (await service.info(table_id)).version
    finally:
        await store.close()

    reports = await race(db_url, "submit", str(table_id), str(HOST), "use 5", str(version), "50")

    outcomes = sum((Counter(r["outcomes"]) for r in reports), Counter())
    assert outcomes["applied"] == 1, outcomes
    assert sum(outcomes.values()) == 100
    assert set(outcomes) <= {"applied", "StaleVersion", "NotYourTurn"}, outcomes
    store = await open_store(db_url)
    try:
        actions = await store.list_actions(table_id)
        assert len(actions) == version + 1 and actions[-1].action == "use 5"
    finally:
        await store.close()


async def test_timers_due_while_two_processes_run_fire_once(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        service = TableService(store)
        tables = [await started_table(service) for _ in range(4)]
        now = datetime.now(UTC)
        async with store.transaction() as tx:
            for table_id in tables:
                for timer in await tx.list_timers(table_id, pending=True):
                    if timer.kind == "deadline":
                        await tx.postpone_timer(timer.id, now - timedelta(seconds=1))
    finally:
        await store.close()

    reports = await race(db_url, "timers", "1.5")

    assert sum(r["fired"] for r in reports) == len(tables), reports
    store = await open_store(db_url)
    try:
        for table_id in tables:
            rows = await store.list_outbox(table_id)
            assert [r.kind for r in rows].count("stalled") == 1
            fired = [t for t in await store.list_timers(table_id) if t.outcome == "fired"]
            assert len(fired) == 1 and fired[0].kind == "deadline"
    finally:
        await store.close()


async def test_each_outbox_row_is_posted_once_and_in_order_by_two_processes(
    db_url: str,
) -> None:
    store = await open_store(db_url)
    try:
        async with store.transaction() as tx:
            tables = [
                await tx.create_table(game="targi", guild_id=1, channel_id=2, host_id=3,
                                      seed=4, options={})
                for _ in range(8)
            ]
            rows = [
                await tx.enqueue(table_id, version=v, kind="turn", payload={})
                for v in range(1, 6)
                for table_id in tables
            ]
    finally:
        await store.close()

    reports = await race(db_url, "deliver", "2")

    posts = [tuple(p) for r in reports for p in r["posted"]]
    assert sorted(p[1] for p in posts) == sorted(rows), "a row was posted twice or never"
    assert all(r["posted"] for r in reports), "one process delivered everything"
    for table_id in tables:
        by_time = sorted((p for p in posts if p[0] == table_id), key=lambda p: p[2])
        ids = [p[1] for p in by_time]
        assert ids == sorted(ids), f"table {table_id} posted out of order"


async def test_two_processes_filling_the_last_seat_seat_one_and_tell_the_other(
    db_url: str,
) -> None:
    # Two stores, each with its own connections, stand in for two processes here.
    first, second = await open_store(db_url), await open_store(db_url)
    try:
        one, other = TableService(first), TableService(second)
        for attempt in range(5):  # a few lobbies, so the two really meet
            info = await one.create_table(
                "targi", guild_id=1, channel_id=2, host_id=HOST, host_name="Hana"
            )
            results = await asyncio.gather(
                one.join(info.id, 500 + attempt, "Gus"),
                other.join(info.id, 600 + attempt, "Ida"),
                return_exceptions=True,
            )
            refused = [r for r in results if isinstance(r, BaseException)]
            assert len(refused) == 1 and isinstance(refused[0], TableFull), results
            assert len((await one.info(info.id)).seats) == 2
    finally:
        await first.close()
        await second.close()
