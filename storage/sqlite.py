"""The embedded backend: one aiosqlite connection in WAL mode.

All work goes through one connection, so an asyncio lock serialises it: a transaction holds
the lock from BEGIN to COMMIT, and plain reads wait for it. ``BEGIN IMMEDIATE`` takes SQLite's
write lock at the start, so a second process waits (busy timeout) instead of failing halfway.
The queries themselves are shared with PostgreSQL, in ``storage.sql``.

The busiest work (a move's writes, the claim of posts, every read through ``_read``) runs
whole in the connection's thread, in one trip there and back instead of one per statement.
That uses aiosqlite's ``_execute`` and ``_conn``, which the pinned version keeps.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from storage.base import Clock, StorageError, utc_now
from storage.schema import migrations
from storage.sql import Db, Integrity, Row, SqlReader, SqlStore, SqlTransaction, _ts

BUSY_TIMEOUT_MS = 5000
T = TypeVar("T")

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




class SqliteDb:
    """``Db`` on the store's one connection (the store's lock is held by the caller)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        # Every caller asks for one row (by key, an aggregate or LIMIT 1): fetching them all is
        # one trip to the connection's thread, where a cursor's execute, fetch and close were
        # three, each woken and answered through the event loop.
        rows = await self._conn.execute_fetchall(sql, params)
        return next(iter(rows), None)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return (await self._run(sql, params)).rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self._run(sql, params)
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    # BEGIN IMMEDIATE makes every write transaction exclusive, here and in other processes.
    skip_locked = ""

    async def lock(self, key: int) -> None:
        pass

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._conn.executemany(sql, rows)
        except sqlite3.IntegrityError as exc:
            raise Integrity(str(exc)) from exc

    async def _run(self, sql: str, params: Sequence[Any]) -> aiosqlite.Cursor:
        try:
            return await self._conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise Integrity(str(exc)) from exc


class _InThreadDb:
    """``Db`` on the raw connection, used from the connection's own thread: every call is
    done when it returns, so a coroutine using only this never suspends."""

    skip_locked = ""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return next(iter(self._conn.execute(sql, params).fetchall()), None)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return self._conn.execute(sql, params).fetchall()

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._run(sql, params).rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        row_id = self._run(sql, params).lastrowid
        assert row_id is not None
        return row_id

    async def lock(self, key: int) -> None:
        pass

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            self._conn.executemany(sql, rows)
        except sqlite3.IntegrityError as exc:
            raise Integrity(str(exc)) from exc

    def _run(self, sql: str, params: Sequence[Any]) -> sqlite3.Cursor:
        try:
            return self._conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise Integrity(str(exc)) from exc


def _finish(work: Coroutine[Any, Any, T]) -> T:
    """Run ``work``, which must complete without suspending, to its result."""
    try:
        work.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    work.close()
    raise RuntimeError("storage work waited on something besides its connection")


class SqliteStore(SqlStore):
    """``Store`` on an SQLite file (or in memory). Use ``storage.open_store`` to get one."""

    def __init__(self, conn: aiosqlite.Connection, clock: Clock) -> None:
        super().__init__(clock)
        self._conn = conn
        self._db = SqliteDb(conn)
        self._lock = asyncio.Lock()

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
                row = await self._db.one(
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

    async def _in_thread(
        self, work: Callable[[_InThreadDb], Coroutine[Any, Any, T]], *, transaction: bool
    ) -> T:
        """Run ``work`` whole in the connection's thread: one trip there and back, where a
        statement at a time was a trip each, every one waiting its turn on the event loop
        while the store's lock was held."""
        def run() -> T:
            conn = self._conn._conn
            if transaction:
                conn.execute("BEGIN IMMEDIATE")
            try:
                result = _finish(work(_InThreadDb(conn)))
                if transaction:
                    conn.execute("COMMIT")
            except BaseException:
                if transaction and conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            return result

        # The connection's thread runs what is queued one at a time, in order, so this work
        # needs the store's lock only to keep out of a transaction of several trips; holding
        # it until the answer is back would idle the thread while the event loop is busy.
        while self._lock.locked():
            async with self._lock:
                pass
        return cast(T, await self._conn._execute(run))

    async def _transact(self, work: Callable[[SqlTransaction], Coroutine[Any, Any, T]]) -> T:
        self._check_free()
        return await self._in_thread(
            lambda db: work(SqlTransaction(db, self._clock)), transaction=True
        )

    async def _statement(self, work: Callable[[Db], Coroutine[Any, Any, T]]) -> T:
        self._check_free()
        return await self._in_thread(work, transaction=False)

    async def _read(self, name: str, *args: Any, **kwargs: Any) -> Any:
        self._check_free()
        return await self._in_thread(
            lambda db: getattr(SqlReader(db, self._clock), name)(*args, **kwargs),
            transaction=False,
        )

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[Db]:
        async with self._lock:
            yield self._db

    @asynccontextmanager
    async def _begin(self) -> AsyncIterator[Db]:
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._conn.execute("COMMIT")
            except BaseException:
                # Also after a failed COMMIT, which leaves the transaction open.
                if self._conn.in_transaction:
                    try:
                        await self._conn.execute("ROLLBACK")
                    except sqlite3.OperationalError:
                        # a COMMIT whose wait was cancelled (at shutdown) went on in the
                        # connection's thread and ended the transaction meanwhile
                        if self._conn.in_transaction:
                            raise
                raise

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
