"""Boards posted as the answer to the move that led to them.

Every board would otherwise be a message the bot posts into the game's thread with its token,
and those posts share the thread's message limit (about five per five seconds) and the bot's
global budget: at a busy table the boards queue behind that limit. A board that shows a
person's move can instead be that move's answer (a /play that passes the turn: one request,
one round trip) or a public follow-up of it (a click, whose answer takes the buttons off the
board clicked). Discord counts interaction endpoints against neither limit: they are outside
the global limit, and their per-route limits are kept per interaction token, not per channel.

The interaction is only known in memory, for as long as its token lives: a board after a
restart, after a timer, or one whose interaction has gone stale is posted into the thread as
before. A follow-up waits until the move itself has been answered (Discord refuses follow-ups
before that), and gives up on it if the answer never came.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.answers import QuickAnswer

TOKEN_SECONDS = 14 * 60.0  # Discord keeps an interaction's token for 15 minutes
ANSWER_WAIT = 5.0  # the move is answered (or deferred) well inside this
KEPT = 1000  # offers kept at most; the stale ones go first


@dataclass
class _Offer:
    answer: QuickAnswer
    version: int  # the table's version once the move was made
    expires: float


class MoveAnswers:
    """The latest move made through an interaction, per table, whose board may answer it."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._offers: dict[int, _Offer] = {}

    def offer(self, table_id: int, version: int, answer: QuickAnswer) -> None:
        """The move to ``version`` was made through ``answer``'s interaction."""
        now = self._clock()
        if len(self._offers) >= KEPT:
            for stale in [t for t, o in self._offers.items() if o.expires <= now]:
                del self._offers[stale]
        self._offers.pop(table_id, None)  # newest last, so the oldest are dropped first
        self._offers[table_id] = _Offer(answer, version, now + TOKEN_SECONDS)
        while len(self._offers) > KEPT:
            del self._offers[next(iter(self._offers))]

    async def take(self, table_id: int, version: int) -> QuickAnswer | None:
        """The answer the board at ``version`` may be (or follow): that of the newest move it
        shows. A move whose answer awaits its board is given at once; otherwise once the move
        was answered. None when no move it shows was made through one here, or the
        interaction can no longer take a follow-up. An offer is taken once."""
        offer = self._offers.get(table_id)
        if offer is None or offer.version > version:
            return None  # no offer, or one for a later move than this board shows
        del self._offers[table_id]
        if offer.expires <= self._clock():
            return None
        if offer.answer.awaits_board:
            return offer.answer
        try:
            await asyncio.wait_for(offer.answer.finished.wait(), ANSWER_WAIT)
        except TimeoutError:
            return None
        if not offer.answer.sent:
            # never answered, or deferred and left "thinking": a follow-up would be refused,
            # or would take the place of the private "thinking" message and be seen by the
            # mover alone
            return None
        return offer.answer
