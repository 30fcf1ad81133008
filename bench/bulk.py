"""Many started tables at once, for the load benchmark.

Starting a table through ``TableService`` (create, join, start) takes some fifty statements;
ten thousand of them would take minutes. So a few tables, the templates, are started through
the service, and every other table is a copy of one of them: each row the template holds in any
table of ``storage.copy.TABLES`` (the table, its seats, its snapshot, timers and outbox rows)
is inserted again in batches, with the new table's id, server and people. Each copy is thus a
table the service started, except that its seed and first position are its template's and its
``start`` outbox row still names the template's people (nothing delivers it in this benchmark).

Table ``n`` (counting from 0) is in server ``1 + n`` and seats person ``10_000 + 2 * n`` (the
host, seat 0) and ``10_001 + 2 * n``.
"""

from __future__ import annotations

from typing import Any

from bot.service import TableService
from storage import Store
from storage.copy import TABLES
from storage.sql import SqlStore
from storage.sqlite import SqliteStore

TEMPLATES = 16
BATCH = 2000


def person(n: int, seat: int) -> int:
    return 10_000 + 2 * n + seat


async def start_table(service: TableService, game: str, n: int) -> int:
    """Table ``n``, started through the service."""
    info = await service.create_table(
        game, guild_id=1 + n, channel_id=2, host_id=person(n, 0), host_name="host"
    )
    await service.join(info.id, person(n, 1), "guest")
    await service.start(info.id, info.host_id)
    return info.id


async def start_tables(
    store: Store, game: str, tables: int, templates: int = TEMPLATES
) -> list[int]:
    """The ids of ``tables`` new started tables of ``game``, ``templates`` of them started
    through the service and the others copied from those."""
    service = TableService(store)
    made = [await start_table(service, game, n) for n in range(min(tables, templates))]
    if tables <= len(made):
        return made
    assert isinstance(store, SqlStore), "copies are made with SQL"
    return made + await _copy_templates(store, made, tables)


async def _copy_templates(store: SqlStore, templates: list[int], tables: int) -> list[int]:
    held: dict[str, list[dict[str, Any]]] = {}
    async with store._reading() as db:
        marks = ", ".join("?" * len(templates))
        for table in TABLES:
            key = "id" if table == "game_tables" else "table_id"
            columns = [r[1] for r in await db.all(_columns(store, table))]
            if key not in columns:
                continue  # not a table's own rows (user settings, server settings)
            rows = await db.all(f"SELECT * FROM {table} WHERE {key} IN ({marks})", templates)
            held[table] = [dict(row) for row in rows]
        top = await db.one("SELECT MAX(id) FROM game_tables")
    assert top is not None
    first = int(top[0]) + 1
    ids = list(range(first, first + tables - len(templates)))
    index = {template: n for n, template in enumerate(templates)}
    async with store._begin() as db:
        for table, rows in held.items():
            batch: list[dict[str, Any]] = []
            for k, new_id in enumerate(ids):
                template = templates[k % len(templates)]
                n = len(templates) + k
                people = {person(index[template], s): person(n, s) for s in (0, 1)}
                for row in rows:
                    if row["id" if table == "game_tables" else "table_id"] == template:
                        batch.append(_copied(table, row, new_id, n, people))
                if len(batch) >= BATCH:
                    await _insert(db, table, batch)
                    batch = []
            if batch:
                await _insert(db, table, batch)
        await store._after_copy(db, ["game_tables"])
    return ids


def _columns(store: SqlStore, table: str) -> str:
    """A query whose rows name ``table``'s columns in their second field."""
    if isinstance(store, SqliteStore):
        return f"PRAGMA table_info({table})"
    return (
        "SELECT ordinal_position, column_name FROM information_schema.columns"
        f" WHERE table_name = '{table}' AND table_schema = current_schema()"
    )


def _copied(
    table: str, row: dict[str, Any], new_id: int, n: int, people: dict[int, int]
) -> dict[str, Any]:
    out = dict(row)
    if table == "game_tables":
        out.update(id=new_id, guild_id=1 + n, host_id=people[row["host_id"]], thread_id=None)
        return out
    out.pop("id", None)  # a new row of its own
    out["table_id"] = new_id
    if out.get("user_id") is not None:
        out["user_id"] = people.get(out["user_id"], out["user_id"])
    return out


async def _insert(db: Any, table: str, rows: list[dict[str, Any]]) -> None:
    columns = list(rows[0])
    await db.execute_many(
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
        [tuple(row[c] for c in columns) for row in rows],
    )
