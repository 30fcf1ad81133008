"""``commit_move``: all of a move's writes together, or none of them, on every backend."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

import pytest

from storage import (
    ActionRecord,
    DuplicateRequest,
    MoveCommit,
    RecordConflict,
    StatusConflict,
    Store,
    Transaction,
    VersionConflict,
)
from tests.storage.conftest import FakeClock
from tests.storage.test_contract import new_table, play


async def started(store: Store, clock: FakeClock) -> int:
    """An active table at version 1, with a pending timer and a snapshot at 0 and 1."""
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.set_status(table_id, "active", expected="lobby")
        await tx.put_snapshot(table_id, 0, {"version": 0})
        await tx.add_timer(
            table_id, seat=0, version=0, kind="deadline", due_at=clock() + timedelta(days=1)
        )
    await play(store, table_id, 1, "first")
    return table_id


def move(table_id: int, clock: FakeClock, **changes: object) -> MoveCommit:
    base = MoveCommit(
        table_id=table_id,
        expected=1,
        status="active",
        seat=0,
        action="place 5",
        request_id="click-2",
        user_id=1,
        reversible=True,
        revealed=False,
        events=[{"text": "Host places on 5"}],
        description="places on card 5",
        state={"version": 2, "deep": {"list": [1, 2]}},
        snapshot_replaces=1,
        timer_seat=0,
        timers=[
            ("reminder", 1, clock() + timedelta(hours=12)),
            ("deadline", 0, clock() + timedelta(days=1)),
        ],
        agent_job=False,
        outbox=[
            ("turn", {"version": 2, "text": "ünïcode ✔"}, None),
            ("archive", {"version": 2}, clock() + timedelta(hours=24)),
        ],
    )
    return replace(base, **changes)  # type: ignore[arg-type]


async def test_a_move_keeps_the_timers_that_fired_and_drops_those_it_replaced(
    store: Store, clock: FakeClock
) -> None:
    table_id = await started(store, clock)
    async with store.transaction() as tx:
        fired = await tx.add_timer(
            table_id, seat=1, version=1, kind="reminder", due_at=clock() + timedelta(hours=1)
        )
        await tx.finish_timer(fired, "fired")
    await store.commit_move(move(table_id, clock))

    timers = await store.list_timers(table_id)
    assert [(t.version, t.outcome) for t in timers] == [(1, "fired"), (2, None)]


async def test_a_move_writes_its_log_timers_snapshot_and_posts(
    store: Store, clock: FakeClock
) -> None:
    table_id = await started(store, clock)
    clock.advance(5)
    logged = await store.commit_move(move(table_id, clock))

    assert await store.list_actions(table_id, after=1) == [logged]  # returned as stored
    table = await store.get_table(table_id)
    assert table is not None and (table.version, table.status) == (2, "active")
    assert table.updated_at == clock()
    action = await store.get_action(table_id, 2)
    assert action is not None
    assert (action.seat, action.action, action.request_id, action.user_id) == (
        0, "place 5", "click-2", 1,
    )
    assert (action.kind, action.reversible, action.revealed) == ("move", True, False)
    assert action.events == ({"text": "Host places on 5"},)
    assert action.description == "places on card 5"
    assert action.created_at == clock()

    timers = await store.list_timers(table_id)
    assert [t.version for t in timers] == [2]  # the timers it replaced are gone
    # one row: the deadline, carrying the turn's reminder until it falls due
    (deadline,) = await store.list_timers(table_id, pending=True)
    assert (deadline.kind, deadline.number) == ("deadline", 0)
    assert (deadline.seat, deadline.version) == (0, 2)
    assert deadline.due_at == clock() + timedelta(days=1)
    assert deadline.reminders == ((1, clock() + timedelta(hours=12)),)
    assert deadline.wakes_at == clock() + timedelta(hours=12)
    assert await store.next_timer_due() == clock() + timedelta(hours=12)

    assert await store.snapshot_versions(table_id) == [0, 2]  # 1 was replaced by 2
    snapshot = await store.get_snapshot(table_id, 2)
    assert snapshot is not None and snapshot.state == {"version": 2, "deep": {"list": [1, 2]}}

    posts = [r for r in await store.list_outbox(table_id) if r.version == 2]
    assert [(r.kind, r.payload) for r in posts] == [
        ("turn", {"version": 2, "text": "ünïcode ✔"}), ("archive", {"version": 2}),
    ]
    assert posts[0].not_before is None
    assert posts[1].not_before == clock() + timedelta(hours=24)
    assert await store.list_agent_jobs() == []


async def test_a_move_without_a_snapshot_to_replace_adds_one_and_can_end_the_game(
    store: Store, clock: FakeClock
) -> None:
    table_id = await started(store, clock)
    await store.commit_move(
        move(table_id, clock, snapshot_replaces=None, status="finished", timer_seat=None,
             timers=[])
    )  # fmt: skip
    table = await store.get_table(table_id)
    assert table is not None and (table.version, table.status) == (2, "finished")
    assert await store.snapshot_versions(table_id) == [0, 1, 2]
    assert await store.list_timers(table_id, pending=True) == []


async def test_an_agent_to_move_next_queues_its_job_and_a_person_drops_it(
    store: Store, clock: FakeClock
) -> None:
    table_id = await started(store, clock)
    await store.commit_move(move(table_id, clock, agent_job=True, timer_seat=None, timers=[]))
    assert [(j.table_id, j.version) for j in await store.list_agent_jobs()] == [(table_id, 2)]
    await store.commit_move(
        move(table_id, clock, expected=2, request_id="click-3", snapshot_replaces=2)
    )
    assert await store.list_agent_jobs() == []


async def nothing_written(
    store: Store, table_id: int, outbox: int, *, others: bool = True
) -> None:
    """Table ``table_id`` is as ``started`` left it; with ``others``, no table has a job."""
    table = await store.get_table(table_id)
    assert table is not None and table.version == 1
    assert await store.get_action(table_id, 2) is None
    assert len(await store.list_outbox(table_id)) == outbox
    pending = await store.list_timers(table_id, pending=True)
    assert [(t.kind, t.version) for t in pending] == [("deadline", 0)]
    assert await store.snapshot_versions(table_id) == [0, 1]
    assert [j for j in await store.list_agent_jobs() if others or j.table_id == table_id] == []


async def test_a_stale_version_writes_nothing(store: Store, clock: FakeClock) -> None:
    table_id = await started(store, clock)
    outbox = len(await store.list_outbox(table_id))
    with pytest.raises(VersionConflict) as caught:
        await store.commit_move(move(table_id, clock, expected=0, agent_job=True))
    assert (caught.value.expected, caught.value.actual) == (0, 1)
    await nothing_written(store, table_id, outbox)


async def test_a_closed_table_takes_no_move(store: Store, clock: FakeClock) -> None:
    table_id = await started(store, clock)
    outbox = len(await store.list_outbox(table_id))
    async with store.transaction() as tx:
        await tx.set_status(table_id, "cancelled", expected="active")
    with pytest.raises(StatusConflict) as caught:
        await store.commit_move(move(table_id, clock, agent_job=True))
    assert caught.value.actual == "cancelled"
    await nothing_written(store, table_id, outbox)


async def revision(store: Store, table_id: int) -> int:
    table = await store.get_table(table_id)
    assert table is not None
    return table.revision


async def give_seat_to_agent(tx: Transaction, table_id: int) -> None:
    await tx.replace_seat(
        table_id, 0, user_id=None, agent="greedy", name="Bot", owner_id=1, reason="away",
        by_user=None, version=1,
    )  # fmt: skip


async def test_a_move_decided_before_its_seats_changed_writes_nothing(
    store: Store, clock: FakeClock
) -> None:
    """A process that kept a table's record from its last move decides the next move on it;
    if another process gave a seat away meanwhile, the move is refused, not written."""
    table_id = await started(store, clock)
    kept = await revision(store, table_id)
    async with store.transaction() as tx:
        await give_seat_to_agent(tx, table_id)
    outbox = len(await store.list_outbox(table_id))
    with pytest.raises(RecordConflict) as caught:
        await store.commit_move(move(table_id, clock, revision=kept, agent_job=True))
    assert (caught.value.expected, caught.value.actual) == (kept, kept + 1)
    await nothing_written(store, table_id, outbox)

    await store.commit_move(move(table_id, clock, revision=kept + 1))
    table = await store.get_table(table_id)
    assert table is not None and (table.version, table.revision) == (2, kept + 1)


CHANGES = {
    "thread": lambda tx, t: tx.set_thread(t, 5_000),
    "lobby message": lambda tx, t: tx.set_lobby_message(t, 6_000),
    "host": lambda tx, t: tx.set_host(t, 2),
    "options": lambda tx, t: tx.set_options(t, {"variant": "full"}),
    "status": lambda tx, t: tx.set_status(t, "cancelled", expected="active"),
    "quarantine": lambda tx, t: tx.mark_broken(t, "unreadable"),
    "seat joined": lambda tx, t: tx.add_seat(t, user_id=2, agent=None, name="Guest"),
    "seat left": lambda tx, t: tx.remove_seat(t, 0),
    "seat given": give_seat_to_agent,
}


@pytest.mark.parametrize("change", CHANGES)
async def test_every_change_to_a_tables_record_but_a_move_counts(
    store: Store, clock: FakeClock, change: str
) -> None:
    table_id = await started(store, clock)
    before = await revision(store, table_id)
    await store.commit_move(move(table_id, clock, revision=before))
    assert await revision(store, table_id) == before  # a move is counted by the version
    async with store.transaction() as tx:
        await CHANGES[change](tx, table_id)
    assert await revision(store, table_id) == before + 1


async def test_a_quarantine_lifted_counts_too(store: Store, clock: FakeClock) -> None:
    table_id = await started(store, clock)
    async with store.transaction() as tx:
        await tx.mark_broken(table_id, "unreadable")
    before = await revision(store, table_id)
    async with store.transaction() as tx:
        await tx.clear_broken(table_id)
    assert await revision(store, table_id) == before + 1


async def test_a_repeated_request_writes_nothing(store: Store, clock: FakeClock) -> None:
    table_id = await started(store, clock)
    outbox = len(await store.list_outbox(table_id))
    with pytest.raises(DuplicateRequest):
        await store.commit_move(move(table_id, clock, request_id="first", agent_job=True))
    await nothing_written(store, table_id, outbox)


async def test_concurrent_moves_at_one_version_commit_once(
    store: Store, clock: FakeClock
) -> None:
    table_id = await started(store, clock)
    results = await asyncio.gather(
        *(store.commit_move(move(table_id, clock, request_id=f"click-{n}")) for n in range(20)),
        return_exceptions=True,
    )
    written = [r for r in results if isinstance(r, ActionRecord)]
    assert len(written) == 1
    assert all(isinstance(r, VersionConflict) for r in results if r not in written)
    assert await store.list_actions(table_id, after=1) == written
    assert len([r for r in await store.list_outbox(table_id) if r.version == 2]) == 2
    assert [len(t.reminders) for t in await store.list_timers(table_id, version=2)] == [1]


async def test_latest_moves_are_the_tables_and_the_members_after_a_version(
    store: Store, clock: FakeClock
) -> None:
    table_id = await new_table(store)
    assert await store.latest_moves(table_id, 1, after=0) == (None, None)
    async with store.transaction() as tx:
        await tx.add_seat(table_id, user_id=2, agent=None, name="Guest")
    first = clock()
    for version, user in ((1, 1), (2, 2), (3, None)):  # None: an agent
        async with store.transaction() as tx:
            await tx.advance_version(table_id, expected=version - 1, new=version)
            await tx.append_action(
                table_id, version=version, seat=0, action="x", request_id=f"r{version}",
                user_id=user,
            )  # fmt: skip
        clock.advance(60)
    last = first + timedelta(seconds=120)
    assert await store.latest_moves(table_id, 1, after=0) == (last, first)
    assert await store.latest_moves(table_id, 2, after=0) == (last, first + timedelta(seconds=60))
    assert await store.latest_moves(table_id, 1, after=1) == (last, None)
    assert await store.latest_moves(table_id, 1, after=3) == (None, None)


async def test_moves_of_many_tables_at_once_each_get_their_own_answer(
    store: Store, clock: FakeClock
) -> None:
    """Moves arriving together may be written together; a stale, repeated or closed one
    fails alone, with its own reason, and the others are written whole."""
    tables = [await started(store, clock) for _ in range(7)]
    outbox = {t: len(await store.list_outbox(t)) for t in tables}
    kept = await revision(store, tables[6])
    async with store.transaction() as tx:
        await tx.set_status(tables[4], "cancelled", expected="active")
        await give_seat_to_agent(tx, tables[6])
    moves = [
        move(t, clock, request_id=f"click-{t}", agent_job=n == 5) for n, t in enumerate(tables)
    ]
    moves[1] = replace(moves[1], expected=0, agent_job=True)
    moves[3] = replace(moves[3], request_id="first", agent_job=True)
    moves[4] = replace(moves[4], agent_job=True)
    moves[6] = replace(moves[6], revision=kept, agent_job=True)
    results = await asyncio.gather(*map(store.commit_move, moves), return_exceptions=True)

    assert [type(r) for r in results] == [
        ActionRecord, VersionConflict, ActionRecord, DuplicateRequest, StatusConflict,
        ActionRecord, RecordConflict,
    ]  # fmt: skip
    for n in (1, 3, 6):
        await nothing_written(store, tables[n], outbox[tables[n]], others=False)
    for n in (0, 2, 5):
        table = await store.get_table(tables[n])
        assert table is not None and table.version == 2
        action = await store.get_action(tables[n], 2)
        assert action is not None and action.request_id == f"click-{tables[n]}"
        assert action == results[n]
        assert await store.snapshot_versions(tables[n]) == [0, 2]
        posts = [r for r in await store.list_outbox(tables[n]) if r.version == 2]
        assert [r.kind for r in posts] == ["turn", "archive"]
        pending = await store.list_timers(tables[n], pending=True)
        assert [(t.kind, t.version, len(t.reminders)) for t in pending] == [("deadline", 2, 1)]
    assert [(j.table_id, j.version) for j in await store.list_agent_jobs()] == [(tables[5], 2)]


async def test_many_moves_at_once_keep_each_tables_posts_in_order(
    store: Store, clock: FakeClock
) -> None:
    tables = [await started(store, clock) for _ in range(8)]
    await asyncio.gather(
        *(store.commit_move(move(t, clock, request_id=f"click-{t}")) for t in tables)
    )
    for t in tables:
        await store.commit_move(move(t, clock, expected=2, request_id=f"again-{t}",
                                     snapshot_replaces=2))  # fmt: skip
    for t in tables:
        posts = [(r.version, r.kind) for r in await store.list_outbox(t) if r.version >= 2]
        assert posts == [(2, "turn"), (2, "archive"), (3, "turn"), (3, "archive")]
        ids = [r.id for r in await store.list_outbox(t)]
        assert ids == sorted(ids)


async def test_a_move_that_posts_nothing_is_recorded_as_delivered_and_never_claimed(
    store: Store, clock: FakeClock
) -> None:
    """A step within a turn (the same seat decides again) keeps its row, for the turn's board
    to tell, but no delivery claims it; the moves written beside it are claimed as ever."""
    tables = [await started(store, clock) for _ in range(4)]
    clock.advance(5)
    await asyncio.gather(
        *(
            store.commit_move(move(t, clock, request_id=f"click-{t}", recorded_only=n % 2 == 0))
            for n, t in enumerate(tables)
        )
    )
    for n, t in enumerate(tables):
        posts = [r for r in await store.list_outbox(t) if r.version == 2]
        assert [r.kind for r in posts] == ["turn", "archive"]
        delivered = [r.delivered_at for r in posts]
        assert delivered == ([clock(), clock()] if n % 2 == 0 else [None, None])
        assert all(r.message_id is None for r in posts)

    claimed = await store.claim_outbox(
        "me", limit=50, now=clock() + timedelta(days=2), lease=timedelta(minutes=1)
    )
    moved = {(r.table_id, r.kind) for r in claimed if r.version == 2}
    assert moved == {(t, k) for t in tables[1::2] for k in ("turn", "archive")}
