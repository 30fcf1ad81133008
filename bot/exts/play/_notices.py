"""Outbox handlers for what happens between moves: reminders, stalls and seat changes.

Payloads are described in ``bot.service.timers`` (reminder, stalled) and ``bot.service.tables``
(seat). A reminder or stall notice for a version the table has already left is dropped: the
move it was about has been made.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.exts.play._components import board_view
from bot.exts.play._posts import BoardPoster
from bot.exts.play._stalls import free_seat_view, reclaim_view, stall_view
from bot.mentions import NOBODY, pings, plain
from bot.outbox import post
from bot.service.moderation import FREED

if TYPE_CHECKING:
    from bot.bot import CaravanBot

log = logging.getLogger(__name__)


def reminder_text(p: dict[str, Any]) -> str:
    count = f" (reminder {p['number']} of {p['of']})" if p.get("number") and p.get("of") else ""
    text = f"⏰ <@{p['user_id']}>, your move as **{p.get('label')}** is waiting{count}."
    if p.get("deadline"):
        text += f" The deadline is <t:{int(p['deadline'])}:R>."
    return text


def stalled_text(p: dict[str, Any]) -> str:
    who = f"<@{p['user_id']}>" if p.get("user_id") else plain(p.get("name", "the player"))
    return (
        f"⌛ **{p.get('label')}** ({who}) did not move by the deadline. The table can give more "
        "time, let a bot take the seat over, or hand the seat to someone else."
    )


def extended_text(p: dict[str, Any]) -> str:
    who = f"<@{p['user_id']}>" if p.get("user_id") else "the seat"
    by = f"<@{p['by_user']}> gave" if p.get("by_user") else "The table gave"
    return (
        f"⏳ {by} **{p.get('label')}** ({who}) more time: the deadline is now "
        f"<t:{int(p['deadline'])}:R>."
    )


def away_text(p: dict[str, Any]) -> str:
    """Someone at the table is away: said when they leave, and when their deadline moves."""
    who = f"<@{p['user_id']}>"
    until = f" until <t:{int(p['until'])}:f>" if p.get("until") else ""
    if p.get("deadline"):
        return (
            f"🏝️ {who} is away{until}: their deadline is paused and is now "
            f"<t:{int(p['deadline'])}:f>."
        )
    days = int(p.get("allowance") or 0) / 86400
    if days <= 0:
        return f"🏝️ {who} is away{until}; this table has no away time left for them."
    allowance = f"{days:.1f}".rstrip("0").rstrip(".")
    return (
        f"🏝️ {who} is away{until}. Their deadlines here pause while they are away, for up "
        f"to {allowance} more day{'s' if days != 1 else ''}."
    )


def undo_declined_text(p: dict[str, Any]) -> str:
    return f"✋ <@{p.get('by_user')}> declined the request to take moves back; play goes on."


def seat_text(p: dict[str, Any]) -> str:
    def holder(prefix: str) -> str:
        if p.get(f"{prefix}user_id"):
            return f"<@{p[f'{prefix}user_id']}>"
        return plain(p.get(f"{prefix}name") or "an empty seat")

    reason = f" ({p['reason']})" if p.get("reason") else ""
    return f"🔁 **{p.get('label')}** passes from {holder('from_')} to {holder('')}{reason}."


def _to_players(p: dict[str, Any], sign: str, text: str) -> str:
    """``text`` after ``sign`` and a mention of each seated person named in the payload."""
    return " ".join([sign, *(f"<@{int(u)}>" for u in p.get("user_ids") or []), text])


def broken_text(p: dict[str, Any]) -> str:
    return _to_players(
        p, "⚠️", "This table is paused: its saved game could not be read. Nothing that was "
        "played is lost, and the table stays paused until it has been repaired.",
    )


def released_text(p: dict[str, Any]) -> str:
    return _to_players(
        p, "▶️", "This table plays on: its saved game has been repaired, and the seat to move "
        "has a fresh turn's time.",
    )


class Notices:
    def __init__(self, bot: CaravanBot, posts: BoardPoster) -> None:
        self.bot = bot
        self.service = bot.service
        self.posts = posts

    def register(self) -> None:
        self.bot.outbox.register("reminder", self.post_reminder)
        self.bot.outbox.register("stalled", self.post_stalled)
        self.bot.outbox.register("seat", self.post_seat)
        self.bot.outbox.register("extended", self.post_extended)
        self.bot.outbox.register("undo_declined", self.post_undo_declined)
        self.bot.outbox.register("away", self.post_away)
        self.bot.outbox.register("broken", self.post_broken)
        self.bot.outbox.register("released", self.post_released)

    async def _current(self, row: Any) -> Any | None:
        info = await self.service.info(row.table_id)
        if info.status != "active" or info.version != row.version:
            return None
        return info

    async def post_reminder(self, row: Any) -> int | None:
        info = await self._current(row)
        if info is None:
            return None
        text = reminder_text(row.payload)
        if row.payload.get("notify") == "dm":
            sent = await self._direct(row.payload["user_id"], info, text)
            if sent is not None:
                return sent
        thread = await self.posts.thread_of(info)
        if thread is None:
            return None
        view = board_view(info.id, row.version)
        allowed = pings(row.payload["user_id"])
        message = await post(thread, text, view=view, allowed_mentions=allowed)
        return message.id

    async def _direct(self, user_id: int, info: Any, text: str) -> int | None:
        """Send a reminder by direct message; None when the user does not accept them."""
        _, link = await self.posts.latest_board(info)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            message = await post(user, f"{text}\nThe board: {link}")
        except discord.HTTPException as error:
            log.info("could not DM user %s (%s); reminding in the thread", user_id, error)
            return None
        return message.id

    async def post_stalled(self, row: Any) -> int | None:
        info = await self._current(row)
        if info is None:
            return None
        thread = await self.posts.thread_of(info)
        if thread is None:
            return None
        view = stall_view(info.id, row.version, int(row.payload["seat"]))
        text, allowed = stalled_text(row.payload), pings(row.payload.get("user_id"))
        message = await post(thread, text, view=view, allowed_mentions=allowed)
        return message.id

    async def post_broken(self, row: Any) -> int | None:
        """The table was quarantined; its players are told once, with no reason shown."""
        return await self._tell_players(row, broken_text(row.payload))

    async def post_released(self, row: Any) -> int | None:
        """The table's quarantine ended after a repair; its players are told once."""
        return await self._tell_players(row, released_text(row.payload))

    async def _tell_players(self, row: Any, text: str) -> int | None:
        """Post ``text`` in the table's thread, pinging only the people the row names."""
        info = await self.service.info(row.table_id)
        thread = await self.posts.thread_of(info)
        if thread is None:
            return None
        people = [discord.Object(int(u)) for u in row.payload.get("user_ids") or []]
        mentions = discord.AllowedMentions(everyone=False, roles=False, users=people)
        message = await post(thread, text, allowed_mentions=mentions)
        return message.id

    async def post_seat(self, row: Any) -> int | None:
        """A seat changed hands; a bot keeping it for its player offers them to take it back."""
        p = row.payload
        info = await self.service.info(row.table_id)
        if p.get("reason") == FREED and info.status == "active":
            thread = await self.posts.thread_of(info)
            if thread is None:
                return None
            text = seat_text(p) + " A bot keeps it until a member of the server takes it."
            view = free_seat_view(info.id, int(p["seat"]))
            message = await post(thread, text, view=view, allowed_mentions=NOBODY)
            return message.id
        kept_for = p.get("owner_id") if p.get("agent") else None
        if kept_for is None or info.status != "active":
            return await self._say(row, seat_text(p), pings(p.get("user_id")))
        thread = await self.posts.thread_of(info)
        if thread is None:
            return None
        text = seat_text(p) + f" <@{kept_for}> can take it back at any time."
        message = await post(
            thread,
            text,
            view=reclaim_view(info.id),
            allowed_mentions=pings(kept_for),
        )
        return message.id

    async def post_extended(self, row: Any) -> int | None:
        p = row.payload
        given_to = p.get("user_id") if p.get("user_id") != p.get("by_user") else None
        return await self._say(row, extended_text(p), pings(given_to))

    async def post_away(self, row: Any) -> int | None:
        info = await self.service.info(row.table_id)
        if info.status != "active":
            return None
        return await self._say(row, away_text(row.payload), NOBODY)

    async def post_undo_declined(self, row: Any) -> int | None:
        return await self._say(row, undo_declined_text(row.payload), NOBODY)

    async def _say(self, row: Any, text: str, allowed: discord.AllowedMentions) -> int | None:
        info = await self.service.info(row.table_id)
        thread = await self.posts.thread_of(info)
        if thread is None:
            return None
        message = await post(thread, text, allowed_mentions=allowed)
        return message.id
