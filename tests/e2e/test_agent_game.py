"""A member plays a whole game against a bot seat; the agent answers inside each move."""

from __future__ import annotations

import random

from tests.e2e.conftest import World
from tests.e2e.driver import board_version, button_version, open_table, play_turn_by_slash, png_of


async def test_member_plays_a_whole_game_against_a_bot(world: World) -> None:
    service = world.bot.service
    table_id, lobby = await open_table(world, world.alice, bots=1)
    info = await service.info(table_id)
    assert [s.user_id for s in info.seats] == [world.alice.id, None]
    assert info.seats[1].agent == "greedy"
    # the lobby announced the bot before the start
    assert "Greedy bot" in lobby.embeds[0].fields[0].value

    actors = {world.alice.id: world.alice}
    rng = random.Random(7)
    while (await service.load(table_id)).decision is not None:
        # the agent never waits for anyone: whenever we look, a person (or nobody) decides
        loaded = await service.load(table_id)
        assert loaded.decision is not None
        assert loaded.info.holder(loaded.decision.seat).user_id == world.alice.id
        await play_turn_by_slash(world, actors, table_id, rng)

    boards = world.boards()
    alice_turns = [b for b in boards if f"<@{world.alice.id}>, your move" in b.content]
    assert alice_turns
    # the bot answers at once, so one board tells both moves and none waits on the bot
    assert not [b for b in boards[1:] if "(Greedy bot) is to move" in b.content]
    versions = [board_version(b) for b in boards]
    assert None not in versions and versions == sorted(set(versions)), "one board per version"
    assert all(button_version(b) is None for b in boards), "every 'Your move' is retired"
    assert any("Greedy bot" in b.content or "White" in b.content for b in boards[1:])
    assert (await png_of(boards[-1])).width >= 1200
    result = world.thread().history()[-1]
    assert result.content.startswith("🏆 **Game over")
    assert "Greedy bot" in result.content and f"<@{world.alice.id}>" in result.content
    assert (await service.info(table_id)).status == "finished"
