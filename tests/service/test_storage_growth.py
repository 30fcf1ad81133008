"""The database grows with the game, not with every version: a move stores the state only every
few versions (and at the end), vacuum keeps one every K versions plus the latest, and after the
retention period only what a finished game's log needs."""

from __future__ import annotations

import json

from bot.cli import db_command
from bot.service import TableService
from bot.service.tables import SNAPSHOT_EVERY, SNAPSHOT_MOVES
from tests.service.conftest import OpenService, play_moves, started_table
from tests.service.test_isolation import sql
from tests.storage.conftest import FakeClock


async def snapshot_versions(service: TableService, table_id: int, upto: int) -> list[int]:
    found = []
    for version in range(upto + 1):
        if await service.store.get_snapshot(table_id, version) is not None:
            found.append(version)
    return found


async def test_the_state_is_stored_every_few_moves_and_any_version_is_rebuilt_between_them(
    open_service: OpenService, db_url: str, clock: FakeClock
) -> None:
    service = await open_service()
    table_id = await started_table(service)
    moves = 2 * SNAPSHOT_EVERY + 7
    await play_moves(service, table_id, moves)
    version = (await service.info(table_id)).version
    assert version % SNAPSHOT_MOVES != 0  # the latest version has no snapshot of its own
    expected = [v for v in range(version + 1) if v % SNAPSHOT_MOVES == 0]
    assert await snapshot_versions(service, table_id, version) == expected

    states = {v: await service.state_at(table_id, v) for v in range(version + 1)}
    cold = await open_service(state_cache_size=0)
    engine = cold.game("targi")
    for v in (1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY + 3, version - 1, version):
        assert engine.to_json(await cold.state_at(table_id, v)) == engine.to_json(states[v])
    assert await cold.replay_matches(table_id)

    clock.advance(45 * 86_400)
    await db_command("vacuum", db_url, now=clock.now)
    kept = [v for v in expected if v % SNAPSHOT_EVERY == 0] + [expected[-1]]
    assert await snapshot_versions(service, table_id, version) == kept
    cold = await open_service(state_cache_size=0)
    assert engine.to_json(await cold.state_at(table_id, version)) == engine.to_json(
        states[version]
    )
    assert await cold.replay_matches(table_id)

    # the check compares what is stored: the latest snapshot, here not at the latest version
    first = await service.store.get_snapshot(table_id, 0)
    assert first is not None
    sql(db_url, "UPDATE snapshots SET state = ? WHERE table_id = ? AND version = ?",
        json.dumps(first.state), table_id, kept[-1])  # fmt: skip
    assert not await (await open_service(state_cache_size=0)).replay_matches(table_id)


async def test_vacuum_keeps_a_finished_games_log_and_drops_the_rest(
    open_service: OpenService, clock: FakeClock, db_url: str
) -> None:
    service = await open_service()
    table_id = await started_table(service)
    await play_moves(service, table_id)
    assert (await service.info(table_id)).status == "finished"
    while rows := await service.outbox.pending(100):
        for row in rows:
            await service.outbox.mark_delivered(row.id, 7_000 + row.id)
    log = await service.game_log(table_id)
    details = await service.table_info(table_id)

    clock.advance(45 * 86_400)
    report = await db_command("vacuum", db_url, now=clock.now)
    assert report["pruned"]["actions"] == len(log) and report["pruned"]["outbox"] > len(log)

    again = await open_service(state_cache_size=0)
    assert await again.game_log(table_id) == log  # words and events replayed
    assert await again.table_info(table_id) == details
    assert await again.replay_matches(table_id)
    assert len(await again.store.list_outbox(table_id)) == 0
    assert await again.store.list_timers(table_id) == []
    assert await snapshot_versions(again, table_id, details.info.version) == [
        details.info.version
    ]
