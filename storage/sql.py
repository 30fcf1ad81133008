"""The SQL both backends share: row conversion, every query and write, and the store methods.

A backend supplies a ``Db``: a connection that runs this SQL (written with ``?`` placeholders
in the subset SQLite and PostgreSQL agree on) and reports a broken constraint as ``Integrity``
in SQLite's words. So each business rule (which outbox rows are due, how seats close up, what
pruning keeps) is written once, whatever database runs it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Collection, Coroutine, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from contextvars import ContextVar
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, TypeVar

from storage.base import (
    OPEN_STATUSES,
    ActionKind,
    ActionRecord,
    AgentJobRecord,
    AwayPeriod,
    Clock,
    Conflict,
    DuplicateRequest,
    Inbox,
    LoggedMove,
    ModerationRecord,
    MoveCommit,
    NotifyMethod,
    OutboxRecord,
    RecordConflict,
    ReplaySource,
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
    TurnPings,
    TurnTime,
    UndoRequestRecord,
    UndoStatus,
    UserSettingsRecord,
    VersionConflict,
    fold_timers,
    read_payload,
    wake_time,
)

Row = Any  # sqlite3.Row or asyncpg.Record: both read by column name and by position
NO_LIMIT = 2**62  # LIMIT -1 means "all" in SQLite only
T = TypeVar("T")


class Integrity(Exception):
    """A broken constraint, described as SQLite does ("UNIQUE constraint failed: seats.table_id,
    seats.user_id", "FOREIGN KEY constraint failed"), so one mapping serves every backend."""


class Db(Protocol):
    """One connection, inside or outside a transaction."""

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; returns the number of rows it changed."""
        ...

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an INSERT; returns the new row's id."""
        ...

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run a statement once per row of parameters."""
        ...

    @property
    def skip_locked(self) -> str:
        """The clause that makes a SELECT lock its rows and pass over rows another
        transaction holds (empty where a write transaction excludes all others)."""
        ...

    async def lock(self, key: int) -> None:
        """Hold ``key`` until the transaction ends (nothing where transactions are serial)."""
        ...


def _ts(value: datetime) -> str:
    if value.tzinfo is None:
        raise ValueError("timestamps must be timezone-aware")
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _dt(text: str | None) -> datetime | None:
    if text is None:
        return None
    return datetime.fromisoformat(text)  # fifty times faster than strptime, on every row read


def _req_dt(text: str) -> datetime:
    value = _dt(text)
    assert value is not None
    return value


def _reminders_text(reminders: Sequence[tuple[int, datetime]]) -> str | None:
    """A deadline's folded reminders as stored: JSON [[number, time], ...], or NULL."""
    if not reminders:
        return None
    return json.dumps([[n, _ts(at)] for n, at in reminders], separators=(",", ":"))


def _reminders(text: str | None) -> tuple[tuple[int, datetime], ...]:
    """A deadline's folded reminders; none when the value cannot be read (a damaged row
    loses its reminders, and its deadline and every other timer still fire)."""
    if not text:
        return ()
    try:
        reminders = tuple((int(n), datetime.fromisoformat(at)) for n, at in json.loads(text))
    except (ValueError, TypeError):
        return ()
    # a time without its zone could not be compared with the clock's
    return reminders if all(at.tzinfo is not None for _, at in reminders) else ()


def _wake_at(text: str | None) -> datetime | None:
    """When a timer is next looked at; None when unreadable, e.g. empty as a process of an
    earlier version writes it during an upgrade (the claim then writes it again)."""
    try:
        return _dt(text)
    except (ValueError, TypeError):
        return None


def _timer_rows(
    timers: Sequence[tuple[TimerKind, int, datetime]],
) -> list[tuple[TimerKind, int, str, str, str | None]]:
    """``timers`` as the rows that store them: kind, number, due_at, wake_at, reminders."""
    return [
        (row.kind, row.number, _ts(row.due_at), _ts(row.wake_at), _reminders_text(row.reminders))
        for row in fold_timers(timers)
    ]


def _seat(row: Row) -> SeatRecord:
    return SeatRecord(
        table_id=row["table_id"],
        seat=row["seat"],
        user_id=row["user_id"],
        agent=row["agent"],
        name=row["name"],
        joined_at=_req_dt(row["joined_at"]),
        owner_id=row["owner_id"],
    )


# A seat's columns beside its table's in one row (the names differ from game_tables' own).
SEAT_COLUMNS = ", ".join(
    f"seats.{c}"
    for c in ("table_id", "seat", "user_id", "agent", "name", "joined_at", "owner_id")
)


def _table(row: Row, seats: Sequence[SeatRecord]) -> TableRecord:
    return TableRecord(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        lobby_message_id=row["lobby_message_id"],
        thread_id=row["thread_id"],
        status=row["status"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        host_id=row["host_id"],
        version=row["version"],
        created_at=_req_dt(row["created_at"]),
        updated_at=_req_dt(row["updated_at"]),
        seats=tuple(seats),
        pace=row["pace"],
        broken=row["broken"],
        broken_at=_dt(row["broken_at"]),
        revision=row["revision"],
    )


def _refusal(
    table_id: int, expected: int, revision: int | None, row: Sequence[Any] | None
) -> StorageError:
    """Why a move's compare-and-set at version ``expected`` (and record ``revision``, unless
    None) failed, given its table's version, status and revision now."""
    if row is None or row[0] != expected:
        return VersionConflict(table_id, expected, None if row is None else row[0])
    if row[1] != "active":
        return StatusConflict(table_id, "active", row[1])
    return RecordConflict(table_id, revision, row[2])


def logged_move(move: MoveCommit, at: str) -> ActionRecord:
    """The log row ``move`` is stored as, written at ``at`` (as stored)."""
    return ActionRecord(
        move.table_id,
        move.version,
        move.seat,
        move.action,
        move.request_id,
        move.user_id,
        _req_dt(at),
        "move",
        move.reversible,
        tuple(move.events),
        move.description,
        None,
        move.revealed,
    )


def _action(row: Row) -> ActionRecord:
    return ActionRecord(
        table_id=row["table_id"],
        version=row["version"],
        seat=row["seat"],
        action=row["action"],
        request_id=row["request_id"],
        user_id=row["user_id"],
        created_at=_req_dt(row["created_at"]),
        kind=row["kind"],
        reversible=bool(row["reversible"]),
        events=tuple(json.loads(row["events"])),
        description=row["description"],
        undo_to=row["undo_to"],
        revealed=bool(row["revealed"]),
    )


# The latest snapshot at or before a version (the first row, the only one with a state), then
# the log rows after it up to that version; one query, so a state is rebuilt in one round trip.
REPLAY_SOURCE = (
    "WITH base AS (SELECT version, state, created_at FROM snapshots"
    " WHERE table_id = ? AND version <= ? ORDER BY version DESC LIMIT 1)"
    " SELECT version, state, created_at, NULL AS kind, NULL AS action, NULL AS undo_to"
    " FROM base"
    " UNION ALL SELECT a.version, NULL, NULL, a.kind, a.action, a.undo_to"
    " FROM actions a, base WHERE a.table_id = ? AND a.version > base.version"
    " AND a.version <= ?"
    " ORDER BY 1"
)


def replay_source(table_id: int, rows: Sequence[Row]) -> ReplaySource | None:
    """A ``ReplaySource`` from the rows of ``REPLAY_SOURCE`` (None without a snapshot)."""
    if not rows:
        return None
    first = rows[0]
    snapshot = SnapshotRecord(
        table_id=table_id,
        version=first["version"],
        state=json.loads(first["state"]),
        created_at=_req_dt(first["created_at"]),
    )
    after = tuple(
        LoggedMove(row["version"], row["kind"], row["action"], row["undo_to"]) for row in rows[1:]
    )
    return ReplaySource(snapshot, after)


def _outbox(row: Row) -> OutboxRecord:
    payload, unreadable = read_payload(row["payload"])
    return OutboxRecord(
        id=row["id"],
        table_id=row["table_id"],
        version=row["version"],
        kind=row["kind"],
        payload=payload,
        created_at=_req_dt(row["created_at"]),
        delivered_at=_dt(row["delivered_at"]),
        attempts=row["attempts"],
        last_error=row["last_error"],
        not_before=_dt(row["not_before"]),
        message_id=row["message_id"],
        attempted_at=_dt(row["attempted_at"]),
        unreadable=unreadable,
    )


def _timer(row: Row) -> TimerRecord:
    return TimerRecord(
        id=row["id"],
        table_id=row["table_id"],
        seat=row["seat"],
        version=row["version"],
        kind=row["kind"],
        number=row["number"],
        due_at=_req_dt(row["due_at"]),
        created_at=_req_dt(row["created_at"]),
        fired_at=_dt(row["fired_at"]),
        outcome=row["outcome"],
        reminders=_reminders(row["reminders"]),
        wake_at=_wake_at(row["wake_at"]),
    )


def _settings(row: Row) -> UserSettingsRecord:
    return UserSettingsRecord(
        user_id=row["user_id"],
        time_zone=row["time_zone"],
        quiet_start=row["quiet_start"],
        quiet_end=row["quiet_end"],
        notify=row["notify"],
        updated_at=_req_dt(row["updated_at"]),
        daily_digest=bool(row["daily_digest"]),
        digest_sent_at=_dt(row["digest_sent_at"]),
        turn_pings=row["turn_pings"],
    )


def _agent_job(row: Row) -> AgentJobRecord:
    return AgentJobRecord(
        table_id=row["table_id"],
        version=row["version"],
        created_at=_req_dt(row["created_at"]),
        claimed_by=row["claimed_by"],
        claimed_until=_dt(row["claimed_until"] or None),
        attempts=row["attempts"],
    )


def _undo_request(row: Row) -> UndoRequestRecord:
    return UndoRequestRecord(
        id=row["id"],
        table_id=row["table_id"],
        requested_by=row["requested_by"],
        seat=row["seat"],
        at_version=row["at_version"],
        target_version=row["target_version"],
        needed=tuple(json.loads(row["needed"])),
        consents=tuple(json.loads(row["consents"])),
        status=row["status"],
        created_at=_req_dt(row["created_at"]),
        resolved_at=_dt(row["resolved_at"]),
    )


def _seat_change(row: Row) -> SeatChangeRecord:
    return SeatChangeRecord(
        id=row["id"],
        table_id=row["table_id"],
        version=row["version"],
        seat=row["seat"],
        reason=row["reason"],
        by_user=row["by_user"],
        from_user=row["from_user"],
        from_agent=row["from_agent"],
        from_name=row["from_name"],
        to_user=row["to_user"],
        to_agent=row["to_agent"],
        to_name=row["to_name"],
        created_at=_req_dt(row["created_at"]),
    )


class SqlReader:
    """The queries; used by the store between transactions and by a transaction inside one."""

    def __init__(self, db: Db, clock: Clock) -> None:
        self._db = db
        self._clock = clock

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self._db.one(sql, params)

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._db.all(sql, params)

    async def _tables(self, rows: list[Row]) -> list[TableRecord]:
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        marks = ",".join("?" * len(ids))
        seat_rows = await self._all(
            f"SELECT * FROM seats WHERE table_id IN ({marks}) ORDER BY table_id, seat", ids
        )
        seats: dict[int, list[SeatRecord]] = {i: [] for i in ids}
        for seat_row in seat_rows:
            seats[seat_row["table_id"]].append(_seat(seat_row))
        return [_table(row, seats[row["id"]]) for row in rows]

    async def get_table(self, table_id: int) -> TableRecord | None:
        # The table and its seats in one query: this read comes before every move.
        rows = await self._all(
            f"SELECT game_tables.*, {SEAT_COLUMNS} FROM game_tables"
            " LEFT JOIN seats ON seats.table_id = game_tables.id"
            " WHERE game_tables.id = ? ORDER BY seats.seat",
            (table_id,),
        )
        if not rows:
            return None
        seats = [_seat(row) for row in rows if row["seat"] is not None]
        return _table(rows[0], seats)

    async def table_for_thread(self, thread_id: int) -> TableRecord | None:
        rows = await self._all("SELECT * FROM game_tables WHERE thread_id = ?", (thread_id,))
        found = await self._tables(rows)
        return found[0] if found else None

    async def list_tables(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        statuses: Sequence[TableStatus] | None = None,
        ids: Sequence[int] | None = None,
    ) -> list[TableRecord]:
        where: list[str] = []
        params: list[Any] = []
        if ids is not None:
            if not ids:
                return []
            where.append(f"id IN ({','.join('?' * len(ids))})")
            params.extend(ids)
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if user_id is not None:
            where.append("id IN (SELECT table_id FROM seats WHERE user_id = ? OR owner_id = ?)")
            params.extend((user_id, user_id))
        if statuses is not None:
            if not statuses:
                return []
            where.append(f"status IN ({','.join('?' * len(statuses))})")
            params.extend(statuses)
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        rows = await self._all(f"SELECT * FROM game_tables {clause} ORDER BY id", params)
        return await self._tables(rows)

    async def count_open_tables(self, guild_id: int | None) -> int:
        server = "guild_id IS NULL" if guild_id is None else "guild_id = ?"
        row = await self._one(
            f"SELECT COUNT(*) FROM game_tables WHERE {server} AND status IN (?, ?)",
            (*(() if guild_id is None else (guild_id,)), *OPEN_STATUSES),
        )
        assert row is not None
        return int(row[0])

    async def inbox(
        self, user_id: int, statuses: Sequence[TableStatus], *, offset: int = 0, limit: int = 10
    ) -> Inbox:
        if not statuses:
            return Inbox((), 0, 0)
        marks = ",".join("?" * len(statuses))
        rows = await self._all(
            "WITH mine AS (SELECT g.id, g.status, g.updated_at, s.seat,"
            "   CASE WHEN s.user_id = ? THEN 1 ELSE 0 END AS holds,"
            "   t.seat AS deadline_seat, t.due_at AS deadline, ROW_NUMBER() OVER"
            "   (PARTITION BY g.id ORDER BY CASE WHEN s.user_id = ? THEN 1 ELSE 0 END DESC) AS n"
            " FROM seats AS s JOIN game_tables AS g ON g.id = s.table_id"
            " LEFT JOIN timers AS t ON t.id = (SELECT d.id FROM timers AS d"
            "   WHERE d.table_id = g.id AND d.version = g.version AND d.kind = 'deadline'"
            "   AND (d.outcome IS NULL OR d.outcome != 'cancelled') ORDER BY d.id DESC LIMIT 1)"
            f" WHERE (s.user_id = ? OR s.owner_id = ?) AND g.status IN ({marks})),"
            " listed AS (SELECT *, CASE WHEN holds = 1 AND status = 'active'"
            "   AND deadline_seat = seat THEN 1 ELSE 0 END AS waiting FROM mine WHERE n = 1)"
            " SELECT *, COUNT(*) OVER () AS total, SUM(waiting) OVER () AS waiting_total"
            " FROM listed ORDER BY waiting DESC, CASE WHEN waiting = 1 THEN deadline END,"
            " CASE WHEN waiting = 1 THEN id END, updated_at DESC, id DESC LIMIT ? OFFSET ?",
            (user_id, user_id, user_id, user_id, *statuses, limit if limit >= 0 else NO_LIMIT,
             max(0, offset)),
        )
        if not rows:
            if offset <= 0:
                return Inbox((), 0, 0)
            everything = await self.inbox(user_id, statuses, offset=0, limit=-1)
            return Inbox((), everything.total, everything.waiting)
        found = tuple(
            SeatedTable(
                table_id=row["id"],
                status=row["status"],
                seat=row["seat"],
                holds=bool(row["holds"]),
                updated_at=_req_dt(row["updated_at"]),
                deadline_seat=row["deadline_seat"],
                deadline=_dt(row["deadline"]),
            )
            for row in rows
        )
        return Inbox(found, int(rows[0]["total"]), int(rows[0]["waiting_total"]))

    async def latest_messages(
        self, table_ids: Sequence[int], kinds: Sequence[str]
    ) -> dict[int, int]:
        if not table_ids or not kinds:
            return {}
        rows = await self._all(
            "SELECT table_id, message_id FROM outbox WHERE id IN (SELECT MAX(id) FROM outbox"
            f" WHERE table_id IN ({','.join('?' * len(table_ids))}) AND message_id IS NOT NULL"
            f" AND kind IN ({','.join('?' * len(kinds))}) GROUP BY table_id)",
            (*table_ids, *kinds),
        )
        return {row[0]: row[1] for row in rows}

    async def get_action(self, table_id: int, version: int) -> ActionRecord | None:
        row = await self._one(
            "SELECT * FROM actions WHERE table_id = ? AND version = ?", (table_id, version)
        )
        return _action(row) if row else None

    async def action_by_request(self, table_id: int, request_id: str) -> ActionRecord | None:
        row = await self._one(
            "SELECT * FROM actions WHERE table_id = ? AND request_id = ?", (table_id, request_id)
        )
        return _action(row) if row else None

    async def latest_moves(
        self, table_id: int, user_id: int, *, after: int
    ) -> tuple[datetime | None, datetime | None]:
        row = await self._one(
            "SELECT MAX(created_at), MAX(CASE WHEN user_id = ? THEN created_at END)"
            " FROM actions WHERE table_id = ? AND version > ?",
            (user_id, table_id, after),
        )
        return (None, None) if row is None else (_dt(row[0]), _dt(row[1]))

    async def list_actions(self, table_id: int, *, after: int = 0) -> list[ActionRecord]:
        rows = await self._all(
            "SELECT * FROM actions WHERE table_id = ? AND version > ? ORDER BY version",
            (table_id, after),
        )
        return [_action(row) for row in rows]

    async def get_snapshot(
        self, table_id: int, version: int | None = None
    ) -> SnapshotRecord | None:
        if version is None:
            row = await self._one(
                "SELECT * FROM snapshots WHERE table_id = ? ORDER BY version DESC LIMIT 1",
                (table_id,),
            )
        else:
            row = await self._one(
                "SELECT * FROM snapshots WHERE table_id = ? AND version = ?", (table_id, version)
            )
        if row is None:
            return None
        return SnapshotRecord(
            table_id=row["table_id"],
            version=row["version"],
            state=json.loads(row["state"]),
            created_at=_req_dt(row["created_at"]),
        )

    async def snapshot_versions(self, table_id: int) -> list[int]:
        rows = await self._all(
            "SELECT version FROM snapshots WHERE table_id = ? ORDER BY version", (table_id,)
        )
        return [row[0] for row in rows]

    async def replay_source(self, table_id: int, version: int) -> ReplaySource | None:
        rows = await self._all(REPLAY_SOURCE, (table_id, version, table_id, version))
        return replay_source(table_id, rows)

    async def list_outbox(self, table_id: int, *, newest: int | None = None) -> list[OutboxRecord]:
        if newest is None:
            rows = await self._all(
                "SELECT * FROM outbox WHERE table_id = ? ORDER BY id", (table_id,)
            )
            return [_outbox(row) for row in rows]
        rows = await self._all(
            "SELECT * FROM outbox WHERE table_id = ? ORDER BY id DESC LIMIT ?", (table_id, newest)
        )
        return [_outbox(row) for row in reversed(rows)]

    async def get_outbox(self, outbox_id: int) -> OutboxRecord | None:
        row = await self._one("SELECT * FROM outbox WHERE id = ?", (outbox_id,))
        return _outbox(row) if row else None

    async def get_user_settings(self, user_id: int) -> UserSettingsRecord | None:
        row = await self._one("SELECT * FROM user_settings WHERE user_id = ?", (user_id,))
        return _settings(row) if row else None

    async def list_timers(
        self, table_id: int, *, version: int | None = None, pending: bool = False
    ) -> list[TimerRecord]:
        sql, params = "SELECT * FROM timers WHERE table_id = ?", [table_id]
        if version is not None:
            sql += " AND version = ?"
            params.append(version)
        if pending:
            sql += " AND fired_at IS NULL"
        rows = await self._all(sql + " ORDER BY id", params)
        return [_timer(row) for row in rows]

    async def next_timer_due(self) -> datetime | None:
        row = await self._one("SELECT MIN(wake_at) FROM timers WHERE fired_at IS NULL")
        if row is None or row[0] is None:
            return None
        # unreadable: look now, and the claim writes it again
        return _wake_at(row[0]) or self._clock()

    async def due_timers(self, now: datetime, limit: int = 100) -> list[TimerRecord]:
        rows = await self._all(
            "SELECT * FROM timers WHERE fired_at IS NULL AND wake_at <= ?"
            " ORDER BY wake_at, id LIMIT ?",
            (_ts(now), limit),
        )
        return [_timer(row) for row in rows]

    async def get_undo_request(self, request_id: int) -> UndoRequestRecord | None:
        row = await self._one("SELECT * FROM undo_requests WHERE id = ?", (request_id,))
        return _undo_request(row) if row else None

    async def open_undo_request(self, table_id: int) -> UndoRequestRecord | None:
        row = await self._one(
            "SELECT * FROM undo_requests WHERE table_id = ? AND status = 'open'"
            " ORDER BY id DESC LIMIT 1",
            (table_id,),
        )
        return _undo_request(row) if row else None

    async def list_seat_changes(self, table_id: int) -> list[SeatChangeRecord]:
        rows = await self._all(
            "SELECT * FROM seat_changes WHERE table_id = ? ORDER BY id", (table_id,)
        )
        return [_seat_change(row) for row in rows]

    async def broken_tables(self) -> list[TableRecord]:
        rows = await self._all("SELECT * FROM game_tables WHERE broken IS NOT NULL ORDER BY id")
        return await self._tables(rows)

    async def list_agent_jobs(self) -> list[AgentJobRecord]:
        rows = await self._all("SELECT * FROM agent_jobs ORDER BY table_id")
        return [_agent_job(row) for row in rows]

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        row = await self._one("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return {} if row is None else read_payload(row[0])[0]

    async def moderation_log(self, guild_id: int, *, limit: int = 20) -> list[ModerationRecord]:
        rows = await self._all(
            "SELECT * FROM moderator_actions WHERE guild_id = ? ORDER BY id DESC LIMIT ?",
            (guild_id, limit),
        )
        return [
            ModerationRecord(
                id=r["id"], guild_id=r["guild_id"], user_id=r["user_id"], table_id=r["table_id"],
                action=r["action"], detail=r["detail"], created_at=_req_dt(r["created_at"]),
            )
            for r in rows
        ]

    async def away_periods(
        self, user_ids: Sequence[int], *, ends_after: datetime
    ) -> list[AwayPeriod]:
        if not user_ids:
            return []
        rows = await self._all(
            f"SELECT * FROM away_periods WHERE user_id IN ({','.join('?' * len(user_ids))})"
            " AND ends_at > ? ORDER BY starts_at, id",
            (*user_ids, _ts(ends_after)),
        )
        return [
            AwayPeriod(r["user_id"], _req_dt(r["starts_at"]), _req_dt(r["ends_at"])) for r in rows
        ]

    async def away_used(self, table_id: int, user_id: int) -> int:
        row = await self._one(
            "SELECT seconds FROM away_used WHERE table_id = ? AND user_id = ?", (table_id, user_id)
        )
        return 0 if row is None else int(row[0])

    async def turn_times(self, user_id: int, *, limit: int = 200) -> list[TurnTime]:
        rows = await self._all(
            "SELECT a.table_id, a.created_at AS ended, COALESCE(p.created_at, s.created_at)"
            " AS started FROM actions a"
            " LEFT JOIN actions p ON p.table_id = a.table_id AND p.version = a.version - 1"
            " LEFT JOIN snapshots s ON a.version = 1 AND s.table_id = a.table_id"
            " AND s.version = 0"
            " WHERE a.user_id = ? AND a.kind = 'move' AND (p.seat IS NULL OR p.seat != a.seat)"
            " ORDER BY a.created_at DESC LIMIT ?",
            (user_id, limit),
        )
        return [
            TurnTime(r["table_id"], _req_dt(r["started"]), _req_dt(r["ended"]))
            for r in rows
            if r["started"] is not None
        ]

    async def digest_subscribers(self) -> list[UserSettingsRecord]:
        rows = await self._all(
            "SELECT * FROM user_settings WHERE daily_digest = 1 OR turn_pings = 'digest'"
            " ORDER BY user_id"
        )
        return [_settings(r) for r in rows]


class SqlTransaction(SqlReader):
    """The writes of one unit of work; valid only inside ``store.transaction()``."""

    async def _insert(self, sql: str, params: Sequence[Any], table_id: int) -> int:
        """Insert a row that may break a constraint; returns its id."""
        try:
            return await self._db.insert(sql, params)
        except Integrity as exc:
            raise _integrity_error(str(exc), table_id) from exc

    async def _write(self, sql: str, params: Sequence[Any], table_id: int) -> int:
        """Run a write that may break a constraint; returns the rows it changed."""
        try:
            return await self._db.execute(sql, params)
        except Integrity as exc:
            raise _integrity_error(str(exc), table_id) from exc

    async def _revise(self, table_id: int) -> None:
        """Count a change to the table's seats in its record's revision."""
        await self._db.execute(
            "UPDATE game_tables SET revision = revision + 1 WHERE id = ?", (table_id,)
        )

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
        now = _ts(self._clock())
        return await self._db.insert(
            "INSERT INTO game_tables (game, guild_id, channel_id, host_id, seed, options,"
            " pace, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game, guild_id, channel_id, host_id, seed, json.dumps(options), pace, now, now),
        )

    async def _update(self, table_id: int, column: str, value: Any) -> None:
        changed = await self._write(
            f"UPDATE game_tables SET {column} = ?, updated_at = ?, revision = revision + 1"
            " WHERE id = ?",
            (value, _ts(self._clock()), table_id),
            table_id,
        )
        if changed != 1:
            raise StorageError(f"no table {table_id}")

    async def _current(self, table_id: int, column: str) -> Any:
        row = await self._one(f"SELECT {column} FROM game_tables WHERE id = ?", (table_id,))
        return None if row is None else row[0]

    async def set_status(
        self, table_id: int, status: TableStatus, *, expected: TableStatus
    ) -> None:
        changed = await self._write(
            "UPDATE game_tables SET status = ?, updated_at = ?, revision = revision + 1"
            " WHERE id = ? AND status = ?",
            (status, _ts(self._clock()), table_id, expected),
            table_id,
        )
        if changed != 1:
            raise StatusConflict(table_id, expected, await self._current(table_id, "status"))

    async def advance_version(
        self,
        table_id: int,
        *,
        expected: int,
        new: int,
        status: TableStatus | None = None,
        revision: int | None = None,
    ) -> None:
        if status is None:
            changed = await self._write(
                "UPDATE game_tables SET version = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND revision = COALESCE(?, revision)",
                (new, _ts(self._clock()), table_id, expected, revision),
                table_id,
            )
        else:
            changed = await self._write(
                "UPDATE game_tables SET version = ?, status = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'"
                " AND revision = COALESCE(?, revision)",
                (new, status, _ts(self._clock()), table_id, expected, revision),
                table_id,
            )
        if changed == 1:
            return
        row = await self._one(
            "SELECT version, status, revision FROM game_tables WHERE id = ?", (table_id,)
        )
        raise _refusal(table_id, expected, revision, row)

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        await self._update(table_id, "lobby_message_id", message_id)

    async def set_thread(self, table_id: int, thread_id: int | None) -> None:
        await self._update(table_id, "thread_id", thread_id)

    async def set_host(self, table_id: int, host_id: int) -> None:
        await self._update(table_id, "host_id", host_id)

    async def set_options(self, table_id: int, options: dict[str, Any]) -> None:
        await self._update(table_id, "options", json.dumps(options))

    async def mark_broken(self, table_id: int, reason: str) -> bool:
        changed = await self._db.execute(
            "UPDATE game_tables SET broken = ?, broken_at = ?, revision = revision + 1"
            " WHERE id = ? AND broken IS NULL",
            (reason, _ts(self._clock()), table_id),
        )
        if changed == 1:
            return True
        if await self._current(table_id, "id") is None:
            raise StorageError(f"no table {table_id}")
        return False

    async def clear_broken(self, table_id: int) -> bool:
        changed = await self._db.execute(
            "UPDATE game_tables SET broken = NULL, broken_at = NULL, revision = revision + 1"
            " WHERE id = ? AND broken IS NOT NULL",
            (table_id,),
        )
        if changed == 1:
            return True
        if await self._current(table_id, "id") is None:
            raise StorageError(f"no table {table_id}")
        return False

    async def add_seat(
        self, table_id: int, *, user_id: int | None, agent: str | None, name: str
    ) -> SeatRecord:
        if (user_id is None) == (agent is None):
            raise ValueError("a seat holds either a user or an agent")
        row = await self._one(
            "SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE table_id = ?", (table_id,)
        )
        assert row is not None
        seat, now = int(row[0]), self._clock()
        try:
            await self._db.execute(
                "INSERT INTO seats (table_id, seat, user_id, agent, name, joined_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, seat, user_id, agent, name, _ts(now)),
            )
        except Integrity as exc:
            if "seats.table_id, seats.user_id" in str(exc):
                raise SeatConflict(
                    f"user {user_id} already holds a seat at table {table_id}"
                ) from exc
            raise _integrity_error(str(exc), table_id) from exc
        await self._revise(table_id)
        return SeatRecord(table_id, seat, user_id, agent, name, _req_dt(_ts(now)))

    async def remove_seat(self, table_id: int, seat: int) -> None:
        changed = await self._write(
            "DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat), table_id
        )
        if changed != 1:
            raise StorageError(f"table {table_id} has no seat {seat}")
        await self._revise(table_id)
        # One row at a time, lowest first, so each move lands on a seat number just freed.
        later = await self._all(
            "SELECT seat FROM seats WHERE table_id = ? AND seat > ? ORDER BY seat",
            (table_id, seat),
        )
        for row in later:
            await self._write(
                "UPDATE seats SET seat = seat - 1 WHERE table_id = ? AND seat = ?",
                (table_id, row["seat"]),
                table_id,
            )

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
        now = _ts(self._clock())
        try:
            await self._db.execute(
                "INSERT INTO actions (table_id, version, seat, action, request_id, user_id,"
                " created_at, kind, reversible, events, description, undo_to, revealed)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    version,
                    seat,
                    action,
                    request_id,
                    user_id,
                    now,
                    kind,
                    int(reversible),
                    json.dumps(list(events)),
                    description,
                    undo_to,
                    int(revealed),
                ),
            )
        except Integrity as exc:
            raise logging_failed(exc, table_id, version, request_id) from exc
        return ActionRecord(
            table_id,
            version,
            seat,
            action,
            request_id,
            user_id,
            _req_dt(now),
            kind,
            reversible,
            tuple(events),
            description,
            undo_to,
            revealed,
        )

    async def commit_move(self, move: MoveCommit) -> ActionRecord:
        """``Store.commit_move`` as separate writes, inside the caller's transaction."""
        table_id, version = move.table_id, move.version
        await self.advance_version(
            table_id,
            expected=move.expected,
            new=version,
            status=move.status,
            revision=move.revision,
        )
        logged = await self.append_action(
            table_id,
            version=version,
            seat=move.seat,
            action=move.action,
            request_id=move.request_id,
            user_id=move.user_id,
            reversible=move.reversible,
            revealed=move.revealed,
            events=move.events,
            description=move.description,
        )
        await self._db.execute(
            "DELETE FROM timers WHERE table_id = ? AND fired_at IS NULL", (table_id,)
        )
        if move.timer_seat is not None:
            await self.add_timers(
                table_id, seat=move.timer_seat, version=version, timers=move.timers
            )
        await self.set_agent_job(table_id, version if move.agent_job else None)
        if move.state is None:
            pass
        elif move.snapshot_replaces is None:
            await self.put_snapshot(table_id, version, move.state)
        else:
            await self.move_snapshot(
                table_id, old=move.snapshot_replaces, new=version, state=move.state
            )
        for kind, payload, not_before in move.outbox:
            await self.enqueue(
                table_id, version=version, kind=kind, payload=payload, not_before=not_before,
                delivered=move.recorded_only,
            )
        return logged

    async def put_snapshot(self, table_id: int, version: int, state: dict[str, Any]) -> None:
        await self._write(
            "INSERT INTO snapshots (table_id, version, state, created_at) VALUES (?, ?, ?, ?)",
            (table_id, version, json.dumps(state, separators=(",", ":")), _ts(self._clock())),
            table_id,
        )

    async def move_snapshot(
        self, table_id: int, *, old: int, new: int, state: dict[str, Any]
    ) -> None:
        changed = await self._write(
            "UPDATE snapshots SET version = ?, state = ?, created_at = ?"
            " WHERE table_id = ? AND version = ?",
            (new, json.dumps(state, separators=(",", ":")), _ts(self._clock()), table_id, old),
            table_id,
        )
        if changed == 0:
            await self.put_snapshot(table_id, new, state)

    async def delete_snapshot(self, table_id: int, version: int) -> None:
        await self._db.execute(
            "DELETE FROM snapshots WHERE table_id = ? AND version = ?", (table_id, version)
        )

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
        # The table's existence is checked here, in the statement: PostgreSQL does not check
        # the outbox's reference to it (migration 034).
        now = _ts(self._clock())
        row = await self._db.one(
            "INSERT INTO outbox (table_id, version, kind, payload, created_at, not_before,"
            " delivered_at)"
            " SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM game_tables WHERE id = ?)"
            " RETURNING id",
            (
                table_id,
                version,
                kind,
                json.dumps(payload),
                now,
                None if not_before is None else _ts(not_before),
                now if delivered else None,
                table_id,
            ),
        )
        if row is None:
            raise StorageError(f"no table {table_id}")
        return int(row[0])


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
        before = await self._one(
            "SELECT * FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat)
        )
        if before is None:
            raise StorageError(f"table {table_id} has no seat {seat}")
        try:
            await self._db.execute(
                "UPDATE seats SET user_id = ?, agent = ?, name = ?, owner_id = ?"
                " WHERE table_id = ? AND seat = ?",
                (user_id, agent, name, owner_id, table_id, seat),
            )
        except Integrity as exc:
            if "seats.table_id, seats.user_id" in str(exc):
                raise SeatConflict(
                    f"user {user_id} already holds a seat at table {table_id}"
                ) from exc
            raise _integrity_error(str(exc), table_id) from exc
        await self._write(
            "INSERT INTO seat_changes (table_id, version, seat, reason, by_user, from_user,"
            " from_agent, from_name, to_user, to_agent, to_name, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                version,
                seat,
                reason,
                by_user,
                before["user_id"],
                before["agent"],
                before["name"],
                user_id,
                agent,
                name,
                _ts(self._clock()),
            ),
            table_id,
        )
        await self._revise(table_id)
        row = await self._one(
            "SELECT * FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat)
        )
        assert row is not None
        return _seat(row)

    async def put_user_settings(
        self,
        user_id: int,
        *,
        time_zone: str | None,
        quiet_start: str | None,
        quiet_end: str | None,
        notify: NotifyMethod,
    ) -> UserSettingsRecord:
        try:
            await self._db.execute(
                "INSERT INTO user_settings (user_id, time_zone, quiet_start, quiet_end, notify,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " time_zone = excluded.time_zone, quiet_start = excluded.quiet_start,"
                " quiet_end = excluded.quiet_end, notify = excluded.notify,"
                " updated_at = excluded.updated_at",
                (user_id, time_zone, quiet_start, quiet_end, notify, _ts(self._clock())),
            )
        except Integrity as exc:
            raise StorageError(f"settings of user {user_id}: {exc}") from exc
        found = await self.get_user_settings(user_id)
        assert found is not None
        return found

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
        return await self._insert(
            "INSERT INTO timers (table_id, seat, version, kind, number, due_at, wake_at,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (table_id, seat, version, kind, number, _ts(due_at), _ts(due_at), _ts(self._clock())),
            table_id,
        )


    async def add_timers(
        self,
        table_id: int,
        *,
        seat: int,
        version: int,
        timers: Sequence[tuple[TimerKind, int, datetime]],
    ) -> None:
        if not timers:
            return
        now = _ts(self._clock())
        try:
            await self._db.execute_many(
                "INSERT INTO timers (table_id, seat, version, kind, number, due_at, wake_at,"
                " reminders, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (table_id, seat, version, kind, number, due_at, wake_at, reminders, now)
                    for kind, number, due_at, wake_at, reminders in _timer_rows(timers)
                ],
            )
        except Integrity as exc:
            raise _integrity_error(str(exc), table_id) from exc

    async def finish_timer(self, timer_id: int, outcome: TimerOutcome) -> None:
        changed = await self._db.execute(
            "UPDATE timers SET fired_at = ?, outcome = ? WHERE id = ? AND fired_at IS NULL",
            (_ts(self._clock()), outcome, timer_id),
        )
        if changed != 1:
            raise Conflict(f"timer {timer_id} is already finished (or does not exist)")

    async def postpone_timer(self, timer_id: int, due_at: datetime) -> None:
        row = await self._one(
            "SELECT reminders FROM timers WHERE id = ? AND fired_at IS NULL", (timer_id,)
        )
        if row is None:
            raise Conflict(f"timer {timer_id} is already finished (or does not exist)")
        wake_at = wake_time(due_at, _reminders(row["reminders"]))
        changed = await self._db.execute(
            "UPDATE timers SET due_at = ?, wake_at = ? WHERE id = ? AND fired_at IS NULL",
            (_ts(due_at), _ts(wake_at), timer_id),
        )
        if changed != 1:
            raise Conflict(f"timer {timer_id} is already finished (or does not exist)")

    async def claim_due_timers(self, table_id: int, now: datetime) -> list[TimerRecord]:
        sql = (
            "SELECT * FROM timers WHERE table_id = ? AND fired_at IS NULL AND wake_at <= ?"
            " ORDER BY id" + self._db.skip_locked
        )
        claimed = [_timer(row) for row in await self._all(sql, (table_id, _ts(now)))]
        unfolded = False
        for timer in claimed:
            came = [r for r in timer.reminders if r[1] <= now]
            rest = [r for r in timer.reminders if r[1] > now]
            wake_at = wake_time(timer.due_at, rest)
            if not came and timer.wake_at == wake_at:
                continue
            # Its reminders that fell due become timers of their own, claimed with it, so
            # each is finished once, as every timer is.
            for number, due_at in came:
                await self.add_timer(
                    table_id, seat=timer.seat, version=timer.version, kind="reminder",
                    due_at=due_at, number=number,
                )
            await self._db.execute(
                "UPDATE timers SET reminders = ?, wake_at = ? WHERE id = ?",
                (_reminders_text(rest), _ts(wake_at), timer.id),
            )
            unfolded = unfolded or bool(came)
        if unfolded:  # the timers just added are this transaction's own: none is skipped
            claimed = [_timer(row) for row in await self._all(sql, (table_id, _ts(now)))]
        return [t for t in claimed if t.due_at <= now]

    async def lock_table(self, table_id: int) -> None:
        await self._db.lock(table_id)

    async def cancel_timers(self, table_id: int) -> int:
        changed = await self._db.execute(
            "UPDATE timers SET fired_at = ?, outcome = 'cancelled'"
            " WHERE table_id = ? AND fired_at IS NULL",
            (_ts(self._clock()), table_id),
        )
        return changed

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
        return await self._insert(
            "INSERT INTO undo_requests (table_id, requested_by, seat, at_version,"
            " target_version, needed, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                requested_by,
                seat,
                at_version,
                target_version,
                json.dumps(list(needed)),
                _ts(self._clock()),
            ),
            table_id,
        )

    async def update_undo_request(
        self, request_id: int, *, consents: Sequence[int], status: UndoStatus
    ) -> None:
        resolved = None if status == "open" else _ts(self._clock())
        changed = await self._db.execute(
            "UPDATE undo_requests SET consents = ?, status = ?, resolved_at = ? WHERE id = ?",
            (json.dumps(list(consents)), status, resolved, request_id),
        )
        if changed != 1:
            raise StorageError(f"no undo request {request_id}")

    async def set_agent_job(self, table_id: int, version: int | None) -> None:
        if version is None:
            await self._db.execute("DELETE FROM agent_jobs WHERE table_id = ?", (table_id,))
            return
        await self._write(
            "INSERT INTO agent_jobs (table_id, version, created_at) VALUES (?, ?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET version = excluded.version,"
            " created_at = excluded.created_at, claimed_by = NULL, claimed_until = '',"
            " attempts = 0",
            (table_id, version, _ts(self._clock())),
            table_id,
        )

    async def set_turn_pings(self, user_id: int, choice: TurnPings) -> None:
        await self._write(
            "INSERT INTO user_settings (user_id, turn_pings, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET turn_pings = excluded.turn_pings,"
            " updated_at = excluded.updated_at",
            (user_id, choice, _ts(self._clock())),
            0,
        )

    async def put_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self._db.execute(
            "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
            " updated_at = excluded.updated_at",
            (guild_id, json.dumps(settings, sort_keys=True), _ts(self._clock())),
        )

    async def log_moderation(
        self, guild_id: int, *, user_id: int, table_id: int | None, action: str, detail: str
    ) -> int:
        return await self._db.insert(
            "INSERT INTO moderator_actions (guild_id, user_id, table_id, action, detail,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (guild_id, user_id, table_id, action, detail, _ts(self._clock())),
        )

    async def add_away(self, user_id: int, *, starts_at: datetime, ends_at: datetime) -> None:
        await self._db.execute(
            "DELETE FROM away_periods WHERE user_id = ? AND starts_at >= ?",
            (user_id, _ts(starts_at)),
        )
        await self._db.execute(
            "UPDATE away_periods SET ends_at = ? WHERE user_id = ? AND ends_at > ?",
            (_ts(starts_at), user_id, _ts(starts_at)),
        )
        if ends_at > starts_at:
            await self._db.execute(
                "INSERT INTO away_periods (user_id, starts_at, ends_at) VALUES (?, ?, ?)",
                (user_id, _ts(starts_at), _ts(ends_at)),
            )

    async def add_away_used(self, table_id: int, user_id: int, seconds: int) -> None:
        await self._write(
            "INSERT INTO away_used (table_id, user_id, seconds) VALUES (?, ?, ?)"
            " ON CONFLICT (table_id, user_id)"
            " DO UPDATE SET seconds = away_used.seconds + excluded.seconds",
            (table_id, user_id, seconds),
            table_id,
        )

    async def set_daily_digest(self, user_id: int, on: bool) -> None:
        await self._db.execute(
            "INSERT INTO user_settings (user_id, daily_digest, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET daily_digest = excluded.daily_digest,"
            " updated_at = excluded.updated_at",
            (user_id, int(on), _ts(self._clock())),
        )

    async def mark_digest_sent(self, user_id: int, at: datetime) -> None:
        await self._db.execute(
            "UPDATE user_settings SET digest_sent_at = ? WHERE user_id = ?", (_ts(at), user_id)
        )


def logging_failed(exc: Integrity, table_id: int, version: int, request_id: str) -> StorageError:
    """What a log entry that broke a constraint means: the request was made already, or
    another move took its version."""
    message = str(exc)
    if "actions.table_id, actions.request_id" in message:
        return DuplicateRequest(table_id, request_id)
    if "actions.table_id, actions.version" in message:
        return VersionConflict(table_id, version - 1, None)
    return _integrity_error(message, table_id)


def _padded(ids: list[int]) -> list[int]:
    """``ids`` padded to a power of two with an id no table has, so that a statement listing
    them comes in a few shapes (the connection compiles each shape once and keeps it)."""
    size = 1
    while size < len(ids):
        size *= 2
    return ids + [0] * (size - len(ids)) if ids else ids


def _integrity_error(message: str, table_id: int) -> StorageError:
    """A storage error for a broken constraint (the specific ones are mapped first)."""
    if "FOREIGN KEY" in message:
        return StorageError(f"no table {table_id}")
    if "snapshots.table_id, snapshots.version" in message:
        return Conflict(f"table {table_id} already has a snapshot of that version")
    if "game_tables.thread_id" in message:
        return Conflict(f"that thread already hosts another table than {table_id}")
    return StorageError(f"table {table_id}: {message}")


class SqlStore:
    """The ``Store`` methods over a backend's connections.

    A backend supplies ``_reading()`` (a connection for reads and single writes) and
    ``_begin()`` (a connection inside a transaction that commits when the block ends well and
    rolls back otherwise), plus ``_migrate``, ``vacuum`` and ``close``."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._in_transaction: ContextVar[bool] = ContextVar("in_transaction", default=False)
        self._closed = False

    def _reading(self) -> AbstractAsyncContextManager[Db]:
        raise NotImplementedError

    def _begin(self) -> AbstractAsyncContextManager[Db]:
        raise NotImplementedError

    async def _after_copy(self, db: Db, tables_with_ids: Sequence[str]) -> None:
        """Rows were copied in with their ids: new ones must be numbered after them."""

    def _check_free(self) -> None:
        if self._closed:
            raise StorageError("the store is closed")
        if self._in_transaction.get():
            raise RuntimeError("inside store.transaction() use the transaction's methods")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqlTransaction]:
        self._check_free()
        token = self._in_transaction.set(True)
        try:
            async with self._begin() as db:
                yield SqlTransaction(db, self._clock)
        finally:
            self._in_transaction.reset(token)

    async def _transact(self, work: Callable[[SqlTransaction], Coroutine[Any, Any, T]]) -> T:
        """``work`` inside one transaction. ``work`` touches nothing but the transaction, so a
        backend may run all of it at once where the connection lives."""
        async with self.transaction() as tx:
            return await work(tx)

    async def commit_move(self, move: MoveCommit) -> ActionRecord:
        return await self._transact(lambda tx: tx.commit_move(move))

    async def _read(self, name: str, *args: Any, **kwargs: Any) -> Any:
        self._check_free()
        async with self._reading() as db:
            return await getattr(SqlReader(db, self._clock), name)(*args, **kwargs)

    async def _statement(self, work: Callable[[Db], Coroutine[Any, Any, T]]) -> T:
        """``work``, one statement outside any transaction (a read, or a single write)."""
        self._check_free()
        async with self._reading() as db:
            return await work(db)

    async def get_table(self, table_id: int) -> TableRecord | None:
        return await self._read("get_table", table_id)

    async def table_for_thread(self, thread_id: int) -> TableRecord | None:
        return await self._read("table_for_thread", thread_id)

    async def list_tables(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        statuses: Sequence[TableStatus] | None = None,
        ids: Sequence[int] | None = None,
    ) -> list[TableRecord]:
        return await self._read(
            "list_tables", guild_id=guild_id, user_id=user_id, statuses=statuses, ids=ids
        )

    async def count_open_tables(self, guild_id: int | None) -> int:
        return await self._read("count_open_tables", guild_id)

    async def inbox(
        self, user_id: int, statuses: Sequence[TableStatus], *, offset: int = 0, limit: int = 10
    ) -> Inbox:
        return await self._read("inbox", user_id, statuses, offset=offset, limit=limit)

    async def latest_messages(
        self, table_ids: Sequence[int], kinds: Sequence[str]
    ) -> dict[int, int]:
        return await self._read("latest_messages", table_ids, kinds)

    async def get_action(self, table_id: int, version: int) -> ActionRecord | None:
        return await self._read("get_action", table_id, version)

    async def action_by_request(self, table_id: int, request_id: str) -> ActionRecord | None:
        return await self._read("action_by_request", table_id, request_id)

    async def list_actions(self, table_id: int, *, after: int = 0) -> list[ActionRecord]:
        return await self._read("list_actions", table_id, after=after)

    async def latest_moves(
        self, table_id: int, user_id: int, *, after: int
    ) -> tuple[datetime | None, datetime | None]:
        return await self._read("latest_moves", table_id, user_id, after=after)

    async def get_snapshot(
        self, table_id: int, version: int | None = None
    ) -> SnapshotRecord | None:
        return await self._read("get_snapshot", table_id, version)

    async def snapshot_versions(self, table_id: int) -> list[int]:
        return await self._read("snapshot_versions", table_id)

    async def replay_source(self, table_id: int, version: int) -> ReplaySource | None:
        return await self._read("replay_source", table_id, version)

    async def list_outbox(self, table_id: int, *, newest: int | None = None) -> list[OutboxRecord]:
        return await self._read("list_outbox", table_id, newest=newest)

    async def get_outbox(self, outbox_id: int) -> OutboxRecord | None:
        return await self._read("get_outbox", outbox_id)

    async def get_user_settings(self, user_id: int) -> UserSettingsRecord | None:
        return await self._read("get_user_settings", user_id)

    async def list_timers(
        self, table_id: int, *, version: int | None = None, pending: bool = False
    ) -> list[TimerRecord]:
        return await self._read("list_timers", table_id, version=version, pending=pending)

    async def next_timer_due(self) -> datetime | None:
        return await self._read("next_timer_due")

    async def due_timers(self, now: datetime, limit: int = 100) -> list[TimerRecord]:
        return await self._read("due_timers", now, limit)

    async def get_undo_request(self, request_id: int) -> UndoRequestRecord | None:
        return await self._read("get_undo_request", request_id)

    async def open_undo_request(self, table_id: int) -> UndoRequestRecord | None:
        return await self._read("open_undo_request", table_id)

    async def list_seat_changes(self, table_id: int) -> list[SeatChangeRecord]:
        return await self._read("list_seat_changes", table_id)

    async def broken_tables(self) -> list[TableRecord]:
        return await self._read("broken_tables")

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._read("get_guild_settings", guild_id)

    async def moderation_log(self, guild_id: int, *, limit: int = 20) -> list[ModerationRecord]:
        return await self._read("moderation_log", guild_id, limit=limit)

    async def away_periods(
        self, user_ids: Sequence[int], *, ends_after: datetime
    ) -> list[AwayPeriod]:
        return await self._read("away_periods", user_ids, ends_after=ends_after)

    async def away_used(self, table_id: int, user_id: int) -> int:
        return await self._read("away_used", table_id, user_id)

    async def turn_times(self, user_id: int, *, limit: int = 200) -> list[TurnTime]:
        return await self._read("turn_times", user_id, limit=limit)

    async def digest_subscribers(self) -> list[UserSettingsRecord]:
        return await self._read("digest_subscribers")

    async def pending_outbox(
        self, limit: int = 50, *, now: datetime | None = None
    ) -> list[OutboxRecord]:
        due = _ts(now or self._clock())
        rows = await self._statement(lambda db: db.all(
            "SELECT * FROM outbox AS o WHERE o.delivered_at IS NULL"
            " AND (o.not_before IS NULL OR o.not_before <= ?)"
            " AND NOT EXISTS (SELECT 1 FROM outbox AS p WHERE p.table_id = o.table_id"
            "   AND p.delivered_at IS NULL AND p.id < o.id AND p.not_before > ?)"
            " ORDER BY o.id LIMIT ?",
            (due, due, limit),
        ))
        return [_outbox(row) for row in rows]

    async def list_agent_jobs(self) -> list[AgentJobRecord]:
        return await self._read("list_agent_jobs")

    async def claim_agent_jobs(
        self, worker: str, *, now: datetime, until: datetime, limit: int = 10
    ) -> list[AgentJobRecord]:
        async with self.transaction() as tx:
            db = tx._db
            found = await db.all(
                "SELECT table_id FROM agent_jobs WHERE claimed_until <= ?"
                " ORDER BY claimed_until, table_id LIMIT ?" + db.skip_locked,
                (_ts(now), limit),
            )
            ids = [row[0] for row in found]
            if not ids:
                return []
            marks = ",".join("?" * len(ids))
            await db.execute(
                "UPDATE agent_jobs SET claimed_by = ?, claimed_until = ?,"
                f" attempts = attempts + 1 WHERE table_id IN ({marks})",
                (worker, _ts(until), *ids),
            )
            rows = await db.all(
                f"SELECT * FROM agent_jobs WHERE table_id IN ({marks}) ORDER BY table_id", ids
            )
        return [_agent_job(row) for row in rows]

    async def finish_agent_job(self, table_id: int, version: int) -> bool:
        changed = await self._statement(lambda db: db.execute(
            "DELETE FROM agent_jobs WHERE table_id = ? AND version = ?", (table_id, version)
        ))
        return changed == 1

    async def claim_outbox(
        self,
        claimer: str,
        *,
        limit: int = 50,
        now: datetime | None = None,
        lease: timedelta = timedelta(seconds=60),
        held: Collection[int] = (),
    ) -> list[OutboxRecord]:
        at = now or self._clock()
        rows = await self._claim(claimer, _ts(at), _ts(at + lease), list(held), limit)
        return sorted((_outbox(row) for row in rows), key=lambda r: r.id)  # RETURNING's order

    async def _claim(
        self, claimer: str, due: str, until: str, held: list[int], limit: int
    ) -> list[Row]:
        """Claim due outbox rows: a database with one writer at a time, whose transaction
        sees every claim made before it. PostgreSQL claims through a function of its own
        (migration 036)."""
        busy = _padded(held)
        not_busy = f" AND o.table_id NOT IN ({','.join('?' * len(busy))})" if busy else ""

        async def claim(tx: SqlTransaction) -> list[Row]:
            return await tx._db.all(
                "UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id IN ("
                " SELECT o.id FROM outbox AS o WHERE o.delivered_at IS NULL"
                " AND (o.not_before IS NULL OR o.not_before <= ?)"
                " AND NOT EXISTS (SELECT 1 FROM outbox AS p WHERE p.table_id = o.table_id"
                "   AND p.delivered_at IS NULL AND p.id < o.id AND p.not_before > ?)"
                " AND NOT EXISTS (SELECT 1 FROM outbox AS c WHERE c.table_id = o.table_id"
                "   AND c.delivered_at IS NULL AND c.claimed_until > ? AND c.claimed_by != ?)"
                + not_busy + " ORDER BY o.id LIMIT ?) RETURNING *",
                (claimer, until, due, due, due, claimer, *busy, limit),
            )

        return await self._transact(claim)

    async def _outbox_update(self, sql: str, params: Sequence[Any]) -> None:
        if await self._statement(lambda db: db.execute(sql, params)) != 1:
            raise StorageError(f"no outbox row {params[-1]}")

    async def mark_delivered(
        self, outbox_id: int, *, message_id: int | None = None, at: datetime | None = None
    ) -> None:
        await self._outbox_update(
            "UPDATE outbox SET delivered_at = ?, message_id = ? WHERE id = ?",
            (_ts(at or self._clock()), message_id, outbox_id),
        )

    async def mark_failed(
        self, outbox_id: int, error: str, *, retry_at: datetime | None = None
    ) -> None:
        await self._outbox_update(
            "UPDATE outbox SET attempts = attempts + 1, last_error = ?, not_before = ?,"
            " claimed_by = NULL, claimed_until = NULL WHERE id = ?",
            (error, None if retry_at is None else _ts(retry_at), outbox_id),
        )

    async def mark_attempted(
        self,
        outbox_id: int,
        *,
        at: datetime | None = None,
        claimed_until: datetime | None = None,
    ) -> datetime | None:
        until = None if claimed_until is None else _ts(claimed_until)
        before = await self._attempt(outbox_id, _ts(at or self._clock()), until)
        if before is None:
            raise StorageError(f"no outbox row {outbox_id}")
        return _dt(before["attempted_at"])

    async def _attempt(self, outbox_id: int, at: str, until: str | None) -> Row | None:
        """Record an attempt at the outbox row: its ``attempted_at`` as it was before, or None
        when there is no such row."""

        async def attempt(tx: SqlTransaction) -> Row | None:
            row = await tx._one("SELECT attempted_at FROM outbox WHERE id = ?", (outbox_id,))
            if row is not None:
                await tx._db.execute(
                    "UPDATE outbox SET attempted_at = ?,"
                    " claimed_until = COALESCE(?, claimed_until) WHERE id = ?",
                    (at, until, outbox_id),
                )
            return row

        return await self._transact(attempt)

    async def applied_migrations(self) -> list[int]:
        self._check_free()
        async with self._reading() as db:
            rows = await db.all("SELECT version FROM schema_migrations ORDER BY version")
        return [int(row[0]) for row in rows]

    async def prune(self, before: datetime, *, snapshot_every: int) -> dict[str, int]:
        cutoff, every = _ts(before), max(1, snapshot_every)
        closed = (
            "SELECT id FROM game_tables WHERE status IN ('finished', 'cancelled')"
            " AND updated_at < ?"
        )
        steps = {
            "timers": (
                "DELETE FROM timers WHERE fired_at IS NOT NULL AND fired_at < ?",
                (cutoff,),
            ),
            "outbox": (
                "DELETE FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ?"
                f" AND (table_id IN ({closed}) OR id NOT IN (SELECT MAX(id) FROM outbox"
                " WHERE delivered_at IS NOT NULL GROUP BY table_id, kind))",
                (cutoff, cutoff),
            ),
            "snapshots": (
                "DELETE FROM snapshots WHERE created_at < ?"
                f" AND (version % ? != 0 OR table_id IN ({closed}))"
                " AND version < (SELECT MAX(version) FROM snapshots AS latest"
                " WHERE latest.table_id = snapshots.table_id)",
                (cutoff, every, cutoff),
            ),
            "actions": (
                "UPDATE actions SET request_id = '~' || version,"
                " events = CASE kind WHEN 'move' THEN '[]' ELSE events END,"
                " description = CASE kind WHEN 'move' THEN '' ELSE description END"
                f" WHERE table_id IN ({closed}) AND request_id != '~' || version",
                (cutoff,),
            ),
        }
        counts = {}
        async with self.transaction() as tx:
            for name, (sql, params) in steps.items():
                counts[name] = await tx._db.execute(sql, params)
        return counts
