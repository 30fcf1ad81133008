"""The bot's own pace for REST requests, under Discord's global limit.

Discord allows a bot about 50 requests per second across all routes and answers more with
429s that stop every request until the wait is over. discord.py only reacts to those; this
spaces the bot's requests out beforehand, so a burst of deliveries queues here for a few
milliseconds instead of tripping the limit. Interaction responses and follow-ups go through
the interaction's webhook, which Discord does not count, so they never wait here.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any


class GlobalBudget:
    """At most ``per_second`` requests per second on average, with bursts of ``burst``."""

    def __init__(
        self,
        per_second: float,
        *,
        burst: int = 10,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.interval = 1.0 / per_second
        self.burst = burst
        self._clock = clock
        self._sleep = sleep
        self._next = 0.0  # when the next request may go, if no burst is saved up
        self.waited = 0.0  # seconds requests spent waiting here, for benchmarks

    async def take(self) -> None:
        """Wait for this request's turn."""
        now = self._clock()
        slot = max(self._next, now - (self.burst - 1) * self.interval)
        self._next = slot + self.interval
        if slot > now:
            self.waited += slot - now
            await self._sleep(slot - now)

    def wrap(self, request: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def paced(*args: Any, **kwargs: Any) -> Any:
            await self.take()
            return await request(*args, **kwargs)

        return paced
