"""Contract: server settings, the moderators' log, away time, turn times and the digest."""

from __future__ import annotations

from datetime import timedelta

from storage import Store
from tests.storage.conftest import FakeClock
from tests.storage.test_contract import GUILD, new_table


async def test_guild_settings_round_trip_and_stay_per_server(store: Store) -> None:
    assert await store.get_guild_settings(GUILD) == {}
    async with store.transaction() as tx:
        await tx.put_guild_settings(GUILD, {"max_lobbies": 3, "mod_role_id": 9})
        await tx.put_guild_settings(GUILD + 1, {"max_lobbies": 1})
    assert await store.get_guild_settings(GUILD) == {"max_lobbies": 3, "mod_role_id": 9}
    async with store.transaction() as tx:
        await tx.put_guild_settings(GUILD, {"max_lobbies": 4})
    assert await store.get_guild_settings(GUILD) == {"max_lobbies": 4}
    assert await store.get_guild_settings(GUILD + 1) == {"max_lobbies": 1}


async def test_the_moderation_log_lists_a_servers_actions_newest_first(store: Store) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.log_moderation(GUILD, user_id=5, table_id=None, action="caps", detail="lobbies 3")
        await tx.log_moderation(GUILD, user_id=6, table_id=table_id, action="cancel", detail="spam")
        await tx.log_moderation(GUILD + 1, user_id=7, table_id=None, action="role", detail="x")
    log = await store.moderation_log(GUILD)
    assert [(r.user_id, r.table_id, r.action, r.detail) for r in log] == [
        (6, table_id, "cancel", "spam"),
        (5, None, "caps", "lobbies 3"),
    ]
    assert len(await store.moderation_log(GUILD, limit=1)) == 1


async def test_a_new_absence_cuts_short_the_one_under_way(store: Store, clock: FakeClock) -> None:
    now = clock.now
    async with store.transaction() as tx:
        await tx.add_away(5, starts_at=now, ends_at=now + timedelta(days=3))
    clock.advance(3600)
    later = clock.now
    async with store.transaction() as tx:
        await tx.add_away(5, starts_at=later, ends_at=later + timedelta(days=1))
        await tx.add_away(6, starts_at=later, ends_at=later + timedelta(days=9))
    periods = await store.away_periods([5], ends_after=now)
    assert [(p.starts_at, p.ends_at) for p in periods] == [
        (now, later),
        (later, later + timedelta(days=1)),
    ]
    assert await store.away_periods([5], ends_after=later + timedelta(days=1)) == []
    async with store.transaction() as tx:  # back early: an absence ending now
        await tx.add_away(5, starts_at=later, ends_at=later)
    assert [p.ends_at for p in await store.away_periods([5], ends_after=now)] == [later]


async def test_away_time_used_adds_up_per_table_and_member(store: Store) -> None:
    table_id = await new_table(store)
    assert await store.away_used(table_id, 5) == 0
    async with store.transaction() as tx:
        await tx.add_away_used(table_id, 5, 600)
        await tx.add_away_used(table_id, 5, 60)
        await tx.add_away_used(table_id, 6, 1)
    assert await store.away_used(table_id, 5) == 660


async def test_turn_times_start_when_the_decision_passed_to_the_member(
    store: Store, clock: FakeClock
) -> None:
    table_id = await new_table(store)
    start = clock.now
    async with store.transaction() as tx:
        await tx.put_snapshot(table_id, 0, {})
    moves = [(0, 5, 60), (0, 5, 5), (1, 6, 100), (0, 5, 30)]  # seat, user, seconds later
    for version, (seat, user, later) in enumerate(moves, 1):
        clock.advance(later)
        async with store.transaction() as tx:
            await tx.append_action(
                table_id, version=version, seat=seat, action="a", request_id=f"r{version}",
                user_id=user,
            )
    times = await store.turn_times(5)
    assert [(t.ended_at - t.started_at).total_seconds() for t in times] == [30, 60]
    assert times[-1].started_at == start
    assert [(t.ended_at - t.started_at).total_seconds() for t in await store.turn_times(6)] == [
        100
    ]


async def test_the_digest_opt_in_survives_other_settings(store: Store, clock: FakeClock) -> None:
    async with store.transaction() as tx:
        await tx.set_daily_digest(5, True)
        await tx.put_user_settings(
            5, time_zone="Europe/Paris", quiet_start=None, quiet_end=None, notify="dm"
        )
        await tx.set_daily_digest(6, False)
    assert [s.user_id for s in await store.digest_subscribers()] == [5]
    async with store.transaction() as tx:
        await tx.mark_digest_sent(5, clock.now)
    settings = await store.get_user_settings(5)
    assert settings is not None
    assert settings.daily_digest and settings.digest_sent_at == clock.now
    assert settings.time_zone == "Europe/Paris"
