"""Drive a table the way players do: slash commands, lobby buttons, panels and menus."""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from typing import Any

import discord
import simcord
from PIL import Image

from bot import ids
from tests.e2e.conftest import World

# How many choices went through buttons and through select menus (for coverage checks).
USED: Counter[str] = Counter()


def components_of(message: Any) -> list[dict[str, Any]]:
    """Raw component dicts of a message (simcord ResponseMessage or discord.Message)."""
    if isinstance(message, simcord.ResponseMessage):
        return message.components
    return [c.to_dict() for c in message.components]


def ids_in(message: Any) -> list[str]:
    found: list[str] = []

    def walk(items: list[dict[str, Any]]) -> None:
        for item in items:
            if item.get("custom_id"):
                found.append(item["custom_id"])
            walk(item.get("components") or [])

    walk(components_of(message))
    return found


def fresh(world: World, message: Any) -> simcord.ResponseMessage:
    """The message as it is now (panels are edited in place)."""
    if isinstance(message, simcord.ResponseMessage):
        channel_id = message.channel_id
    else:
        channel_id = message.channel.id
    return simcord.ResponseMessage(world.env, world.env.backend.get_message(channel_id, message.id))


async def png_of(message: Any) -> Image.Image:
    attachment = next(a for a in message.attachments if a.filename.endswith(".png"))
    data = await attachment.read()
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


async def open_table(
    world: World,
    host: simcord.MemberActor,
    *others: simcord.MemberActor,
    bots: int = 0,
    seed: int | None = None,
) -> tuple[int, simcord.ResponseMessage]:
    """/newgame, the others join (and bots are added), the host starts; returns the table id.

    With ``seed``, the table is dealt from that seed instead of a fresh secure one, for a test
    that needs a particular situation to come up."""
    if seed is not None:
        world.bot.service._seed_source = lambda: seed
    result = await host.slash(world.channel, "newgame", game="targi")
    lobby = result.response
    assert lobby is not None
    table_id = int(ids_in(lobby)[0].split(":")[2])
    for member in others:
        await member.click(lobby, label="Join")
    for _ in range(bots):
        await host.click(lobby, label="Add bot")
    await host.click(lobby, label="Start")
    return table_id, lobby


async def open_panel(
    world: World, actor: simcord.MemberActor, table_id: int, version: int
) -> simcord.ResponseMessage:
    board = world.boards()[-1]
    result = await actor.click(board, custom_id=ids.panel(table_id, version))
    panel = result.response
    assert panel is not None and panel.ephemeral, result
    return panel


async def choose(
    actor: simcord.MemberActor, panel: Any, table_id: int, version: int, index: int
) -> simcord.InteractionResult:
    """Pick option ``index`` on a panel, whether it is shown as a button or in a menu."""
    result = await pick(actor, panel, table_id, version, index)
    sure = ids.confirm(table_id, version, index)
    if result.response is not None and sure in ids_in(result.response):
        USED["confirmed"] += 1
        return await actor.click(result.response, custom_id=sure)
    return result


async def pick(
    actor: simcord.MemberActor, panel: Any, table_id: int, version: int, index: int
) -> simcord.InteractionResult:
    """Click option ``index`` without confirming a preview it may bring up."""
    wanted = ids.action(table_id, version, index)
    present = ids_in(panel)
    if wanted in present:
        USED["button"] += 1
        return await actor.click(panel, custom_id=wanted)
    for item in (c for row in components_of(panel) for c in row.get("components", [])):
        if item.get("type") == 3 and any(o["value"] == str(index) for o in item["options"]):
            USED["select"] += 1
            return await actor.select(panel, [str(index)], custom_id=item["custom_id"])
    raise AssertionError(f"option {index} is not on the panel: {present}")


async def play_turn_by_panel(
    world: World, actors: dict[int, simcord.MemberActor], table_id: int, rng: random.Random
) -> int:
    """The seat to move opens its panel from the newest board and decides until the turn
    passes; returns the number of decisions made."""
    service = world.bot.service
    loaded = await service.load(table_id)
    decision = loaded.decision
    assert decision is not None
    holder = loaded.info.holder(decision.seat)
    assert holder.user_id is not None
    actor = actors[holder.user_id]
    panel = await open_panel(world, actor, table_id, loaded.version)
    made = 0
    while True:
        loaded = await service.load(table_id)
        decision = loaded.decision
        if decision is None or loaded.info.holder(decision.seat).user_id != holder.user_id:
            return made
        if not ids_in(fresh(world, panel)):
            return made  # a bot took the turn and gave it back: a new board, a new panel
        index = rng.randrange(len(decision.actions))
        await choose(actor, fresh(world, panel), table_id, loaded.version, index)
        made += 1
        assert (await service.load(table_id)).version == loaded.version + 1


def button_version(message: Any) -> int | None:
    """The version on a message's "Your move" button; None when it has none (any more)."""
    for cid in ids_in(message):
        if cid.startswith("cv:panel:"):
            return int(cid.rsplit(":", 1)[1])
    return None


BOARD_LINE = re.compile(r"-# Table #\d+ · move (\d+)(?: · version (\d+))?")


def board_version(message: discord.Message) -> int | None:
    """The version a board post shows, from its last line ("Table #N · move V", or "Table #N ·
    move M · version V" once an undo made the move count differ from the version)."""
    match = BOARD_LINE.fullmatch(message.content.splitlines()[-1])
    return int(match[2] or match[1]) if match else None


async def forged_message(world: World, *custom_ids: str) -> discord.Message:
    """A message carrying buttons this bot never made (as a client could fabricate them, or
    an old button a slow client still shows)."""
    view = discord.ui.View(timeout=None)
    for n, custom_id in enumerate(custom_ids):
        view.add_item(discord.ui.Button(label=f"forged {n}", custom_id=custom_id))
    # Sent through the raw HTTP client, so the running bot holds no View for these buttons.
    with discord.http.handle_message_parameters(content="forged", view=view) as params:
        data = await world.bot.http.send_message(world.channel.id, params=params)
    return next(m for m in world.channel.history() if m.id == int(data["id"]))


async def play_turn_by_slash(
    world: World, actors: dict[int, simcord.MemberActor], table_id: int, rng: random.Random
) -> int:
    """The seat to move types every decision of its turn with /play, picked from autocomplete."""
    service = world.bot.service
    thread = world.thread()
    loaded = await service.load(table_id)
    decision = loaded.decision
    assert decision is not None
    holder = loaded.info.holder(decision.seat)
    assert holder.user_id is not None
    actor = actors[holder.user_id]
    made = 0
    while True:
        loaded = await service.load(table_id)
        decision = loaded.decision
        if decision is None or loaded.info.holder(decision.seat).user_id != holder.user_id:
            return made
        choices = await actor.autocomplete(thread, "play", "move", "")
        assert 0 < len(choices) <= 25
        assert [c["value"] for c in choices] == list(decision.actions[:25])
        move = rng.choice(choices)["value"]
        result = await actor.slash(thread, "play", move=move)
        answer = result.response
        assert answer is not None
        made += 1
        # one move, plus any moves of agent seats it handed the turn to
        after = await service.load(table_id)
        assert after.version > loaded.version
        passed = after.decision is None or after.decision.seat != decision.seat
        if passed or after.version > loaded.version + 1:  # another seat (a bot) moved
            # a move that passes the turn is answered by its board, for everyone
            assert not answer.ephemeral and moved(result), answer.content
        else:
            assert answer.ephemeral and answer.content.startswith("✔"), answer.content


def moved(result: simcord.InteractionResult) -> bool:
    """Whether /play's answer says the move was made: privately ("✔ …"), or, for a move that
    passed the turn, by the move's new board, for everyone."""
    answer = result.response
    if answer is None:
        return False
    if answer.ephemeral:
        return answer.content.startswith("✔")
    return BOARD_LINE.fullmatch(answer.content.splitlines()[-1]) is not None


def not_summary(message: discord.Message) -> bool:
    """Not the thread's pinned summary, nor Discord's notice that it was pinned."""
    return message.type != discord.MessageType.pins_add and not message.content.startswith("📌")


def said(result: simcord.InteractionResult) -> str:
    """Everything the bot answered to one interaction (reply and follow-ups), as text."""
    parts = [result.response.content] if result.response is not None else []
    parts += [f.content for f in result.followups]
    return "\n".join(p for p in parts if p)


def only_private(result: simcord.InteractionResult) -> bool:
    messages = ([result.response] if result.response is not None else []) + result.followups
    return bool(messages) and all(m.ephemeral for m in messages)
