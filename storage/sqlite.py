"""The embedded backend: one aiosqlite connection in WAL mode.

All work goes through one connection, so an asyncio lock serialises it: a transaction holds
the lock from BEGIN to COMMIT, and plain reads wait for it. ``BEGIN IMMEDIATE`` takes SQLite's
write lock at the start, so a second process waits (busy timeout) instead of failing halfway.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

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

BUSY_TIMEOUT_MS = 5000
_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


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


def migrations() -> list[tuple[int, str, str]]:
    """(number, file name, SQL) of every shipped migration, in order.

    Numbers are unique but may have gaps, so that migrations written on two branches at once
    merge; a migration that arrives later than a higher-numbered one is applied when seen."""
    found = []
    for entry in resources.files("storage.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _, _ in found]
    if len(set(numbers)) != len(numbers):
        raise StorageError(f"two migrations share a number: {numbers}")
    return found


_ADD_COLUMN = re.compile(r"^ALTER\s+TABLE\s+(\w+)\s+ADD\s+COLUMN\s+(\w+)", re.IGNORECASE)
_CREATE = re.compile(
    r"^CREATE\s+(?:UNIQUE\s+)?(TABLE|INDEX)\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)", re.IGNORECASE
)


def _without_comments(statement: str) -> str:
    lines = [line for line in statement.splitlines() if not line.lstrip().startswith("--")]
    return "\n".join(lines).strip()


async def _already_done(conn: aiosqlite.Connection, statement: str) -> bool:
    """Whether the statement's change is already in the schema: a column added or a table or
    index created by an earlier run whose bookkeeping row was lost. Re-running a migration
    then skips what is there instead of failing on it."""
    sql = _without_comments(statement)
    column = _ADD_COLUMN.match(sql)
    if column is not None:
        table, name = column.groups()
        rows = await conn.execute_fetchall(f"PRAGMA table_info({table})")
        return any(row[1].lower() == name.lower() for row in rows)
    created = _CREATE.match(sql)
    if created is not None:
        kind, name = created.groups()
        rows = await conn.execute_fetchall(
            "SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?", (kind.lower(), name)
        )
        return bool(rows)
    return False


def _seat(row: sqlite3.Row) -> SeatRecord:
    return SeatRecord(
        table_id=row["table_id"],
        seat=row["seat"],
        user_id=row["user_id"],
        agent=row["agent"],
        name=row["name"],
        joined_at=_req_dt(row["joined_at"]),
        owner_id=row["owner_id"],
    )


def _action(row: sqlite3.Row) -> ActionRecord:
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


def _outbox(row: sqlite3.Row) -> OutboxRecord:
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


def _timer(row: sqlite3.Row) -> TimerRecord:
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
    )


def _agent_job(row: sqlite3.Row) -> AgentJobRecord:
    return AgentJobRecord(
        table_id=row["table_id"],
        version=row["version"],
        created_at=_req_dt(row["created_at"]),
        claimed_by=row["claimed_by"],
        claimed_until=_dt(row["claimed_until"] or None),
        attempts=row["attempts"],
    )


def _settings(row: sqlite3.Row) -> UserSettingsRecord:
    return UserSettingsRecord(
        user_id=row["user_id"],
        time_zone=row["time_zone"],
        quiet_start=row["quiet_start"],
        quiet_end=row["quiet_end"],
        notify=row["notify"],
        updated_at=_req_dt(row["updated_at"]),
    )


def _undo_request(row: sqlite3.Row) -> UndoRequestRecord:
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


def _seat_change(row: sqlite3.Row) -> SeatChangeRecord:
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


class _SqliteReader:
    """The queries; used by the store between transactions and by a transaction inside one."""

    def __init__(self, conn: aiosqlite.Connection, clock: Clock) -> None:
        self._conn = conn
        self._clock = clock

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        async with self._conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def _tables(self, rows: list[sqlite3.Row]) -> list[TableRecord]:
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
        return [
            TableRecord(
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
                seats=tuple(seats[row["id"]]),
                pace=row["pace"],
                broken=row["broken"],
                broken_at=_dt(row["broken_at"]),
            )
            for row in rows
        ]

    async def get_table(self, table_id: int) -> TableRecord | None:
        rows = await self._all("SELECT * FROM game_tables WHERE id = ?", (table_id,))
        found = await self._tables(rows)
        return found[0] if found else None

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
        row = await self._one(
            "SELECT COUNT(*) FROM game_tables WHERE guild_id IS ? AND status IN (?, ?)",
            (guild_id, *OPEN_STATUSES),
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
            "   s.user_id IS ? AS holds, t.seat AS deadline_seat, t.due_at AS deadline,"
            "   ROW_NUMBER() OVER (PARTITION BY g.id ORDER BY s.user_id IS ? DESC) AS n"
            " FROM seats AS s JOIN game_tables AS g ON g.id = s.table_id"
            " LEFT JOIN timers AS t ON t.id = (SELECT d.id FROM timers AS d"
            "   WHERE d.table_id = g.id AND d.version = g.version AND d.kind = 'deadline'"
            "   AND (d.outcome IS NULL OR d.outcome != 'cancelled') ORDER BY d.id DESC LIMIT 1)"
            f" WHERE (s.user_id = ? OR s.owner_id = ?) AND g.status IN ({marks})),"
            " listed AS (SELECT *, (holds AND status = 'active' AND deadline_seat IS seat)"
            "   AS waiting FROM mine WHERE n = 1)"
            " SELECT *, COUNT(*) OVER () AS total, SUM(waiting) OVER () AS waiting_total"
            " FROM listed ORDER BY waiting DESC, CASE WHEN waiting THEN deadline END,"
            " CASE WHEN waiting THEN id END, updated_at DESC, id DESC LIMIT ? OFFSET ?",
            (user_id, user_id, user_id, user_id, *statuses, limit if limit >= 0 else -1,
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
        return Inbox(found, rows[0]["total"], rows[0]["waiting_total"])

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

    async def list_outbox(self, table_id: int) -> list[OutboxRecord]:
        rows = await self._all("SELECT * FROM outbox WHERE table_id = ? ORDER BY id", (table_id,))
        return [_outbox(row) for row in rows]

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
        row = await self._one("SELECT MIN(due_at) FROM timers WHERE fired_at IS NULL")
        return None if row is None else _dt(row[0])

    async def due_timers(self, now: datetime, limit: int = 100) -> list[TimerRecord]:
        rows = await self._all(
            "SELECT * FROM timers WHERE fired_at IS NULL AND due_at <= ?"
            " ORDER BY due_at, id LIMIT ?",
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

    async def list_agent_jobs(self) -> list[AgentJobRecord]:
        rows = await self._all("SELECT * FROM agent_jobs ORDER BY table_id")
        return [_agent_job(row) for row in rows]

    async def broken_tables(self) -> list[TableRecord]:
        rows = await self._all("SELECT * FROM game_tables WHERE broken IS NOT NULL ORDER BY id")
        return await self._tables(rows)


class SqliteTransaction(_SqliteReader):
    """The writes of one unit of work; valid only inside ``store.transaction()``."""

    async def _write(self, sql: str, params: Sequence[Any], table_id: int) -> aiosqlite.Cursor:
        try:
            return await self._conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise _integrity_error(str(exc), table_id) from exc

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
        cursor = await self._conn.execute(
            "INSERT INTO game_tables (game, guild_id, channel_id, host_id, seed, options,"
            " pace, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game, guild_id, channel_id, host_id, seed, json.dumps(options), pace, now, now),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def _update(self, table_id: int, column: str, value: Any) -> None:
        cursor = await self._write(
            f"UPDATE game_tables SET {column} = ?, updated_at = ? WHERE id = ?",
            (value, _ts(self._clock()), table_id),
            table_id,
        )
        if cursor.rowcount != 1:
            raise StorageError(f"no table {table_id}")

    async def _current(self, table_id: int, column: str) -> Any:
        row = await self._one(f"SELECT {column} FROM game_tables WHERE id = ?", (table_id,))
        return None if row is None else row[0]

    async def set_status(
        self, table_id: int, status: TableStatus, *, expected: TableStatus
    ) -> None:
        cursor = await self._write(
            "UPDATE game_tables SET status = ?, updated_at = ? WHERE id = ? AND status = ?",
            (status, _ts(self._clock()), table_id, expected),
            table_id,
        )
        if cursor.rowcount != 1:
            raise StatusConflict(table_id, expected, await self._current(table_id, "status"))

    async def advance_version(self, table_id: int, *, expected: int, new: int) -> None:
        cursor = await self._write(
            "UPDATE game_tables SET version = ?, updated_at = ? WHERE id = ? AND version = ?",
            (new, _ts(self._clock()), table_id, expected),
            table_id,
        )
        if cursor.rowcount != 1:
            raise VersionConflict(table_id, expected, await self._current(table_id, "version"))

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        await self._update(table_id, "lobby_message_id", message_id)

    async def set_thread(self, table_id: int, thread_id: int | None) -> None:
        await self._update(table_id, "thread_id", thread_id)

    async def set_host(self, table_id: int, host_id: int) -> None:
        await self._update(table_id, "host_id", host_id)

    async def set_options(self, table_id: int, options: dict[str, Any]) -> None:
        await self._update(table_id, "options", json.dumps(options))

    async def mark_broken(self, table_id: int, reason: str) -> bool:
        cursor = await self._conn.execute(
            "UPDATE game_tables SET broken = ?, broken_at = ? WHERE id = ? AND broken IS NULL",
            (reason, _ts(self._clock()), table_id),
        )
        if cursor.rowcount == 1:
            return True
        if await self._current(table_id, "id") is None:
            raise StorageError(f"no table {table_id}")
        return False

    async def clear_broken(self, table_id: int) -> bool:
        cursor = await self._conn.execute(
            "UPDATE game_tables SET broken = NULL, broken_at = NULL "
            "WHERE id = ? AND broken IS NOT NULL",
            (table_id,),
        )
        if cursor.rowcount == 1:
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
            await self._conn.execute(
                "INSERT INTO seats (table_id, seat, user_id, agent, name, joined_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, seat, user_id, agent, name, _ts(now)),
            )
        except sqlite3.IntegrityError as exc:
            if "seats.table_id, seats.user_id" in str(exc):
                raise SeatConflict(
                    f"user {user_id} already holds a seat at table {table_id}"
                ) from exc
            raise _integrity_error(str(exc), table_id) from exc
        return SeatRecord(table_id, seat, user_id, agent, name, _req_dt(_ts(now)))

    async def remove_seat(self, table_id: int, seat: int) -> None:
        cursor = await self._write(
            "DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat), table_id
        )
        if cursor.rowcount != 1:
            raise StorageError(f"table {table_id} has no seat {seat}")
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
            await self._conn.execute(
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
        except sqlite3.IntegrityError as exc:
            message = str(exc)
            if "actions.table_id, actions.request_id" in message:
                raise DuplicateRequest(table_id, request_id) from exc
            if "actions.table_id, actions.version" in message:
                raise VersionConflict(table_id, version - 1, None) from exc
            raise _integrity_error(message, table_id) from exc
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

    async def put_snapshot(self, table_id: int, version: int, state: dict[str, Any]) -> None:
        await self._write(
            "INSERT INTO snapshots (table_id, version, state, created_at) VALUES (?, ?, ?, ?)",
            (table_id, version, json.dumps(state, separators=(",", ":")), _ts(self._clock())),
            table_id,
        )

    async def delete_snapshot(self, table_id: int, version: int) -> None:
        await self._conn.execute(
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
    ) -> int:
        cursor = await self._write(
            "INSERT INTO outbox (table_id, version, kind, payload, created_at, not_before)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (
                table_id,
                version,
                kind,
                json.dumps(payload),
                _ts(self._clock()),
                None if not_before is None else _ts(not_before),
            ),
            table_id,
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

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
            await self._conn.execute(
                "UPDATE seats SET user_id = ?, agent = ?, name = ?, owner_id = ?"
                " WHERE table_id = ? AND seat = ?",
                (user_id, agent, name, owner_id, table_id, seat),
            )
        except sqlite3.IntegrityError as exc:
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
            await self._conn.execute(
                "INSERT INTO user_settings (user_id, time_zone, quiet_start, quiet_end, notify,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " time_zone = excluded.time_zone, quiet_start = excluded.quiet_start,"
                " quiet_end = excluded.quiet_end, notify = excluded.notify,"
                " updated_at = excluded.updated_at",
                (user_id, time_zone, quiet_start, quiet_end, notify, _ts(self._clock())),
            )
        except sqlite3.IntegrityError as exc:
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
        cursor = await self._write(
            "INSERT INTO timers (table_id, seat, version, kind, number, due_at, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table_id, seat, version, kind, number, _ts(due_at), _ts(self._clock())),
            table_id,
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def finish_timer(self, timer_id: int, outcome: TimerOutcome) -> None:
        cursor = await self._conn.execute(
            "UPDATE timers SET fired_at = ?, outcome = ? WHERE id = ? AND fired_at IS NULL",
            (_ts(self._clock()), outcome, timer_id),
        )
        if cursor.rowcount != 1:
            raise Conflict(f"timer {timer_id} is already finished (or does not exist)")

    async def postpone_timer(self, timer_id: int, due_at: datetime) -> None:
        cursor = await self._conn.execute(
            "UPDATE timers SET due_at = ? WHERE id = ? AND fired_at IS NULL",
            (_ts(due_at), timer_id),
        )
        if cursor.rowcount != 1:
            raise Conflict(f"timer {timer_id} is already finished (or does not exist)")

    async def cancel_timers(self, table_id: int) -> int:
        cursor = await self._conn.execute(
            "UPDATE timers SET fired_at = ?, outcome = 'cancelled'"
            " WHERE table_id = ? AND fired_at IS NULL",
            (_ts(self._clock()), table_id),
        )
        return cursor.rowcount

    async def set_agent_job(self, table_id: int, version: int | None) -> None:
        if version is None:
            await self._conn.execute("DELETE FROM agent_jobs WHERE table_id = ?", (table_id,))
            return
        await self._write(
            "INSERT INTO agent_jobs (table_id, version, created_at) VALUES (?, ?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET version = excluded.version,"
            " created_at = excluded.created_at, claimed_by = NULL, claimed_until = '',"
            " attempts = 0",
            (table_id, version, _ts(self._clock())),
            table_id,
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
        cursor = await self._write(
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
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def update_undo_request(
        self, request_id: int, *, consents: Sequence[int], status: UndoStatus
    ) -> None:
        resolved = None if status == "open" else _ts(self._clock())
        cursor = await self._conn.execute(
            "UPDATE undo_requests SET consents = ?, status = ?, resolved_at = ? WHERE id = ?",
            (json.dumps(list(consents)), status, resolved, request_id),
        )
        if cursor.rowcount != 1:
            raise StorageError(f"no undo request {request_id}")


class SqliteStore:
    """``Store`` on an SQLite file (or in memory). Use ``storage.open_store`` to get one."""

    def __init__(self, conn: aiosqlite.Connection, clock: Clock) -> None:
        self._conn = conn
        self._clock = clock
        self._lock = asyncio.Lock()
        self._reader = _SqliteReader(conn, clock)
        self._in_transaction: ContextVar[bool] = ContextVar("in_transaction", default=False)
        self._closed = False

    @classmethod
    async def open(
        cls, database: str | Path, *, clock: Clock = utc_now, synchronous: str = "NORMAL"
    ) -> SqliteStore:
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError(f"synchronous must be FULL or NORMAL, not {synchronous!r}")
        if str(database) != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(database, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {synchronous}")
            await conn.execute("PRAGMA foreign_keys = ON")
            store = cls(conn, clock)
            await store._migrate()
        except BaseException:
            await conn.close()
            raise
        return store

    async def _migrate(self) -> None:
        await self._conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
        for number, name, sql in migrations():
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                # Checked again under the write lock: another process may have just applied it.
                row = await self._reader._one(
                    "SELECT 1 FROM schema_migrations WHERE version = ?", (number,)
                )
                if row is None:
                    for statement in _statements(sql):
                        if await _already_done(self._conn, statement):
                            continue
                        try:
                            await self._conn.execute(statement)
                        except sqlite3.Error as exc:
                            first = _without_comments(statement).splitlines()[0]
                            raise StorageError(
                                f"migration {name} failed: {exc} (at: {first})"
                            ) from exc
                    await self._conn.execute(
                        "INSERT INTO schema_migrations (version, name, applied_at)"
                        " VALUES (?, ?, ?)",
                        (number, name, _ts(self._clock())),
                    )
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise

    def _check_free(self) -> None:
        if self._closed:
            raise StorageError("the store is closed")
        if self._in_transaction.get():
            raise RuntimeError("inside store.transaction() use the transaction's methods")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTransaction]:
        self._check_free()
        async with self._lock:
            token = self._in_transaction.set(True)
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield SqliteTransaction(self._conn, self._clock)
                    await self._conn.execute("COMMIT")
                except BaseException:
                    # Also after a failed COMMIT, which leaves the transaction open.
                    if self._conn.in_transaction:
                        await self._conn.execute("ROLLBACK")
                    raise
            finally:
                self._in_transaction.reset(token)

    async def _read(self, name: str, *args: Any, **kwargs: Any) -> Any:
        self._check_free()
        async with self._lock:
            return await getattr(self._reader, name)(*args, **kwargs)

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

    async def get_snapshot(
        self, table_id: int, version: int | None = None
    ) -> SnapshotRecord | None:
        return await self._read("get_snapshot", table_id, version)

    async def snapshot_versions(self, table_id: int) -> list[int]:
        return await self._read("snapshot_versions", table_id)

    async def list_outbox(self, table_id: int) -> list[OutboxRecord]:
        return await self._read("list_outbox", table_id)

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

    async def list_agent_jobs(self) -> list[AgentJobRecord]:
        return await self._read("list_agent_jobs")

    async def claim_agent_jobs(
        self, worker: str, *, now: datetime, until: datetime, limit: int = 10
    ) -> list[AgentJobRecord]:
        async with self.transaction() as tx:
            rows = await tx._all(
                "SELECT table_id FROM agent_jobs WHERE claimed_until <= ?"
                " ORDER BY claimed_until, table_id LIMIT ?",
                (_ts(now), limit),
            )
            ids = [row[0] for row in rows]
            for table_id in ids:
                await tx._conn.execute(
                    "UPDATE agent_jobs SET claimed_by = ?, claimed_until = ?,"
                    " attempts = attempts + 1 WHERE table_id = ?",
                    (worker, _ts(until), table_id),
                )
            claimed = await tx._all(
                f"SELECT * FROM agent_jobs WHERE table_id IN ({', '.join('?' * len(ids))})"
                " ORDER BY table_id",
                ids,
            ) if ids else []
        return [_agent_job(row) for row in claimed]

    async def finish_agent_job(self, table_id: int, version: int) -> bool:
        self._check_free()
        async with self._lock:
            cursor = await self._conn.execute(
                "DELETE FROM agent_jobs WHERE table_id = ? AND version = ?", (table_id, version)
            )
        return cursor.rowcount == 1

    async def pending_outbox(
        self, limit: int = 50, *, now: datetime | None = None
    ) -> list[OutboxRecord]:
        self._check_free()
        due = _ts(now or self._clock())
        async with self._lock:
            rows = await self._reader._all(
                "SELECT * FROM outbox AS o WHERE o.delivered_at IS NULL"
                " AND (o.not_before IS NULL OR o.not_before <= ?)"
                " AND NOT EXISTS (SELECT 1 FROM outbox AS p WHERE p.table_id = o.table_id"
                "   AND p.delivered_at IS NULL AND p.id < o.id AND p.not_before > ?)"
                " ORDER BY o.id LIMIT ?",
                (due, due, limit),
            )
        return [_outbox(row) for row in rows]

    async def _outbox_update(self, sql: str, params: Sequence[Any]) -> None:
        self._check_free()
        async with self._lock:
            cursor = await self._conn.execute(sql, params)
            if cursor.rowcount != 1:
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
            "UPDATE outbox SET attempts = attempts + 1, last_error = ?, not_before = ?"
            " WHERE id = ?",
            (error, None if retry_at is None else _ts(retry_at), outbox_id),
        )

    async def mark_attempted(
        self, outbox_id: int, *, at: datetime | None = None
    ) -> datetime | None:
        self._check_free()
        async with self._lock:
            row = await self._reader._one(
                "SELECT attempted_at FROM outbox WHERE id = ?", (outbox_id,)
            )
            if row is None:
                raise StorageError(f"no outbox row {outbox_id}")
            await self._conn.execute(
                "UPDATE outbox SET attempted_at = ? WHERE id = ?",
                (_ts(at or self._clock()), outbox_id),
            )
        return _dt(row["attempted_at"])

    async def applied_migrations(self) -> list[int]:
        self._check_free()
        async with self._lock:
            rows = await self._reader._all("SELECT version FROM schema_migrations ORDER BY version")
        return [row[0] for row in rows]

    async def prune(self, before: datetime, *, snapshot_every: int) -> dict[str, int]:
        cutoff = _ts(before)
        closed = (
            "SELECT id FROM game_tables WHERE status IN ('finished', 'cancelled')"
            " AND updated_at < :cutoff"
        )
        steps = {
            "timers": "DELETE FROM timers WHERE fired_at IS NOT NULL AND fired_at < :cutoff",
            "outbox": (
                "DELETE FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < :cutoff"
                f" AND (table_id IN ({closed}) OR id NOT IN (SELECT MAX(id) FROM outbox"
                " WHERE delivered_at IS NOT NULL GROUP BY table_id, kind))"
            ),
            "snapshots": (
                "DELETE FROM snapshots WHERE created_at < :cutoff"
                " AND (version % :every != 0 OR table_id IN ({closed}))"
                " AND version < (SELECT MAX(version) FROM snapshots AS latest"
                " WHERE latest.table_id = snapshots.table_id)"
            ).replace("{closed}", closed),
            "actions": (
                "UPDATE actions SET request_id = '~' || version,"
                " events = CASE kind WHEN 'move' THEN '[]' ELSE events END,"
                " description = CASE kind WHEN 'move' THEN '' ELSE description END"
                f" WHERE table_id IN ({closed}) AND request_id != '~' || version"
            ),
        }
        counts = {}
        async with self.transaction():
            for name, sql in steps.items():
                cursor = await self._conn.execute(
                    sql, {"cutoff": cutoff, "every": max(1, snapshot_every)}
                )
                counts[name] = cursor.rowcount
        return counts

    async def vacuum(self) -> None:
        self._check_free()
        async with self._lock:
            await self._conn.execute("VACUUM")
            await self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    async def close(self) -> None:
        if self._closed:
            return
        async with self._lock:
            self._closed = True
            await self._conn.close()


def _integrity_error(message: str, table_id: int) -> StorageError:
    """A storage error for a constraint SQLite reported (the specific ones are mapped first)."""
    if "FOREIGN KEY" in message:
        return StorageError(f"no table {table_id}")
    if "snapshots.table_id, snapshots.version" in message:
        return Conflict(f"table {table_id} already has a snapshot of that version")
    if "game_tables.thread_id" in message:
        return Conflict(f"that thread already hosts another table than {table_id}")
    return StorageError(f"table {table_id}: {message}")


def _statements(sql: str) -> list[str]:
    """Split a migration file into statements (complete_statement respects quoted ';')."""
    statements, current = [], ""
    for line in sql.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    if current.strip() and not current.strip().startswith("--"):
        raise StorageError(f"incomplete SQL statement at the end of a migration: {current!r}")
    return [s for s in statements if s]
