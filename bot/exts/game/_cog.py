"""The ``/game`` commands; each works in the game's thread or names the table anywhere."""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.components import guarded, known_template
from bot.errors import BotError, NotInGameThread
from bot.exts.game._text import COLOUR, info_embed, log_file_text, log_shown
from bot.exts.play._stalls import take_back
from bot.service import TableInfo, TableNotFound
from bot.threads import reopen_if_archived

if TYPE_CHECKING:
    from bot.bot import CaravanBot

TABLE_HELP = "The table number (default: the game of this thread)"


class LeaveButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.LEAVE_TEMPLATE
):
    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Leave the game",
                style=discord.ButtonStyle.danger,
                custom_id=ids.leave_game(table_id),
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaveButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cast("GameCommands", cast("CaravanBot", interaction.client).get_cog("GameCommands"))
        await guarded(interaction, cog.leave_confirmed(interaction, self.table_id))


class GameCommands(commands.Cog):
    game = app_commands.Group(
        name="game", description="A table's facts, its move log, leaving and coming back."
    )

    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LeaveButton)
        known_template(ids.LEAVE_TEMPLATE)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LeaveButton)

    async def table(self, interaction: discord.Interaction, table: int | None) -> TableInfo:
        """The named table, or the one whose thread this is; a table of another server is
        shown only to the people seated at it."""
        if table is None:
            info = None
            if interaction.channel_id is not None:
                info = await self.service.table_for_thread(interaction.channel_id)
            if info is None:
                raise NotInGameThread(
                    "Use this in a game's thread, or give the table number (see /mygames)."
                )
            return info
        if not 0 < table < 2**63:
            raise TableNotFound(table)
        info = await self.service.info(table)
        user = interaction.user.id
        mine = info.seat_of(user) is not None or info.owned_by(user) is not None
        if info.guild_id != interaction.guild_id and not mine:
            raise TableNotFound(table)
        return info

    @game.command(name="info", description="The game, pace, seats, whose turn and the deadline.")
    @app_commands.describe(table=TABLE_HELP)
    async def info(self, interaction: discord.Interaction, table: int | None = None) -> None:
        info = await self.table(interaction, table)
        details = await self.service.table_info(info.id)
        note = None
        if await reopen_if_archived(self.bot, info):
            note = f"Its thread had been archived; I reopened it: <#{info.thread_id}>"
        await interaction.response.send_message(
            note, embed=info_embed(details), ephemeral=True
        )

    @game.command(name="log", description="Every move so far, in notation and in words.")
    @app_commands.describe(table=TABLE_HELP)
    async def log(self, interaction: discord.Interaction, table: int | None = None) -> None:
        info = await self.table(interaction, table)
        user = interaction.user.id
        seat = info.seat_of(user)
        viewer = seat if seat is not None else info.owned_by(user)
        entries = await self.service.game_log(info.id, viewer)  # its own private events too
        title = self.service.game_of(info).title
        shown, left_out = log_shown(entries)
        embed = discord.Embed(
            title=f"{title} — table #{info.id} — the log",
            description=shown or "No moves yet.",
            colour=COLOUR,
        )
        if left_out:
            embed.set_footer(text=f"{left_out} earlier moves are in the attached file.")
        data = log_file_text(title, info.id, entries).encode()
        file = discord.File(io.BytesIO(data), filename=f"table-{info.id}-log.txt")
        await interaction.response.send_message(embed=embed, file=file, ephemeral=True)

    @game.command(name="leave", description="Leave a game in play (a bot or the rules go on).")
    @app_commands.describe(table=TABLE_HELP)
    async def leave(self, interaction: discord.Interaction, table: int | None = None) -> None:
        info = await self.table(interaction, table)
        if info.status != "active":
            raise BotError(f"Table #{info.id} is not being played.")
        user = interaction.user.id
        if info.seat_of(user) is None and info.owned_by(user) is None:
            raise BotError(f"You have no seat at table #{info.id}.")
        others = [s for s in info.seats if s.user_id is not None and s.user_id != user]
        then = (
            "the game ends and the others win"
            if len(others) <= 1
            else "a bot plays your seat for the rest of the game"
        )
        view = discord.ui.View(timeout=None)
        view.add_item(LeaveButton(info.id))
        await interaction.response.send_message(
            f"Leave table #{info.id}? If you do, {then}. This cannot be taken back.",
            view=view,
            ephemeral=True,
        )

    async def leave_confirmed(self, interaction: discord.Interaction, table_id: int) -> None:
        await interaction.response.defer()
        await self.service.leave_game(table_id, interaction.user.id)
        await interaction.edit_original_response(content=f"You left table #{table_id}.", view=None)
        await self.bot.outbox.drain()

    @game.command(name="reclaim", description="Take back your seat from the bot keeping it.")
    @app_commands.describe(table=TABLE_HELP)
    async def reclaim(self, interaction: discord.Interaction, table: int | None = None) -> None:
        info = await self.table(interaction, table)
        await take_back(self.bot, interaction, info.id)
