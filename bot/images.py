"""Board and panel pictures as PNG files, rendered off the event loop."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from games.core import discovery

BOARD_FILENAME = "board.png"
PANEL_FILENAME = "panel.png"


def _board_png(game: str, view: dict[str, Any]) -> bytes:
    spec = discovery.spec(game)
    return spec.encode_png(spec.render_board(view))


def _panel_png(game: str, view: dict[str, Any]) -> bytes:
    spec = discovery.spec(game)
    return spec.encode_png(spec.render_panel(view))


async def board_file(game: str, view: dict[str, Any]) -> discord.File:
    data = await asyncio.to_thread(_board_png, game, view)
    return discord.File(io.BytesIO(data), filename=BOARD_FILENAME)


async def panel_file(game: str, view: dict[str, Any]) -> discord.File:
    data = await asyncio.to_thread(_panel_png, game, view)
    return discord.File(io.BytesIO(data), filename=PANEL_FILENAME)
