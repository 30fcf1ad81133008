"""What ``/game info`` and ``/game log`` say; pure functions, tested without Discord."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.mentions import plain

COLOUR = discord.Colour.from_rgb(201, 140, 62)
DESCRIPTION_LIMIT = 4096  # an embed's description
FIELD_LIMIT = 1024  # an embed field's value
SHOWN_LIMIT = 3500  # the log shown in the embed; the whole log is in the attached file


def holder_text(seat: Any) -> str:
    if seat.user_id is not None:
        return f"<@{seat.user_id}>"
    if seat.owner_id is not None:
        return f"{plain(seat.name)}, keeping the seat for <@{seat.owner_id}>"
    return plain(seat.name)


def away_note(until: Any) -> str:
    return "" if until is None else f" · 🏝️ away until <t:{int(until.timestamp())}:f>"


def info_embed(details: Any) -> discord.Embed:
    """Game, pace, seats, whose turn, the deadline as a Discord timestamp, the result."""
    info = details.info
    embed = discord.Embed(title=f"{details.title} — table #{info.id}", colour=COLOUR)
    status = {
        "lobby": "In the lobby, waiting to start",
        "active": f"In play · {details.moves} moves so far",
        "finished": f"Finished after {details.moves} moves",
        "cancelled": "Cancelled",
    }.get(info.status, info.status)
    embed.description = f"{status}\nPace: **{details.pace_title}**"
    if getattr(details, "unavailable", None):
        embed.description = f"⚠️ {details.unavailable}"
    away = getattr(details, "away", {})
    seats = [
        f"**{label}** · {holder_text(seat)}{away_note(away.get(seat.user_id))}"
        for label, seat in zip(details.labels, details.seats, strict=False)
    ]
    embed.add_field(name="Seats", value="\n".join(seats)[:FIELD_LIMIT] or "—", inline=False)
    nxt = details.next
    if nxt is not None:
        who = f"<@{nxt.user_id}>" if nxt.user_id is not None else f"{plain(nxt.name)} (a bot)"
        turn = f"**{nxt.label}** ({who}): {nxt.prompt}"
        embed.add_field(name="Whose turn", value=turn[:FIELD_LIMIT], inline=False)
    if details.deadline is not None:
        stamp = int(details.deadline.timestamp())
        late = (
            " — **passed**; the table may give more time, a bot or the seat away"
            if details.stalled
            else ""
        )
        embed.add_field(name="Deadline", value=f"<t:{stamp}:R> (<t:{stamp}:f>){late}", inline=False)
    if details.open_undo_request is not None:
        embed.add_field(name="Undo", value="An undo request is waiting for answers.", inline=False)
    outcome = details.outcome
    if outcome is not None:
        lines = [outcome.result] if outcome.result is not None else []
        lines += [outcome.reason] if outcome.reason else []
        for seat in sorted(range(len(outcome.scores)), key=lambda s: -outcome.scores[s]):
            star = " 🏆" if seat in outcome.winners else ""
            label = details.labels[seat] if seat < len(details.labels) else f"Seat {seat + 1}"
            lines.append(f"**{label}**: {outcome.scores[seat]} points{star}")
        embed.add_field(name="Result", value="\n".join(lines)[:FIELD_LIMIT], inline=False)
    if info.thread_id is not None:
        embed.add_field(name="Thread", value=f"<#{info.thread_id}>", inline=False)
    return embed


def log_line(entry: Any, number: int) -> str:
    """'12. Blue — Place on #5 Trader `place 5`' (a concession says so). Moves are numbered
    by their place in the game as it stands, as /game info counts them: moves taken back
    leave no gap."""
    words = entry.description or entry.action
    if entry.kind == "concede":
        return f"{number}. {entry.label} conceded."
    return f"{number}. {entry.label} — {words} `{entry.action}`"


def log_file_text(title: str, table_id: int, entries: Sequence[Any]) -> str:
    """The whole log, with each move's events, as plain text for the attached file."""
    lines = [f"{title} — table #{table_id} — {len(entries)} moves", ""]
    for number, entry in enumerate(entries, 1):
        words = entry.description or entry.action
        who = f"{entry.label} ({entry.name})" if entry.name else entry.label
        lines.append(f"{number}. {who}: {words} [{entry.action}]")
        lines += [
            f"    {'' if event.public else '(only you) '}{event.text}" for event in entry.events
        ]
    return "\n".join(lines) + "\n"


def log_shown(entries: Sequence[Any], limit: int = SHOWN_LIMIT) -> tuple[str, int]:
    """The newest log lines that fit ``limit``, oldest first; and how many were left out."""
    shown: list[str] = []
    used = 0
    for number in range(len(entries), 0, -1):
        line = log_line(entries[number - 1], number)
        if used + len(line) + 1 > limit:
            break
        shown.append(line)
        used += len(line) + 1
    return "\n".join(reversed(shown)), len(entries) - len(shown)
