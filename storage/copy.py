"""Copying a whole database to another backend, e.g. a community's SQLite file to PostgreSQL.

Rows keep their ids, so every link between them (and every Discord message id stored with
them) stays valid; the target must be empty. ``tests/storage/test_copy.py`` checks that
``TABLES`` names every table the migrations create, so a new table is never left behind.
"""

from __future__ import annotations

from storage.base import StorageError
from storage.sql import SqlStore

# Each table with the key its rows are read in order of, parents before children.
TABLES: dict[str, str] = {
    "game_tables": "id",
    "seats": "table_id, seat",
    "actions": "table_id, version",
    "snapshots": "table_id, version",
    "outbox": "id",
    "user_settings": "user_id",
    "timers": "id",
    "undo_requests": "id",
    "seat_changes": "id",
    "guild_settings": "guild_id",
    "moderator_actions": "id",
    "away_periods": "id",
    "away_used": "table_id, user_id",
    "agent_jobs": "table_id",
}
BATCH = 2000


async def count_rows(store: SqlStore) -> dict[str, int]:
    async with store._reading() as db:
        counts = {}
        for table in TABLES:
            row = await db.one(f"SELECT COUNT(*) FROM {table}")
            counts[table] = int(row[0]) if row is not None else 0
        return counts


async def copy_rows(source: SqlStore, target: SqlStore) -> dict[str, int]:
    """Copy every row of ``source`` into the empty ``target`` in one transaction; returns
    the rows copied per table. StorageError if the target already holds rows."""
    held = {table: n for table, n in (await count_rows(target)).items() if n}
    if held:
        listed = ", ".join(f"{n} in {table}" for table, n in held.items())
        raise StorageError(f"the target database is not empty ({listed}); copy into a new one")
    copied = dict.fromkeys(TABLES, 0)
    async with target._begin() as out:
        for table, key in TABLES.items():
            offset = 0
            while True:
                async with source._reading() as db:
                    rows = await db.all(
                        f"SELECT * FROM {table} ORDER BY {key} LIMIT ? OFFSET ?",
                        (BATCH, offset),
                    )
                if not rows:
                    break
                columns = list(rows[0].keys())
                await out.execute_many(
                    f"INSERT INTO {table} ({', '.join(columns)})"
                    f" VALUES ({', '.join('?' * len(columns))})",
                    [tuple(row) for row in rows],
                )
                copied[table] += len(rows)
                offset += len(rows)
        await target._after_copy(out, [t for t, key in TABLES.items() if key == "id"])
    return copied
