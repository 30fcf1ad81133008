"""Quiet hours across daylight-saving gaps and folds, in every time zone this machine knows."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

import pytest

from bot.service import TableService
from bot.service.settings import UserSettings
from bot.service.timers import TimerService
from tests.service.conftest import GUEST, HOST, started_table
from tests.storage.conftest import FakeClock

YEAR = 2026


def quiet(zone: str, start: str, end: str) -> UserSettings:
    return UserSettings(1, zone, time.fromisoformat(start), time.fromisoformat(end))


def test_quiet_hours_that_end_in_the_repeated_autumn_hour_end_at_its_second_passing() -> None:
    paris = quiet("Europe/Paris", "01:00", "02:30")
    # 25 October 2026: 03:00 summer time becomes 02:00 winter time at 01:00 UTC
    at = datetime(2026, 10, 25, 1, 15, tzinfo=UTC)  # 02:15, the second time
    assert paris.is_quiet(at)
    assert paris.quiet_until(at) == datetime(2026, 10, 25, 1, 30, tzinfo=UTC)  # 02:30 again
    early = datetime(2026, 10, 24, 23, 30, tzinfo=UTC)  # 01:30 summer time
    assert paris.quiet_until(early) == datetime(2026, 10, 25, 0, 30, tzinfo=UTC)


def test_quiet_hours_that_end_in_the_skipped_spring_hour_end_when_it_is_skipped() -> None:
    paris = quiet("Europe/Paris", "01:00", "02:30")
    # 29 March 2026: 02:00 winter time becomes 03:00 summer time at 01:00 UTC
    at = datetime(2026, 3, 29, 0, 30, tzinfo=UTC)  # 01:30 winter time
    assert paris.quiet_until(at) == datetime(2026, 3, 29, 1, 0, tzinfo=UTC)  # now 03:00


def offset(zone: ZoneInfo, ts: int) -> timedelta | None:
    return datetime.fromtimestamp(ts, zone).utcoffset()


@cache
def transitions(name: str) -> tuple[datetime, ...]:
    """The instants in YEAR at which the zone's offset from UTC changes."""
    zone = ZoneInfo(name)
    first = int(datetime(YEAR, 1, 1, tzinfo=UTC).timestamp())
    found = []
    for day in range(366):
        lo, hi = first + day * 86_400, first + (day + 1) * 86_400
        if offset(zone, lo) == offset(zone, hi):
            continue
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (mid, hi) if offset(zone, mid) == offset(zone, lo) else (lo, mid)
        found.append(datetime.fromtimestamp(hi, UTC))
    return tuple(found)


def whole_minute(moment: datetime) -> time:
    return (moment.replace(second=0, microsecond=0)).time()


def check(settings: UserSettings, at: datetime) -> None:
    until = settings.quiet_until(at)
    assert until >= at, (settings, at, until)
    assert not settings.is_quiet(until), (settings, at, until)
    assert until - at <= timedelta(hours=26), (settings, at, until)
    for step in range(1, 16):  # quiet all the way there
        between = at + (until - at) * step / 16
        if between < until:
            assert settings.is_quiet(between), (settings, at, until, between)


ZONES = sorted(available_timezones())


@pytest.mark.parametrize("block", range(8))
def test_quiet_until_is_right_around_every_transition_of_every_zone(block: int) -> None:
    checked = 0
    for name in ZONES[block::8]:
        zone = ZoneInfo(name)
        for moment in transitions(name):
            before = whole_minute((moment - timedelta(seconds=1)).astimezone(zone))
            after = whole_minute(moment.astimezone(zone))
            for anchor in (before, after):
                for shift in (-30, 0, 30):
                    end = (datetime.combine(date(YEAR, 1, 2), anchor) + timedelta(minutes=shift))
                    for length in (90, 23 * 60):
                        start = end - timedelta(minutes=length)
                        settings = UserSettings(1, name, start.time(), end.time())
                        for minutes in (-150, -60, -31, -1, 0, 1, 29, 61):
                            check(settings, moment + timedelta(minutes=minutes, seconds=7))
                            checked += 1
    assert checked > 0 or block == 7


def test_every_zone_without_a_transition_is_right_too() -> None:
    for name in ZONES:
        settings = UserSettings(1, name, time(22, 0), time(7, 30))
        for hour in (0, 9, 21):
            check(settings, datetime(YEAR, 6, 1, hour, 15, tzinfo=UTC))


async def test_a_quiet_hours_bug_can_never_fire_a_reminder_twice_or_spin(
    service: TableService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = await started_table(service)
    for user in (HOST, GUEST):
        await service.set_user_settings(user, quiet_hours="00:00-23:59")
    # as the old arithmetic did in the autumn fold: a time already past
    monkeypatch.setattr(UserSettings, "quiet_until", lambda self, at: at - timedelta(minutes=45))
    timers = TimerService(service.store, clock=clock)
    clock.now = clock.now + timedelta(hours=6)
    assert await asyncio.wait_for(timers.fire_due(), 5) == 0
    assert await asyncio.wait_for(timers.fire_due(), 5) == 0
    kinds = [r.kind for r in await service.outbox.for_table(table_id)]
    assert kinds == ["start"]
    timers = await service.store.list_timers(table_id)
    first = next(t for t in timers if (t.kind, t.number) == ("reminder", 1))
    assert first.outcome == "skipped"  # never postponed into the past


@pytest.mark.parametrize(
    ("typed", "choice"),
    [("every turn", "every_turn"), ("Reminders only", "reminders"), ("daily  digest", "digest")],
)
async def test_which_turns_ping_is_a_setting_of_its_own(
    service: TableService, typed: str, choice: str
) -> None:
    await service.set_user_settings(HOST, quiet_hours="22:00-07:00")
    saved = await service.set_user_settings(HOST, turn_pings=typed)
    assert saved.turn_pings == choice and saved.quiet_hours == "22:00-07:00"
    assert (await service.user_settings(HOST)).turn_pings == choice


async def test_an_unknown_ping_choice_is_refused_and_nothing_changes(service: TableService) -> None:
    from bot.service import InvalidSetting

    with pytest.raises(InvalidSetting, match="every turn, reminders only, or daily digest"):
        await service.set_user_settings(HOST, turn_pings="hourly" * 40)
    assert (await service.user_settings(HOST)).turn_pings == "every_turn"
