"""A player lets the deadline pass: the table gives more time, takes the seat or lets a bot play."""

from __future__ import annotations

import discord

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import ids_in, moved, open_table, said


async def _pass_deadline(world: World, table_id: int) -> discord.Message:
    deadline = await world.bot.service.deadline(table_id)
    assert deadline is not None
    await world.tick((deadline - world.clock()).total_seconds() + 1)
    notice = world.thread().history()[-1]
    assert notice.content.startswith("⌛"), notice.content
    return notice


async def test_more_time_then_a_member_takes_the_seat_and_plays(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await service.load(table_id)
    assert loaded.decision is not None
    seat = loaded.decision.seat
    stalled_id = loaded.info.holder(seat).user_id
    other = world.bob if stalled_id == world.alice.id else world.alice
    first_deadline = await service.deadline(table_id)

    notice = await _pass_deadline(world, table_id)
    assert f"<@{stalled_id}>" in notice.content
    assert ids_in(notice) == [ids.stall(table_id, 0, seat, c) for c in ("extend", "bot", "take")]

    stranger = await world.carol.click(notice, custom_id=ids.stall(table_id, 0, seat, "extend"))
    assert "Only the players at this table" in said(stranger)
    await other.click(notice, custom_id=ids.stall(table_id, 0, seat, "extend"))
    edited = next(m for m in world.thread().history() if m.id == notice.id)
    assert ids_in(edited) == [] and f"→ <@{other.id}> gave more time." in edited.content
    assert world.thread().history()[-1].content.startswith(f"⏳ <@{other.id}> gave")
    later = await service.deadline(table_id)
    assert first_deadline is not None and later is not None and later > first_deadline

    notice = await _pass_deadline(world, table_id)
    await world.carol.click(notice, custom_id=ids.stall(table_id, 0, seat, "take"))
    info = await service.info(table_id)
    assert info.holder(seat).user_id == world.carol.id
    assert (
        f"passes from <@{stalled_id}> to <@{world.carol.id}>"
        in world.thread().history()[-1].content
    )

    move = loaded.decision.actions[0]
    played = await world.carol.slash(world.thread(), "play", move=move)
    assert moved(played)
    assert (await service.load(table_id)).version == 1


async def test_a_bot_plays_the_stalled_seat(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await service.load(table_id)
    assert loaded.decision is not None
    seat = loaded.decision.seat
    stalled_id = loaded.info.holder(seat).user_id
    other = world.bob if stalled_id == world.alice.id else world.alice
    boards = len(world.boards())

    notice = await _pass_deadline(world, table_id)
    await other.click(notice, custom_id=ids.stall(table_id, 0, seat, "bot"))

    info = await service.info(table_id)
    assert info.holder(seat).agent is not None
    now = await service.load(table_id)
    assert now.version >= 1, "the bot played the stalled seat's move"
    assert len(world.boards()) > boards
    assert now.decision is not None and now.info.holder(now.decision.seat).user_id == other.id


async def test_a_notice_about_a_move_since_made_is_stale(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await service.load(table_id)
    assert loaded.decision is not None
    seat = loaded.decision.seat
    late = world.alice if loaded.info.holder(seat).user_id == world.alice.id else world.bob
    other = world.bob if late is world.alice else world.alice
    notice = await _pass_deadline(world, table_id)

    await late.slash(world.thread(), "play", move=loaded.decision.actions[0])
    click = await other.click(notice, custom_id=ids.stall(table_id, 0, seat, "bot"))

    assert said(click).startswith("The board has moved on — see the latest board:")
    assert (await service.info(table_id)).holder(seat).user_id == late.id


async def test_only_a_member_of_the_tables_server_may_take_the_seat(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    seat = loaded.decision.seat
    stalled_id = loaded.info.holder(seat).user_id
    await _pass_deadline(world, table_id)

    # someone on another server clicks a copy of the button there
    elsewhere = world.env.create_guild("Elsewhere")
    channel = elsewhere.create_text_channel("lounge")
    dave = elsewhere.add_member(world.env.create_user("dave"))
    take = ids.stall(table_id, 0, seat, "take")
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Take this seat", custom_id=take))
    with discord.http.handle_message_parameters(content="copied", view=view) as params:
        data = await world.bot.http.send_message(channel.id, params=params)
    copy = next(m for m in channel.history() if m.id == int(data["id"]))

    refused = await dave.click(copy, custom_id=take)

    assert said(refused) == "Only a member of this table's server can take the seat."
    assert (await world.bot.service.info(table_id)).holder(seat).user_id == stalled_id
    world.env.errors  # noqa: B018
