"""Delivery after a crash: a board that reached Discord is never posted again, one that did not
is posted; older boards lose their "Your move" button when a new board arrives."""

from __future__ import annotations

import sqlite3

from tests.e2e.conftest import World
from tests.e2e.driver import board_version, button_version, ids_in, open_table


def _undeliver(world: World, row_id: int) -> None:
    """Put a row back as a crash after its post but before ``mark_delivered`` leaves it: the
    attempt is recorded, the delivery is not."""
    with sqlite3.connect(world.db) as db:
        db.execute(
            "UPDATE outbox SET delivered_at = NULL, message_id = NULL WHERE id = ?", (row_id,)
        )


async def _play_one(world: World, table_id: int) -> None:
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    holder = loaded.info.holder(loaded.decision.seat).user_id
    mover = world.alice if holder == world.alice.id else world.bob
    await mover.slash(world.thread(), "play", move=loaded.decision.actions[0])


async def test_a_board_that_landed_before_a_crash_is_not_posted_again(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    await _play_one(world, table_id)
    boards = world.boards()
    row = next(
        r
        for r in reversed(await world.bot.service.outbox.for_table(table_id))
        if r.message_id is not None and r.kind == "turn"
    )
    assert row.message_id == boards[-1].id and row.attempted_at is not None
    _undeliver(world, row.id)

    await world.restart()

    assert [b.id for b in world.boards()] == [b.id for b in boards], "no second post"
    again = next(r for r in await world.bot.service.outbox.for_table(table_id) if r.id == row.id)
    assert again.delivered_at is not None and again.message_id == boards[-1].id


async def test_a_board_that_never_landed_is_posted_after_the_crash(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    await _play_one(world, table_id)
    lost = world.boards()[-1]
    version = board_version(lost)
    row = next(
        r
        for r in reversed(await world.bot.service.outbox.for_table(table_id))
        if r.message_id == lost.id
    )
    _undeliver(world, row.id)
    # the attempt began, but Discord never took the post
    await world.bot.http.delete_message(world.thread().id, lost.id)

    await world.restart()

    newest = world.boards()[-1]
    assert newest.id != lost.id and board_version(newest) == version
    assert [board_version(b) for b in world.boards()].count(version) == 1
    again = next(r for r in await world.bot.service.outbox.for_table(table_id) if r.id == row.id)
    assert again.message_id == newest.id


async def test_only_the_newest_board_offers_your_move(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    for _ in range(3):
        await _play_one(world, table_id)
    loaded = await world.bot.service.load(table_id)
    boards = world.boards()
    assert len(boards) == 4
    assert [button_version(b) for b in boards] == [None, None, None, loaded.version]
    assert all(ids_in(b) == [] for b in boards[:-1])
