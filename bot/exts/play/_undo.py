"""Taking moves back: ``/undo`` previews, a button confirms, other players consent if needed.

The service decides what may be undone (nothing past hidden information or chance) and
whether the others must agree; this module only shows the preview, the confirmation and the
Agree / Decline request in the thread.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord

from bot import ids
from bot.components import guarded

if TYPE_CHECKING:
    from bot.bot import CaravanBot
    from bot.exts.play._undo_cog import Undo


def _undo(interaction: discord.Interaction) -> Undo:
    return cast("Undo", cast("CaravanBot", interaction.client).get_cog("Undo"))


def steps_text(steps: Sequence[Any]) -> str:
    """'Blue: Place on #5 Trader; Blue: Use #5 Trader' from steps or their payload dicts."""

    def field(step: Any, name: str) -> Any:
        return step.get(name) if isinstance(step, dict) else getattr(step, name)

    return "; ".join(
        f"{field(s, 'label')}: {field(s, 'description') or field(s, 'action')}" for s in steps
    )


def request_text(p: dict[str, Any]) -> str:
    asked = " ".join(f"<@{u}>" for u in p.get("needed", []))
    text = (
        f"↩️ **{p.get('label')}** (<@{p.get('by_user')}>) asks to take back: "
        f"{steps_text(p.get('undone', []))}. {asked}, do you agree?"
    )
    if p.get("reason"):
        text += f"\n-# {p['reason']}"
    return text[:2000]


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.UNDO_TEMPLATE
):
    def __init__(self, table_id: int, version: int, label: str = "Undo") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.danger, custom_id=ids.undo(table_id, version)
            )
        )
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoButton:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = _undo(interaction).confirm_undo(interaction, self.table_id, self.version)
        await guarded(interaction, work)


class KeepButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.KEEP_TEMPLATE
):
    """Back out of an undo preview: nothing is taken back."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Back", style=discord.ButtonStyle.secondary, custom_id=ids.keep(table_id)
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> KeepButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, _keep(interaction))


async def _keep(interaction: discord.Interaction) -> None:
    await interaction.response.edit_message(content="Nothing was taken back.", view=None)


class ConsentButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=ids.CONSENT_TEMPLATE
):
    def __init__(self, request_id: int, answer: str) -> None:
        label, style = (
            ("Agree", discord.ButtonStyle.success)
            if answer == "yes"
            else ("Decline", discord.ButtonStyle.secondary)
        )
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=ids.consent(request_id, answer))
        )
        self.request_id, self.answer = request_id, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConsentButton:
        return cls(int(match["request"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        work = _undo(interaction).answer_undo(interaction, self.request_id, self.answer == "yes")
        await guarded(interaction, work)


def confirm_view(table_id: int, version: int, direct: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(table_id, version, "Undo" if direct else "Ask to undo"))
    view.add_item(KeepButton(table_id))
    return view


def consent_view(request_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ConsentButton(request_id, "yes"))
    view.add_item(ConsentButton(request_id, "no"))
    return view
