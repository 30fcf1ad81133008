"""A store in process memory with the same contract as the SQLite one.

For fast tests and throwaway tables: ``memory://`` is a fresh private database, and
``memory://name`` a named one that lives as long as the process, so closing and reopening it
keeps its contents as a file would. Rows are kept as immutable records and JSON text, so a
caller can never change stored data by mutating what it was handed. A transaction works on a
copy of the top-level maps (records are replaced, never edited) and swaps it in on success.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from storage.base import (
    OPEN_STATUSES,
    ActionKind,
    ActionRecord,
    AgentJobRecord,
    Clock,
    Conflict,
    DuplicateRequest,
    Inbox,
    NotifyMethod,
    OutboxRecord,
    SeatChangeRecord,
    SeatConflict,
    SeatedTable,
    SeatRecord,
    SnapshotRecord,
    StatusConflict,
    StorageError,
    TableRecord,
    TableStatus,
    TimerKind,
    TimerOutcome,
    TimerRecord,
    UndoRequestRecord,
    UndoStatus,
    UserSettingsRecord,
    VersionConflict,
    read_payload,
    utc_now,
)

STATUSES: frozenset[str] = frozenset({"lobby", "active", "finished", "cancelled"})


def _utc(value: datetime) -> datetime:
    if value.tzinfo is None:
        raise ValueError("timestamps must be timezone-aware")
    return value.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class _Table:
    record: TableRecord  # with no seats; options below
    options: str


@dataclass(frozen=True, slots=True)
class _Outbox:
    record: OutboxRecord  # payload below
    payload: str


@dataclass
class _Database:
    tables: dict[int, _Table] = field(default_factory=dict)
    seats: dict[int, tuple[SeatRecord, ...]] = field(default_factory=dict)
    actions: dict[int, tuple[ActionRecord, ...]] = field(default_factory=dict)
    snapshots: dict[tuple[int, int], tuple[str, datetime]] = field(default_factory=dict)
    outbox: dict[int, _Outbox] = field(default_factory=dict)
    next_table: int = 1
    next_outbox: int = 1
    settings: dict[int, UserSettingsRecord] = field(default_factory=dict)
    timers: dict[int, TimerRecord] = field(default_factory=dict)
    undo_requests: dict[int, UndoRequestRecord] = field(default_factory=dict)
    seat_changes: dict[int, tuple[SeatChangeRecord, ...]] = field(default_factory=dict)
    next_timer: int = 1
    next_undo: int = 1
    next_seat_change: int = 1
    agent_jobs: dict[int, AgentJobRecord] = field(default_factory=dict)

    def copy(self) -> _Database:
        return _Database(
            dict(self.tables),
            dict(self.seats),
            dict(self.actions),
            dict(self.snapshots),
            dict(self.outbox),
            self.next_table,
            self.next_outbox,
            dict(self.settings),
            dict(self.timers),
            dict(self.undo_requests),
            dict(self.seat_changes),
            self.next_timer,
            self.next_undo,
            self.next_seat_change,
            dict(self.agent_jobs),
        )

    def adopt(self, other: _Database) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(other, name))


class _Shared:
    """One named database and the lock every store opened on it shares."""

    def __init__(self) -> None:
        self.data = _Database()
        self.lock = asyncio.Lock()


_NAMED: dict[str, _Shared] = {}


def _outbox_record(row: _Outbox) -> OutboxRecord:
    payload, unreadable = read_payload(row.payload)
    return replace(row.record, payload=payload, unreadable=unreadable)


class _MemoryReader:
    def __init__(self, data: _Database) -> None:
        self._data = data

    def _table(self, table_id: int) -> TableRecord | None:
        row = self._data.tables.get(table_id)
        if row is None:
            return None
        return replace(
            row.record, options=json.loads(row.options), seats=self._data.seats.get(table_id, ())
        )

    async def get_table(self, table_id: int) -> TableRecord | None:
        return self._table(table_id)

    async def table_for_thread(self, thread_id: int) -> TableRecord | None:
        for table_id, row in self._data.tables.items():
            if row.record.thread_id == thread_id:
                return self._table(table_id)
        return None

    async def list_tables(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        statuses: Sequence[TableStatus] | None = None,
        ids: Sequence[int] | None = None,
    ) -> list[TableRecord]:
        found = []
        for table_id in sorted(self._data.tables):
            record = self._data.tables[table_id].record
            if ids is not None and table_id not in ids:
                continue
            if guild_id is not None and record.guild_id != guild_id:
                continue
            if statuses is not None and record.status not in statuses:
                continue
            seats = self._data.seats.get(table_id, ())
            if user_id is not None and all(user_id not in (s.user_id, s.owner_id) for s in seats):
                continue
            table = self._table(table_id)
            assert table is not None
            found.append(table)
        return found

    async def count_open_tables(self, guild_id: int | None) -> int:
        return sum(
            1
            for row in self._data.tables.values()
            if row.record.guild_id == guild_id and row.record.status in OPEN_STATUSES
        )

    async def inbox(
        self, user_id: int, statuses: Sequence[TableStatus], *, offset: int = 0, limit: int = 10
    ) -> Inbox:
        found = []
        for table_id in sorted(self._data.tables):
            record = self._data.tables[table_id].record
            if record.status not in statuses:
                continue
            seats = self._data.seats.get(table_id, ())
            mine = [s for s in seats if s.user_id == user_id] or [
                s for s in seats if s.owner_id == user_id
            ]
            if not mine:
                continue
            deadlines = [
                t
                for t in self._data.timers.values()
                if t.table_id == table_id
                and t.version == record.version
                and t.kind == "deadline"
                and t.outcome != "cancelled"
            ]
            deadline = max(deadlines, key=lambda t: t.id, default=None)
            found.append(
                SeatedTable(
                    table_id,
                    record.status,
                    mine[0].seat,
                    mine[0].user_id == user_id,
                    record.updated_at,
                    None if deadline is None else deadline.seat,
                    None if deadline is None else deadline.due_at,
                )
            )
        waiting = sorted((r for r in found if r.waiting), key=lambda r: (r.deadline, r.table_id))
        rest = sorted(
            (r for r in found if not r.waiting),
            key=lambda r: (r.updated_at, r.table_id),
            reverse=True,
        )
        ordered = waiting + rest
        end = None if limit < 0 else max(0, offset) + limit
        return Inbox(tuple(ordered[max(0, offset) : end]), len(ordered), len(waiting))

    async def latest_messages(
        self, table_ids: Sequence[int], kinds: Sequence[str]
    ) -> dict[int, int]:
        found: dict[int, int] = {}
        for outbox_id in sorted(self._data.outbox):
            record = self._data.outbox[outbox_id].record
            if (
                record.table_id in table_ids
                and record.kind in kinds
                and record.message_id is not None
            ):
                found[record.table_id] = record.message_id
        return found

    async def get_action(self, table_id: int, version: int) -> ActionRecord | None:
        for action in self._data.actions.get(table_id, ()):
            if action.version == version:
                return action
        return None

    async def action_by_request(self, table_id: int, request_id: str) -> ActionRecord | None:
        for action in self._data.actions.get(table_id, ()):
            if action.request_id == request_id:
                return action
        return None

    async def list_actions(self, table_id: int, *, after: int = 0) -> list[ActionRecord]:
        actions = self._data.actions.get(table_id, ())
        return sorted((a for a in actions if a.version > after), key=lambda a: a.version)

    async def get_snapshot(
        self, table_id: int, version: int | None = None
    ) -> SnapshotRecord | None:
        if version is None:
            versions = [v for (t, v) in self._data.snapshots if t == table_id]
            if not versions:
                return None
            version = max(versions)
        found = self._data.snapshots.get((table_id, version))
        if found is None:
            return None
        text, created = found
        return SnapshotRecord(table_id, version, json.loads(text), created)

    async def snapshot_versions(self, table_id: int) -> list[int]:
        return sorted(v for (t, v) in self._data.snapshots if t == table_id)

    async def list_outbox(self, table_id: int) -> list[OutboxRecord]:
        rows = [r for r in self._data.outbox.values() if r.record.table_id == table_id]
        return [_outbox_record(r) for r in sorted(rows, key=lambda r: r.record.id)]

    async def get_outbox(self, outbox_id: int) -> OutboxRecord | None:
        row = self._data.outbox.get(outbox_id)
        return None if row is None else _outbox_record(row)

    async def get_user_settings(self, user_id: int) -> UserSettingsRecord | None:
        return self._data.settings.get(user_id)

    async def list_timers(
        self, table_id: int, *, version: int | None = None, pending: bool = False
    ) -> list[TimerRecord]:
        return [
            t
            for _, t in sorted(self._data.timers.items())
            if t.table_id == table_id
            and (version is None or t.version == version)
            and (t.pending or not pending)
        ]

    async def next_timer_due(self) -> datetime | None:
        return min((t.due_at for t in self._data.timers.values() if t.pending), default=None)

    async def due_timers(self, now: datetime, limit: int = 100) -> list[TimerRecord]:
        due = [t for t in self._data.timers.values() if t.pending and t.due_at <= _utc(now)]
        return sorted(due, key=lambda t: (t.due_at, t.id))[:limit]

    async def get_undo_request(self, request_id: int) -> UndoRequestRecord | None:
        return self._data.undo_requests.get(request_id)

    async def open_undo_request(self, table_id: int) -> UndoRequestRecord | None:
        found = [
            r
            for r in self._data.undo_requests.values()
            if r.table_id == table_id and r.status == "open"
        ]
        return max(found, key=lambda r: r.id, default=None)

    async def list_seat_changes(self, table_id: int) -> list[SeatChangeRecord]:
        return list(self._data.seat_changes.get(table_id, ()))

    async def broken_tables(self) -> list[TableRecord]:
        ids = sorted(t for t, row in self._data.tables.items() if row.record.broken is not None)
        return [t for t in map(self._table, ids) if t is not None]

    async def list_agent_jobs(self) -> list[AgentJobRecord]:
        return [self._data.agent_jobs[t] for t in sorted(self._data.agent_jobs)]


class MemoryTransaction(_MemoryReader):
    def __init__(self, data: _Database, clock: Clock) -> None:
        super().__init__(data)
        self._clock = clock

    def _now(self) -> datetime:
        return _utc(self._clock())

    def _existing(self, table_id: int) -> _Table:
        row = self._data.tables.get(table_id)
        if row is None:
            raise StorageError(f"no table {table_id}")
        return row

    def _put_table(self, row: _Table, **changes: Any) -> None:
        record = replace(row.record, updated_at=self._now(), **changes)
        self._data.tables[record.id] = replace(row, record=record)

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
        table_id, now = self._data.next_table, self._now()
        record = TableRecord(
            table_id,
            game,
            guild_id,
            channel_id,
            None,
            None,
            "lobby",
            {},
            seed,
            host_id,
            0,
            now,
            now,
            (),
            pace,
        )
        self._data.tables[table_id] = _Table(record, json.dumps(options))
        self._data.next_table += 1
        return table_id

    async def set_status(
        self, table_id: int, status: TableStatus, *, expected: TableStatus
    ) -> None:
        if status not in STATUSES:
            raise StorageError(f"table {table_id}: no status {status!r}")
        row = self._data.tables.get(table_id)
        if row is None or row.record.status != expected:
            raise StatusConflict(table_id, expected, None if row is None else row.record.status)
        self._put_table(row, status=status)

    async def advance_version(self, table_id: int, *, expected: int, new: int) -> None:
        row = self._data.tables.get(table_id)
        if row is None or row.record.version != expected:
            raise VersionConflict(table_id, expected, None if row is None else row.record.version)
        if new < 0:
            raise StorageError(f"table {table_id}: a version cannot be negative")
        self._put_table(row, version=new)

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        self._put_table(self._existing(table_id), lobby_message_id=message_id)

    async def set_thread(self, table_id: int, thread_id: int | None) -> None:
        row = self._existing(table_id)
        if thread_id is not None and any(
            r.record.thread_id == thread_id and t != table_id for t, r in self._data.tables.items()
        ):
            raise Conflict(f"that thread already hosts another table than {table_id}")
        self._put_table(row, thread_id=thread_id)

    async def set_host(self, table_id: int, host_id: int) -> None:
        self._put_table(self._existing(table_id), host_id=host_id)

    async def set_options(self, table_id: int, options: dict[str, Any]) -> None:
        row = self._existing(table_id)
        self._data.tables[table_id] = replace(row, options=json.dumps(options))

    async def mark_broken(self, table_id: int, reason: str) -> bool:
        row = self._existing(table_id)
        if row.record.broken is not None:
            return False
        record = replace(row.record, broken=reason, broken_at=self._now())
        self._data.tables[table_id] = replace(row, record=record)
        return True

    async def clear_broken(self, table_id: int) -> bool:
        row = self._existing(table_id)
        if row.record.broken is None:
            return False
        record = replace(row.record, broken=None, broken_at=None)
        self._data.tables[table_id] = replace(row, record=record)
        return True

    async def add_seat(
        self, table_id: int, *, user_id: int | None, agent: str | None, name: str
    ) -> SeatRecord:
        if (user_id is None) == (agent is None):
            raise ValueError("a seat holds either a user or an agent")
        self._existing(table_id)
        seats = self._data.seats.get(table_id, ())
        if user_id is not None and any(s.user_id == user_id for s in seats):
            raise SeatConflict(f"user {user_id} already holds a seat at table {table_id}")
        seat = SeatRecord(table_id, len(seats), user_id, agent, name, self._now())
        self._data.seats[table_id] = (*seats, seat)
        return seat

    async def remove_seat(self, table_id: int, seat: int) -> None:
        seats = self._data.seats.get(table_id, ())
        if not 0 <= seat < len(seats):
            raise StorageError(f"table {table_id} has no seat {seat}")
        kept = seats[:seat] + tuple(replace(s, seat=s.seat - 1) for s in seats[seat + 1 :])
        self._data.seats[table_id] = kept

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
        self._existing(table_id)
        if version < 1:
            raise StorageError(f"table {table_id}: action versions start at 1")
        actions = self._data.actions.get(table_id, ())
        if any(a.version == version for a in actions):
            raise VersionConflict(table_id, version - 1, None)
        if any(a.request_id == request_id for a in actions):
            raise DuplicateRequest(table_id, request_id)
        record = ActionRecord(
            table_id,
            version,
            seat,
            action,
            request_id,
            user_id,
            self._now(),
            kind,
            reversible,
            tuple(json.loads(json.dumps(list(events)))),  # stored as JSON, as SQLite does
            description,
            undo_to,
            revealed,
        )
        self._data.actions[table_id] = (*actions, record)
        return record

    async def put_snapshot(self, table_id: int, version: int, state: dict[str, Any]) -> None:
        self._existing(table_id)
        if (table_id, version) in self._data.snapshots:
            raise Conflict(f"table {table_id} already has a snapshot of that version")
        self._data.snapshots[(table_id, version)] = (json.dumps(state), self._now())

    async def delete_snapshot(self, table_id: int, version: int) -> None:
        self._data.snapshots.pop((table_id, version), None)

    async def enqueue(
        self,
        table_id: int,
        *,
        version: int,
        kind: str,
        payload: dict[str, Any],
        not_before: datetime | None = None,
    ) -> int:
        self._existing(table_id)
        outbox_id = self._data.next_outbox
        record = OutboxRecord(
            outbox_id,
            table_id,
            version,
            kind,
            {},
            self._now(),
            None,
            0,
            None,
            None if not_before is None else _utc(not_before),
            None,
        )
        self._data.outbox[outbox_id] = _Outbox(record, json.dumps(payload))
        self._data.next_outbox += 1
        return outbox_id

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
        if (user_id is None) == (agent is None):
            raise ValueError("a seat holds either a user or an agent")
        seats = self._data.seats.get(table_id, ())
        if not 0 <= seat < len(seats):
            raise StorageError(f"table {table_id} has no seat {seat}")
        if user_id is not None and any(s.user_id == user_id and s.seat != seat for s in seats):
            raise SeatConflict(f"user {user_id} already holds a seat at table {table_id}")
        before = seats[seat]
        after = replace(before, user_id=user_id, agent=agent, name=name, owner_id=owner_id)
        self._data.seats[table_id] = (*seats[:seat], after, *seats[seat + 1 :])
        change = SeatChangeRecord(
            self._data.next_seat_change,
            table_id,
            version,
            seat,
            reason,
            by_user,
            before.user_id,
            before.agent,
            before.name,
            user_id,
            agent,
            name,
            self._now(),
        )
        self._data.next_seat_change += 1
        self._data.seat_changes[table_id] = (*self._data.seat_changes.get(table_id, ()), change)
        return after

    async def put_user_settings(
        self,
        user_id: int,
        *,
        time_zone: str | None,
        quiet_start: str | None,
        quiet_end: str | None,
        notify: NotifyMethod,
    ) -> UserSettingsRecord:
        if (quiet_start is None) != (quiet_end is None) or notify not in ("thread", "dm"):
            raise StorageError(f"settings of user {user_id}: constraint failed")
        record = UserSettingsRecord(user_id, time_zone, quiet_start, quiet_end, notify, self._now())
        self._data.settings[user_id] = record
        return record

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
        self._existing(table_id)
        if kind not in ("reminder", "deadline"):
            raise StorageError(f"table {table_id}: no timer kind {kind!r}")
        timer_id = self._data.next_timer
        self._data.timers[timer_id] = TimerRecord(
            timer_id, table_id, seat, version, kind, number, _utc(due_at), self._now(), None, None
        )
        self._data.next_timer += 1
        return timer_id

    def _pending_timer(self, timer_id: int) -> TimerRecord:
        timer = self._data.timers.get(timer_id)
        if timer is None or not timer.pending:
            raise Conflict(f"timer {timer_id} is already finished (or does not exist)")
        return timer

    async def finish_timer(self, timer_id: int, outcome: TimerOutcome) -> None:
        timer = self._pending_timer(timer_id)
        self._data.timers[timer_id] = replace(timer, fired_at=self._now(), outcome=outcome)

    async def postpone_timer(self, timer_id: int, due_at: datetime) -> None:
        timer = self._pending_timer(timer_id)
        self._data.timers[timer_id] = replace(timer, due_at=_utc(due_at))

    async def cancel_timers(self, table_id: int) -> int:
        pending = [t for t in self._data.timers.values() if t.table_id == table_id and t.pending]
        for timer in pending:
            self._data.timers[timer.id] = replace(timer, fired_at=self._now(), outcome="cancelled")
        return len(pending)

    async def set_agent_job(self, table_id: int, version: int | None) -> None:
        if version is None:
            self._data.agent_jobs.pop(table_id, None)
        else:
            self._data.agent_jobs[table_id] = AgentJobRecord(
                table_id, version, self._now(), None, None, 0
            )

    async def create_undo_request(
        self,
        table_id: int,
        *,
        requested_by: int,
        seat: int,
        at_version: int,
        target_version: int,
        needed: Sequence[int],
    ) -> int:
        self._existing(table_id)
        request_id = self._data.next_undo
        self._data.undo_requests[request_id] = UndoRequestRecord(
            request_id,
            table_id,
            requested_by,
            seat,
            at_version,
            target_version,
            tuple(needed),
            (),
            "open",
            self._now(),
            None,
        )
        self._data.next_undo += 1
        return request_id

    async def update_undo_request(
        self, request_id: int, *, consents: Sequence[int], status: UndoStatus
    ) -> None:
        request = self._data.undo_requests.get(request_id)
        if request is None:
            raise StorageError(f"no undo request {request_id}")
        self._data.undo_requests[request_id] = replace(
            request,
            consents=tuple(consents),
            status=status,
            resolved_at=None if status == "open" else self._now(),
        )


class MemoryStore(_MemoryReader):
    """``Store`` kept in process memory. Use ``storage.open_store("memory://…")``."""

    def __init__(self, shared: _Shared, clock: Clock = utc_now) -> None:
        super().__init__(shared.data)
        self._shared = shared
        self._clock = clock
        self._in_transaction: ContextVar[bool] = ContextVar("in_transaction", default=False)
        self._closed = False

    @classmethod
    def open(cls, name: str = "", *, clock: Clock = utc_now) -> MemoryStore:
        if not name:
            return cls(_Shared(), clock)
        return cls(_NAMED.setdefault(name, _Shared()), clock)

    def _check_free(self) -> None:
        if self._closed:
            raise StorageError("the store is closed")
        if self._in_transaction.get():
            raise RuntimeError("inside store.transaction() use the transaction's methods")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[MemoryTransaction]:
        self._check_free()
        async with self._shared.lock:
            token = self._in_transaction.set(True)
            try:
                working = self._shared.data.copy()
                yield MemoryTransaction(working, self._clock)
                self._shared.data.adopt(working)
            finally:
                self._in_transaction.reset(token)

    # Reads see the last committed data; each is checked like the SQLite store's.

    async def get_table(self, table_id: int) -> TableRecord | None:
        self._check_free()
        return await super().get_table(table_id)

    async def table_for_thread(self, thread_id: int) -> TableRecord | None:
        self._check_free()
        return await super().table_for_thread(thread_id)

    async def list_tables(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        statuses: Sequence[TableStatus] | None = None,
        ids: Sequence[int] | None = None,
    ) -> list[TableRecord]:
        self._check_free()
        return await super().list_tables(
            guild_id=guild_id, user_id=user_id, statuses=statuses, ids=ids
        )

    async def count_open_tables(self, guild_id: int | None) -> int:
        self._check_free()
        return await super().count_open_tables(guild_id)

    async def inbox(
        self, user_id: int, statuses: Sequence[TableStatus], *, offset: int = 0, limit: int = 10
    ) -> Inbox:
        self._check_free()
        return await super().inbox(user_id, statuses, offset=offset, limit=limit)

    async def latest_messages(
        self, table_ids: Sequence[int], kinds: Sequence[str]
    ) -> dict[int, int]:
        self._check_free()
        return await super().latest_messages(table_ids, kinds)

    async def get_action(self, table_id: int, version: int) -> ActionRecord | None:
        self._check_free()
        return await super().get_action(table_id, version)

    async def action_by_request(self, table_id: int, request_id: str) -> ActionRecord | None:
        self._check_free()
        return await super().action_by_request(table_id, request_id)

    async def list_actions(self, table_id: int, *, after: int = 0) -> list[ActionRecord]:
        self._check_free()
        return await super().list_actions(table_id, after=after)

    async def get_snapshot(
        self, table_id: int, version: int | None = None
    ) -> SnapshotRecord | None:
        self._check_free()
        return await super().get_snapshot(table_id, version)

    async def snapshot_versions(self, table_id: int) -> list[int]:
        self._check_free()
        return await super().snapshot_versions(table_id)

    async def list_outbox(self, table_id: int) -> list[OutboxRecord]:
        self._check_free()
        return await super().list_outbox(table_id)

    async def get_outbox(self, outbox_id: int) -> OutboxRecord | None:
        self._check_free()
        return await super().get_outbox(outbox_id)

    async def get_user_settings(self, user_id: int) -> UserSettingsRecord | None:
        self._check_free()
        return await super().get_user_settings(user_id)

    async def list_timers(
        self, table_id: int, *, version: int | None = None, pending: bool = False
    ) -> list[TimerRecord]:
        self._check_free()
        return await super().list_timers(table_id, version=version, pending=pending)

    async def next_timer_due(self) -> datetime | None:
        self._check_free()
        return await super().next_timer_due()

    async def due_timers(self, now: datetime, limit: int = 100) -> list[TimerRecord]:
        self._check_free()
        return await super().due_timers(now, limit)

    async def get_undo_request(self, request_id: int) -> UndoRequestRecord | None:
        self._check_free()
        return await super().get_undo_request(request_id)

    async def open_undo_request(self, table_id: int) -> UndoRequestRecord | None:
        self._check_free()
        return await super().open_undo_request(table_id)

    async def list_seat_changes(self, table_id: int) -> list[SeatChangeRecord]:
        self._check_free()
        return await super().list_seat_changes(table_id)

    async def broken_tables(self) -> list[TableRecord]:
        self._check_free()
        return await super().broken_tables()

    async def pending_outbox(
        self, limit: int = 50, *, now: datetime | None = None
    ) -> list[OutboxRecord]:
        self._check_free()
        due = _utc(now or self._clock())
        waiting: set[int] = set()  # tables with an earlier row held back until later
        found: list[OutboxRecord] = []
        for outbox_id in sorted(self._data.outbox):
            record = self._data.outbox[outbox_id].record
            if record.delivered_at is not None:
                continue
            if record.not_before is not None and record.not_before > due:
                waiting.add(record.table_id)
                continue
            if record.table_id not in waiting and len(found) < limit:
                found.append(_outbox_record(self._data.outbox[outbox_id]))
        return found

    async def _update_outbox(self, outbox_id: int, **changes: Any) -> None:
        self._check_free()
        async with self._shared.lock:  # else a transaction in flight would undo this
            row = self._data.outbox.get(outbox_id)
            if row is None:
                raise StorageError(f"no outbox row {outbox_id}")
            if "attempts" in changes:
                changes["attempts"] = row.record.attempts + 1
            self._data.outbox[outbox_id] = replace(row, record=replace(row.record, **changes))

    async def mark_delivered(
        self, outbox_id: int, *, message_id: int | None = None, at: datetime | None = None
    ) -> None:
        await self._update_outbox(
            outbox_id, delivered_at=_utc(at or self._clock()), message_id=message_id
        )

    async def mark_failed(
        self, outbox_id: int, error: str, *, retry_at: datetime | None = None
    ) -> None:
        await self._update_outbox(
            outbox_id,
            attempts=1,  # counted up from the stored value
            last_error=error,
            not_before=None if retry_at is None else _utc(retry_at),
        )

    async def mark_attempted(
        self, outbox_id: int, *, at: datetime | None = None
    ) -> datetime | None:
        row = self._data.outbox.get(outbox_id)
        previous = None if row is None else row.record.attempted_at
        await self._update_outbox(outbox_id, attempted_at=_utc(at or self._clock()))
        return previous

    async def claim_agent_jobs(
        self, worker: str, *, now: datetime, until: datetime, limit: int = 10
    ) -> list[AgentJobRecord]:
        self._check_free()
        jobs = self._data.agent_jobs
        free = [j for j in jobs.values() if j.claimed_until is None or j.claimed_until <= now]
        free.sort(key=lambda j: (j.claimed_until is not None, j.claimed_until or now, j.table_id))
        for job in free[:limit]:
            jobs[job.table_id] = replace(
                job, claimed_by=worker, claimed_until=until, attempts=job.attempts + 1
            )
        return sorted((jobs[j.table_id] for j in free[:limit]), key=lambda j: j.table_id)

    async def finish_agent_job(self, table_id: int, version: int) -> bool:
        self._check_free()
        job = self._data.agent_jobs.get(table_id)
        if job is None or job.version != version:
            return False
        del self._data.agent_jobs[table_id]
        return True

    async def applied_migrations(self) -> list[int]:
        self._check_free()
        return []  # no schema to migrate

    async def prune(self, before: datetime, *, snapshot_every: int) -> dict[str, int]:
        cutoff, every = _utc(before), max(1, snapshot_every)
        async with self.transaction() as tx:
            data = tx._data
            closed = {
                t
                for t, row in data.tables.items()
                if row.record.status in ("finished", "cancelled") and row.record.updated_at < cutoff
            }
            timers = [
                i for i, t in data.timers.items() if t.fired_at is not None and t.fired_at < cutoff
            ]
            newest: dict[tuple[int, str], int] = {}
            for i, row in sorted(data.outbox.items()):
                if row.record.delivered_at is not None:
                    newest[(row.record.table_id, row.record.kind)] = i
            outbox = [
                i
                for i, row in data.outbox.items()
                if row.record.delivered_at is not None
                and row.record.delivered_at < cutoff
                and (
                    row.record.table_id in closed
                    or newest[(row.record.table_id, row.record.kind)] != i
                )
            ]
            latest: dict[int, int] = {}
            for table_id, version in data.snapshots:
                latest[table_id] = max(version, latest.get(table_id, version))
            snapshots = [
                key
                for key, (_, created) in data.snapshots.items()
                if created < cutoff
                and (key[1] % every != 0 or key[0] in closed)
                and key[1] < latest[key[0]]
            ]
            for i in timers:
                del data.timers[i]
            for i in outbox:
                del data.outbox[i]
            for key in snapshots:
                del data.snapshots[key]
            compacted = 0
            for table_id in closed:
                moves = data.actions.get(table_id, ())
                kept = tuple(
                    a if a.request_id == f"~{a.version}"
                    else replace(a, events=(), description="", request_id=f"~{a.version}")
                    if a.kind == "move"
                    else replace(a, request_id=f"~{a.version}")
                    for a in moves
                )
                compacted += sum(1 for a, b in zip(moves, kept, strict=True) if a is not b)
                data.actions[table_id] = kept
        return {
            "timers": len(timers),
            "outbox": len(outbox),
            "snapshots": len(snapshots),
            "actions": compacted,
        }

    async def vacuum(self) -> None:
        self._check_free()  # nothing to give back: deleted rows are gone from memory already

    async def close(self) -> None:
        self._closed = True
