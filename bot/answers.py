"""Answering an interaction in one request when the work behind it is quick.

Discord wants an answer within 3 s. Deferring first and editing the answer afterwards costs
two requests; answering once the work is done costs one. ``QuickAnswer`` answers once, and
defers only when the work is still going after ``DEFER_AFTER`` seconds, so a slow database or
a busy process never lets the interaction expire.
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
        self._lock = asyncio.Lock()
        wait = DEFER_AFTER if after is None else after
        self._timer = asyncio.create_task(self._defer_later(wait, thinking))

    async def _defer_later(self, after: float, thinking: bool) -> None:
        await asyncio.sleep(after)
        async with self._lock:
            if not self.interaction.response.is_done():
                await self.interaction.response.defer(ephemeral=self.ephemeral, thinking=thinking)

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

    async def update(self, **changes: Any) -> None:
        """Edit the message whose component was used (``content``, ``attachments``, ``view``)."""
        await self.close()
        if self.interaction.response.is_done():
            await self.interaction.edit_original_response(**changes)
        else:
            await self.interaction.response.edit_message(**changes)
        self.sent = True
        self.finished.set()
