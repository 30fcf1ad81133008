"""What is particular to the SQLite backend: URLs, pragmas, the migration bookkeeping."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import open_store, sqlite_path


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


@pytest.mark.parametrize("url", ["postgres://localhost/db", "sqlite://games.db", "sqlite:///"])
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
    store = await open_store(f"sqlite:///{tmp_path / 'g.db'}")
    await store.close()
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
