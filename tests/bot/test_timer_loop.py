from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.timers import MIN_SLEEP_SECONDS, TimerLoop


class FakeTimers:
    """Timers due at given delays; ``fire_due`` counts passes and reports a firing once."""

    def __init__(self, delays: list[float | None]) -> None:
        self.delays = delays
        self.passes = 0
        self.during_pass: Any = None

    async def fire_due(self) -> int:
        self.passes += 1
        if self.during_pass is not None:
            self.during_pass()
            self.during_pass = None
        return 1 if self.passes == 2 else 0

    async def seconds_until_next(self) -> float | None:
        return self.delays[min(self.passes, len(self.delays)) - 1]

    def now(self) -> datetime:
        return NOW


class Sleeps:
    """A sleep that records what it was asked for and waits until released or cancelled."""

    def __init__(self) -> None:
        self.asked: list[float] = []
        self.release = asyncio.Event()

    async def __call__(self, delay: float) -> None:
        self.asked.append(delay)
        await self.release.wait()
        self.release.clear()


NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_sleeps_until_the_earliest_timer_and_a_wake_looks_again_at_once() -> None:
    fired: list[int] = []
    timers = FakeTimers([3600.0, 12.5, None])
    sleeps = Sleeps()

    async def delivered() -> None:
        fired.append(timers.passes)

    loop = TimerLoop(
        timers, sleep=sleeps, max_sleep=300.0, on_fired=delivered  # type: ignore[arg-type]
    )
    loop.start()
    await settle()
    assert sleeps.asked == [300.0], "never longer than max_sleep"

    loop.wake()  # e.g. a move scheduled a timer sooner
    await settle()
    assert timers.passes == 2 and fired == [2], "what fired is delivered at once"
    assert sleeps.asked == [300.0, 12.5]

    sleeps.release.set()  # the sleep ran out
    await settle()
    assert timers.passes == 3 and sleeps.asked[-1] == 300.0, "nothing due: look again later"
    await loop.stop()


async def test_a_wake_during_a_pass_is_not_lost() -> None:
    timers = FakeTimers([50.0])
    sleeps = Sleeps()
    loop = TimerLoop(timers, sleep=sleeps)  # type: ignore[arg-type]
    timers.during_pass = loop.wake
    loop.start()
    await settle()
    assert timers.passes == 2 and len(sleeps.asked) == 1, "the pass ran again before sleeping"
    await loop.stop()
    assert loop._task is None


async def test_a_timer_that_stays_due_cannot_make_the_loop_spin() -> None:
    timers = FakeTimers([0.0, 0.0, 0.0])  # whatever a pass does, something is still due
    sleeps = Sleeps()
    loop = TimerLoop(timers, sleep=sleeps)  # type: ignore[arg-type]
    loop.start()
    await settle()
    assert timers.passes == 1 and sleeps.asked == [MIN_SLEEP_SECONDS]
    assert MIN_SLEEP_SECONDS >= 1.0
    await loop.stop()


async def test_a_timer_due_after_the_planned_wake_up_lets_the_loop_sleep_on() -> None:
    # Every move schedules its seat's reminders, hours away: no pass and no read for those.
    timers = FakeTimers([3600.0])
    sleeps = Sleeps()
    loop = TimerLoop(timers, sleep=sleeps, max_sleep=300.0)  # type: ignore[arg-type]
    loop.start()
    await settle()
    assert timers.passes == 1 and sleeps.asked == [300.0]

    loop.wake(NOW + timedelta(hours=6))
    loop.wake(NOW + timedelta(seconds=300))
    await settle()
    assert timers.passes == 1 and sleeps.asked == [300.0], "still asleep until its wake-up"

    loop.wake(NOW + timedelta(seconds=299))  # sooner than the sleep ends
    await settle()
    assert timers.passes == 2 and sleeps.asked == [300.0, 300.0]

    loop.wake()  # no time given: always look again
    await settle()
    assert timers.passes == 3
    await loop.stop()
