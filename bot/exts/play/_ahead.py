"""Boards drawn as soon as the move they show is committed.

A board is posted by the outbox, which first claims the move's row, records the attempt and
reads what the board shows: tens of milliseconds on a busy bot before the drawing even
starts. The process that made the move already holds the new state and the previous board's
view, so it starts the drawing at once and the outbox's handler takes the picture when it gets
there. The picture is the same either way: it depends only on the two views, and the handler
takes it only for the same version of the table drawn against the same previous board (a
board posted meanwhile, or by another process, makes it draw anew).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import discord

from bot.drawing import Drawing
from bot.images import board_file

log = logging.getLogger(__name__)

TASK_PREFIX = "caravanserai-board-ahead-"  # and the table's id
KEPT = 1000  # tables with a board drawn ahead; the oldest is dropped (and its drawing stopped)


@dataclass(frozen=True)
class BoardAhead:
    version: int  # the table's version the board shows
    previous: int  # the version of the board it marks the changes since
    view: dict[str, Any]  # the public view it shows
    picture: asyncio.Task[discord.File]


class BoardsAhead:
    """At most one board drawn ahead per table: the newest move's."""

    def __init__(self, drawing: Drawing) -> None:
        self._drawing = drawing
        self._boards: OrderedDict[int, BoardAhead] = OrderedDict()

    def draw(
        self, table_id: int, game: str, version: int, view: dict[str, Any],
        previous: tuple[int, dict[str, Any]],
    ) -> None:
        """Start drawing the table's board at ``version`` (public ``view``), marking what
        changed since the board ``previous`` (its version and view)."""
        picture = asyncio.create_task(
            board_file(game, view, self._drawing, previous[1], table=table_id),
            name=f"{TASK_PREFIX}{table_id}",
        )
        picture.add_done_callback(_observed)
        self._drop(table_id)
        self._boards[table_id] = BoardAhead(version, previous[0], view, picture)
        while len(self._boards) > KEPT:
            self._drop(next(iter(self._boards)))

    def take(self, table_id: int, version: int, previous: int | None) -> BoardAhead | None:
        """The board drawn ahead for the table at ``version`` against the board at
        ``previous``, once: None when there is none (any other is dropped)."""
        board = self._boards.pop(table_id, None)
        if board is None:
            return None
        if board.version != version or board.previous != previous:
            board.picture.cancel()
            return None
        return board

    @staticmethod
    async def picture(board: BoardAhead) -> discord.File | None:
        """The board's picture; None if its drawing failed (drawn again, the error then
        goes where any drawing's error goes)."""
        try:
            return await board.picture
        except Exception:
            log.warning("a board drawn ahead failed; drawing it again", exc_info=True)
            return None

    def _drop(self, table_id: int) -> None:
        board = self._boards.pop(table_id, None)
        if board is not None:
            board.picture.cancel()

    def close(self) -> None:
        for table_id in list(self._boards):
            self._drop(table_id)


def _observed(task: asyncio.Task[Any]) -> None:
    """A drawing ahead that failed is drawn again by the handler, which reports the error."""
    with contextlib.suppress(asyncio.CancelledError, Exception):
        task.exception()
