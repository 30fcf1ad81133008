"""A game's options in ``/newgame``: typed as ``key=value, key=value``, offered by autocomplete
from the game's schema, and shown in the lobby. The game itself checks the values
(``Game.validate_options``), so every refusal names what is allowed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from discord import app_commands

from games.core import Game, OptionError

OPTIONS_LENGTH = 200  # characters typed in /newgame's options
CHOICE_LIMIT = 100  # Discord's limit on a choice's name and value
MAX_CHOICES = 25


def value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def parse_options(game: Game[Any], text: str | None) -> dict[str, str]:
    """``"a=1, b=yes"`` as ``{"a": "1", "b": "yes"}``; the values are checked by the game."""
    chosen: dict[str, str] = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        name, equals, value = part.partition("=")
        if not equals or not name.strip() or not value.strip():
            example = ", ".join(
                f"`{o.name}={value_text(o.values[-1])}`" for o in game.options_schema[:2]
            )
            hint = f" {game.title} has: {example}." if example else f" {game.title} has none."
            raise OptionError(
                "Write options as key=value, separated by commas." + hint
            )
        chosen[name.strip().lower()] = value.strip()
    return chosen


def option_choices(game: Game[Any], typed: str) -> list[app_commands.Choice[str]]:
    """Completions of the option being typed, after the ones already written."""
    *done, last = typed.split(",")
    written = [p.strip() for p in done if p.strip()]
    named = {p.partition("=")[0].strip().lower() for p in written}
    wanted = "".join(last.lower().split())
    choices: list[app_commands.Choice[str]] = []
    for spec in game.options_schema:
        if spec.name in named:
            continue
        for value in spec.values:
            candidate = f"{spec.name}={value_text(value)}"
            full = ", ".join([*written, candidate])
            if wanted not in candidate or len(full) > CHOICE_LIMIT:
                continue
            name = f"{candidate} · {spec.label}"
            choices.append(app_commands.Choice(name=name[:CHOICE_LIMIT], value=full))
            if len(choices) == MAX_CHOICES:
                return choices
    return choices


def options_text(game: Game[Any], options: Mapping[str, Any]) -> str:
    """The options that differ from the game's defaults, one a line; empty when none do."""
    lines = []
    for spec in game.options_schema:
        if spec.name not in options or options[spec.name] == spec.default:
            continue
        line = f"{spec.label}: **{value_text(options[spec.name])}**"
        if spec.players is not None:
            counts = " or ".join(str(n) for n in spec.players)
            line += f" (with {counts} players only)"
        lines.append(line)
    return "\n".join(lines)
