"""``/undo`` and the answers to an undo request; the rules live in the service."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.components import known_template
from bot.exts.play._undo import (
    ConsentButton,
    KeepButton,
    UndoButton,
    confirm_view,
    consent_view,
    request_text,
    steps_text,
)
from bot.mentions import NOBODY, pings
from bot.outbox import post

if TYPE_CHECKING:
    from bot.bot import CaravanBot
    from bot.exts.play._cog import Play


class Undo(commands.Cog):
    def __init__(self, bot: CaravanBot, play: Play) -> None:
        self.bot = bot
        self.service = bot.service
        self.play = play

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(UndoButton, ConsentButton, KeepButton)
        known_template(ids.UNDO_TEMPLATE)
        known_template(ids.KEEP_TEMPLATE)
        known_template(ids.CONSENT_TEMPLATE)
        self.bot.outbox.register("undo_request", self.post_request)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(UndoButton, ConsentButton, KeepButton)

    @app_commands.command(name="undo", description="Take back your last move in this game.")
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        info = await self.play.thread_table(interaction.channel_id)
        self.play.require_playing(info)
        preview = await self.service.preview_undo(info.id, interaction.user.id)
        lines = [f"Take back: {steps_text(preview.steps)}?"]
        if not preview.direct:
            asked = " ".join(f"<@{u}>" for u in preview.needs_consent_from)
            lines.append(preview.reason or f"{asked} must agree.")
            lines.append("Ask to undo posts the request in the thread for them to answer.")
        view = confirm_view(info.id, preview.version, preview.direct)
        await interaction.response.send_message("\n".join(lines), view=view, ephemeral=True)

    async def confirm_undo(
        self, interaction: discord.Interaction, table_id: int, version: int
    ) -> None:
        await self.play.load_current(table_id, version)
        await interaction.response.defer()
        user_id = interaction.user.id
        preview = await self.service.preview_undo(table_id, user_id)
        if preview.direct:
            await self.service.undo(
                table_id, user_id, request_id=str(interaction.id), expected_version=version
            )
            done = "↩️ Taken back; the restored board is in the thread."
        else:
            await self.service.request_undo(table_id, user_id)
            done = "Asked the other players; the request is in the thread."
        await interaction.edit_original_response(content=done, view=None)
        await self.bot.outbox.drain()

    async def answer_undo(
        self, interaction: discord.Interaction, request_id: int, agree: bool
    ) -> None:
        await interaction.response.defer()
        user_id = interaction.user.id
        if agree:
            result = await self.service.consent_undo(request_id, user_id)
        else:
            result = await self.service.decline_undo(request_id, user_id)
        message = interaction.message
        if message is not None:
            said = "agreed" if agree else "declined"
            content = f"{message.content}\n→ <@{user_id}> {said}."[:2000]
            quiet = NOBODY
            if result.status == "open":
                await interaction.edit_original_response(content=content, allowed_mentions=quiet)
            else:
                await interaction.edit_original_response(
                    content=content, view=None, allowed_mentions=quiet
                )
        await self.bot.outbox.drain()

    async def post_request(self, row: Any) -> int | None:
        info = await self.service.info(row.table_id)
        thread = await self.play.posts.thread_of(info)
        if thread is None:
            return None
        view = consent_view(int(row.payload["request"]))
        by = row.payload.get("by_user")
        asked = pings(*(u for u in row.payload.get("needed", []) if u != by))
        message = await post(thread, request_text(row.payload), view=view, allowed_mentions=asked)
        return message.id
