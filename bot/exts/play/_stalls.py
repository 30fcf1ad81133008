"""What the table may do about a seat that let its deadline pass: buttons on the stall notice.

Any player may give more time or let a bot play the seat until its owner returns; a member
without a seat may take it over. The service checks who may do what and that the seat really
stalled; the buttons carry the version, so a notice the game has moved past answers politely.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot import ids
from bot.components import guarded

if TYPE_CHECKING:
    from bot.bot import CaravanBot
    from bot.exts.play._cog import Play

_LOOK: dict[str, tuple[str, discord.ButtonStyle]] = {
    "extend": ("Give more time", discord.ButtonStyle.primary),
    "bot": ("Let a bot play it", discord.ButtonStyle.secondary),
    "take": ("Take this seat", discord.ButtonStyle.success),
}
DONE = {
    "extend": "gave more time",
    "bot": "let a bot play the seat until its player returns",
    "take": "took the seat",
}


class StallButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.STALL_TEMPLATE
):
    def __init__(self, table_id: int, version: int, seat: int, choice: str) -> None:
        label, style = _LOOK[choice]
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=ids.stall(table_id, version, seat, choice)
            )
        )
        self.table_id, self.version, self.seat, self.choice = table_id, version, seat, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StallButton:
        return cls(int(match["table"]), int(match["version"]), int(match["seat"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        play = cast("Play", cast("CaravanBot", interaction.client).get_cog("Play"))
        work = play.resolve_stall(interaction, self.table_id, self.version, self.seat, self.choice)
        await guarded(interaction, work)


def stall_view(table_id: int, version: int, seat: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for choice in ids.STALL_CHOICES:
        view.add_item(StallButton(table_id, version, seat, choice))
    return view


async def take_back(bot: CaravanBot, interaction: discord.Interaction, table_id: int) -> None:
    """The clicker takes back the seat a bot has been keeping for them (``/game reclaim`` too)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    after = await bot.service.reclaim(table_id, interaction.user.id)
    seat = after.seat_of(interaction.user.id)
    label = bot.service.game_of(after).seat_label(seat) if seat is not None else "your seat"
    await interaction.followup.send(
        f"Welcome back: you play **{label}** at table #{table_id} again.", ephemeral=True
    )
    await bot.outbox.drain()


class ReclaimButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.RECLAIM_TEMPLATE
):
    """On the notice that a bot took a seat over: its owner takes it back with one click."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Take my seat back",
                style=discord.ButtonStyle.primary,
                custom_id=ids.reclaim(table_id),
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReclaimButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = cast("CaravanBot", interaction.client)
        await guarded(interaction, take_back(bot, interaction, self.table_id))


def reclaim_view(table_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ReclaimButton(table_id))
    return view


class FreeSeatButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.FREE_SEAT_TEMPLATE
):
    """On the notice that a moderator freed a seat: a member without a seat takes it."""

    def __init__(self, table_id: int, seat: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Take this seat",
                style=discord.ButtonStyle.success,
                custom_id=ids.free_seat(table_id, seat),
            )
        )
        self.table_id, self.seat = table_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FreeSeatButton:
        return cls(int(match["table"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        play = cast("Play", cast("CaravanBot", interaction.client).get_cog("Play"))
        await guarded(interaction, play.take_free_seat(interaction, self.table_id, self.seat))


def free_seat_view(table_id: int, seat: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(FreeSeatButton(table_id, seat))
    return view
