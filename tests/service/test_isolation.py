"""One bad row affects its own table only: the loops over tables, timers and outbox rows go on.

A table whose stored data cannot be read or played is quarantined: marked broken in storage,
its timers finished, its players told once in its thread, and every other table carries on.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.service import TableBroken, TableNotActive, TableService
from bot.service.timers import TimerService
from games.core import Game, all_games, discovery
from storage import open_store
from tests.service.conftest import (
    CHANNEL,
    GUEST,
    GUILD,
    HOST,
    OpenService,
    play_moves,
    started_table,
)
from tests.storage.conftest import FakeClock

START = datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=UTC)


def sql(db_url: str, statement: str, *params: Any) -> None:
    """Change the database file behind the service's back, as a damaged row would be."""
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as conn:
        conn.execute(statement, params)


async def kinds(service: TableService, table_id: int) -> list[str]:
    return [r.kind for r in await service.outbox.for_table(table_id)]


def games_with_a_cursed_one(name: str) -> Game[Any]:
    """The installed games, and one whose package raises something no one planned for."""
    if name == "cursed-game":
        raise RuntimeError("the cursed game's package is broken")
    return discovery.get(name)


async def test_a_timer_of_a_game_that_fails_quarantines_its_table_and_the_rest_still_fire(
    service: TableService, clock: FakeClock, db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    bad = await started_table(service)
    good = await started_table(service)
    sql(db_url, "UPDATE game_tables SET game = 'cursed-game' WHERE id = ?", bad)
    timers = TimerService(service.store, clock=clock, games=games_with_a_cursed_one)

    clock.now = START + timedelta(hours=6)
    with caplog.at_level(logging.ERROR):
        assert await timers.fire_due() == 1
    assert "reminder" in await kinds(service, good)
    assert [t.id for t in await service.store.broken_tables()] == [bad]
    assert (await kinds(service, bad))[-1] == "broken"
    assert [r.getMessage() for r in caplog.records if f"table {bad}" in r.getMessage()]

    caplog.clear()
    clock.now = START + timedelta(hours=30)  # nothing of the bad table is retried
    with caplog.at_level(logging.ERROR):
        assert await timers.fire_due() == 1  # the good table's stall notice
    assert caplog.records == []
    assert (await kinds(service, bad)).count("broken") == 1


async def test_a_timer_of_a_game_not_installed_waits_and_the_rest_still_fire(
    service: TableService, clock: FakeClock, db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Not broken: the game may be installed again, so its timers wait for it."""
    waiting = await started_table(service)
    good = await started_table(service)
    sql(db_url, "UPDATE game_tables SET game = 'lost-game' WHERE id = ?", waiting)
    timers = TimerService(service.store, clock=clock)

    clock.now = START + timedelta(hours=6)
    with caplog.at_level(logging.ERROR):
        assert await timers.fire_due() == 1
    assert "reminder" in await kinds(service, good)
    assert "reminder" not in await kinds(service, waiting)
    assert await service.store.broken_tables() == []
    assert caplog.records == []
    pending = await service.store.list_timers(waiting, pending=True)
    assert pending and all(t.due_at > clock.now for t in pending)


async def test_a_vanished_time_zone_is_read_as_utc_and_the_reminder_fires(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await started_table(service)
    for user in (HOST, GUEST):
        async with service.store.transaction() as tx:
            await tx.put_user_settings(
                user, time_zone="Atlantis/Sunken", quiet_start="01:00", quiet_end="02:00",
                notify="thread",
            )
    timers = TimerService(service.store, clock=clock)
    clock.now = START + timedelta(hours=6)
    assert await timers.fire_due() == 1
    assert "reminder" in await kinds(service, table_id)
    assert await service.store.broken_tables() == []


@pytest.mark.parametrize(
    ("reminders", "wake_at"),
    [
        ("{not json", "2026-03-01T18:00:00.000000Z"),
        ('[["one", 5]]', ""),
        ('[[1, null]]', "2026-03-01T18:00:00.000000Z"),
        ('[[1, "2026-03-01T18:00:00"]]', "2026-03-01T18:00:00.000000Z"),
        (None, "1970-01-01 or so"),
    ],
)
async def test_a_damaged_timer_row_still_fires_its_deadline_and_spares_the_others(
    service: TableService, clock: FakeClock, db_url: str, reminders: str | None, wake_at: str
) -> None:
    """A deadline whose folded reminders or wake-up time cannot be read (damaged, or left
    empty by a process of an earlier version) loses its reminders at worst: the scheduler
    keeps its time for every other table, and the deadline still fires."""
    damaged = await started_table(service)
    good = await started_table(service)
    sql(db_url, "UPDATE timers SET reminders = ?, wake_at = ? WHERE table_id = ?",
        reminders, wake_at, damaged)  # fmt: skip
    timers = TimerService(service.store, clock=clock)
    clock.now = START + timedelta(hours=6)
    assert await timers.fire_due() == 1
    assert "reminder" in await kinds(service, good)
    assert await timers.seconds_until_next() is not None
    assert "reminder" not in await kinds(service, damaged)
    clock.now = START + timedelta(days=2)
    assert await timers.fire_due() == 2
    assert (await kinds(service, damaged))[-1] == "stalled"
    assert (await kinds(service, good))[-1] == "stalled"
    assert await service.store.broken_tables() == []
    assert await service.store.next_timer_due() is None


async def test_a_quarantined_table_refuses_moves_with_a_clear_reason(
    service: TableService, db_url: str
) -> None:
    table_id = await started_table(service)
    nxt = (await service.load(table_id)).next
    assert nxt is not None and nxt.user_id is not None
    await service.quarantine(table_id, "test")
    with pytest.raises(TableBroken) as refused:
        await service.submit(table_id, nxt.user_id, nxt.actions[0], "r1", 0)
    assert f"#{table_id}" in refused.value.reason and "paused" in refused.value.reason


async def stuck_on_agent(service: TableService, monkeypatch: pytest.MonkeyPatch) -> int:
    """A table whose agent seat should answer, as after a crash between the two commits."""
    table_id = await started_table(service, guest=None, bot="greedy")

    async def died(*args: Any, **kwargs: Any) -> list[Any]:
        return []

    with monkeypatch.context() as patch:
        patch.setattr(service, "_agents_move", died)
        loaded = await service.load(table_id)
        assert loaded.next is not None and loaded.next.user_id == HOST
        await service.submit(table_id, HOST, loaded.next.actions[0], "req-1", loaded.version)
    stuck = await service.load(table_id)
    assert stuck.next is not None and stuck.next.is_agent
    return table_id


async def test_resume_agents_goes_on_past_a_table_that_cannot_be_loaded(
    open_service: OpenService, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    crashed = await open_service()
    bad = await stuck_on_agent(crashed, monkeypatch)
    good = await stuck_on_agent(crashed, monkeypatch)
    sql(db_url, "UPDATE actions SET action = 'no such move' WHERE table_id = ?", bad)
    sql(db_url, "DELETE FROM snapshots WHERE table_id = ?", bad)

    restarted = await open_service()
    assert await restarted.resume_agents() >= 1
    resumed = await restarted.load(good)
    assert resumed.next is not None and resumed.next.user_id == HOST
    assert [t.id for t in await restarted.store.broken_tables()] == [bad]
    assert await restarted.resume_agents() == 0


async def test_resume_agents_goes_on_past_a_table_whose_game_is_not_installed(
    open_service: OpenService, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    crashed = await open_service()
    waiting = await stuck_on_agent(crashed, monkeypatch)
    good = await stuck_on_agent(crashed, monkeypatch)
    sql(db_url, "UPDATE game_tables SET game = 'lost-game' WHERE id = ?", waiting)

    restarted = await open_service()
    assert await restarted.resume_agents() >= 1
    resumed = await restarted.load(good)
    assert resumed.next is not None and resumed.next.user_id == HOST
    assert await restarted.store.broken_tables() == []


async def test_an_unreadable_outbox_payload_is_set_aside_and_the_others_are_delivered(
    service: TableService, db_url: str
) -> None:
    bad = await started_table(service)
    good = await started_table(service)
    sql(db_url, "UPDATE outbox SET payload = '{not json' WHERE table_id = ?", bad)

    pending = await service.outbox.pending()
    assert {r.table_id for r in pending} == {good}
    assert [t.id for t in await service.store.broken_tables()] == [bad]
    rows = await service.outbox.for_table(bad)
    assert rows[0].delivered_at is not None and rows[0].last_error  # given up, error kept
    assert [r.kind for r in await service.outbox.pending()] == ["start", "broken"]


def damaged(snapshot: dict[str, Any], damage: str) -> dict[str, Any]:
    """The snapshot with its game data (under "state", or beside "game" and "schema") broken."""
    nested = isinstance(snapshot.get("state"), dict)
    body = dict(snapshot["state"]) if nested else {
        k: v for k, v in snapshot.items() if k not in ("game", "schema")
    }
    if damage == "missing key":
        body.pop(sorted(body)[0])
    elif damage == "wrong type":
        body = {key: [] for key in body}
    if nested or damage == "not an object":
        return {"game": snapshot["game"], "schema": snapshot["schema"],
                "state": "garbage" if damage == "not an object" else body}
    return {"game": snapshot["game"], "schema": snapshot["schema"], **body}


@pytest.mark.parametrize("game", [g.name for g in all_games()])
@pytest.mark.parametrize("damage", ["missing key", "wrong type", "not an object"])
async def test_a_malformed_snapshot_of_any_game_is_replaced_by_replaying_the_log(
    open_service: OpenService, db_url: str, game: str, damage: str
) -> None:
    service = await open_service()
    info = await service.create_table(
        game, guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana"
    )
    await service.join(info.id, GUEST, "Gus")
    await service.start(info.id, HOST)
    await play_moves(service, info.id, 4)
    expected = (await service.load(info.id)).state
    engine = service.game(game)

    snapshot = await service.store.get_snapshot(info.id)
    assert snapshot is not None
    state = damaged(dict(snapshot.state), damage)
    sql(
        db_url,
        "UPDATE snapshots SET state = ? WHERE table_id = ? AND version = ?",
        json.dumps(state), info.id, snapshot.version,
    )

    fresh = await open_service(state_cache_size=0)
    loaded = await fresh.load(info.id)
    assert engine.to_json(loaded.state) == engine.to_json(expected)
    assert await fresh.store.broken_tables() == []


async def test_an_unplayable_log_quarantines_the_table_on_load(
    open_service: OpenService, db_url: str
) -> None:
    service = await open_service()
    table_id = await started_table(service)
    await play_moves(service, table_id, 2)
    sql(db_url, "UPDATE snapshots SET state = '[]' WHERE table_id = ?", table_id)
    sql(db_url, "UPDATE actions SET action = 'fly away' WHERE table_id = ?", table_id)

    fresh = await open_service(state_cache_size=0)
    with pytest.raises(TableBroken):
        await fresh.load(table_id)
    assert [t.id for t in await fresh.store.broken_tables()] == [table_id]


async def test_db_check_lists_quarantined_tables(db_url: str, clock: FakeClock) -> None:
    from bot.cli import db_command

    store = await open_store(db_url, clock=clock)
    service = TableService(store, clock=clock, seed_source=lambda: 5)
    table_id = await started_table(service)
    await service.quarantine(table_id, "ValueError: example")
    await store.close()
    report = await db_command("check", db_url)
    assert report["broken"] == [
        {"table": table_id, "game": "targi", "reason": "ValueError: example",
         "since": "2026-03-01T12:00:00.123456Z"}
    ]


async def test_a_repaired_table_is_released_and_plays_on(
    open_service: OpenService, db_url: str
) -> None:
    from bot.cli import UsageError, db_command

    service = await open_service()
    table_id = await started_table(service)
    await play_moves(service, table_id, 2)
    first = (await service.store.list_actions(table_id))[0]
    sql(db_url, "UPDATE snapshots SET state = '[]' WHERE table_id = ?", table_id)
    sql(db_url, "UPDATE actions SET action = 'fly away' WHERE table_id = ? AND version = 1",
        table_id)
    fresh = await open_service(state_cache_size=0)
    with pytest.raises(TableBroken):
        await fresh.load(table_id)
    assert await fresh.store.list_timers(table_id, pending=True) == []

    with pytest.raises(UsageError, match="stays paused"):  # not repaired yet
        await db_command("release", db_url, table=table_id)
    assert [t.id for t in await fresh.store.broken_tables()] == [table_id]

    sql(db_url, "UPDATE actions SET action = ? WHERE table_id = ? AND version = 1",
        first.action, table_id)  # the repair
    report = await db_command("release", db_url, table=table_id)
    assert report["released"] == {"table": table_id, "game": "targi", "status": "active"}

    after = await open_service(state_cache_size=0)
    assert await after.store.broken_tables() == []
    assert (await kinds(after, table_id))[-2:] == ["broken", "released"]
    loaded = await after.load(table_id)
    assert loaded.next is not None and loaded.next.user_id is not None
    pending = await after.store.list_timers(table_id, pending=True)
    assert {t.seat for t in pending} == {loaded.next.seat}  # a fresh turn's time
    await after.submit(table_id, loaded.next.user_id, loaded.next.actions[0], "after-release",
                       loaded.version)


async def test_only_a_paused_table_can_be_released(service: TableService) -> None:
    table_id = await started_table(service)
    with pytest.raises(TableNotActive, match="not paused"):
        await service.release(table_id)
