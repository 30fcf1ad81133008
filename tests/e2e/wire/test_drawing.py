"""Boards of different tables are drawn at the same time, not one after another."""

from __future__ import annotations

import asyncio
import functools
import os
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

import bot.images
from bot.bot import CaravanBot

from .fakediscord import FakeDiscord
from .test_calls import settled
from .test_rate_limits import move, open_table
from .test_wire import board_posts

MEETING_WAIT = 5.0  # how long a drawing waits to meet the other table's; never reached when
# both are drawn at once


def drawn_beside_another(
    folder: str, game: str, view: dict[str, Any], previous: dict[str, Any] | None
) -> bytes:
    """The real board, drawn only once another board is being drawn too (or the wait is over):
    records whether it met one. Module-level so that a drawing process can run it."""
    here = Path(folder)
    (here / f"drawing-{uuid.uuid4().hex}").touch()
    deadline = time.monotonic() + MEETING_WAIT
    while len(list(here.glob("drawing-*"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    met = len(list(here.glob("drawing-*"))) >= 2
    (here / f"{'met' if met else 'alone'}-{os.getpid()}-{uuid.uuid4().hex}").touch()
    return bot.images._board_png(game, view, previous)


@pytest.mark.parametrize("bot_settings", [{"render_processes": 2}])
async def test_two_tables_boards_are_drawn_at_the_same_time(
    fake: FakeDiscord, caravan: CaravanBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables = [await open_table(fake, caravan) for _ in range(2)]
    folder = tmp_path / "drawings"
    folder.mkdir()
    monkeypatch.setattr(
        bot.images, "_board_png", functools.partial(drawn_beside_another, str(folder))
    )
    await asyncio.gather(*(move(fake, caravan, t.id, t.thread_id) for t in tables))
    for table in tables:
        await settled(caravan, table.id)
        assert len(board_posts(fake, table.thread_id)) == 2, "the move's board is posted"
    met = sorted(p.name.split("-")[0] for p in folder.iterdir() if "drawing" not in p.name)
    assert met == ["met", "met"], "each board was drawn while the other table's was"
