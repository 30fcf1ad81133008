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
import contextlib
import functools
import logging
import multiprocessing
import os
import signal
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
# first boards after every restart waited for). They only draw; the drawing code's locks,
# which a thread of the bot may hold at the fork (a picture redrawn in a thread after its
# process died), are made anew in them (``renderers.kit.locks``).
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


# A picture goes to its table's own process unless that one has more than this many pictures
# in hand beyond the least busy process's: a table's next panel and board share most of their
# parts with its last ones, which are kept in the process that drew them.
SPILL = 1

# A picture takes milliseconds to draw, and a process with hundreds in hand (a restart catching
# up) returns them within seconds. One not back after this long will not come back: its
# process is stuck, so it is killed and replaced rather than holding its tables' boards for ever.
DEADLINE_SECONDS = 60.0


class DrawingTimedOut(RuntimeError):
    """A picture its drawing process did not draw in time (the process was replaced)."""


class _Worker:
    """One drawing process (a pool of one), started when first needed."""

    def __init__(self) -> None:
        self.pool: Executor | None = None
        self.started: Executor | None = None  # the pool whose process is running
        self.pid: int | None = None  # the started pool's process
        self.in_hand = 0  # pictures given to it and not yet returned

    def discard(self, pool: Executor | None, *, kill: bool = False) -> None:
        """Stop using ``pool``, if it is still this worker's (a later one may have replaced
        it). With ``kill`` its process, stuck, is ended at once, and its other pictures are
        not cancelled: the pool finds its process dead and fails them as broken, and they are
        drawn elsewhere."""
        if pool is None or pool is not self.pool:
            return
        if kill and pool is self.started and self.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
        self.pool = self.started = self.pid = None
        pool.shutdown(wait=False, cancel_futures=not kill)


class Drawing:
    """Runs picture functions in ``processes`` worker processes (0: in threads). The pictures
    of one table go to one process where they can (``table``): each process keeps the parts of
    the pictures it drew, and a picture given to whichever process was free had to draw again
    what its table's last picture, drawn in another, already held (on the wire benchmark: with
    two processes, up to 11% more parts drawn per move, depending on the game; with four, 6-9%
    more)."""

    def __init__(
        self, processes: int | None = None, *, pool: Callable[[int], Executor] = process_pool
    ) -> None:
        self.processes = default_processes() if processes is None else processes
        self._make_pool = pool
        self._workers = [_Worker() for _ in range(self.processes)]
        self._threads = self.processes == 0

    @property
    def in_processes(self) -> bool:
        return not self._threads

    async def run(self, draw: Callable[..., T], *args: object, table: int | None = None) -> T:
        """``draw(*args)`` off the event loop, for ``table`` if it is a table's picture;
        ``draw`` and its arguments must pickle."""
        call = functools.partial(draw, *args)
        if not self._threads:
            drawn = await self._run_in(self._worker_for(table), call)
            if drawn is not None:
                return drawn[0]
        return await asyncio.get_running_loop().run_in_executor(None, call)

    async def warm_up(self, prepare: Callable[[], object]) -> None:
        """Start the workers now and run ``prepare`` in them (importing the drawing code), so
        that the first boards after a start are not the ones to wait for it."""
        if self.in_processes:
            await asyncio.gather(
                *(self._run_in(worker, prepare) for worker in self._workers)
            )

    def _worker_for(self, table: int | None) -> _Worker:
        least = min(self._workers, key=lambda worker: worker.in_hand)
        if table is None:
            return least
        home = self._workers[table % len(self._workers)]
        return home if home.in_hand <= least.in_hand + SPILL else least

    async def _run_in(self, worker: _Worker, call: Callable[[], T]) -> tuple[T] | None:
        """``call`` in ``worker``'s process, as a 1-tuple; None where it could not run there
        (processes cannot start, or the process died), for the caller to draw it in a thread.
        Raises ``DrawingTimedOut`` if the process was stuck drawing it."""
        pool = self._open(worker)
        if pool is None:
            return None
        worker.in_hand += 1
        try:
            if pool is not worker.started:
                # The first submission forks the worker (START_METHOD is "fork"), a blocking
                # call, so it is made in a thread; later ones only queue the call.
                pid = await asyncio.to_thread(pool.submit, os.getpid)
                worker.started = pool
                worker.pid = await asyncio.wrap_future(pid)
            future = pool.submit(call)
        except (OSError, NotImplementedError) as error:
            log.warning("cannot start drawing processes (%s); drawing in threads", error)
            self._threads = True
            worker.discard(pool)
        except BrokenProcessPool as error:  # broken before a drawing could tell us
            log.warning("a drawing process died (%s); starting another", error)
            worker.discard(pool)
        else:
            try:
                return (await asyncio.wait_for(asyncio.wrap_future(future), DEADLINE_SECONDS),)
            except BrokenProcessPool as error:  # the worker died (killed, out of memory)
                log.warning("a drawing process died (%s); starting another", error)
                worker.discard(pool)
            except TimeoutError:
                # A process draws its pictures in the order given, so the first of them to
                # time out is the one it is stuck on. Those given after it, which time out
                # once it has been replaced, are drawn elsewhere.
                if pool is worker.pool:
                    worker.discard(pool, kill=True)
                    log.error("a drawing process drew nothing for %s s; replaced it",
                              DEADLINE_SECONDS)
                    raise DrawingTimedOut(
                        f"not drawn within {DEADLINE_SECONDS:g} s") from None
        finally:
            worker.in_hand -= 1
        return None

    def _open(self, worker: _Worker) -> Executor | None:
        if self._threads:
            return None
        if worker.pool is None:
            try:
                worker.pool = self._make_pool(1)
            except (OSError, ValueError, NotImplementedError, ImportError) as error:
                log.warning("cannot start drawing processes (%s); drawing in threads", error)
                self._threads = True
        return worker.pool

    async def close(self) -> None:
        """Stop the workers once what they are drawing is done; a later picture starts them
        again."""
        pools = [worker.pool for worker in self._workers if worker.pool is not None]
        for worker in self._workers:
            worker.pool = worker.started = worker.pid = None
        for pool in pools:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
