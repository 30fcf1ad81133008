"""A stored table whose game is no longer installed is shown as unavailable and never stops
the other tables: their timers, posts and agent moves go on."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.service import GameUnavailable, TableService, TimerService
from tests.service.conftest import CHANNEL, GUEST, GUILD, HOST, OpenService, started_table
from tests.storage.conftest import FakeClock

UNAVAILABLE = "Table #1 plays 'vanished', which is not installed here now"


def uninstall(db: Path, table_id: int) -> None:
    """What an old database holds once a game's package is removed: its name, unknown."""
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE game_tables SET game = 'vanished' WHERE id = ?", (table_id,))


def crash_before_the_agent_moved(db: Path, table_id: int) -> None:
    """The seat to move is an agent's, as after a crash between a move and the agent's."""
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE seats SET user_id = NULL, agent = 'random' WHERE table_id = ? AND seat = 0",
            (table_id,),
        )


async def toy_table(service: TableService) -> int:
    info = await service.create_table(
        "toy", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana"
    )
    await service.join(info.id, GUEST, "Gus")
    await service.start(info.id, HOST)
    return info.id


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "service.db"


async def test_the_table_is_shown_as_unavailable_and_refuses_moves_clearly(
    open_service: OpenService, db: Path
) -> None:
    service = await open_service()
    gone = await toy_table(service)
    other = await started_table(service)
    uninstall(db, gone)
    service = await open_service()  # a restart, with the game missing

    entries = {e.table_id: e for e in (await service.my_tables(HOST)).entries}
    assert entries[gone].unavailable and entries[gone].title == "vanished"
    assert not entries[other].unavailable and entries[other].next is not None
    assert gone not in [t.info.id for t in await service.waiting_on(HOST)]

    details = await service.table_info(gone)
    assert details.unavailable is not None and details.unavailable.startswith(UNAVAILABLE)
    assert details.title == "vanished" and details.next is None

    with pytest.raises(GameUnavailable) as refused:
        await service.submit(gone, HOST, "take 1", "r1")
    assert str(refused.value).startswith(UNAVAILABLE)
    assert (await service.load(other)).decision is not None


async def test_agents_resume_and_timers_fire_at_the_other_tables(
    open_service: OpenService, db: Path, clock: FakeClock
) -> None:
    service = await open_service()
    gone = await toy_table(service)
    resumed = await toy_table(service)
    for table_id in (gone, resumed):
        crash_before_the_agent_moved(db, table_id)
    gone_waiting = await toy_table(service)  # waits on a person: its timers are due too
    waiting = await started_table(service)
    for table_id in (gone, gone_waiting):
        uninstall(db, table_id)
    service = await open_service()
    assert await service.resume_agents() == 2  # take and bank at the other toy table
    assert (await service.info(gone)).version == 0

    timers = TimerService(service.store, clock=clock)
    clock.advance(3 * 86400)
    assert await timers.fire_due() > 0
    kinds = {r.kind for r in await service.outbox.for_table(waiting)}
    assert "stalled" in kinds
    assert "stalled" not in {r.kind for r in await service.outbox.for_table(gone_waiting)}
    # the unavailable table's timers are kept for when the game is back, not due meanwhile
    assert await service.store.due_timers(clock(), 10) == []
    assert any(t.pending for t in await service.store.list_timers(gone_waiting))
