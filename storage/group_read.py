"""Tables read from PostgreSQL many at a time.

Every move first reads its table and seats (``Store.get_table``). Reads that arrive while
earlier ones are under way wait for them and then go together in one query, as moves do
(``storage.group_commit``): under load a round trip serves many moves, and a lone read waits
for nobody. A read inside a transaction is never batched: it must see the transaction's rows.
"""

from __future__ import annotations

import asyncio

import asyncpg

from storage.base import StorageError, TableRecord
from storage.sql import SEAT_COLUMNS, _seat, _table

MAX_BATCH = 100  # tables in one query
MAX_IN_FLIGHT = 2  # queries under way at once in one process

READ_TABLES = (
    f"SELECT game_tables.*, {SEAT_COLUMNS} FROM game_tables"
    " LEFT JOIN seats ON seats.table_id = game_tables.id"
    " WHERE game_tables.id = ANY($1::bigint[]) ORDER BY game_tables.id, seats.seat"
)


class GroupRead:
    """Reads the tables asked of ``get`` in batches, as the module says."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self._waiting: dict[int, list[asyncio.Future[TableRecord | None]]] = {}
        self._reading: set[asyncio.Task[None]] = set()

    async def get(self, table_id: int) -> TableRecord | None:
        found: asyncio.Future[TableRecord | None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(table_id, []).append(found)
        self._start()
        return await found

    def _start(self) -> None:
        while self._waiting and len(self._reading) < MAX_IN_FLIGHT:
            ids = list(self._waiting)[:MAX_BATCH]
            batch = {table_id: self._waiting.pop(table_id) for table_id in ids}
            task = asyncio.create_task(self._read(batch))
            self._reading.add(task)
            task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._reading.discard(task)
        self._start()

    async def _read(self, batch: dict[int, list[asyncio.Future[TableRecord | None]]]) -> None:
        tables: dict[int, TableRecord] = {}
        failure: BaseException | None = StorageError("the read was interrupted")
        try:
            async with self._pool.acquire() as conn:
                rows = await conn.fetch(READ_TABLES, list(batch))
            grouped: dict[int, list[asyncpg.Record]] = {}
            for row in rows:
                grouped.setdefault(row["id"], []).append(row)
            for table_id, table_rows in grouped.items():
                seats = [_seat(row) for row in table_rows if row["seat"] is not None]
                tables[table_id] = _table(table_rows[0], seats)
            failure = None
        except Exception as error:  # every caller is told
            failure = error
        finally:
            for table_id, waiting in batch.items():
                for found in waiting:
                    if found.done():
                        continue  # its caller stopped waiting
                    if failure is not None:
                        found.set_exception(failure)
                    else:
                        found.set_result(tables.get(table_id))
