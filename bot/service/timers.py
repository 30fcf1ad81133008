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

``away``
    a member's deadline moved on for their away time (``bot.service.away``): ``version``,
    ``user_id``, ``name``, ``until`` (Unix seconds, or None once they are back),
    ``deadline`` (Unix seconds).
``expired``
    a lobby that did not start within its server's ``lobby_hours`` closed itself:
    ``version``, ``hours``.

Quiet hours: a reminder due inside its user's quiet hours (in their time zone) is postponed to
the end of them; if that is at or after the deadline it is skipped, since the stall notice
follows anyway.

Catch-up: a pass handles each table once. Its due timers collapse into at most one notice,
describing where the seat stands now: the stall when the deadline has passed, else the latest
reminder; the others are finished as ``skipped``. So after downtime a table gets one notice,
not every reminder it missed, and no timer fires twice in a pass.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.service.absence import away_grant, away_now
from bot.service.pace import Pace
from bot.service.quarantine import describe, quarantine
from bot.service.server import DEFAULT_MAX_OPEN_TABLES, ServerSettings
from bot.service.settings import UserSettings
from games.core import Game, discovery
from storage import (
    Clock,
    Conflict,
    Store,
    TableRecord,
    TimerKind,
    TimerRecord,
    Transaction,
    utc_now,
)

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]
STALL_CHOICES = ("extend", "agent_takeover", "take_seat")
UNAVAILABLE_RETRY = timedelta(hours=6)  # how often a table whose game is missing is looked at
MIN_SLEEP = 1.0  # seconds between passes at least
LOBBY_CHECK = timedelta(minutes=1)  # between looks for lobbies to close


def unix(moment: datetime) -> int:
    return int(moment.timestamp())


def iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


async def schedule_turn(
    tx: Transaction, table_id: int, *, seat: int, version: int, pace: Pace, start: datetime
) -> datetime:
    """Replace the table's timers by ``seat``'s reminders and deadline; returns the deadline."""
    await tx.cancel_timers(table_id)
    timers = turn_timers(pace, start)
    await tx.add_timers(table_id, seat=seat, version=version, timers=timers)
    return timers[-1][2]


def turn_timers(pace: Pace, start: datetime) -> list[tuple[TimerKind, int, datetime]]:
    """The reminders and, last, the deadline of a turn that starts at ``start``."""
    timers: list[tuple[TimerKind, int, datetime]] = [
        ("reminder", number, due) for number, due in enumerate(pace.reminder_times(start), 1)
    ]
    timers.append(("deadline", 0, pace.deadline(start)))
    return timers


async def schedule_deadline(
    tx: Transaction,
    table_id: int,
    *,
    seat: int,
    version: int,
    pace: Pace,
    deadline: datetime,
    now: datetime,
) -> datetime:
    """Replace the table's timers by ``seat``'s deadline at ``deadline``, with the pace's
    reminders before it that are still to come (a moved deadline, not a fresh turn)."""
    await tx.cancel_timers(table_id)
    start = deadline - pace.turn
    coming = [due for due in pace.reminder_times(start) if due > now]
    timers: list[tuple[TimerKind, int, datetime]] = [
        ("reminder", number, due) for number, due in enumerate(coming, 1)
    ]
    timers.append(("deadline", 0, deadline))
    await tx.add_timers(table_id, seat=seat, version=version, timers=timers)
    return deadline


def last_reminder(timers: list[TimerRecord], version: int) -> int:
    """The highest reminder number of ``version``'s turn, fired or to come (folded into its
    deadline); 0 when it has none."""
    numbers = [t.number for t in timers if t.kind == "reminder" and t.version == version]
    numbers += [n for t in timers if t.version == version for n, _ in t.reminders]
    return max(numbers, default=0)


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
        self._lobbies_checked: datetime | None = None

    def wake(self, due: datetime | None = None) -> None:
        """Recompute the next wake-up now (a new timer, due at ``due``, may be earlier)."""
        self._wake.set()

    def now(self) -> datetime:
        return self._clock()

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
            delay = max(delay, MIN_SLEEP)  # a timer that stays due cannot make the loop spin
            sleeper = asyncio.ensure_future(self._sleep(delay))
            waker = asyncio.ensure_future(self._wake.wait())
            try:
                await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (sleeper, waker):
                    task.cancel()
                await asyncio.gather(sleeper, waker, return_exceptions=True)

    async def fire_due(self) -> int:
        """Fire what is due now; returns how many notices (outbox rows) that wrote.

        One pass handles each table once, with the time taken at its start: a table's due
        timers collapse into at most one notice, and a timer postponed or left behind waits
        for the next pass, so a pass always ends. A table that fails is quarantined
        (``bot.service.quarantine``) and the others still fire."""
        now = self._clock()
        handled: set[int] = set()
        fired = await self.expire_lobbies(now)
        while True:
            due = [t for t in await self.store.due_timers(now, self.batch)
                   if t.table_id not in handled]
            if not due:
                return fired
            for timer in due:
                if timer.table_id in handled:
                    continue
                handled.add(timer.table_id)
                fired += await self._fire_table(timer.table_id, now)

    async def expire_lobbies(self, now: datetime) -> int:
        """Close the lobbies that did not start within their server's lobby lifetime; each
        gets an ``expired`` outbox row (``version``, ``hours``). Returns how many closed.

        Checked at most once every ``LOBBY_CHECK`` (moves wake the scheduler often), so a
        lobby closes at most that, or ``max_sleep``, late."""
        if self._lobbies_checked is not None and now - self._lobbies_checked < LOBBY_CHECK:
            return 0
        self._lobbies_checked = now
        lifetimes: dict[int | None, int] = {}
        closed = 0
        for table in await self.store.list_tables(statuses=("lobby",)):
            if table.guild_id not in lifetimes:
                stored = {} if table.guild_id is None else (
                    await self.store.get_guild_settings(table.guild_id)
                )
                lifetimes[table.guild_id] = ServerSettings.from_stored(
                    table.guild_id or 0, stored, max_open_tables=DEFAULT_MAX_OPEN_TABLES
                ).lobby_hours
            hours = lifetimes[table.guild_id]
            if table.created_at + timedelta(hours=hours) > now:
                continue
            try:
                async with self.store.transaction() as tx:
                    await tx.set_status(table.id, "cancelled", expected="lobby")
                    await tx.enqueue(
                        table.id,
                        version=table.version,
                        kind="expired",
                        payload={"version": table.version, "hours": hours},
                    )
            except Conflict:
                continue  # it started, or was cancelled, meanwhile
            closed += 1
        return closed

    async def _fire_table(self, table_id: int, now: datetime) -> int:
        try:
            async with self.store.transaction() as tx:
                return await self._fire_in(tx, table_id, now)
        except Conflict:
            return 0  # another scheduler finished these timers first
        except Exception as error:
            log.exception("table %s: its timers could not fire", table_id)
            if not await quarantine(self.store, table_id, describe(error)):
                await self._give_up(table_id, now)
            return 0

    async def _give_up(self, table_id: int, now: datetime) -> None:
        """Finish the table's due timers when it cannot be quarantined, so none is retried."""
        try:
            async with self.store.transaction() as tx:
                for timer in await tx.list_timers(table_id, pending=True):
                    if timer.wakes_at <= now:
                        await tx.finish_timer(timer.id, "stale")
        except Exception:
            log.exception("table %s: its due timers could not be finished", table_id)

    async def _fire_in(self, tx: Transaction, table_id: int, now: datetime) -> int:
        """Handle every due timer of one table, writing at most one notice: the stall when
        the deadline is among them, else the latest reminder (after downtime, where the seat
        stands now rather than every reminder it missed)."""
        table = await tx.get_table(table_id)
        # Claimed: while another process fires this table's timers, this one passes them by.
        due = await tx.claim_due_timers(table_id, now)
        holder = None
        if table is not None and due and 0 <= due[-1].seat < len(table.seats):
            holder = table.seats[due[-1].seat]
        current = [
            t
            for t in due
            if table is not None
            and table.broken is None
            and table.status == "active"
            and t.version == table.version
            and holder is not None
            and holder.user_id is not None
            and t.seat == holder.seat
        ]
        for timer in due:
            if timer not in current:
                await tx.finish_timer(timer.id, "stale")
        if not current:
            return 0
        assert table is not None and holder is not None and holder.user_id is not None
        try:
            game = self._games(table.game)
        except KeyError:
            # Its game is not installed now: not broken, so its timers wait for the game,
            # out of the way of the other tables' timers meanwhile.
            log.warning("table %s: game %r is not installed", table.id, table.game)
            for timer in current:
                await tx.postpone_timer(timer.id, now + UNAVAILABLE_RETRY)
            return 0
        deadlines = [t for t in current if t.kind == "deadline"]
        chosen = deadlines[-1] if deadlines else max(current, key=lambda t: (t.number, t.id))
        for timer in current:
            if timer is not chosen:
                await tx.finish_timer(timer.id, "skipped")
        version, seat = chosen.version, chosen.seat
        if await self._away(tx, table, holder.user_id, chosen, now):
            return 1 if chosen.kind == "deadline" else 0
        timers = await tx.list_timers(table_id, version=version)
        deadline = current_deadline(timers, version, seat) or chosen.due_at
        base: dict[str, Any] = {
            "version": version,
            "seat": seat,
            "label": game.seat_label(seat),
            "user_id": holder.user_id,
            "name": holder.name,
            "deadline": unix(deadline),
            "deadline_iso": iso(deadline),
        }
        if chosen.kind == "deadline":
            await tx.finish_timer(chosen.id, "fired")
            await tx.enqueue(
                table.id,
                version=version,
                kind="stalled",
                payload={**base, "choices": list(STALL_CHOICES)},
            )
            return 1
        settings = UserSettings.from_record(
            await tx.get_user_settings(holder.user_id), holder.user_id
        )
        if settings.turn_pings == "digest":  # the daily digest tells them instead
            await tx.finish_timer(chosen.id, "skipped")
            return 0
        if settings.is_quiet(now):
            until = settings.quiet_until(now)
            if until >= deadline or until <= now:  # never into the past: it would fire again
                await tx.finish_timer(chosen.id, "skipped")
            else:
                await tx.postpone_timer(chosen.id, until)
            return 0
        await tx.finish_timer(chosen.id, "fired")
        await tx.enqueue(
            table.id,
            version=version,
            kind="reminder",
            payload={
                **base,
                "notify": settings.notify,
                "number": chosen.number,
                "of": max(chosen.number, last_reminder(timers, version)),
            },
        )
        return 1

    async def _away(
        self, tx: Transaction, table: TableRecord, user_id: int, chosen: TimerRecord,
        now: datetime,
    ) -> bool:
        """Handle a timer of a member who is (or was, this turn) away; True when done with it.

        A reminder while they are away is skipped. A deadline moves on by their away time
        within the allowance (``away_grant``), with a reminder for when they are back, and the
        table is told; past the allowance it fires as usual."""
        periods = await tx.away_periods([user_id], ends_after=now)
        away = away_now(periods, now)
        if chosen.kind != "deadline":
            if away is None:
                return False
            await tx.finish_timer(chosen.id, "skipped")
            return True
        grant = await away_grant(tx, table, user_id, chosen, now)
        moved = chosen.due_at + grant
        if grant <= timedelta(0) or moved <= now:
            return False
        await tx.postpone_timer(chosen.id, moved)
        await tx.add_away_used(table.id, user_id, int(grant.total_seconds()))
        back = away.ends_at if away is not None else None
        if back is not None and now < back < moved:
            timers = await tx.list_timers(table.id, version=chosen.version)
            number = last_reminder(timers, chosen.version) + 1
            await tx.add_timer(
                table.id, seat=chosen.seat, version=chosen.version, kind="reminder",
                number=number, due_at=back,
            )
        seat = table.seats[chosen.seat]
        await tx.enqueue(
            table.id,
            version=chosen.version,
            kind="away",
            payload={
                "version": chosen.version,
                "user_id": user_id,
                "name": seat.name,
                "until": None if back is None else unix(back),
                "deadline": unix(moved),
            },
        )
        return True
