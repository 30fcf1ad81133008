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


class Drawing:
    """Runs picture functions in ``processes`` worker processes (0: in threads)."""

    def __init__(
        self, processes: int | None = None, *, pool: Callable[[int], Executor] = process_pool
    ) -> None:
        self.processes = default_processes() if processes is None else processes
        self._make_pool = pool
        self._pool: Executor | None = None
        self._started: Executor | None = None  # the pool whose workers are running
        self._threads = self.processes == 0

    @property
    def in_processes(self) -> bool:
        return not self._threads

    async def run(self, draw: Callable[..., T], *args: object) -> T:
        """``draw(*args)`` off the event loop; ``draw`` and its arguments must pickle."""
        call = functools.partial(draw, *args)
        pool = self._open()
        if pool is not None:
            try:
                if pool is self._started:
                    future = pool.submit(call)
                else:
                    # The first submission forks every worker (START_METHOD is "fork"), a
                    # blocking call, so it is made in a thread; later ones only queue the call.
                    future = await asyncio.to_thread(pool.submit, call)
                    self._started = pool
            except (OSError, NotImplementedError) as error:
                log.warning("cannot start drawing processes (%s); drawing in threads", error)
                self._threads = True
                self._discard()
            except BrokenProcessPool as error:  # broken before a drawing could tell us
                log.warning("a drawing process died (%s); starting others", error)
                self._discard()
            else:
                try:
                    return await asyncio.wrap_future(future)
                except BrokenProcessPool as error:  # a worker died (killed, out of memory)
                    log.warning("a drawing process died (%s); starting others", error)
                    self._discard()
        return await asyncio.get_running_loop().run_in_executor(None, call)

    async def warm_up(self, prepare: Callable[[], object]) -> None:
        """Start the workers now and run ``prepare`` in them (importing the drawing code), so
        that the first boards after a start are not the ones to wait for it."""
        if self.in_processes:
            await asyncio.gather(*(self.run(prepare) for _ in range(self.processes)))

    def _open(self) -> Executor | None:
        if self._threads:
            return None
        if self._pool is None:
            try:
                self._pool = self._make_pool(self.processes)
            except (OSError, ValueError, NotImplementedError, ImportError) as error:
                log.warning("cannot start drawing processes (%s); drawing in threads", error)
                self._threads = True
        return self._pool

    def _discard(self) -> None:
        pool, self._pool, self._started = self._pool, None, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop the workers once what they are drawing is done; a later picture starts them
        again."""
        pool, self._pool, self._started = self._pool, None, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
