"""One seat's workshop area (1000×740): the 8×8 grid of workshops and garden squares, and
beside it the warehouse, caravan, merchant row, track markers, special cards and played cards.

It is a picture of its own, linked from the board post, and the lower part of the seat's
private panel.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from games.resafa.render import colours, icons
from games.resafa.render.model import (
    COLOUR_CODES,
    View,
    colour_fill,
    colour_ink,
    gain,
    items,
    mapping,
    number,
    player_of,
    seat_colours,
    seat_label,
    short,
)
from games.resafa.render.palette import PALETTE
from games.resafa.render.pieces import (
    brief,
    counter,
    effect_card,
    effect_card_height,
    line,
    rooms_list,
    seat_disc,
    sprite,
)
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import key_of
from renderers.kit.compose import GLYPH_BLEED, PaletteBoard, flat_board
from renderers.kit.icons import paste
from renderers.kit.preview import mark_changed, ring_width
from renderers.kit.words import draw_fitted, fit_text, font

WIDTH, HEIGHT = 1000, 740
HEADER_H = 56
GRID = 8
CELL = 80
GRID_X, GRID_Y = 40, HEADER_H + 36
SIDE_X = GRID_X + GRID * CELL + 16
EDGES = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
FACING = {"N": "S", "E": "W", "S": "N", "W": "E"}  # a square's side that faces a workshop's edge
MERCHANT_SPACES = 6
Box = tuple[int, int, int, int]


def render_area(view: View, seat: int, marks: Mapping[str, str] | None = None,
                previous: View | None = None) -> Image.Image:
    """The workshop area of ``seat`` as the view shows it (the same for every viewer), on
    Resafa's palette, WIDTH wide and at least HEIGHT tall;
    ``marks`` numbers cells by name ("c3": "1"), as the panel numbers the options; what
    differs from the area in ``previous`` (the view the last board showed) is ringed.

    It is put together from parts kept by what they show (``lay_area``, which the panel uses
    too): the header, each cell of the grid and each section of the side column. A seat's
    sub-decisions change one or two of them (a card played, a coin spent, a cell's number).
    (Keeping whole areas as well found fewer than half of them again, and pushed out more
    of the parts than that saved.)"""
    player = player_of(view, seat)
    height = area_height(player) if player is not None else HEIGHT
    board = flat_board(PALETTE, (WIDTH, height), pal.BACKGROUND, "resafa-area", ImageDraw.Draw)
    if player is None:
        return board.image
    cells = lay_area(board, (0, 0), view, seat, player, marks)
    before = player_of(previous, seat) if previous is not None else None
    if before is not None:
        rings = {s.name: s.ring for s in _sections(player)}
        dark, light = board.ink(pal.INK_DARK), board.ink((255, 255, 255))
        for name in changed_parts(cells, player, _cells(before), before):
            box = rings.get(name) or _cell_box_named(name)
            if box is not None:
                mark_changed(board.draw, box, ring_width(WIDTH), dark, light)
    return board.image


def area_height(player: Mapping[str, Any]) -> int:
    """How tall the area of the seat whose record is ``player`` is drawn."""
    return max(HEIGHT, _sections(player)[-1].ring[3] + 10)


def lay_area(board: PaletteBoard, origin: tuple[int, int], view: View, seat: int,
             player: Mapping[str, Any], marks: Mapping[str, str] | None = None,
             ) -> dict[tuple[int, int], tuple[Any, ...]]:
    """The area's parts on ``board`` (a flat board of the area's ground), its top-left corner
    at ``origin``: a panel lays them under its options as the area's own picture does. What
    each cell shows is returned."""
    sections = _sections(player)
    height = area_height(player)
    part = functools.partial(board.part_at, origin)
    part((0, 0, WIDTH, HEADER_H),
         ("header", seat_label(view, seat), seat_colours(view, seat), number(player.get("score"))),
         lambda image, draw: _header(image, draw, view, player))
    part(COLUMN_LETTERS, "column letters", _column_letters)
    part(ROW_NUMBERS, "row numbers", _row_numbers)
    cells = _cells(player)
    for (c, r), shown in cells.items():
        mark = (marks or {}).get(cell_name(c, r))
        x0, y0, x1, y1 = cell_box(c, r)
        part((x0, y0, x1 + 1, y1 + 1), ("cell", key_of(shown), mark),
             functools.partial(_cell_part, (c, r), shown, mark))
    for i, section in enumerate(sections):
        bottom = sections[i + 1].top if i + 1 < len(sections) else height
        part((SIDE_X - GLYPH_BLEED, section.top, WIDTH, bottom),
             _section_key(section.name, view, player),
             functools.partial(_section_part, section, view, player))
    return cells


def changed_parts(cells: Mapping[tuple[int, int], Any], player: Mapping[str, Any],
                  cells_before: Mapping[tuple[int, int], Any],
                  before: Mapping[str, Any]) -> tuple[str, ...]:
    """What differs from the seat's area as it was: cells by name ("c3") and the side
    column's sections by key."""
    found = [cell_name(c, r) for c in range(GRID) for r in range(GRID)
             if cells[c, r] != cells_before[c, r]]
    for section, keys in SECTION_KEYS.items():
        if any(player.get(k) != before.get(k) for k in keys):
            found.append(section)
    return tuple(found)


SECTION_KEYS = {
    "ware": ("coins", "ware"), "caravan": ("caravan", "bases"),
    "merchant": ("merchant_row", "overflow"), "tracks": ("tracks", "garden_squares"),
    "played": ("played",), "specials": ("specials", "used_whites"),
}


def cell_name(c: int, r: int) -> str:
    return f"{'abcdefgh'[c]}{r + 1}"


def _cells(player: Mapping[str, Any]) -> dict[tuple[int, int], tuple[Any, ...]]:
    """What each cell of the grid shows: its workshop, or its garden square and the icons of
    the workshops facing it (None where there is nothing)."""
    area = mapping(player.get("area"))
    workshops = {cell_of(w): w for w in items(area.get("workshops"))}
    gardens = {cell_of(g): g for g in items(area.get("gardens"))}
    facing = facing_icons(workshops)
    return {(c, r): (workshops.get((c, r)), gardens.get((c, r)), facing.get((c, r)))
            for r in range(GRID) for c in range(GRID)}


def _cell_box_named(name: str) -> Box | None:
    if len(name) < 2 or name[0] not in "abcdefgh" or not name[1:].isdigit():
        return None
    c, r = "abcdefgh".index(name[0]), int(name[1:]) - 1
    return cell_box(c, r) if 0 <= r < GRID else None


def _mark(image: Image.Image, box: Box, mark: str) -> None:
    """An option's number on the cell in ``box``, so the grid reads like the option list."""
    x0, y0, x1, y1 = box
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((x0, y0, x1, y1), radius=6, outline=pal.HIGHLIGHT, width=4)
    # in the top-right corner, clear of a workshop's id and rooms
    f = lay.fit_font(mark, 44, range(20, 13, -1), bold=True)
    w = max(30, round(f.getlength(mark)) + 10)
    tag = (x1 - w - 2, y0 + 2, x1 - 2, y0 + 30)
    draw.rounded_rectangle(tag, radius=8, fill=pal.HIGHLIGHT, outline=pal.INK_DARK)
    draw.text(((tag[0] + tag[2]) / 2, (tag[1] + tag[3]) / 2), mark, font=f, fill=pal.INK_DARK,
              anchor="mm")


def render_areas(view: View, previous: View | None = None) -> list[tuple[str, Image.Image]]:
    """Every seat's workshop area, named by its seat label, in seat order; with ``previous``,
    each ringing what changed since."""
    return [(seat_label(view, number(p.get("seat"))),
             render_area(view, number(p.get("seat")), previous=previous))
            for p in items(view.get("players"))]


def cell_box(c: int, r: int) -> Box:
    x, y = GRID_X + c * CELL, GRID_Y + r * CELL
    return x, y, x + CELL - 3, y + CELL - 3


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
            player: Mapping[str, Any]) -> None:
    seat = number(player.get("seat"))
    fill, _edge, _ink = seat_colours(view, seat)
    draw.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=pal.PANEL)
    draw.rectangle((0, HEADER_H - 5, WIDTH, HEADER_H - 1), fill=fill)
    paste(image, seat_disc(view, seat, 36), (14, 9))
    x = 60 + lay.text(draw, (60, 27), seat_label(view, seat), font(30, bold=True),
                      pal.INK_LIGHT, anchor="lm") + 16
    lay.text(draw, (x, 29), "workshop area", font(22), pal.INK_MUTED, anchor="lm")
    score = str(number(player.get("score")))
    w = lay.text(draw, (WIDTH - 52, 27), score, font(34, bold=True), pal.INK_LIGHT, anchor="rm")
    paste(image, icons.vp(30), (WIDTH - 60 - w - 32, 12))
    draw.text((WIDTH - 14, 31), "VP", font=font(18), fill=pal.INK_MUTED, anchor="rm")


# ---- the grid ------------------------------------------------------------------------------


# The grid's names, which the prompts use: column letters above it, row numbers to its left.
COLUMN_LETTERS = (0, HEADER_H, SIDE_X - GLYPH_BLEED, GRID_Y)
ROW_NUMBERS = (0, GRID_Y, GRID_X, GRID_Y + GRID * CELL)


def _column_letters(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    for i in range(GRID):
        draw.text((GRID_X + i * CELL + CELL // 2 - 1, GRID_Y - 6), "abcdefgh"[i],
                  font=font(20, bold=True), fill=pal.INK_MUTED, anchor="md")


def _row_numbers(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    for i in range(GRID):
        draw.text((GRID_X - 12, GRID_Y + i * CELL + CELL // 2 - 1), str(i + 1),
                  font=font(20, bold=True), fill=pal.INK_MUTED, anchor="rm")


def _cell_part(cell: tuple[int, int], shown: tuple[Any, ...], mark: str | None,
               image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """One cell of the grid: a workshop square (built or not) or a garden square, with the
    number of the option that names it."""
    c, r = cell
    box = cell_box(c, r)
    tile, square, tags = shown
    if (c + r) % 2 == 0:
        if tile is None:
            lay.rounded(draw, box, 6, fill=pal.MAT)
        else:
            image.paste(sprite(("workshop-cell", key_of(tile)), (CELL - 2, CELL - 2),
                               pal.BACKGROUND, _workshop, tile), box[:2])
    elif not square and not tags:
        lay.rounded(draw, box, 6, fill=colours.GARDEN_SQUARE)
    else:
        image.paste(sprite(("garden-cell", key_of(square or {}), key_of(tags or {})),
                           (CELL - 2, CELL - 2), pal.BACKGROUND, _garden, square or {},
                           tags or {}), box[:2])
    if mark is not None:
        _mark(image, box, mark)


def cell_of(piece: Mapping[str, Any]) -> tuple[int, int]:
    return number(piece.get("c"), -1), number(piece.get("r"), -1)


def facing_icons(workshops: Mapping[tuple[int, int], Mapping[str, Any]],
                 ) -> dict[tuple[int, int], dict[str, tuple[str, bool]]]:
    """For each garden square, the icons of the workshops around it that face it (as placed,
    rotation included): by the side of the square they sit on, the reward and whether it was
    already collected."""
    found: dict[tuple[int, int], dict[str, tuple[str, bool]]] = {}
    for (c, r), placed in workshops.items():
        for icon in items(placed.get("icons")):
            edge = str(icon.get("edge"))
            dc, dr = EDGES.get(edge, (0, 0))
            square = (c + dc, r + dr)
            if (dc, dr) == (0, 0) or not (0 <= square[0] < GRID and 0 <= square[1] < GRID):
                continue
            found.setdefault(square, {})[FACING[edge]] = (gain(icon.get("reward")),
                                                          bool(icon.get("collected")))
    return found


def _workshop(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
              placed: Mapping[str, Any]) -> None:
    """A built workshop: its id and the rooms of the side it shows."""
    x0, y0, x1, _y1 = box
    tile = mapping(placed.get("tile"))
    level = number(tile.get("level"))
    side = "back" if placed.get("side") == "back" else "front"
    back = side == "back"
    fill = colours.WORKSHOP_BACK if back else (
        colours.WORKSHOP_II if level >= 2 else colours.WORKSHOP)
    lay.rounded(draw, box, 6, fill=fill, outline=pal.CARD_EDGE, line=2)
    ident = str(tile.get("id", ""))
    line(draw, (x0 + 5, y0 + 3), ident, x1 - x0 - 8, pal.INK_DARK, bold=True)
    y = y0 + 24
    room_w = x1 - x0 - 7
    for room in rooms_list(tile, side)[:3]:
        if font(18).getlength(room) > room_w:  # "1C+1VP" reads as "C+VP" in a narrow cell
            room = brief(room)
        line(draw, (x0 + 4, y), room, room_w, pal.INK_DARK)
        y += 19


def _garden(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
            square: Mapping[str, Any], tags: Mapping[str, tuple[str, bool]]) -> None:
    """A garden square: its three units (a large garden fills two), whether it is complete, and
    the icons of the workshops that face it (struck through once collected)."""
    x0, y0, x1, y1 = box
    complete = bool(square.get("complete"))
    lay.rounded(draw, box, 6, fill=colours.GARDEN_DONE if complete else colours.GARDEN_SQUARE)
    slot, gap = 13, 3
    sx = (x0 + x1) // 2 - (3 * slot + 2 * gap) // 2
    sy = y0 + 42
    filled = [2] * number(square.get("large")) + [1] * number(square.get("small"))
    units = 0
    for size in filled:
        w = size * slot + (size - 1) * gap
        left = sx + units * (slot + gap)
        draw.rounded_rectangle((left, sy, left + w, sy + slot), radius=3, fill=colours.GARDEN,
                               outline=pal.INK_DARK)
        units += size
    for u in range(units, 3):
        left = sx + u * (slot + gap)
        draw.rounded_rectangle((left, sy, left + slot, sy + slot), radius=3, outline=pal.INK_MUTED)
    ink = pal.INK_DARK if complete else pal.INK_LIGHT
    places: dict[str, tuple[float, float, str]] = {
        "N": ((x0 + x1) / 2, y0 + 2, "ma"), "S": ((x0 + x1) / 2, y1 - 1, "md"),
        "W": (x0 + 3, y0 + 30, "lm"), "E": (x1 - 3, y0 + 30, "rm")}
    room = {"N": x1 - x0 - 6, "S": x1 - x0 - 6, "W": 40, "E": 40}
    for side, (reward, taken) in tags.items():
        x, y, anchor = places.get(side, places["N"])
        text = reward
        f = font(18, bold=not taken)
        if f.getlength(text) > room.get(side, 40):
            f = font(18)
        colour = pal.INK_MUTED if taken else (colours.ICON_GREEN if complete else pal.OK)
        lay.text(draw, (x, y), text, f, colour if not complete else ink,
                 max_width=room.get(side, 40), anchor=anchor)
        if taken:
            length = f.getlength(text)
            start = x if anchor[0] == "l" else (x - length if anchor[0] == "r" else x - length / 2)
            mid = {"a": y + 11, "d": y - 9, "m": y}[anchor[1]]
            draw.line((start, mid, start + length, mid), fill=ink, width=2)


# ---- the side column -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Section:
    """A section of the side column: its title stands at ``top`` and what it heads at
    ``body``; ``ring`` is the box a change ring goes around."""

    name: str  # as ``changed_parts`` names it
    title: str
    top: int
    body: int
    ring: Box


SIDE_X1 = WIDTH - 12


def _sections(player: Mapping[str, Any]) -> list[_Section]:
    """The side column's sections, top to bottom, where the seat's record puts them (the
    cards played and the special cards take a row each)."""
    played = items(player.get("played"))
    played_h = 30 * len(played[:3]) if played else 26
    cards = special_cards(player)
    specials_h = sum(_special_row(card) for card in cards) if cards else 26
    # name, title, the height of what it heads, its ring's height, the gap after it
    rows = [
        ("ware", "WAREHOUSE (up to 6 each)", 40, 32, 0),
        ("caravan", "CARAVAN", 96, 94, 0),
        ("merchant", "MERCHANT ROW", 46, 40, 0),
        ("tracks", "TRACKS · GARDENS", 44, 36, 0),
        ("played", "PLAYED THIS ROUND", played_h, played_h, 4),
    ]
    found = []
    y = GRID_Y
    for name, title, height, ring_h, gap in rows:
        body = y + 26
        found.append(_Section(name, title, y, body, (SIDE_X - 4, body - 2, SIDE_X1,
                                                      body - 2 + ring_h)))
        y = body + height + gap
    body = y + 26
    found.append(_Section("specials", "SPECIAL CARDS", y, body,
                          (SIDE_X - 4, body - 2, SIDE_X1, max(body + specials_h, HEIGHT - 10))))
    return found


def _section_part(section: _Section, view: View, player: Mapping[str, Any],
                  image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    draw.text((SIDE_X, section.top), section.title, font=font(18, bold=True),
              fill=pal.INK_MUTED)
    SECTION_PAINTERS[section.name](image, draw, view, player, section.body)


def _ware(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
          player: Mapping[str, Any], y: int) -> None:
    x = counter(image, draw, (SIDE_X, y + 14), "C", number(player.get("coins")), size=26,
                gap=14)
    store = mapping(player.get("ware"))
    for code in ("S", "M", "Sp", "A"):
        x = counter(image, draw, (x, y + 14), code, number(store.get(code)), size=26, gap=12)


def _caravan(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
             player: Mapping[str, Any], y: int) -> None:
    x0, x1 = SIDE_X, SIDE_X1
    caravan = mapping(player.get("caravan"))
    camels = number(caravan.get("camels"), 1)
    for i in range(4):
        sprite_ = icons.camel(30) if i < camels else icons.camel(30, framed=False)
        paste(image, sprite_, (x0 + i * 34, y))
    cargo = caravan.get("cargo")
    load = f"{number(caravan.get('count'))} {cargo}" if cargo else "empty"
    line(draw, (x0 + 144, y + 15), f"{load} / {number(caravan.get('capacity'), 2)}",
         x1 - x0 - 144, pal.INK_LIGHT, size=20, bold=True, anchor="lm")
    at, bases = _caravan_places(view, player)
    line(draw, (x0, y + 40), f"at {at}" if at else "", x1 - x0, pal.INK_MUTED)
    fitted = fit_text("bases: " + (", ".join(bases) if bases else "none"),
                      (x0, y + 60, x1, y + 96), largest=18, smallest=12, spacing=0)
    draw_fitted(draw, fitted, fill=pal.INK_MUTED)


def _caravan_places(view: View, player: Mapping[str, Any]) -> tuple[Any, tuple[str, ...]]:
    """Where the caravan stands and the seat's bases, by name."""
    names = place_names(view)
    node = mapping(player.get("caravan")).get("at")
    at = names.get(str(node), node) if node else None
    return at, tuple(names.get(str(b), str(b)) for b in player.get("bases") or [])


def _merchant(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
              player: Mapping[str, Any], y: int) -> None:
    x0 = SIDE_X
    row = list(player.get("merchant_row") or [])[:MERCHANT_SPACES]
    row += [None] * (MERCHANT_SPACES - len(row))
    legend = items(view.get("merchant_row"))
    for i, token in enumerate(row):
        bx = x0 + i * 47
        space = legend[i] if i < len(legend) else {}
        scarab_only = space.get("accepts") == "scarab"
        lay.rounded(draw, (bx, y, bx + 42, y + 36), 5, fill=pal.EMPTY_CELL,
                    outline=colours.SCARAB if scarab_only else None, line=2)
        if token:
            paste(image, icons.merchant_token(str(token), 28), (bx + 7, y + 4))
        else:
            line(draw, (bx + 21, y + 18), gain(space.get("reward")), 40, pal.INK_MUTED,
                 anchor="mm")
    overflow = len(player.get("overflow") or [])
    if overflow:
        lay.text(draw, (x0 + 6 * 47 - 4, y + 18), f"+{overflow}", font(20, bold=True),
                 pal.INK_LIGHT, anchor="lm")


def _tracks(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
            player: Mapping[str, Any], y: int) -> None:
    x0 = SIDE_X
    tracks = mapping(player.get("tracks"))
    for i, code in enumerate(COLOUR_CODES):
        bx = x0 + i * 50
        lay.rounded(draw, (bx, y, bx + 44, y + 32), 5, fill=colour_fill(code))
        draw.text((bx + 22, y + 16), str(number(tracks.get(code))), font=font(20, bold=True),
                  fill=colour_ink(code), anchor="mm")
    squares = number(player.get("garden_squares"))
    lay.text(draw, (x0 + 206, y + 16), f"{squares} done", font(20, bold=True), colours.GARDEN,
             anchor="lm")


def place_names(view: View) -> dict[str, str]:
    """Map codes by name: Resafa and every trading city the view lists."""
    return {str(n.get("id")): str(n.get("name", n.get("id")))
            for n in items(mapping(view.get("map")).get("nodes"))}


def _played(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
            player: Mapping[str, Any], y: int) -> None:
    x0, x1 = SIDE_X, SIDE_X1
    played = items(player.get("played"))
    if not played:
        draw.text((x0, y), "nothing yet", font=font(18), fill=pal.INK_MUTED)
        return
    for card in played[:3]:
        code = str(card.get("colour", ""))
        lay.rounded(draw, (x0, y, x0 + 30, y + 26), 5, fill=colour_fill(code))
        draw.text((x0 + 15, y + 13), code, font=font(18, bold=True), fill=colour_ink(code),
                  anchor="mm")
        ident = mapping(card.get("card")).get("id", "")
        text = f"{ident} {short(card.get('action')).capitalize()}"
        line(draw, (x0 + 38, y + 13), text, x1 - x0 - 40, pal.INK_LIGHT,
                 anchor="lm")
        y += 30


SPECIAL_ROW = 54


def special_cards(player: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The seat's special cards, then the white ones it has used."""
    return items(player.get("specials")) + [
        {**c, "used": True} for c in items(player.get("used_whites"))]


def _specials(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
              player: Mapping[str, Any], y: int) -> None:
    """Every special card of the seat, whole."""
    cards = special_cards(player)
    if not cards:
        draw.text((SIDE_X, y), "none yet", font=font(18), fill=pal.INK_MUTED)
        return
    for card in cards:
        row = _special_row(card)
        effect_card(draw, (SIDE_X, y, SIDE_X1, y + row - 6), card, note=_note(card))
        y += row


def _note(card: Mapping[str, Any]) -> str:
    return "used" if card.get("used") else ""


def _special_row(card: Mapping[str, Any]) -> int:
    """A special card's row: taller than SPECIAL_ROW when its whole effect needs it."""
    width = WIDTH - 12 - SIDE_X
    return effect_card_height(card, width, SPECIAL_ROW - 6, _note(card)) + 6


Painter = Callable[[Image.Image, ImageDraw.ImageDraw, View, Mapping[str, Any], int], None]
SECTION_PAINTERS: dict[str, Painter] = {
    "ware": _ware, "caravan": _caravan, "merchant": _merchant, "tracks": _tracks,
    "played": _played, "specials": _specials,
}
# What a section shows of the view beside the seat's record (``SECTION_KEYS``).
FROM_THE_VIEW: dict[str, Callable[[View, Mapping[str, Any]], Any]] = {
    "caravan": _caravan_places,
    "merchant": lambda view, p: key_of(view.get("merchant_row")),
}


def _section_key(name: str, view: View, player: Mapping[str, Any]) -> tuple[Any, ...]:
    """Everything the section ``name`` shows, as its part's key."""
    shown = FROM_THE_VIEW.get(name)
    return (name, *(key_of(player.get(k)) for k in SECTION_KEYS[name]),
            shown(view, player) if shown is not None else None)
