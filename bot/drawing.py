"""Where board and panel pictures are drawn: a pool of processes beside the bot's own.

Drawing is CPU work, and Pillow holds the interpreter lock for much of it, so threads draw one
picture at a time and slow the event loop while they do. Processes draw the boards of several
tables at once, one per core, and leave the event loop free to answer interactions. The pool
starts on the first picture, not with the bot; where processes cannot be started (a sandbox
without shared memory, say) pictures are drawn in threads instead, as they were before.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

# Each worker is forked from a small server process, never from the bot with its threads.
START_METHOD = "forkserver"
PRELOAD = ["bot.images"]  # imported once by that server, so a new worker starts at once


def default_processes() -> int:
    return os.cpu_count() or 1


def process_pool(processes: int) -> Executor:
    context = multiprocessing.get_context(START_METHOD)
    context.set_forkserver_preload(PRELOAD)
    return ProcessPoolExecutor(max_workers=processes, mp_context=context)


class Drawing:
    """Runs picture functions in ``processes`` worker processes (0: in threads)."""

    def __init__(
        self, processes: int | None = None, *, pool: Callable[[int], Executor] = process_pool
    ) -> None:
        self.processes = default_processes() if processes is None else processes
        self._make_pool = pool
        self._pool: Executor | None = None
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
                future = pool.submit(call)  # starts a worker when none is free
            except (OSError, NotImplementedError) as error:
                log.warning("cannot start drawing processes (%s); drawing in threads", error)
                self._threads = True
                self._discard()
            else:
                try:
                    return await asyncio.wrap_future(future)
                except BrokenProcessPool as error:  # a worker died (killed, out of memory)
                    log.warning("a drawing process died (%s); starting others", error)
                    self._discard()
        return await asyncio.get_running_loop().run_in_executor(None, call)

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
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop the workers once what they are drawing is done; a later picture starts them
        again."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
