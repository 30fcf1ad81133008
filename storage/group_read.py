"""Reads of many tables from PostgreSQL in one query.

A move first reads its table and seats (``Store.get_table``), unless the process holds the
record from its last read or move there (which the move's commit checks), and a move at a
table whose state the process does not hold reads its latest snapshot and the log after it
(``Store.replay_source``). A move that starts someone's turn reads, to decide their ping, their
settings (``Store.get_user_settings``) and when they and the table last moved
(``Store.latest_moves``). Reads that arrive while earlier ones of their kind are under way wait
for them and then go together in one query, as moves do (``storage.group_commit``): under load
a round trip serves many moves, and a lone read waits for nobody. A read inside a transaction
is never batched: it must see the transaction's rows.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from datetime import datetime
from typing import Generic, TypeVar

import asyncpg

from storage.base import ReplaySource, StorageError, TableRecord, UserSettingsRecord
from storage.sql import SEAT_COLUMNS, _dt, _seat, _settings, _table, replay_source

MAX_BATCH = 100  # keys in one query
MAX_IN_FLIGHT = 2  # queries of one kind under way at once in one process

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# A key whose rows cannot be read (a corrupt row) maps to its error, which only its callers get
Fetch = Callable[[asyncpg.Connection, list[K]], Awaitable[dict[K, V | Exception]]]

# Each table's seats are looked up by its id (the ORDER BY keeps the subquery a lookup per
# table): joined as a whole, statistics taken while the database was smaller had PostgreSQL
# read every seat for a batch of sixty tables.
READ_TABLES = (
    f"SELECT game_tables.*, {SEAT_COLUMNS} FROM game_tables"
    " LEFT JOIN LATERAL (SELECT * FROM seats WHERE seats.table_id = game_tables.id"
    " ORDER BY seats.seat) AS seats ON true"
    " WHERE game_tables.id = ANY($1::bigint[]) ORDER BY game_tables.id, seats.seat"
)

# ``storage.sql.REPLAY_SOURCE`` for many (table, version) pairs at once.
READ_REPLAY_SOURCES = """
WITH asked AS (
    SELECT * FROM unnest($1::bigint[], $2::bigint[]) AS asked (table_id, upto)
), base AS (
    SELECT asked.table_id, asked.upto, s.version, s.state, s.created_at FROM asked
    CROSS JOIN LATERAL (
        SELECT version, state, created_at FROM snapshots
        WHERE snapshots.table_id = asked.table_id AND snapshots.version <= asked.upto
        ORDER BY version DESC LIMIT 1
    ) s
)
SELECT table_id, upto, version, state, created_at,
    NULL::text AS kind, NULL::text AS action, NULL::bigint AS undo_to
FROM base
UNION ALL
SELECT base.table_id, base.upto, a.version, NULL, NULL, a.kind, a.action, a.undo_to
FROM base JOIN actions a ON a.table_id = base.table_id
    AND a.version > base.version AND a.version <= base.upto
WHERE a.table_id = ANY($1::bigint[])  -- by key, whatever the statistics say
ORDER BY table_id, upto, version
"""

# ``storage.sql``'s ``latest_moves`` for many (table, member, version) keys at once: each key's
# log rows above its version, by the primary key's range.
READ_LATEST_MOVES = """
SELECT k.table_id, k.user_id, k.after, l.latest, l.theirs
FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS k (table_id, user_id, after)
CROSS JOIN LATERAL (
    SELECT MAX(a.created_at) AS latest,
        MAX(CASE WHEN a.user_id = k.user_id THEN a.created_at END) AS theirs
    FROM actions a WHERE a.table_id = k.table_id AND a.version > k.after
) l
"""

LatestKey = tuple[int, int, int]  # table, member, the version after which the log is read
Latest = tuple[datetime | None, datetime | None]


async def fetch_tables(
    conn: asyncpg.Connection, ids: list[int]
) -> dict[int, TableRecord | Exception]:
    grouped: dict[int, list[asyncpg.Record]] = {}
    for row in await conn.fetch(READ_TABLES, ids):
        grouped.setdefault(row["id"], []).append(row)
    found: dict[int, TableRecord | Exception] = {}
    for table_id, rows in grouped.items():
        try:
            found[table_id] = _table(rows[0], [_seat(r) for r in rows if r["seat"] is not None])
        except Exception as error:  # a corrupt row fails its own table's read, no other
            found[table_id] = error
    return found


async def fetch_replay_sources(
    conn: asyncpg.Connection, keys: list[tuple[int, int]]
) -> dict[tuple[int, int], ReplaySource | Exception]:
    grouped: dict[tuple[int, int], list[asyncpg.Record]] = {}
    rows = await conn.fetch(READ_REPLAY_SOURCES, [k[0] for k in keys], [k[1] for k in keys])
    for row in rows:
        grouped.setdefault((row["table_id"], row["upto"]), []).append(row)
    found: dict[tuple[int, int], ReplaySource | Exception] = {}
    for key, some in grouped.items():
        try:
            source = replay_source(key[0], some)
        except Exception as error:  # a corrupt snapshot fails its own table's read, no other
            found[key] = error
        else:
            if source is not None:
                found[key] = source
    return found


def _each(
    rows: list[asyncpg.Record],
    key: Callable[[asyncpg.Record], K],
    decode: Callable[[asyncpg.Record], V],
) -> dict[K, V | Exception]:
    """Each row, one per key, decoded; a row that cannot be (a corrupt one) fails its own
    key's read, no other."""
    found: dict[K, V | Exception] = {}
    for row in rows:
        try:
            found[key(row)] = decode(row)
        except Exception as error:
            found[key(row)] = error
    return found


async def fetch_user_settings(
    conn: asyncpg.Connection, ids: list[int]
) -> dict[int, UserSettingsRecord | Exception]:
    rows = await conn.fetch("SELECT * FROM user_settings WHERE user_id = ANY($1::bigint[])", ids)
    return _each(rows, lambda row: row["user_id"], _settings)


async def fetch_latest_moves(
    conn: asyncpg.Connection, keys: list[LatestKey]
) -> dict[LatestKey, Latest | Exception]:
    rows = await conn.fetch(READ_LATEST_MOVES, *([k[n] for k in keys] for n in range(3)))
    return _each(
        rows,
        lambda row: (row["table_id"], row["user_id"], row["after"]),
        lambda row: (_dt(row["latest"]), _dt(row["theirs"])),
    )


class GroupRead(Generic[K, V]):
    """Reads the keys asked of ``get`` in batches, each batch with ``fetch``, as the module
    says; a key ``fetch`` does not return reads as None."""

    def __init__(self, pool: asyncpg.Pool, fetch: Fetch[K, V]) -> None:
        self._pool = pool
        self._fetch = fetch
        self._waiting: dict[K, list[asyncio.Future[V | None]]] = {}
        self._reading: set[asyncio.Task[None]] = set()

    async def get(self, key: K) -> V | None:
        found: asyncio.Future[V | None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(key, []).append(found)
        self._start()
        return await found

    def _start(self) -> None:
        while self._waiting and len(self._reading) < MAX_IN_FLIGHT:
            keys = list(self._waiting)[:MAX_BATCH]
            batch = {key: self._waiting.pop(key) for key in keys}
            task = asyncio.create_task(self._read(batch))
            self._reading.add(task)
            task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._reading.discard(task)
        self._start()

    async def _read(self, batch: dict[K, list[asyncio.Future[V | None]]]) -> None:
        values: dict[K, V | Exception] = {}
        failure: BaseException | None = StorageError("the read was interrupted")
        try:
            async with self._pool.acquire() as conn:
                values = await self._fetch(conn, list(batch))
            failure = None
        except Exception as error:  # every caller is told
            failure = error
        finally:
            for key, waiting in batch.items():
                for found in waiting:
                    if found.done():
                        continue  # its caller stopped waiting
                    value = values.get(key)
                    if failure is not None:
                        found.set_exception(failure)
                    elif isinstance(value, Exception):
                        found.set_exception(value)
                    else:
                        found.set_result(value)
