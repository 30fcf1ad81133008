"""The load benchmark at a tiny size: tables made in bulk are real tables, every move it submits
is committed, and its JSON has the figures the closing note quotes. On SQLite, and on
PostgreSQL when a server is given."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bench import bulk, load
from bench.boards import render_load
from bot.service import TableService
from storage import open_store


async def table_versions(url: str) -> list[int]:
    store = await open_store(url)
    try:
        return [t.version for t in await store.list_tables()]
    finally:
        await store.close()


@pytest.fixture(params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'load.db'}"
    return str(request.getfixturevalue("postgres_url"))


async def test_copied_tables_are_started_tables_with_their_own_people(url: str) -> None:
    store = await open_store(url)
    try:
        ids = await bulk.start_tables(store, "targi", 5, templates=2)
        service = TableService(store)
        assert len(set(ids)) == 5
        for n, table_id in enumerate(ids):
            loaded = await service.load(table_id)
            assert loaded.info.status == "active"
            assert loaded.info.guild_id == 1 + n
            people = [s.user_id for s in loaded.info.seats]
            assert people == [bulk.person(n, 0), bulk.person(n, 1)]
            assert loaded.next is not None and loaded.next.user_id in people
            mover = loaded.next.user_id
            assert mover is not None
            await service.submit(table_id, mover, loaded.next.actions[0], "first")
        new = await service.create_table(
            "targi", guild_id=99, channel_id=2, host_id=1, host_name="late"
        )
        assert new.id > max(ids)  # the copies' ids are not handed out again
    finally:
        await store.close()


def test_service_load_commits_every_move_with_one_and_two_processes(url: str) -> None:
    result = load.service_load(
        url, "targi", tables=5, moves=2, seed=1, processes=(1, 2), people=4, templates=2
    )
    assert result["tables"] == 5
    assert result["create_seconds"] >= 0
    for count in (1, 2):
        run = result[f"processes_{count}"]
        assert run["failed"] == 0, run["first_failures"]
        assert run["moves"] == run["moves_committed"] == 5 * 2
        assert run["committed_moves_per_second"] > 0
        assert run["submit_p95_ms"] >= run["submit_p50_ms"] > 0
        assert run["bot_cpu_ms_per_move"] > 0
        shares = run["per_process"]
        assert len(shares) == count and sum(s["moves"] for s in shares) == run["moves"]
        assert all(s["ended_after_s"] >= s["started_after_s"] >= 0 for s in shares)
        if url.startswith("postgresql"):
            # at least the commit: a move read nothing first when the next player moved lately
            assert run["round_trips_per_move"] >= 1
            # the server's CPU over the moves, as the bot's, apart from the first reads (at this
            # size a few clock ticks in all, so either part alone may read 0)
            moving = run["postgres_cpu_ms_per_move"] * run["moves"] / 1000
            assert moving >= 0 and run["postgres_cpu_seconds_loading"] >= 0
            assert moving + run["postgres_cpu_seconds_loading"] > 0
            assert run["cpu_ms_per_move"] > run["postgres_cpu_ms_per_move"]
            if run["postgres_cpu_ms_per_move"]:
                assert run["cpu_bound_moves_per_second_on_2_cores"] > 0
    assert result["ratio"] > 0

    # each process count played the first two moves of tables of its own
    assert asyncio.run(table_versions(url)) == [2] * 10


def test_service_load_repeated_measures_each_count_in_turn_on_tables_of_its_own(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'load.db'}"
    result = load.service_load(
        url, "targi", tables=3, moves=1, seed=1, processes=(1, 2), people=2, templates=2,
        repeats=2,
    )
    assert len(result["ratio_of_each_repeat"]) == 2
    assert result["ratio"] in result["ratio_of_each_repeat"]
    for count in (1, 2):
        run = result[f"processes_{count}"]
        rates = run["moves_per_second_of_each_repeat"]
        assert len(rates) == 2 and run["committed_moves_per_second"] in rates
        assert run["moves"] == run["moves_committed"] == 3

    assert asyncio.run(table_versions(url)) == [1] * 12  # 3 tables for each count, twice


def test_render_load_draws_the_boards_asked_for() -> None:
    result = render_load(["targi"], [1, 2], boards=4)
    for count in (1, 2):
        run = result["targi"][f"processes_{count}"]
        assert run["boards"] >= 4
        assert run["boards_per_second"] > 0
        assert run["cpu_ms_per_board"] > 0
    assert result["targi"]["ratio"] > 0



async def test_wire_load_with_discord_in_its_own_process_gets_every_board(
    tmp_path: Path,
) -> None:
    result = await load.wire_load(
        f"sqlite:///{tmp_path / 'wire.db'}", "targi", tables=2, turns=1, delay=0.0,
        discord_side="apart",
    )
    assert result["discord_side"] == "apart"
    assert result["turns"] == result["moves"] == 2
    assert result["boards_missing"] == result["interactions_failed"] == 0
    assert result["interaction_to_board_breakdown"]["boards"] == 2, "timed in the bot"
    assert result["bot_cpu_ms_per_move"] > 0
    assert result["discord_side_cpu_ms_per_move"] > 0
    assert result["drawing_parts_per_move"] > 0, "two first boards draw every part they show"
