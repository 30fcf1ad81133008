"""Reminders and deadlines on a real SQLite file, with a clock the tests move by hand."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.service import TableService, UnknownPace
from bot.service.timers import TimerService
from storage import OutboxRecord, open_store
from tests.service.conftest import CHANNEL, GUILD, HOST, OpenService, started_table
from tests.storage.conftest import FakeClock

START = datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=UTC)  # the FakeClock's start


def at(hours: float) -> datetime:
    return START + timedelta(hours=hours)


async def rows(service: TableService, table_id: int, *kinds: str) -> list[OutboxRecord]:
    return [r for r in await service.outbox.for_table(table_id) if r.kind in kinds]


async def decider(service: TableService, table_id: int) -> int:
    nxt = (await service.load(table_id)).next
    assert nxt is not None and nxt.user_id is not None
    return nxt.user_id


async def fire_at(timers: TimerService, clock: FakeClock, moment: datetime) -> int:
    clock.now = moment
    return await timers.fire_due()


async def test_a_daily_table_reminds_at_a_quarter_sixty_and_ninety_percent_then_stalls(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await started_table(service)
    user = await decider(service, table_id)
    timers = TimerService(service.store, clock=clock)
    assert await service.deadline(table_id) == at(24)
    start_row = (await rows(service, table_id, "start"))[0]
    assert start_row.payload["next_deadline"] == int(at(24).timestamp())

    assert await fire_at(timers, clock, at(6) - timedelta(seconds=1)) == 0
    assert await fire_at(timers, clock, at(6)) == 1
    assert await fire_at(timers, clock, at(6)) == 0  # never twice
    assert await fire_at(timers, clock, at(14.4)) == 1
    assert await fire_at(timers, clock, at(21.6)) == 1
    reminders = await rows(service, table_id, "reminder")
    assert [r.payload["number"] for r in reminders] == [1, 2, 3]
    first = reminders[0].payload
    assert first["user_id"] == user and first["notify"] == "thread" and first["of"] == 3
    assert first["deadline"] == int(at(24).timestamp())
    assert first["version"] == 0 and first["label"] in ("Blue", "White")

    assert await rows(service, table_id, "stalled") == []
    assert await fire_at(timers, clock, at(24)) == 1
    (stalled,) = await rows(service, table_id, "stalled")
    assert stalled.payload["user_id"] == user
    assert stalled.payload["choices"] == ["extend", "agent_takeover", "take_seat"]
    assert (await service.table_info(table_id)).stalled


async def test_each_pace_sets_its_own_deadline(open_service: OpenService, clock: FakeClock) -> None:
    service = await open_service()
    expected = {"live": 10 / 60, "brisk": 2, "daily": 24, "relaxed": 72}
    for pace, hours in expected.items():
        info = await service.create_table(
            "targi", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana",
            pace=f" {pace.upper()} ",
        )
        assert info.pace == pace
        await service.join(info.id, 202, "Gus")
        await service.start(info.id, HOST)
        assert await service.deadline(info.id) == START + timedelta(hours=hours)
        details = await service.table_info(info.id)
        assert details.pace == pace and not details.stalled
    with pytest.raises(UnknownPace, match="Choose one of: live, brisk, daily, relaxed"):
        await service.create_table(
            "targi", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana",
            pace="glacial",
        )


async def test_reminders_stop_once_the_player_moves(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await started_table(service)
    first_user = await decider(service, table_id)
    timers = TimerService(service.store, clock=clock)
    assert await fire_at(timers, clock, at(6)) == 1

    clock.now = at(7)
    loaded = await service.load(table_id)
    assert loaded.next is not None
    await service.submit(table_id, first_user, loaded.next.actions[0], "m1", loaded.version)
    second_user = await decider(service, table_id)
    assert second_user != first_user  # placing a figure passes the turn in Targi

    # the old schedule (14.4 h, 21.6 h, 24 h) is gone; the new seat's runs from 7 h, and its
    # two reminders due by 24 h make one notice: the latest
    assert await fire_at(timers, clock, at(24)) == 1
    reminders = await rows(service, table_id, "reminder")
    assert [r.payload["user_id"] for r in reminders] == [first_user, second_user]
    assert reminders[1].payload["version"] == 1 and reminders[1].payload["number"] == 2
    assert await rows(service, table_id, "stalled") == []
    assert await fire_at(timers, clock, at(31)) == 1  # the deadline; reminder 3 is skipped
    (stalled,) = await rows(service, table_id, "stalled")
    assert stalled.payload["user_id"] == second_user
    # of the old schedule only the reminder that fired is kept; the move dropped the rest
    old = [t.outcome for t in await service.store.list_timers(table_id) if t.version == 0]
    assert old == ["fired"]


async def test_a_stale_timer_never_fires(service: TableService, clock: FakeClock) -> None:
    table_id = await started_table(service)
    user = await decider(service, table_id)
    # a timer left pending at an old version (as if written by an older process)
    async with service.store.transaction() as tx:
        await tx.add_timer(table_id, seat=0, version=99, kind="reminder", number=1, due_at=at(1))
    timers = TimerService(service.store, clock=clock)
    assert await fire_at(timers, clock, at(1)) == 0
    assert await rows(service, table_id, "reminder") == []
    assert user  # the real schedule is untouched
    assert await fire_at(timers, clock, at(6)) == 1


async def test_quiet_hours_in_tokyo_hold_a_reminder_until_morning(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await started_table(service)
    user = await decider(service, table_id)
    await service.set_user_settings(
        user, time_zone="asia/tokyo", quiet_hours="22:00-07:00", notify="dm"
    )
    timers = TimerService(service.store, clock=clock)
    # 6 h in is 18:00 UTC = 03:00 in Tokyo: quiet, so held until 07:00 JST = 22:00 UTC
    assert await fire_at(timers, clock, at(6)) == 0
    assert await rows(service, table_id, "reminder") == []
    assert await service.store.next_timer_due() == datetime(2026, 3, 1, 22, 0, tzinfo=UTC)
    assert await fire_at(timers, clock, datetime(2026, 3, 1, 21, 59, tzinfo=UTC)) == 0
    assert await fire_at(timers, clock, datetime(2026, 3, 1, 22, 0, tzinfo=UTC)) == 1
    (reminder,) = await rows(service, table_id, "reminder")
    assert reminder.payload["notify"] == "dm" and reminder.payload["number"] == 1
    # 14.4 h in is 02:24 UTC = 11:24 in Tokyo: not quiet, on time
    assert await fire_at(timers, clock, at(14.4)) == 1


async def test_quiet_hours_across_midnight_in_new_york(
    open_service: OpenService, clock: FakeClock
) -> None:
    service = await open_service()
    info = await service.create_table(
        "targi", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana",
        pace="relaxed",
    )
    await service.join(info.id, 202, "Gus")
    await service.start(info.id, HOST)
    user = await decider(service, info.id)
    await service.set_user_settings(user, time_zone="America/New_York", quiet_hours="11pm-8am")
    timers = TimerService(service.store, clock=clock)
    ny = (await service.user_settings(user)).zone

    # reminder 1 at 18 h: 06:00 UTC on 2 March = 01:00 in New York → held until 08:00 there
    assert await fire_at(timers, clock, at(18)) == 0
    held = await service.store.next_timer_due()
    assert held is not None and held.astimezone(ny).strftime("%d %H:%M") == "02 08:00"
    assert await fire_at(timers, clock, held) == 1
    # reminder 3 at 64.8 h: 04:48 UTC on 4 March = 23:48 on the 3rd in New York; quiet hours
    # end at 08:00 on the 4th, after the 12:00 UTC (07:00 local) deadline → skipped
    # reminder 2 at 43.2 h (02:12 local) is held into the morning as well
    assert await fire_at(timers, clock, at(43.2)) == 0
    held = await service.store.next_timer_due()
    assert held is not None and held.astimezone(ny).strftime("%d %H:%M") == "03 08:00"
    assert await fire_at(timers, clock, held) == 1
    clock.now = at(64.8)
    assert await timers.fire_due() == 0
    skipped = [t for t in await service.store.list_timers(info.id) if t.number == 3]
    assert skipped[0].outcome == "skipped"
    assert [r.payload["number"] for r in await rows(service, info.id, "reminder")] == [1, 2]
    assert await fire_at(timers, clock, at(72)) == 1  # the deadline is never held
    assert len(await rows(service, info.id, "stalled")) == 1


async def test_timers_survive_a_restart_on_the_same_file(db_url: str, clock: FakeClock) -> None:
    store = await open_store(db_url, clock=clock)
    service = TableService(store, clock=clock, seed_source=lambda: 5)
    table_id = await started_table(service)
    await store.close()

    clock.now = at(30)  # the process was down while everything fell due
    again = await open_store(db_url, clock=clock)
    try:
        timers = TimerService(again, clock=clock)
        assert await timers.fire_due() == 1  # one notice, of where the table stands now
        kinds = [r.kind for r in await again.list_outbox(table_id) if r.kind != "start"]
        assert kinds == ["stalled"]
        outcomes = sorted(str(t.outcome) for t in await again.list_timers(table_id))
        assert outcomes == ["fired", "skipped", "skipped", "skipped"]
        assert await timers.fire_due() == 0
    finally:
        await again.close()


async def test_two_schedulers_on_one_file_fire_each_timer_once(
    open_service: OpenService, clock: FakeClock
) -> None:
    first, second = await open_service(), await open_service()
    table_id = await started_table(first)
    schedulers = [TimerService(s.store, clock=clock) for s in (first, second)]
    for hours in (6, 14.4, 21.6, 24):
        clock.now = at(hours)
        fired = await asyncio.gather(*(t.fire_due() for t in schedulers))
        assert sum(fired) == 1
    kinds = [r.kind for r in await first.outbox.for_table(table_id)]
    assert kinds == ["start", "reminder", "reminder", "reminder", "stalled"]


async def test_the_scheduler_sleeps_until_the_earliest_timer(
    open_service: OpenService, clock: FakeClock
) -> None:
    slept: list[float] = []
    done = asyncio.Event()

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.advance(seconds)
        if len(slept) == 5:
            done.set()
            await asyncio.Event().wait()  # the test cancels the task here

    service = await open_service()
    table_id = await started_table(service)
    timers = TimerService(service.store, clock=clock, sleep=sleep, max_sleep=86_400)
    task = asyncio.create_task(timers.run())
    await asyncio.wait_for(done.wait(), 10)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    hours = [round(s / 3600, 2) for s in slept]
    assert hours[:4] == [6.0, 8.4, 7.2, 2.4]  # 6 h, 14.4 h, 21.6 h, 24 h
    assert hours[4] == 24.0  # nothing left: the longest nap
    kinds = [r.kind for r in await service.outbox.for_table(table_id)]
    assert kinds.count("reminder") == 3 and kinds.count("stalled") == 1


async def test_a_move_wakes_the_scheduler(open_service: OpenService, clock: FakeClock) -> None:
    woken: list[Any] = []
    service = await open_service(on_schedule=lambda due: woken.append(due))
    await started_table(service)
    assert woken  # the start scheduled the first seat's timers


async def test_a_new_schedule_wakes_a_sleeping_scheduler(
    open_service: OpenService, clock: FakeClock
) -> None:
    naps: list[float] = []
    napping = asyncio.Event()

    async def sleep(seconds: float) -> None:
        naps.append(seconds)
        napping.set()
        await asyncio.Event().wait()  # a long nap that only a wake-up ends

    service = await open_service()
    timers = TimerService(service.store, clock=clock, sleep=sleep, max_sleep=3600)
    service.on_schedule = timers.wake
    task = asyncio.create_task(timers.run())
    try:
        await asyncio.wait_for(napping.wait(), 10)
        assert naps == [3600]  # nothing scheduled: the longest nap
        napping.clear()
        await started_table(service)
        await asyncio.wait_for(napping.wait(), 10)
        assert naps == [3600, 3600]  # woken, and the first reminder is 6 h away: capped
        timers.max_sleep = 86_400
        napping.clear()
        timers.wake()
        await asyncio.wait_for(napping.wait(), 10)
        assert naps[-1] == 6 * 3600
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
