"""Where a move's interaction-to-board time goes, for ``bench.load``'s wire mode.

The bench shares the bot's event loop and process, so it can time the bot's own steps by
wrapping them: the move's submit (table lock and commit), the board row's handler (claimed and
started by the outbox), the drawing (waiting for a drawing process, then drawing), the bot's
own global budget, and what the fake saw of the board's upload (its first attempt, the 429s
retried, the last attempt's round trip). Each board's time is cut into these parts; ``other``
is what none of them covers (reading the table, building the message).
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.exts.play._ahead import TASK_PREFIX as AHEAD
from tests.e2e.wire.fakediscord import Call

PARTS = (
    "to_bot",  # the interaction sent by the person until the bot has read it off its gateway
    "to_submit",  # the bot's checks of the interaction before the submit
    "submit",  # the table's lock, the move and its commit
    "outbox_wait",  # commit to the board row's handler starting (claim, pass, concurrency)
    "prepare",  # handler start to the picture asked for (reading the table and the views)
    # A board drawn ahead (``bot.exts.play._ahead``) was drawn while its row came through
    # the outbox: only what of its queue and drawing was still to come when the handler took
    # it counts below.
    "draw_queue",  # waiting for a drawing process
    "draw",  # drawing and encoding the picture
    "budget_wait",  # the bot's own pace under the global limit
    "send_wait",  # drawing done to the first attempt reaching Discord, budget excluded
    "retry_429",  # first attempt to the last (the 429s answered and waited out)
    "network",  # the last attempt's round trip
    "other",
)


def _timed(draw: Callable[..., Any], *args: Any) -> tuple[float, float, int, Any]:
    """Run in the drawing process: the picture, with when it started and ended (wall clock,
    which every process shares) and how many parts it drew rather than found in the
    process's cache."""
    from renderers.kit.compose import parts

    began, misses = time.time(), parts.misses
    result = draw(*args)
    return began, time.time(), parts.misses - misses, result


@dataclass
class _Row:
    table_id: int
    started: float = 0.0
    ended: float = 0.0
    draw_asked: float | None = None
    draw_began: float | None = None
    draw_ended: float | None = None
    budget: float = 0.0
    ahead: bool = False  # the board was drawn as soon as its move was committed


# the row whose handler is running, for the drawing it asks for
_HANDLED: contextvars.ContextVar[_Row | None] = contextvars.ContextVar("handled", default=None)


@dataclass
class Tracer:
    """Wraps a running bot's steps and keeps their times (``time.monotonic``)."""

    submits: dict[str, tuple[float, float]] = field(default_factory=dict)  # request id
    received: dict[str, float] = field(default_factory=dict)  # interaction id: read at the bot
    rows: list[_Row] = field(default_factory=list)
    _drawn_ahead: dict[int, tuple[float, float]] = field(default_factory=dict)  # by table
    parts_drawn: int = 0  # parts the pictures drew rather than found in the kit's parts cache

    def install(self, bot: Any) -> None:
        self._wrap_gateway(bot)
        self._wrap_submit(bot.service)
        for kind in ("start", "turn", "undo"):
            handler = bot.outbox._handlers.get(kind)
            if handler is not None:
                bot.outbox._handlers[kind] = self._wrap_handler(handler)
        self._wrap_drawing(bot.drawing)
        self._wrap_ahead(bot.get_cog("Play").posts._ahead)
        self._wrap_budget(bot.rest_budget)

    def _row(self) -> _Row | None:
        return _HANDLED.get()

    def _wrap_gateway(self, bot: Any) -> None:
        parsers = bot._connection.parsers  # the gateway's own table of event readers
        parse = parsers["INTERACTION_CREATE"]

        def timed(data: dict[str, Any]) -> Any:
            self.received[str(data.get("id"))] = time.monotonic()
            return parse(data)

        parsers["INTERACTION_CREATE"] = timed

    def _wrap_submit(self, service: Any) -> None:
        submit = service.submit

        async def timed(*args: Any, **kwargs: Any) -> Any:
            began = time.monotonic()
            result = await submit(*args, **kwargs)
            request_id = kwargs.get("request_id", args[3] if len(args) > 3 else None)
            self.submits[str(request_id)] = (began, time.monotonic())
            return result

        service.submit = timed

    def _wrap_handler(self, handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
        async def timed(row: Any) -> Any:
            record = _Row(row.table_id, started=time.monotonic())
            token = _HANDLED.set(record)
            try:
                return await handler(row)
            finally:
                _HANDLED.reset(token)
                record.ended = time.monotonic()
                self.rows.append(record)

        return timed

    def _wrap_drawing(self, drawing: Any) -> None:
        run = drawing.run
        offset = time.monotonic() - time.time()  # wall clock to monotonic

        async def timed(draw: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            record = self._row()
            asked = time.monotonic()
            began, ended, parts, result = await run(_timed, draw, *args, **kwargs)
            self.parts_drawn += parts
            drawn = (began + offset, ended + offset)
            if record is not None and record.draw_asked is None:
                record.draw_asked = asked
                record.draw_began, record.draw_ended = drawn
            task = asyncio.current_task()
            if record is None and task is not None and task.get_name().startswith(AHEAD):
                self._drawn_ahead[int(task.get_name().removeprefix(AHEAD))] = drawn
            return result

        drawing.run = timed

    def _wrap_ahead(self, ahead: Any) -> None:
        """A board drawn ahead: the handler asks for its picture when it takes it, and waits
        only for what of the drawing is still to come then."""
        picture = ahead.picture

        async def timed(board: Any) -> Any:
            record = self._row()
            asked = time.monotonic()
            result = await picture(board)
            drawn = self._drawn_ahead.get(record.table_id) if record is not None else None
            if record is not None and drawn is not None and result is not None:
                record.draw_asked = asked
                record.draw_began, record.draw_ended = drawn
                record.ahead = True
            return result

        ahead.picture = timed

    def _wrap_budget(self, budget: Any) -> None:
        take = budget.take

        async def timed() -> None:
            record = self._row()
            began = time.monotonic()
            await take()
            if record is not None:
                record.budget += time.monotonic() - began

        budget.take = timed

    def breakdown(
        self, table_id: int, sent: float, request_id: str, board: Sequence[Call], answered: float
    ) -> dict[str, float] | None:
        """One board's time, in milliseconds per part; ``board`` are the attempts of its
        upload, oldest first. Ask once the board's handler has returned."""
        submit = self.submits.get(request_id)
        if submit is None or not board:
            return None
        row = next(
            (
                r for r in sorted(self.rows, key=lambda r: r.started)
                if r.table_id == table_id and r.started >= submit[0] and r.ended >= answered
            ),
            None,
        )
        if row is None or row.draw_asked is None:
            return None
        assert row.draw_began is not None and row.draw_ended is not None
        first, last = board[0].received_at, board[-1].received_at
        received = min(max(sent, self.received.get(request_id, sent)), submit[0])
        points = {
            "to_bot": (sent, received),
            "to_submit": (received, submit[0]),
            "submit": submit,
            "outbox_wait": (submit[1], row.started),
            "prepare": (row.started, row.draw_asked),
            "draw_queue": (row.draw_asked, max(row.draw_asked, row.draw_began)),
            "draw": (max(row.draw_asked, row.draw_began), row.draw_ended),
            "send_wait": (max(row.draw_asked, row.draw_ended), first),
            "retry_429": (first, last),
            "network": (last, answered),
        }
        out = {part: max(0.0, b - a) * 1000 for part, (a, b) in points.items()}
        out["budget_wait"] = row.budget * 1000
        out["send_wait"] = max(0.0, out["send_wait"] - out["budget_wait"])
        out["other"] = max(0.0, (answered - sent) * 1000 - sum(out.values()))
        out["ahead"] = float(row.ahead)
        return out


def summarise(samples: Sequence[dict[str, float]], slowest: Sequence[float]) -> dict[str, Any]:
    """Median milliseconds per part over every board, and over the slowest twentieth (the
    boards at or past the p95), so the tail's own cause shows."""

    def medians(rows: Sequence[dict[str, float]]) -> dict[str, float]:
        return {
            p: round(sorted(r[p] for r in rows)[len(rows) // 2], 1) for p in PARTS
        } if rows else {}

    tail = [s for s, total in zip(samples, slowest, strict=True)
            if total >= sorted(slowest)[int(0.95 * (len(slowest) - 1))]]
    return {"boards": len(samples), "drawn_ahead": sum(int(s.get("ahead", 0)) for s in samples),
            "median_ms": medians(samples), "p95_tail_median_ms": medians(tail)}
