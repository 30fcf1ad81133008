"""Lobbies that close themselves, concessions with a board, history and time per turn."""

from __future__ import annotations

from datetime import timedelta

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import forged_message, ids_in, open_table, said

HOUR = 3600.0


async def _concede(world: World, who: object, table_id: int) -> None:
    asked = await who.slash(world.thread(), "concede")  # type: ignore[attr-defined]
    assert asked.response is not None
    await who.click(asked.response, custom_id=ids.concede(table_id))  # type: ignore[attr-defined]


async def test_a_lobby_that_does_not_start_closes_itself_and_frees_its_place(
    world: World,
) -> None:
    service = world.bot.service
    async with world.store.transaction() as tx:
        await tx.put_guild_settings(world.guild.id, {"max_lobbies": 1})
    opened = await world.alice.slash(world.channel, "newgame", game="targi")
    assert opened.response is not None
    table_id = int(ids_in(opened.response)[0].split(":")[2])
    full = await world.bob.slash(world.channel, "newgame", game="targi")
    assert "already has 1 lobbies waiting" in said(full)

    await world.tick(47 * HOUR)
    assert (await service.info(table_id)).status == "lobby"
    await world.tick(1 * HOUR + 1)

    assert (await service.info(table_id)).status == "cancelled"
    lobby = next(m for m in world.channel.history() if m.id == opened.response.id)
    assert lobby.embeds[0].footer.text == (
        "This lobby closed itself: it did not start within 48 hours."
    )
    assert ids_in(lobby) == []
    stale = await forged_message(world, ids.lobby(table_id, "join"))  # a client not refreshed
    late = await world.bob.click(stale, custom_id=ids.lobby(table_id, "join"))
    assert "cancelled" in said(late)
    again = await world.bob.slash(world.channel, "newgame", game="targi")
    assert again.response is not None and again.response.embeds


async def test_the_moderators_set_how_long_a_lobby_waits(world: World) -> None:
    async with world.store.transaction() as tx:
        await tx.put_guild_settings(world.guild.id, {"lobby_hours": 2})
    opened = await world.alice.slash(world.channel, "newgame", game="targi")
    assert opened.response is not None
    table_id = int(ids_in(opened.response)[0].split(":")[2])
    await world.tick(2 * HOUR + 1)
    assert (await world.bot.service.info(table_id)).status == "cancelled"


async def test_a_concession_posts_the_final_board_and_the_games_own_scores(
    world: World,
) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    boards = len(world.boards())

    await _concede(world, world.bob, table_id)

    result = world.thread().history()[-1]
    assert result.content.startswith("🏆 **Game over")
    assert [a.filename for a in result.attachments] == ["board.png"]
    assert len(world.boards()) == boards + 1
    assert "VP tokens 4" in result.content and "Points so far" not in result.content


async def test_history_lists_finished_games_with_their_result_and_a_link(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    await _concede(world, world.bob, table_id)
    info = await world.bot.service.info(table_id)
    label = world.bot.service.game_of(info).seat_label(info.seat_of(world.alice.id) or 0)

    mine = await world.alice.slash(world.channel, "history")
    assert mine.response is not None and mine.response.ephemeral
    line = (mine.response.embeds[0].description or "").splitlines()[0]
    assert f"[**Targi #{table_id}**](https://discord.com/channels/{world.guild.id}/" in line
    assert f"{world.thread().id})" in line
    assert f"· won as {label} — {label} wins!" in line

    theirs = await world.alice.slash(world.channel, "history", member=world.bob)
    assert theirs.response is not None
    assert "· lost as" in (theirs.response.embeds[0].description or "")
    other_game = await world.alice.slash(world.channel, "history", game="yspahan")
    assert other_game.response is not None
    assert other_game.response.embeds[0].description == "No finished games yet."

    inbox = await world.alice.slash(world.channel, "mygames")
    assert inbox.response is not None
    recent = inbox.response.embeds[0].fields[0]
    assert recent.name == "Recently finished" and f"Targi #{table_id}" in recent.value


async def test_time_per_turn_shows_in_stats_and_next_to_names_in_the_lobby(
    world: World,
) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await service.load(table_id)
    assert loaded.decision is not None
    mover = loaded.info.holder(loaded.decision.seat).user_id
    actor = world.alice if mover == world.alice.id else world.bob
    world.clock.advance(3 * HOUR)
    await actor.slash(world.thread(), "play", move=loaded.decision.actions[0])

    stats = await actor.slash(world.channel, "stats")
    assert stats.response is not None and stats.response.ephemeral
    text = stats.response.embeds[0].description or ""
    assert "Time per turn: **3 h (median over 1 turns; time away is not counted)**" in text
    others = await world.carol.slash(world.channel, "stats", member=actor)
    assert others.response is not None
    assert "Time per turn: **3 h" in (others.response.embeds[0].description or "")

    opened = await actor.slash(world.channel, "newgame", game="targi")
    assert opened.response is not None
    seats = opened.response.embeds[0].fields[-1].value
    assert seats.splitlines()[0] == f"1. <@{actor.id}> · ⏱ 3 h a turn"
    empty = await world.carol.slash(world.channel, "stats")
    assert empty.response is not None
    assert "no turns played yet" in (empty.response.embeds[0].description or "")
    median = (await service.turn_medians([actor.id]))[actor.id]
    assert timedelta(hours=3) <= median < timedelta(hours=3, seconds=5)
