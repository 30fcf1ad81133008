"""A table whose game is no longer installed: shown as unavailable, its buttons answer clearly,
and the bot starts and plays the other tables as before (no error is logged)."""

from __future__ import annotations

import sqlite3

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import ids_in, moved, said

NOT_INSTALLED = "plays 'vanished', which is not installed here now"


async def test_a_table_of_a_missing_game_waits_and_the_others_go_on(world: World) -> None:
    service = world.bot.service
    opened = await world.alice.slash(world.channel, "newgame", game="toy")
    assert opened.response is not None
    gone = int(ids_in(opened.response)[0].split(":")[2])
    await world.bob.click(opened.response, label="Join")
    await world.alice.click(opened.response, label="Start")
    toy_board = world.boards()[-1]

    opened = await world.alice.slash(world.channel, "newgame", game="targi")
    assert opened.response is not None
    kept = int(ids_in(opened.response)[0].split(":")[2])
    await world.bob.click(opened.response, label="Join")
    await world.alice.click(opened.response, label="Start")

    # Alice's move at the toy table is stored, its board not yet posted when the game goes.
    await service.submit(gone, world.alice.id, "take 1", "typed-1")
    await service.submit(gone, world.alice.id, "bank", "typed-2")
    await world.env.settle()
    with sqlite3.connect(world.db) as conn:
        conn.execute("UPDATE game_tables SET game = 'vanished' WHERE id = ?", (gone,))
    await world.restart()  # start-up, agent resumption and delivery skip the missing game
    await world.tick(3 * 86400)  # and so do the timers: the Targi table's deadline passes
    service = world.bot.service

    inbox = await world.alice.slash(world.channel, "mygames")
    assert inbox.response is not None
    lines = (inbox.response.embeds[0].description or "").splitlines()
    assert any(f"vanished #{gone}" in line and "unavailable" in line for line in lines)
    assert any(f"Targi #{kept}" in line and "unavailable" not in line for line in lines)

    info = await world.bob.slash(world.channel, "game info", table=gone)
    assert info.response is not None
    assert NOT_INSTALLED in (info.response.embeds[0].description or "")

    clicked = await world.alice.click(toy_board, custom_id=ids.panel(gone, 0))
    assert NOT_INSTALLED in said(clicked)
    waiting = [r for r in await service.outbox.for_table(gone) if r.delivered_at is None]
    assert [r.kind for r in waiting] == ["turn"], "its board waits for the game, not given up"

    thread_id = (await service.info(kept)).thread_id
    targi = next(t for t in world.channel.threads if t.id == thread_id)
    stalled = [m for m in targi.history() if "deadline" in m.content.lower()]
    assert stalled, "the Targi table's deadline was announced"
    loaded = await service.load(kept)
    assert loaded.decision is not None
    mover_id = loaded.info.holder(loaded.decision.seat).user_id
    mover = world.alice if mover_id == world.alice.id else world.bob
    answered = await mover.slash(targi, "play", move=loaded.decision.actions[0])
    assert moved(answered)
    assert (await service.info(kept)).version == loaded.version + 1
