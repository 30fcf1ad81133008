"""The opt-in daily digest: one direct message each morning listing the games waiting on you."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import simcord

from tests.e2e.conftest import World
from tests.e2e.driver import open_table, said


def dms(member: simcord.MemberActor) -> list[object]:
    channel = member.user.dm_channel
    return [] if channel is None else list(channel.history())


async def _until_morning(world: World, extra: float = 60.0) -> None:
    """Tick to just after the next 09:00 UTC."""
    now = world.clock()
    morning = datetime.combine(now.date(), time(9, 0), UTC)
    if morning <= now:
        morning += timedelta(days=1)
    await world.tick((morning - now).total_seconds() + extra)


async def test_the_daily_digest_lists_the_games_waiting_on_me_once_a_morning(
    world: World,
) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    mover_id = loaded.info.holder(loaded.decision.seat).user_id
    mover = world.alice if mover_id == world.alice.id else world.bob
    other = world.bob if mover is world.alice else world.alice

    saved = await mover.slash(world.channel, "settings", digest=True)
    assert "Daily digest of the games waiting on you: **on**" in said(saved)
    await other.slash(world.channel, "settings", digest=False)

    await _until_morning(world)
    sent = dms(mover)
    assert len(sent) == 1
    embed = sent[0].embeds[0]  # type: ignore[attr-defined]
    assert embed.title == "Good morning — 1 game waiting on you"
    assert f"Targi #{table_id}" in embed.description and "your move" in embed.description
    assert f"/{world.thread().id}/{world.boards()[-1].id})" in embed.description
    assert dms(other) == []

    await world.tick(3600)
    assert len(dms(mover)) == 1, "one digest a day"
    await _until_morning(world)
    assert len(dms(mover)) == 2

    await mover.slash(world.channel, "settings", digest=False)
    await _until_morning(world)
    assert len(dms(mover)) == 2
