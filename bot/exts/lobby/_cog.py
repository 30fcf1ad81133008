"""``/newgame`` and the lobby buttons. Every rule (seats, host rights, limits) is the service's."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Literal, NoReturn

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.components import known_template
from bot.errors import BotError
from bot.exts.lobby._components import LobbyButton, lobby_view
from bot.exts.lobby._embeds import lobby_embed, thread_name
from bot.exts.lobby._options import OPTIONS_LENGTH, option_choices, parse_options
from bot.service import NotHost
from bot.service.pace import DEFAULT_PACE, PACES
from bot.threads import MAX_ACTIVE_THREADS
from games.core import discovery

if TYPE_CHECKING:
    from bot.bot import CaravanBot

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=g.title, value=g.name) for g in discovery.all_games()]
PACE_CHOICES = [app_commands.Choice(name=p.title, value=p.name) for p in PACES.values()]
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week: games are played over days


class Lobby(commands.Cog):
    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LobbyButton)
        known_template(ids.LOBBY_TEMPLATE)
        # The lobby message keeps telling the truth after the game: finished or cancelled.
        self.bot.outbox.observe("result", self.refresh_lobby)
        self.bot.outbox.observe("cancel", self.refresh_lobby)
        self.bot.outbox.register("expired", self.lobby_expired)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LobbyButton)

    @app_commands.command(
        name="newgame", description="Open a table for a new game in this channel."
    )
    @app_commands.describe(
        game="The game to play",
        pace="How long each turn may take",
        options="The game's options as key=value, separated by commas (pick from the list)",
    )
    @app_commands.choices(game=GAME_CHOICES, pace=PACE_CHOICES)
    @app_commands.guild_only()
    async def newgame(
        self,
        interaction: discord.Interaction,
        game: str,
        pace: str = DEFAULT_PACE,
        options: app_commands.Range[str, 1, OPTIONS_LENGTH] | None = None,
    ) -> None:
        service = self.bot.service
        if isinstance(interaction.channel, discord.Thread):
            table = await service.table_for_thread(interaction.channel.id)
            if table is not None:
                raise BotError(
                    f"This thread already hosts table #{table.id}. Start a new game from the "
                    "channel itself with /newgame, not inside a game thread."
                )
            raise BotError("Start a new game in a text channel, not inside a thread.")
        info = await service.create_table(
            game,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            pace=pace,
            options=parse_options(service.game(game), options),
        )
        embed = lobby_embed(info, await self.paces(info))
        await interaction.response.send_message(embed=embed, view=lobby_view(info.id))
        message = await interaction.original_response()
        await service.set_lobby_message(info.id, message.id)

    @newgame.autocomplete("options")
    async def options_offered(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            game = discovery.get(str(interaction.namespace.game or ""))
        except discovery.UnknownGame:
            return []
        return option_choices(game, current[:OPTIONS_LENGTH])

    async def on_button(self, interaction: discord.Interaction, table_id: int, verb: str) -> None:
        service = self.bot.service
        user = interaction.user
        if verb == "start":
            await self._start(interaction, table_id)
            return
        if verb == "join":
            info = await service.join(table_id, user.id, user.display_name)
        elif verb == "leave":
            info = await service.leave(table_id, user.id)
        elif verb == "bot":
            info = await service.add_agent(table_id, user.id)
        else:
            info = await service.cancel(table_id, user.id)
        view = lobby_view(table_id) if info.status == "lobby" else None
        embed = lobby_embed(info, await self.paces(info))
        await interaction.response.edit_message(embed=embed, view=view)

    async def paces(self, info: Any) -> dict[int, timedelta]:
        """The seated members' median times per turn, while the lobby waits for players."""
        if info.status != "lobby":
            return {}
        return await self.bot.service.turn_medians(list(info.user_ids))

    async def refresh_lobby(self, row: Any, note: str | None = None) -> int | None:
        info = await self.bot.service.info(row.table_id)
        if info.channel_id is None or info.lobby_message_id is None:
            return None
        channel = self.bot.get_channel(info.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return None
        if note is None and row.kind == "cancel" and row.payload.get("reason"):
            note = f"Cancelled by a moderator: {str(row.payload['reason'])[:300]}"
        message = channel.get_partial_message(info.lobby_message_id)
        await message.edit(embed=lobby_embed(info, note=note), view=None)
        return None

    async def lobby_expired(self, row: Any) -> int | None:
        """The lobby did not start in time and closed itself: its message says so."""
        hours = int(row.payload.get("hours") or 0)
        return await self.refresh_lobby(
            row, note=f"This lobby closed itself: it did not start within {hours} hours."
        )

    async def _start(self, interaction: discord.Interaction, table_id: int) -> None:
        service = self.bot.service
        await interaction.response.defer()
        info = await service.info(table_id)
        if info.status == "active" and info.thread_id is None:
            # Started, but the bot stopped before the thread existed: the lobby still shows
            # Start, and pressing it again finishes the job instead of failing.
            if interaction.user.id != info.host_id:
                raise NotHost("Only the host can start the game.")
        else:
            info = await service.start(table_id, interaction.user.id)
        try:
            thread = await self._open_thread(interaction, info)
        except discord.HTTPException as error:
            if error.code != MAX_ACTIVE_THREADS:
                await self._call_off(interaction, table_id)
            await self._threads_full(interaction, info)
        except discord.ClientException:
            await self._call_off(interaction, table_id)
        info = await service.set_thread(table_id, thread.id)
        await interaction.edit_original_response(embed=lobby_embed(info), view=None)
        await self.bot.outbox.drain()

    async def _threads_full(self, interaction: discord.Interaction, info: Any) -> NoReturn:
        """Discord's limit of active threads on the server is reached: the table waits, and
        Start opens its thread once there is room (finished games' threads are archived)."""
        assert interaction.guild_id is not None
        hours = (await self.bot.service.server_settings(interaction.guild_id)).archive_hours
        raise BotError(
            "This server has as many active threads as Discord allows, so the game's thread "
            f"could not open. Finished games' threads are archived {hours} h after the end (a "
            "moderator can shorten that with /admin caps archive_hours); press Start again "
            "once there is room."
        )

    async def _call_off(self, interaction: discord.Interaction, table_id: int) -> NoReturn:
        # A game nobody can follow is worse than none: call it off and say why.
        info = await self.bot.service.cancel(table_id, interaction.user.id)
        await interaction.edit_original_response(embed=lobby_embed(info), view=None)
        raise BotError(
            "I may not open threads in this channel, so the table was cancelled. Give me "
            "the Create Public Threads and Send Messages in Threads permissions and try again."
        )

    async def _open_thread(self, interaction: discord.Interaction, info: object) -> discord.Thread:
        name = thread_name(info)
        if interaction.message is not None:
            try:
                return await interaction.message.create_thread(
                    name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES
                )
            except discord.HTTPException:
                log.info("could not open a thread on the lobby message; trying the channel")
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise discord.ClientException("threads need a text channel")
        return await channel.create_thread(
            name=name,
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        )
