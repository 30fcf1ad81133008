"""A game that draws each player's own board beside the public one offers them from every board
post: anyone in the thread gets the pictures of that moment, privately."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import forged_message, ids_in, said
from tests.toygame import render as toy_render

drawn_since: list[Any] = []  # the ``previous`` each call was given


def two_player_boards(
    view: Mapping[str, Any], previous: Mapping[str, Any] | None = None
) -> list[tuple[str, Image.Image]]:
    drawn_since.append(previous)
    boards = []
    for seat, score in enumerate(view["scores"]):
        image = Image.new("RGB", (400, 200), (40, 40, 40))
        ImageDraw.Draw(image).text((20, 20), f"Player {seat + 1}: {score}", fill=(255, 255, 255))
        boards.append((f"Player {seat + 1}", image))
    return boards


async def start_toy(world: World) -> int:
    opened = await world.alice.slash(world.channel, "newgame", game="toy")
    assert opened.response is not None
    table_id = int(ids_in(opened.response)[0].split(":")[2])
    await world.bob.click(opened.response, label="Join")
    await world.alice.click(opened.response, label="Start")
    return table_id


async def test_anyone_sees_each_players_board_from_the_board_post(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Arrange: the toy game draws one extra picture per player
    monkeypatch.setattr(toy_render, "render_extras", two_player_boards, raising=False)
    table_id = await start_toy(world)
    board = world.boards()[-1]
    version = (await world.bot.service.load(table_id)).version
    assert ids.extras(table_id, version) in ids_in(board)

    # Act: carol, who does not play, asks for the player boards
    result = await world.carol.click(board, label="Player boards")

    # Assert: only she sees them, one PNG per player, named after the player
    reply = result.response
    assert reply is not None and reply.ephemeral
    names = [a.filename for a in reply.attachments]
    assert names == ["1-player-1.png", "2-player-2.png"]
    first = Image.open(io.BytesIO(await reply.attachments[0].read()))
    assert first.size == (400, 200)
    assert ids.panel(table_id, version) in ids_in(board)  # "Your move" is still there


async def test_player_boards_mark_what_changed_since_the_board_before(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(toy_render, "render_extras", two_player_boards, raising=False)
    drawn_since.clear()
    table_id = await start_toy(world)
    first = world.boards()[-1]
    loaded = await world.bot.service.load(table_id)
    first_view = loaded.game.view(loaded.state, None)
    while len(world.boards()) == 1:  # play until the turn passes and a new board is posted
        loaded = await world.bot.service.load(table_id)
        assert loaded.decision is not None
        mover_id = loaded.info.holder(loaded.decision.seat).user_id
        actor = world.alice if mover_id == world.alice.id else world.bob
        await actor.slash(world.thread(), "play", move=loaded.decision.actions[0])
        await world.tick()
    second = world.boards()[-1]
    assert second.id != first.id

    await world.carol.click(first, label="Player boards")
    await world.carol.click(second, label="Player boards")

    assert drawn_since == [None, first_view]  # the first board has nothing before it


async def test_a_game_without_player_boards_offers_no_such_button(world: World) -> None:
    table_id = await start_toy(world)
    version = (await world.bot.service.load(table_id)).version
    assert ids_in(world.boards()[-1]) == [ids.panel(table_id, version)]


async def test_a_forged_player_boards_button_gets_a_polite_answer(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(toy_render, "render_extras", two_player_boards, raising=False)
    table_id = await start_toy(world)
    version = (await world.bot.service.load(table_id)).version
    forged = await forged_message(world, ids.extras(table_id, version + 50),
                                  ids.extras(999_999, 0))

    answers = {
        ids.extras(table_id, version + 50): f"Table #{table_id} has no move {version + 50}.",
        ids.extras(999_999, 0): "There is no table #999999.",
    }
    for custom_id, answer in answers.items():
        result = await world.carol.click(forged, custom_id=custom_id)

        reply = result.response
        assert reply is not None and reply.ephemeral
        assert not reply.attachments
        assert said(result) == answer
