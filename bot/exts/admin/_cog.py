"""``/admin`` commands. Discord knows who moderates (Manage Server, or the role ``/admin role``
set); the service does the rest and logs every action. Everyone else is told, politely, which
permission the command needs."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import BotError
from bot.exts.admin._dashboard import Dashboards, missing_permissions
from bot.service.moderation import REASON_LENGTH
from bot.service.server import ServerSettings
from storage import ModerationRecord

if TYPE_CHECKING:
    from bot.bot import CaravanBot

log = logging.getLogger(__name__)

SEAT_CHOICES = [
    app_commands.Choice(name="A bot plays it for the rest of the game", value="bot"),
    app_commands.Choice(name="Free it: a bot plays it until a member takes it", value="free"),
]
LOG_LIMIT = 20


def log_line(record: ModerationRecord) -> str:
    at = int(record.created_at.timestamp())
    where = f" table #{record.table_id}" if record.table_id is not None else ""
    said = f": {discord.utils.escape_markdown(record.detail)}" if record.detail else ""
    return f"<t:{at}:d> <t:{at}:t> · <@{record.user_id}> · {record.action}{where}{said}"


class Admin(commands.GroupCog, group_name="admin", description="Moderate this server's tables."):
    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot
        self.dashboards = Dashboards(bot)
        super().__init__()

    async def cog_load(self) -> None:
        self.dashboards.register()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """After a start, every dashboard shows the tables as they are now."""
        for guild in self.bot.guilds:
            try:
                await self.dashboards.refresh(guild.id)
            except Exception:
                log.exception("could not refresh the dashboard of server %s", guild.id)

    # ---- who may ---------------------------------------------------------------------------

    async def _settings(self, interaction: discord.Interaction) -> ServerSettings:
        if interaction.guild_id is None:
            raise BotError("This command works only inside a server.")
        return await self.bot.service.server_settings(interaction.guild_id)

    async def _require_moderator(
        self, interaction: discord.Interaction, command: str
    ) -> ServerSettings:
        settings = await self._settings(interaction)
        user = interaction.user
        if isinstance(user, discord.Member):
            if user.guild_permissions.manage_guild:
                return settings
            if settings.mod_role_id is not None and any(
                r.id == settings.mod_role_id for r in user.roles
            ):
                return settings
        role = ""
        if settings.mod_role_id is not None:
            found = interaction.guild.get_role(settings.mod_role_id) if interaction.guild else None
            role = f" or the {found.name if found else 'moderators'} role"
        raise BotError(
            f"Sorry, /admin {command} is for moderators: it needs the Manage Server "
            f"permission{role}."
        )

    def _require_manager(self, interaction: discord.Interaction, command: str) -> None:
        user = interaction.user
        if not (isinstance(user, discord.Member) and user.guild_permissions.manage_guild):
            raise BotError(
                f"Sorry, /admin {command} needs the Manage Server permission."
            )

    async def _table(self, interaction: discord.Interaction, table: int | None) -> int:
        if table is not None:
            return table
        if interaction.channel_id is not None:
            info = await self.bot.service.table_for_thread(interaction.channel_id)
            if info is not None:
                return info.id
        raise BotError("Name the table (table:<number>), or use the command in its thread.")

    async def _reply(self, interaction: discord.Interaction, text: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
        await self.bot.outbox.drain()

    # ---- commands ---------------------------------------------------------------------------

    @app_commands.command(name="role", description="Set the role whose members moderate tables.")
    @app_commands.describe(role="The moderators' role; leave out to have none")
    @app_commands.guild_only()
    async def role(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        self._require_manager(interaction, "role")
        assert interaction.guild_id is not None
        await self.bot.service.configure(
            interaction.guild_id, interaction.user.id, "role",
            f"@{role.name}" if role else "none", mod_role_id=role.id if role else None,
        )
        text = (
            f"Members with the <@&{role.id}> role now moderate tables here."
            if role else "Only members with Manage Server moderate tables here now."
        )
        await self._reply(interaction, text)

    @app_commands.command(name="cancel", description="Cancel a table, in its lobby or in play.")
    @app_commands.describe(
        table="The table's number (default: this thread's)", reason="Why, for the players"
    )
    @app_commands.guild_only()
    async def cancel(
        self,
        interaction: discord.Interaction,
        reason: app_commands.Range[str, 1, REASON_LENGTH],
        table: app_commands.Range[int, 1] | None = None,
    ) -> None:
        await self._require_moderator(interaction, "cancel")
        table_id = await self._table(interaction, table)
        assert interaction.guild_id is not None
        await self.bot.service.moderator_cancel(
            table_id, interaction.guild_id, interaction.user.id, reason
        )
        await self._reply(interaction, f"Table #{table_id} is cancelled; its players are told why.")

    @app_commands.command(
        name="seat", description="Let a bot play a seat, or free it for another member."
    )
    @app_commands.describe(
        seat="The seat's number (1 is the first)",
        action="What to do with it",
        table="The table's number (default: this thread's)",
    )
    @app_commands.choices(action=SEAT_CHOICES)
    @app_commands.guild_only()
    async def seat(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 10],
        action: str,
        table: app_commands.Range[int, 1] | None = None,
    ) -> None:
        await self._require_moderator(interaction, "seat")
        table_id = await self._table(interaction, table)
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        free = action == "free"
        await self.bot.service.moderator_seat(
            table_id, seat - 1, interaction.guild_id, interaction.user.id, free=free
        )
        done = "is free: a bot keeps it until a member takes it" if free else "is played by a bot"
        await self._reply(interaction, f"Seat {seat} at table #{table_id} {done}.")

    @app_commands.command(name="extend", description="Give the player to move more time.")
    @app_commands.describe(
        hours="How many hours more (default: one turn of the table's pace)",
        table="The table's number (default: this thread's)",
    )
    @app_commands.guild_only()
    async def extend(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[int, 1, 336] | None = None,
        table: app_commands.Range[int, 1] | None = None,
    ) -> None:
        await self._require_moderator(interaction, "extend")
        table_id = await self._table(interaction, table)
        assert interaction.guild_id is not None
        deadline = await self.bot.service.moderator_extend(
            table_id, interaction.guild_id, interaction.user.id, hours
        )
        await self._reply(
            interaction,
            f"The deadline at table #{table_id} is now <t:{int(deadline.timestamp())}:f>.",
        )

    @app_commands.command(name="channel", description="Set the channel where /newgame may be used.")
    @app_commands.describe(channel="The channel for new games; leave out to allow any channel")
    @app_commands.guild_only()
    async def channel(
        self, interaction: discord.Interaction, channel: discord.TextChannel | None = None
    ) -> None:
        await self._require_moderator(interaction, "channel")
        assert interaction.guild_id is not None
        await self.bot.service.configure(
            interaction.guild_id, interaction.user.id, "channel",
            f"#{channel.name}" if channel else "any",
            newgame_channel_id=channel.id if channel else None,
        )
        text = (
            f"New games open only in <#{channel.id}> now."
            if channel else "New games may be opened in any channel now."
        )
        await self._reply(interaction, text)

    @app_commands.command(name="caps", description="Show or set this server's limits on tables.")
    @app_commands.describe(
        open_tables="Tables in the lobby or in play at once (1-200)",
        per_member="Open tables a member may sit at when opening one (1-50)",
        lobbies="Lobbies waiting at once (1-50)",
        lobby_hours="Hours a lobby waits to start before it closes (1-720)",
        archive_hours="Hours after its end a game's thread is archived (1-720)",
    )
    @app_commands.guild_only()
    async def caps(
        self,
        interaction: discord.Interaction,
        open_tables: int | None = None,
        per_member: int | None = None,
        lobbies: int | None = None,
        lobby_hours: int | None = None,
        archive_hours: int | None = None,
    ) -> None:
        settings = await self._require_moderator(interaction, "caps")
        changes = {
            name: value
            for name, value in (
                ("max_open_tables", open_tables),
                ("max_tables_per_member", per_member),
                ("max_lobbies", lobbies),
                ("lobby_hours", lobby_hours),
                ("archive_hours", archive_hours),
            )
            if value is not None
        }
        if changes:
            assert interaction.guild_id is not None
            detail = ", ".join(f"{k}={v}" for k, v in changes.items())
            settings = await self.bot.service.configure(
                interaction.guild_id, interaction.user.id, "caps", detail, **changes
            )
            head = "Saved. This server's limits:"
        else:
            head = "This server's limits:"
        await self._reply(interaction, "\n".join([head, *settings.describe()]))

    @app_commands.command(name="log", description="The moderators' latest actions on this server.")
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction) -> None:
        await self._require_moderator(interaction, "log")
        assert interaction.guild_id is not None
        records = await self.bot.service.moderation_log(interaction.guild_id, LOG_LIMIT)
        if not records:
            await self._reply(interaction, "No moderator action has been taken here yet.")
            return
        embed = discord.Embed(
            title="Moderation log", description="\n".join(log_line(r) for r in records)[:4000]
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name="dashboard", description="Keep a list of the tables in play in a channel."
    )
    @app_commands.describe(channel="Where the dashboard message goes")
    @app_commands.guild_only()
    async def dashboard(
        self, interaction: discord.Interaction, channel: discord.TextChannel
    ) -> None:
        await self._require_moderator(interaction, "dashboard")
        guild = interaction.guild
        assert guild is not None and interaction.guild_id is not None
        missing = missing_permissions(channel, guild.me)
        if missing:
            raise BotError(
                f"I cannot keep a dashboard in <#{channel.id}>: I need the "
                f"{' and '.join(missing)} permission{'s' if len(missing) > 1 else ''} there."
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        message_id = await self.dashboards.place(interaction.guild_id, channel, interaction.user.id)
        link = f"https://discord.com/channels/{interaction.guild_id}/{channel.id}/{message_id}"
        await self._reply(
            interaction, f"The dashboard is in <#{channel.id}> ({link}); it is kept up to date."
        )
