"""The lobby's persistent buttons; their custom ids carry the table id and the verb."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot import ids
from bot.components import guarded

if TYPE_CHECKING:
    from bot.bot import CaravanBot
    from bot.exts.lobby._cog import Lobby

_LOOK: dict[str, tuple[str, discord.ButtonStyle]] = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "bot": ("Add bot", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
}


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.LOBBY_TEMPLATE
):
    def __init__(self, table_id: int, verb: str) -> None:
        label, style = _LOOK[verb]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=ids.lobby(table_id, verb))
        )
        self.table_id = table_id
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["table"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        client = cast("CaravanBot", interaction.client)
        lobby = cast("Lobby", client.get_cog("Lobby"))
        await guarded(interaction, lobby.on_button(interaction, self.table_id, self.verb))


def lobby_view(table_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for verb in ids.LOBBY_VERBS:
        view.add_item(LobbyButton(table_id, verb))
    return view
