"""Delivers what the service committed to its outbox: board posts, results, notices.

Rows are handled in id order; a failure holds back that table's later rows (so a thread never
shows turns out of order) while other tables keep flowing. The service records each failure and
decides when the row is due again (a growing delay), and a pass stops early when Discord itself
is failing or rate limiting, so the dispatcher never hammers it. A crash between commit and post
loses nothing because the row stays pending until it is marked delivered.

Nothing is posted twice either. Before a row's handler runs, ``outbox.begin`` records the
attempt; when an earlier attempt of the same row was never marked delivered (the process died
after posting, or the request timed out after Discord took it), ``post`` first looks through
the destination's recent messages for one the bot already sent for this row: the same nonce,
the row's marker line (board posts carry "Table #N · move V"), or the same text. If it is there,
that message is the delivery (skip); only otherwise is it posted.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.service import Attempt, GameUnavailable, TableBroken
from bot.service.timers import UNAVAILABLE_RETRY

if TYPE_CHECKING:
    from bot.bot import CaravanBot

log = logging.getLogger(__name__)

# A handler posts one row and returns the id of the message it created (or None).
Handler = Callable[[Any], Awaitable[int | None]]


class Deferred(Exception):
    """The row cannot be delivered yet (e.g. the table's thread does not exist); retry later."""


# The delivery attempt of the row whose handler is running (set by the dispatcher).
CURRENT_ATTEMPT: contextvars.ContextVar[Attempt | None] = contextvars.ContextVar(
    "caravanserai_outbox_attempt", default=None
)
# Recent messages searched for an earlier delivery of the row. The row is the oldest one its
# table has pending, so its post, if it landed, is among the newest messages of the thread.
LOOK_BACK = 50


async def post(
    channel: discord.abc.Messageable,
    content: str,
    *,
    marker: str | None = None,
    **kwargs: Any,
) -> discord.Message:
    """Send ``content`` for the outbox row being delivered, unless an earlier attempt landed.

    ``marker`` is a line of ``content`` unique to the row (it identifies the message even if
    the rest of the text would now be worded differently)."""
    attempt = CURRENT_ATTEMPT.get()
    if attempt is not None and attempt.retry_after_crash:
        landed = await _landed(channel, content, marker, attempt)
        if landed is not None:
            log.info("outbox row %s had already been posted as %s", attempt.row.id, landed.id)
            return landed
    if attempt is not None:
        kwargs["nonce"] = attempt.nonce  # lets Discord drop a quick duplicate by itself
    return await channel.send(content, **kwargs)


async def _landed(
    channel: discord.abc.Messageable, content: str, marker: str | None, attempt: Attempt
) -> discord.Message | None:
    client = getattr(getattr(channel, "_state", None), "user", None)
    try:
        async for message in channel.history(limit=LOOK_BACK):
            if client is not None and message.author.id != client.id:
                continue
            if message.nonce is not None and str(message.nonce) == attempt.nonce:
                return message
            if marker is not None and marker in message.content.splitlines():
                return message
            if marker is None and message.content == content:
                return message
    except discord.HTTPException as error:
        log.info("could not look for an earlier delivery (%s); posting", error)
    return None


def _discord_is_struggling(error: BaseException) -> bool:
    """Errors that concern Discord as a whole, not this row: stop the pass, try later."""
    if isinstance(error, discord.GatewayNotFound):
        return True
    return isinstance(error, discord.HTTPException) and (error.status >= 500 or error.status == 429)


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
                    attempt = await self.bot.service.outbox.begin(row.id)
                    token = CURRENT_ATTEMPT.set(attempt)
                    try:
                        message_id = await handler(row)
                    finally:
                        CURRENT_ATTEMPT.reset(token)
                except Deferred as reason:
                    log.debug("outbox row %s deferred: %s", row.id, reason)
                    blocked.add(row.table_id)
                    continue
                except GameUnavailable as unavailable:
                    # Not broken: the game may be installed again, so its posts wait for it.
                    log.warning("outbox row %s waits: %s", row.id, unavailable)
                    await self.bot.service.outbox.postpone(
                        row.id, str(unavailable), UNAVAILABLE_RETRY
                    )
                    blocked.add(row.table_id)
                    continue
                except TableBroken as error:
                    # Quarantined: its posts can no longer be drawn, and retrying them would
                    # hold back the notice that tells its players.
                    log.info("outbox row %s of quarantined table %s is given up", row.id,
                             row.table_id)
                    await self.bot.service.outbox.give_up(row.id, f"TableBroken: {error}")
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
                    if _discord_is_struggling(error):
                        log.warning("Discord is failing; the other rows wait for the next pass")
                        break
                    continue
                await self.bot.service.outbox.mark_delivered(row.id, message_id)
                delivered += 1
                for observer in self._observers.get(row.kind, []):
                    try:
                        await observer(row)
                    except Exception:
                        log.warning("follow-up of outbox row %s failed", row.id, exc_info=True)
        return delivered
