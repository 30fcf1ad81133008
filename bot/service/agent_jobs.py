"""The worker that plays agent seats from queued jobs.

With ``agents_inline=False`` a move that hands the turn to an agent seat writes an agent job
in its own transaction and returns; a worker claims the job for a while, lets the agent think
(in a thread) and commits its move. A worker that dies leaves its claim to run out, and
another worker (in this process after a restart, or in another process: ``caravanserai
agents``) takes the job over. Several workers never play one job twice: a claim is exclusive,
and a move is a compare-and-set on the table's version.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING

from bot.service.errors import GameUnavailable, TableBroken
from bot.service.quarantine import describe
from storage import AgentJobRecord, Clock, utc_now

if TYPE_CHECKING:
    from bot.service import TableService

log = logging.getLogger(__name__)

CLAIM_SECONDS = 60.0  # longer than any agent thinks; then another worker may take the job
POLL_SECONDS = 5.0  # looks for jobs left by other processes or by a worker that died


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


class AgentWorker:
    def __init__(
        self,
        service: TableService,
        *,
        name: str | None = None,
        clock: Clock = utc_now,
        claim_seconds: float = CLAIM_SECONDS,
        poll_seconds: float = POLL_SECONDS,
        batch: int = 10,
        on_moved: Callable[[], object] | None = None,
    ) -> None:
        self.service = service
        self.name = name or worker_name()
        self.claim = timedelta(seconds=claim_seconds)
        self.poll_seconds = poll_seconds
        self.batch = batch
        self.on_moved = on_moved  # after each job that moved, e.g. ask for delivery
        self._clock = clock
        self._wanted = False
        self._task: asyncio.Task[None] | None = None
        self._poll: asyncio.Task[None] | None = None
        self._closed = False

    def start(self) -> None:
        self._closed = False
        if self._poll is None or self._poll.done():
            self._poll = asyncio.create_task(self._run(), name="caravanserai-agents")

    async def stop(self) -> None:
        self._closed = True
        tasks = [t for t in (self._poll, self._task) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._poll = self._task = None

    def wake(self) -> None:
        """A job was queued: work now (several wakes while working make one more round)."""
        self._wanted = True
        if not self._closed and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._work(), name="caravanserai-agents-work")

    async def _run(self) -> None:
        while True:
            self.wake()
            await asyncio.sleep(self.poll_seconds)

    async def _work(self) -> None:
        while self._wanted and not self._closed:
            self._wanted = False
            try:
                await self.run_due()
            except Exception:
                log.exception("agent jobs could not be claimed")

    async def run_due(self) -> int:
        """Claim and play every job nobody holds; returns how many agent moves were made."""
        moved = 0
        while True:
            now = self._clock()
            jobs = await self.service.store.claim_agent_jobs(
                self.name, now=now, until=now + self.claim, limit=self.batch
            )
            if not jobs:
                return moved
            for job in jobs:
                made = await self._answer(job)
                moved += made
                if made and self.on_moved is not None:
                    self.on_moved()

    async def _answer(self, job: AgentJobRecord) -> int:
        try:
            return await self.service.answer_agent_job(job.table_id, job.version)
        except GameUnavailable as unavailable:
            log.warning("%s", unavailable)  # the job waits for its game (the claim runs out)
        except TableBroken:
            await self.service.store.finish_agent_job(job.table_id, job.version)
        except Exception as error:
            log.exception("table %s: its agent seat could not move", job.table_id)
            await self.service.quarantine(job.table_id, describe(error))
            await self.service.store.finish_agent_job(job.table_id, job.version)
        return 0
