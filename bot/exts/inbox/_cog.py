"""The cross-server inbox; it answers privately, wherever it is asked."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts.inbox._text import inbox_text

if TYPE_CHECKING:
    from bot.bot import CaravanBot


class Inbox(commands.Cog):
    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="mygames", description="Your open tables, the ones waiting on you first."
    )
    async def mygames(self, interaction: discord.Interaction) -> None:
        entries = await self.bot.service.my_tables(interaction.user.id)
        waiting = sum(1 for e in entries if e.waiting_on_me)
        title = f"Your tables — {waiting} waiting on you" if waiting else "Your tables"
        embed = discord.Embed(title=title, description=inbox_text(entries))
        await interaction.response.send_message(embed=embed, ephemeral=True)
