"""The server dashboard: one message listing the tables in play and whose turn it is.

Its channel and message ids are server settings, so it is edited in place after every board,
result, cancellation or seat change, and after a restart too; it is posted again only if
someone deleted it."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.mentions import NOBODY, plain
from bot.service.records import DashboardRow
from bot.service.server import ServerSettings

if TYPE_CHECKING:
    from bot.bot import CaravanBot

log = logging.getLogger(__name__)

COLOUR = discord.Colour.from_rgb(201, 140, 62)
SHOWN = 40  # lines; the embed description holds 4,096 characters
NEEDED = (("view_channel", "View Channel"), ("send_messages", "Send Messages"),
          ("embed_links", "Embed Links"))
PLACE_FRESH = 30.0  # seconds
REMEMBERED = 10_000  # tables and servers
KINDS = ("start", "turn", "undo", "result", "cancel", "seat", "extended", "away", "stalled")


def dashboard_line(row: DashboardRow) -> str:
    name = f"**{row.title} #{row.table_id}**"
    if row.thread_id is not None:
        name = f"[{name}](https://discord.com/channels/{row.guild_id}/{row.thread_id})"
    if row.next_label is None:
        return f"{name} · in play"
    who = f"<@{row.next_user_id}>" if row.next_user_id else plain(row.next_name or "a bot")
    line = f"{name} · {row.next_label} ({who}) to move"
    if row.away_until is not None:
        line += f" · 🏝️ away until <t:{int(row.away_until.timestamp())}:d>"
    elif row.deadline is not None:
        line += f" · due <t:{int(row.deadline.timestamp())}:R>"
    return line


def dashboard_embed(rows: Sequence[DashboardRow]) -> discord.Embed:
    lines = [dashboard_line(r) for r in rows[:SHOWN]]
    if len(rows) > SHOWN:
        lines.append(f"…and {len(rows) - SHOWN} more.")
    embed = discord.Embed(
        title="Tables in play",
        description="\n".join(lines)[:4000] or "No table is being played. Start one with /newgame.",
        colour=COLOUR,
    )
    embed.set_footer(text="Kept up to date as games move.")
    return embed


def missing_permissions(channel: Any, me: Any) -> list[str]:
    """What the bot lacks to keep a dashboard in ``channel``, as Discord names it."""
    allowed = channel.permissions_for(me)
    missing = [title for name, title in NEEDED if not getattr(allowed, name)]
    # Without Send Messages, Discord reports Embed Links as missing too: name the cause.
    return missing if allowed.send_messages else [m for m in missing if m != "Embed Links"]


class Dashboards:
    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot
        # Every delivered post refreshes its server's dashboard: where that dashboard is (and
        # each table's server, which never changes) is remembered instead of read each time.
        # Another process may move a dashboard, so a remembered place is read again after
        # PLACE_FRESH seconds.
        self._guild_of: dict[int, int | None] = {}
        self._places: dict[int, tuple[float, ServerSettings]] = {}

    def register(self) -> None:
        for kind in KINDS:
            self.bot.outbox.observe(kind, self.after_row)

    async def after_row(self, row: Any) -> None:
        if row.table_id not in self._guild_of:
            if len(self._guild_of) >= REMEMBERED:
                self._guild_of.clear()
            self._guild_of[row.table_id] = (await self.bot.service.info(row.table_id)).guild_id
        guild_id = self._guild_of[row.table_id]
        if guild_id is not None:
            await self.refresh(guild_id)

    async def _place(self, guild_id: int) -> ServerSettings:
        known = self._places.get(guild_id)
        if known is not None and time.monotonic() - known[0] < PLACE_FRESH:
            return known[1]
        settings = await self.bot.service.server_settings(guild_id)
        if len(self._places) >= REMEMBERED:
            self._places.clear()
        self._places[guild_id] = (time.monotonic(), settings)
        return settings

    async def refresh(self, guild_id: int) -> None:
        """Edit the server's dashboard to show the tables as they are now (if it has one)."""
        settings = await self._place(guild_id)
        if settings.dashboard_channel_id is None:
            return
        channel = self.bot.get_channel(settings.dashboard_channel_id)
        if not isinstance(channel, discord.TextChannel):
            return
        embed = dashboard_embed(await self.bot.service.dashboard(guild_id))
        if settings.dashboard_message_id is not None:
            try:
                await channel.get_partial_message(settings.dashboard_message_id).edit(embed=embed)
                return
            except discord.NotFound:
                log.info("the dashboard of server %s was deleted; posting it again", guild_id)
            except discord.HTTPException as error:
                log.info("could not edit the dashboard of server %s: %s", guild_id, error)
                return
        self._places.pop(guild_id, None)
        message = await channel.send(embed=embed, allowed_mentions=NOBODY)
        await self.bot.service.set_dashboard_message(guild_id, message.id)
        self._places.pop(guild_id, None)  # a refresh meanwhile may have read the old message

    async def place(self, guild_id: int, channel: discord.TextChannel, by_user: int) -> int:
        """Post the dashboard in ``channel`` (the old one, elsewhere, is deleted)."""
        settings = await self.bot.service.server_settings(guild_id)
        embed = dashboard_embed(await self.bot.service.dashboard(guild_id))
        message = await channel.send(embed=embed, allowed_mentions=NOBODY)
        await self.bot.service.configure(
            guild_id, by_user, "dashboard", f"#{channel.name}",
            dashboard_channel_id=channel.id, dashboard_message_id=message.id,
        )
        self._places.pop(guild_id, None)
        old_channel = settings.dashboard_channel_id
        if settings.dashboard_message_id is not None and old_channel is not None:
            old = self.bot.get_channel(old_channel)
            if isinstance(old, discord.TextChannel):
                try:
                    await old.get_partial_message(settings.dashboard_message_id).delete()
                except discord.HTTPException:
                    log.info("could not delete the old dashboard of server %s", guild_id)
        return message.id
