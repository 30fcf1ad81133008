"""/mygames lists a member's tables, the ones waiting on them first, with jump links."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.driver import open_table


async def test_mygames_puts_the_tables_waiting_on_me_first(world: World) -> None:
    empty = await world.carol.slash(world.channel, "mygames")
    assert empty.response is not None and empty.response.ephemeral
    assert "no open tables" in (empty.response.embeds[0].description or "")

    table_id, _ = await open_table(world, world.alice, world.bob)
    lobby = await world.alice.slash(world.channel, "newgame", game="targi")
    assert lobby.response is not None
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    mover_id = loaded.info.holder(loaded.decision.seat).user_id
    mover = world.alice if mover_id == world.alice.id else world.bob

    mine = await mover.slash(world.channel, "mygames")
    assert mine.response is not None and mine.response.ephemeral
    embed = mine.response.embeds[0]
    lines = (embed.description or "").splitlines()
    assert "1 waiting on you" in (embed.title or "")
    assert f"Targi #{table_id}" in lines[0] and "your move" in lines[0]
    board = world.boards()[-1]
    assert f"/{world.thread().id}/{board.id})" in lines[0]
    if mover is world.alice:
        assert "in the lobby" in lines[1]


async def test_mygames_answers_in_pages(world: World) -> None:
    service = world.bot.service
    for _ in range(12):
        info = await service.create_table(
            "targi", guild_id=world.guild.id, channel_id=world.channel.id,
            host_id=world.carol.id, host_name="Carol",
        )
        await service.join(info.id, world.bob.id, "Bob")
        await service.start(info.id, world.carol.id)

    first = await world.carol.slash(world.channel, "mygames")
    assert first.response is not None and first.response.ephemeral
    embed = first.response.embeds[0]
    assert len((embed.description or "").splitlines()) == 10
    assert embed.footer.text == "Page 1 of 2 · 12 tables · /mygames page:2 for more"

    second = await world.carol.slash(world.channel, "mygames", page=2)
    assert second.response is not None
    assert len((second.response.embeds[0].description or "").splitlines()) == 2
