"""/admin dashboard: one message, edited in place as games move, kept across restarts."""

from __future__ import annotations

import discord

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import open_table, said
from tests.e2e.test_moderators import moderators


def board_text(world: World, channel: object) -> list[str]:
    messages = channel.history()  # type: ignore[attr-defined]
    assert len(messages) == 1, "the dashboard is one message, never posted again"
    return (messages[0].embeds[0].description or "").splitlines()


async def test_a_channel_the_bot_cannot_post_in_is_named_with_the_permission(
    world: World,
) -> None:
    maya, _ = moderators(world)
    me = world.guild.me
    assert me is not None
    locked = world.guild.create_text_channel(
        "locked",
        overwrites={me: discord.PermissionOverwrite(send_messages=False)},
    )
    refused = await maya.slash(world.channel, "admin dashboard", channel=locked)
    assert said(refused) == (
        f"I cannot keep a dashboard in <#{locked.id}>: I need the Send Messages permission "
        "there."
    )
    assert locked.history() == []
    plain = await world.bob.slash(world.channel, "admin dashboard", channel=world.channel)
    assert "/admin dashboard is for moderators" in said(plain)


async def test_the_dashboard_follows_the_games_and_survives_a_restart(world: World) -> None:
    maya, _ = moderators(world)
    board = world.guild.create_text_channel("tables")
    placed = await maya.slash(world.channel, "admin dashboard", channel=board)
    assert said(placed).startswith(f"The dashboard is in <#{board.id}>")
    assert board_text(world, board) == ["No table is being played. Start one with /newgame."]
    dashboard_id = board.history()[0].id

    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    mover = loaded.info.holder(loaded.decision.seat)
    lines = board_text(world, board)
    assert len(lines) == 1 and f"Targi #{table_id}**]" in lines[0]
    assert f"{loaded.next.label} (<@{mover.user_id}>) to move · due <t:" in lines[0]  # type: ignore[union-attr]

    await world.restart()
    actor = world.alice if mover.user_id == world.alice.id else world.bob
    await actor.slash(world.thread(), "play", move=loaded.decision.actions[0])
    now = await world.bot.service.load(table_id)
    assert now.next is not None
    assert board.history()[0].id == dashboard_id
    assert f"{now.next.label} (<@{now.next.user_id}>) to move" in board_text(world, board)[0]

    asked = await world.bob.slash(world.thread(), "concede")
    assert asked.response is not None
    await world.bob.click(asked.response, custom_id=ids.concede(table_id))
    assert board_text(world, board) == ["No table is being played. Start one with /newgame."]
    assert board.history()[0].id == dashboard_id


async def test_moves_keep_the_dashboard_current_without_rereading_the_settings(
    world: World,
) -> None:
    maya, _ = moderators(world)
    board = world.guild.create_text_channel("tables")
    await maya.slash(world.channel, "admin dashboard", channel=board)
    table_id, _ = await open_table(world, world.alice, world.bob)
    store = world.bot.service.store
    reads: list[int] = []
    get_guild_settings = store.get_guild_settings

    async def counted(guild_id: int) -> object:
        reads.append(guild_id)
        return await get_guild_settings(guild_id)

    store.get_guild_settings = counted  # type: ignore[method-assign]
    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    for _ in range(4):
        loaded = await world.bot.service.load(table_id)
        assert loaded.decision is not None and loaded.next is not None
        actor = actors[loaded.info.holder(loaded.decision.seat).user_id]  # type: ignore[index]
        await actor.slash(world.thread(), "play", move=loaded.decision.actions[0])
        now = await world.bot.service.load(table_id)
        assert now.next is not None
        assert f"{now.next.label} (<@{now.next.user_id}>) to move" in board_text(world, board)[0]
    assert reads.count(world.guild.id) <= 1, "the dashboard's place is remembered"
