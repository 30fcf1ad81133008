"""The storage contract: what every backend must do, checked on a real database."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

from storage import (
    Conflict,
    DuplicateRequest,
    SeatConflict,
    StatusConflict,
    StorageError,
    Store,
    VersionConflict,
)
from tests.storage.conftest import FakeClock, OpenStore

BIG_SEED = 2**63 - 1
GUILD = 111_222_333_444_555_666
CHANNEL = 777_888_999_000_111_222


async def new_table(store: Store, *, guild_id: int | None = GUILD, host: int = 1) -> int:
    async with store.transaction() as tx:
        table_id = await tx.create_table(
            game="targi",
            guild_id=guild_id,
            channel_id=CHANNEL,
            host_id=host,
            seed=BIG_SEED,
            options={"variant": "basic", "nested": {"n": [1, 2]}},
        )
        await tx.add_seat(table_id, user_id=host, agent=None, name="Host")
    return table_id


async def play(store: Store, table_id: int, version: int, request_id: str, **extra: Any) -> None:
    """One move as the service commits it: CAS, action, snapshot and outbox together."""
    async with store.transaction() as tx:
        await tx.advance_version(table_id, expected=version - 1, new=version)
        await tx.append_action(
            table_id, version=version, seat=0, action=f"place {version}",
            request_id=request_id, user_id=1,
        )
        await tx.put_snapshot(table_id, version, {"version": version, **extra})
        await tx.enqueue(table_id, version=version, kind="turn", payload={"v": version})


# ---- migrations ----------------------------------------------------------------------------


async def test_reopening_keeps_the_schema_and_the_data(open_db: OpenStore) -> None:
    store = await open_db()
    applied = await store.applied_migrations()
    table_id = await new_table(store)
    await store.close()

    again = await open_db()
    assert await again.applied_migrations() == applied
    assert (await again.get_table(table_id)) is not None


# ---- tables and seats ----------------------------------------------------------------------


async def test_table_round_trip_keeps_every_field(store: Store, clock: FakeClock) -> None:
    table_id = await new_table(store)
    table = await store.get_table(table_id)
    assert table is not None
    assert (table.id, table.game, table.guild_id, table.channel_id) == (
        table_id, "targi", GUILD, CHANNEL,
    )
    assert table.status == "lobby"
    assert table.version == 0
    assert table.seed == BIG_SEED
    assert table.host_id == 1
    assert table.options == {"variant": "basic", "nested": {"n": [1, 2]}}
    assert table.lobby_message_id is None and table.thread_id is None
    assert table.created_at == table.updated_at == clock.now
    assert [(s.seat, s.user_id, s.agent, s.name) for s in table.seats] == [(0, 1, None, "Host")]

    clock.advance(60)
    async with store.transaction() as tx:
        await tx.set_lobby_message(table_id, 42)
        await tx.set_thread(table_id, 43)
        await tx.set_host(table_id, 2)
        await tx.set_status(table_id, "active", expected="lobby")
    table = await store.get_table(table_id)
    assert table is not None
    assert (table.lobby_message_id, table.thread_id, table.host_id, table.status) == (
        42, 43, 2, "active",
    )
    assert table.updated_at == clock.now != table.created_at
    assert await store.get_table(table_id + 1000) is None


async def test_seats_keep_join_order_and_close_gaps_when_someone_leaves(store: Store) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.add_seat(table_id, user_id=2, agent=None, name="Two")
        await tx.add_seat(table_id, user_id=None, agent="greedy", name="Greedy bot")
        await tx.add_seat(table_id, user_id=None, agent="greedy", name="Greedy bot 2")
        await tx.add_seat(table_id, user_id=5, agent=None, name="Five")
        await tx.remove_seat(table_id, 1)
    table = await store.get_table(table_id)
    assert table is not None
    assert [(s.seat, s.user_id, s.agent) for s in table.seats] == [
        (0, 1, None), (1, None, "greedy"), (2, None, "greedy"), (3, 5, None),
    ]
    assert [s.is_agent for s in table.seats] == [False, True, True, False]


async def test_a_user_holds_at_most_one_seat_per_table(store: Store) -> None:
    first, second = await new_table(store), await new_table(store)
    with pytest.raises(SeatConflict):
        async with store.transaction() as tx:
            await tx.add_seat(first, user_id=1, agent=None, name="Host again")
    async with store.transaction() as tx:
        await tx.add_seat(second, user_id=7, agent=None, name="Seven")
        await tx.add_seat(first, user_id=7, agent=None, name="Seven")
    with pytest.raises(ValueError):
        async with store.transaction() as tx:
            await tx.add_seat(first, user_id=8, agent="greedy", name="Both")
    table = await store.get_table(first)
    assert table is not None and [s.user_id for s in table.seats] == [1, 7]


async def test_rows_need_an_existing_table(store: Store) -> None:
    with pytest.raises(StorageError):
        async with store.transaction() as tx:
            await tx.add_seat(999, user_id=1, agent=None, name="Nobody")
    with pytest.raises(StorageError):
        async with store.transaction() as tx:
            await tx.enqueue(999, version=0, kind="start", payload={})
    with pytest.raises(StorageError):
        async with store.transaction() as tx:
            await tx.set_thread(999, 5)
    with pytest.raises(StorageError):
        async with store.transaction() as tx:
            await tx.remove_seat(999, 0)
    assert await store.pending_outbox() == []


async def test_a_thread_hosts_one_table_and_a_version_has_one_snapshot(store: Store) -> None:
    a, b = await new_table(store), await new_table(store)
    async with store.transaction() as tx:
        await tx.set_thread(a, 31)
        await tx.put_snapshot(a, 0, {"first": True})
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            await tx.set_thread(b, 31)
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            await tx.put_snapshot(a, 0, {"first": False})
    snapshot = await store.get_snapshot(a, 0)
    assert snapshot is not None and snapshot.state == {"first": True}
    table = await store.get_table(b)
    assert table is not None and table.thread_id is None


async def test_listing_tables_by_server_user_and_status(store: Store) -> None:
    a = await new_table(store, host=1)
    b = await new_table(store, host=2)
    c = await new_table(store, guild_id=None, host=1)
    d = await new_table(store, guild_id=5, host=3)
    async with store.transaction() as tx:
        await tx.set_status(b, "active", expected="lobby")
        await tx.set_status(d, "cancelled", expected="lobby")
        await tx.set_thread(b, 9000)
    assert [t.id for t in await store.list_tables(guild_id=GUILD)] == [a, b]
    assert [t.id for t in await store.list_tables(user_id=1)] == [a, c]
    assert [t.id for t in await store.list_tables(statuses=["active", "cancelled"])] == [b, d]
    assert await store.list_tables(statuses=[]) == []
    assert await store.count_open_tables(GUILD) == 2
    assert await store.count_open_tables(None) == 1
    assert await store.count_open_tables(5) == 0
    found = await store.table_for_thread(9000)
    assert found is not None and found.id == b
    assert await store.table_for_thread(9001) is None


# ---- compare-and-set and atomicity ---------------------------------------------------------


async def test_version_compare_and_set_refuses_a_stale_version(store: Store) -> None:
    table_id = await new_table(store)
    await play(store, table_id, 1, "r1")
    with pytest.raises(VersionConflict) as caught:
        await play(store, table_id, 1, "r1-again")
    assert (caught.value.expected, caught.value.actual) == (0, 1)
    table = await store.get_table(table_id)
    assert table is not None and table.version == 1
    assert [a.request_id for a in await store.list_actions(table_id)] == ["r1"]
    assert [o.version for o in await store.list_outbox(table_id)] == [1]


async def test_status_compare_and_set_refuses_a_stale_status(store: Store) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.set_status(table_id, "cancelled", expected="lobby")
    with pytest.raises(StatusConflict) as caught:
        async with store.transaction() as tx:
            await tx.set_status(table_id, "active", expected="lobby")
    assert caught.value.actual == "cancelled"


async def test_a_move_sets_version_and_status_together_or_neither(store: Store) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.set_status(table_id, "active", expected="lobby")
        await tx.advance_version(table_id, expected=0, new=1, status="active")
    with pytest.raises(VersionConflict) as stale:
        async with store.transaction() as tx:
            await tx.advance_version(table_id, expected=0, new=1, status="finished")
    assert (stale.value.expected, stale.value.actual) == (0, 1)
    async with store.transaction() as tx:
        await tx.set_status(table_id, "cancelled", expected="active")
    with pytest.raises(StatusConflict) as closed:
        async with store.transaction() as tx:
            await tx.advance_version(table_id, expected=1, new=2, status="active")
    assert (closed.value.expected, closed.value.actual) == ("active", "cancelled")
    table = await store.get_table(table_id)
    assert table is not None and (table.version, table.status) == (1, "cancelled")


async def test_concurrent_moves_on_the_same_version_apply_once(store: Store) -> None:
    table_id = await new_table(store)
    results = await asyncio.gather(
        *(play(store, table_id, 1, f"click-{i}") for i in range(20)), return_exceptions=True
    )
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, VersionConflict) for r in results if r is not None)
    assert len(await store.list_actions(table_id)) == 1


async def test_a_failed_transaction_leaves_nothing_behind(store: Store) -> None:
    existing = await new_table(store)
    created: list[int] = []
    with pytest.raises(RuntimeError, match="boom"):
        async with store.transaction() as tx:
            table_id = await tx.create_table(
                game="targi", guild_id=GUILD, channel_id=CHANNEL, host_id=9, seed=1, options={}
            )
            created.append(table_id)
            await tx.add_seat(table_id, user_id=9, agent=None, name="Nine")
            await tx.advance_version(existing, expected=0, new=1)
            await tx.append_action(
                existing, version=1, seat=0, action="place 1", request_id="x", user_id=1
            )
            await tx.put_snapshot(existing, 1, {"v": 1})
            await tx.enqueue(existing, version=1, kind="turn", payload={})
            await tx.set_status(existing, "active", expected="lobby")
            raise RuntimeError("boom")
    assert await store.get_table(created[0]) is None
    table = await store.get_table(existing)
    assert table is not None and (table.version, table.status) == (0, "lobby")
    assert await store.list_actions(existing) == []
    assert await store.get_snapshot(existing) is None
    assert await store.list_outbox(existing) == []
    assert await store.list_tables(user_id=9) == []
    # The store is usable afterwards.
    await play(store, existing, 1, "after")
    assert len(await store.list_actions(existing)) == 1


async def test_store_methods_inside_a_transaction_fail_fast_instead_of_waiting(
    store: Store,
) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        with pytest.raises(RuntimeError, match="transaction"):
            await asyncio.wait_for(store.get_table(table_id), timeout=2)
        assert await tx.get_table(table_id) is not None


async def test_two_connections_to_one_database_cannot_both_apply_a_version(
    open_db: OpenStore,
) -> None:
    first, second = await open_db(), await open_db()
    table_id = await new_table(first)
    results = await asyncio.gather(
        play(first, table_id, 1, "a"), play(second, table_id, 1, "b"), return_exceptions=True
    )
    assert sorted(type(r).__name__ for r in results) == ["NoneType", "VersionConflict"]
    assert len(await second.list_actions(table_id)) == 1


# ---- action log and snapshots --------------------------------------------------------------


async def test_action_log_round_trip_and_unique_request_id(
    store: Store, clock: FakeClock
) -> None:
    table_id = await new_table(store)
    other = await new_table(store)
    await play(store, table_id, 1, "r1")
    await play(store, table_id, 2, "r2")
    with pytest.raises(DuplicateRequest):
        async with store.transaction() as tx:
            await tx.advance_version(table_id, expected=2, new=3)
            await tx.append_action(
                table_id, version=3, seat=0, action="place 3", request_id="r1", user_id=1
            )
    await play(store, other, 1, "r1")  # request ids are unique per table, not globally

    actions = await store.list_actions(table_id)
    assert [(a.version, a.action, a.request_id, a.seat, a.user_id) for a in actions] == [
        (1, "place 1", "r1", 0, 1), (2, "place 2", "r2", 0, 1),
    ]
    assert actions[0].created_at == clock.now
    assert [a.version for a in await store.list_actions(table_id, after=1)] == [2]
    found = await store.action_by_request(table_id, "r2")
    assert found is not None and found.version == 2
    assert await store.action_by_request(table_id, "nope") is None
    assert await store.get_action(table_id, 2) == found
    assert await store.get_action(table_id, 3) is None
    table = await store.get_table(table_id)
    assert table is not None and table.version == 2


async def test_agent_actions_have_no_user(store: Store) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.append_action(
            table_id, version=1, seat=1, action="end", request_id="agent:1:1", user_id=None
        )
    action = await store.get_action(table_id, 1)
    assert action is not None and action.user_id is None and action.seat == 1


async def test_snapshots_by_version_and_latest(store: Store) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.put_snapshot(table_id, 0, {"version": 0, "deep": {"list": [1, None, "x"]}})
    for version in (1, 2, 3):
        await play(store, table_id, version, f"r{version}", text="é ✓ \"quoted\"")
    zero = await store.get_snapshot(table_id, 0)
    assert zero is not None and zero.state == {"version": 0, "deep": {"list": [1, None, "x"]}}
    latest = await store.get_snapshot(table_id)
    assert latest is not None and latest.version == 3
    assert latest.state == {"version": 3, "text": "é ✓ \"quoted\""}
    two = await store.get_snapshot(table_id, 2)
    assert two is not None and two.state["version"] == 2
    assert await store.get_snapshot(table_id, 4) is None
    assert await store.get_snapshot(table_id + 1) is None


async def test_a_state_is_read_as_its_latest_snapshot_and_the_log_after_it(
    store: Store,
) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.put_snapshot(table_id, 0, {"at": 0})
    for version in (1, 2, 3, 4, 5):
        async with store.transaction() as tx:
            await tx.advance_version(table_id, expected=version - 1, new=version)
            undo = version == 4
            await tx.append_action(
                table_id, version=version, seat=0, action="" if undo else f"place {version}",
                request_id=f"r{version}", user_id=1, kind="undo" if undo else "move",
                undo_to=2 if undo else None,
            )
            if version == 2:
                await tx.put_snapshot(table_id, 2, {"at": 2, "text": "é ✓"})
    source = await store.replay_source(table_id, 5)
    assert source is not None
    assert (source.snapshot.version, source.snapshot.state) == (2, {"at": 2, "text": "é ✓"})
    assert [(m.version, m.kind, m.action, m.undo_to) for m in source.after] == [
        (3, "move", "place 3", None), (4, "undo", "", 2), (5, "move", "place 5", None),
    ]
    earlier = await store.replay_source(table_id, 1)
    assert earlier is not None and earlier.snapshot.version == 0
    assert [m.version for m in earlier.after] == [1]
    exact = await store.replay_source(table_id, 2)
    assert exact is not None and exact.snapshot.version == 2 and exact.after == ()
    assert await store.replay_source(await new_table(store), 0) is None


async def test_a_snapshot_moved_to_a_later_version_leaves_none_behind(store: Store) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.put_snapshot(table_id, 1, {"at": 1})
        await tx.move_snapshot(table_id, old=1, new=2, state={"at": 2})
        await tx.move_snapshot(table_id, old=5, new=6, state={"at": 6})  # none at 5: added
    assert await store.snapshot_versions(table_id) == [2, 6]
    assert await store.get_snapshot(table_id, 1) is None
    moved = await store.get_snapshot(table_id, 2)
    assert moved is not None and moved.state == {"at": 2}
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            await tx.move_snapshot(table_id, old=2, new=6, state={"at": "again"})
    kept = await store.get_snapshot(table_id, 6)
    assert kept is not None and kept.state == {"at": 6}


# ---- outbox --------------------------------------------------------------------------------


async def test_outbox_is_delivered_in_order_and_marked(store: Store, clock: FakeClock) -> None:
    a, b = await new_table(store), await new_table(store)
    async with store.transaction() as tx:
        ids = [
            await tx.enqueue(a, version=0, kind="start", payload={"seats": [1, 2]}),
            await tx.enqueue(b, version=0, kind="start", payload={}),
            await tx.enqueue(a, version=1, kind="turn", payload={"events": ["x"]}),
        ]
    pending = await store.pending_outbox()
    assert [o.id for o in pending] == ids
    first = pending[0]
    assert (first.table_id, first.version, first.kind, first.payload) == (
        a, 0, "start", {"seats": [1, 2]},
    )
    assert (first.created_at, first.delivered_at, first.attempts, first.last_error) == (
        clock.now, None, 0, None,
    )
    assert [o.id for o in await store.pending_outbox(limit=2)] == ids[:2]

    clock.advance(5)
    await store.mark_delivered(ids[0], message_id=123_456_789_012_345_678)
    assert [o.id for o in await store.pending_outbox()] == ids[1:]
    rows = await store.list_outbox(a)
    assert [(o.id, o.delivered_at, o.message_id) for o in rows] == [
        (ids[0], clock.now, 123_456_789_012_345_678),
        (ids[2], None, None),
    ]
    assert await store.get_outbox(ids[0]) == rows[0]
    assert await store.get_outbox(99_999) is None
    with pytest.raises(StorageError):
        await store.mark_delivered(99_999)


async def test_a_tables_newest_outbox_rows_are_read_in_order(store: Store) -> None:
    a, b = await new_table(store), await new_table(store)
    async with store.transaction() as tx:
        ids = [await tx.enqueue(a, version=v, kind="turn", payload={"v": v}) for v in range(5)]
        await tx.enqueue(b, version=0, kind="start", payload={})
    assert [o.id for o in await store.list_outbox(a, newest=2)] == ids[-2:]
    assert await store.list_outbox(a, newest=9) == await store.list_outbox(a)
    assert [o.payload for o in await store.list_outbox(a, newest=1)] == [{"v": 4}]


async def test_a_failed_row_holds_back_its_table_but_not_others(
    store: Store, clock: FakeClock
) -> None:
    a, b = await new_table(store), await new_table(store)
    async with store.transaction() as tx:
        a1 = await tx.enqueue(a, version=1, kind="turn", payload={})
        a2 = await tx.enqueue(a, version=2, kind="turn", payload={})
        b1 = await tx.enqueue(b, version=1, kind="turn", payload={})

    await store.mark_failed(a1, "503 Service Unavailable", retry_at=clock.now.replace(second=30))
    assert [o.id for o in await store.pending_outbox()] == [b1]
    row = (await store.list_outbox(a))[0]
    assert (row.attempts, row.last_error, row.not_before) == (
        1, "503 Service Unavailable", clock.now.replace(second=30),
    )

    clock.advance(30)
    assert [o.id for o in await store.pending_outbox()] == [a1, a2, b1]
    await store.mark_failed(a1, "again")  # no retry time: due at once
    row = (await store.list_outbox(a))[0]
    assert (row.attempts, row.last_error, row.not_before) == (2, "again", None)
    assert [o.id for o in await store.pending_outbox()] == [a1, a2, b1]


async def test_an_outbox_row_can_wait_until_a_given_time(store: Store, clock: FakeClock) -> None:
    table_id = await new_table(store)
    later = clock.now.replace(hour=13)
    async with store.transaction() as tx:
        row_id = await tx.enqueue(
            table_id, version=0, kind="reminder", payload={}, not_before=later
        )
    assert await store.pending_outbox() == []
    assert [o.id for o in await store.pending_outbox(now=later)] == [row_id]


# ---- durability ----------------------------------------------------------------------------


async def test_everything_survives_closing_and_reopening(open_db: OpenStore) -> None:
    store = await open_db()
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.add_seat(table_id, user_id=None, agent="random", name="Random bot")
        await tx.set_status(table_id, "active", expected="lobby")
        await tx.set_thread(table_id, 555)
        await tx.put_snapshot(table_id, 0, {"version": 0})
    await play(store, table_id, 1, "r1")
    before = (
        await store.get_table(table_id),
        await store.list_actions(table_id),
        await store.get_snapshot(table_id),
        await store.list_outbox(table_id),
    )
    await store.close()
    with pytest.raises(StorageError):
        await store.get_table(table_id)

    reopened = await open_db()
    after = (
        await reopened.get_table(table_id),
        await reopened.list_actions(table_id),
        await reopened.get_snapshot(table_id),
        await reopened.list_outbox(table_id),
    )
    assert after == before
    assert (await reopened.table_for_thread(555)) == before[0]


async def test_delivery_marked_while_a_move_commits_is_kept(store: Store) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        first = await tx.enqueue(table_id, version=0, kind="start", payload={})

    async def move() -> None:
        async with store.transaction() as tx:
            await tx.enqueue(table_id, version=1, kind="turn", payload={})
            await asyncio.sleep(0.01)  # the dispatcher marks the first row meanwhile

    await asyncio.gather(move(), store.mark_delivered(first, message_id=1))
    rows = await store.list_outbox(table_id)
    assert [(r.kind, r.message_id) for r in rows] == [("start", 1), ("turn", None)]
    assert [r.kind for r in await store.pending_outbox()] == ["turn"]


# ---- quarantine ----------------------------------------------------------------------------


async def test_a_table_is_quarantined_once_and_keeps_its_first_reason(
    store: Store, clock: FakeClock
) -> None:
    healthy, broken = await new_table(store), await new_table(store)
    assert await store.broken_tables() == []
    async with store.transaction() as tx:
        assert await tx.mark_broken(broken, "KeyError: 'np'") is True
    clock.advance(60)
    async with store.transaction() as tx:
        assert await tx.mark_broken(broken, "something later") is False
        with pytest.raises(StorageError):
            await tx.mark_broken(999_999, "no such table")
    found = await store.broken_tables()
    assert [t.id for t in found] == [broken]
    assert found[0].broken == "KeyError: 'np'" and found[0].broken_at is not None
    table = await store.get_table(healthy)
    assert table is not None and table.broken is None and table.broken_at is None


# ---- pruning -------------------------------------------------------------------------------


async def test_prune_keeps_what_an_open_table_needs_and_compacts_an_old_finished_one(
    store: Store, clock: FakeClock
) -> None:
    open_id, done_id = await new_table(store), await new_table(store)
    for table_id in (open_id, done_id):
        async with store.transaction() as tx:
            await tx.set_status(table_id, "active", expected="lobby")
            await tx.put_snapshot(table_id, 0, {"v": 0})
            await tx.add_timer(table_id, seat=0, version=0, kind="reminder", due_at=clock.now)
        for version in range(1, 5):
            await play(store, table_id, version, f"req-{version}")
        for row in await store.list_outbox(table_id):
            await store.mark_delivered(row.id, message_id=100 + row.id)
    async with store.transaction() as tx:
        (timer,) = [t.id for t in await tx.list_timers(open_id)]
        await tx.finish_timer(timer, "fired")
        await tx.add_timer(open_id, seat=0, version=4, kind="deadline", due_at=clock.now)
        await tx.set_status(done_id, "finished", expected="active")
        await tx.cancel_timers(done_id)
    clock.advance(40 * 86_400)
    async with store.transaction() as tx:  # after the cutoff: kept
        await tx.put_snapshot(open_id, 5, {"v": 5})
        await tx.enqueue(open_id, version=5, kind="turn", payload={"v": 5})

    counts = await store.prune(clock.now - timedelta(days=30), snapshot_every=2)
    await store.vacuum()

    assert [t.kind for t in await store.list_timers(open_id)] == ["deadline"]  # still pending
    outbox = await store.list_outbox(open_id)
    assert [(r.kind, r.version) for r in outbox] == [("turn", 4), ("turn", 5)]
    versions = [v for v in range(6) if await store.get_snapshot(open_id, v) is not None]
    assert versions == [0, 2, 4, 5]
    assert await store.list_outbox(done_id) == []
    assert await store.get_snapshot(done_id, 0) is None
    latest = await store.get_snapshot(done_id)
    assert latest is not None and latest.version == 4
    moves = await store.list_actions(done_id)
    assert [a.action for a in moves] == [f"place {v}" for v in range(1, 5)]  # never lost
    assert await store.action_by_request(done_id, "req-1") is None
    assert counts["timers"] == 2 and counts["actions"] == 4
    assert await store.prune(clock.now - timedelta(days=30), snapshot_every=2) == {
        "timers": 0, "outbox": 0, "snapshots": 0, "actions": 0,
    }


async def test_the_inbox_orders_by_running_deadline_and_latest_messages_are_found(
    store: Store, clock: FakeClock
) -> None:
    first, second, lobby = await new_table(store), await new_table(store), await new_table(store)
    for table_id in (first, second):
        async with store.transaction() as tx:
            await tx.add_seat(table_id, user_id=2, agent=None, name="Guest")
            await tx.set_status(table_id, "active", expected="lobby")
            await tx.add_timer(table_id, seat=1, version=0, kind="deadline", due_at=clock.now)
    async with store.transaction() as tx:
        await tx.cancel_timers(second)
        await tx.add_timer(second, seat=0, version=0, kind="deadline", due_at=clock.now)
        await tx.add_timer(second, seat=1, version=0, kind="reminder", due_at=clock.now)
        await tx.replace_seat(
            first, 0, user_id=None, agent="greedy", name="Bot", owner_id=1, reason="takeover",
            by_user=1, version=0,
        )
    inbox = await store.inbox(1, ["lobby", "active"], limit=10)
    assert (inbox.total, inbox.waiting) == (3, 1)
    assert [(s.table_id, s.seat, s.holds, s.deadline_seat) for s in inbox.rows] == [
        (second, 0, True, 0), (lobby, 0, True, None), (first, 0, False, 1),
    ]  # waiting first, then the latest activity
    assert inbox.rows[0].deadline == clock.now and inbox.rows[1].deadline is None
    page = await store.inbox(1, ["lobby", "active"], offset=1, limit=1)
    assert [s.table_id for s in page.rows] == [lobby] and page.total == 3
    beyond = await store.inbox(1, ["lobby", "active"], offset=5, limit=1)
    assert (beyond.rows, beyond.total, beyond.waiting) == ((), 3, 1)
    assert [s.table_id for s in (await store.inbox(1, ["lobby"])).rows] == [lobby]
    assert (await store.inbox(99, ["active"])).total == 0
    await play(store, second, 1, "r1")
    (row,) = await store.list_outbox(second)
    assert await store.latest_messages([second], ["turn"]) == {}  # not delivered yet
    await store.mark_delivered(row.id, message_id=77)
    assert await store.latest_messages([first, second], ["start", "turn"]) == {second: 77}
    assert await store.latest_messages([second], ["result"]) == {}
    assert [t.id for t in await store.list_tables(ids=[lobby, first])] == [first, lobby]
