"""Delivers what the service committed to its outbox: board posts, results, notices.

Rows are handled in id order; a failure holds back that table's later rows (so a thread never
shows turns out of order) while other tables keep flowing. The service records each failure and
decides when the row is due again; a crash between commit and post loses nothing because the
row stays pending until it is marked delivered.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.bot import CaravanBot

log = logging.getLogger(__name__)

# A handler posts one row and returns the id of the message it created (or None).
Handler = Callable[[Any], Awaitable[int | None]]


class Deferred(Exception):
    """The row cannot be delivered yet (e.g. the table's thread does not exist); retry later."""


class OutboxDispatcher:
    def __init__(
        self,
        bot: CaravanBot,
        *,
        poll_seconds: float = 5.0,
        batch: int = 50,
    ) -> None:
        self.bot = bot
        self.poll_seconds = poll_seconds
        self.batch = batch
        self._handlers: dict[str, Handler] = {}
        self._observers: dict[str, list[Callable[[Any], Awaitable[object]]]] = {}
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None

    def register(self, kind: str, handler: Handler) -> None:
        self._handlers[kind] = handler

    def observe(self, kind: str, observer: Callable[[Any], Awaitable[object]]) -> None:
        """Also run ``observer`` after a row of ``kind`` is delivered (best effort, no retry)."""
        self._observers.setdefault(kind, []).append(observer)

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="caravanserai-outbox")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            await self.run_once()
            await asyncio.sleep(self.poll_seconds)

    async def run_once(self) -> None:
        """One background pass: deliver what is due; a failure is logged, never raised."""
        try:
            await self.drain()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("outbox pass failed")

    async def drain(self) -> int:
        """Deliver every due row now; returns how many were delivered."""
        delivered = 0
        async with self._lock:
            rows = await self.bot.service.outbox.pending(self.batch)
            blocked: set[int] = set()
            for row in rows:
                if row.table_id in blocked:
                    continue
                handler = self._handlers.get(row.kind)
                if handler is None:
                    # A kind this bot cannot show must not hold back the table's boards.
                    log.warning("skipping outbox row %s of unknown kind %r", row.id, row.kind)
                    await self.bot.service.outbox.mark_delivered(row.id, None)
                    continue
                try:
                    message_id = await handler(row)
                except Deferred as reason:
                    log.debug("outbox row %s deferred: %s", row.id, reason)
                    blocked.add(row.table_id)
                    continue
                except Exception as error:
                    if isinstance(error, discord.HTTPException):
                        log.warning("outbox row %s failed (%s); will retry", row.id, error)
                    else:
                        log.exception("outbox row %s raised; will retry", row.id)
                    await self.bot.service.outbox.mark_failed(
                        row.id, f"{type(error).__name__}: {error}"
                    )
                    blocked.add(row.table_id)
                    continue
                await self.bot.service.outbox.mark_delivered(row.id, message_id)
                delivered += 1
                for observer in self._observers.get(row.kind, []):
                    try:
                        await observer(row)
                    except Exception:
                        log.warning("follow-up of outbox row %s failed", row.id, exc_info=True)
        return delivered
