"""Wire-level smoke tests: the real bot against a fake Discord over real HTTP and a websocket.

These cover what the simulated-Discord tests cannot: discord.py's own aiohttp requests,
multipart uploads, the gateway handshake and the interaction-callback round trips.
"""

from __future__ import annotations

import asyncio
import io
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from PIL import Image

import bot.answers
from bot.bot import CaravanBot

from .fakediscord import EPHEMERAL, Call, FakeDiscord, custom_ids

Json = dict[str, Any]
MIN_BOARD_WIDTH = 1200


async def eventually(check: Callable[[], bool], what: str, seconds: float = 5.0) -> None:
    """Wait until ``check()`` holds; for client-side state that no REST call announces."""
    async with asyncio.timeout(seconds):
        while not check():  # noqa: ASYNC110 - discord.py offers no event to await for this
            await asyncio.sleep(0.005)
    assert check(), what


def png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n"), "not a PNG file"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def board_posts(fake: FakeDiscord, thread_id: str) -> list[Call]:
    """The bot's board images in the game thread, oldest first: posted there, or sent as the
    public answer (or follow-up) of the move they show."""
    return [c for c in fake.calls if is_board(fake, c, thread_id)]


def board_message(call: Call) -> Json:
    """The message a board call created or edited into the board."""
    resource = (call.response or {}).get("resource")
    return dict(resource["message"] if resource else call.response)


def board_text(call: Call) -> str:
    body = call.json or {}
    return str((body.get("data") or body)["content"])


def is_board(fake: FakeDiscord, c: Call, thread_id: str) -> bool:
    """Whether ``c`` put a board into the thread: a post, an interaction's public answer or
    follow-up, or the edit of a move's public "thinking" answer into its board."""
    if c.status != 200 or not any(name == "board.png" for name, _ in c.files):
        return False
    if c.route == f"POST /channels/{thread_id}/messages":
        return True
    if fake.channel_of_webhook(c.path) != thread_id:
        return False
    if int(((c.json or {}).get("data") or c.json or {}).get("flags") or 0) & EPHEMERAL:
        return False
    return c.method == "POST" or c.path.endswith("/messages/@original")


def mover_of(fake: FakeDiscord, loaded: Any) -> str:
    """The name of the user whose seat decides at ``loaded``."""
    name = fake.user_name(str(loaded.info.holder(loaded.decision.seat).user_id))
    assert name is not None
    return name


def ids_matching(message: Json, pattern: str) -> list[str]:
    return [cid for cid in custom_ids(message) if re.fullmatch(pattern, cid)]


def component(message: Json, custom_id: str) -> Json:
    for row in message["components"]:
        for item in row.get("components", []):
            if item.get("custom_id") == custom_id:
                return dict(item)
    raise AssertionError(f"{custom_id} is not on the message: {custom_ids(message)}")


@dataclass
class Table:
    id: int
    thread_id: str
    board: Call  # the first board post in the thread


async def open_table(fake: FakeDiscord) -> Table:
    """/newgame targi by alice, bob joins, alice starts; returns once the board is posted."""
    iid = await fake.slash("newgame", game="targi", user="alice")
    lobby = await fake.reply_to(iid)
    assert not lobby["flags"] & EPHEMERAL, "the lobby must be public"
    join = ids_matching(lobby, r"cv:lobby:\d+:join")
    assert join, f"no Join button on the lobby: {custom_ids(lobby)}"
    table_id = int(join[0].split(":")[2])

    joined = await fake.reply_to(await fake.click(lobby, join[0], user="bob"))
    seats = joined["embeds"][0]["fields"][0]["value"]
    assert f"<@{fake.users['bob']['id']}>" in seats, seats

    start = await fake.click(fake.messages[lobby["id"]], f"cv:lobby:{table_id}:start")
    thread = await fake.wait_for(
        lambda c: c.route.startswith("POST /channels/") and c.path.endswith("/threads"),
        what="a game thread",
    )
    assert thread.status == 201, thread.response
    thread_id = thread.response["id"]
    board = await fake.wait_for(
        lambda c: c in board_posts(fake, thread_id), what="the first board in the thread"
    )
    assert (await fake.callback_for(start)).json["type"] == 6  # deferred update of the lobby
    return Table(table_id, thread_id, board)


async def test_connect_identify_and_sync_commands(fake: FakeDiscord, caravan: CaravanBot) -> None:
    routes = [c.route for c in fake.calls]
    # discord.py logs in over HTTP before it opens the gateway
    assert routes[:2] == ["GET /users/@me", "GET /oauth2/applications/@me"], routes

    identify = next(p for p in fake.gateway_log if p["op"] == 2)
    assert identify["d"]["token"] == "fake-token"
    intents = discord.Intents._from_value(identify["d"]["intents"])
    assert intents.guilds and intents.guild_messages
    assert not intents.members and not intents.presences  # no privileged intent by default

    # READY and GUILD_CREATE were parsed: the bot knows itself, the server and its channel
    assert caravan.user is not None and str(caravan.user.id) == fake.app_id
    guild = caravan.get_guild(int(fake.guild_id))
    assert guild is not None and guild.name == "Oasis"
    assert isinstance(guild.get_channel(int(fake.channel_id)), discord.TextChannel)
    assert guild.default_role.id == guild.id

    # the first heartbeat is answered, which is how the client measures its latency
    await eventually(lambda: math.isfinite(caravan.latency), "no heartbeat ACK reached the bot")
    assert any(p["op"] == 1 for p in fake.gateway_log)

    sync = await fake.wait_for(
        lambda c: c.route == f"PUT /applications/{fake.app_id}/commands",
        what="the global command sync",
    )
    synced = {command["name"]: command for command in sync.json}
    assert {"newgame", "play"} <= set(synced)
    game_option = synced["newgame"]["options"][0]
    assert game_option["name"] == "game" and game_option["required"]
    assert {"name": "Targi", "value": "targi"} in game_option["choices"]
    assert synced["play"]["options"][0]["autocomplete"] is True


async def test_newgame_to_board_image_in_thread(fake: FakeDiscord, caravan: CaravanBot) -> None:
    table = await open_table(fake)

    # the slash command answered in one step, then read its own message back for the lobby id
    newgame = next(c for c in fake.calls if c.path.endswith("/callback"))
    assert newgame.json["type"] == 4 and newgame.query == {"with_response": "1"}
    assert any(c.route.endswith("/messages/@original") and c.method == "GET" for c in fake.calls)

    # the thread hangs off the lobby message, and the client learnt of it over the gateway
    thread = caravan.get_channel(int(table.thread_id))
    assert isinstance(thread, discord.Thread) and thread.parent_id == int(fake.channel_id)
    assert f"#{table.id}" in thread.name

    # the board arrived as a multipart upload: payload_json plus files[0]
    ((name, data),) = table.board.files
    assert name == "board.png"
    assert table.board.json["attachments"] == [{"id": 0, "filename": "board.png"}]
    image = png(data)
    assert image.width >= MIN_BOARD_WIDTH and image.width > image.height
    content = table.board.json["content"]
    assert f"table #{table.id} begins" in content
    assert f"<@{fake.users['alice']['id']}>" in content
    assert f"<@{fake.users['bob']['id']}>" in content
    posted = fake.messages[table.board.response["id"]]
    assert ids_matching(posted, rf"cv:panel:{table.id}:\d+"), custom_ids(posted)

    # the attachment is served back, byte for byte, as discord.py's Attachment.read() gets it
    message = await thread.fetch_message(int(posted["id"]))
    assert await message.attachments[0].read() == data

    # the lobby now says the game has started and has no buttons left
    lobby = fake.messages[table.thread_id]
    assert lobby["components"] == []
    assert any(f["name"] == "Status" for f in lobby["embeds"][0]["fields"])


async def test_panel_button_round_trip_and_stale_ids(
    fake: FakeDiscord, caravan: CaravanBot
) -> None:
    table = await open_table(fake)
    board = fake.messages[table.board.response["id"]]
    (panel_id,) = ids_matching(board, rf"cv:panel:{table.id}:\d+")

    # "Your move" opens a private panel: an ephemeral thinking defer, then the panel itself
    panels: dict[str, Json] = {}
    for player in ("alice", "bob"):
        iid = await fake.click(board, panel_id, user=player)
        callback = await fake.callback_for(iid)
        assert callback.json == {"type": 5, "data": {"flags": EPHEMERAL}}
        panels[player] = await fake.reply_to(iid)
        # the follow-up replaced the "thinking…" message rather than adding a second one
        assert panels[player]["id"] == callback.response["interaction"]["response_message_id"]
        assert panels[player]["flags"] & EPHEMERAL, "a private panel must be ephemeral"
        assert [a["filename"] for a in panels[player]["attachments"]] == ["panel.png"]
    choice = rf"cv:(act|pick):{table.id}:\d+:\d+"
    movers = [p for p in panels if ids_matching(panels[p], choice)]
    assert len(movers) == 1, {p: custom_ids(m) for p, m in panels.items()}
    (mover,) = movers
    assert "Your move" in panels[mover]["content"]
    waiting = next(p for p in panels if p != mover)
    assert "Waiting for" in panels[waiting]["content"]
    # no panel image ever went to the thread as a public post
    assert not any(
        c.path == f"/channels/{table.thread_id}/messages"
        and c.method == "POST"
        and "panel.png" in [n for n, _ in c.files]
        for c in fake.calls
    )

    # the mover opens a second panel (say, on another device) before choosing in the first
    spare = await fake.reply_to(await fake.click(board, panel_id, user=mover))
    assert spare["id"] != panels[mover]["id"] and custom_ids(spare) == custom_ids(panels[mover])

    # choosing a placement from the panel moves the game on and posts a new board
    first = component(panels[mover], ids_matching(panels[mover], choice)[0])
    values = [first["options"][0]["value"]] if first["type"] == 3 else None
    move = await fake.click(panels[mover], first["custom_id"], user=mover, values=values)
    # the panel itself is edited to confirm the move, as the answer to the click
    assert (await fake.callback_for(move)).json["type"] == 7
    done = await fake.reply_to(move)
    assert done["id"] == panels[mover]["id"] and "done" in done["content"], done["content"]
    assert done["components"] == [] and done["attachments"] == []
    await fake.wait_for(
        lambda c: len(board_posts(fake, table.thread_id)) >= 2,
        what="the board after the first move",
    )
    newest = fake.messages[board_message(board_posts(fake, table.thread_id)[-1])["id"]]
    assert ids_matching(newest, rf"cv:panel:{table.id}:\d+") != [panel_id]

    # only the newest board offers "Your move": the old board's button is taken off
    await fake.wait_for(
        lambda c: c.route == f"PATCH /channels/{table.thread_id}/messages/{board['id']}",
        what="the old board losing its button",
    )
    assert custom_ids(fake.messages[board["id"]]) == []

    # the spare panel is now stale: a polite private reply with a link, not an error
    stale = await fake.reply_to(
        await fake.click(spare, first["custom_id"], user=mover, values=values)
    )
    assert stale["flags"] & EPHEMERAL
    assert "moved on" in stale["content"], stale["content"]
    assert f"/channels/{fake.guild_id}/{table.thread_id}/{newest['id']}" in stale["content"]

    # controls the bot no longer knows (an unknown kind, a table that does not exist) on an
    # older message are answered privately too, never with "This interaction failed"
    old = fake.old_bot_message(["cv:teleport:1", "cv:panel:999999:0"])
    forged = await fake.reply_to(await fake.click(old, "cv:teleport:1", user="carol"))
    assert forged["flags"] & EPHEMERAL and "recognise" in forged["content"], forged["content"]
    missing = await fake.reply_to(await fake.click(old, "cv:panel:999999:0", user="carol"))
    assert missing["flags"] & EPHEMERAL and "999999" in missing["content"], missing["content"]


async def test_play_command_with_autocomplete_in_thread(
    fake: FakeDiscord, caravan: CaravanBot
) -> None:
    table = await open_table(fake)

    # autocomplete offers the legal placements to the player to move, and nothing to the other
    offered: dict[str, list[Json]] = {}
    for player in ("alice", "bob"):
        iid = await fake.autocomplete(
            "play", "move", user=player, channel_id=table.thread_id, move="place"
        )
        callback = await fake.callback_for(iid)
        assert callback.json["type"] == 8
        offered[player] = callback.json["data"]["choices"]
    mover = next(p for p in offered if offered[p])
    waiting = next(p for p in offered if p != mover)
    assert offered[waiting] == []
    values = [c["value"] for c in offered[mover]]
    assert values and all(re.fullmatch(r"place \d+", v) for v in values), values
    assert len(values) <= 25  # Discord's limit for autocomplete choices

    # /play is answered, in one message once the move is made, by the thread's next board,
    # which now asks the other player to move
    iid = await fake.slash("play", user=mover, channel_id=table.thread_id, move=values[0])
    callback = await fake.callback_for(iid)
    assert callback.json["type"] == 4
    reply = await fake.reply_to(iid)
    assert not reply["flags"] & EPHEMERAL and reply["channel_id"] == table.thread_id
    assert board_posts(fake, table.thread_id)[-1] is callback
    assert png(callback.files[0][1]).width >= MIN_BOARD_WIDTH
    assert f"<@{fake.users[waiting]['id']}>, your move" in reply["content"]

    # playing again is refused privately: the turn has passed to the other player
    again = await fake.slash("play", user=mover, channel_id=table.thread_id, move=values[-1])
    refused = await fake.reply_to(again)
    assert refused["flags"] & EPHEMERAL
    assert f"{waiting.title()}'s turn" in refused["content"], refused["content"]


async def test_a_board_that_comes_late_answers_its_move_after_a_public_defer(
    fake: FakeDiscord, caravan: CaravanBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await open_table(fake)
    take = caravan.move_answers.take

    async def late(table_id: int, version: int) -> Any:
        answer = await take(table_id, version)
        if answer is not None:
            await answer._defer_later(0, thinking=True)  # its board is still being drawn
        return answer

    monkeypatch.setattr(caravan.move_answers, "take", late)
    loaded = await caravan.service.load(table.id)
    assert loaded.decision is not None
    mover = mover_of(fake, loaded)
    iid = await fake.slash(
        "play", user=mover, channel_id=table.thread_id, move=loaded.decision.actions[0]
    )
    # everyone sees the move "thinking", then its board in the same message
    assert (await fake.callback_for(iid)).json == {"type": 5}
    reply = await fake.reply_to(iid)
    assert not reply["flags"] & (EPHEMERAL | 1 << 7) and "your move" in reply["content"]
    assert reply["attachments"][0]["filename"] == "board.png"
    await caravan.outbox.drain()
    assert len(board_posts(fake, table.thread_id)) == 2  # the start's, then the move's, once


async def test_a_move_that_takes_long_is_deferred_and_then_answered(
    fake: FakeDiscord, caravan: CaravanBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot.answers, "DEFER_AFTER", 0.0)  # every move counts as slow
    table = await open_table(fake)
    loaded = await caravan.service.load(table.id)
    assert loaded.decision is not None
    mover = mover_of(fake, loaded)
    move = loaded.decision.actions[0]
    iid = await fake.slash("play", user=mover, channel_id=table.thread_id, move=move)
    assert (await fake.callback_for(iid)).json == {"type": 5, "data": {"flags": EPHEMERAL}}
    reply = await fake.reply_to(iid)
    assert reply["flags"] & EPHEMERAL and not reply["flags"] & (1 << 7)  # no longer loading
    assert f"`{move}`" in reply["content"], reply["content"]
