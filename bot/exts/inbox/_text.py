"""One line per table for the inbox; pure, so it is tested without Discord."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.mentions import plain

MAX_SHOWN = 15


def link(entry: Any) -> str | None:
    guild = entry.guild_id or "@me"
    if entry.thread_id is not None:
        tail = f"/{entry.board_message_id}" if entry.board_message_id else ""
        return f"https://discord.com/channels/{guild}/{entry.thread_id}{tail}"
    if entry.channel_id is not None and entry.lobby_message_id is not None:
        return f"https://discord.com/channels/{guild}/{entry.channel_id}/{entry.lobby_message_id}"
    return None


def entry_line(entry: Any) -> str:
    name = f"**{entry.title} #{entry.table_id}**"
    target = link(entry)
    if target:
        name = f"[{name}]({target})"
    if getattr(entry, "unavailable", False):
        return f"{name} · ⚠️ unavailable: this game is not installed here now"
    if entry.status == "lobby":
        return f"{name} · in the lobby, waiting to start"
    if entry.waiting_on_me:
        due = f", due <t:{int(entry.deadline.timestamp())}:R>" if entry.deadline else ""
        return f"{name} · 🔔 **your move** as {entry.label}{due}"
    if entry.next is not None:
        return f"{name} · waiting for {entry.next.label} ({plain(entry.next.name)})"
    return f"{name} · in play"


def inbox_text(entries: Sequence[Any]) -> str:
    if not entries:
        return "You have no open tables. Start one with /newgame."
    lines = [entry_line(e) for e in entries[:MAX_SHOWN]]
    if len(entries) > MAX_SHOWN:
        lines.append(f"…and {len(entries) - MAX_SHOWN} more.")
    return "\n".join(lines)
