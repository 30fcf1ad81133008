"""Board and panel pictures as PNG files, rendered off the event loop."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

import renderers

BOARD_FILENAME = "board.png"
PANEL_FILENAME = "panel.png"


def _board_png(game: str, view: dict[str, Any]) -> bytes:
    return renderers.encode_png(renderers.render_board(game, view))


def _panel_png(game: str, view: dict[str, Any]) -> bytes:
    return renderers.encode_png(renderers.render_panel(game, view))


async def board_file(game: str, view: dict[str, Any]) -> discord.File:
    data = await asyncio.to_thread(_board_png, game, view)
    return discord.File(io.BytesIO(data), filename=BOARD_FILENAME)


async def panel_file(game: str, view: dict[str, Any]) -> discord.File:
    data = await asyncio.to_thread(_panel_png, game, view)
    return discord.File(io.BytesIO(data), filename=PANEL_FILENAME)
