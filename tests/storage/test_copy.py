"""``caravanserai db copy``: a community's SQLite file moved to PostgreSQL, then verified."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from bot.cli import main, verify_replays
from bot.service import TableService
from storage import open_store
from storage.copy import TABLES
from tests.service.conftest import GUEST, HOST, SEED, new_table, placed, play_moves


def test_every_table_of_the_schema_is_copied(tmp_path: Path) -> None:
    async def create() -> None:
        store = await open_store(f"sqlite:///{tmp_path / 'schema.db'}")
        await store.close()

    asyncio.run(create())
    with sqlite3.connect(tmp_path / "schema.db") as raw:
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = "
                                               "'table' AND name NOT LIKE 'sqlite_%'")}
    assert names - {"schema_migrations"} == set(TABLES)


async def community(url: str) -> dict[str, int]:
    """A small community: a lobby, a game under way with an undo asked, one with a bot that
    was conceded, a player's settings; returns the table ids by kind."""
    store = await open_store(url)
    service = TableService(store, seed_source=lambda: SEED)
    try:
        lobby = await new_table(service)
        playing = await placed(service)
        await service.request_undo(playing, HOST)
        await service.set_user_settings(GUEST, time_zone="Europe/Paris", quiet_hours="23-07")
        with_bot = await new_table(service, guest=None, bot="random")
        await service.start(with_bot, HOST)
        await play_moves(service, with_bot, 4)
        await service.concede(with_bot, HOST)
        return {"lobby": lobby, "playing": playing, "conceded": with_bot}
    finally:
        await store.close()


def run_copy(capsys: pytest.CaptureFixture[str], source: str, target: str) -> tuple[int, dict]:
    code = main(["db", "copy", "--from", source, "--to", target])
    return code, json.loads(capsys.readouterr().out)


def test_a_sqlite_community_is_copied_to_postgres_and_verified(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = f"sqlite:///{tmp_path / 'community.db'}"
    ids = asyncio.run(community(source))

    code, report = run_copy(capsys, source, postgres_url)

    assert code == 0, report
    assert report["verified"] and report["counts_match"]
    assert report["replayed"] == 2 and report["mismatched"] == []
    copied = report["copied"]
    assert copied["game_tables"] == 3 and copied["actions"] >= 10
    assert all(copied[t] > 0 for t in ("seats", "snapshots", "outbox", "timers",
                                       "user_settings", "undo_requests"))

    async def carry_on() -> None:
        store = await open_store(postgres_url)
        service = TableService(store, seed_source=lambda: SEED)
        try:
            before = await store.list_outbox(ids["playing"])
            await play_moves(service, ids["playing"], 2)
            after = await store.list_outbox(ids["playing"])
            assert [r.id for r in after[: len(before)]] == [r.id for r in before]
            assert min(r.id for r in after[len(before):]) > max(r.id for r in before)
            fresh = await new_table(service)
            assert fresh > max(ids.values())  # new rows are numbered after the copied ones
            settings = await service.user_settings(GUEST)
            assert settings.time_zone == "Europe/Paris"
        finally:
            await store.close()

    asyncio.run(carry_on())


def test_copying_into_a_database_that_holds_tables_is_refused(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = f"sqlite:///{tmp_path / 'community.db'}"
    asyncio.run(community(source))
    assert run_copy(capsys, source, postgres_url)[0] == 0
    with pytest.raises(SystemExit) as stopped:
        main(["db", "copy", "--from", source, "--to", postgres_url])
    assert stopped.value.code == 2
    assert "not empty (3 in game_tables" in capsys.readouterr().err


def test_copying_from_a_missing_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["db", "copy", "--from", f"sqlite:///{tmp_path / 'none.db'}",
              "--to", f"sqlite:///{tmp_path / 'to.db'}"])
    assert "no database at" in capsys.readouterr().err
    assert not (tmp_path / "none.db").exists()


async def test_a_state_that_differs_from_its_replay_is_named(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'community.db'}"
    ids = await community(url)
    store = await open_store(url)
    try:
        table = await store.get_table(ids["playing"])
        assert table is not None
        async with store.transaction() as tx:
            snapshot = await tx.get_snapshot(table.id)  # the latest stored
            assert snapshot is not None
            await tx.delete_snapshot(table.id, snapshot.version)
            await tx.put_snapshot(table.id, snapshot.version, {**snapshot.state, "round": 99})
        assert (await verify_replays(store))["mismatched"] == [ids["playing"]]
    finally:
        await store.close()
