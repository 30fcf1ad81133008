"""Contract: a table waiting on an agent is a job that one worker at a time claims."""

from __future__ import annotations

from datetime import timedelta

from storage import Store
from tests.storage.conftest import FakeClock
from tests.storage.test_contract import new_table


async def test_a_job_is_claimed_by_one_worker_until_its_claim_runs_out(
    store: Store, clock: FakeClock
) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.set_agent_job(table_id, 4)
    now = clock.now
    first = await store.claim_agent_jobs("a", now=now, until=now + timedelta(seconds=60))
    assert [(j.table_id, j.version, j.claimed_by, j.attempts) for j in first] == [
        (table_id, 4, "a", 1)
    ]
    assert await store.claim_agent_jobs("b", now=now, until=now + timedelta(seconds=60)) == []
    later = now + timedelta(seconds=61)  # worker a died: its claim ran out
    taken = await store.claim_agent_jobs("b", now=later, until=later + timedelta(seconds=60))
    assert [(j.claimed_by, j.attempts) for j in taken] == [("b", 2)]


async def test_a_finished_job_goes_and_a_newer_version_replaces_it(store: Store) -> None:
    table_id = await new_table(store)
    async with store.transaction() as tx:
        await tx.set_agent_job(table_id, 4)
    async with store.transaction() as tx:
        await tx.set_agent_job(table_id, 6)  # the table moved on: the job is for version 6
    jobs = await store.list_agent_jobs()
    assert [(j.table_id, j.version, j.claimed_by) for j in jobs] == [(table_id, 6, None)]
    assert not await store.finish_agent_job(table_id, 4)  # an old version finishes nothing
    assert await store.finish_agent_job(table_id, 6)
    assert await store.list_agent_jobs() == []
    async with store.transaction() as tx:
        await tx.set_agent_job(table_id, 8)
        await tx.set_agent_job(table_id, None)  # a person's turn after all
    assert await store.list_agent_jobs() == []
