"""The Resafa water network (4×5 spaces with their rewards, canal bonus tiles, canal and tank
tiles, owners and water cubes) and the canal display below it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.resafa.render import colours, icons
from games.resafa.render.canvas import Canvas
from games.resafa.render.model import (
    View,
    gain,
    items,
    mapping,
    number,
    seat_label,
)
from games.resafa.render.pieces import (
    brief,
    canal_tile,
    line,
)
from games.resafa.render.regions import (
    WATER_BOX,
    Box,
)
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import key_of
from renderers.kit.icons import paste
from renderers.kit.words import font

CELL = 76
GRID_X = WATER_BOX[0] + 34
GRID_Y = WATER_BOX[1] + 58


def space_box(row: int, col: int) -> Box:
    x = GRID_X + (col - 1) * (CELL + 4)
    y = GRID_Y + (row - 1) * (CELL + 4)
    return x, y, x + CELL, y + CELL


def draw_water(canvas: Canvas, view: View) -> None:
    water = mapping(view.get("network"))
    for space in items(water.get("spaces")):
        row, col = number(space.get("row"), 1), number(space.get("col"), 1)
        x0, y0, _x1, _y1 = space_box(row, col)
        cube = space.get("cube") if space.get("cube") in ("active", "inactive") else None
        tile = mapping(space.get("tile"))
        if tile:
            owner = space.get("owner")
            tile = {**tile, "owner": owner}
            who = seat_label(view, owner) if isinstance(owner, int) else ""
            canvas.piece((x0, y0), ("tile", key_of(tile), who, cube), (CELL + 1, CELL + 1),
                         pal.PANEL, _tile, view, tile, cube)
        else:
            canvas.piece((x0, y0), ("space", key_of(space), row == 4), (CELL + 1, CELL + 1),
                         pal.PANEL, _empty_space, space, row == 4)
    _canal_display(canvas, view)


def _tile(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: View,
          tile: Mapping[str, Any], cube: str | None) -> None:
    """A built canal or tank and the water cube on it."""
    canal_tile(view, draw, image, box, tile)
    _cube(image, box, cube)


def _cube(image: Image.Image, box: Box, cube: str | None) -> None:
    if cube is not None:
        paste(image, icons.water_cube(26, cube == "active"), (box[0] + 4, box[1] + 4))


def _empty_space(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                 space: Mapping[str, Any], tank_row: bool) -> None:
    x0, y0, x1, y1 = box
    lay.rounded(draw, box, 6, fill=pal.EMPTY_CELL,
                outline=colours.WATER_DEEP if tank_row else None, line=2)
    bonus = mapping(space.get("bonus_tile"))
    if bonus:
        lay.rounded(draw, (x0 + 1, y0 + 1, x1 - 1, y0 + 30), 5, fill=pal.HIGHLIGHT)
        bonus_text = "+" + brief(gain(bonus.get("reward")))
        line(draw, ((x0 + x1) // 2, y0 + 16), bonus_text, x1 - x0 - 2, pal.INK_DARK,
             anchor="mm")
    parts = gain(space.get("reward")).split("+")
    lines = [parts[0], *(f"+{part}" for part in parts[1:])]
    if bonus:  # one line under a bonus tile
        lines = ["+".join(parts)]
    y = y1 - 6 - 21 * len(lines)
    for text in lines:
        line(draw, ((x0 + x1) // 2, y), text, x1 - x0 - 6, pal.INK_LIGHT, anchor="ma")
        y += 21
    _cube(image, box, space.get("cube") if space.get("cube") in ("active", "inactive") else None)


DISPLAY_X, DISPLAY_Y = WATER_BOX[0] + 6, GRID_Y + 4 * (CELL + 4) - 4
DISPLAY_SIZE = (WATER_BOX[2] - 6 - DISPLAY_X, WATER_BOX[3] - 4 - DISPLAY_Y)
DISPLAY_TILE, DISPLAY_GAP = 70, 8


def display_box(slot: int | None) -> Box:
    """The board box of the canal display's ``slot``-th face-up tile (None: the tank)."""
    if slot is None:
        x = DISPLAY_X + DISPLAY_SIZE[0] - 1 - 8 - DISPLAY_TILE
    else:
        x = DISPLAY_X + 8 + slot * (DISPLAY_TILE + DISPLAY_GAP)
    y = DISPLAY_Y + 2 + 24
    return x, y, x + DISPLAY_TILE, y + DISPLAY_TILE


def _canal_display(canvas: Canvas, view: View) -> None:
    shown = {k: view.get(k) for k in ("canal_display", "canal_stack", "tanks")}
    canvas.piece((DISPLAY_X, DISPLAY_Y), ("canals", key_of(shown)), DISPLAY_SIZE, pal.PANEL,
                 _canals, view)


def _canals(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: View) -> None:
    """The face-up canal tiles with their costs, how many stay in the stack, and a tank while
    any is left."""
    x0, y, x1, _y1 = box[0] + 8, box[1] + 2, box[2] - 8, box[3]
    stack = number(view.get("canal_stack"))
    draw.text((x0, y), f"Canal tiles (stack {stack})", font=font(18, bold=True),
              fill=pal.INK_MUTED)
    tanks = len(items(view.get("tanks")))
    draw.text((x1, y), f"tanks left {tanks}", font=font(18, bold=True), fill=pal.INK_MUTED,
              anchor="ra")
    size = DISPLAY_TILE
    shown = list(items(view.get("canal_display")))
    if tanks:
        shown.append(items(view.get("tanks"))[0])
    x = x0
    for tile in shown:
        if tile.get("kind") == "tank":
            x = x1 - size
        canal_tile(view, draw, image, (x, y + 24, x + size, y + 24 + size), tile, True)
        x += size + DISPLAY_GAP




def draw_frame(draw: ImageDraw.ImageDraw) -> None:
    """The row and column numbers: spaces are named row then column ("23")."""
    for col in range(1, 6):
        draw.text((GRID_X + (col - 1) * (CELL + 4) + CELL // 2, GRID_Y - 4), str(col),
                  font=font(18, bold=True), fill=pal.INK_MUTED, anchor="md")
    for row in range(1, 5):
        draw.text((GRID_X - 10, GRID_Y + (row - 1) * (CELL + 4) + CELL // 2), str(row),
                  font=font(18, bold=True), fill=pal.INK_MUTED, anchor="rm")
