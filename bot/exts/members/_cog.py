"""A member's absences and record; each answer is private."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts.members._text import DATE_LENGTH, history_text, parse_until, stats_text
from games.core import discovery

if TYPE_CHECKING:
    from bot.bot import CaravanBot

GAME_CHOICES = [app_commands.Choice(name=g.title, value=g.name) for g in discovery.all_games()]


class Members(commands.Cog):
    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot

    @app_commands.command(name="away", description="Say you are away; your deadlines pause.")
    @app_commands.describe(
        until="The day you are back, e.g. 2026-12-24 (your time zone), or 'back'"
    )
    async def away(
        self, interaction: discord.Interaction, until: app_commands.Range[str, 1, DATE_LENGTH]
    ) -> None:
        service = self.bot.service
        settings = await service.user_settings(interaction.user.id)
        moment = parse_until(until, settings.zone)
        if moment is None:
            await service.come_back(interaction.user.id)
            await interaction.response.send_message(
                "Welcome back: your deadlines run again.", ephemeral=True
            )
            return
        notice = await service.set_away(interaction.user.id, moment)
        lines = [f"You are away until <t:{int(notice.until.timestamp())}:f>."]
        if notice.tables:
            lines.append(
                f"Your {len(notice.tables)} game{'s' if len(notice.tables) != 1 else ''} in "
                "play are told; each pauses your deadlines within the away time its pace "
                "allows, and nobody is reminded on your behalf meanwhile."
            )
        lines.append("Use `/away until:back` when you are back early.")
        await interaction.response.send_message("\n".join(lines), ephemeral=True)
        await self.bot.outbox.drain()

    @app_commands.command(name="history", description="Finished games, with their results.")
    @app_commands.describe(
        member="Whose games (default: yours)", game="Only this game", page="Which page"
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def history(
        self,
        interaction: discord.Interaction,
        member: discord.User | None = None,
        game: str | None = None,
        page: app_commands.Range[int, 1, 10_000] = 1,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = member or interaction.user
        found = await self.bot.service.finished_games(who.id, game=game, page=page - 1)
        embed = discord.Embed(
            title=f"Finished games of {who.display_name}"[:256],
            description=history_text(found.games)[:4000],
        )
        if found.pages > 1:
            embed.set_footer(
                text=f"Page {found.page + 1} of {found.pages} · {found.total} games · "
                f"/history page:{found.page + 2 if found.page + 1 < found.pages else 1}"
            )
        await interaction.followup.send(embed=embed, ephemeral=True)

    @app_commands.command(name="stats", description="Games, wins and time per turn.")
    @app_commands.describe(member="Whose statistics (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = member or interaction.user
        stats = await self.bot.service.player_stats(who.id)
        embed = discord.Embed(title=f"{who.display_name}"[:256], description=stats_text(stats))
        await interaction.followup.send(embed=embed, ephemeral=True)
