"""The drawing code's locks, found free by a process forked while one of them was held.

The bot forks its drawing processes (``bot.drawing``), and may do so while a thread draws (a
picture redrawn in a thread after its process died). A fork copies only the thread that forks:
a lock another thread held at that moment (the cache of parts holds its lock while it draws a
part) would stay held in the new process for ever, and the first picture there would wait on
it for ever. So every lock made here is made anew in a forked process, as ``logging`` does
with its own. What the lock guarded is consistent there: the caches only add what was drawn
whole, under the lock.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections.abc import Callable
from types import TracebackType
from typing import Any

_made: weakref.WeakSet[_ForkSafe] = weakref.WeakSet()


class _ForkSafe:
    """A lock (``with`` only) that a forked process finds free."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make = make
        self._lock = make()
        _made.add(self)

    def __enter__(self) -> bool:
        return bool(self._lock.acquire())

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._lock.release()

    def _renew(self) -> None:
        self._lock = self._make()


def lock() -> _ForkSafe:
    return _ForkSafe(threading.Lock)


def reentrant_lock() -> _ForkSafe:
    return _ForkSafe(threading.RLock)


def _renew_all() -> None:
    for made in list(_made):
        made._renew()


os.register_at_fork(after_in_child=_renew_all)
