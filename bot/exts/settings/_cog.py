"""Personal settings; the service validates every value and says what was wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.service.settings import UserSettings

if TYPE_CHECKING:
    from bot.bot import CaravanBot

NOTIFY_CHOICES = [
    app_commands.Choice(name="In the game thread", value="thread"),
    app_commands.Choice(name="By direct message", value="dm"),
]

PINGS_CHOICES = [
    app_commands.Choice(name="Every turn (when I am away from the table)", value="every_turn"),
    app_commands.Choice(name="Reminders only", value="reminders"),
    app_commands.Choice(name="A daily digest instead", value="digest"),
]
PINGS_TEXT = {
    "every_turn": "when your turn starts and you have not been at the table for a few minutes, "
    "and in reminders",
    "reminders": "only in reminders as a deadline nears, not when a turn starts",
    "digest": "never for a turn or a reminder: a daily digest lists the games waiting on you",
}


def describe(settings: UserSettings) -> str:
    quiet = settings.quiet_hours or "none"
    where = "by direct message" if settings.notify == "dm" else "in the game thread"
    digest = settings.daily_digest or settings.turn_pings == "digest"
    return (
        f"Time zone: **{settings.time_zone}**\n"
        f"Quiet hours: **{quiet}** (no pings then: a turn's ping waits until they end; "
        "deadlines still apply)\n"
        f"Pings: {PINGS_TEXT[settings.turn_pings]}.\n"
        f"Reminders reach you **{where}**.\n"
        f"Daily digest of the games waiting on you: **{'on' if digest else 'off'}**"
    )


class Settings(commands.Cog):
    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description="Your time zone, quiet hours and reminders.")
    @app_commands.describe(
        time_zone="An IANA time zone, e.g. Europe/Paris or America/New_York",
        quiet_hours="Local hours without reminders, e.g. 22:00-07:00 (or 'off')",
        notify="Where reminders reach you",
        digest="A direct message each morning listing the games waiting on you",
        pings="Which turns ping you",
    )
    @app_commands.choices(notify=NOTIFY_CHOICES, pings=PINGS_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        time_zone: str | None = None,
        quiet_hours: str | None = None,
        notify: str | None = None,
        digest: bool | None = None,
        pings: str | None = None,
    ) -> None:
        service = self.bot.service
        asked = (time_zone, quiet_hours, notify, digest, pings)
        if all(value is None for value in asked):
            current = await service.user_settings(interaction.user.id)
            text = f"Your settings:\n{describe(current)}"
        else:
            updated = await service.set_user_settings(
                interaction.user.id,
                time_zone=time_zone,
                quiet_hours=quiet_hours,
                notify=notify,
                daily_digest=digest,
                turn_pings=pings,
            )
            text = f"Saved.\n{describe(updated)}"
        await interaction.response.send_message(text, ephemeral=True)
