"""Private events: the seat they are for reads them on its panel and in its /game log; the
thread, the other seats and spectators never do."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.driver import choose, fresh, ids_in, open_panel


async def _log_text(world: World, actor: object) -> str:
    result = await actor.slash(world.thread(), "game log")  # type: ignore[attr-defined]
    assert result.response is not None and result.response.ephemeral
    embed = result.response.embeds[0].description or ""
    attached = (await result.response.attachments[0].read()).decode()
    return embed + "\n" + attached


async def test_a_drawn_card_is_told_to_its_seat_only(world: World) -> None:
    service = world.bot.service
    opened = await world.alice.slash(world.channel, "newgame", game="toy")
    lobby = opened.response
    assert lobby is not None
    table_id = int(ids_in(lobby)[0].split(":")[2])
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")

    # Alice (seat 0) takes slot 1 and banks it; the slot is refilled from the deck.
    panel = await open_panel(world, world.alice, table_id, 0)
    await choose(world.alice, fresh(world, panel), table_id, 0, 0)
    await choose(world.alice, fresh(world, panel), table_id, 1, 0)
    alices_card = (await service.load(table_id)).state.market[0]
    assert f"You drew {alices_card}" in fresh(world, panel).content

    # Bob types his move; it is answered by the new board, for everyone, and what he drew is
    # told to him alone.
    reply = await world.bob.slash(world.thread(), "play", move="take 2")
    reply = await world.bob.slash(world.thread(), "play", move="bank")
    bobs_card = (await service.load(table_id)).state.market[1]
    assert reply.response is not None and not reply.response.ephemeral
    assert "You drew" not in reply.response.content
    told = "\n".join(m.content for m in reply.followups if m.ephemeral)
    assert all(m.ephemeral for m in reply.followups)
    assert f"You drew {bobs_card}" in told
    assert "You drew" not in told.replace(f"You drew {bobs_card}", "")

    thread = "\n".join(m.content for m in world.thread().history())
    assert "the market was refilled" in thread
    assert "You drew" not in thread

    # Alice's next panel reminds her of her draw, never of Bob's.
    panel = await open_panel(world, world.alice, table_id, 4)
    assert f"You drew {alices_card}" in panel.content
    assert f"You drew {bobs_card}" not in panel.content

    alices_log = await _log_text(world, world.alice)
    assert f"You drew {alices_card}" in alices_log and f"You drew {bobs_card}" not in alices_log
    bobs_log = await _log_text(world, world.bob)
    assert f"You drew {bobs_card}" in bobs_log and f"You drew {alices_card}" not in bobs_log
    spectators_log = await _log_text(world, world.carol)
    assert "You drew" not in spectators_log and "the market was refilled" in spectators_log
