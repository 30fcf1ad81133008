"""What the lobby message says; pure functions of the table, so they are easy to test."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import discord

from bot.exts.lobby._options import options_text
from bot.mentions import plain
from bot.service.pace import PACES
from bot.service.records import describe_duration
from games.core import GameInfo, discovery

COLOUR = discord.Colour.from_rgb(201, 140, 62)
NAME_LIMIT = 100  # a bot seat's name is cut to this when it is made; stored rows may not be


def seat_line(seat: Any, label: str | None, pace: timedelta | None = None) -> str:
    who = plain(seat.name[:NAME_LIMIT]) if seat.agent else f"<@{seat.user_id}>"
    if pace is not None:
        who += f" · ⏱ {describe_duration(pace)} a turn"
    return f"**{label}** · {who}" if label else who


def lobby_embed(
    info: Any, paces: Mapping[int, timedelta] | None = None, note: str | None = None
) -> discord.Embed:
    """The lobby message; ``paces`` is each member's median time per turn, shown next to
    their name so tables can match by speed, and ``note`` replaces the footer."""
    paces = paces or {}
    try:
        game = discovery.get(info.game)
    except discovery.UnknownGame:
        return discord.Embed(
            title=f"{info.game} — table #{info.id}",
            description="⚠️ This game is not installed here now; the table waits for it.",
            colour=COLOUR,
        )
    seats = list(info.seats)
    # Seats are dealt at the start, so colours are shown only once the game is under way.
    dealt = info.status != "lobby"
    lines = [
        f"{i + 1}. {seat_line(s, game.seat_label(i) if dealt else None, paces.get(s.user_id))}"
        for i, s in enumerate(seats)
    ]
    lines += [f"{i + 1}. *open*" for i in range(len(seats), game.max_players)]
    embed = discord.Embed(title=f"{game.title} — table #{info.id}", colour=COLOUR)
    pace = PACES.get(getattr(info, "pace", ""))
    pace_text = f" · {pace.title}" if pace is not None else ""
    embed.description = (
        f"Hosted by <@{info.host_id}> · {_players(game.info)}{pace_text}\n-# {game.info.blurb}"
    )
    chosen = options_text(game, info.options)
    if chosen:
        embed.add_field(name="Options", value=chosen[:1024], inline=False)
    embed.add_field(name="Seats", value="\n".join(lines), inline=False)
    if note is not None:
        embed.set_footer(text=note)
    elif info.status == "lobby":
        embed.set_footer(
            text="Join to take a seat; the host starts the game when enough are seated."
        )
    elif info.status == "cancelled":
        embed.set_footer(text="This table was cancelled.")
    elif info.status == "finished":
        where = f" in <#{info.thread_id}>" if info.thread_id else ""
        embed.add_field(name="Status", value=f"Finished — the result is{where}.", inline=False)
    else:
        where = f" in <#{info.thread_id}>" if info.thread_id else ""
        embed.add_field(name="Status", value=f"Started — follow the game{where}.", inline=False)
    return embed


def thread_name(info: Any) -> str:
    game = discovery.get(info.game)
    names = " vs ".join(s.name for s in info.seats)
    return f"{game.title} #{info.id} · {names}"[:100]


def _players(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        counts = f"{info.max_players} player{'s' if info.max_players > 1 else ''}"
    else:
        counts = f"{info.min_players}–{info.max_players} players"
    if info.solo and info.min_players > 1:
        counts += ", or solo"
    return counts + (", cooperative" if info.cooperative else "")
