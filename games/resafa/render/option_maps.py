"""Small maps in the private panel of the places on the public board that the options point at:
the road map's cities, Resafa and the Gate (where a caravan goes, where a base or a trade is
made), the four special-card tracks with their level spaces, and the cards and tiles of the
board's offers by the name the board prints on them. Each place an option names
carries that option's number; the board itself is public and shows no one's options.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import ImageDraw

from games.resafa.render import roads
from games.resafa.render.model import (
    COLOUR_CODES,
    View,
    colour_fill,
    colour_ink,
    items,
    mapping,
)
from games.resafa.render.pieces import line
from games.resafa.render.regions import Box
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.words import font

TITLE_H = 28
MAP_W, MAP_H = 374, 270
NODE_W, NODE_H = 108, 40
TRACK_CELL, TRACK_ROW = 30, 28
CHIP_W = 40
TRACKS_H = TITLE_H + 4 * TRACK_ROW


def _scale(x: int, y: int) -> tuple[int, int]:
    """A board position of ``roads.NODES`` in the map's own box (origin at its top left)."""
    xs = [p[0] for p in roads.NODES.values()]
    ys = [p[1] for p in roads.NODES.values()]
    sx = (MAP_W - NODE_W) / (max(xs) - min(xs))
    sy = (MAP_H - TITLE_H - NODE_H) / (max(ys) - min(ys))
    return (round(NODE_W / 2 + (x - min(xs)) * sx),
            round(TITLE_H + NODE_H / 2 + (y - min(ys)) * sy))


def node_box(origin: tuple[int, int], ident: str) -> Box:
    """Where the road map in the panel draws the place ``ident`` ("SU", "R", "G")."""
    cx, cy = _scale(*roads.NODES[ident])
    x, y = origin[0] + cx, origin[1] + cy
    return x - NODE_W // 2, y - NODE_H // 2, x + NODE_W // 2, y + NODE_H // 2


def draw_road_map(draw: ImageDraw.ImageDraw, origin: tuple[int, int], view: View,
                  marks: Mapping[str, str]) -> None:
    """The road map's places by name; those in ``marks`` ("SU": "1,3") carry the numbers."""
    x0, y0 = origin
    draw.text((x0, y0), "ROAD MAP", font=font(18, bold=True), fill=pal.INK_MUTED)
    names = {str(n.get("id")): str(n.get("name", n.get("id"))) for n in
             items(mapping(view.get("map")).get("nodes"))}
    for a, b in roads.roads(view):
        ax, ay = _scale(*roads.NODES[a])
        bx, by = _scale(*roads.NODES[b])
        draw.line((x0 + ax, y0 + ay, x0 + bx, y0 + by), fill=pal.PANEL_EDGE, width=4)
    for ident in roads.NODES:
        box = node_box(origin, ident)
        mark = marks.get(ident)
        name = names.get(ident, ident)
        fill = pal.HIGHLIGHT if mark else pal.EMPTY_CELL
        ink = pal.INK_DARK if mark else pal.INK_LIGHT
        lay.rounded(draw, box, 6, fill=fill, outline=pal.PANEL_EDGE)
        bx0, by0, bx1, by1 = box
        cx = (bx0 + bx1) / 2
        if mark:  # the name over the numbers, so that neither is cut
            line(draw, (cx, by0 + 1), name, bx1 - bx0 - 6, ink, size=15, smallest=12,
                 anchor="ma")
            line(draw, (cx, by1 - 1), numbers(mark), bx1 - bx0 - 6, ink, size=17, smallest=12,
                 bold=True, anchor="md")
        else:
            line(draw, (cx, (by0 + by1) / 2), name, bx1 - bx0 - 6, ink, size=16, smallest=12,
                 anchor="mm")


def track_box(origin: tuple[int, int], code: str, step: int | None) -> Box:
    """Where the panel's tracks draw ``code``'s colour chip (``step`` None) or step ``step``."""
    row = COLOUR_CODES.index(code)
    y = origin[1] + TITLE_H + row * TRACK_ROW
    if step is None:
        return origin[0], y, origin[0] + CHIP_W, y + TRACK_ROW - 4
    x = origin[0] + CHIP_W + 6 + step * (TRACK_CELL + 2)
    return x, y, x + TRACK_CELL, y + TRACK_ROW - 4


def draw_tracks(draw: ImageDraw.ImageDraw, origin: tuple[int, int],
                marks: Mapping[str, str], levels: Mapping[str, str]) -> None:
    """The four tracks, steps 0 to 9: a track in ``marks`` ("Y": "2") carries the numbers on
    its chip, a level space in ``levels`` ("Y2": "3") on that space."""
    draw.text(origin, "SPECIAL-CARD TRACKS", font=font(18, bold=True), fill=pal.INK_MUTED)
    for code in COLOUR_CODES:
        chip = track_box(origin, code, None)
        mark = marks.get(code)
        lay.rounded(draw, chip, 5, fill=pal.HIGHLIGHT if mark else colour_fill(code))
        cx, cy = (chip[0] + chip[2]) / 2, (chip[1] + chip[3]) / 2
        line(draw, (cx, cy), f"{code} {numbers(mark)}" if mark else code, chip[2] - chip[0] - 4,
             pal.INK_DARK if mark else colour_ink(code), size=18, bold=True, anchor="mm")
        for step in range(10):
            box = track_box(origin, code, step)
            level = f"{code}{step // 3}" if step and step % 3 == 0 else ""
            mark = levels.get(level, "") if level else ""
            lay.rounded(draw, box, 4, fill=pal.HIGHLIGHT if mark else pal.mix(
                colour_fill(code), pal.PANEL, 0.7))
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            line(draw, (cx, cy), numbers(mark) if mark else str(step), box[2] - box[0] - 2,
                 pal.INK_DARK if mark else pal.INK_MUTED, size=16, smallest=12,
                 bold=bool(mark), anchor="mm")



CARD_CHIP_H = 34
CARD_FONT = 17


def numbers(mark: str) -> str:
    """Option numbers with runs joined ("1,2,3,5" as "1–3,5"), so that a card every option
    names still fits its chip."""
    values = sorted({int(n) for n in mark.split(",") if n.isdigit()})
    runs: list[list[int]] = []
    for n in values:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ",".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ",".join(map(str, r)) for r in runs)


def _card_words(name: str, mark: str) -> str:
    return f"{name}: {numbers(mark)}"


def card_boxes(origin: tuple[int, int], marks: Mapping[str, str]) -> list[Box]:
    """Where each named card's chip goes, in the order of ``marks``: as wide as its words,
    row after row across the panel's left column."""
    f = font(CARD_FONT, bold=True)
    boxes: list[Box] = []
    x, y = origin[0], origin[1] + TITLE_H
    for name, mark in marks.items():
        w = min(MAP_W, round(f.getlength(_card_words(name, mark))) + 16)
        if x > origin[0] and x + w > origin[0] + MAP_W:
            x, y = origin[0], y + CARD_CHIP_H + 4
        boxes.append((x, y, x + w, y + CARD_CHIP_H))
        x += w + 10
    return boxes


def cards_height(origin: tuple[int, int], marks: Mapping[str, str]) -> int:
    boxes = card_boxes(origin, marks)
    return (boxes[-1][3] - origin[1]) if boxes else TITLE_H


def draw_cards(draw: ImageDraw.ImageDraw, origin: tuple[int, int],
               marks: Mapping[str, str]) -> None:
    """The offered cards and tiles the options name ("W1-08": "1"), each by its printed name
    with the numbers of the options naming it."""
    draw.text(origin, "ON THE BOARD", font=font(18, bold=True), fill=pal.INK_MUTED)
    for box, (name, mark) in zip(card_boxes(origin, marks), marks.items(), strict=True):
        lay.rounded(draw, box, 6, fill=pal.HIGHLIGHT)
        line(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), _card_words(name, mark),
             box[2] - box[0] - 6, pal.INK_DARK, size=CARD_FONT, smallest=12, bold=True,
             anchor="mm")
