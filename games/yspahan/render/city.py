"""The city map: souks, shops and streets on the display grid of the view, and the pieces on it.

The grid is the view's own (Hub at 0,0, x east, y north); each souk is drawn as one coloured
piece of ground (its shops, the gaps between shops in a line, and a cell for its value badge).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.yspahan.render import colours
from games.yspahan.render.pieces import (
    View,
    seat_colours,
    seat_cube,
    seat_label,
    supervisor_pawn,
)
from renderers.kit import palette as pal
from renderers.kit.compose import PaletteBoard
from renderers.kit.icons import paste
from renderers.kit.palette import RGB
from renderers.kit.words import font

# One cell per grid position: display x -10..7 (west to east), y 4..-7 (north to south).
CELL = 52
GRID_X0, GRID_X1, GRID_Y0, GRID_Y1 = -10, 7, 4, -7
MAP_BOX = (12, 66, 960, 714)
MAP_LEFT = MAP_BOX[0] + (MAP_BOX[2] - MAP_BOX[0] - (GRID_X1 - GRID_X0 + 1) * CELL) // 2
MAP_TOP = MAP_BOX[1] + 12
SHOP_INSET = 7  # a shop square inside its cell
GROUND_INSET = 2  # the souk's ground inside a cell
QUARTER_COLOURS: dict[str, RGB] = {
    "Sack": colours.SACK,
    "Barrel": colours.BARREL,
    "Chest": colours.CHEST,
    "Vase": colours.VASE,
}
QUARTER_TOWER = {"Sack": 2, "Barrel": 3, "Chest": 4, "Vase": 5}
# Where each quarter's name stands: an empty stretch of its quadrant (grid x, y of the centre).
QUARTER_LABELS: dict[str, tuple[float, float]] = {
    "Sack": (-6.5, -5.5),
    "Barrel": (5.5, -4.6),
    "Chest": (-6.5, 3.0),
    "Vase": (5.0, 3.0),
}


def cell_box(x: int, y: int, inset: int = 0) -> tuple[int, int, int, int]:
    left = MAP_LEFT + (x - GRID_X0) * CELL
    top = MAP_TOP + (GRID_Y0 - y) * CELL
    return left + inset, top + inset, left + CELL - 1 - inset, top + CELL - 1 - inset


def cell_centre(x: float, y: float) -> tuple[int, int]:
    return (round(MAP_LEFT + (x - GRID_X0 + 0.5) * CELL),
            round(MAP_TOP + (GRID_Y0 - y + 0.5) * CELL))


# the last view's map and its key: a board asks for its map's key four times
_last_map: tuple[Any, Any, Any, tuple[Any, ...]] | None = None


def map_key(view: View) -> tuple[Any, ...]:
    global _last_map
    last = _last_map  # one read: another thread may replace it meanwhile
    if (last is not None and last[0] is view["shops"] and last[1] is view["souks"]
            and last[2] is view["street"]):
        return last[3]
    shops = tuple((s.get("id"), s.get("souk"), s.get("x"), s.get("y")) for s in view["shops"])
    souks = tuple((s.get("id"), s.get("quarter"), s.get("value")) for s in view["souks"])
    street = tuple((s.get("id"), s.get("x"), s.get("y")) for s in view["street"])
    key = shops, souks, street
    # it holds the lists it was computed from, so no other list can take their identity
    _last_map = view["shops"], view["souks"], view["street"], key
    return key


def souk_colour(souk: Mapping[str, Any], index_in_quarter: int) -> RGB:
    """Quarter hue, alternately lighter and darker so neighbouring souks stay apart."""
    base = QUARTER_COLOURS.get(str(souk.get("quarter")), pal.PANEL_EDGE)
    if index_in_quarter % 2:
        return pal.mix(base, (0, 0, 0), 0.22)
    return pal.mix(base, (255, 255, 255), 0.12)


def souk_ground(view: View) -> dict[str, set[tuple[int, int]]]:
    """Cells each souk covers: its shops, the empty cell between two of its shops in a line
    (so a souk reads as one piece), and one cell for its value label."""
    taken: set[tuple[int, int]] = {(int(s["x"]), int(s["y"])) for s in view["street"]}
    taken |= {(int(s["x"]), int(s["y"])) for s in view["shops"]}
    ground: dict[str, set[tuple[int, int]]] = {}
    for shop in view["shops"]:
        ground.setdefault(str(shop["souk"]), set()).add((int(shop["x"]), int(shop["y"])))
    for cells in ground.values():
        for x, y in list(cells):
            for dx, dy in ((2, 0), (0, 2)):
                mid = (x + dx // 2, y + dy // 2)
                if (x + dx, y + dy) in cells and mid not in taken:
                    cells.add(mid)
                    taken.add(mid)
    return ground


Cell = tuple[int, int]


def label_cells(view: View, ground: Mapping[str, set[Cell]]) -> dict[str, Cell]:
    """Where each souk's value badge goes: a bridge cell if it has one, else a free neighbour
    cell that touches no other souk (or, failing that, its first shop)."""
    shops = {(int(s["x"]), int(s["y"])) for s in view["shops"]}
    street = {(int(s["x"]), int(s["y"])) for s in view["street"]}
    owner: dict[tuple[int, int], str] = {c: k for k, cells in ground.items() for c in cells}
    out: dict[str, tuple[int, int]] = {}
    for souk in view["souks"]:
        sid = str(souk["id"])
        cells = ground.get(sid, set())
        bridges = sorted(c for c in cells if c not in shops)
        if bridges:
            out[sid] = bridges[len(bridges) // 2]
            continue
        best: tuple[int, tuple[int, int]] | None = None
        for x, y in sorted(cells):
            for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
                c = (x + dx, y + dy)
                if c in owner or c in street:
                    continue
                if not (GRID_X0 <= c[0] <= GRID_X1 and GRID_Y1 <= c[1] <= GRID_Y0):
                    continue
                around = [(c[0] + a, c[1] + b) for a, b in ((0, -1), (0, 1), (-1, 0), (1, 0))]
                foreign = sum(1 for n in around if owner.get(n, sid) != sid)
                near_street = sum(1 for n in around if n in street)
                score = foreign * 10 + near_street * 3
                if best is None or score < best[0]:
                    best = (score, c)
        if best is not None:
            out[sid] = best[1]
            cells.add(best[1])
            owner[best[1]] = sid
        elif cells:
            out[sid] = min(cells)
    return out


def _fill_ground(draw: ImageDraw.ImageDraw, cells: set[tuple[int, int]], inset: int,
                 fill: RGB) -> None:
    for x, y in cells:
        draw.rectangle(cell_box(x, y, inset), fill=fill)
        if (x + 1, y) in cells:  # close the seam towards the east neighbour
            x0, y0, x1, y1 = cell_box(x, y, inset)
            draw.rectangle((x1, y0, x1 + 2 * inset + 1, y1), fill=fill)
        if (x, y - 1) in cells:  # and towards the south neighbour
            x0, y0, x1, y1 = cell_box(x, y, inset)
            draw.rectangle((x0, y1, x1, y1 + 2 * inset + 1), fill=fill)
            if (x + 1, y) in cells and (x + 1, y - 1) in cells:  # the middle of a 2×2 block
                draw.rectangle((x1, y1, x1 + 2 * inset + 1, y1 + 2 * inset + 1), fill=fill)


def draw_city(draw: ImageDraw.ImageDraw, view: View) -> None:
    # quarter names in the empty part of each quadrant
    for quarter, (gx, gy) in QUARTER_LABELS.items():
        cx, cy = cell_centre(gx, gy)
        colour = pal.mix(QUARTER_COLOURS[quarter], (255, 255, 255), 0.35)
        draw.text((cx, cy - 22), quarter.upper(), font=font(30, bold=True), fill=colour,
                  anchor="mm")
        draw.text((cx, cy + 6), f"Tower space {QUARTER_TOWER[quarter]}", font=font(18),
                  fill=pal.INK_MUTED, anchor="mm")
        # the moves and the log name a shop in full, SACK-B2; the map shows B2 in its quarter
        draw.text((cx, cy + 28), f"B2 here is {quarter.upper()}-B2", font=font(18),
                  fill=pal.INK_MUTED, anchor="mm")
    # the street: a continuous road, one labelled space per cell
    cells = [(int(s["x"]), int(s["y"]), str(s["id"])) for s in view["street"]]
    road = {(x, y) for x, y, _ in cells}
    _fill_ground(draw, road, 4, colours.STREET_EDGE)
    _fill_ground(draw, road, 6, colours.STREET)
    for x, y, sid in cells:
        x0, y0, x1, y1 = cell_box(x, y, 6)
        if sid == "H":
            draw.ellipse((x0 - 3, y0 - 3, x1 + 3, y1 + 3), fill=colours.STREET,
                         outline=pal.INK_MUTED, width=3)
        draw.text(((x0 + x1) / 2, (y0 + y1) / 2), sid, font=font(18, bold=True),
                  fill=pal.INK_LIGHT if sid == "H" else pal.mix(colours.STREET, pal.INK_LIGHT, 0.9),
                  anchor="mm")
    # souks: coloured ground with a dark rim, shop squares on it, a value badge
    ground = souk_ground(view)
    labels = badge_cells(view)
    for sid, cell in labels.items():  # the badge stands on its souk's ground
        ground.setdefault(sid, set()).add(cell)
    order: dict[str, int] = {}
    for souk in view["souks"]:
        quarter = str(souk.get("quarter"))
        order[str(souk["id"])] = sum(1 for q in order if q.split("-")[0] == quarter.upper())
    for souk in view["souks"]:
        sid = str(souk["id"])
        colour = souk_colour(souk, order[sid])
        _fill_ground(draw, ground.get(sid, set()), GROUND_INSET, pal.mix(colour, (0, 0, 0), 0.55))
        _fill_ground(draw, ground.get(sid, set()), GROUND_INSET + 3, colour)
    for shop in view["shops"]:  # an empty shop shows its id within the souk, as typed: B2
        box = cell_box(int(shop["x"]), int(shop["y"]), SHOP_INSET)
        draw.rounded_rectangle(box, radius=5, fill=pal.CARD, outline=pal.INK_DARK, width=2)
        draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), shop_short(str(shop["id"])),
                  font=font(18, bold=True), fill=pal.INK_SOFT, anchor="mm")
    for souk in view["souks"]:
        sid = str(souk["id"])
        if sid not in labels:
            continue
        colour = souk_colour(souk, order[sid])
        draw_badge(draw, cell_centre(*labels[sid]), souk, pal.mix(colour, (255, 255, 255), 0.5))
    _draw_legend(draw)


def draw_badge(draw: ImageDraw.ImageDraw, centre: tuple[int, int], souk: Mapping[str, Any],
               rim: RGB, full: bool = False) -> None:
    """A souk's value; gold once every shop of it is filled (it scores at the week's end)."""
    cx, cy = centre
    fill, ink = (pal.HIGHLIGHT, pal.INK_DARK) if full else (pal.INK_DARK, pal.HIGHLIGHT)
    draw.ellipse((cx - 20, cy - 20, cx + 20, cy + 20), fill=fill,
                 outline=pal.INK_DARK if full else rim, width=2)
    draw.text((cx, cy + 1), str(souk.get("value", "")), font=font(24, bold=True), fill=ink,
              anchor="mm")


LEGEND_AT = (3.0, -6.0)  # grid cell of the legend's first badge: empty ground by Barrel


def _draw_legend(draw: ImageDraw.ImageDraw) -> None:
    x, y = LEGEND_AT
    f = font(18)
    cx, cy = cell_centre(x, y)
    draw_badge(draw, (cx, cy), {"value": 6}, pal.INK_MUTED)
    draw.text((cx + 30, cy), "souk value (VP)", font=f, fill=pal.INK_MUTED, anchor="lm")
    cx, cy = cell_centre(x, y - 1)
    draw_badge(draw, (cx, cy), {"value": 6}, pal.INK_MUTED, full=True)
    draw.text((cx + 30, cy), "full: it will score", font=f, fill=pal.INK_MUTED,
              anchor="lm")


_BADGES: dict[Any, dict[str, Cell]] = {}


def badge_cells(view: View) -> dict[str, Cell]:
    """``label_cells`` of this map, computed once per map."""
    key = map_key(view)
    if key not in _BADGES:
        _BADGES[key] = label_cells(view, souk_ground(view))
    return _BADGES[key]


def shop_short(shop_id: str) -> str:
    """``SACK-B2`` -> ``B2``: the quarter is the part of the city the shop stands in."""
    return shop_id.split("-")[-1]


def lay_pieces(board: PaletteBoard, view: View) -> None:
    """The pieces on the map: full souks' badges, cubes in shops and the Supervisor, each a part
    of ``board`` kept by what it shows, then the marks of the turn (the quarter and the shops it
    is about, where the Supervisor came from) straight onto the palette picture."""
    top = board.top
    current = view.get("current_action") or {}
    labels = badge_cells(view)
    for souk in view["souks"]:
        sid = str(souk["id"])
        if souk.get("complete") and sid in labels:
            cx, cy = cell_centre(*labels[sid])

            def badge(_: Image.Image, draw: ImageDraw.ImageDraw, at: tuple[int, int],
                      cx: int = cx, cy: int = cy, souk: Mapping[str, Any] = souk) -> None:
                draw_badge(draw, (cx + at[0], cy + at[1]), souk, pal.INK_DARK, full=True)

            board.part((cx - 21, cy - 21 + top, cx + 22, cy + 22 + top),
                       ("badge", souk.get("value")), badge)
    size = CELL - 2 * SHOP_INSET + 4
    for shop in view["shops"]:
        owner = shop.get("owner")
        if isinstance(owner, int):
            x0, y0, _, _ = cell_box(int(shop["x"]), int(shop["y"]), SHOP_INSET - 2)
            sprite = seat_cube(view, owner, size)

            def cube(image: Image.Image, _: ImageDraw.ImageDraw, __: tuple[int, int],
                     sprite: Image.Image = sprite) -> None:
                paste(image, sprite, (0, 0))

            board.part((x0, y0 + top, x0 + size, y0 + size + top),
                       ("cube", seat_colours(view, owner), seat_label(view, owner)[:1]), cube)
    street = {str(s["id"]): s for s in view["street"]}
    where = street.get(str(view.get("supervisor", "")))
    if where is not None:
        x0, y0, x1, y1 = cell_box(int(where["x"]), int(where["y"]), 0)

        def supervisor(image: Image.Image, draw: ImageDraw.ImageDraw, _: tuple[int, int]) -> None:
            draw.ellipse((1, 1, x1 - x0 - 1, y1 - y0 - 1), fill=colours.STREET,
                         outline=pal.HIGHLIGHT, width=4)
            paste(image, supervisor_pawn(40), (6, 4))

        board.part((x0, y0 + top, x1 + 1, y1 + 1 + top), ("supervisor",), supervisor)
    _mark_turn(board, view, current, street)


def _mark_turn(board: PaletteBoard, view: View, current: Mapping[str, Any],
               street: Mapping[str, Mapping[str, Any]]) -> None:
    """The quarter the turn's group supplies, the shops that ship (the first one twice) and the
    space the Supervisor left, in flat colours over the pieces."""
    top = board.top

    def down(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        return box[0], box[1] + top, box[2], box[3] + top

    quarter = current.get("quarter")
    if quarter in QUARTER_LABELS and view.get("phase") != "finished":
        cx, cy = cell_centre(*QUARTER_LABELS[str(quarter)])
        board.draw.rounded_rectangle(down((cx - 100, cy - 44, cx + 100, cy + 44)), radius=10,
                                     outline=board.ink(pal.HIGHLIGHT), width=3)
    shops = {str(s["id"]): s for s in view["shops"]}
    for i, sid in enumerate(str(s) for s in current.get("shipping", [])):
        shop = shops.get(sid)
        if shop is None:
            continue
        x, y = int(shop["x"]), int(shop["y"])
        board.draw.rounded_rectangle(down(cell_box(x, y, 1)), radius=8,
                                     outline=board.ink(pal.HIGHLIGHT), width=4)
        if i == 0:
            board.draw.rounded_rectangle(down(cell_box(x, y, 4)), radius=6,
                                         outline=board.ink(pal.INK_DARK), width=2)
    origin = current.get("supervisor_from")
    if isinstance(origin, str) and origin in street and origin != view.get("supervisor"):
        s = street[origin]
        board.draw.ellipse(down(cell_box(int(s["x"]), int(s["y"]), 8)),
                           outline=board.ink(colours.DIE_WHITE), width=3)
