"""Moderators: Manage Server or the /admin role; every action logged; others refused politely."""

from __future__ import annotations

import discord
import simcord

from tests.e2e.conftest import World
from tests.e2e.driver import ids_in, open_table, said


def moderators(world: World) -> tuple[simcord.MemberActor, simcord.MemberActor]:
    """A member with Manage Server, and one with the role that /admin role will name."""
    managers = world.guild.create_role(
        "Managers", permissions=discord.Permissions(manage_guild=True)
    )
    world.guild.create_role("Table mods")
    maya = world.guild.add_member(world.env.create_user("maya"), roles=[managers])
    moe = world.guild.add_member(
        world.env.create_user("moe"), roles=[world.guild.roles["Table mods"]]
    )
    return maya, moe


async def test_a_member_without_the_permission_is_refused_politely(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)

    refused = await world.bob.slash(
        world.channel, "admin cancel", table=table_id, reason="I am losing"
    )
    assert said(refused) == (
        "Sorry, /admin cancel is for moderators: it needs the Manage Server permission."
    )
    assert refused.response is not None and refused.response.ephemeral
    assert (await world.bot.service.info(table_id)).status == "active"
    for command, options in (
        ("admin seat", {"seat": 1, "action": "bot", "table": table_id}),
        ("admin extend", {"table": table_id}),
        ("admin channel", {}),
        ("admin caps", {"lobbies": 2}),
        ("admin log", {}),
    ):
        answer = said(await world.bob.slash(world.channel, command, **options))
        assert f"/{command} is for moderators" in answer, answer
    role = said(await world.bob.slash(world.channel, "admin role"))
    assert role == "Sorry, /admin role needs the Manage Server permission."


async def test_the_moderators_role_cancels_a_game_with_a_reason_and_it_is_logged(
    world: World,
) -> None:
    maya, moe = moderators(world)
    table_id, _ = await open_table(world, world.alice, world.bob)
    mods = world.guild.roles["Table mods"]

    before = said(await moe.slash(world.channel, "admin cancel", table=table_id, reason="x"))
    assert "needs the Manage Server permission" in before
    await maya.slash(world.channel, "admin role", role=mods)
    named = said(await world.bob.slash(world.channel, "admin log"))
    assert "needs the Manage Server permission or the Table mods role" in named

    done = await moe.slash(
        world.thread(), "admin cancel", reason="Abandoned since the spring"
    )
    assert said(done) == f"Table #{table_id} is cancelled; its players are told why."
    assert (await world.bot.service.info(table_id)).status == "cancelled"
    notice = world.thread().history()[-1].content
    assert notice == (
        f"Table #{table_id} was cancelled by <@{moe.id}> (moderator); no more moves can be "
        "made. Reason: Abandoned since the spring"
    )
    log = await moe.slash(world.channel, "admin log")
    assert log.response is not None and log.response.ephemeral
    lines = (log.response.embeds[0].description or "").splitlines()
    assert lines[0].endswith(
        f"<@{moe.id}> · cancel table #{table_id}: Abandoned since the spring"
    )
    assert lines[1].endswith(f"<@{maya.id}> · role: @Table mods")


async def test_a_moderator_cancels_a_lobby_and_its_message_says_why(world: World) -> None:
    maya, _ = moderators(world)
    opened = await world.alice.slash(world.channel, "newgame", game="targi")
    assert opened.response is not None
    table_id = int(ids_in(opened.response)[0].split(":")[2])

    await maya.slash(world.channel, "admin cancel", table=table_id, reason="Wrong channel")

    lobby = next(m for m in world.channel.history() if m.id == opened.response.id)
    assert lobby.embeds[0].footer.text == "Cancelled by a moderator: Wrong channel"
    assert ids_in(lobby) == []


async def test_a_moderator_of_another_server_cannot_reach_this_servers_tables(
    world: World,
) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    elsewhere = world.env.create_guild("Elsewhere")
    lounge = elsewhere.create_text_channel("lounge")
    boss = elsewhere.create_role("Boss", permissions=discord.Permissions(manage_guild=True))
    dave = elsewhere.add_member(world.env.create_user("dave"), roles=[boss])

    answer = await dave.slash(lounge, "admin cancel", table=table_id, reason="mine now")

    assert said(answer) == f"There is no table #{table_id}."
    assert (await world.bot.service.info(table_id)).status == "active"


async def test_a_moderator_hands_a_seat_to_a_bot_or_frees_it_for_a_member(
    world: World,
) -> None:
    maya, _ = moderators(world)
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    alice_seat = (await service.info(table_id)).seat_of(world.alice.id)
    assert alice_seat is not None

    await maya.slash(
        world.channel, "admin seat", table=table_id, seat=alice_seat + 1, action="free"
    )
    info = await service.info(table_id)
    assert info.holder(alice_seat).agent is not None
    notice = next(
        m for m in reversed(world.thread().history()) if "freed by a moderator" in m.content
    )
    assert "A bot keeps it until a member of the server takes it." in notice.content
    assert [b["label"] for row in notice.components for b in row.to_dict()["components"]] == [
        "Take this seat"
    ]

    await world.carol.click(notice, label="Take this seat")
    info = await service.info(table_id)
    assert info.holder(alice_seat).user_id == world.carol.id
    again = said(await world.carol.slash(
        world.channel, "admin seat", table=table_id, seat=1, action="bot"
    ))
    assert "is for moderators" in again

    bob_seat = info.seat_of(world.bob.id)
    assert bob_seat is not None
    await maya.slash(world.channel, "admin seat", table=table_id, seat=bob_seat + 1, action="bot")
    info = await service.info(table_id)
    assert info.holder(bob_seat).agent is not None and info.holder(bob_seat).owner_id is None
    twice = await maya.slash(
        world.channel, "admin seat", table=table_id, seat=bob_seat + 1, action="bot"
    )
    assert "is already played by a bot" in said(twice)
    log = (await maya.slash(world.channel, "admin log")).response
    assert log is not None
    actions = [line.split(" · ")[2] for line in (log.embeds[0].description or "").splitlines()]
    assert actions == [
        f"bot_seat table #{table_id}: seat {bob_seat + 1}",
        f"free_seat table #{table_id}: seat {alice_seat + 1}",
    ]


async def test_a_moderator_extends_the_deadline(world: World) -> None:
    maya, _ = moderators(world)
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    before = await service.deadline(table_id)
    assert before is not None

    answer = await maya.slash(world.thread(), "admin extend", hours=30)

    after = await service.deadline(table_id)
    assert after is not None and int((after - before).total_seconds()) == 30 * 3600
    assert said(answer) == (
        f"The deadline at table #{table_id} is now <t:{int(after.timestamp())}:f>."
    )
    assert world.thread().history()[-1].content.startswith(f"⏳ <@{maya.id}> gave")


async def test_new_games_open_only_in_the_channel_the_moderators_chose(world: World) -> None:
    maya, _ = moderators(world)
    lounge = world.guild.create_text_channel("lounge")

    await maya.slash(world.channel, "admin channel", channel=lounge)

    refused = await world.alice.slash(world.channel, "newgame", game="targi")
    assert said(refused) == f"On this server new games are opened in <#{lounge.id}>."
    opened = await world.alice.slash(lounge, "newgame", game="targi")
    assert opened.response is not None and opened.response.embeds
    await maya.slash(world.channel, "admin channel")
    anywhere = await world.bob.slash(world.channel, "newgame", game="targi")
    assert anywhere.response is not None and anywhere.response.embeds


async def test_the_servers_caps_limit_lobbies_and_tables_per_member(world: World) -> None:
    maya, _ = moderators(world)

    shown = said(await maya.slash(world.channel, "admin caps"))
    assert shown.splitlines()[:4] == [
        "This server's limits:",
        "Open tables: 20",
        "Tables per member: no limit",
        "Lobbies: no limit",
    ]
    refused = said(await maya.slash(world.channel, "admin caps", lobbies=0))
    assert refused == "The lobbies must be between 1 and 50."
    saved = said(await maya.slash(world.channel, "admin caps", lobbies=1, per_member=2))
    assert "Lobbies: 1" in saved and "Tables per member: 2" in saved

    await world.alice.slash(world.channel, "newgame", game="targi")
    second = await world.bob.slash(world.channel, "newgame", game="targi")
    assert "already has 1 lobbies waiting" in said(second)

    await maya.slash(world.channel, "admin caps", lobbies=50)
    await world.alice.slash(world.channel, "newgame", game="targi")
    third = await world.alice.slash(world.channel, "newgame", game="targi")
    assert said(third) == (
        "You already sit at 2 open tables on this server, the most a member may. Finish one "
        "before you open another."
    )
    opened = await world.bob.slash(world.channel, "newgame", game="targi")
    assert opened.response is not None
    joined = await world.alice.click(opened.response, label="Join")
    assert "Finish one before you join another." in said(joined)
