"""The shared backend: PostgreSQL through an asyncpg connection pool.

Several bot processes may use one database. Each transaction runs on its own pooled
connection at READ COMMITTED: the compare-and-set writes (``advance_version``, ``set_status``,
``finish_timer``) lock their row, so of two processes racing on one table the second waits,
re-reads the row and finds it changed. The queries are SQLite's, in ``storage.sql``; this
module supplies the connection, the placeholders and the migrations.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from functools import lru_cache
from typing import Any

import asyncpg

from storage.base import (
    POOL_SIZE,
    ActionRecord,
    Clock,
    MoveCommit,
    ReplaySource,
    StorageError,
    TableRecord,
    UserSettingsRecord,
    utc_now,
)
from storage.group_commit import GroupCommit
from storage.group_read import (
    GroupRead,
    fetch_latest_moves,
    fetch_replay_sources,
    fetch_tables,
    fetch_user_settings,
)
from storage.schema import for_postgres, migrations
from storage.sql import Db, Integrity, Row, SqlStore, _ts, logged_move, logging_failed

# Every statement is prepared once per connection (asyncpg's cache) and planned once: a key
# lookup's plan does not depend on the keys. By default PostgreSQL plans each of the first five
# executions for its values, then keeps planning anew while that looks cheaper than a plan for
# any values, which it always does for a batch read of an array of keys: two grouped reads
# spent 3.6 and 17 times as long being planned as being run.
SESSION_SETTINGS = {"application_name": "caravanserai", "plan_cache_mode": "force_generic_plan"}
MIGRATION_LOCK = 0x6361726176616E  # any constant shared by every process migrating this database
_KEY = re.compile(r"Key \(([^)]*)\)=")


@lru_cache(maxsize=512)
def _numbered(sql: str) -> str:
    """``?`` placeholders as ``$1``, ``$2``, … (no statement of ours has a ``?`` in a string)."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, sql)


def _integrity(exc: asyncpg.IntegrityConstraintViolationError) -> Integrity:
    """The constraint PostgreSQL reports, in the words ``storage.sql`` maps (SQLite's)."""
    if isinstance(exc, asyncpg.ForeignKeyViolationError):
        return Integrity("FOREIGN KEY constraint failed")
    if isinstance(exc, asyncpg.UniqueViolationError):
        key = _KEY.search(getattr(exc, "detail", None) or "")
        table = getattr(exc, "table_name", None) or "?"
        if key is not None:
            columns = ", ".join(f"{table}.{c.strip()}" for c in key.group(1).split(","))
            return Integrity(f"UNIQUE constraint failed: {columns}")
    return Integrity(str(exc))


@asynccontextmanager
async def _reported() -> AsyncIterator[None]:
    """A broken constraint, as ``Integrity``."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise _integrity(exc) from exc


def _changed(status: str) -> int:
    """The row count in a command status such as ``UPDATE 3`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresDb:
    """``Db`` on one pooled connection."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self._conn.fetchrow(_numbered(sql), *params)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._conn.fetch(_numbered(sql), *params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with _reported():
            return _changed(await self._conn.execute(_numbered(sql), *params))

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with _reported():
            return int(await self._conn.fetchval(_numbered(sql) + " RETURNING id", *params))

    skip_locked = " FOR UPDATE SKIP LOCKED"

    async def lock(self, key: int) -> None:
        await self._conn.execute("SELECT pg_advisory_xact_lock($1)", key)

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        async with _reported():
            await self._conn.executemany(_numbered(sql), rows)


async def _keep_session(conn: asyncpg.Connection) -> None:
    """What a connection needs on going back to the pool: nothing beyond what asyncpg always
    does (rolling back a transaction left open). asyncpg's default would also send a reset
    query, one more round trip per use, undoing session state we never make: our locks end
    with their transaction, and we neither LISTEN, SET nor hold a cursor open."""


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


class PostgresStore(SqlStore):
    """``Store`` on a PostgreSQL database. Use ``storage.open_store`` to get one."""

    def __init__(self, pool: asyncpg.Pool, clock: Clock) -> None:
        super().__init__(clock)
        self._pool = pool
        self._moves = GroupCommit(pool, clock)
        self._tables = GroupRead(pool, fetch_tables)
        self._sources = GroupRead(pool, fetch_replay_sources)
        self._settings = GroupRead(pool, fetch_user_settings)
        self._latest = GroupRead(pool, fetch_latest_moves)

    @classmethod
    async def open(
        cls, url: str, *, clock: Clock = utc_now, pool_size: int = POOL_SIZE
    ) -> PostgresStore:
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=pool_size, reset=_keep_session,
                server_settings=SESSION_SETTINGS,
            )
        except (OSError, asyncpg.PostgresError, ValueError) as exc:
            raise StorageError(f"cannot connect to the PostgreSQL database: {exc}") from exc
        assert pool is not None
        store = cls(pool, clock)
        try:
            await store._migrate()
        except asyncpg.PostgresError as exc:
            await pool.close()
            raise StorageError(f"cannot bring the PostgreSQL schema up to date: {exc}") from exc
        except BaseException:
            await pool.close()
            raise
        return store

    async def commit_move(self, move: MoveCommit) -> ActionRecord:
        self._check_free()
        try:
            return logged_move(move, await self._moves.commit(move))
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise logging_failed(
                _integrity(exc), move.table_id, move.version, move.request_id
            ) from exc

    async def get_table(self, table_id: int) -> TableRecord | None:
        self._check_free()
        return await self._tables.get(table_id)

    async def replay_source(self, table_id: int, version: int) -> ReplaySource | None:
        self._check_free()
        return await self._sources.get((table_id, version))

    async def get_user_settings(self, user_id: int) -> UserSettingsRecord | None:
        self._check_free()
        return await self._settings.get(user_id)

    async def latest_moves(
        self, table_id: int, user_id: int, *, after: int
    ) -> tuple[datetime | None, datetime | None]:
        self._check_free()
        return await self._latest.get((table_id, user_id, after)) or (None, None)

    async def _claim(
        self, claimer: str, due: str, until: str, held: list[int], limit: int
    ) -> list[Row]:
        return await self._statement(lambda db: db.all(
            "SELECT * FROM claim_outbox(?, ?, ?, ?, ?)", (claimer, until, due, held, limit)
        ))

    async def _attempt(self, outbox_id: int, at: str, until: str | None) -> Row | None:
        # One statement, where a transaction that reads the row first is four round trips:
        # the join reads the row as it was before the statement changed it.
        return await self._statement(lambda db: db.one(
            "UPDATE outbox AS o SET attempted_at = ?,"
            " claimed_until = COALESCE(?, o.claimed_until)"
            " FROM outbox AS old WHERE o.id = ? AND old.id = o.id RETURNING old.attempted_at",
            (at, until, outbox_id),
        ))

    async def _migrate(self) -> None:
        async with self._pool.acquire() as conn, conn.transaction():
            # One process migrates at a time; the others wait here, then find it done.
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            done = {row[0] for row in await conn.fetch("SELECT version FROM schema_migrations")}
            for number, name, sql in migrations():
                if number in done:
                    continue
                try:
                    async with conn.transaction():  # DDL is transactional: all of it or none
                        await conn.execute(for_postgres(sql))
                except asyncpg.PostgresError as exc:
                    raise StorageError(f"migration {name} failed: {exc}") from exc
                await conn.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at)"
                    " VALUES ($1, $2, $3)",
                    number, name, _ts(self._clock()),
                )

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[Db]:
        async with self._pool.acquire() as conn:
            yield PostgresDb(conn)

    @asynccontextmanager
    async def _begin(self) -> AsyncIterator[Db]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield PostgresDb(conn)

    async def _after_copy(self, db: Db, tables_with_ids: Sequence[str]) -> None:
        # An identity column's sequence does not see ids inserted explicitly.
        for table in tables_with_ids:
            await db.one(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
            )

    async def vacuum(self) -> None:
        self._check_free()
        async with self._pool.acquire() as conn:
            await conn.execute("VACUUM")

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await self._moves.wait_written()
        await self._pool.close()
