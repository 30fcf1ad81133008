"""Resafa through the real bot: a solo game and a two-player game played to the end on the
panels, with each seat's workshop area in its panel and behind the board's Player boards
button."""

from __future__ import annotations

import random

import simcord

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import choose, fresh, ids_in, open_panel, png_of

AREA_HEIGHT = 740  # a seat's workshop area, the lower part of its panel
QUICK = ("end",)  # ending a turn early keeps a whole game short


def pick(actions: tuple[str, ...], rng: random.Random) -> int:
    """Mostly end the turn at once (a short game still plays every round, rain and reset);
    otherwise any legal move."""
    quick = [i for i, a in enumerate(actions) if a in QUICK]
    if quick and rng.random() < 0.75:
        return quick[0]
    return rng.randrange(len(actions))


async def new_table(world: World, *others: simcord.MemberActor) -> int:
    opened = await world.alice.slash(world.channel, "newgame", game="resafa")
    assert opened.response is not None
    table_id = int(ids_in(opened.response)[0].split(":")[2])
    for member in others:
        await member.click(opened.response, label="Join")
    await world.alice.click(opened.response, label="Start")
    return table_id


async def play_to_the_end(
    world: World, table_id: int, actors: dict[int, simcord.MemberActor], seed: int
) -> None:
    """Every seat plays on its own panel until the game is over."""
    service = world.bot.service
    rng = random.Random(seed)
    for turn in range(2000):
        loaded = await service.load(table_id)
        if loaded.decision is None:
            return
        actor = actors[loaded.info.holder(loaded.decision.seat).user_id or 0]
        panel = await open_panel(world, actor, table_id, loaded.version)
        if turn == 0:
            image = await png_of(panel)
            assert image.height > AREA_HEIGHT  # the hand and options above the own area
        while True:
            now = await service.load(table_id)
            if now.decision is None or now.info.holder(now.decision.seat).user_id != actor.id:
                break
            index = pick(now.decision.actions, rng)
            await choose(actor, fresh(world, panel), table_id, now.version, index)
    raise AssertionError("the game did not end")


async def test_a_solo_game_ends_with_its_score_band(world: World) -> None:
    table_id = await new_table(world)

    await play_to_the_end(world, table_id, {world.alice.id: world.alice}, seed=1)

    assert (await world.bot.service.info(table_id)).status == "finished"
    result = world.thread().history()[-1].content
    assert result.startswith("🏆 **Game over — ")
    assert any(band in result for band in ("Apprentice", "Trader", "Master", "Legendary"))
    board = world.boards()[-1]
    assert (await png_of(board)).width >= 1200
    # alone at the table, the board is posted as chance changes it, not only at the end
    assert len(world.boards()) >= 18


async def test_two_players_finish_and_anyone_sees_both_workshop_areas(world: World) -> None:
    table_id = await new_table(world, world.bob)
    board = world.boards()[-1]
    version = (await world.bot.service.load(table_id)).version
    assert ids.extras(table_id, version) in ids_in(board)

    shown = await world.carol.click(board, label="Player boards")

    reply = shown.response
    assert reply is not None and reply.ephemeral
    assert [a.filename for a in reply.attachments] == ["1-ochre.png", "2-teal.png"]
    await play_to_the_end(world, table_id, {world.alice.id: world.alice,
                                            world.bob.id: world.bob}, seed=2)
    assert (await world.bot.service.info(table_id)).status == "finished"
    assert world.thread().history()[-1].content.startswith("🏆 **Game over — ")
    # every board, the final one included, keeps Player boards; none keeps "Your move"
    for post in (world.boards()[0], world.boards()[-1]):
        kept = ids_in(fresh(world, post))
        assert len(kept) == 1 and kept[0].startswith("cv:more:"), kept
