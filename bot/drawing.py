"""Where board and panel pictures are drawn: a pool of processes beside the bot's own.

Drawing is CPU work, and Pillow holds the interpreter lock for much of it, so threads draw one
picture at a time and slow the event loop while they do. Processes draw the boards of several
tables at once, one per core, and leave the event loop free to answer interactions. The pool
is started in the background once the bot has started (or by the first picture, if that comes
first); where processes cannot be started (a sandbox without shared memory, say) pictures are
drawn in threads instead, as they were before.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

# Workers are forked from the bot, so they start at once with its modules already imported
# ("forkserver" first starts a fresh interpreter that imports them again: seconds, which the
# first boards after every restart waited for). They only draw, touching none of the locks
# the bot's other threads may hold.
START_METHOD = "fork"


def default_processes() -> int:
    return os.cpu_count() or 1


PARENT_CHECK_SECONDS = 1.0


def _watch_parent(parent: int) -> None:
    """End this worker once the bot that started it is gone. A bot killed outright (a crash,
    SIGKILL, the out-of-memory killer) never shuts its pool down, and its workers, waiting on
    a queue they also hold open, would otherwise sleep forever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def process_pool(processes: int) -> Executor:
    context = multiprocessing.get_context(START_METHOD)
    return ProcessPoolExecutor(
        max_workers=processes, mp_context=context, initializer=_watch_parent,
        initargs=(os.getpid(),),
    )


class _Lane:
    """One drawing process (a pool of one worker) and how many pictures it has in hand."""

    __slots__ = ("busy", "pool", "started")

    def __init__(self) -> None:
        self.pool: Executor | None = None
        self.started = False  # the worker is running: a picture is only queued
        self.busy = 0


class Drawing:
    """Runs picture functions in ``processes`` worker processes (0: in threads).

    A worker keeps the parts of the pictures it drew (``renderers.kit.compose``), so a table's
    pictures go to the same worker, where its next board finds the parts it did not change;
    a picture whose worker is busy goes to an idle one rather than wait."""

    def __init__(
        self, processes: int | None = None, *, pool: Callable[[int], Executor] = process_pool
    ) -> None:
        self.processes = default_processes() if processes is None else processes
        self._make_pool = pool
        self._lanes = [_Lane() for _ in range(self.processes)]
        self._threads = self.processes == 0

    @property
    def in_processes(self) -> bool:
        return not self._threads

    async def run(self, draw: Callable[..., T], *args: object, table: int | None = None) -> T:
        """``draw(*args)`` off the event loop; ``draw`` and its arguments must pickle.
        ``table``: the table the picture is of."""
        return await self._run(functools.partial(draw, *args), None if self._threads
                               else self._lane_for(table))

    def _lane_for(self, table: int | None) -> _Lane:
        idle = min(self._lanes, key=lambda lane: lane.busy)
        if table is None:
            return idle
        own = self._lanes[table % len(self._lanes)]
        return idle if own.busy and not idle.busy else own

    async def _run(self, call: Callable[[], T], lane: _Lane | None) -> T:
        if lane is not None and not self._threads:
            lane.busy += 1
            try:
                drawn = await self._run_in(lane, call)
            finally:
                lane.busy -= 1
            if drawn is not None:
                return drawn[0]
        return await asyncio.get_running_loop().run_in_executor(None, call)

    async def _run_in(self, lane: _Lane, call: Callable[[], T]) -> tuple[T] | None:
        """``call``'s result in ``lane``'s worker, or None where it is to be drawn in a
        thread."""
        pool = self._open(lane)
        if pool is None:
            return None
        try:
            if lane.started:
                future = pool.submit(call)
            else:
                # The first submission forks the worker (START_METHOD is "fork"), a blocking
                # call, so it is made in a thread; later ones only queue the call.
                future = await asyncio.to_thread(pool.submit, call)
                lane.started = True
        except (OSError, NotImplementedError) as error:
            log.warning("cannot start drawing processes (%s); drawing in threads", error)
            self._threads = True
            for each in self._lanes:
                self._discard(each)
            return None
        except BrokenProcessPool as error:  # broken before a drawing could tell us
            log.warning("a drawing process died (%s); starting another", error)
            self._discard(lane)
            return None
        try:
            return (await asyncio.wrap_future(future),)
        except BrokenProcessPool as error:  # the worker died (killed, out of memory)
            log.warning("a drawing process died (%s); starting another", error)
            self._discard(lane)
            return None

    async def warm_up(self, prepare: Callable[[], object]) -> None:
        """Start the workers now and run ``prepare`` in each (importing the drawing code), so
        that the first boards after a start are not the ones to wait for it."""
        if self.in_processes:
            await asyncio.gather(*(self._run(prepare, lane) for lane in self._lanes))

    def _open(self, lane: _Lane) -> Executor | None:
        if self._threads:
            return None
        if lane.pool is None:
            try:
                lane.pool = self._make_pool(1)
            except (OSError, ValueError, NotImplementedError, ImportError) as error:
                log.warning("cannot start drawing processes (%s); drawing in threads", error)
                self._threads = True
        return lane.pool

    @staticmethod
    def _discard(lane: _Lane) -> None:
        pool, lane.pool, lane.started = lane.pool, None, False
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop the workers once what they are drawing is done; a later picture starts them
        again."""
        pools = [lane.pool for lane in self._lanes if lane.pool is not None]
        for lane in self._lanes:
            lane.pool, lane.started = None, False
        await asyncio.gather(*(
            asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True) for pool in pools
        ))
