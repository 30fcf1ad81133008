"""The one background task that fires reminders and deadlines: it sleeps until the earliest.

The service's ``TimerService`` does the firing (each timer exactly once, as an outbox row);
this loop owns the waiting. After each pass it asks the store when the next timer is due and
sleeps exactly that long (at most ``max_sleep``, so a clock jump is noticed). A move that
schedules an earlier timer calls ``wake()`` through the service's ``on_schedule`` hook, which
interrupts the sleep so the next wake-up is recomputed at once. A timer due no earlier than the
wake-up already planned changes nothing, so it does not wake the loop: every move schedules its
seat's reminders and deadline, hours away, and looking again after each one cost two reads per
move.

Waking cancels the sleep rather than racing it against an event, so the task is always either
working or inside one plain ``sleep`` call: easy to reason about, and a test harness that
drives time can treat it like any other sleeping task. ``sleep`` and the service's clock are
injectable, so tests decide when time passes.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from bot.service.timers import TimerService

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]
MAX_SLEEP_SECONDS = 300.0
MIN_SLEEP_SECONDS = 1.0  # between passes, even when a timer is still due: the loop never spins
RETRY_SECONDS = 30.0  # after a failed pass (e.g. the database was briefly unavailable)


class TimerLoop:
    def __init__(
        self,
        timers: TimerService,
        *,
        sleep: Sleep = asyncio.sleep,
        max_sleep: float = MAX_SLEEP_SECONDS,
        on_fired: Callable[[], Awaitable[object]] | None = None,
        ready: Callable[[], Awaitable[object]] | None = None,
        on_pass: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        self.timers = timers
        self.max_sleep = max_sleep
        self.on_fired = on_fired  # e.g. deliver the outbox rows the timers just wrote
        self.ready = ready  # awaited once before the first pass (e.g. the gateway is up)
        self.on_pass = on_pass  # after every pass, e.g. send the daily digests that are due
        self.delays: deque[float] = deque(maxlen=64)  # the latest sleeps asked for, newest last
        self._sleep = sleep
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._woken = False
        self._until: datetime | None = None  # when the current sleep ends, by the timers' clock

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="caravanserai-timers")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            self._woken = False
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    def wake(self, due: datetime | None = None) -> None:
        """A timer may now be due earlier than the loop is sleeping for: look again now.
        With ``due``, the earliest new timer's time: a sleep that ends by then goes on."""
        if due is not None and self._sleeping and self._until is not None and due >= self._until:
            return
        self._woken = True
        if self._sleeping and self._task is not None and not self._task.done():
            self._task.cancel()

    async def pass_once(self) -> float:
        """Fire what is due, deliver it, and return how long to sleep before looking again."""
        try:
            fired = await self.timers.fire_due()
            if fired and self.on_fired is not None:
                await self.on_fired()
            delay = await self.timers.seconds_until_next()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("timer pass failed; trying again in %s s", RETRY_SECONDS)
            return min(RETRY_SECONDS, self.max_sleep)
        if self.on_pass is not None:
            try:
                await self.on_pass()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the work after a timer pass failed")
        if delay is None:
            return self.max_sleep
        return max(MIN_SLEEP_SECONDS, min(delay, self.max_sleep))

    async def _run(self) -> None:
        if self.ready is not None:
            await self.ready()
        while True:
            self._woken = False  # before looking, so a wake-up during the pass is kept
            delay = await self.pass_once()
            if self._woken:
                continue
            self.delays.append(delay)
            self._until = self.timers.now() + timedelta(seconds=delay)
            self._sleeping = True
            try:
                await self._sleep(delay)
            except asyncio.CancelledError:
                if not self._woken:
                    raise  # stopped
                task = asyncio.current_task()
                if task is not None:
                    task.uncancel()
            finally:
                self._sleeping = False
