"""Every other registered game plays to its end through the same lobby, boards and panels."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from games.core import discovery
from tests.e2e.conftest import World
from tests.e2e.driver import USED, choose, fresh, ids_in, open_panel, png_of

# A game with a whole-game test of its own here is played in depth there (Targi's is
# test_full_game, any other's test_<name>.py); this checks the Discord face is game-agnostic
# with every other game, at no extra cost for the ones already played to the end.
HERE = Path(__file__).resolve().parent
OTHER_GAMES = [
    g.name for g in discovery.all_games()
    if g.name != "targi" and not (HERE / f"test_{g.name}.py").exists()
]


@pytest.mark.parametrize("game", OTHER_GAMES)
async def test_two_members_and_a_bot_finish_a_game(world: World, game: str) -> None:
    service = world.bot.service
    engine = discovery.get(game)
    opened = await world.alice.slash(world.channel, "newgame", game=game)
    lobby = opened.response
    assert lobby is not None
    table_id = int(ids_in(lobby)[0].split(":")[2])
    await world.bob.click(lobby, label="Join")
    if engine.max_players > 2:
        await world.alice.click(lobby, label="Add bot")
    await world.alice.click(lobby, label="Start")

    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(3)
    USED.clear()
    for _ in range(5000):
        loaded = await service.load(table_id)
        if loaded.decision is None:
            break
        actor = actors[loaded.info.holder(loaded.decision.seat).user_id or 0]
        panel = await open_panel(world, actor, table_id, loaded.version)
        while True:
            now = await service.load(table_id)
            if now.decision is None or now.info.holder(now.decision.seat).user_id != actor.id:
                break
            if not ids_in(fresh(world, panel)):
                break  # the turn went to the bot, which gave it back: a new board, a new panel
            index = rng.randrange(len(now.decision.actions))
            await choose(actor, fresh(world, panel), table_id, now.version, index)
    else:
        raise AssertionError("the game did not end")

    assert (await service.info(table_id)).status == "finished"
    assert world.thread().history()[-1].content.startswith("🏆 **Game over")
    assert (await png_of(world.boards()[-1])).width >= 1200
    assert USED["button"] + USED["select"] > 20


async def test_newgame_offers_every_installed_game_the_test_only_one_too(world: World) -> None:
    commands = world.env.backend.visible_commands(
        user_id=world.alice.id, channel_id=world.channel.id
    )
    newgame = next(c for c in commands if c["name"] == "newgame")
    game = next(o for o in newgame["options"] if o["name"] == "game")
    offered = {c["value"]: c["name"] for c in game["choices"]}
    assert offered == {g.name: g.title for g in discovery.all_games()}
    assert offered["toy"] == "Toy"  # found by discovery alone: no list names it
    assert "toy" in OTHER_GAMES  # so the test above plays it to the end through the bot

    opened = await world.alice.slash(world.channel, "newgame", game="toy")
    assert opened.response is not None
    lobby = opened.response.embeds[0]
    toy = discovery.get("toy")
    assert lobby.title == f"Toy — table #{ids_in(opened.response)[0].split(':')[2]}"
    assert "2 players" in (lobby.description or "")
    assert toy.info.blurb in (lobby.description or "")
