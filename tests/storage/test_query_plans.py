"""Every query the bot makes while it runs uses an index: none scans a whole table.

The statements are not listed by hand: a real service, timer scheduler and outbox run a few
games on an SQLite file while SQLite reports every statement it executes, and each one is then
planned with EXPLAIN QUERY PLAN. A new query that would scan a table at 10,000 tables fails
here, whoever adds it.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import timedelta
from pathlib import Path

from bot.service import TableService
from bot.service.timers import TimerService
from storage import open_store
from storage.sqlite import SqliteStore
from tests.service.conftest import CHANNEL, GUEST, GUILD, HOST, play_moves
from tests.storage.conftest import FakeClock

FULL_SCAN = re.compile(r"^SCAN (\w+)$")  # "SCAN t USING INDEX …" is fine: it reads an index
CTE = re.compile(r"(?:\bWITH|,)\s*(\w+)\s+AS\s*\(", re.I)  # a named subquery, not a table
NOT_PLANNED = re.compile(r"^\s*(BEGIN|COMMIT|ROLLBACK|PRAGMA|INSERT|SAVEPOINT|RELEASE)\b", re.I)


async def run_the_bot_for_a_while(service: TableService, clock: FakeClock) -> None:
    tables = []
    for guest in (GUEST, GUEST + 1):
        info = await service.create_table(
            "targi", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana"
        )
        await service.join(info.id, guest, "Gus")
        await service.set_thread(info.id, 5_000 + info.id)
        await service.start(info.id, HOST)
        tables.append(info.id)
    first, second = tables
    await play_moves(service, first, 6)
    await service.set_user_settings(HOST, time_zone="Europe/Paris", quiet_hours="23:00-07:00")
    timers = TimerService(service.store, clock=clock)
    for hours in (6, 30):
        clock.now += timedelta(hours=hours)
        await timers.fire_due()
        await timers.seconds_until_next()
    for row in await service.outbox.pending():
        attempt = await service.outbox.begin(row)
        await service.outbox.mark_delivered(attempt.row.id, 9_000 + row.id)
    await service.extend(second, HOST)
    await service.my_tables(HOST)
    await service.table_for_thread(5_000 + first)
    await service.table_info(first)
    await service.game_log(first)
    await service.state_at(first, 2)
    await service.waiting_on(HOST)
    await service.user_settings(GUEST)
    await service.replay_matches(first)
    loaded = await service.load(first)
    assert loaded.next is not None and loaded.next.user_id is not None
    user, action = loaded.next.user_id, loaded.next.actions[0]
    for _ in range(2):  # the second is a repeat: answered from the log
        await service.submit(first, user, action, "again", loaded.version)
    await service.concede(second, HOST)
    await service.resume_agents()


def plans(path: Path, statements: list[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    with sqlite3.connect(path) as conn:
        for statement in statements:
            rows = conn.execute(f"EXPLAIN QUERY PLAN {statement}").fetchall()
            found[statement] = [row[-1] for row in rows]
    return found


async def test_no_query_of_a_running_bot_scans_a_whole_table(tmp_path: Path) -> None:
    path = tmp_path / "plans.db"
    clock = FakeClock()
    store = await open_store(f"sqlite:///{path}", clock=clock)
    assert isinstance(store, SqliteStore)
    seen: set[str] = set()
    await store._conn.set_trace_callback(seen.add)
    try:
        await run_the_bot_for_a_while(TableService(store, clock=clock), clock)
    finally:
        await store._conn.set_trace_callback(None)
        await store.close()
    planned = sorted(s for s in seen if not NOT_PLANNED.match(s))
    assert len(planned) > 20  # the workload reached the store
    scans = {
        statement: steps
        for statement, steps in plans(path, planned).items()
        if any(
            (scan := FULL_SCAN.match(step)) and scan.group(1) not in CTE.findall(statement)
            for step in steps
        )
    }
    assert not scans, "\n".join(f"{s}\n    {steps}" for s, steps in scans.items())
