"""What /away, /history and /stats say; pure, so it is tested without Discord."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from bot.errors import BotError
from bot.service.records import PlayerStats, describe_duration

BACK = {"back", "none", "off", "no"}
_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ t](\d{1,2}):(\d{2}))?$")
DATE_LENGTH = 40


def parse_until(text: str, zone: ZoneInfo) -> datetime | None:
    """``2026-12-24`` (the start of that day) or ``2026-12-24 18:00``, in the member's time
    zone; None for ``back``. BotError says how to write it."""
    cleaned = text.strip().lower()[:DATE_LENGTH]
    if cleaned in BACK:
        return None
    match = _DATE.match(cleaned)
    if match is None:
        raise BotError("Write the date you are back like 2026-12-24 (or 2026-12-24 18:00), or "
                       "`back` when you are back early.")
    year, month, day = (int(match[i]) for i in (1, 2, 3))
    hour, minute = int(match[4] or 0), int(match[5] or 0)
    try:
        return datetime.combine(datetime(year, month, day).date(), time(hour, minute), zone)
    except ValueError:
        raise BotError(f"{text.strip()[:DATE_LENGTH]!r} is not a date I can read.") from None


def history_line(game: Any) -> str:
    name = f"**{game.title} #{game.table_id}**"
    if game.thread_id is not None:
        name = f"[{name}](https://discord.com/channels/{game.guild_id or '@me'}/{game.thread_id})"
    when = f"<t:{int(game.finished_at.timestamp())}:d>"
    seat = f" as {game.label}" if game.label else ""
    return f"{name} · {when} · {game.result}{seat} — {game.headline}"


def history_text(games: Sequence[Any]) -> str:
    if not games:
        return "No finished games yet."
    return "\n".join(history_line(g) for g in games)


def stats_text(stats: PlayerStats) -> str:
    pace = (
        f"{describe_duration(stats.median_turn)} (median over {stats.turns} turns; "
        "time away is not counted)"
        if stats.median_turn is not None
        else "no turns played yet"
    )
    return (
        f"Finished games: **{stats.finished}**\n"
        f"Wins: **{stats.wins}**\n"
        f"Time per turn: **{pace}**"
    )
