"""The ``/rules`` command: one topic of one game's reference in an embed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import BotError
from bot.exts.rules._reference import TOPICS, reference, topics_for
from games.core import discovery

if TYPE_CHECKING:
    from bot.bot import CaravanBot

COLOUR = discord.Colour.from_rgb(201, 140, 62)
EMBED_DESCRIPTION_LIMIT = 4096
GAME_CHOICES = [app_commands.Choice(name=s.title, value=s.name) for s in discovery.specs()]
TOPIC_CHOICES = [
    app_commands.Choice(name=t.capitalize(), value=t)
    for t in dict.fromkeys([*TOPICS, *(t for s in discovery.specs() for t in s.topics)])
][:25]


def rules_embed(game_name: str, topic: str) -> discord.Embed:
    try:
        spec = discovery.spec(game_name)
    except discovery.UnknownGame:
        raise BotError(f"There is no game called {game_name[:40]!r}.") from None
    text = reference(spec, topic)
    embed = discord.Embed(
        title=f"{spec.title} — {topic.strip().lower()[:40] or 'overview'}",
        description=text[:EMBED_DESCRIPTION_LIMIT],
        colour=COLOUR,
    )
    embed.set_footer(text="Topics: " + ", ".join(topics_for(spec)))
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
