"""The private panel: what each seat sees, and reopening it in the middle of a turn."""

from __future__ import annotations

import random

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import choose, fresh, ids_in, not_summary, open_table, png_of, said


async def test_each_seat_gets_its_own_private_panel(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await service.load(table_id)
    assert loaded.decision is not None
    mover_id = loaded.info.holder(loaded.decision.seat).user_id
    mover, other = (
        (world.alice, world.bob) if mover_id == world.alice.id else (world.bob, world.alice)
    )
    board = world.boards()[-1]

    mine = await mover.click(board, custom_id=ids.panel(table_id, 0))
    theirs = await other.click(board, custom_id=ids.panel(table_id, 0))

    assert mine.response is not None and mine.response.ephemeral
    assert loaded.decision.prompt in mine.response.content
    assert len(ids_in(mine.response)) >= 1
    assert (await png_of(mine.response)).width > 0
    assert theirs.response is not None and theirs.response.ephemeral
    assert ids_in(theirs.response) == [], "no choices for the seat that is waiting"
    assert "Waiting for" in theirs.response.content
    # each panel is visible to its owner only; the thread itself holds just the board
    seen_by_other = [m.id for m in world.thread().history(viewer=other)]
    seen_by_mover = [m.id for m in world.thread().history(viewer=mover)]
    assert mine.response.id in seen_by_mover and mine.response.id not in seen_by_other
    assert theirs.response.id in seen_by_other and theirs.response.id not in seen_by_mover
    seen = [m.id for m in world.thread().history(viewer=world.carol) if not_summary(m)]
    assert seen == [board.id]


async def test_reopening_the_panel_mid_turn_from_the_same_board_shows_the_current_choice(
    world: World,
) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(5)
    for _ in range(200):
        loaded = await service.load(table_id)
        assert loaded.decision is not None
        actor = actors[loaded.info.holder(loaded.decision.seat).user_id or 0]
        board = world.boards()[-1]
        start = loaded.version
        panel = (await actor.click(board, custom_id=ids.panel(table_id, start))).response
        assert panel is not None
        await choose(actor, panel, table_id, start, rng.randrange(len(loaded.decision.actions)))
        now = await service.load(table_id)
        assert now.decision is not None
        if actors[now.info.holder(now.decision.seat).user_id or 0] is actor:
            break  # the same seat decides again: a sub-decision of the same turn
        # the turn passed: finish nothing more, go on with the next player
    else:
        raise AssertionError("no turn with a second decision in 200 turns")

    assert world.boards()[-1].id == board.id, "no new board for a sub-decision"
    reopened = await actor.click(board, custom_id=ids.panel(table_id, start))
    assert reopened.response is not None, said(reopened)
    assert ids_in(reopened.response) and all(
        cid.split(":")[3] == str(now.version) for cid in ids_in(reopened.response)
    )
    assert now.decision.prompt in reopened.response.content
    # the panel that was updated in place offers the same current choice
    assert ids_in(fresh(world, panel)) == ids_in(reopened.response)
