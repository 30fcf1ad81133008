"""Answering an interaction in one request when the work behind it is quick.

Discord wants an answer within 3 s. Deferring first and editing the answer afterwards costs
two requests; answering once the work is done costs one. ``QuickAnswer`` answers once, and
defers only when the work is still going after ``DEFER_AFTER`` seconds, so a slow database or
a busy process never lets the interaction expire.

A move that passes the turn is best answered by its new board (drawn by the outbox as soon as
the move is committed): one request, one round trip, and the board is in the thread at once.
Such an answer, if deferred, is deferred in public, and the "thinking" message becomes the
board.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import discord

DEFER_AFTER = 1.0  # well inside Discord's 3 s, with room for a slow round trip


class QuickAnswer:
    """The one answer to ``interaction``: ``send`` a message (a slash command, or a click
    answered privately) or ``update`` the message clicked."""

    def __init__(
        self,
        interaction: discord.Interaction,
        *,
        ephemeral: bool = False,
        thinking: bool = False,
        after: float | None = None,
    ) -> None:
        self.interaction = interaction
        self.ephemeral = ephemeral
        # ``finished`` is set once no more answer will come; ``sent`` by then if one was (a
        # deferred interaction whose work failed is finished without one)
        self.finished = asyncio.Event()
        self.sent = False
        # The answer is to be the move's new board (``answer_with_board``): public, so a defer
        # meanwhile is public too, and its "thinking" message becomes the board.
        self.awaits_board = False
        self.board: discord.Message | None = None
        self.deferred_in_public = False
        self.placeholder_id: int | None = None  # the message a defer showed as "thinking"
        self._lock = asyncio.Lock()
        wait = DEFER_AFTER if after is None else after
        self._timer = asyncio.create_task(self._defer_later(wait, thinking))

    async def _defer_later(self, after: float, thinking: bool) -> None:
        await asyncio.sleep(after)
        async with self._lock:
            if not self.interaction.response.is_done():
                public = self.awaits_board
                sent = await self.interaction.response.defer(
                    ephemeral=self.ephemeral and not public, thinking=thinking
                )
                self.deferred_in_public = public
                self.placeholder_id = None if sent is None else sent.message_id

    async def close(self) -> None:
        """No deferring any more (the answer is sent, or an error is answered instead)."""
        async with self._lock:
            self._timer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._timer

    async def __aenter__(self) -> QuickAnswer:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()
        self.finished.set()

    async def send(
        self, content: str, *, file: discord.File | None = None, view: discord.ui.View | None = None
    ) -> None:
        await self.close()
        response = self.interaction.response
        if response.is_done():
            attachments = [file] if file is not None else []
            await self.interaction.edit_original_response(
                content=content, attachments=attachments, view=view
            )
        else:
            extra: dict[str, Any] = {}
            if file is not None:
                extra["file"] = file
            if view is not None:
                extra["view"] = view
            await response.send_message(content, ephemeral=self.ephemeral, **extra)
        self.sent = True
        self.finished.set()

    async def await_board(self) -> bool:
        """From now on this answer is to be the move's board (``answer_with_board``), unless
        it was already given (or deferred privately); whether it is."""
        async with self._lock:
            self.awaits_board = not self.interaction.response.is_done()
            return self.awaits_board

    async def answer_with_board(self, content: str, **kwargs: Any) -> discord.Message | None:
        """Answer with the move's board, a public message (``file``, ``view``,
        ``allowed_mentions``); None when this answer no longer awaits it (the mover was
        answered otherwise, or the interaction was deferred privately)."""
        async with self._lock:
            if not self.awaits_board or self.sent:
                return None
            response = self.interaction.response
            try:
                if not response.is_done():
                    sent = await response.send_message(content, **kwargs)
                    message = sent.resource
                    if not isinstance(message, discord.Message):
                        message = await self.interaction.original_response()
                elif self.deferred_in_public:
                    file = kwargs.pop("file", None)
                    message = await self.interaction.edit_original_response(
                        content=content, attachments=[file] if file is not None else [], **kwargs
                    )
                else:
                    return None
            except discord.NotFound:
                self.awaits_board = False  # gone: the mover cannot be answered any more
                self.finished.set()
                raise
            self.board = message
            self.sent = True
        self.finished.set()
        return message

    def comes_after(self, message_id: int | None) -> bool:
        """Whether the board may take this answer's place in the channel: after the message
        ``message_id`` (the previous board), not above it. A "thinking" answer shown before
        the previous board was posted (a restart held that board back) sits above it."""
        placeholder = self.placeholder_id
        return placeholder is None or message_id is None or placeholder > message_id

    async def decline_board(self) -> None:
        """The board will not be this answer (the mover is to be answered without it)."""
        async with self._lock:
            self.awaits_board = False
        self.finished.set()

    async def forgo_board(self) -> bool:
        """Stop awaiting the board (the caller answers instead); whether it had answered."""
        async with self._lock:
            self.awaits_board = False
            return self.board is not None

    async def update(self, **changes: Any) -> None:
        """Edit the message whose component was used (``content``, ``attachments``, ``view``)."""
        await self.close()
        if self.interaction.response.is_done():
            await self.interaction.edit_original_response(**changes)
        else:
            await self.interaction.response.edit_message(**changes)
        self.sent = True
        self.finished.set()
