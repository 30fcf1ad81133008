"""Delivers what the service committed to its outbox: board posts, results, notices.

Each table's rows are posted in id order by one task at a time (so a thread never shows turns
out of order), while different tables are delivered concurrently, at most ``concurrency`` at
once. A failure holds back that table's later rows while other tables keep flowing; the service
records each failure and decides when the row is due again (a growing delay). When Discord
itself is failing (5xx), no further table starts in that pass. Rate limits are waited out by
discord.py per route, inside the waiting table's own task, so other tables are not held up. A
crash between commit and post loses nothing because the row stays pending until it is marked
delivered.

A delivered row's follow-ups (taking the buttons off an older board, editing the pinned
summary) run beside the deliveries, so the thread's edit limit never holds up its next board or
another table; a ``drain`` waits for them too.

Asking for delivery (``drain``) is cheap and coalesced: requests made while a pass runs are
served together by one more pass, never queued one pass each.

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
import dataclasses
import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.service import Attempt, GameUnavailable, TableBroken
from bot.service.timers import UNAVAILABLE_RETRY

if TYPE_CHECKING:
    from bot.answers import QuickAnswer
    from bot.bot import CaravanBot

log = logging.getLogger(__name__)

# A handler posts one row and returns the id of the message it created (or None).
Handler = Callable[[Any], Awaitable[int | None]]

# Tables delivered at once. A table holds its slot while its board is drawn and while its
# request is on the network (a round trip of 100 ms or more), so with 8 slots 20 busy tables
# queued about a second for one. The bot token's own budget and Discord's per-route limits,
# not this number, keep the requests polite; a board that answers a move is sent through the
# interaction, outside the global limit.
CONCURRENCY = 32


class Deferred(Exception):
    """The row cannot be delivered yet (e.g. the table's thread does not exist); retry later."""


# The delivery attempt of the row whose handler is running (set by the dispatcher), as it is
# being recorded: the handler reads and draws meanwhile, and ``post`` waits for the record.
CURRENT_ATTEMPT: contextvars.ContextVar[asyncio.Future[Attempt] | None] = contextvars.ContextVar(
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
    answering: QuickAnswer | None = None,
    **kwargs: Any,
) -> discord.Message:
    """Send ``content`` for the outbox row being delivered, unless an earlier attempt landed.

    ``marker`` is a line of ``content`` unique to the row (it identifies the message even if
    the rest of the text would now be worded differently). With ``answering``, the message is
    that interaction's public answer when it awaits one, else its public follow-up (once it
    was answered), in the same channel; it is posted into the channel only if the interaction
    takes neither. An answer or follow-up carries no nonce; an earlier attempt is found by its
    marker or text, as a post is (the bot is the author of its answers too)."""
    recording = CURRENT_ATTEMPT.get()
    # the attempt is stored before anything is sent, so that a retry after a crash looks first
    attempt = None if recording is None else await recording
    if attempt is not None and attempt.retry_after_crash:
        landed = await _landed(channel, content, marker, attempt)
        if landed is not None:
            log.info("outbox row %s had already been posted as %s", attempt.row.id, landed.id)
            return landed
    if answering is not None:
        interaction = answering.interaction
        try:
            answered = await answering.answer_with_board(content, **kwargs)
            if answered is not None:
                return answered
            if answering.sent:  # a follow-up before the answer would be refused
                return await interaction.followup.send(content, wait=True, **kwargs)
        except discord.HTTPException as error:
            if error.status >= 500:
                raise  # it may have landed: the retry looks for it first
            log.info("could not answer interaction %s (%s); posting", interaction.id, error)
            for file in [kwargs.get("file"), *kwargs.get("files", [])]:
                if file is not None:
                    file.reset()
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


def _discord_is_failing(error: BaseException) -> bool:
    """Errors that concern Discord as a whole, not this row: start no more tables this pass."""
    if isinstance(error, discord.GatewayNotFound):
        return True
    return isinstance(error, discord.HTTPException) and error.status >= 500


class OutboxDispatcher:
    def __init__(
        self,
        bot: CaravanBot,
        *,
        poll_seconds: float = 5.0,
        batch: int = 50,
        concurrency: int = CONCURRENCY,
    ) -> None:
        self.bot = bot
        self.poll_seconds = poll_seconds
        self.batch = batch
        self._handlers: dict[str, Handler] = {}
        self._observers: dict[str, list[Callable[[Any], Awaitable[object]]]] = {}
        self._slots = asyncio.Semaphore(concurrency)
        self._tables: dict[int, asyncio.Task[int]] = {}  # the task delivering each busy table
        self._held: set[int] = set()  # busy tables a claim left out: a pass follows each one
        self._wanted = False
        self._next_pass: asyncio.Future[int] | None = None  # what waiting callers are told
        self._pump: asyncio.Task[None] | None = None
        self._poll: asyncio.Task[None] | None = None
        self._answers: set[asyncio.Task[None]] = set()  # tell waiting callers their pass ended
        self._follow_ups: set[asyncio.Task[None]] = set()  # observers of delivered rows
        self._every_pass: list[Callable[[], Awaitable[object]]] = []
        self._closed = False

    def register(self, kind: str, handler: Handler) -> None:
        self._handlers[kind] = handler

    def observe(self, kind: str, observer: Callable[[Any], Awaitable[object]]) -> None:
        """Also run ``observer`` after a row of ``kind`` is delivered (best effort, no retry)."""
        self._observers.setdefault(kind, []).append(observer)

    def every_pass(self, work: Callable[[], Awaitable[object]]) -> None:
        """Also run ``work`` after each background pass (best effort)."""
        self._every_pass.append(work)

    def start(self) -> None:
        self._closed = False
        if self._poll is None or self._poll.done():
            self._poll = asyncio.create_task(self._run(), name="caravanserai-outbox")

    async def stop(self) -> None:
        """Stop delivering: later ``drain`` calls return at once and nothing in flight is
        awaited any more (a row cut short stays pending, and ``post`` finds it if it landed)."""
        self._closed = True
        tasks = [
            t
            for t in (self._poll, self._pump, *self._tables.values(), *self._follow_ups)
            if t is not None
        ]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, *self._answers, return_exceptions=True)
        self._poll = self._pump = None
        self._tables.clear()
        self._held.clear()
        if self._next_pass is not None and not self._next_pass.done():
            self._next_pass.set_result(0)
        self._next_pass = None

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
        for work in self._every_pass:
            try:
                await work()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("work after an outbox pass failed", exc_info=True)

    async def drain(self) -> int:
        """Ask for a pass and wait until it has delivered what was due when it began; returns
        how many rows it delivered. Callers that ask while a pass runs share the next one."""
        if self._closed:
            return 0
        if self._next_pass is None:
            self._next_pass = asyncio.get_running_loop().create_future()
        waiting = self._next_pass
        self._ask()
        return await asyncio.shield(waiting)

    def kick(self) -> None:
        """Ask for a pass without waiting for it."""
        self._ask()

    def _ask(self) -> None:
        self._wanted = True
        if not self._closed and (self._pump is None or self._pump.done()):
            self._pump = asyncio.create_task(self._pump_passes(), name="caravanserai-outbox-pump")

    async def _pump_passes(self) -> None:
        # Runs while passes are wanted and ends when none is: an idle dispatcher has no task.
        while self._wanted and not self._closed:
            self._wanted = False
            waiting, self._next_pass = self._next_pass, None
            try:
                tasks = await self._start_pass()
            except Exception as error:
                log.exception("outbox pass failed")
                if waiting is not None and not waiting.done():
                    waiting.set_exception(error)
                continue
            if waiting is not None:
                # Those who asked learn the outcome once their tables are done; meanwhile the
                # next pass may already start the other tables.
                answer = asyncio.create_task(_settle(waiting, tasks, self._follow_ups))
                self._answers.add(answer)
                answer.add_done_callback(self._answers.discard)

    async def _start_pass(self) -> list[asyncio.Task[int]]:
        # The tables whose rows are being posted are left out of the claim (their rows would
        # only be read again, and set aside); what they have left is seen by a pass after them.
        tasks = list(self._tables.values())
        self._held.update(self._tables)
        rows = await self.bot.service.outbox.pending(self.batch, held=list(self._tables))
        by_table: dict[int, list[Any]] = {}
        for row in rows:
            by_table.setdefault(row.table_id, []).append(row)
        failing = asyncio.Event()
        for table_id, table_rows in by_table.items():
            task = asyncio.create_task(
                self._deliver_table(table_rows, failing), name=f"caravanserai-outbox-{table_id}"
            )
            self._tables[table_id] = task
            task.add_done_callback(functools.partial(self._forget, table_id))
            tasks.append(task)
        return tasks

    def _forget(self, table_id: int, done: asyncio.Task[int] | None = None) -> None:
        task = self._tables.get(table_id)
        if task is not None and task.done():
            del self._tables[table_id]
        if table_id in self._held:
            self._held.discard(table_id)
            self._ask()
        if done is not None and not done.cancelled() and done.exception() is not None:
            # e.g. the store failed marking a row delivered: it stays pending, for a later pass
            log.warning("delivering table %s failed", table_id, exc_info=done.exception())

    async def _deliver_table(self, rows: Sequence[Any], failing: asyncio.Event) -> int:
        """Post one table's due rows in order; the first failure holds back the rest."""
        async with self._slots:
            if failing.is_set():
                return 0
            delivered = 0
            for row in rows:
                outcome = await self._deliver(row)
                if outcome is True:
                    delivered += 1
                elif outcome is False:
                    return delivered
                elif isinstance(outcome, BaseException):
                    if _discord_is_failing(outcome):
                        log.warning("Discord is failing; the other tables wait for the next pass")
                        failing.set()
                    return delivered
            return delivered

    async def _deliver(self, row: Any) -> bool | BaseException | None:
        """True: delivered; None: set aside (the table goes on); False or an error: the
        table's later rows wait."""
        outbox = self.bot.service.outbox
        handler = self._handlers.get(row.kind)
        if handler is None:
            # A kind this bot cannot show must not hold back the table's boards.
            log.warning("skipping outbox row %s of unknown kind %r", row.id, row.kind)
            await outbox.mark_delivered(row.id, None)
            return None
        try:
            recording = asyncio.ensure_future(outbox.begin(row))
            token = CURRENT_ATTEMPT.set(recording)
            try:
                message_id = await handler(row)
            finally:
                CURRENT_ATTEMPT.reset(token)
                await _recorded(recording)
        except Deferred as reason:
            log.debug("outbox row %s deferred: %s", row.id, reason)
            return False
        except GameUnavailable as unavailable:
            # Not broken: the game may be installed again, so its posts wait for it.
            log.warning("outbox row %s waits: %s", row.id, unavailable)
            await outbox.postpone(row.id, str(unavailable), UNAVAILABLE_RETRY)
            return False
        except TableBroken as error:
            # Quarantined: its posts can no longer be drawn, and retrying them would hold
            # back the notice that tells its players.
            log.info("outbox row %s of quarantined table %s is given up", row.id, row.table_id)
            await outbox.give_up(row.id, f"TableBroken: {error}")
            return None
        except Exception as error:
            if isinstance(error, discord.HTTPException):
                log.warning("outbox row %s failed (%s); will retry", row.id, error)
            else:
                log.exception("outbox row %s raised; will retry", row.id)
            await outbox.mark_failed(row.id, f"{type(error).__name__}: {error}")
            return error
        await outbox.mark_delivered(row.id, message_id)
        observers = self._observers.get(row.kind, [])
        if observers:
            # Follow-ups (an older board's buttons, the pinned summary) wait on the thread's
            # edit limit, not on its posts: the table's next board, and the other tables,
            # need not wait for them. They see the row as delivered, with its message.
            delivered = dataclasses.replace(row, message_id=message_id)
            task = asyncio.create_task(_follow_up(delivered, observers))
            self._follow_ups.add(task)
            task.add_done_callback(self._follow_ups.discard)
        return True


async def _recorded(recording: asyncio.Future[Attempt]) -> None:
    """Wait until the attempt is recorded, whatever the handler did (it may have posted
    nothing), and raise what recording it raised; cancelled, stop recording too."""
    try:
        await asyncio.wait([recording])
    except asyncio.CancelledError:
        recording.cancel()
        raise
    recording.result()


async def _follow_up(row: Any, observers: Sequence[Callable[[Any], Awaitable[object]]]) -> None:
    for observer in observers:
        try:
            await observer(row)
        except Exception:
            log.warning("follow-up of outbox row %s failed", row.id, exc_info=True)


async def _settle(
    waiting: asyncio.Future[int],
    tasks: list[asyncio.Task[int]],
    follow_ups: set[asyncio.Task[None]],
) -> None:
    results = await asyncio.gather(*tasks, return_exceptions=True)
    # those who asked also see the follow-ups of what was delivered
    await asyncio.gather(*follow_ups, return_exceptions=True)
    if not waiting.done():
        waiting.set_result(sum(r for r in results if isinstance(r, int)))
