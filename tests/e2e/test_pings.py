"""Who is pinged when: a turn pings a player who is away, never one still at the table, never
anyone for their own act, and quiet hours and the /settings choice hold turn pings back."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import simcord

from tests.e2e.conftest import World, running_world
from tests.e2e.driver import moved, not_summary, open_table

MINUTE = 60.0
HOUR = 3600.0


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    """A world whose store stamps moves with the test clock, so minutes can pass between them."""
    async with running_world(tmp_path) as (_, world):
        yield world


def last_post_pings(world: World) -> set[int]:
    thread = world.thread()
    newest = [m for m in thread.history() if not_summary(m)][-1]
    return set(world.env.backend.get_message(thread.id, newest.id).ping_user_ids)


async def to_move(world: World, table_id: int) -> simcord.MemberActor:
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    user = loaded.info.holder(loaded.decision.seat).user_id
    return world.alice if user == world.alice.id else world.bob


async def move(world: World, table_id: int) -> simcord.MemberActor:
    """The player to move types their first legal move; returns who moved."""
    actor = await to_move(world, table_id)
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    result = await actor.slash(world.thread(), "play", move=loaded.decision.actions[0])
    assert moved(result)
    return actor


async def test_the_start_pings_the_players_but_not_the_host_who_started_it(world: World) -> None:
    await open_table(world, world.alice, world.bob)
    assert last_post_pings(world) == {world.bob.id}


async def test_a_turn_pings_a_player_away_but_not_one_still_at_the_table(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    first = await move(world, table_id)  # placements: every move passes the turn
    second = await to_move(world, table_id)
    assert last_post_pings(world) == {second.id}, "never moved here yet: pinged"
    world.clock.advance(MINUTE)
    await move(world, table_id)
    assert last_post_pings(world) == set(), f"{first.user.name} moved a minute ago"
    world.clock.advance(10 * MINUTE)
    await move(world, table_id)
    assert last_post_pings(world) == {second.id}, "away for ten minutes: pinged"


async def test_after_a_restart_a_turn_still_pings_the_player_away_and_not_the_one_here(
    world: World,
) -> None:
    """A new process keeps none of the log: whether the player moved lately is read."""
    table_id, _ = await open_table(world, world.alice, world.bob)
    first = await move(world, table_id)
    second = await to_move(world, table_id)
    world.clock.advance(MINUTE)
    await world.restart()
    await move(world, table_id)
    assert last_post_pings(world) == set(), f"{first.user.name} moved a minute ago"
    world.clock.advance(10 * MINUTE)
    await world.restart()
    await move(world, table_id)
    assert last_post_pings(world) == {second.id}, "away for ten minutes: pinged"


async def test_a_brisk_turn_is_decided_without_reading_the_store(world: World) -> None:
    """The player to move moved a minute ago at this table: the log rows this process wrote
    say so, and the move is written without a read of their settings or of the log."""
    table_id, _ = await open_table(world, world.alice, world.bob)
    await move(world, table_id)
    world.clock.advance(MINUTE)
    await move(world, table_id)
    store = world.bot.service.store
    reads: list[str] = []
    for name in ("get_user_settings", "latest_moves"):
        real = getattr(store, name)

        async def counted(*args: Any, _real: Any = real, _name: str = name, **how: Any) -> Any:
            reads.append(_name)
            return await _real(*args, **how)

        setattr(store, name, counted)
    world.clock.advance(MINUTE)
    await move(world, table_id)
    assert last_post_pings(world) == set()
    assert reads == []


async def test_quiet_hours_hold_a_turn_ping_until_they_end(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    await move(world, table_id)
    sleeper = await to_move(world, table_id)
    await move(world, table_id)
    # the sleeper's quiet hours start now (UTC) and last two hours
    now = world.clock()
    start, end = now - timedelta(minutes=1), now + timedelta(hours=2)
    hours = f"{start:%H:%M}-{end:%H:%M}"
    await sleeper.slash(world.channel, "settings", time_zone="UTC", quiet_hours=hours)
    world.clock.advance(10 * MINUTE)
    await move(world, table_id)
    assert await to_move(world, table_id) is sleeper
    assert last_post_pings(world) == set(), "quiet hours: the board does not ping"
    before = len(world.thread().history())
    await world.tick(HOUR)
    assert len(world.thread().history()) == before, "still quiet: nothing yet"
    await world.tick(HOUR + MINUTE)
    posted = world.thread().history()[before:]
    assert len(posted) == 1 and "your move" in posted[0].content
    assert last_post_pings(world) == {sleeper.id}, "pinged once the quiet hours end"


@pytest.mark.parametrize("choice", ["reminders", "digest"])
async def test_a_player_may_choose_no_turn_pings(world: World, choice: str) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    await move(world, table_id)
    chooser = await to_move(world, table_id)
    saved = await chooser.slash(world.channel, "settings", pings=choice)
    assert saved.response is not None and "Saved" in saved.response.content
    await move(world, table_id)
    world.clock.advance(10 * MINUTE)
    await move(world, table_id)
    assert await to_move(world, table_id) is chooser
    assert last_post_pings(world) == set()
    before = len(world.thread().history())
    await world.tick(7 * HOUR)  # the daily pace's first reminder is due after 6 hours
    reminders = world.thread().history()[before:]
    if choice == "reminders":
        assert len(reminders) == 1 and last_post_pings(world) == {chooser.id}
    else:
        assert reminders == [], "the daily digest tells them instead"

