"""Moves typed as plain messages in the game thread, with and without the Message Content intent."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
import simcord

from tests.e2e.conftest import World, running_world
from tests.e2e.driver import moved, not_summary, open_table


def bot_replies(world: World) -> list[discord.Message]:
    return [
        m for m in world.thread().history()
        if m.author.bot and m.reference is not None and not_summary(m)
    ]


def refused(world: World, message: discord.Message) -> bool:
    """Whether the bot put its ❌ on a message in the thread."""
    stored = world.env.backend.get_message(world.thread().id, message.id)
    bot_id = world.bot.user.id if world.bot.user else 0
    return any(
        "❌" in str(getattr(r.emoji, "name", r.emoji)) and bot_id in r.user_ids
        for r in stored.reactions
    )


def direct_messages(member: simcord.MemberActor) -> list[str]:
    channel = member.user.dm_channel
    return [m.content for m in channel.history()] if channel is not None else []


async def test_the_player_to_move_can_type_a_move_and_chat_is_left_alone(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    thread = world.thread()
    loaded = await service.load(table_id)
    assert loaded.decision is not None
    holder = loaded.info.holder(loaded.decision.seat).user_id
    mover, waiting = (
        (world.alice, world.bob) if holder == world.alice.id else (world.bob, world.alice)
    )

    await mover.send(thread, "good luck, have fun everyone")
    await mover.send(thread, "dance")
    await world.carol.send(thread, loaded.decision.actions[0])
    assert bot_replies(world) == [] and (await service.load(table_id)).version == 0

    # a refusal is a ❌ in the thread; the reason goes to its author alone
    early = await waiting.send(thread, loaded.decision.actions[0])
    assert bot_replies(world) == [] and refused(world, early)
    told = direct_messages(waiting)
    assert len(told) == 1 and "not yours" in told[0] and early.jump_url in told[0]

    illegal = next(
        f"place {n}" for n in range(1, 17) if f"place {n}" not in loaded.decision.actions
    )
    wrong = await mover.send(thread, illegal.upper())
    assert refused(world, wrong) and "not allowed" in direct_messages(mover)[-1]
    assert bot_replies(world) == [], "the rules dispute is not posted in the thread"

    boards_before = len(world.boards())
    move = loaded.decision.actions[0]
    await mover.send(thread, "  " + move.upper().replace(" ", "  ") + " ")
    after = await service.load(table_id)
    assert after.version == 1
    assert [a.action for a in await service.actions(table_id)] == [move]
    assert len(world.boards()) == boards_before + 1
    assert bot_replies(world) == [], "a successful typed move is answered by the board only"


@pytest.fixture
async def mute_world(tmp_path: Path) -> AsyncIterator[tuple[simcord.Env, World]]:
    async with running_world(tmp_path, message_content=False) as pair:
        yield pair


async def test_without_message_content_the_thread_says_how_to_move(
    mute_world: tuple[simcord.Env, World],
) -> None:
    env, world = mute_world
    with env.time_context():
        assert world.bot.reads_message_content is False
        service = world.bot.service
        table_id, _ = await open_table(world, world.alice, world.bob)
        first = world.boards()[0]
        assert "Type moves with /play" in first.content
        assert "Message Content intent" in first.content

        loaded = await service.load(table_id)
        assert loaded.decision is not None
        holder = loaded.info.holder(loaded.decision.seat).user_id
        mover = world.alice if holder == world.alice.id else world.bob
        await mover.send(world.thread(), loaded.decision.actions[0])
        assert (await service.load(table_id)).version == 0
        assert bot_replies(world) == []

        result = await mover.slash(world.thread(), "play", move=loaded.decision.actions[0])
        assert moved(result)
        assert (await service.load(table_id)).version == 1
        later = world.boards()[1:]
        assert later and all("Message Content" not in b.content for b in later), "said once"


async def test_a_redelivered_message_is_applied_once(world: World) -> None:
    """The gateway may deliver the same MESSAGE_CREATE again (e.g. after a resume)."""
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await service.load(table_id)
    assert loaded.decision is not None
    holder = loaded.info.holder(loaded.decision.seat).user_id
    mover = world.alice if holder == world.alice.id else world.bob
    message = await mover.send(world.thread(), loaded.decision.actions[0])
    assert (await service.load(table_id)).version == 1
    history = [m.id for m in world.thread().history()]

    play = world.bot.get_cog("Play")
    assert play is not None
    await play.on_message(message)  # type: ignore[attr-defined]

    assert (await service.load(table_id)).version == 1
    assert [a.request_id for a in await service.actions(table_id)] == [f"msg:{message.id}"]
    assert [m.id for m in world.thread().history()] == history, "no second board, no reply"


async def test_mentioning_the_bot_outside_a_game_is_harmless(world: World) -> None:
    bot_id = world.bot.user.id if world.bot.user else 0
    await world.alice.send(world.channel, f"<@{bot_id}> hello, what can you do?")
    await world.alice.send(world.channel, "place 5")
    assert all(not m.author.bot for m in world.channel.history())


async def test_a_slip_of_the_keyboard_gets_a_suggestion_and_chat_none(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await service.load(table_id)
    assert loaded.decision is not None
    holder = loaded.info.holder(loaded.decision.seat).user_id
    mover = world.alice if holder == world.alice.id else world.bob
    move = loaded.decision.actions[0]  # "place N"
    number = move.split()[1]

    await mover.send(world.thread(), f"plcae {number}")
    (reply,) = bot_replies(world)
    assert reply.content == f"Did you mean `place {number}`? Type it again to play."
    assert (await service.load(table_id)).version == 0, "a guess is never played"

    for chat in ("please wait", "plan b", "lol"):
        await mover.send(world.thread(), chat)
    assert len(bot_replies(world)) == 1, "ordinary chat is left alone"


async def test_the_bot_reads_peoples_messages_and_not_its_own_boards(world: World) -> None:
    # Arrange: a listener beside the bot's own, told of every message discord.py builds
    seen: list[discord.Message] = []

    async def on_message(message: discord.Message) -> None:
        seen.append(message)

    world.bot.add_listener(on_message, "on_message")
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    holder = loaded.info.holder(loaded.decision.seat).user_id
    mover = world.alice if holder == world.alice.id else world.bob

    # Act: the bot posts and edits its boards; a person chats, then types a move
    await world.carol.send(world.thread(), "good luck, both")
    await mover.send(world.thread(), loaded.decision.actions[0])
    await world.tick()

    # Assert: the person's messages were read (the move was played); the boards were not
    assert (await world.bot.service.load(table_id)).version == 1
    assert len(world.boards()) >= 2
    assert [m.author.id for m in seen] == [world.carol.id, mover.id]
    assert list(world.bot.cached_messages) == []
