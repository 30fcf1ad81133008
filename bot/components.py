"""Shared plumbing for persistent components: error routing and the unknown-id fallback."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable
from typing import Any, cast

import discord

from bot.errors import UnknownComponent
from bot.tree import report_error

log = logging.getLogger(__name__)

# Every template a registered DynamicItem answers to; anything else under our prefix is unknown.
_TEMPLATES: list[re.Pattern[str]] = []


def known_template(pattern: str) -> None:
    compiled = re.compile(pattern)
    if compiled.pattern not in {p.pattern for p in _TEMPLATES}:
        _TEMPLATES.append(compiled)


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a component callback; every error becomes a reply, never a silent failure."""
    try:
        await work
    except Exception as error:
        await report_error(interaction, error)


async def answer_unknown(interaction: discord.Interaction) -> None:
    """Reply to a click whose custom id matches no template of ours.

    Every component the bot makes is a ``DynamicItem`` with a registered template, so an id
    matching none (forged, cut short, or from a removed feature) would otherwise go unanswered
    and the user would see "This interaction failed"."""
    if interaction.type is not discord.InteractionType.component:
        return
    data = cast(dict[str, Any], interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if any(p.fullmatch(custom_id) for p in _TEMPLATES):
        return
    log.info("unknown component id %r from user %s", custom_id, interaction.user.id)
    await report_error(
        interaction,
        UnknownComponent("I don't recognise that control. Use /play or the latest board instead."),
    )
