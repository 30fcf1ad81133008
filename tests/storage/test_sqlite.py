"""What is particular to the SQLite backend: URLs, pragmas, the migration bookkeeping."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from storage import open_store, sqlite_path
from storage.sqlite import SqliteStore


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///games.db", "games.db"),
        ("sqlite:///data/games.db", "data/games.db"),
        ("sqlite:////var/lib/caravanserai/games.db", "/var/lib/caravanserai/games.db"),
        ("sqlite://:memory:", ":memory:"),
        ("sqlite:///:memory:", ":memory:"),
    ],
)
def test_sqlite_urls(url: str, path: str) -> None:
    assert sqlite_path(url) == path


@pytest.mark.parametrize("url", ["mysql://localhost/db", "sqlite://games.db", "sqlite:///"])
async def test_unusable_urls_are_refused_with_a_reason(url: str) -> None:
    with pytest.raises(ValueError, match="sqlite:///"):
        await open_store(url)


async def test_relative_path_is_created_under_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    store = await open_store("sqlite:///data/nested/games.db")
    await store.close()
    assert (tmp_path / "data" / "nested" / "games.db").is_file()


async def test_file_is_in_wal_mode_with_migrations_recorded(tmp_path: Path) -> None:
    from storage.sqlite import migrations

    store = await open_store(f"sqlite:///{tmp_path / 'g.db'}")
    shipped = [number for number, _, _ in migrations()]
    assert shipped[:2] == [1, 2]
    assert await store.applied_migrations() == shipped
    await store.close()
    again = await open_store(f"sqlite:///{tmp_path / 'g.db'}")
    assert await again.applied_migrations() == shipped
    await again.close()
    with sqlite3.connect(tmp_path / "g.db") as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        rows = raw.execute("SELECT version, name FROM schema_migrations").fetchall()
    assert rows[0] == (1, "001_initial.sql")


async def test_memory_database_works_and_is_private(tmp_path: Path) -> None:
    first = await open_store("sqlite://:memory:")
    second = await open_store("sqlite://:memory:")
    async with first.transaction() as tx:
        await tx.create_table(
            game="targi", guild_id=1, channel_id=2, host_id=3, seed=4, options={}
        )
    assert len(await first.list_tables()) == 1
    assert await second.list_tables() == []
    await first.close()
    await second.close()


async def test_an_older_database_gets_only_the_missing_migrations(tmp_path: Path) -> None:
    from storage.sqlite import migrations

    path = tmp_path / "old.db"
    number, name, sql = migrations()[0]
    with sqlite3.connect(path) as raw:
        raw.executescript(sql)
        raw.execute(
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL)"
        )
        raw.execute("INSERT INTO schema_migrations VALUES (?, ?, 'then')", (number, name))
        raw.execute(
            "INSERT INTO game_tables (game, host_id, seed, created_at, updated_at)"
            " VALUES ('targi', 1, 2, 'x', 'y')"
        )
    store = await open_store(f"sqlite:///{path}")
    assert await store.applied_migrations() == [n for n, _, _ in migrations()]
    await store.close()
    with sqlite3.connect(path) as raw:
        first = raw.execute("SELECT applied_at FROM schema_migrations WHERE version = 1")
        assert first.fetchone() == ("then",)
        columns = [row[1] for row in raw.execute("PRAGMA table_info(outbox)")]
        assert raw.execute("SELECT COUNT(*) FROM game_tables").fetchone() == (1,)
    assert "message_id" in columns


async def test_a_commit_that_fails_is_rolled_back_and_the_store_stays_usable(
    tmp_path: Path,
) -> None:
    from storage.sqlite import SqliteStore

    store = await open_store(f"sqlite:///{tmp_path / 'g.db'}")
    assert isinstance(store, SqliteStore)
    with pytest.raises(sqlite3.IntegrityError):
        async with store.transaction() as tx:
            # A deferred foreign key is only checked at COMMIT, which then fails.
            await store._conn.execute("PRAGMA defer_foreign_keys = ON")
            await tx.add_seat(404, user_id=1, agent=None, name="Nobody")
    async with store.transaction() as tx:
        table_id = await tx.create_table(
            game="targi", guild_id=1, channel_id=2, host_id=3, seed=4, options={}
        )
    table = await store.get_table(table_id)
    assert table is not None and table.seats == ()
    await store.close()


async def test_a_commit_cancelled_while_it_runs_ends_cancelled_and_stays_written(
    tmp_path: Path,
) -> None:
    """At shutdown a transaction's wait for its COMMIT can be cancelled while the COMMIT goes
    on in the connection's thread: the caller is told it was cancelled (not of a failed
    rollback, which the outbox would log as an error), and what the COMMIT wrote stays."""
    store = await open_store(f"sqlite:///{tmp_path / 'g.db'}")
    assert isinstance(store, SqliteStore)
    execute = store._conn.execute
    running: list[asyncio.Task[Any]] = []

    async def cancelled_commit(sql: str, *args: Any) -> Any:
        if sql == "COMMIT":  # the COMMIT is queued in the thread, the wait for it cancelled
            running.append(asyncio.ensure_future(execute(sql, *args)))
            await asyncio.sleep(0)  # the task hands the COMMIT to the thread
            raise asyncio.CancelledError
        return await execute(sql, *args)

    store._conn.execute = cancelled_commit  # type: ignore[method-assign]
    with pytest.raises(asyncio.CancelledError):
        async with store.transaction() as tx:
            table_id = await tx.create_table(
                game="targi", guild_id=1, channel_id=2, host_id=3, seed=4, options={}
            )
    store._conn.execute = execute  # type: ignore[method-assign]
    await asyncio.gather(*running)
    assert await store.get_table(table_id) is not None
    await store.close()


async def test_a_database_from_before_async_play_is_upgraded_in_place(tmp_path: Path) -> None:
    from storage.sqlite import _statements, migrations

    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
    )
    for number, name, sql in migrations()[:2]:
        for statement in _statements(sql):
            conn.execute(statement)
        conn.execute(
            "INSERT INTO schema_migrations VALUES (?, ?, '2026-01-01T00:00:00.000000Z')",
            (number, name),
        )
    stamp = "2026-01-01T00:00:00.000000Z"
    conn.execute(
        "INSERT INTO game_tables (game, host_id, seed, status, version, created_at, updated_at)"
        " VALUES ('targi', 1, 5, 'active', 1, ?, ?)",
        (stamp, stamp),
    )
    conn.execute(
        "INSERT INTO seats (table_id, seat, user_id, name, joined_at) VALUES (1, 0, 1, 'A', ?)",
        (stamp,),
    )
    conn.execute(
        "INSERT INTO actions (table_id, version, seat, action, request_id, user_id, created_at)"
        " VALUES (1, 1, 0, 'place 5', 'r1', 1, ?)",
        (stamp,),
    )
    conn.commit()
    conn.close()

    store = await open_store(f"sqlite:///{path}")
    try:
        assert await store.applied_migrations() == [n for n, _, _ in migrations()]
        table = await store.get_table(1)
        assert table is not None and table.pace == "daily"
        assert table.seats[0].owner_id is None
        (action,) = await store.list_actions(1)
        # moves recorded before undo existed are never treated as reversible or undoable
        assert (action.kind, action.reversible, action.events, action.undo_to) == (
            "move", False, (), None,
        )
        assert action.revealed
    finally:
        await store.close()


async def test_moves_logged_before_the_revealed_flag_count_as_revealed(tmp_path: Path) -> None:
    from storage.sqlite import _statements, migrations

    path = tmp_path / "before-revealed.db"
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
    )
    stamp = "2026-01-01T00:00:00.000000Z"
    for number, name, sql in migrations():
        if name.startswith("006"):
            break
        for statement in _statements(sql):
            conn.execute(statement)
        conn.execute("INSERT INTO schema_migrations VALUES (?, ?, ?)", (number, name, stamp))
    conn.execute(
        "INSERT INTO game_tables (game, host_id, seed, status, version, created_at, updated_at)"
        " VALUES ('targi', 1, 5, 'active', 1, ?, ?)",
        (stamp, stamp),
    )
    conn.execute(
        "INSERT INTO actions (table_id, version, seat, action, request_id, user_id, created_at,"
        " reversible) VALUES (1, 1, 0, 'use 5', 'r1', 1, ?, 1)",
        (stamp,),
    )
    conn.commit()
    conn.close()

    store = await open_store(f"sqlite:///{path}")
    try:
        (action,) = await store.list_actions(1)
        # reversible as recorded then, but whether it revealed anything is unknown: never undone
        assert action.reversible and action.revealed
    finally:
        await store.close()


@pytest.mark.parametrize("lost", [2, 3, 6])
async def test_a_migration_applied_but_not_recorded_is_recorded_again(
    tmp_path: Path, lost: int
) -> None:
    from storage.sqlite import migrations

    path = tmp_path / "lost-row.db"
    store = await open_store(f"sqlite:///{path}")
    await store.close()
    with sqlite3.connect(path) as raw:
        raw.execute("DELETE FROM schema_migrations WHERE version = ?", (lost,))
    store = await open_store(f"sqlite:///{path}")
    try:
        assert await store.applied_migrations() == [n for n, _, _ in migrations()]
    finally:
        await store.close()


async def test_a_failing_migration_is_named_and_nothing_of_it_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import storage.sqlite
    from storage import StorageError

    shipped = storage.sqlite.migrations()
    number = shipped[-1][0] + 1
    broken = (number, f"{number:03d}_broken.sql",
              "CREATE TABLE fine (x INTEGER);\nALTER TABLE nowhere ADD COLUMN y TEXT;\n")
    monkeypatch.setattr(storage.sqlite, "migrations", lambda: [*shipped, broken])
    with pytest.raises(StorageError) as failed:
        await open_store(f"sqlite:///{tmp_path / 'x.db'}")
    assert broken[1] in str(failed.value) and "nowhere" in str(failed.value)
    with sqlite3.connect(tmp_path / "x.db") as raw:
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
    assert "fine" not in names and "game_tables" in names


@pytest.mark.parametrize(
    ("query", "level"), [("", 1), ("?synchronous=normal", 1), ("?synchronous=FULL", 2)]
)
async def test_every_commit_is_flushed_to_disk_when_the_url_asks_for_it(
    tmp_path: Path, query: str, level: int
) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'sync.db'}{query}")
    try:
        assert isinstance(store, SqliteStore)
        async with store._lock:
            row = await store._db.one("PRAGMA synchronous")
        assert row is not None and row[0] == level  # 2 = FULL, 1 = NORMAL
    finally:
        await store.close()


@pytest.mark.parametrize("query", ["?synchronous=off", "?fsync=no", "?synchronous=full&x=1"])
async def test_an_unknown_sqlite_url_option_is_refused_with_a_reason(
    tmp_path: Path, query: str
) -> None:
    with pytest.raises(ValueError, match="synchronous"):
        await open_store(f"sqlite:///{tmp_path / 'x.db'}{query}")


async def test_timers_written_one_a_row_before_folding_still_fire_each_once(
    tmp_path: Path,
) -> None:
    """A database whose pending reminders are rows of their own (written before a deadline
    carried its turn's reminders) is upgraded in place, and they come due as before."""
    from datetime import UTC, datetime, timedelta

    from storage.sqlite import _statements, migrations

    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
    )
    for number, name, sql in [m for m in migrations() if m[0] < 33]:
        for statement in _statements(sql):
            conn.execute(statement)
        conn.execute(
            "INSERT INTO schema_migrations VALUES (?, ?, '2026-01-01T00:00:00.000000Z')",
            (number, name),
        )
    start = datetime(2026, 1, 1, tzinfo=UTC)

    def stamp(hours: int) -> str:
        return (start + timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")

    conn.execute(
        "INSERT INTO game_tables (game, host_id, seed, status, version, created_at, updated_at)"
        " VALUES ('targi', 1, 5, 'active', 1, ?, ?)",
        (stamp(0), stamp(0)),
    )
    for kind, number, hours in (("reminder", 1, 6), ("reminder", 2, 12), ("deadline", 0, 24)):
        conn.execute(
            "INSERT INTO timers (table_id, seat, version, kind, number, due_at, created_at)"
            " VALUES (1, 0, 1, ?, ?, ?, ?)",
            (kind, number, stamp(hours), stamp(0)),
        )
    conn.commit()
    conn.close()

    store = await open_store(f"sqlite:///{path}")
    try:
        for hours, expected in ((6, ("reminder", 1)), (12, ("reminder", 2)), (24, ("deadline", 0))):
            assert await store.next_timer_due() == start + timedelta(hours=hours)
            async with store.transaction() as tx:
                (due,) = await tx.claim_due_timers(1, start + timedelta(hours=hours))
                assert (due.kind, due.number) == expected
                await tx.finish_timer(due.id, "fired")
        assert await store.next_timer_due() is None
    finally:
        await store.close()


async def test_a_move_and_a_claim_of_posts_each_take_one_trip_to_the_connection(
    tmp_path: Path,
) -> None:
    """Every trip to the connection's thread waits its turn on a busy event loop while the
    store is locked: a move's writes, its posts' claim and a table's read each go in one."""
    from tests.storage.conftest import FakeClock
    from tests.storage.test_commit_move import move, started

    clock = FakeClock()
    store = await open_store(f"sqlite:///{tmp_path / 'g.db'}", clock=clock)
    assert isinstance(store, SqliteStore)
    table_id = await started(store, clock)
    queue = store._conn._execute
    trips: list[str] = []

    async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
        trips.append(getattr(fn, "__name__", "?"))
        return await queue(fn, *args, **kwargs)

    store._conn._execute = counted  # type: ignore[method-assign]
    await store.commit_move(move(table_id, clock))
    assert len(trips) == 1
    claimed = await store.claim_outbox("here", now=clock())
    assert [(r.kind, r.version) for r in claimed] == [("turn", 1), ("turn", 2)]
    assert len(trips) == 2  # no look first: a claim that finds nothing is one trip too
    assert await store.claim_outbox("there", now=clock()) == []
    assert len(trips) == 3
    table = await store.get_table(table_id)
    assert table is not None and table.version == 2
    assert len(trips) == 4
    await store.close()


async def test_a_read_during_a_longer_transaction_waits_and_sees_only_what_it_committed(
    tmp_path: Path,
) -> None:
    """A read goes to the connection's thread without the store's lock, but never into the
    middle of a transaction of several trips on the same connection."""
    from tests.storage.test_contract import new_table

    store = await open_store(f"sqlite:///{tmp_path / 'g.db'}")
    table_id = await new_table(store, host=1)
    begun = asyncio.Event()

    async def reader() -> Any:
        await begun.wait()
        return await store.get_table(table_id)

    read = asyncio.create_task(reader())  # another task, as a command reading meanwhile
    async with store.transaction() as tx:
        await tx.set_host(table_id, 99)
        begun.set()
        await asyncio.sleep(0.05)  # time enough for a read that did not wait to be answered
        assert not read.done()
    table = await read
    assert table is not None and table.host_id == 99
    with pytest.raises(RuntimeError, match="transaction"):
        async with store.transaction() as tx:
            await tx.set_host(table_id, 7)
            await store.get_table(table_id)  # the store's own reads are refused inside one
    table = await store.get_table(table_id)
    assert table is not None and table.host_id == 99
    await store.close()
