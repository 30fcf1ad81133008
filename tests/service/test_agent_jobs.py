"""Agent turns as queued jobs: a person's move is answered once committed, a worker plays the
agent, a worker that died is taken over, and the worker can be another process."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.service import TableService
from bot.service.agent_jobs import AgentWorker
from tests.service.conftest import HOST, OpenService, started_table
from tests.storage.conftest import FakeClock

ROOT = Path(__file__).resolve().parents[2]


async def person_moves(service: TableService, table_id: int) -> int:
    loaded = await service.load(table_id)
    assert loaded.next is not None and loaded.next.user_id == HOST
    await service.submit(table_id, HOST, loaded.next.actions[0], f"req-{loaded.version}")
    return loaded.version


async def waiting_on_the_agent(open_service: OpenService) -> tuple[TableService, int, int]:
    """A table where the person just handed the turn to the greedy agent."""
    service = await open_service(agents_inline=False)
    table_id = await started_table(service, guest=None, bot="greedy")
    if (await service.load(table_id)).next.is_agent:  # type: ignore[union-attr]
        await AgentWorker(service, name="first").run_due()
    while True:
        before = await person_moves(service, table_id)
        after = await service.load(table_id)
        if after.next is not None and after.next.is_agent:
            return service, table_id, before


async def test_a_person_s_move_is_answered_before_the_agent_has_moved(
    open_service: OpenService,
) -> None:
    service, table_id, before = await waiting_on_the_agent(open_service)
    loaded = await service.load(table_id)
    assert loaded.version == before + 1, "only the person's move is committed"
    (job,) = await service.store.list_agent_jobs()
    assert (job.table_id, job.version, job.claimed_by) == (table_id, loaded.version, None)

    assert await AgentWorker(service, name="worker").run_due() >= 1
    answered = await service.load(table_id)
    assert answered.next is not None and answered.next.user_id == HOST
    assert await service.store.list_agent_jobs() == []
    assert await service.replay_matches(table_id)


async def test_a_job_whose_worker_died_is_taken_over_once_its_claim_runs_out(
    open_service: OpenService, clock: FakeClock
) -> None:
    service, table_id, _ = await waiting_on_the_agent(open_service)
    (job,) = await service.store.claim_agent_jobs(
        "dead-worker", now=clock(), until=clock() + AgentWorker(service).claim
    )
    assert job.claimed_by == "dead-worker"  # ... and then its process died

    other = AgentWorker(await open_service(agents_inline=False), name="other", clock=clock)
    assert await other.run_due() == 0, "a live claim is not taken"
    clock.advance(61)
    assert await other.run_due() >= 1
    answered = await service.load(table_id)
    assert answered.next is not None and answered.next.user_id == HOST


async def test_a_stale_job_is_dropped_without_a_move(open_service: OpenService) -> None:
    service, table_id, _ = await waiting_on_the_agent(open_service)
    (job,) = await service.store.list_agent_jobs()
    await AgentWorker(service, name="one").run_due()
    version = (await service.load(table_id)).version
    async with service.store.transaction() as tx:  # e.g. left over by an undo
        await tx.set_agent_job(table_id, job.version)
    assert await AgentWorker(service, name="two").run_due() == 0
    assert (await service.load(table_id)).version == version
    assert await service.store.list_agent_jobs() == []


async def test_the_agent_thinks_in_another_process(
    open_service: OpenService, db_url: str
) -> None:
    service, table_id, before = await waiting_on_the_agent(open_service)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "agents", "--once", "--database-url", db_url,
        cwd=ROOT,
    )
    assert await process.wait() == 0
    answered = await service.load(table_id)
    assert answered.version > before + 1, "the other process played the agent's move"
    assert answered.next is not None and answered.next.user_id == HOST
    assert await service.replay_matches(table_id)
