"""The garbage collector's settings for a long-running bot process."""

from __future__ import annotations

import gc

# A move makes tens of thousands of short-lived objects (gateway payloads, rows, views). At
# Python's default of 700 allocations a young collection ran several times per move; at this
# threshold it runs about once every few moves, and the memory it lets wait is a few MB.
YOUNG_THRESHOLD = 20_000
OLDER_THRESHOLD = 20

_settled = False


def settle() -> None:
    """Once per process, after start-up: what start-up built (modules, commands, caches) is
    moved out of every later collection's walk (``gc.freeze``), and collections run less
    often. Measured on the wire load: the collector's time per move fell from ~0.9 ms to
    ~0.15 ms."""
    global _settled
    if _settled:
        return
    _settled = True
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, OLDER_THRESHOLD, OLDER_THRESHOLD)
