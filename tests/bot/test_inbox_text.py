from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.exts.inbox._text import MAX_SHOWN, entry_line, inbox_text


@dataclass
class Next:
    label: str
    name: str


@dataclass
class Entry:
    table_id: int = 3
    title: str = "Targi"
    status: str = "active"
    guild_id: int | None = 1
    channel_id: int | None = 2
    thread_id: int | None = 4
    lobby_message_id: int | None = 5
    board_message_id: int | None = 6
    label: str | None = "Blue"
    waiting_on_me: bool = False
    next: Any = None
    deadline: datetime | None = None


def test_a_table_waiting_on_me_says_so_with_its_deadline_and_board_link() -> None:
    due = datetime(2026, 12, 1, tzinfo=UTC)
    line = entry_line(Entry(waiting_on_me=True, deadline=due))
    assert line.startswith("[**Targi #3**](https://discord.com/channels/1/4/6)")
    assert "**your move** as Blue" in line and f"<t:{int(due.timestamp())}:R>" in line


def test_lobby_and_waiting_lines_link_where_the_table_is() -> None:
    lobby = entry_line(Entry(status="lobby", thread_id=None, board_message_id=None))
    assert "(https://discord.com/channels/1/2/5)" in lobby and "in the lobby" in lobby
    other = entry_line(Entry(next=Next("White", "bob")))
    assert other.endswith("waiting for White (bob)")


def test_a_long_inbox_is_cut_with_a_count() -> None:
    text = inbox_text([Entry(table_id=n) for n in range(MAX_SHOWN + 4)])
    assert text.splitlines()[-1] == "…and 4 more."
    assert inbox_text([]).startswith("You have no open tables")
