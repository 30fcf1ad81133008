"""The contract for days-long play: pace, settings, timers, the undo-aware log, seat changes."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from storage import Conflict, SeatConflict, StorageError, Store
from tests.storage.conftest import FakeClock, OpenStore
from tests.storage.test_contract import new_table, play


async def test_pace_is_stored_and_defaults_to_daily(store: Store) -> None:
    default = await new_table(store)
    async with store.transaction() as tx:
        brisk = await tx.create_table(
            game="targi", guild_id=1, channel_id=2, host_id=3, seed=4, options={}, pace="brisk"
        )
    assert (await store.get_table(default)).pace == "daily"  # type: ignore[union-attr]
    assert (await store.get_table(brisk)).pace == "brisk"  # type: ignore[union-attr]


async def test_user_settings_are_created_then_replaced(store: Store, clock: FakeClock) -> None:
    assert await store.get_user_settings(42) is None
    async with store.transaction() as tx:
        await tx.put_user_settings(
            42, time_zone="Asia/Tokyo", quiet_start="22:00", quiet_end="07:30", notify="dm"
        )
    clock.advance(60)
    async with store.transaction() as tx:
        await tx.put_user_settings(
            42, time_zone="Europe/Paris", quiet_start=None, quiet_end=None, notify="thread"
        )
    found = await store.get_user_settings(42)
    assert found is not None
    assert (found.time_zone, found.quiet_start, found.quiet_end, found.notify) == (
        "Europe/Paris", None, None, "thread",
    )
    assert found.updated_at == clock.now
    with pytest.raises(StorageError):
        async with store.transaction() as tx:
            await tx.put_user_settings(
                42, time_zone=None, quiet_start="22:00", quiet_end=None, notify="dm"
            )
    assert (await store.get_user_settings(42)).time_zone == "Europe/Paris"  # type: ignore[union-attr]


async def test_turn_pings_are_kept_apart_from_the_other_settings(store: Store) -> None:
    async with store.transaction() as tx:
        await tx.set_turn_pings(42, "reminders")  # a member with no settings yet
    found = await store.get_user_settings(42)
    assert found is not None and found.turn_pings == "reminders" and found.notify == "thread"
    async with store.transaction() as tx:
        await tx.put_user_settings(
            42, time_zone="Asia/Tokyo", quiet_start=None, quiet_end=None, notify="dm"
        )
    assert (await store.get_user_settings(42)).turn_pings == "reminders"  # type: ignore[union-attr]
    async with store.transaction() as tx:
        await tx.set_turn_pings(42, "digest")
    found = await store.get_user_settings(42)
    assert found is not None and (found.turn_pings, found.time_zone) == ("digest", "Asia/Tokyo")
    assert (await store.get_user_settings(7)) is None
    with pytest.raises(StorageError):
        async with store.transaction() as tx:
            await tx.set_turn_pings(42, "hourly")  # type: ignore[arg-type]
    assert (await store.get_user_settings(42)).turn_pings == "digest"  # type: ignore[union-attr]


async def test_timers_come_due_in_order_and_finish_exactly_once(
    store: Store, clock: FakeClock
) -> None:
    table_id = await new_table(store)
    start = clock.now
    async with store.transaction() as tx:
        late = await tx.add_timer(
            table_id, seat=0, version=0, kind="deadline", due_at=start + timedelta(hours=24)
        )
        early = await tx.add_timer(
            table_id, seat=0, version=0, kind="reminder", number=1,
            due_at=start + timedelta(hours=6),
        )
    assert await store.next_timer_due() == start + timedelta(hours=6)
    assert await store.due_timers(start + timedelta(hours=5)) == []
    due = await store.due_timers(start + timedelta(hours=30))
    assert [t.id for t in due] == [early, late]
    assert due[0].kind == "reminder" and due[0].number == 1 and due[0].pending

    async with store.transaction() as tx:
        await tx.finish_timer(early, "fired")
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            await tx.finish_timer(early, "fired")
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            await tx.postpone_timer(early, start + timedelta(hours=9))
    async with store.transaction() as tx:
        await tx.postpone_timer(late, start + timedelta(hours=48))
    assert await store.next_timer_due() == start + timedelta(hours=48)

    async with store.transaction() as tx:
        assert await tx.cancel_timers(table_id) == 1
    assert await store.next_timer_due() is None
    timers = await store.list_timers(table_id)
    assert [(t.id, t.outcome) for t in timers] == [(late, "cancelled"), (early, "fired")]
    assert all(t.fired_at == clock.now for t in timers)


async def test_timers_added_together_come_due_each_in_its_turn(
    store: Store, clock: FakeClock
) -> None:
    table_id = await new_table(store)
    start = clock.now
    async with store.transaction() as tx:
        await tx.add_timers(table_id, seat=1, version=3, timers=[
            ("reminder", 2, start + timedelta(hours=12)),
            ("reminder", 1, start + timedelta(hours=6)),
            ("deadline", 0, start + timedelta(hours=24)),
        ])  # fmt: skip
        await tx.add_timers(table_id, seat=1, version=3, timers=[])
    fired = []
    for hours in (6, 12, 24):
        assert await store.next_timer_due() == start + timedelta(hours=hours)
        assert await store.due_timers(start + timedelta(hours=hours, seconds=-1)) == []
        async with store.transaction() as tx:
            due = await tx.claim_due_timers(table_id, start + timedelta(hours=hours))
            assert len(due) == 1
            await tx.finish_timer(due[0].id, "fired")
        fired += due
    assert await store.next_timer_due() is None
    assert [(t.kind, t.number, t.due_at - start) for t in fired] == [
        ("reminder", 1, timedelta(hours=6)),
        ("reminder", 2, timedelta(hours=12)),
        ("deadline", 0, timedelta(hours=24)),
    ]
    assert all((t.table_id, t.seat, t.version, t.pending) == (table_id, 1, 3, True) for t in fired)
    assert len({t.id for t in fired}) == 3


async def test_reminders_that_fell_due_together_are_claimed_together(
    store: Store, clock: FakeClock
) -> None:
    """After downtime every reminder that fell due is claimed at once, each a timer of its
    own that is finished once; those still to come stay with the deadline."""
    table_id = await new_table(store)
    start = clock.now
    async with store.transaction() as tx:
        await tx.add_timers(table_id, seat=0, version=1, timers=[
            ("reminder", 1, start + timedelta(hours=6)),
            ("reminder", 2, start + timedelta(hours=12)),
            ("reminder", 3, start + timedelta(hours=20)),
            ("deadline", 0, start + timedelta(hours=24)),
        ])  # fmt: skip
    async with store.transaction() as tx:
        due = await tx.claim_due_timers(table_id, start + timedelta(hours=13))
        assert [(t.kind, t.number) for t in due] == [("reminder", 1), ("reminder", 2)]
        for timer in due:
            await tx.finish_timer(timer.id, "skipped" if timer.number == 1 else "fired")
    async with store.transaction() as tx:
        assert await tx.claim_due_timers(table_id, start + timedelta(hours=13)) == []
    (deadline,) = await store.list_timers(table_id, pending=True)
    assert deadline.reminders == ((3, start + timedelta(hours=20)),)
    assert await store.next_timer_due() == start + timedelta(hours=20)
    outcomes = [(t.kind, t.number, t.outcome) for t in await store.list_timers(table_id)]
    assert outcomes == [
        ("deadline", 0, None), ("reminder", 1, "skipped"), ("reminder", 2, "fired"),
    ]


async def test_two_connections_finish_a_timer_once(open_db: OpenStore, clock: FakeClock) -> None:
    first, second = await open_db(), await open_db()
    table_id = await new_table(first)
    async with first.transaction() as tx:
        timer = await tx.add_timer(table_id, seat=0, version=0, kind="deadline", due_at=clock.now)

    async def fire(store: Store) -> bool:
        try:
            async with store.transaction() as tx:
                await tx.finish_timer(timer, "fired")
                await tx.enqueue(table_id, version=0, kind="stalled", payload={})
        except Conflict:
            return False
        return True

    assert sorted(await asyncio.gather(fire(first), fire(second))) == [False, True]
    assert [r.kind for r in await first.list_outbox(table_id)] == ["stalled"]


async def test_action_rows_keep_kind_reversibility_events_and_undo_target(store: Store) -> None:
    table_id = await new_table(store)
    await play(store, table_id, 1, "r1")
    async with store.transaction() as tx:
        await tx.advance_version(table_id, expected=1, new=2)
        await tx.append_action(
            table_id, version=2, seat=0, action="place 3", request_id="r2", user_id=1,
            reversible=True, revealed=False, events=["Blue placed on #3.", "Nothing else."],
            description="Place on #3",
        )
        await tx.advance_version(table_id, expected=2, new=3)
        await tx.append_action(
            table_id, version=3, seat=1, action="place 4", request_id="r3", user_id=2,
            reversible=False, revealed=False,
        )
        await tx.advance_version(table_id, expected=3, new=4)
        await tx.append_action(
            table_id, version=4, seat=0, action="undo", request_id="u4", user_id=1,
            kind="undo", undo_to=1,
        )
    first, second, third, undo = await store.list_actions(table_id)
    # a row written without saying is taken as revealing: it is never undone
    assert (first.kind, first.reversible, first.revealed) == ("move", False, True)
    assert (first.events, first.undo_to) == ((), None)
    assert (second.reversible, second.revealed, second.events, second.description) == (
        True, False, ("Blue placed on #3.", "Nothing else."), "Place on #3",
    )
    # passing the decision on is apart from revealing something
    assert (third.reversible, third.revealed) == (False, False)
    assert (undo.kind, undo.undo_to, undo.action) == ("undo", 1, "undo")
    assert await store.get_action(table_id, 2) == second
    assert await store.get_action(table_id, 3) == third


async def test_a_seat_changes_hands_in_place_and_the_change_is_recorded(store: Store) -> None:
    table_id = await new_table(store, host=1)
    async with store.transaction() as tx:
        await tx.add_seat(table_id, user_id=2, agent=None, name="Two")
        await tx.replace_seat(
            table_id, 1, user_id=None, agent="greedy", name="Greedy bot", owner_id=2,
            reason="takeover", by_user=1, version=7,
        )
    table = await store.get_table(table_id)
    assert table is not None
    seat = table.seats[1]
    assert (seat.user_id, seat.agent, seat.owner_id, seat.name) == (None, "greedy", 2, "Greedy bot")
    # the owner still finds the table among theirs
    assert [t.id for t in await store.list_tables(user_id=2)] == [table_id]

    with pytest.raises(SeatConflict):
        async with store.transaction() as tx:
            await tx.replace_seat(
                table_id, 1, user_id=1, agent=None, name="Host again", owner_id=None,
                reason="take_seat", by_user=1, version=7,
            )
    async with store.transaction() as tx:
        await tx.replace_seat(
            table_id, 1, user_id=3, agent=None, name="Three", owner_id=None,
            reason="take_seat", by_user=3, version=8,
        )
    changes = await store.list_seat_changes(table_id)
    assert changes[0].from_name == "Two" and changes[1].to_name == "Three"
    moves = [
        (c.reason, c.from_user, c.from_agent, c.to_user, c.to_agent, c.version) for c in changes
    ]
    assert moves == [
        ("takeover", 2, None, None, "greedy", 7),
        ("take_seat", None, "greedy", 3, None, 8),
    ]
    assert await store.list_tables(user_id=2) == []


async def test_undo_requests_collect_consents(store: Store, clock: FakeClock) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        request_id = await tx.create_undo_request(
            table_id, requested_by=1, seat=0, at_version=5, target_version=3, needed=[2, 3]
        )
    request = await store.open_undo_request(table_id)
    assert request is not None and request.id == request_id
    assert (request.needed, request.consents, request.status) == ((2, 3), (), "open")
    async with store.transaction() as tx:
        await tx.update_undo_request(request_id, consents=[2], status="open")
    async with store.transaction() as tx:
        await tx.update_undo_request(request_id, consents=[2, 3], status="applied")
    done = await store.get_undo_request(request_id)
    assert done is not None and done.consents == (2, 3) and done.resolved_at == clock.now
    assert await store.open_undo_request(table_id) is None


async def test_a_delivery_attempt_is_remembered(store: Store, clock: FakeClock) -> None:
    table_id = await new_table(store)
    await play(store, table_id, 1, "r1")
    (row,) = await store.pending_outbox()
    assert row.attempted_at is None
    assert await store.mark_attempted(row.id) is None
    first = clock.now
    clock.advance(30)
    assert await store.mark_attempted(row.id) == first
    assert (await store.get_outbox(row.id)).attempted_at == clock.now  # type: ignore[union-attr]
    with pytest.raises(StorageError):
        await store.mark_attempted(999)


async def test_new_rows_survive_reopening(open_db: OpenStore, clock: FakeClock) -> None:
    store = await open_db()
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.add_timer(table_id, seat=0, version=0, kind="deadline", due_at=clock.now)
        await tx.put_user_settings(
            7, time_zone="America/New_York", quiet_start="23:00", quiet_end="08:00", notify="dm"
        )
    await store.close()
    again = await open_db()
    assert [t.kind for t in await again.due_timers(clock.now)] == ["deadline"]
    assert (await again.get_user_settings(7)).notify == "dm"  # type: ignore[union-attr]
