"""One seat's workshop area (1000×740): the 8×8 grid of workshops and garden squares, and
beside it the warehouse, caravan, merchant row, track markers, special cards and played cards.

It is a picture of its own, linked from the board post, and the lower part of the seat's
private panel.
"""

from __future__ import annotations

from collections.abc import Mapping
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
from renderers.kit import ImageCache
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import key_of
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
    """The workshop area of ``seat`` as the view shows it (the same for every viewer),
    WIDTH wide and at least HEIGHT tall;
    ``marks`` numbers cells by name ("c3": "1"), as the panel numbers the options; what
    differs from the area in ``previous`` (the view the last board showed) is ringed."""
    player = player_of(view, seat)
    if player is None:
        return Image.new("RGB", (WIDTH, HEIGHT), pal.BACKGROUND)
    context = area_key(view, seat, marks, previous)
    changed = context[-1]
    # a seat's sub-decisions redraw its panel often while its area stays the same
    return areas.get(context, lambda: _draw(view, player, marks, changed)).copy()


def area_key(view: View, seat: int, marks: Mapping[str, str] | None = None,
             previous: View | None = None) -> tuple[Any, ...]:
    """Everything ``render_area`` shows of ``seat``'s area, as a key; what changed is last."""
    player = player_of(view, seat)
    before = player_of(previous, seat) if previous is not None else None
    changed = changed_parts(player, before) if player is not None and before is not None else ()
    shown = {k: v for k, v in (player or {}).items() if k not in NOT_SHOWN}
    return (key_of(shown), key_of(mapping(view.get("map")).get("nodes")),
            key_of(view.get("merchant_row")), key_of(dict(marks or {})), changed)


# What a player's record holds that the area does not show (cards in hand and in piles): a
# sub-decision that only plays a card from the hand finds the area kept, and the seat's own
# view (which lists the hand) the same area as everyone's.
NOT_SHOWN = frozenset(
    ("hand", "hand_count", "deck_count", "pending", "pending_count", "facedown",
     "facedown_count"))


def changed_parts(player: Mapping[str, Any], before: Mapping[str, Any]) -> tuple[str, ...]:
    """What differs from the seat's area as it was: cells by name ("c3") and the side
    column's sections by key."""
    found: list[str] = []
    for c in range(GRID):
        for r in range(GRID):
            if _cell(player, (c, r)) != _cell(before, (c, r)):
                found.append(f"{'abcdefgh'[c]}{r + 1}")
    for section, keys in SECTION_KEYS.items():
        if any(player.get(k) != before.get(k) for k in keys):
            found.append(section)
    return tuple(found)


SECTION_KEYS = {
    "ware": ("coins", "ware"), "caravan": ("caravan", "bases"),
    "merchant": ("merchant_row", "overflow"), "tracks": ("tracks", "garden_squares"),
    "played": ("played",), "specials": ("specials", "used_whites"),
}


def _cell(player: Mapping[str, Any], cell: tuple[int, int]) -> tuple[Any, ...]:
    area = mapping(player.get("area"))
    workshops = {cell_of(w): w for w in items(area.get("workshops"))}
    gardens = {cell_of(g): g for g in items(area.get("gardens"))}
    return workshops.get(cell), gardens.get(cell), facing_icons(workshops).get(cell)


areas = ImageCache(16)


def _draw(view: View, player: Mapping[str, Any], marks: Mapping[str, str] | None,
          changed: tuple[str, ...] = ()) -> Image.Image:
    rows = sum(_special_row(card) for card in special_cards(player))
    image = Image.new("RGB", (WIDTH, HEIGHT + rows), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _header(image, draw, view, player)
    _grid(image, player)
    sections = _side(image, draw, view, player)
    # every special card is shown whole: a seat with many grows its area downwards
    image = image.crop((0, 0, WIDTH, max(HEIGHT, sections["specials"][3] + 10)))
    draw = ImageDraw.Draw(image)
    ring = ring_width(WIDTH)
    for name in changed:
        box = sections.get(name) or _cell_box_named(name)
        if box is not None:
            mark_changed(draw, box, ring)
    for name, mark in (marks or {}).items():
        _mark(image, name, mark)
    return image


def _cell_box_named(name: str) -> Box | None:
    if len(name) < 2 or name[0] not in "abcdefgh" or not name[1:].isdigit():
        return None
    c, r = "abcdefgh".index(name[0]), int(name[1:]) - 1
    return cell_box(c, r) if 0 <= r < GRID else None


def _mark(image: Image.Image, name: str, mark: str) -> None:
    """An option's number on the cell it names, so the grid reads like the option list."""
    box = _cell_box_named(name)
    if box is None:
        return
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


def _grid(image: Image.Image, player: Mapping[str, Any]) -> None:
    area = mapping(player.get("area"))
    workshops = {cell_of(w): w for w in items(area.get("workshops"))}
    gardens = {cell_of(g): g for g in items(area.get("gardens"))}
    facing = facing_icons(workshops)
    draw = ImageDraw.Draw(image)
    for i in range(GRID):  # the names the prompts use: column letter, row number ("d4")
        draw.text((GRID_X + i * CELL + CELL // 2 - 1, GRID_Y - 6), "abcdefgh"[i],
                  font=font(20, bold=True), fill=pal.INK_MUTED, anchor="md")
        draw.text((GRID_X - 12, GRID_Y + i * CELL + CELL // 2 - 1), str(i + 1),
                  font=font(20, bold=True), fill=pal.INK_MUTED, anchor="rm")
    for r in range(GRID):
        for c in range(GRID):
            box = cell_box(c, r)
            if (c + r) % 2 == 0:
                tile = workshops.get((c, r))
                if tile is None:
                    lay.rounded(draw, box, 6, fill=pal.MAT)
                    continue
                piece = sprite(("workshop-cell", key_of(tile)), (CELL - 2, CELL - 2),
                               pal.BACKGROUND, _workshop, tile)
                image.paste(piece, box[:2])
            else:
                square = gardens.get((c, r), {})
                tags = facing.get((c, r), {})
                if not square and not tags:
                    lay.rounded(draw, box, 6, fill=colours.GARDEN_SQUARE)
                    continue
                piece = sprite(("garden-cell", key_of(square), key_of(tags)),
                               (CELL - 2, CELL - 2), pal.BACKGROUND,
                               _garden, square, tags)
                image.paste(piece, box[:2])


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


def _side(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
          player: Mapping[str, Any]) -> dict[str, Box]:
    """The side column; returns where each of its sections sits (for the change rings)."""
    x0, x1 = SIDE_X, WIDTH - 12
    sections: dict[str, Box] = {}
    y = GRID_Y
    y = _section(draw, x0, y, "WAREHOUSE (up to 6 each)")
    sections["ware"] = (x0 - 4, y - 2, x1, y + 30)
    x = counter(image, draw, (x0, y + 14), "C", number(player.get("coins")), size=26, gap=14)
    store = mapping(player.get("ware"))
    for code in ("S", "M", "Sp", "A"):
        x = counter(image, draw, (x, y + 14), code, number(store.get(code)), size=26, gap=12)
    y += 40
    y = _section(draw, x0, y, "CARAVAN")
    sections["caravan"] = (x0 - 4, y - 2, x1, y + 92)
    caravan = mapping(player.get("caravan"))
    camels = number(caravan.get("camels"), 1)
    for i in range(4):
        sprite_ = icons.camel(30) if i < camels else icons.camel(30, framed=False)
        paste(image, sprite_, (x0 + i * 34, y))
    cargo = caravan.get("cargo")
    load = f"{number(caravan.get('count'))} {cargo}" if cargo else "empty"
    line(draw, (x0 + 144, y + 15), f"{load} / {number(caravan.get('capacity'), 2)}",
         x1 - x0 - 144, pal.INK_LIGHT, size=20, bold=True, anchor="lm")
    names = place_names(view)
    node = caravan.get("at")
    line(draw, (x0, y + 40), f"at {names.get(str(node), node)}" if node else "", x1 - x0,
         pal.INK_MUTED)
    bases = [names.get(str(b), str(b)) for b in player.get("bases") or []]
    fitted = fit_text("bases: " + (", ".join(bases) if bases else "none"),
                      (x0, y + 60, x1, y + 96), largest=18, smallest=12, spacing=0)
    draw_fitted(draw, fitted, fill=pal.INK_MUTED)
    y += 96
    y = _section(draw, x0, y, "MERCHANT ROW")
    sections["merchant"] = (x0 - 4, y - 2, x1, y + 38)
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
    y += 46
    y = _section(draw, x0, y, "TRACKS · GARDENS")
    sections["tracks"] = (x0 - 4, y - 2, x1, y + 34)
    tracks = mapping(player.get("tracks"))
    for i, code in enumerate(COLOUR_CODES):
        bx = x0 + i * 50
        lay.rounded(draw, (bx, y, bx + 44, y + 32), 5, fill=colour_fill(code))
        draw.text((bx + 22, y + 16), str(number(tracks.get(code))), font=font(20, bold=True),
                  fill=colour_ink(code), anchor="mm")
    squares = number(player.get("garden_squares"))
    lay.text(draw, (x0 + 206, y + 16), f"{squares} done", font(20, bold=True), colours.GARDEN,
             anchor="lm")
    y += 44
    y = _section(draw, x0, y, "PLAYED THIS ROUND")
    top = y
    y = _played(draw, (x0, y, x1), player)
    sections["played"] = (x0 - 4, top - 2, x1, y - 2)
    y = _section(draw, x0, y + 4, "SPECIAL CARDS")
    bottom = _specials(draw, (x0, y, x1), player)
    sections["specials"] = (x0 - 4, y - 2, x1, max(bottom, HEIGHT - 10))
    return sections


def place_names(view: View) -> dict[str, str]:
    """Map codes by name: Resafa and every trading city the view lists."""
    return {str(n.get("id")): str(n.get("name", n.get("id")))
            for n in items(mapping(view.get("map")).get("nodes"))}


def _section(draw: ImageDraw.ImageDraw, x: int, y: int, title: str) -> int:
    draw.text((x, y), title, font=font(18, bold=True), fill=pal.INK_MUTED)
    return y + 26


def _played(draw: ImageDraw.ImageDraw, span: tuple[int, int, int],
            player: Mapping[str, Any]) -> int:
    x0, y, x1 = span
    played = items(player.get("played"))
    if not played:
        draw.text((x0, y), "nothing yet", font=font(18), fill=pal.INK_MUTED)
        return y + 26
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
    return y


SPECIAL_ROW = 54


def special_cards(player: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The seat's special cards, then the white ones it has used."""
    return items(player.get("specials")) + [
        {**c, "used": True} for c in items(player.get("used_whites"))]


def _specials(draw: ImageDraw.ImageDraw, span: tuple[int, int, int],
              player: Mapping[str, Any]) -> int:
    """Every special card of the seat, whole; returns the y under them."""
    x0, y, x1 = span
    cards = special_cards(player)
    if not cards:
        draw.text((x0, y), "none yet", font=font(18), fill=pal.INK_MUTED)
        return y + 26
    for card in cards:
        row = _special_row(card)
        effect_card(draw, (x0, y, x1, y + row - 6), card, note=_note(card))
        y += row
    return y


def _note(card: Mapping[str, Any]) -> str:
    return "used" if card.get("used") else ""


def _special_row(card: Mapping[str, Any]) -> int:
    """A special card's row: taller than SPECIAL_ROW when its whole effect needs it."""
    width = WIDTH - 12 - SIDE_X
    return effect_card_height(card, width, SPECIAL_ROW - 6, _note(card)) + 6
