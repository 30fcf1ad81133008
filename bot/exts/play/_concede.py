"""``/concede``: leave a game in play, after a private confirmation (it cannot be undone)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.components import guarded, known_template

if TYPE_CHECKING:
    from bot.bot import CaravanBot
    from bot.exts.play._cog import Play


class ConcedeButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.CONCEDE_TEMPLATE
):
    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Concede", style=discord.ButtonStyle.danger, custom_id=ids.concede(table_id)
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConcedeButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cast("Concede", cast("CaravanBot", interaction.client).get_cog("Concede"))
        await guarded(interaction, cog.confirmed(interaction, self.table_id))


class Concede(commands.Cog):
    def __init__(self, bot: CaravanBot, play: Play) -> None:
        self.bot = bot
        self.play = play

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ConcedeButton)
        known_template(ids.CONCEDE_TEMPLATE)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ConcedeButton)

    @app_commands.command(name="concede", description="Give up the game in this thread.")
    @app_commands.guild_only()
    async def concede(self, interaction: discord.Interaction) -> None:
        info = await self.play.thread_table(interaction.channel_id)
        self.play.require_playing(info)
        self.play.require_seat(info, interaction.user.id)
        view = discord.ui.View(timeout=None)
        view.add_item(ConcedeButton(info.id))
        await interaction.response.send_message(
            f"Concede table #{info.id}? This cannot be taken back.", view=view, ephemeral=True
        )

    async def confirmed(self, interaction: discord.Interaction, table_id: int) -> None:
        await interaction.response.defer()
        await self.bot.service.concede(table_id, interaction.user.id)
        await interaction.edit_original_response(content="You conceded.", view=None)
        await self.bot.outbox.drain()
