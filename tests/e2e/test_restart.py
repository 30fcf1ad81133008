"""The bot restarts in the middle of a game: nothing is lost and the old buttons keep working."""

from __future__ import annotations

import random

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import (
    board_version,
    choose,
    forged_message,
    fresh,
    ids_in,
    open_panel,
    open_table,
    play_turn_by_panel,
    said,
)


async def test_restart_mid_game_then_finish_with_the_old_buttons(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(99)
    for _ in range(4):
        await play_turn_by_panel(world, actors, table_id, rng)

    # the player to move opens the panel, then the bot goes down before they choose
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    mover = actors[loaded.info.holder(loaded.decision.seat).user_id or 0]
    oldest_board, board_before = world.boards()[0], world.boards()[-1]
    panel = await open_panel(world, mover, table_id, loaded.version)
    old_bot = world.bot

    await world.restart()
    assert world.bot is not old_bot

    # the panel opened by the previous process still takes the whole turn
    service = world.bot.service
    while True:
        now = await service.load(table_id)
        assert now.decision is not None
        if actors.get(now.info.holder(now.decision.seat).user_id or 0) is not mover:
            break
        await choose(mover, fresh(world, panel), table_id, now.version, 0)
    assert world.boards()[-2].id == board_before.id, "exactly one new board for that turn"

    # a board from before the restart that has moved on answers politely with a link
    assert ids_in(fresh(world, oldest_board)) == [], "old boards lose their button"
    old_button = await forged_message(world, ids.panel(table_id, 0))
    stale = await mover.click(old_button, custom_id=ids.panel(table_id, 0))
    assert said(stale).startswith("The board has moved on — see the latest board: https://")
    assert str(world.boards()[-1].id) in said(stale)

    # Discord refuses the next board post: the move is kept and the post waits in the outbox
    # (posted into the thread, as when the move's interaction no longer takes a follow-up)
    next_mover = actors[now.info.holder(now.decision.seat).user_id or 0]
    boards = len(world.boards())

    async def gone(table_id: int, version: int) -> None:
        return None

    world.bot.move_answers.take = gone  # type: ignore[method-assign]
    world.env.inject_error(
        "POST",
        f"/channels/{world.thread().id}/messages",
        status=403,
        code=50013,
        message="Missing Permissions",
    )
    made = await play_turn_by_panel(world, actors, table_id, rng)
    assert made > 0 and len(world.boards()) == boards, "the post failed"
    after_turn = await service.load(table_id)
    waiting = [r for r in await service.outbox.for_table(table_id) if r.delivered_at is None]
    assert [(r.version, r.attempts) for r in waiting] == [(after_turn.version, 1)]

    # a crash now, and a restart once the retry is due: the board arrives, once
    world.clock.advance(60)
    await world.restart()
    assert len(world.boards()) == boards + 1
    assert board_version(world.boards()[-1]) == after_turn.version
    rows = await world.bot.service.outbox.for_table(table_id)
    assert all(r.delivered_at is not None for r in rows)
    assert f"<@{next_mover.id}>" not in world.boards()[-1].content.splitlines()[-2]

    # the game is finished on buttons, across the restarts
    while (await world.bot.service.load(table_id)).decision is not None:
        await play_turn_by_panel(world, actors, table_id, rng)
    versions = [v for v in (board_version(b) for b in world.boards()) if v is not None]
    assert len(versions) == len(set(versions)), "no board was posted twice"
    assert versions == sorted(versions)
    assert world.thread().history()[-1].content.startswith("🏆 **Game over")
    assert ids_in(fresh(world, panel)) == []


async def test_a_start_interrupted_before_the_thread_existed_is_finished_by_start(
    world: World,
) -> None:
    result = await world.alice.slash(world.channel, "newgame", game="targi")
    lobby = result.response
    assert lobby is not None
    table_id = int(ids_in(lobby)[0].split(":")[2])
    await world.bob.click(lobby, label="Join")
    # the game was started and committed, then the process died before opening the thread
    await world.bot.service.start(table_id, world.alice.id)
    await world.restart()
    assert world.channel.threads == [] and "Start" in str(fresh(world, lobby).components)

    refused = await world.bob.click(lobby, label="Start")
    assert said(refused) == "Only the host can start the game."
    await world.alice.click(lobby, label="Start")

    assert (await world.bot.service.info(table_id)).thread_id == world.thread().id
    boards = world.boards()
    assert len(boards) == 1 and "begins" in boards[0].content
    assert ids_in(fresh(world, lobby)) == []
