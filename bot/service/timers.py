"""Reminders and deadlines as rows, fired by one scheduler.

When a decision passes to a person's seat the service writes, in the same transaction as the
move, that seat's reminder timers and its deadline for the new table version (``schedule_turn``)
after finishing every earlier timer of the table as ``cancelled``. A timer whose version is no
longer the table's is never fired (``stale``), so a reminder cannot outlive the move.

``TimerService.run()`` sleeps until the earliest unfinished timer is due (or until ``wake()``
is called, e.g. after a move scheduled an earlier one, or at most ``max_sleep``), then fires
every due timer. Firing one timer is a single transaction: finish the timer (a compare-and-set
on ``fired_at IS NULL``) and write its outbox row, so a timer fires exactly once even when two
schedulers share the database, and a crash between the two leaves neither. Timers are rows, so
they survive a restart; a scheduler started later fires what became due while it was down.

Outbox rows written here (see ``bot.service.outbox`` for the others):

``reminder``
    ``version``, ``seat``, ``label``, ``user_id``, ``name``, ``notify`` (``thread`` or ``dm``),
    ``number`` and ``of`` (this is reminder 2 of 3), ``deadline`` (Unix seconds, for
    ``<t:…:R>``), ``deadline_iso``.
``stalled``
    ``version``, ``seat``, ``label``, ``user_id``, ``name``, ``deadline`` (Unix seconds),
    ``deadline_iso``, ``choices``: the operations the table may now choose
    (``extend``, ``agent_takeover``, ``take_seat``).

Quiet hours: a reminder due inside its user's quiet hours (in their time zone) is postponed to
the end of them; if that is at or after the deadline it is skipped, since the stall notice
follows anyway.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.service.pace import Pace
from bot.service.settings import UserSettings
from games.core import Game, discovery
from storage import Clock, Conflict, Store, TimerRecord, Transaction, utc_now

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]
STALL_CHOICES = ("extend", "agent_takeover", "take_seat")
UNAVAILABLE_RETRY = timedelta(hours=6)  # how often a table whose game is missing is looked at


def unix(moment: datetime) -> int:
    return int(moment.timestamp())


def iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


async def schedule_turn(
    tx: Transaction, table_id: int, *, seat: int, version: int, pace: Pace, start: datetime
) -> datetime:
    """Replace the table's timers by ``seat``'s reminders and deadline; returns the deadline."""
    await tx.cancel_timers(table_id)
    for number, due in enumerate(pace.reminder_times(start), 1):
        await tx.add_timer(
            table_id, seat=seat, version=version, kind="reminder", number=number, due_at=due
        )
    deadline = pace.deadline(start)
    await tx.add_timer(table_id, seat=seat, version=version, kind="deadline", due_at=deadline)
    return deadline


def current_deadline(timers: list[TimerRecord], version: int, seat: int) -> datetime | None:
    """The deadline of ``seat`` at ``version``: its latest deadline timer not cancelled."""
    found = [
        t
        for t in timers
        if t.kind == "deadline"
        and t.version == version
        and t.seat == seat
        and t.outcome != "cancelled"
    ]
    return max(found, key=lambda t: t.id).due_at if found else None


class TimerService:
    """The one scheduler. ``clock`` and ``sleep`` are injectable so tests control time."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock = utc_now,
        sleep: Sleep = asyncio.sleep,
        games: Callable[[str], Game[Any]] = discovery.get,
        max_sleep: float = 300.0,
        batch: int = 100,
    ) -> None:
        self.store = store
        self._clock = clock
        self._sleep = sleep
        self._games = games
        self.max_sleep = max_sleep
        self.batch = batch
        self._wake = asyncio.Event()

    def wake(self) -> None:
        """Recompute the next wake-up now (a new timer may be due earlier)."""
        self._wake.set()

    async def seconds_until_next(self) -> float | None:
        due = await self.store.next_timer_due()
        if due is None:
            return None
        return max(0.0, (due - self._clock()).total_seconds())

    async def run(self) -> None:
        """Fire due timers for ever; cancel the task to stop."""
        while True:
            self._wake.clear()  # before looking, so a wake-up during the pass is not lost
            try:
                await self.fire_due()
                delay = await self.seconds_until_next()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("timer pass failed")
                delay = None
            delay = self.max_sleep if delay is None else min(delay, self.max_sleep)
            sleeper = asyncio.ensure_future(self._sleep(delay))
            waker = asyncio.ensure_future(self._wake.wait())
            try:
                await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (sleeper, waker):
                    task.cancel()
                await asyncio.gather(sleeper, waker, return_exceptions=True)

    async def fire_due(self) -> int:
        """Fire every timer due now; returns how many produced an outbox row."""
        fired = 0
        while True:
            due = await self.store.due_timers(self._clock(), self.batch)
            if not due:
                return fired
            for timer in due:
                if await self._fire(timer):
                    fired += 1

    async def _fire(self, timer: TimerRecord) -> bool:
        try:
            async with self.store.transaction() as tx:
                table = await tx.get_table(timer.table_id)
                holder = None
                if table is not None and 0 <= timer.seat < len(table.seats):
                    holder = table.seats[timer.seat]
                if (
                    table is None
                    or holder is None
                    or table.status != "active"
                    or table.version != timer.version
                    or holder.user_id is None
                ):
                    await tx.finish_timer(timer.id, "stale")
                    return False
                deadline = current_deadline(
                    await tx.list_timers(table.id), timer.version, timer.seat
                )
                deadline = deadline or timer.due_at
                try:
                    game = self._games(table.game)
                except KeyError:
                    # Its game is not installed now: keep the timer for when it is, out of
                    # the way of the other tables' timers meanwhile.
                    log.warning("table %s: game %r is not installed", table.id, table.game)
                    await tx.postpone_timer(timer.id, self._clock() + UNAVAILABLE_RETRY)
                    return False
                base: dict[str, Any] = {
                    "version": timer.version,
                    "seat": timer.seat,
                    "label": game.seat_label(timer.seat),
                    "user_id": holder.user_id,
                    "name": holder.name,
                    "deadline": unix(deadline),
                    "deadline_iso": iso(deadline),
                }
                if timer.kind == "deadline":
                    await tx.finish_timer(timer.id, "fired")
                    await tx.enqueue(
                        table.id,
                        version=timer.version,
                        kind="stalled",
                        payload={**base, "choices": list(STALL_CHOICES)},
                    )
                    return True
                settings = UserSettings.from_record(
                    await tx.get_user_settings(holder.user_id), holder.user_id
                )
                now = self._clock()
                if settings.is_quiet(now):
                    until = settings.quiet_until(now)
                    if until >= deadline:
                        await tx.finish_timer(timer.id, "skipped")
                    else:
                        await tx.postpone_timer(timer.id, until)
                    return False
                reminders = [
                    t
                    for t in await tx.list_timers(table.id)
                    if t.kind == "reminder" and t.version == timer.version
                ]
                await tx.finish_timer(timer.id, "fired")
                await tx.enqueue(
                    table.id,
                    version=timer.version,
                    kind="reminder",
                    payload={
                        **base,
                        "notify": settings.notify,
                        "number": timer.number,
                        "of": max((t.number for t in reminders), default=timer.number),
                    },
                )
                return True
        except Conflict:
            return False  # another scheduler finished it first
