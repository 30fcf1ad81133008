"""Several processes on one database: outbox rows and timers are claimed, so each post is
made and each timer fired by one process, and a dead process's claims are taken over."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from storage import Store
from tests.storage.conftest import FakeClock, OpenStore
from tests.storage.test_contract import new_table

LEASE = timedelta(seconds=60)


async def two_claimers_and_two_posts(
    open_db: OpenStore,
) -> tuple[Store, Store, tuple[int, int], tuple[int, int]]:
    """Two stores on one database and two tables with a post each: (table, post) pairs."""
    first, second = await open_db(), await open_db()
    a, b = await new_table(first), await new_table(first)
    async with first.transaction() as tx:
        a1 = await tx.enqueue(a, version=1, kind="turn", payload={})
        b1 = await tx.enqueue(b, version=1, kind="turn", payload={})
    return first, second, (a, a1), (b, b1)


async def test_a_tables_posts_go_to_one_claimer_until_its_claim_runs_out(
    open_db: OpenStore, clock: FakeClock
) -> None:
    first, second, (a, a1), (_, b1) = await two_claimers_and_two_posts(open_db)

    assert [r.id for r in await first.claim_outbox("one", limit=1, lease=LEASE)] == [a1]
    async with first.transaction() as tx:
        a2 = await tx.enqueue(a, version=2, kind="turn", payload={})
    # Table a is held by "one", also its newer row; b is free.
    assert [r.id for r in await second.claim_outbox("two", lease=LEASE)] == [b1]
    assert await second.claim_outbox("two", lease=LEASE) == [await second.get_outbox(b1)]
    assert [r.id for r in await first.claim_outbox("one", lease=LEASE)] == [a1, a2]

    await first.mark_delivered(a1, message_id=1)
    clock.advance(59)
    assert [r.id for r in await second.claim_outbox("two", lease=LEASE)] == [b1]
    clock.advance(2)  # "one" has not renewed its claim for a minute: it is taken over
    assert [r.id for r in await second.claim_outbox("two", lease=LEASE)] == [b1, a2]
    assert await first.claim_outbox("one", lease=LEASE) == []


async def test_the_tables_a_claimer_is_posting_are_left_out_of_its_claim(
    open_db: OpenStore, clock: FakeClock
) -> None:
    first, second, (a, a1), (b, b1) = await two_claimers_and_two_posts(open_db)
    assert [r.id for r in await first.claim_outbox("one", lease=LEASE)] == [a1, b1]
    async with first.transaction() as tx:
        a2 = await tx.enqueue(a, version=2, kind="turn", payload={})

    # While "one" posts table a's rows, it claims only the others'.
    assert [r.id for r in await first.claim_outbox("one", lease=LEASE, held=[a])] == [b1]
    assert await first.claim_outbox("one", lease=LEASE, held=[a, 999, b]) == []
    # Its claim on table a was not renewed by those: it runs out a minute after it was made.
    clock.advance(61)
    assert [r.id for r in await second.claim_outbox("two", lease=LEASE, held=[b])] == [a1, a2]


async def test_a_row_whose_posting_begins_renews_its_tables_claim(
    open_db: OpenStore, clock: FakeClock
) -> None:
    first, second, (_, a1), (_, b1) = await two_claimers_and_two_posts(open_db)
    assert [r.id for r in await first.claim_outbox("one", lease=LEASE)] == [a1, b1]
    clock.advance(50)
    await first.mark_attempted(a1, at=clock.now, claimed_until=clock.now + LEASE)
    clock.advance(20)  # the claims made at first have run out; a1's began again 20 s ago
    assert [r.id for r in await second.claim_outbox("two", lease=LEASE, held=[])] == [b1]


async def test_a_failed_row_gives_its_claim_up(open_db: OpenStore, clock: FakeClock) -> None:
    first, second = await open_db(), await open_db()
    table_id = await new_table(first)
    async with first.transaction() as tx:
        row = await tx.enqueue(table_id, version=1, kind="turn", payload={})
    assert [r.id for r in await first.claim_outbox("one", lease=LEASE)] == [row]
    await first.mark_failed(row, "503", retry_at=clock.now + timedelta(seconds=5))
    clock.advance(5)
    assert [r.id for r in await second.claim_outbox("two", lease=LEASE)] == [row]


async def test_claimers_racing_split_no_table_and_post_nothing_twice(
    open_db: OpenStore,
) -> None:
    stores = [await open_db() for _ in range(3)]
    tables = [await new_table(stores[0]) for _ in range(6)]
    async with stores[0].transaction() as tx:
        for version in range(1, 4):
            for table_id in tables:
                await tx.enqueue(table_id, version=version, kind="turn", payload={})

    claims = await asyncio.gather(
        *(store.claim_outbox(f"p{i}", limit=7, lease=LEASE) for i, store in enumerate(stores))
    )
    owners: dict[int, str] = {}
    for i, rows in enumerate(claims):
        for row in rows:
            assert owners.setdefault(row.table_id, f"p{i}") == f"p{i}"
    claimed = [row.id for rows in claims for row in rows]
    assert len(claimed) == len(set(claimed))


async def test_due_timers_are_claimed_by_one_transaction_and_freed_when_it_fails(
    store: Store, clock: FakeClock
) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        early = await tx.add_timer(table_id, seat=0, version=0, kind="reminder", number=1,
                                   due_at=clock.now)
        await tx.add_timer(table_id, seat=0, version=0, kind="deadline",
                           due_at=clock.now + timedelta(hours=1))
    with pytest.raises(RuntimeError, match="died"):
        async with store.transaction() as tx:
            assert [t.id for t in await tx.claim_due_timers(table_id, clock.now)] == [early]
            raise RuntimeError("the process died")
    async with store.transaction() as tx:
        assert [t.id for t in await tx.claim_due_timers(table_id, clock.now)] == [early]
        await tx.finish_timer(early, "fired")
    async with store.transaction() as tx:
        assert await tx.claim_due_timers(table_id, clock.now) == []
