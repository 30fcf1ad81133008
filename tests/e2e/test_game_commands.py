"""/game info, /game log, /rules, leaving a game and reclaiming a seat from a bot."""

from __future__ import annotations

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import ids_in, only_private, open_table, said


async def _play(world: World, table_id: int, moves: int) -> None:
    for _ in range(moves):
        loaded = await world.bot.service.load(table_id)
        assert loaded.decision is not None
        holder = loaded.info.holder(loaded.decision.seat).user_id
        mover = world.alice if holder == world.alice.id else world.bob
        await mover.slash(world.thread(), "play", move=loaded.decision.actions[-1])


async def test_game_info_in_the_thread_and_by_number(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await service.load(table_id)
    deadline = await service.deadline(table_id)
    assert loaded.decision is not None and deadline is not None
    holder = loaded.info.holder(loaded.decision.seat)

    result = await world.carol.slash(world.thread(), "game info")

    assert only_private(result) and result.response is not None
    embed = result.response.embeds[0]
    assert embed.title == f"Targi — table #{table_id}"
    assert "Daily (24 hours a turn)" in (embed.description or "")
    fields = {f.name: f.value for f in embed.fields}
    assert f"<@{world.alice.id}>" in fields["Seats"] and f"<@{world.bob.id}>" in fields["Seats"]
    assert f"<@{holder.user_id}>" in fields["Whose turn"]
    assert loaded.decision.prompt in fields["Whose turn"]
    stamp = int(deadline.timestamp())
    assert f"<t:{stamp}:R>" in fields["Deadline"]

    by_number = await world.alice.slash(world.channel, "game info", table=table_id)
    assert by_number.response is not None
    assert by_number.response.embeds[0].title == f"Targi — table #{table_id}"
    nowhere = await world.alice.slash(world.channel, "game info")
    assert "give the table number" in said(nowhere)
    missing = await world.alice.slash(world.channel, "game info", table=987654)
    assert said(missing) == "There is no table #987654."
    world.env.errors  # noqa: B018


async def test_game_log_lists_moves_in_notation_and_words_with_the_full_file(
    world: World,
) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    await _play(world, table_id, 5)
    entries = await service.game_log(table_id)
    assert len(entries) == 5

    result = await world.bob.slash(world.thread(), "game log")

    assert result.response is not None and result.response.ephemeral
    description = result.response.embeds[0].description or ""
    for entry in entries:
        assert f"{entry.version}. {entry.label} — {entry.description} `{entry.action}`" in (
            description
        )
    attachment = result.response.attachments[0]
    assert attachment.filename == f"table-{table_id}-log.txt"
    text = (await attachment.read()).decode()
    assert text.startswith(f"Targi — table #{table_id} — 5 moves")
    for entry in entries:
        assert f"[{entry.action}]" in text
        for event in entry.events:
            assert event.text in text


async def test_rules_topics(world: World) -> None:
    scoring = await world.alice.slash(world.channel, "rules", game="targi", topic="scoring")
    assert scoring.response is not None and scoring.response.ephemeral
    embed = scoring.response.embeds[0]
    assert embed.title == "Targi — scoring" and "+4" in (embed.description or "")
    assert "notation" in (embed.footer.text or "")

    cards = await world.alice.slash(world.channel, "rules", game="targi", topic="cards")
    assert cards.response is not None
    assert "**#1 Noble**" in (cards.response.embeds[0].description or "")

    notation = await world.alice.slash(world.channel, "rules", game="yspahan", topic="notation")
    assert notation.response is not None
    assert "`buy 0`" in (notation.response.embeds[0].description or "")

    overview = await world.alice.slash(world.channel, "rules", game="yspahan")
    assert overview.response is not None
    assert "3 weeks" in (overview.response.embeds[0].description or "")
    none = await world.alice.slash(world.channel, "rules", game="yspahan", topic="cards")
    assert none.response is not None
    assert "has no 'cards' topic" in (none.response.embeds[0].description or "")


async def test_leaving_a_two_player_game_ends_it(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)

    asked = await world.bob.slash(world.thread(), "game leave")
    assert asked.response is not None and asked.response.ephemeral
    assert "the game ends and the others win" in asked.response.content
    assert (await service.info(table_id)).status == "active", "nothing happens before Confirm"
    stranger = await world.carol.slash(world.thread(), "game leave")
    assert "You have no seat" in said(stranger)

    done = await world.bob.click(asked.response, label="Leave the game")

    assert done.response is not None and done.response.content == f"You left table #{table_id}."
    assert (await service.info(table_id)).status == "finished"
    result = world.thread().history()[-1].content
    assert result.startswith("🏆 **Game over") and "conceded" in result
    assert f"<@{world.alice.id}>" in result.splitlines()[0]
    world.env.errors  # noqa: B018


async def test_a_player_reclaims_the_seat_a_bot_kept(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await service.load(table_id)
    seat = loaded.info.seat_of(world.alice.id)
    assert seat is not None
    await service.agent_takeover(table_id, seat, world.alice.id)  # e.g. away for a while
    await world.bot.outbox.drain()
    assert (await service.info(table_id)).holder(seat).agent is not None

    nothing = await world.bob.slash(world.thread(), "game reclaim")
    assert "No agent is keeping a seat for you" in said(nothing)
    back = await world.alice.slash(world.thread(), "game reclaim")

    assert said(back).startswith("Welcome back: you play **")
    assert (await service.info(table_id)).holder(seat).user_id == world.alice.id
    assert f"to <@{world.alice.id}>" in world.thread().history()[-1].content
    world.env.errors  # noqa: B018


async def test_the_takeover_notice_lets_its_player_take_the_seat_back(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    seat = (await service.info(table_id)).seat_of(world.bob.id)
    assert seat is not None
    await service.agent_takeover(table_id, seat, world.bob.id)
    await world.bot.outbox.drain()
    await world.env.settle()
    notice = next(m for m in reversed(world.thread().history()) if "passes from" in m.content)
    assert f"<@{world.bob.id}> can take it back" in notice.content
    assert ids_in(notice) == [ids.reclaim(table_id)]

    someone_else = await world.alice.click(notice, custom_id=ids.reclaim(table_id))
    assert "No agent is keeping a seat for you" in said(someone_else)
    back = await world.bob.click(notice, custom_id=ids.reclaim(table_id))

    assert said(back).startswith("Welcome back") and only_private(back)
    assert (await service.info(table_id)).holder(seat).user_id == world.bob.id
    world.env.errors  # noqa: B018
