"""Two members play a whole game of Targi through Discord, start to finish."""

from __future__ import annotations

import random

from tests.e2e.conftest import World
from tests.e2e.driver import (
    USED,
    board_version,
    button_version,
    forged_message,
    fresh,
    ids_in,
    open_table,
    play_turn_by_panel,
    play_turn_by_slash,
    png_of,
)


async def test_two_members_play_a_whole_game_through_panels_and_play(world: World) -> None:
    service = world.bot.service
    table_id, lobby = await open_table(world, world.alice, world.bob)

    lobby_now = fresh(world, lobby)
    assert ids_in(lobby_now) == []  # the lobby's buttons are gone once the game starts
    assert "Started" in lobby_now.embeds[0].fields[-1].value
    assert (await service.info(table_id)).thread_id == world.thread().id

    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(2026)
    USED.clear()
    boards = world.boards()
    assert len(boards) == 1 and "begins" in boards[0].content
    turns = decisions = 0
    while (await service.load(table_id)).decision is not None:
        seat_to_move = (await service.load(table_id)).decision
        assert seat_to_move is not None
        mover = (await service.info(table_id)).holder(seat_to_move.seat).user_id
        # most turns through the private panel, every fifth by typing /play
        if turns % 5 == 4:
            decisions += await play_turn_by_slash(world, actors, table_id, rng)
        else:
            decisions += await play_turn_by_panel(world, actors, table_id, rng)
        turns += 1
        after = world.boards()
        assert len(after) == len(boards) + 1, "every turn posts exactly one new board"
        newest = after[-1]
        loaded = await service.load(table_id)
        assert newest.content.strip(), "the board post says what changed"
        if loaded.decision is not None:
            holder = loaded.info.holder(loaded.decision.seat)
            assert f"<@{holder.user_id}>" in newest.content.splitlines()[-2]
            assert board_version(newest) == button_version(newest) == loaded.version
            assert holder.user_id != mover or loaded.decision.seat != seat_to_move.seat
        assert button_version(after[-2]) is None, "the previous board's button is retired"
        boards = after

    assert decisions > 60 and turns > 30
    # every Targi decision fits buttons, so each kind of decision keeps one kind of control
    assert USED["button"] > 0 and USED["select"] == 0, USED
    for board in world.boards():
        image = await png_of(board)
        assert image.width >= 1200 and image.width > image.height

    final = world.boards()[-1]
    assert button_version(final) is None, "no 'Your move' once the game is over"
    outcome = (await service.load(table_id)).game.outcome((await service.load(table_id)).state)
    assert outcome is not None
    result = world.thread().history()[-1]
    assert result.content.startswith("🏆 **Game over")
    for score in outcome.scores:
        assert f"{score} points" in result.content
    winner = (await service.info(table_id)).holder(outcome.winners[0]).user_id
    assert f"<@{winner}>" in result.content.splitlines()[0]
    assert (await service.info(table_id)).status == "finished"
    assert "Finished — the result is in" in fresh(world, lobby).embeds[0].fields[-1].value

    # the finished table refuses politely, whatever is clicked or typed
    reply = await world.alice.slash(world.thread(), "play", move="end")
    assert reply.response is not None and "finished" in reply.response.content
    old_id = f"cv:panel:{table_id}:{board_version(world.boards()[-2])}"
    old = await forged_message(world, old_id)
    click = await world.alice.click(old, custom_id=old_id)
    assert click.response is not None and "finished" in click.response.content
    world.env.errors  # noqa: B018 - the refusals above went through the tree's error handler
