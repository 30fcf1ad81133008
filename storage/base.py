"""What the application needs from persistence, independent of the database behind it.

Callers see records and two protocols: ``Store`` (reads, outbox delivery, and ``transaction()``)
and ``Transaction`` (the reads and writes of one atomic unit of work). No connection, cursor or
SQL ever leaves a backend, so a PostgreSQL backend can replace the SQLite one without touching
callers; the contract suite in ``tests/storage`` is what every backend must pass.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, Protocol

TableStatus = Literal["lobby", "active", "finished", "cancelled"]
ActionKind = Literal["move", "undo", "concede"]
TimerKind = Literal["reminder", "deadline"]
TimerOutcome = Literal["fired", "stale", "cancelled", "skipped"]
NotifyMethod = Literal["thread", "dm"]
# Which turns ping a member: see migration 020 (``digest``: a daily digest instead of pings).
TurnPings = Literal["every_turn", "reminders", "digest"]
UndoStatus = Literal["open", "applied", "declined", "stale"]
OPEN_STATUSES: tuple[TableStatus, ...] = ("lobby", "active")

Clock = Callable[[], datetime]  # returns timezone-aware times


def utc_now() -> datetime:
    return datetime.now(UTC)


def read_payload(text: str) -> tuple[dict[str, Any], str | None]:
    """A stored JSON object, or ``({}, why)`` when the text is not one: one damaged row must
    not stop a read of many."""
    try:
        value = json.loads(text)
    except (ValueError, TypeError) as exc:
        return {}, f"unreadable payload: {exc}"
    if not isinstance(value, dict):
        return {}, f"unreadable payload: a JSON {type(value).__name__}, not an object"
    return value, None


POOL_SIZE = 10  # connections each process keeps to a shared database (PostgreSQL)


class StorageError(Exception):
    """Base class of the errors a backend raises on purpose."""


class Conflict(StorageError):
    """A compare-and-set found a different value than expected; nothing was written."""


class VersionConflict(Conflict):
    """The table's version is no longer the one the caller read."""

    def __init__(self, table_id: int, expected: int, actual: int | None) -> None:
        super().__init__(f"table {table_id} is at version {actual}, not {expected}")
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class StatusConflict(Conflict):
    """The table's status is no longer the one the caller read."""

    def __init__(self, table_id: int, expected: str, actual: str | None) -> None:
        super().__init__(f"table {table_id} is {actual}, not {expected}")
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class RecordConflict(Conflict):
    """The table's record (its row or seats) changed since the caller read it: its revision
    is no longer the one the caller read."""

    def __init__(self, table_id: int, expected: int | None, actual: int) -> None:
        super().__init__(f"table {table_id} is at revision {actual}, not {expected}")
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class DuplicateRequest(Conflict):
    """An action with this request id was already recorded for the table."""

    def __init__(self, table_id: int, request_id: str) -> None:
        super().__init__(f"request {request_id!r} already applied to table {table_id}")
        self.table_id = table_id
        self.request_id = request_id


class SeatConflict(Conflict):
    """The seat number or the user is already taken at this table."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    table_id: int
    seat: int
    user_id: int | None  # a person, or
    agent: str | None  # an agent level such as "greedy"
    name: str
    joined_at: datetime
    owner_id: int | None = None  # while an agent stands in for a person: that person

    @property
    def is_agent(self) -> bool:
        return self.agent is not None


@dataclass(frozen=True, slots=True)
class TableRecord:
    id: int
    game: str
    guild_id: int | None
    channel_id: int | None
    lobby_message_id: int | None
    thread_id: int | None
    status: TableStatus
    options: dict[str, Any]
    seed: int
    host_id: int
    version: int
    created_at: datetime
    updated_at: datetime
    seats: tuple[SeatRecord, ...]  # in seat order
    pace: str = "daily"  # a preset name; the service knows what each means
    broken: str | None = None  # why the table is quarantined; None while it is healthy
    broken_at: datetime | None = None
    # counts the changes to the row and its seats other than moves (which ``version`` counts)
    revision: int = 0


@dataclass(frozen=True, slots=True)
class ActionRecord:
    table_id: int
    version: int  # the table version this action produced (the first action makes 1)
    seat: int
    action: str  # canonical notation
    request_id: str
    user_id: int | None  # None when an agent moved
    created_at: datetime
    kind: ActionKind = "move"
    reversible: bool = False  # it revealed nothing, used no chance and the same seat decides on
    # What the move said: a sentence, or {"text", "seat", "audience"} for an event some seats
    # only may read (``Event.to_json`` in games.core); the service decides who sees what.
    events: tuple[Any, ...] = ()
    description: str = ""  # short words for the action, e.g. "Place on #5 Trader"
    undo_to: int | None = None  # for an undo row: the version whose state it restores
    revealed: bool = True  # it revealed hidden information or used chance (unknown: assume so)


@dataclass(frozen=True, slots=True)
class SnapshotRecord:
    table_id: int
    version: int
    state: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class LoggedMove:
    """What replaying an action needs of its log row."""

    version: int
    kind: ActionKind
    action: str
    undo_to: int | None = None


@dataclass(frozen=True, slots=True)
class ReplaySource:
    """The latest snapshot at or before a version, and the log rows after it up to that
    version, in order: what rebuilding the state at that version reads."""

    snapshot: SnapshotRecord
    after: tuple[LoggedMove, ...]


@dataclass(frozen=True, slots=True)
class OutboxRecord:
    id: int
    table_id: int
    version: int
    kind: str
    payload: dict[str, Any]
    created_at: datetime
    delivered_at: datetime | None
    attempts: int
    last_error: str | None
    not_before: datetime | None
    message_id: int | None  # what the row became once delivered, if anything
    attempted_at: datetime | None = None  # when a delivery of it last began
    unreadable: str | None = None  # why the stored payload could not be read (payload is {})


@dataclass(frozen=True, slots=True)
class UserSettingsRecord:
    user_id: int
    time_zone: str | None  # an IANA name; None means UTC
    quiet_start: str | None  # local "HH:MM"; both quiet fields are set or neither
    quiet_end: str | None
    notify: NotifyMethod
    updated_at: datetime
    turn_pings: TurnPings = "every_turn"
    daily_digest: bool = False  # opted in to the daily DM digest of games waiting on them
    digest_sent_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class ModerationRecord:
    id: int
    guild_id: int
    user_id: int  # the moderator
    table_id: int | None  # None for a server setting
    action: str
    detail: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class AwayPeriod:
    user_id: int
    starts_at: datetime
    ends_at: datetime


@dataclass(frozen=True, slots=True)
class TurnTime:
    """When a decision passed to a member and when they made it."""

    table_id: int
    started_at: datetime
    ended_at: datetime


@dataclass(frozen=True, slots=True)
class TimerRecord:
    id: int
    table_id: int
    seat: int
    version: int  # the table version the timer belongs to
    kind: TimerKind
    number: int  # 1, 2, … for reminders; 0 for a deadline
    due_at: datetime
    created_at: datetime
    fired_at: datetime | None  # when it was finished, in whichever way
    outcome: TimerOutcome | None
    # A deadline carries its turn's reminders, (number, due_at) by time, until each falls
    # due and the scheduler claims it as a timer of its own (``fold_timers``). ``wake_at`` is
    # the earliest of those and ``due_at``: when the scheduler next looks at the timer.
    reminders: tuple[tuple[int, datetime], ...] = ()
    wake_at: datetime | None = None

    @property
    def pending(self) -> bool:
        return self.fired_at is None

    @property
    def wakes_at(self) -> datetime:
        return self.due_at if self.wake_at is None else self.wake_at


@dataclass(frozen=True, slots=True)
class TimerRow:
    """A timer as written: a deadline with its turn's reminders folded in, or a lone one."""

    kind: TimerKind
    number: int
    due_at: datetime
    reminders: tuple[tuple[int, datetime], ...] = ()

    @property
    def wake_at(self) -> datetime:
        return wake_time(self.due_at, self.reminders)


def wake_time(due_at: datetime, reminders: Sequence[tuple[int, datetime]]) -> datetime:
    """When the scheduler next looks at a timer: its own time or a folded reminder's."""
    return min([due_at, *(at for _, at in reminders)])


def fold_timers(timers: Sequence[tuple[TimerKind, int, datetime]]) -> list[TimerRow]:
    """The rows that store ``timers``: where there is a deadline, one row, the reminders
    folded into it, so that a move writes one timer where it wrote one per reminder and the
    deadline (each an entry in every index, on every move); else a row each."""
    deadlines = [t for t in timers if t[0] == "deadline"]
    if len(deadlines) != 1:
        return [TimerRow(kind, number, due) for kind, number, due in timers]
    _, number, due = deadlines[0]
    reminders = sorted(
        ((n, at) for kind, n, at in timers if kind == "reminder"), key=lambda r: (r[1], r[0])
    )
    return [TimerRow("deadline", number, due, tuple(reminders))]


@dataclass(frozen=True, slots=True)
class AgentJobRecord:
    """A table waiting on an agent seat's move at ``version``."""

    table_id: int
    version: int
    created_at: datetime
    claimed_by: str | None  # the worker that took it last
    claimed_until: datetime | None  # its claim runs out then; None if never claimed
    attempts: int  # claims so far


@dataclass(frozen=True, slots=True)
class UndoRequestRecord:
    id: int
    table_id: int
    requested_by: int
    seat: int
    at_version: int  # the table version it was asked at
    target_version: int  # the version the table goes back to
    needed: tuple[int, ...]  # user ids whose consent is needed
    consents: tuple[int, ...]  # user ids who consented
    status: UndoStatus
    created_at: datetime
    resolved_at: datetime | None


@dataclass(frozen=True, slots=True)
class SeatChangeRecord:
    id: int
    table_id: int
    version: int
    seat: int
    reason: str  # takeover, reclaim, take_seat, left, conceded
    by_user: int | None
    from_user: int | None
    from_agent: str | None
    from_name: str
    to_user: int | None
    to_agent: str | None
    to_name: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class SeatedTable:
    """One of a user's tables, with just what ordering an inbox needs."""

    table_id: int
    status: TableStatus
    seat: int  # the user's seat, or the one an agent keeps for them
    holds: bool  # the user holds the seat (False while an agent keeps it)
    updated_at: datetime
    deadline_seat: int | None  # whose deadline runs at the table's version, if anyone's
    deadline: datetime | None

    @property
    def waiting(self) -> bool:
        """The table waits on the user: their own seat's deadline runs."""
        return self.holds and self.status == "active" and self.deadline_seat == self.seat


@dataclass(frozen=True, slots=True)
class Inbox:
    rows: tuple[SeatedTable, ...]  # the part asked for
    total: int  # of all the user's tables of those statuses
    waiting: int  # of which wait on them


class Reader(Protocol):
    """Queries available both on the store and inside a transaction."""

    async def get_table(self, table_id: int) -> TableRecord | None: ...

    async def table_for_thread(self, thread_id: int) -> TableRecord | None: ...

    async def list_tables(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        statuses: Sequence[TableStatus] | None = None,
        ids: Sequence[int] | None = None,
    ) -> list[TableRecord]:
        """Tables filtered by server, by a user (holding a seat, or owning one an agent
        stands in for), by status and by id; oldest first."""
        ...

    async def count_open_tables(self, guild_id: int | None) -> int:
        """Tables of a server that are in the lobby or being played."""
        ...

    async def inbox(
        self, user_id: int, statuses: Sequence[TableStatus], *, offset: int = 0, limit: int = 10
    ) -> Inbox:
        """The user's tables (a seat held, or kept by an agent) of those statuses, each with
        the deadline that runs at its version (its latest deadline timer of that version not
        cancelled; fired means the seat is stalled). Those waiting on the user come first,
        earliest deadline first, then the others, latest activity first; ``limit`` of them
        from ``offset`` are returned, with the counts of all."""
        ...

    async def latest_messages(
        self, table_ids: Sequence[int], kinds: Sequence[str]
    ) -> dict[int, int]:
        """Per table, the message its newest delivered outbox row of those kinds became
        (tables without one are left out)."""
        ...

    async def get_action(self, table_id: int, version: int) -> ActionRecord | None: ...

    async def action_by_request(self, table_id: int, request_id: str) -> ActionRecord | None: ...

    async def list_actions(self, table_id: int, *, after: int = 0) -> list[ActionRecord]:
        """Actions with a version above ``after``, in version order."""
        ...

    async def latest_moves(
        self, table_id: int, user_id: int, *, after: int
    ) -> tuple[datetime | None, datetime | None]:
        """When the table's latest action above version ``after`` was made, and the latest
        of those ``user_id`` made (None where there is none)."""
        ...

    async def get_snapshot(
        self, table_id: int, version: int | None = None
    ) -> SnapshotRecord | None:
        """The snapshot at ``version``, or the latest one when ``version`` is None."""
        ...

    async def snapshot_versions(self, table_id: int) -> list[int]:
        """The versions of the table that have a snapshot, in order."""
        ...

    async def replay_source(self, table_id: int, version: int) -> ReplaySource | None:
        """The latest snapshot at or before ``version`` with the log rows after it, read
        together (None when there is no such snapshot)."""
        ...

    async def list_outbox(self, table_id: int, *, newest: int | None = None) -> list[OutboxRecord]:
        """Every outbox row of a table, delivered or not, in id order; with ``newest``, only
        that many of the latest."""
        ...

    async def get_outbox(self, outbox_id: int) -> OutboxRecord | None: ...

    async def get_user_settings(self, user_id: int) -> UserSettingsRecord | None: ...

    async def list_timers(
        self, table_id: int, *, version: int | None = None, pending: bool = False
    ) -> list[TimerRecord]:
        """The timers of a table in id order: every one, or those of one ``version``, or
        only the unfinished ones."""
        ...

    async def next_timer_due(self) -> datetime | None:
        """When the earliest unfinished timer of any table is due, or None."""
        ...

    async def due_timers(self, now: datetime, limit: int = 100) -> list[TimerRecord]:
        """Unfinished timers due at or before ``now``, earliest first."""
        ...

    async def get_undo_request(self, request_id: int) -> UndoRequestRecord | None: ...

    async def open_undo_request(self, table_id: int) -> UndoRequestRecord | None:
        """The table's undo request still waiting for consent, if any."""
        ...

    async def list_seat_changes(self, table_id: int) -> list[SeatChangeRecord]: ...

    async def list_agent_jobs(self) -> list[AgentJobRecord]:
        """Every table waiting on an agent, by table id."""
        ...

    async def broken_tables(self) -> list[TableRecord]:
        """Quarantined tables, in id order."""
        ...

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The server's stored settings object; {} when it has none."""
        ...

    async def moderation_log(self, guild_id: int, *, limit: int = 20) -> list[ModerationRecord]:
        """The server's newest moderator actions, newest first."""
        ...

    async def away_periods(
        self, user_ids: Sequence[int], *, ends_after: datetime
    ) -> list[AwayPeriod]:
        """The away periods of those members that end after ``ends_after``, by start."""
        ...

    async def away_used(self, table_id: int, user_id: int) -> int:
        """Seconds of away time the member has used at the table."""
        ...

    async def turn_times(self, user_id: int, *, limit: int = 200) -> list[TurnTime]:
        """The member's newest moves that began a turn of theirs (the decision had passed
        from another seat, or the game had just started), newest first."""
        ...

    async def digest_subscribers(self) -> list[UserSettingsRecord]:
        """The settings of every member opted in to the daily digest."""
        ...


@dataclass(frozen=True)
class MoveCommit:
    """Everything one move writes, given at once so that a backend may send it to the
    database in one statement: the compare-and-set of the table's version (and status), the
    log entry, the table's timers replaced, its agent job, its latest snapshot and its posts."""

    table_id: int
    expected: int  # the version the move was made at; the move makes ``expected + 1``
    status: TableStatus  # "active", or "finished" when the move ends the game
    seat: int
    action: str
    request_id: str
    user_id: int | None
    reversible: bool
    revealed: bool
    events: Sequence[Any]
    description: str
    # the snapshot at the new version; None stores none (the state is then an earlier
    # snapshot with the log's later moves replayed)
    state: dict[str, Any] | None
    snapshot_replaces: int | None  # the version whose snapshot it replaces, if any
    # whose timers follow. The table's unfinished timers are deleted, not finished as
    # cancelled: a move replaces them all, and nothing reads a cancelled timer, while keeping
    # one cost PostgreSQL a new row version and two index entries per timer on every move.
    timer_seat: int | None = None
    timers: Sequence[tuple[TimerKind, int, datetime]] = ()
    agent_job: bool = False  # an agent decides next: queue its job (else drop any)
    outbox: Sequence[tuple[str, dict[str, Any], datetime | None]] = ()  # kind, payload, due
    # the outbox rows only record the move (the same seat decides again, and nothing is
    # posted for it): they are stored as delivered, so no delivery ever claims them
    recorded_only: bool = False
    # the table record's revision the move was decided on: the move is refused
    # (RecordConflict) if the record changed since; None checks none
    revision: int | None = None

    @property
    def version(self) -> int:
        return self.expected + 1


class Transaction(Reader, Protocol):
    """One atomic unit of work: everything commits together or nothing does.

    A write that raises (a Conflict or another StorageError) ends the unit of work: leave the
    block, which rolls it back (PostgreSQL refuses any further statement in it)."""

    async def create_table(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int,
        seed: int,
        options: dict[str, Any],
        pace: str = "daily",
    ) -> int:
        """Insert a table in the lobby at version 0; returns its id."""
        ...

    async def set_status(
        self, table_id: int, status: TableStatus, *, expected: TableStatus
    ) -> None:
        """Compare-and-set the status; StatusConflict if it is not ``expected``."""
        ...

    async def advance_version(
        self,
        table_id: int,
        *,
        expected: int,
        new: int,
        status: TableStatus | None = None,
        revision: int | None = None,
    ) -> None:
        """Compare-and-set the version; VersionConflict if it is not ``expected``. With
        ``status``, the table must also be active (StatusConflict if not) and takes that
        status in the same statement, as a move does. With ``revision``, the table's record
        must still be at it (RecordConflict if not)."""
        ...

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None: ...

    async def set_thread(self, table_id: int, thread_id: int | None) -> None: ...

    async def set_host(self, table_id: int, host_id: int) -> None: ...

    async def set_options(self, table_id: int, options: dict[str, Any]) -> None:
        """The game options the table is played with (fixed once it starts)."""

    async def mark_broken(self, table_id: int, reason: str) -> bool:
        """Quarantine the table; False if it already was (the first reason is kept)."""
        ...

    async def clear_broken(self, table_id: int) -> bool:
        """End the table's quarantine; False if it was not quarantined."""
        ...

    async def add_seat(
        self, table_id: int, *, user_id: int | None, agent: str | None, name: str
    ) -> SeatRecord:
        """Take the next free seat number; SeatConflict if the user is already seated."""
        ...

    async def remove_seat(self, table_id: int, seat: int) -> None:
        """Free a seat; the seats after it move up one, keeping join order."""
        ...

    async def append_action(
        self,
        table_id: int,
        *,
        version: int,
        seat: int,
        action: str,
        request_id: str,
        user_id: int | None,
        kind: ActionKind = "move",
        reversible: bool = False,
        events: Sequence[Any] = (),
        description: str = "",
        undo_to: int | None = None,
        revealed: bool = True,
    ) -> ActionRecord:
        """Append to the log; DuplicateRequest if the request id was already used here.

        ``revealed`` defaults to True: a move not known to have revealed nothing is never
        undone."""
        ...

    async def put_snapshot(self, table_id: int, version: int, state: dict[str, Any]) -> None: ...

    async def delete_snapshot(self, table_id: int, version: int) -> None:
        """Forget the snapshot at ``version`` (the state can be replayed); none is no error."""
        ...

    async def move_snapshot(
        self, table_id: int, *, old: int, new: int, state: dict[str, Any]
    ) -> None:
        """Replace the snapshot at ``old`` by ``state`` at ``new`` (one write where
        ``put_snapshot`` and ``delete_snapshot`` take two); with none at ``old``, just add
        it. Conflict if ``new`` has one already."""
        ...

    async def enqueue(
        self,
        table_id: int,
        *,
        version: int,
        kind: str,
        payload: dict[str, Any],
        not_before: datetime | None = None,
        delivered: bool = False,
    ) -> int:
        """Add an outbox row (``delivered``: as delivered already, a record only); returns
        its id."""
        ...

    async def replace_seat(
        self,
        table_id: int,
        seat: int,
        *,
        user_id: int | None,
        agent: str | None,
        name: str,
        owner_id: int | None,
        reason: str,
        by_user: int | None,
        version: int,
    ) -> SeatRecord:
        """Give a seat to another holder in place and record the change.

        SeatConflict if ``user_id`` already holds another seat here."""
        ...

    async def set_turn_pings(self, user_id: int, choice: TurnPings) -> None:
        """Which turns ping the member (creating their settings if needed); other settings
        stay as they are."""
        ...

    async def put_user_settings(
        self,
        user_id: int,
        *,
        time_zone: str | None,
        quiet_start: str | None,
        quiet_end: str | None,
        notify: NotifyMethod,
    ) -> UserSettingsRecord: ...

    async def add_timer(
        self,
        table_id: int,
        *,
        seat: int,
        version: int,
        kind: TimerKind,
        due_at: datetime,
        number: int = 0,
    ) -> int:
        """Add an unfinished timer; returns its id."""
        ...

    async def add_timers(
        self,
        table_id: int,
        *,
        seat: int,
        version: int,
        timers: Sequence[tuple[TimerKind, int, datetime]],
    ) -> None:
        """Add unfinished timers, each given as (kind, number, due_at), in one batch."""
        ...

    async def finish_timer(self, timer_id: int, outcome: TimerOutcome) -> None:
        """Finish a timer now; Conflict if it was already finished (e.g. by a racing
        scheduler), so a timer fires exactly once."""
        ...

    async def postpone_timer(self, timer_id: int, due_at: datetime) -> None:
        """Move an unfinished timer to a later time; Conflict if it is already finished."""
        ...

    async def claim_due_timers(self, table_id: int, now: datetime) -> list[TimerRecord]:
        """The table's unfinished timers due at ``now``, in id order, held by this
        transaction until it ends; [] while another transaction holds them (another process
        is firing them). A process that dies mid-way holds nothing."""
        ...

    async def lock_table(self, table_id: int) -> None:
        """Hold the table until the transaction ends: another process's transaction that
        asks for it waits, so a read-then-write on the table (seats, lobby) is not raced."""
        ...

    async def cancel_timers(self, table_id: int) -> int:
        """Finish every unfinished timer of the table as cancelled; returns how many."""
        ...

    async def set_agent_job(self, table_id: int, version: int | None) -> None:
        """The table waits on an agent at ``version`` (a fresh, unclaimed job), or, with
        None, on nobody."""
        ...

    async def create_undo_request(
        self,
        table_id: int,
        *,
        requested_by: int,
        seat: int,
        at_version: int,
        target_version: int,
        needed: Sequence[int],
    ) -> int: ...

    async def update_undo_request(
        self, request_id: int, *, consents: Sequence[int], status: UndoStatus
    ) -> None:
        """Record consents and the status (resolved_at is set once it is no longer open)."""
        ...


    async def put_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None: ...

    async def log_moderation(
        self, guild_id: int, *, user_id: int, table_id: int | None, action: str, detail: str
    ) -> int: ...

    async def add_away(self, user_id: int, *, starts_at: datetime, ends_at: datetime) -> None:
        """Record an absence; it replaces the member's periods that have not ended yet."""
        ...

    async def add_away_used(self, table_id: int, user_id: int, seconds: int) -> None: ...

    async def set_daily_digest(self, user_id: int, on: bool) -> None:
        """Opt in or out of the daily digest (creating the member's settings if needed)."""
        ...

    async def mark_digest_sent(self, user_id: int, at: datetime) -> None: ...


class Store(Reader, Protocol):
    """A connection to the database. Create with ``storage.open_store(url)``; close when done."""

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """``async with store.transaction() as tx:`` commits on success, rolls back on error.

        Inside the block use only ``tx``; the store's own methods would wait for it to finish.
        """
        ...

    async def commit_move(self, move: MoveCommit) -> ActionRecord:
        """Write one move in a transaction of its own, and return its log row as stored.
        VersionConflict when the table is no longer at ``move.expected``, StatusConflict
        when it is no longer active, RecordConflict when its record is no longer at
        ``move.revision`` (unless that is None), DuplicateRequest when the log already holds
        ``move.request_id``; nothing is written then."""
        ...

    async def pending_outbox(
        self, limit: int = 50, *, now: datetime | None = None
    ) -> list[OutboxRecord]:
        """Undelivered rows that are due, oldest first; never a row behind an earlier one of
        the same table that is still waiting to be retried, so a table's messages keep order."""
        ...

    async def claim_outbox(
        self,
        claimer: str,
        *,
        limit: int = 50,
        now: datetime | None = None,
        lease: timedelta = timedelta(seconds=60),
        held: Collection[int] = (),
    ) -> list[OutboxRecord]:
        """Due rows as ``pending_outbox`` returns them, less those of a table whose posts
        another claimer holds, claimed for ``claimer`` until ``now + lease``.

        A table's due rows go to one claimer at a time, so its posts keep their order with
        several processes delivering; a claim that has run out (its process died) is taken
        over. Claiming again renews one's own claims; ``mark_failed`` gives a row's up.
        The rows of the tables in ``held`` (whose posts the claimer is making now) are left
        out: neither returned nor renewed here (``mark_attempted`` renews a row's claim as its
        posting begins)."""
        ...

    async def mark_delivered(
        self, outbox_id: int, *, message_id: int | None = None, at: datetime | None = None
    ) -> None: ...

    async def mark_failed(
        self, outbox_id: int, error: str, *, retry_at: datetime | None = None
    ) -> None:
        """Count a failed attempt, remember the error and hold the row until ``retry_at``."""
        ...

    async def mark_attempted(
        self,
        outbox_id: int,
        *,
        at: datetime | None = None,
        claimed_until: datetime | None = None,
    ) -> datetime | None:
        """Record that a delivery of the row begins now; returns the previous attempt's time
        (None on a first attempt), which tells a restarted dispatcher to check for a post
        that may already have landed. ``claimed_until`` renews the row's claim, and so its
        table's, while it is being posted."""
        ...

    async def claim_agent_jobs(
        self, worker: str, *, now: datetime, until: datetime, limit: int = 10
    ) -> list[AgentJobRecord]:
        """Claim up to ``limit`` jobs nobody holds (never claimed, or the claim ran out by
        ``now``) for ``worker`` until ``until``, oldest first."""
        ...

    async def finish_agent_job(self, table_id: int, version: int) -> bool:
        """Drop the table's job if it is still the one at ``version``; a newer job (the agent
        moved and must move again) stays. Returns whether one was dropped."""
        ...

    async def applied_migrations(self) -> list[int]: ...

    async def prune(self, before: datetime, *, snapshot_every: int) -> dict[str, int]:
        """Delete what nothing needs any more from before ``before``; returns rows per kind.

        - finished timers;
        - delivered outbox rows, except the newest of each kind of a table still open (the
          latest board post, which its links point at);
        - snapshots other than every ``snapshot_every``-th version and each table's latest;
        - of a table that ended before then, every snapshot but its last, and the words and
          request ids of its moves (the words can be replayed; the game takes no requests).
        """
        ...

    async def vacuum(self) -> None:
        """Give the space of deleted rows back to the file system."""
        ...

    async def close(self) -> None: ...
