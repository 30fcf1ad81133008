"""The persistent components of a game: "Your move" on board posts and the panel's choices.

Each custom id carries the table id and the table version it was made for, so a click from an
older board is recognised as stale and answered politely, even after a restart.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot import ids
from bot.components import guarded
from bot.exts.play._layout import (
    BUTTON_LABEL_LIMIT,
    MAX_SELECTS,
    OPTION_TEXT_LIMIT,
    Layout,
    clip,
    menu_placeholder,
)
from bot.exts.play._undo import UndoButton

if TYPE_CHECKING:
    from bot.bot import CaravanBot
    from bot.exts.play._cog import Play

_QUIET = ("end", "done", "skip", "none", "discard", "leave", "keep")


def _play(interaction: discord.Interaction) -> Play:
    client = cast("CaravanBot", interaction.client)
    return cast("Play", client.get_cog("Play"))


class PanelButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.PANEL_TEMPLATE
):
    """Opens the private panel; beside a board's own choices it is the way to the rest (what
    only the seat may see, the help, undo)."""

    def __init__(self, table_id: int, version: int, beside_choices: bool = False) -> None:
        style = discord.ButtonStyle.secondary if beside_choices else discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(
                label="My panel" if beside_choices else "Your move",
                emoji="🎴",
                style=style,
                custom_id=ids.panel(table_id, version),
            )
        )
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PanelButton:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction, _play(interaction).open_panel(interaction, self.table_id, self.version)
        )


class ExtrasButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.EXTRAS_TEMPLATE
):
    """On a board post of a game that draws more than the board: shows anyone who asks the
    game's extra public pictures (each player's own board) of that moment, privately."""

    def __init__(self, table_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Player boards",
                emoji="🔍",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.extras(table_id, version),
            )
        )
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ExtrasButton:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction, _play(interaction).show_extras(interaction, self.table_id, self.version)
        )


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.ACTION_TEMPLATE
):
    def __init__(self, table_id: int, version: int, index: int, label: str = "…") -> None:
        quiet = any(label.lower().startswith(w) for w in _QUIET)
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL_LIMIT),
                style=discord.ButtonStyle.secondary if quiet else discord.ButtonStyle.primary,
                custom_id=ids.action(table_id, version, index),
            )
        )
        self.table_id = table_id
        self.version = version
        self.index = index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionButton:
        return cls(int(match["table"]), int(match["version"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = _play(interaction).choose(interaction, self.table_id, self.version, self.index)
        await guarded(interaction, work)


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=ids.PICK_TEMPLATE
):
    def __init__(
        self,
        table_id: int,
        version: int,
        part: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.pick(table_id, version, part),
                options=options or [discord.SelectOption(label="…", value="0")],
                placeholder=placeholder,
            )
        )
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionSelect:
        return cls(int(match["table"]), int(match["version"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values = data.get("values") or []
        value = str(values[0]) if values else ""
        # A forged menu can carry any value; only the short ASCII numbers we make are read.
        index = int(value) if value.isascii() and value.isdigit() and len(value) <= 4 else -1
        await guarded(
            interaction, _play(interaction).choose(interaction, self.table_id, self.version, index)
        )


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.CONFIRM_TEMPLATE
):
    """Confirm a previewed move (see ``Play.choose`` for which moves are previewed)."""

    def __init__(self, table_id: int, version: int, index: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Confirm",
                style=discord.ButtonStyle.success,
                custom_id=ids.confirm(table_id, version, index),
            )
        )
        self.table_id, self.version, self.index = table_id, version, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmButton:
        return cls(int(match["table"]), int(match["version"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = _play(interaction).choose(
            interaction, self.table_id, self.version, self.index, confirmed=True
        )
        await guarded(interaction, work)


class BackButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.BACK_TEMPLATE
):
    """Leave a preview (or the help) and show the decision's choices again."""

    def __init__(self, table_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Back",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.back(table_id, version),
            )
        )
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BackButton:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = _play(interaction).back(interaction, self.table_id, self.version)
        await guarded(interaction, work)


class HelpButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.HELP_TEMPLATE
):
    """"What can I do?" on the private panel: the decision explained in words."""

    def __init__(self, table_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="What can I do?",
                emoji="❔",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.help_(table_id, version),
            )
        )
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HelpButton:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = _play(interaction).explain(interaction, self.table_id, self.version)
        await guarded(interaction, work)


def confirm_view(table_id: int, version: int, index: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(table_id, version, index))
    view.add_item(BackButton(table_id, version))
    return view


def board_view(
    table_id: int,
    version: int,
    shape: Layout | None = None,
    *,
    move: bool = True,
    extras: bool = False,
) -> discord.ui.View:
    """A board post's buttons: while someone is to move, the decision's public choices when it
    has some (usable by the deciding seat alone) and the way to the private panel; and "Player
    boards" for a game that draws them."""
    view = discord.ui.View(timeout=None)
    if move:
        shown = bool(shape and shape.shown)
        if shape is not None and shown:
            _add_choices(view, table_id, version, shape)
        view.add_item(PanelButton(table_id, version, beside_choices=shown))
    if extras:
        view.add_item(ExtrasButton(table_id, version))
    return view


def decision_view(
    table_id: int, version: int, shape: Layout, *, undo: bool = False
) -> discord.ui.View:
    """The private panel's controls: the choices, the help and, when the seat may take its
    last move back alone, Undo."""
    view = discord.ui.View(timeout=None)
    _add_choices(view, table_id, version, shape)
    if len(shape.menus) < MAX_SELECTS:  # a row is left for the help button
        view.add_item(HelpButton(table_id, version))
        if undo:
            view.add_item(UndoButton(table_id, version))
    return view


def _add_choices(view: discord.ui.View, table_id: int, version: int, shape: Layout) -> None:
    for choice in shape.buttons:
        view.add_item(ActionButton(table_id, version, choice.index, choice.label))
    for part, menu in enumerate(shape.menus):
        options = [
            discord.SelectOption(
                label=clip(c.label, OPTION_TEXT_LIMIT),
                value=str(c.index),
                description=clip(c.detail, OPTION_TEXT_LIMIT) if c.detail != c.label else None,
            )
            for c in menu
        ]
        placeholder = menu_placeholder(menu, part, len(shape.menus))
        view.add_item(ActionSelect(table_id, version, part, options, placeholder))
