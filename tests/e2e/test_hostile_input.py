"""Hostile input through the real bot: oversized moves, forged mentions and forged clicks.

Every reply fits Discord's limits, a message pings only the people it is for, and nothing a
person types or forges costs more than a short refusal or tells them what they may not know.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

from bot import ids
from bot.exts.play._text import CONTENT_LIMIT
from games.core import discovery
from games.core.contract import MAX_MOVE_TEXT
from tests.e2e.conftest import World
from tests.e2e.driver import forged_message, not_summary, open_table, said


async def _started(world: World) -> tuple[int, simcord.MemberActor, simcord.MemberActor]:
    """A started alice-vs-bob Targi table: (table id, member to move, member waiting)."""
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    mover_id = loaded.info.holder(loaded.decision.seat).user_id
    if mover_id == world.alice.id:
        return table_id, world.alice, world.bob
    return table_id, world.bob, world.alice


def told(member: simcord.MemberActor) -> list[str]:
    """What the bot told ``member`` by direct message (a refused typed move's reason)."""
    channel = member.user.dm_channel
    return [m.content for m in channel.history()] if channel is not None else []


def thread_replies(world: World) -> list[Any]:
    return [
        m for m in world.thread().history()
        if m.author.bot and m.reference is not None and not_summary(m)
    ]


def pinged(world: World, channel: simcord.ChannelHandle) -> set[int]:
    """Everyone a message the bot wrote in ``channel`` pinged (as Discord computed it).

    System messages (a thread was created) never ping, so they are not counted."""
    backend = world.env.backend
    return {
        user
        for m in channel.history()
        if m.author.bot and not m.is_system()
        for user in backend.get_message(channel.id, m.id).ping_user_ids
    }


async def test_overlong_moves_get_a_short_answer_and_change_nothing(world: World) -> None:
    table_id, mover, _ = await _started(world)
    thread = world.thread()

    huge = await mover.slash(thread, "play", move="place " + "9" * 5994)  # Discord's 6,000
    assert f"at most {MAX_MOVE_TEXT} characters" in said(huge)
    assert len(said(huge)) <= CONTENT_LIMIT

    at_limit = await mover.slash(thread, "play", move="place 5" + " " * (MAX_MOVE_TEXT - 8) + "x")
    assert "not a move I can read" in said(at_limit) and "at most" not in said(at_limit)

    for text in ("place ²", "place ٣", "place " + "9" * 5000, "take " * 1199 + "card"):
        answer = await mover.slash(thread, "play", move=text)
        assert said(answer).startswith("That is not a move I can read"), text[:20]

    typed = await mover.send(thread, "place " + "9" * 1950)  # 1,956 characters
    reason = told(mover)[-1]
    assert typed.jump_url in reason and f"at most {MAX_MOVE_TEXT} characters" in reason
    assert len(reason) <= CONTENT_LIMIT

    assert (await world.bot.service.load(table_id)).version == 0
    world.env.errors  # noqa: B018 - refusals pass through the error handler


async def test_a_reply_longer_than_discord_allows_is_cut_to_fit(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id, mover, _ = await _started(world)
    game = type(discovery.get("targi"))
    monkeypatch.setattr(game, "explain_illegal", lambda self, state, action: "why " * 1500)
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    illegal = next(
        f"place {n}" for n in range(1, 17) if f"place {n}" not in loaded.decision.actions
    )

    slash = await mover.slash(world.thread(), "play", move=illegal)
    assert said(slash).startswith("That move is not allowed: why why")
    assert len(said(slash)) <= CONTENT_LIMIT

    await mover.send(world.thread(), illegal)
    reason = told(mover)[-1]
    assert "That move is not allowed: why why" in reason and len(reason) <= CONTENT_LIMIT
    world.env.errors  # noqa: B018


async def test_only_the_player_to_move_has_typed_text_parsed(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id, mover, waiting = await _started(world)
    game = type(discovery.get("targi"))
    read: list[str] = []
    normalize = game.normalize

    def spy(self: Any, text: str) -> str:
        read.append(text)
        return normalize(self, text)

    monkeypatch.setattr(game, "normalize", spy)
    thread = world.thread()
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None

    await world.carol.send(thread, "take 30000000 d")  # not seated
    await waiting.send(thread, "take 30000000 d")  # seated, not on turn
    assert read == [] and thread_replies(world) == []

    early = await waiting.send(thread, loaded.decision.actions[0])
    assert read == []
    (reason,) = told(waiting)
    assert "not yours" in reason and early.jump_url in reason and thread_replies(world) == []

    await mover.send(thread, loaded.decision.actions[0])
    assert set(read) == {loaded.decision.actions[0]}
    assert (await world.bot.service.load(table_id)).version == 1


async def test_a_stranger_learns_nothing_from_forged_option_numbers(world: World) -> None:
    table_id, _, _ = await _started(world)
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    count = len(loaded.decision.actions)
    forged = await forged_message(
        world, *(ids.action(table_id, loaded.version, i) for i in (0, count - 1, count, 999))
    )

    answers = set()
    for n in range(4):
        click = await world.carol.click(forged, label=f"forged {n}")
        answers.add(said(click))
    assert len(answers) == 1, answers
    assert "not playing" in answers.pop()
    assert (await world.bot.service.load(table_id)).version == loaded.version
    world.env.errors  # noqa: B018


async def test_a_forged_mention_in_a_name_or_a_move_pings_nobody(world: World) -> None:
    carol = world.carol
    role = world.guild.create_role("caravan", mentionable=True)
    forged = f"<@{carol.id}> <@&{role.id}> @everyone"
    dave = world.guild.add_member(world.env.create_user("dave"), nick=forged)
    lobby = (await world.alice.slash(world.channel, "newgame", game="yspahan")).response
    assert lobby is not None
    for member in (world.bob, dave):
        await member.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    thread = world.thread()
    service = world.bot.service
    table_id = (await service.table_for_thread(thread.id)).id  # type: ignore[union-attr]

    asked = await dave.slash(thread, "game leave")
    assert asked.response is not None
    await dave.click(asked.response, label="Leave the game")
    info = await service.info(table_id)
    assert any(f"<@{carol.id}>" in s.name and s.agent for s in info.seats)

    members = {world.alice.id: world.alice, world.bob.id: world.bob}
    for _ in range(12):  # a few turns, so the bot seat is named in posts
        loaded = await service.load(table_id)
        if loaded.decision is None:
            break
        holder = loaded.info.holder(loaded.decision.seat).user_id
        assert holder is not None
        await members[holder].slash(thread, "play", move=loaded.decision.actions[0])
    loaded = await service.load(table_id)
    assert loaded.decision is not None
    mover = members[loaded.info.holder(loaded.decision.seat).user_id or 0]
    verb = loaded.decision.actions[0].split()[0]
    await mover.send(thread, f"{verb} <@{carol.id}>")
    assert "not Yspahan notation" in told(mover)[-1]

    info_reply = await world.alice.slash(thread, "game info")
    assert info_reply.response is not None
    shown = info_reply.response.embeds[0].fields[0].value or ""
    # the bot seat is named as its player wrote it, with the mention kept as text
    assert f"<@{carol.id}>" not in shown and "@everyone" not in shown
    assert f"<@\u200b{carol.id}>" in shown and "@\u200beveryone" in shown

    named = [m for m in thread.history() if f"<@\u200b{carol.id}>" in m.content]
    assert len(named) >= 2  # the seat change, and boards where the bot seat is to move
    assert carol.id not in pinged(world, thread)
    assert carol.id not in pinged(world, world.channel)
    assert not any(m.mention_everyone for m in thread.history())
    backend = world.env.backend
    assert not any(backend.get_message(thread.id, m.id).ping_role_ids for m in thread.history())
    assert pinged(world, thread) <= {world.alice.id, world.bob.id, dave.id}
    world.env.errors  # noqa: B018


async def test_a_forged_menu_value_is_refused_like_any_unknown_choice(world: World) -> None:
    table_id, mover, _ = await _started(world)
    version = (await world.bot.service.load(table_id)).version
    view = discord.ui.View(timeout=None)
    values = ["²", "٣", "9" * 90, "-1", "0x1"]
    view.add_item(
        discord.ui.Select(
            custom_id=ids.pick(table_id, version, 0),
            options=[discord.SelectOption(label=v[:20], value=v) for v in values],
        )
    )
    with discord.http.handle_message_parameters(content="forged", view=view) as params:
        data = await world.bot.http.send_message(world.channel.id, params=params)
    forged = next(m for m in world.channel.history() if m.id == int(data["id"]))

    for value in values:
        click = await mover.select(forged, [value])
        assert "not one of this decision's options" in said(click), value
    assert (await world.bot.service.load(table_id)).version == version
    world.env.errors  # noqa: B018


async def test_a_board_pings_exactly_the_people_it_is_for(world: World) -> None:
    table_id, mover, waiting = await _started(world)
    thread = world.thread()
    backend = world.env.backend

    def pings_of(message: Any) -> set[int]:
        return set(backend.get_message(thread.id, message.id).ping_user_ids)

    # the start: every player but the host (alice), who has just started it
    assert pings_of(world.boards()[-1]) == {mover.id, waiting.id} - {world.alice.id}
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    await mover.slash(thread, "play", move=loaded.decision.actions[0])
    after = await world.bot.service.load(table_id)
    assert after.decision is not None
    to_move = after.info.holder(after.decision.seat).user_id
    assert to_move == waiting.id and pings_of(world.boards()[-1]) == {waiting.id}
