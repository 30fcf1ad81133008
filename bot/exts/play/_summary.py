"""The game thread's pinned summary (game, seats, pace, whose turn and the deadline), edited in
place as the game moves, and the archiving of a finished game's thread.

The summary is posted once, by the ``summary`` outbox row the start writes, and pinned; every
later post about the table edits it. ``archive`` rows come due ``archive_hours`` after the end
(a server setting), so finished games leave the channel's list of active threads and stay well
inside Discord's limit of active threads per server."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.exts.game._text import away_note, holder_text
from bot.exts.play._posts import BoardPoster
from bot.mentions import NOBODY
from bot.outbox import post

if TYPE_CHECKING:
    from bot.bot import CaravanBot

log = logging.getLogger(__name__)

REFRESH_KINDS = ("turn", "undo", "result", "cancel", "seat", "extended", "away", "stalled")
# Moves come often, and a turn's summary may lag a little; anything else (the end, a seat
# changing hands, more time) is rare and shown at once.
COALESCED_KINDS = ("turn",)


def summary_text(details: Any) -> str:
    info = details.info
    lines = [f"📌 **{details.title}** · table #{info.id} · {details.pace_title}"]
    for label, seat in zip(details.labels, details.seats, strict=False):
        away = away_note(details.away.get(seat.user_id))
        lines.append(f"**{label}** · {holder_text(seat)}{away}")
    if info.status == "finished":
        outcome = details.outcome
        lines.append(
            "🏆 Finished: " + (outcome.headline(details.labels) if outcome else "see below")
        )
    elif info.status == "cancelled":
        lines.append("Cancelled; no more moves can be made.")
    elif details.next is not None:
        nxt = details.next
        who = f"<@{nxt.user_id}>" if nxt.user_id is not None else "a bot"
        turn = f"To move: **{nxt.label}** ({who})"
        if details.deadline is not None:
            stamp = int(details.deadline.timestamp())
            turn += f" · deadline <t:{stamp}:R> (<t:{stamp}:f>)"
        lines.append(turn)
    return "\n".join(lines)[:2000]


class ThreadSummary:
    def __init__(self, bot: CaravanBot, posts: BoardPoster) -> None:
        self.bot = bot
        self.service = bot.service
        self.posts = posts
        self.every = bot.settings.summary_edit_seconds
        self._editing: set[int] = set()  # tables whose summary is being edited
        self._stale: set[int] = set()  # … and has changed again meanwhile
        self._behind: set[int] = set()  # tables whose summary waits for its window
        self._edited: dict[int, float] = {}  # when each table's summary was last written

    def register(self) -> None:
        self.bot.outbox.register("summary", self.post_summary)
        self.bot.outbox.register("archive", self.archive)
        for kind in REFRESH_KINDS:
            self.bot.outbox.observe(kind, self.refresh)
        self.bot.outbox.every_pass(self.catch_up)

    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    async def post_summary(self, row: Any) -> int | None:
        info = await self.service.info(row.table_id)
        thread = await self.posts.thread_of(info)
        if thread is None:
            return None
        text = summary_text(await self.service.table_info(info.id))
        message = await post(thread, text, allowed_mentions=NOBODY)
        self._edited[info.id] = self._now()
        try:
            await message.pin()
        except discord.HTTPException as error:  # e.g. no Pin Messages permission
            log.info("could not pin the summary of table %s: %s", info.id, error)
        return message.id

    async def refresh(self, row: Any) -> None:
        """Bring the summary up to date: after a move at most once per
        ``summary_edit_seconds`` (a move within the window is shown by the first background
        pass after it, ``catch_up``); at once after anything else, the game's end included (it
        must never show a stale result)."""
        table_id = row.table_id
        if row.kind in COALESCED_KINDS and not self._due(table_id):
            self._behind.add(table_id)
            return
        await self._bring_up_to_date(table_id)

    async def catch_up(self) -> None:
        """Edit the summaries whose window has passed since they fell behind."""
        for table_id in [t for t in self._behind if self._due(t)]:
            await self._bring_up_to_date(table_id)

    def _due(self, table_id: int) -> bool:
        return self._now() >= self._edited.get(table_id, float("-inf")) + self.every

    async def _bring_up_to_date(self, table_id: int) -> None:
        """Changes made while an edit waits for the thread's edit limit are folded into one
        more edit, with the latest text."""
        self._behind.discard(table_id)
        if table_id in self._editing:
            self._stale.add(table_id)
            return
        self._editing.add(table_id)
        try:
            while True:
                self._stale.discard(table_id)
                self._edited[table_id] = self._now()
                await self._edit(table_id)
                if table_id not in self._stale:
                    return
        finally:
            self._editing.discard(table_id)

    async def _edit(self, table_id: int) -> None:
        found = await self.bot.service.store.latest_messages([table_id], ["summary"])
        message_id = found.get(table_id)
        info = await self.service.info(table_id)
        if message_id is None or info.thread_id is None:
            return
        thread = self.bot.get_channel(info.thread_id)
        if not isinstance(thread, discord.Thread):
            return
        text = summary_text(await self.service.table_info(info.id))
        await thread.get_partial_message(message_id).edit(content=text, allowed_mentions=NOBODY)

    async def archive(self, row: Any) -> int | None:
        info = await self.service.info(row.table_id)
        if info.thread_id is None:
            return None
        try:
            thread = self.bot.get_channel(info.thread_id) or await self.bot.fetch_channel(
                info.thread_id
            )
        except discord.NotFound:
            return None  # deleted: nothing to archive
        if isinstance(thread, discord.Thread) and not thread.archived:
            await thread.edit(archived=True)
        return None
