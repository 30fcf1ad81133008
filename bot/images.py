"""Board and panel pictures as PNG files, drawn off the event loop (``bot.drawing``)."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.drawing import Drawing
from games.core import discovery

BOARD_FILENAME = "board.png"
PANEL_FILENAME = "panel.png"
MAX_FILES = 10  # attachments Discord takes in one message


def _board_png(game: str, view: dict[str, Any], previous: dict[str, Any] | None) -> bytes:
    spec = discovery.spec(game)
    return spec.encode_png(spec.render_board(view, previous))


def _panel_png(game: str, state: Any, seat: int) -> bytes:
    spec = discovery.spec(game)
    return spec.encode_png(spec.render_panel(spec.engine.view(state, seat)))


def _extra_pngs(
    game: str, view: dict[str, Any], previous: dict[str, Any] | None
) -> list[tuple[str, bytes]]:
    spec = discovery.spec(game)
    return [(name, spec.encode_png(image)) for name, image in spec.render_extras(view, previous)]


def prepare() -> None:
    """Import every game's drawing code (in a drawing process, before its first picture)."""
    for spec in discovery.specs():
        spec.render_module()


def extra_filename(position: int, name: str) -> str:
    """A file name that keeps the picture's name readable: "2-red.png" for "Red"."""
    slug = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in name.lower())
    slug = "-".join(part for part in slug.split("-") if part)[:40]
    return f"{position}-{slug or 'picture'}.png"


async def extra_files(
    game: str, view: dict[str, Any], drawing: Drawing, previous: dict[str, Any] | None = None,
    *, table: int | None = None,
) -> list[discord.File]:
    """The game's extra public pictures (each seat's own board, say) as PNG files, at most
    ``MAX_FILES`` as one message allows, marking what changed since ``previous``. ``table``
    (here and below) is the table the picture shows, whose drawing process draws it."""
    pngs = await drawing.run(_extra_pngs, game, view, previous, table=table)
    return [
        discord.File(io.BytesIO(data), filename=extra_filename(i + 1, name))
        for i, (name, data) in enumerate(pngs[:MAX_FILES])
    ]


async def board_file(
    game: str, view: dict[str, Any], drawing: Drawing, previous: dict[str, Any] | None = None,
    *, table: int | None = None,
) -> discord.File:
    """The public board; ``previous`` is the view the table's last board showed, so the
    picture can mark what changed since."""
    data = await drawing.run(_board_png, game, view, previous, table=table)
    return discord.File(io.BytesIO(data), filename=BOARD_FILENAME)


async def panel_file(
    game: str, state: Any, seat: int, drawing: Drawing, *, table: int | None = None
) -> discord.File:
    """The private panel of ``seat``. Its view is made where it is drawn: a state is a
    fraction of a view's size to send there, and making the largest game's view costs the
    event loop most of a millisecond."""
    data = await drawing.run(_panel_png, game, state, seat, table=table)
    return discord.File(io.BytesIO(data), filename=PANEL_FILENAME)
