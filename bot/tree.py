"""One error handler for slash commands and components alike.

Domain errors (service, notation, legality) become a short ephemeral sentence; anything
unexpected is logged with its context and answered generically, so the user never sees
Discord's "This interaction failed".
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.errors import BotError
from bot.mentions import NOBODY
from bot.service.errors import ServiceError
from games.core.errors import AmbiguousAction, GameError, GameOver, IllegalAction, NotationError

log = logging.getLogger(__name__)

GENERIC_REPLY = "Something went wrong on my side and it has been logged. Please try again shortly."
CONTENT_LIMIT = 2000  # Discord's limit on a message's content


def fit(text: str) -> str:
    """A reply as Discord will take it: mentions in it stay text, and it is cut to the limit."""
    text = discord.utils.escape_mentions(text)
    return text if len(text) <= CONTENT_LIMIT else text[: CONTENT_LIMIT - 1] + "…"


def reply_for(error: BaseException) -> str | None:
    """The sentence to show for an expected error, or None when the error is unexpected."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, BotError):
        return error.reason
    if isinstance(error, GameOver):
        return "This game is already over; no more moves can be made."
    if isinstance(error, AmbiguousAction):
        return f"{error.reason} Type a little more of the move."
    if isinstance(error, NotationError):
        return f"That is not a move I can read: {error.reason}"
    if isinstance(error, IllegalAction):
        return f"That move is not allowed: {error.reason}"
    if isinstance(error, GameError):
        return error.reason
    if isinstance(error, ServiceError):
        return str(getattr(error, "reason", None) or error)
    if isinstance(error, app_commands.NoPrivateMessage):
        return "This command works only inside a server."
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or "You can't use this command here."
    return None


async def send_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answer privately whether or not the interaction was already acknowledged."""
    text = fit(text)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NOBODY)
        else:
            await interaction.response.send_message(
                text, ephemeral=True, allowed_mentions=NOBODY
            )
    except discord.HTTPException:
        log.warning("could not deliver an error reply for interaction %s", interaction.id)


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    text = reply_for(error)
    if text is None:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        command = interaction.command.qualified_name if interaction.command else None
        custom_id = (interaction.data or {}).get("custom_id") if interaction.data else None
        log.error(
            "unexpected error: command=%s custom_id=%s user=%s guild=%s channel=%s",
            command,
            custom_id,
            interaction.user.id,
            interaction.guild_id,
            interaction.channel_id,
            exc_info=original,
        )
        text = GENERIC_REPLY
    await send_ephemeral(interaction, text)


class CaravanTree(app_commands.CommandTree[discord.Client]):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)
