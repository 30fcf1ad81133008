"""/away: deadlines pause within the pace's allowance, the table is told, and a restart while
someone is away changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import simcord

from tests.e2e.conftest import World
from tests.e2e.driver import open_table, said

DAY = 86400.0


def day_after(world: World, days: int) -> datetime:
    """Midnight UTC ``days`` days from now: what ``/away until:<date>`` means in UTC."""
    moment = world.clock() + timedelta(days=days)
    return datetime(moment.year, moment.month, moment.day, tzinfo=UTC)


async def _mover(world: World, table_id: int) -> simcord.MemberActor:
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    mover = loaded.info.holder(loaded.decision.seat).user_id
    return world.alice if mover == world.alice.id else world.bob


async def test_away_dates_in_the_past_beyond_a_year_or_unreadable_are_refused(
    world: World,
) -> None:
    past = await world.alice.slash(world.channel, "away", until="2020-01-01")
    latest = (world.clock() + timedelta(days=365)).strftime("%Y-%m-%d")
    assert said(past) == (
        f"Choose a date after now and at most a year ahead (by {latest})."
    )
    far = day_after(world, 400).strftime("%Y-%m-%d")
    assert "at most a year ahead" in said(await world.alice.slash(world.channel, "away", until=far))
    garbled = await world.alice.slash(world.channel, "away", until="next tuesday")
    assert said(garbled).startswith("Write the date you are back like 2026-12-24")
    nonsense = await world.alice.slash(world.channel, "away", until="2026-02-31")
    assert said(nonsense) == "'2026-02-31' is not a date I can read."
    assert await world.bot.service.away_until([world.alice.id]) == {}


async def test_deadlines_pause_while_away_across_a_restart_then_the_stall_policy_applies(
    world: World,
) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    away = await _mover(world, table_id)
    first = await service.deadline(table_id)
    assert first is not None
    until = day_after(world, 3)
    went_at = world.clock()

    answer = await away.slash(world.channel, "away", until=until.strftime("%Y-%m-%d"))
    assert said(answer).startswith(f"You are away until <t:{int(until.timestamp())}:f>.")
    told = world.thread().history()[-1].content
    assert told == (
        f"🏝️ <@{away.id}> is away until <t:{int(until.timestamp())}:f>. Their deadlines here "
        "pause while they are away, for up to 7 more days."
    )

    info = await world.carol.slash(world.thread(), "game info")
    assert info.response is not None
    seats = info.response.embeds[0].fields[0].value
    assert f"<@{away.id}> · 🏝️ away until <t:{int(until.timestamp())}:f>" in seats

    await world.restart()
    posts = len(world.thread().history())
    await world.tick((first - world.clock()).total_seconds() + 1)  # reminders and deadline due

    moved = await world.bot.service.deadline(table_id)
    assert moved is not None
    paused = until - went_at
    assert abs((moved - first) - paused) < timedelta(seconds=2)
    new_posts = world.thread().history()[posts:]
    assert [m.content for m in new_posts] == [
        f"🏝️ <@{away.id}> is away until <t:{int(until.timestamp())}:f>: their deadline is "
        f"paused and is now <t:{int(moved.timestamp())}:f>."
    ], "no reminder and no stall notice while they are away"
    assert (await world.bot.service.info(table_id)).status == "active"

    await world.tick((until - world.clock()).total_seconds() + 1)
    back = world.thread().history()[-1].content
    assert back.startswith(f"⏰ <@{away.id}>, your move"), "reminded on their return"
    await world.tick((moved - world.clock()).total_seconds() + 1)
    assert world.thread().history()[-1].content.startswith("⌛")


async def test_past_the_paces_allowance_the_normal_stall_policy_applies(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    away = await _mover(world, table_id)
    first = await service.deadline(table_id)
    assert first is not None
    await away.slash(world.channel, "away", until=day_after(world, 30).strftime("%Y-%m-%d"))

    await world.tick((first - world.clock()).total_seconds() + 1)
    moved = await service.deadline(table_id)
    assert moved is not None and moved - first == timedelta(days=7)  # the daily pace's allowance

    await world.tick((moved - world.clock()).total_seconds() + 1)
    assert world.thread().history()[-1].content.startswith("⌛")
    again = await away.slash(world.channel, "away", until=day_after(world, 40).strftime("%Y-%m-%d"))
    assert "Your 1 game in play" in said(again)
    assert world.thread().history()[-1].content == (
        f"🏝️ <@{away.id}> is away until "
        f"<t:{int(day_after(world, 40).timestamp())}:f>; this table has no away time left "
        "for them."
    )


async def test_back_early_ends_the_absence(world: World) -> None:
    await world.alice.slash(world.channel, "away", until=day_after(world, 5).strftime("%Y-%m-%d"))
    assert world.alice.id in await world.bot.service.away_until([world.alice.id])
    back = await world.alice.slash(world.channel, "away", until="back")
    assert said(back) == "Welcome back: your deadlines run again."
    assert await world.bot.service.away_until([world.alice.id]) == {}


async def test_changing_the_date_soon_after_is_not_announced_again(world: World) -> None:
    await open_table(world, world.alice, world.bob)
    await world.alice.slash(world.channel, "away", until=day_after(world, 3).strftime("%Y-%m-%d"))
    posts = len(world.thread().history())
    for days in (4, 5, 6):
        until = day_after(world, days).strftime("%Y-%m-%d")
        await world.alice.slash(world.channel, "away", until=until)
    assert len(world.thread().history()) == posts
    assert (await world.bot.service.away_until([world.alice.id]))[world.alice.id] == day_after(
        world, 6
    )
