"""The ``/rules`` command: one topic of one game's reference in an embed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import BotError
from bot.exts.rules._reference import TOPICS, reference, topics_for
from games.core import registry

if TYPE_CHECKING:
    from bot.bot import CaravanBot

COLOUR = discord.Colour.from_rgb(201, 140, 62)
EMBED_DESCRIPTION_LIMIT = 4096
GAME_CHOICES = [app_commands.Choice(name=g.title, value=g.name) for g in registry.all_games()]
TOPIC_CHOICES = [app_commands.Choice(name=t.capitalize(), value=t) for t in TOPICS]


def rules_embed(game_name: str, topic: str) -> discord.Embed:
    try:
        game = registry.get(game_name)
    except KeyError:
        raise BotError(f"There is no game called {game_name!r}.") from None
    text = reference(game, topic)
    embed = discord.Embed(
        title=f"{game.title} — {topic.strip().lower() or 'overview'}",
        description=text[:EMBED_DESCRIPTION_LIMIT],
        colour=COLOUR,
    )
    embed.set_footer(text="Topics: " + ", ".join(topics_for(game)))
    return embed


class Rules(commands.Cog):
    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="A short reference for a game.")
    @app_commands.describe(game="Which game", topic="What to read about (default: overview)")
    @app_commands.choices(game=GAME_CHOICES, topic=TOPIC_CHOICES)
    async def rules(
        self, interaction: discord.Interaction, game: str, topic: str = "overview"
    ) -> None:
        await interaction.response.send_message(embed=rules_embed(game, topic), ephemeral=True)
