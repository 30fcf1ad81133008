"""The cross-server inbox; it answers privately, wherever it is asked."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts.inbox._text import inbox_text
from bot.exts.members._text import history_text

if TYPE_CHECKING:
    from bot.bot import CaravanBot

log = logging.getLogger(__name__)


RECENT = 3  # finished games shown under the open ones; /history lists more


class Inbox(commands.Cog):
    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        if self.bot.timers is not None:
            self.bot.timers.on_pass = self.send_digests

    async def send_digests(self) -> None:
        """Each due daily digest, by direct message (checked after every timer pass)."""
        for digest in await self.bot.service.digests_due():
            embed = discord.Embed(
                title=f"Good morning — {len(digest.entries)} game"
                f"{'s' if len(digest.entries) != 1 else ''} waiting on you",
                description=inbox_text(digest.entries),
            )
            embed.set_footer(text="Your daily digest · /settings digest:False to stop it")
            try:
                user = self.bot.get_user(digest.user_id) or await self.bot.fetch_user(
                    digest.user_id
                )
                await user.send(embed=embed)
            except discord.HTTPException as error:
                log.info("could not send user %s their digest: %s", digest.user_id, error)

    @app_commands.command(
        name="mygames", description="Your open tables, the ones waiting on you first."
    )
    @app_commands.describe(page="Which page, when you have more tables than fit on one")
    async def mygames(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10_000] = 1
    ) -> None:
        # A member may sit at thousands of tables: answer within Discord's three seconds first.
        await interaction.response.defer(ephemeral=True, thinking=True)
        inbox = await self.bot.service.my_tables(interaction.user.id, page=page - 1)
        title = f"Your tables — {inbox.waiting} waiting on you" if inbox.waiting else "Your tables"
        embed = discord.Embed(title=title, description=inbox_text(inbox.entries))
        if inbox.pages > 1:
            following = inbox.page + 2 if inbox.page + 1 < inbox.pages else 1
            embed.set_footer(
                text=f"Page {inbox.page + 1} of {inbox.pages} · {inbox.total} tables · "
                f"/mygames page:{following} for more"
            )
        recent = await self.bot.service.finished_games(interaction.user.id, per_page=RECENT)
        if recent.games:
            embed.add_field(
                name="Recently finished", value=history_text(recent.games)[:1024], inline=False
            )
        await interaction.followup.send(embed=embed, ephemeral=True)
