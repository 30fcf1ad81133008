"""Wrong moves, wrong people, wrong places and forged controls each get a precise answer."""

from __future__ import annotations

from pathlib import Path

import simcord

from bot import ids
from tests.e2e.conftest import World, running_world
from tests.e2e.driver import (
    choose,
    forged_message,
    fresh,
    ids_in,
    only_private,
    open_panel,
    open_table,
    said,
)


async def _started(world: World) -> tuple[int, simcord.MemberActor, simcord.MemberActor]:
    """A started alice-vs-bob table; returns (table id, member to move, the other member)."""
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    mover_id = loaded.info.holder(loaded.decision.seat).user_id
    if mover_id == world.alice.id:
        return table_id, world.alice, world.bob
    return table_id, world.bob, world.alice


async def test_illegal_move_is_refused_with_the_engines_reason(world: World) -> None:
    table_id, mover, _ = await _started(world)
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    illegal = next(
        f"place {n}" for n in range(1, 17) if f"place {n}" not in loaded.decision.actions
    )
    reason = loaded.game.explain_illegal(loaded.state, illegal)

    result = await mover.slash(world.thread(), "play", move=illegal)

    assert only_private(result)
    assert "That move is not allowed" in said(result) and reason in said(result)
    assert (await world.bot.service.load(table_id)).version == loaded.version
    world.env.errors  # noqa: B018 - acknowledged: refusals pass through the error handler


async def test_not_your_turn_and_not_seated(world: World) -> None:
    table_id, mover, waiting = await _started(world)
    thread = world.thread()
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    move = loaded.decision.actions[0]

    early = await waiting.slash(thread, "play", move=move)
    assert "not yours" in said(early) and mover.name in said(early)

    stranger = await world.carol.slash(thread, "play", move=move)
    assert "You are not playing at table" in said(stranger)

    # a stranger may not open anyone's panel either, and gets no move autocomplete
    click = await world.carol.click(world.boards()[-1], custom_id=ids.panel(table_id, 0))
    assert "not seated" in said(click) and only_private(click)
    assert await world.carol.autocomplete(thread, "play", "move", "") == []
    assert await waiting.autocomplete(thread, "play", "move", "") == []

    assert (await world.bot.service.load(table_id)).version == loaded.version
    world.env.errors  # noqa: B018


async def test_malformed_and_ambiguous_notation(world: World) -> None:
    table_id, mover, _ = await _started(world)
    thread = world.thread()

    malformed = await mover.slash(thread, "play", move="dance wildly")
    assert "not a move I can read" in said(malformed)

    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None and len(loaded.decision.actions) > 1
    ambiguous = await mover.slash(thread, "play", move="place")
    text = said(ambiguous)
    assert "could mean" in text and "Type a little more" in text
    for candidate in loaded.decision.actions[:3]:
        assert f"`{candidate}`" in text
    assert (await world.bot.service.load(table_id)).version == loaded.version
    world.env.errors  # noqa: B018


async def test_forged_and_unknown_custom_ids_are_answered_politely(world: World) -> None:
    table_id, mover, _ = await _started(world)
    forged = await forged_message(
        world, "cv:act:999:0:0", "cv:act:abc", f"cv:act:{table_id}:0:77", "cv:lobby:999:join"
    )

    missing = await world.alice.click(forged, custom_id="cv:act:999:0:0")
    assert said(missing) == "There is no table #999." and only_private(missing)

    unknown = await world.alice.click(forged, custom_id="cv:act:abc")
    assert "I don't recognise that control" in said(unknown) and only_private(unknown)

    out_of_range = await mover.click(forged, custom_id=f"cv:act:{table_id}:0:77")
    assert "not one of this decision's options" in said(out_of_range)

    lobby = await world.alice.click(forged, custom_id="cv:lobby:999:join")
    assert said(lobby) == "There is no table #999."
    assert (await world.bot.service.load(table_id)).version == 0


async def test_double_click_applies_the_move_once(world: World) -> None:
    table_id, mover, _ = await _started(world)
    # the same decision open twice (two clicks on "Your move", or two devices)
    first = await open_panel(world, mover, table_id, 0)
    second = await open_panel(world, mover, table_id, 0)
    assert ids_in(first) == ids_in(second)

    await choose(mover, first, table_id, 0, 0)
    again = await choose(mover, second, table_id, 0, 0)

    assert "The board has moved on" in said(again) and only_private(again)
    assert f"/{world.thread().id}/{world.boards()[-1].id}" in said(again)
    actions = await world.bot.service.actions(table_id)
    assert [a.version for a in actions] == [1]
    # the first panel was replaced by the outcome, its choices are gone
    assert ids_in(fresh(world, first)) == []


async def test_stale_board_button_links_to_the_latest_board(world: World) -> None:
    table_id, mover, _ = await _started(world)
    first_board = world.boards()[0]
    panel = await open_panel(world, mover, table_id, 0)
    await choose(mover, panel, table_id, 0, 0)
    assert ids_in(fresh(world, first_board)) == [], "the old board's button is retired"

    # a client that still shows the old button (the edit had not reached it) clicks it
    old_button = await forged_message(world, ids.panel(table_id, 0))
    stale = await mover.click(old_button, custom_id=ids.panel(table_id, 0))

    latest = world.boards()[-1]
    assert latest.id != first_board.id
    assert said(stale) == (
        "The board has moved on — see the latest board: "
        f"https://discord.com/channels/{world.guild.id}/{world.thread().id}/{latest.id}"
    )


async def test_newgame_inside_a_game_thread_and_play_outside_one(world: World) -> None:
    table_id, mover, _ = await _started(world)
    again = await world.alice.slash(world.thread(), "newgame", game="targi")
    assert said(again).startswith(f"This thread already hosts table #{table_id}.")
    assert only_private(again)

    outside = await mover.slash(world.channel, "play", move="place 5")
    assert "Use /play inside a game's thread" in said(outside)
    assert len(world.channel.threads) == 1
    world.env.errors  # noqa: B018


async def test_lobby_refusals(world: World) -> None:
    result = await world.alice.slash(world.channel, "newgame", game="targi")
    lobby = result.response
    assert lobby is not None

    alone = await world.alice.click(lobby, label="Start")
    assert "needs at least 2 players" in said(alone)
    twice = await world.alice.click(lobby, label="Join")
    assert said(twice) == "You already have a seat at this table."
    await world.bob.click(lobby, label="Join")
    full = await world.carol.click(lobby, label="Join")
    assert "seats at table" in said(full) and "taken" in said(full)
    not_host = await world.bob.click(lobby, label="Start")
    assert said(not_host) == "Only the host can start the game."
    not_host_cancel = await world.bob.click(lobby, label="Cancel")
    assert said(not_host_cancel) == "Only the host can cancel this table."

    cancelled = await world.alice.click(lobby, label="Cancel")
    assert cancelled.acknowledged
    assert ids_in(fresh(world, lobby)) == [], "a cancelled lobby has no buttons left"
    assert "cancelled" in (fresh(world, lobby).embeds[0].footer.text or "")
    assert world.channel.threads == []


async def test_cancelled_table_refuses_moves_and_panels(world: World) -> None:
    table_id, mover, _ = await _started(world)
    await world.bot.service.cancel(table_id, world.alice.id)  # e.g. a moderator's action

    play = await mover.slash(world.thread(), "play", move="place 5")
    assert said(play) == f"Table #{table_id} was cancelled."
    click = await mover.click(world.boards()[-1], custom_id=ids.panel(table_id, 0))
    assert said(click) == f"Table #{table_id} was cancelled."
    world.env.errors  # noqa: B018


async def test_a_channel_without_thread_permission_cancels_the_start(world: World) -> None:
    world.env.inject_error(
        "POST",
        "/channels/*/threads",
        status=403,
        code=50013,
        message="Missing Permissions",
        times=None,
    )
    result = await world.alice.slash(world.channel, "newgame", game="targi")
    lobby = result.response
    assert lobby is not None
    table_id = int(ids_in(lobby)[0].split(":")[2])
    await world.bob.click(lobby, label="Join")

    start = await world.alice.click(lobby, label="Start")

    assert "may not open threads" in said(start) and "cancelled" in said(start)
    assert (await world.bot.service.info(table_id)).status == "cancelled"
    assert ids_in(fresh(world, lobby)) == []
    assert world.channel.threads == []


async def test_the_servers_table_limit_is_explained(tmp_path: Path) -> None:
    async with running_world(tmp_path, max_tables=1) as (env, world):
        with env.time_context():
            first = await world.alice.slash(world.channel, "newgame", game="targi")
            assert first.response is not None and not first.response.ephemeral
            second = await world.bob.slash(world.channel, "newgame", game="targi")
            assert "already has 1 open tables" in said(second) and only_private(second)
            env.errors  # noqa: B018
