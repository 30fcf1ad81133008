"""Yspahan: the public board (1600×1000) and the private decision panel, drawn from a view dict.

Everything here reads only the view returned by ``games.yspahan``'s ``view(state, seat)``. The
city (souks, shops, streets, quarter names) and the frames never change during a game, so they
are drawn once per map and player count and pasted; a turn draws only cubes, dice and text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import icons, layers, sprites
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.fonts import font
from renderers.kit.palette import RGB

View = Mapping[str, Any]

WIDTH, HEIGHT = 1600, 1000
HEADER_H = 56

# The city grid: display x -10..7 (west to east), y 4..-7 (north to south), one cell each.
CELL = 52
GRID_X0, GRID_X1, GRID_Y0, GRID_Y1 = -10, 7, 4, -7
MAP_BOX = (12, 66, 960, 714)
MAP_LEFT = MAP_BOX[0] + (MAP_BOX[2] - MAP_BOX[0] - (GRID_X1 - GRID_X0 + 1) * CELL) // 2
MAP_TOP = MAP_BOX[1] + 12
SHOP_INSET = 7  # a shop square inside its cell
GROUND_INSET = 2  # the souk's ground inside a cell

TOWER_BOX = (12, 722, 556, 992)
CARAVAN_BOX = (566, 722, 960, 992)
RIGHT_X, RIGHT_W = 972, 616
STATUS_BOX = (RIGHT_X, 66, RIGHT_X + RIGHT_W, 184)
PLAYERS_TOP, PLAYERS_BOTTOM, PLAYER_GAP = 192, 784, 8
PLAYER_MAX_H = 236  # with two players the log gets the rest of the column
LOG_BOTTOM = 992

QUARTER_COLOURS: dict[str, RGB] = {
    "Sack": pal.SACK,
    "Barrel": pal.BARREL,
    "Chest": pal.CHEST,
    "Vase": pal.VASE,
}
QUARTER_TOWER = {"Sack": 2, "Barrel": 3, "Chest": 4, "Vase": 5}
# Where each quarter's name stands: an empty stretch of its quadrant (grid x, y of the centre).
QUARTER_LABELS: dict[str, tuple[float, float]] = {
    "Sack": (-6.5, -5.5),
    "Barrel": (5.0, -5.0),
    "Chest": (-6.5, 3.0),
    "Vase": (5.0, 3.0),
}
STEP_NAMES = {
    "buy": "Roll",
    "start": "Take a group",
    "option": "Use the group",
    "place": "Supply shops",
    "super": "Supervisor",
    "order": "Shipping",
    "save": "Shipping",
    "build": "Build",
    "discount": "Build",
    "end": "End of turn",
}
CATEGORY_SHORT = {"Caravan entries": "Caravan entry", "Caravan scoring": "Caravan"}
ROMAN = {1: "I", 2: "II", 3: "III"}
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th"}


def dice_word(n: int) -> str:
    return "die" if n == 1 else "dice"


def pretty(text: str) -> str:
    return text.replace("->", "→")


def seat_label(view: View, seat: int) -> str:
    for player in view.get("players", []):
        if player.get("seat") == seat and player.get("label"):
            return str(player["label"])
    return f"Seat {seat + 1}"


def seat_colours(view: View, seat: int) -> tuple[RGB, RGB, RGB]:
    return pal.seat_style(seat_label(view, seat), seat)


def cell_box(x: int, y: int, inset: int = 0) -> tuple[int, int, int, int]:
    left = MAP_LEFT + (x - GRID_X0) * CELL
    top = MAP_TOP + (GRID_Y0 - y) * CELL
    return left + inset, top + inset, left + CELL - 1 - inset, top + CELL - 1 - inset


def cell_centre(x: float, y: float) -> tuple[int, int]:
    return (round(MAP_LEFT + (x - GRID_X0 + 0.5) * CELL),
            round(MAP_TOP + (GRID_Y0 - y + 0.5) * CELL))


def _decision(view: View) -> Mapping[str, Any] | None:
    decision = view.get("decision")
    return decision if isinstance(decision, Mapping) else None


# ---- pieces ------------------------------------------------------------------------------


def cube(fill: RGB, edge: RGB, ink: RGB, letter: str, size: int) -> Image.Image:
    """A wooden goods cube seen from above, with the owner's initial."""

    def build() -> Image.Image:
        big = size * 4
        image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        d = ImageDraw.Draw(image)
        d.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 7, fill=edge)
        w = max(4, big // 11)
        d.rounded_rectangle((w, w, big - 1 - w, big - 1 - w), radius=big // 9, fill=fill)
        shade = pal.mix(fill, (255, 255, 255), 0.35)
        d.line((w * 2, w * 1.6, big - w * 2, w * 1.6), fill=shade, width=max(2, w // 2))
        d.text((big / 2, big / 2 + w / 3), letter, font=font(round(big * 0.52), bold=True),
               fill=ink, anchor="mm")
        return image.resize((size, size), Image.Resampling.LANCZOS)

    return sprites.get(("ysp-cube", fill, letter, size), build)


def seat_cube(view: View, seat: int, size: int) -> Image.Image:
    fill, edge, ink = seat_colours(view, seat)
    return cube(fill, edge, ink, seat_label(view, seat)[:1], size)


def supervisor_pawn(size: int) -> Image.Image:
    """The white Supervisor: a pawn with a dark outline, readable on the street."""

    def build() -> Image.Image:
        big = size * 4
        image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        d = ImageDraw.Draw(image)
        w = max(4, big // 14)
        u = big / 100
        d.polygon([(22 * u, 94 * u), (32 * u, 50 * u), (68 * u, 50 * u), (78 * u, 94 * u)],
                  fill=pal.DIE_WHITE, outline=pal.INK_DARK, width=w)
        d.ellipse((30 * u, 40 * u, 70 * u, 60 * u), fill=pal.DIE_WHITE, outline=pal.INK_DARK,
                  width=w)
        d.ellipse((28 * u, 4 * u, 72 * u, 48 * u), fill=pal.DIE_WHITE, outline=pal.INK_DARK,
                  width=w)
        return image.resize((size, size), Image.Resampling.LANCZOS)

    return sprites.get(("ysp-supervisor", size), build)


def first_player_pawn(size: int) -> Image.Image:
    """The black first-player pawn, ringed in light ink so it shows on dark panels."""

    def build() -> Image.Image:
        big = size * 4
        image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        d = ImageDraw.Draw(image)
        u = big / 100
        w = max(3, big // 18)
        d.polygon([(24 * u, 94 * u), (36 * u, 48 * u), (64 * u, 48 * u), (76 * u, 94 * u)],
                  fill=(20, 18, 22), outline=pal.INK_LIGHT, width=w)
        d.ellipse((30 * u, 6 * u, 70 * u, 46 * u), fill=(20, 18, 22), outline=pal.INK_LIGHT,
                  width=w)
        return image.resize((size, size), Image.Resampling.LANCZOS)

    return sprites.get(("ysp-first", size), build)


def card_back(size: int) -> Image.Image:
    def build() -> Image.Image:
        w, h = round(size * 0.72), size
        image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        d = ImageDraw.Draw(image)
        x0 = (size - w) // 2
        d.rounded_rectangle((x0, 0, x0 + w - 1, h - 1), radius=max(2, size // 8),
                            fill=pal.TRIBE_BACK, outline=pal.INK_LIGHT, width=2)
        d.rectangle((x0 + 5, 5, x0 + w - 6, h - 6), outline=pal.TRIBE_BACK_PATTERN, width=2)
        return image

    return sprites.get(("ysp-card-back", size), build)


def camel_icon(size: int) -> Image.Image:
    return icons.tribe("CAMEL", size)


# ---- the static layer: frames and the city ---------------------------------------------


def _map_key(view: View) -> tuple[Any, ...]:
    shops = tuple((s.get("id"), s.get("souk"), s.get("x"), s.get("y")) for s in view["shops"])
    souks = tuple((s.get("id"), s.get("quarter"), s.get("value")) for s in view["souks"])
    street = tuple((s.get("id"), s.get("x"), s.get("y")) for s in view["street"])
    return shops, souks, street


def _static_board(view: View) -> Image.Image:
    count = len(view.get("players", []))
    key = ("yspahan-board", count, hash(_map_key(view)))
    return layers.get(key, lambda: _build_static_board(view, count))


def player_boxes(count: int) -> list[tuple[int, int, int, int]]:
    count = max(1, count)
    h = min(PLAYER_MAX_H, (PLAYERS_BOTTOM - PLAYERS_TOP - PLAYER_GAP * (count - 1)) // count)
    return [
        (RIGHT_X, PLAYERS_TOP + i * (h + PLAYER_GAP), RIGHT_X + RIGHT_W,
         PLAYERS_TOP + i * (h + PLAYER_GAP) + h)
        for i in range(count)
    ]


def log_box(count: int) -> tuple[int, int, int, int]:
    return RIGHT_X, player_boxes(count)[-1][3] + PLAYER_GAP, RIGHT_X + RIGHT_W, LOG_BOTTOM


def _build_static_board(view: View, count: int) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=pal.PANEL)
    draw.line((0, HEADER_H - 1, WIDTH, HEADER_H - 1), fill=pal.PANEL_EDGE, width=2)
    for box in (TOWER_BOX, CARAVAN_BOX, STATUS_BOX, *player_boxes(count), log_box(count)):
        lay.rounded(draw, box, 12, fill=pal.PANEL, outline=pal.PANEL_EDGE, line=2)
    lay.rounded(draw, MAP_BOX, 12, fill=pal.MAT, outline=pal.PANEL_EDGE, line=2)
    _draw_city(draw, view)
    _draw_tower_frame(draw)
    _draw_caravan_frame(image, draw, view)
    return image


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


def _draw_city(draw: ImageDraw.ImageDraw, view: View) -> None:
    # quarter names in the empty part of each quadrant
    for quarter, (gx, gy) in QUARTER_LABELS.items():
        cx, cy = cell_centre(gx, gy)
        colour = pal.mix(QUARTER_COLOURS[quarter], (255, 255, 255), 0.35)
        draw.text((cx, cy - 14), quarter.upper(), font=font(30, bold=True), fill=colour,
                  anchor="mm")
        draw.text((cx, cy + 18), f"Tower space {QUARTER_TOWER[quarter]}", font=font(18),
                  fill=pal.INK_MUTED, anchor="mm")
    # the street: a continuous road, one labelled space per cell
    cells = [(int(s["x"]), int(s["y"]), str(s["id"])) for s in view["street"]]
    road = {(x, y) for x, y, _ in cells}
    _fill_ground(draw, road, 4, pal.STREET_EDGE)
    _fill_ground(draw, road, 6, pal.STREET)
    for x, y, sid in cells:
        x0, y0, x1, y1 = cell_box(x, y, 6)
        if sid == "H":
            draw.ellipse((x0 - 3, y0 - 3, x1 + 3, y1 + 3), fill=pal.STREET, outline=pal.INK_MUTED,
                         width=3)
        draw.text(((x0 + x1) / 2, (y0 + y1) / 2), sid, font=font(18, bold=True),
                  fill=pal.INK_LIGHT if sid == "H" else pal.mix(pal.STREET, pal.INK_LIGHT, 0.7),
                  anchor="mm")
    # souks: coloured ground with a dark rim, shop squares on it, a value badge
    ground = souk_ground(view)
    labels = label_cells(view, ground)
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
        cx, cy = cell_centre(*labels[sid])
        colour = souk_colour(souk, order[sid])
        draw.ellipse((cx - 20, cy - 20, cx + 20, cy + 20), fill=pal.INK_DARK,
                     outline=pal.mix(colour, (255, 255, 255), 0.5), width=2)
        draw.text((cx, cy + 1), str(souk.get("value", "")), font=font(24, bold=True),
                  fill=pal.HIGHLIGHT, anchor="mm")


def shop_short(shop_id: str) -> str:
    """``SACK-B2`` -> ``B2``: the quarter is the part of the city the shop stands in."""
    return shop_id.split("-")[-1]


def _draw_tower_frame(draw: ImageDraw.ImageDraw) -> None:
    x0, y0, x1, _y1 = TOWER_BOX
    draw.text((x0 + 14, y0 + 8), "TOWER", font=font(20, bold=True), fill=pal.INK_MUTED)
    for row in range(6):
        top, bottom = tower_row(row + 1)
        name = TOWER_SPACE_NAMES[row]
        colour = QUARTER_COLOURS.get(name, pal.EMPTY_CELL)
        lay.rounded(draw, (x0 + 10, top, x1 - 10, bottom), 6, fill=pal.mix(colour, pal.PANEL, 0.55))
        draw.text((x0 + 22, (top + bottom) / 2), str(row + 1), font=font(20, bold=True),
                  fill=pal.INK_MUTED, anchor="lm")
        draw.text((x0 + 44, (top + bottom) / 2), name, font=font(20, bold=True),
                  fill=pal.INK_LIGHT, anchor="lm")


TOWER_SPACE_NAMES = ("Camels", "Sack", "Barrel", "Chest", "Vase", "Gold")
TOWER_ROW_H = 36
TOWER_DIE = 28
TOWER_DICE_X = TOWER_BOX[0] + 150


def tower_row(space: int) -> tuple[int, int]:
    """Top and bottom of tower space 1..6; space 1 is the bottom row."""
    bottom = TOWER_BOX[3] - 10 - (space - 1) * (TOWER_ROW_H + 2)
    return bottom - TOWER_ROW_H, bottom


CARAVAN_SPACE = 62


def caravan_space_box(per_row: int, row: int, col: int) -> tuple[int, int, int, int]:
    _x0, _y0, x1, y1 = CARAVAN_BOX
    left = x1 - 14 - per_row * (CARAVAN_SPACE + 6) + 6 + (col - 1) * (CARAVAN_SPACE + 6)
    top = y1 - 12 - row * (CARAVAN_SPACE + 12) + 12
    return left, top, left + CARAVAN_SPACE, top + CARAVAN_SPACE


def _caravan(view: View) -> Mapping[str, Any]:
    caravan = view.get("caravan")
    return caravan if isinstance(caravan, Mapping) else {"per_row": 0, "spaces": []}


def _draw_caravan_frame(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    x0, y0, _x1, _y1 = CARAVAN_BOX
    draw.text((x0 + 14, y0 + 8), "CARAVAN", font=font(20, bold=True), fill=pal.INK_MUTED)
    caravan = _caravan(view)
    per_row = int(caravan.get("per_row", 0))
    rows: dict[int, Mapping[str, Any]] = {}
    for space in caravan.get("spaces", []):
        rows.setdefault(int(space["row"]), space)
        left, top, right, bottom = caravan_space_box(per_row, int(space["row"]), int(space["col"]))
        lay.rounded(draw, (left, top, right, bottom), 8, fill=pal.EMPTY_CELL,
                    outline=pal.PANEL_EDGE, line=2)
        glyph = icons.tribe("CAMEL", 34, framed=False)
        faded = glyph.copy()
        faded.putalpha(faded.getchannel("A").point(lambda a: a * 45 // 100))
        image.paste(pal.INK_MUTED, (left + 14, top + 14, left + 48, top + 48), faded)
    for row, space in rows.items():
        left, top, _, bottom = caravan_space_box(per_row, row, 1)
        mid = (top + bottom) / 2
        draw.text((x0 + 16, mid - 11), f"×{space.get('multiplier', row)}", font=font(22, bold=True),
                  fill=pal.HIGHLIGHT, anchor="lm")
        draw.text((x0 + 16, mid + 13), f"+{space.get('immediate_vp', 0)} VP", font=font(18),
                  fill=pal.INK_LIGHT, anchor="lm")


# ---- the public board -------------------------------------------------------------------


def render_board(view: View) -> Image.Image:
    image = _static_board(view).copy()
    draw = ImageDraw.Draw(image)
    _draw_header(image, draw, view)
    _draw_map_pieces(image, draw, view)
    _draw_tower(image, draw, view)
    _draw_caravan(image, view)
    _draw_status(image, draw, view)
    players = list(view.get("players", []))
    for player, box in zip(players, player_boxes(len(players)), strict=False):
        _draw_player(image, draw, view, player, box)
    _draw_log(draw, view, log_box(len(players)))
    return image


def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    mid = HEADER_H // 2
    x = 16
    draw.text((x, mid), "YSPAHAN", font=font(30, bold=True), fill=pal.HIGHLIGHT, anchor="lm")
    x += 178
    week = int(view.get("week", 1))
    day = int(view.get("day", 1))
    finished = view.get("phase") == "finished"
    x += lay.text(draw, (x, mid), f"Week {ROMAN.get(week, week)} / III", font(26, bold=True),
                  pal.INK_LIGHT, anchor="lm") + 22
    x += lay.text(draw, (x, mid), f"Day {day} / 7", font(26, bold=True), pal.INK_LIGHT,
                  anchor="lm") + 16
    for d in range(1, 8):  # the day track: done, today, to come
        cx = x + (d - 1) * 24
        if d < day or finished:
            draw.ellipse((cx, mid - 8, cx + 16, mid + 8), fill=pal.INK_MUTED)
        elif d == day:
            draw.ellipse((cx - 2, mid - 10, cx + 18, mid + 10), fill=pal.HIGHLIGHT,
                         outline=pal.INK_DARK)
        else:
            draw.ellipse((cx, mid - 8, cx + 16, mid + 8), outline=pal.INK_MUTED, width=2)
    x += 7 * 24 + 20
    draw.line((x, 12, x, HEADER_H - 12), fill=pal.PANEL_EDGE, width=2)
    x += 18
    deck = int(view.get("deck", 0))
    discard = len(view.get("discard", []))
    icons.paste(image, card_back(34), (x, mid - 17))
    x += 40
    x += lay.text(draw, (x, mid), f"Deck {deck} · discard {discard}", font(20), pal.INK_LIGHT,
                  anchor="lm") + 20
    queue = [int(q) for q in view.get("turn_queue", []) if isinstance(q, int)]
    if queue and view.get("phase") != "finished":  # who acts after the current turn, today
        draw.line((x, 12, x, HEADER_H - 12), fill=pal.PANEL_EDGE, width=2)
        x += 18
        label = "Lowest score first:" if view.get("last_day_order") else "Next:"
        x += lay.text(draw, (x, mid), label, font(20), pal.INK_MUTED, anchor="lm") + 8
        for seat in queue[:6]:
            icons.paste(image, seat_cube(view, seat, 26), (x, mid - 13))
            x += 30
    first = view.get("first_player")
    if isinstance(first, int):
        f = font(22, bold=True)
        text = f"First player: {seat_label(view, first)}"
        right = WIDTH - 16
        tw = f.getlength(text)
        draw.text((right, mid), text, font=f, fill=pal.INK_LIGHT, anchor="rm")
        icons.paste(image, first_player_pawn(36), (round(right - tw - 44), mid - 18))
        icons.paste(image, seat_cube(view, first, 24), (round(right - tw - 72), mid - 12))


def _shop_owner(view: View) -> dict[str, int]:
    return {str(s["id"]): int(s["owner"]) for s in view["shops"] if isinstance(s.get("owner"), int)}


def _draw_map_pieces(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    shops = {str(s["id"]): s for s in view["shops"]}
    current = view.get("current_action") or {}
    shipping = [str(s) for s in current.get("shipping", [])]
    quarter = current.get("quarter")
    if quarter in QUARTER_LABELS and view.get("phase") != "finished":
        cx, cy = cell_centre(*QUARTER_LABELS[str(quarter)])
        draw.rounded_rectangle((cx - 100, cy - 36, cx + 100, cy + 34), radius=10,
                               outline=pal.HIGHLIGHT, width=3)
    # completed souks get a gold rim around their badge
    for shop in view["shops"]:
        owner = shop.get("owner")
        if isinstance(owner, int):
            x0, y0, _, _ = cell_box(int(shop["x"]), int(shop["y"]), SHOP_INSET - 2)
            icons.paste(image, seat_cube(view, owner, CELL - 2 * SHOP_INSET + 4), (x0, y0))
    for i, sid in enumerate(shipping):
        shop = shops.get(sid)
        if shop is None:
            continue
        box = cell_box(int(shop["x"]), int(shop["y"]), 1)
        draw.rounded_rectangle(box, radius=8, outline=pal.HIGHLIGHT, width=4)
        if i == 0:
            draw.rounded_rectangle(cell_box(int(shop["x"]), int(shop["y"]), 4), radius=6,
                                   outline=pal.INK_DARK, width=2)
    street = {str(s["id"]): s for s in view["street"]}
    origin = current.get("supervisor_from")
    if isinstance(origin, str) and origin in street and origin != view.get("supervisor"):
        s = street[origin]
        draw.ellipse(cell_box(int(s["x"]), int(s["y"]), 8), outline=pal.DIE_WHITE, width=3)
    where = street.get(str(view.get("supervisor", "")))
    if where is not None:
        x0, y0, x1, y1 = cell_box(int(where["x"]), int(where["y"]), 0)
        draw.ellipse((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=pal.STREET, outline=pal.HIGHLIGHT,
                     width=4)
        icons.paste(image, supervisor_pawn(40), (x0 + 6, y0 + 4))


def _draw_tower(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    x0, y0, x1, _ = TOWER_BOX
    yellow = int(view.get("yellow_bought", 0))
    if yellow:
        lay.text(draw, (x1 - 14, y0 + 10), f"{yellow} yellow {dice_word(yellow)} bought", font(18),
                 pal.DIE_YELLOW, anchor="ra")
    current = view.get("current_action") or {}
    taken = current.get("group")
    for space in view.get("tower", []):
        n = int(space.get("space", 0))
        if not 1 <= n <= 6:
            continue
        top, bottom = tower_row(n)
        white, yel = int(space.get("white", 0)), int(space.get("yellow", 0))
        value = space.get("value")
        if taken == n and view.get("phase") != "finished":
            draw.rounded_rectangle((x0 + 8, top - 2, x1 - 8, bottom + 2), radius=7,
                                   outline=pal.HIGHLIGHT, width=3)
        x = TOWER_DICE_X
        dy = top + (TOWER_ROW_H - TOWER_DIE) // 2
        if not white + yel or not isinstance(value, int):
            gone = "taken" if taken == n else "empty"
            draw.text((x, (top + bottom) / 2), gone, font=font(18), fill=pal.INK_MUTED,
                      anchor="lm")
            continue
        dice = [pal.DIE_WHITE] * white + [pal.DIE_YELLOW] * yel
        room = x1 - 76 - x - TOWER_DIE  # dice overlap a little rather than cover the count
        step = min(TOWER_DIE + 4, room // max(1, len(dice) - 1))
        for fill in dice:
            icons.paste(image, icons.die(value, TOWER_DIE, fill), (x, dy))
            x += step
        lay.text(draw, (x1 - 20, (top + bottom) / 2), f"{white + yel}×{value}",
                 font(20, bold=True), pal.INK_LIGHT, anchor="rm")


def _draw_caravan(image: Image.Image, view: View) -> None:
    caravan = _caravan(view)
    per_row = int(caravan.get("per_row", 0))
    for space in caravan.get("spaces", []):
        owner = space.get("owner")
        if isinstance(owner, int):
            left, top, _, _ = caravan_space_box(per_row, int(space["row"]), int(space["col"]))
            icons.paste(image, seat_cube(view, owner, 44), (left + 9, top + 9))


def _draw_status(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    x0, y0, x1, y1 = STATUS_BOX
    outcome = view.get("outcome")
    if isinstance(outcome, Mapping):
        _draw_outcome(image, draw, view, outcome)
        return
    decision = _decision(view)
    acting = view.get("acting_seat")
    if decision is None:
        draw.text((x0 + 16, y0 + 18), "Waiting…", font=font(24, bold=True), fill=pal.INK_LIGHT)
        return
    seat = int(decision.get("seat", 0))
    icons.paste(image, seat_cube(view, seat, 36), (x0 + 14, y0 + 12))
    title = f"{seat_label(view, seat)} to decide"
    if isinstance(acting, int) and acting != seat:
        title += f" ({seat_label(view, acting)}'s turn)"
    step = STEP_NAMES.get(str(view.get("step", "")), "")
    pf = font(18, bold=True)
    pw = round(pf.getlength(step)) + 16 if step else 0
    lay.text(draw, (x0 + 62, y0 + 30), title, font(24, bold=True), pal.HIGHLIGHT,
             max_width=x1 - x0 - 100 - pw, anchor="lm")
    if step:
        lay.pill(draw, (x1 - 14 - pw, y0 + 17), step, pf, pal.PANEL_EDGE, pal.INK_LIGHT)
    prompt = pretty(str(decision.get("prompt", "")))
    lay.paragraph(draw, (x0 + 16, y0 + 56, x1 - 16, y1 - 6), prompt, font(20), pal.INK_LIGHT,
                  max_lines=2, spacing=1)


def _draw_outcome(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: View, outcome: Mapping[str, Any]
) -> None:
    x0, y0, x1, _y1 = STATUS_BOX
    winners = [int(w) for w in outcome.get("winners", [])]
    scores = list(outcome.get("scores", []))
    if len(winners) == 1:
        title = f"{seat_label(view, winners[0])} wins!"
        icons.paste(image, seat_cube(view, winners[0], 36), (x0 + 14, y0 + 12))
    else:
        title = "Shared victory!"
        icons.paste(image, icons.vp(36), (x0 + 14, y0 + 12))
    tx = x0 + 62
    tx += lay.text(draw, (tx, y0 + 30), title, font(26, bold=True), pal.HIGHLIGHT, anchor="lm") + 16
    reason = str(outcome.get("reason", ""))
    if outcome.get("tiebreak"):
        reason = f"Tie-break: {outcome['tiebreak']}."
    lay.text(draw, (tx, y0 + 30), reason, font(18), pal.INK_MUTED, max_width=x1 - 14 - tx,
             anchor="lm")
    ranked = sorted(range(len(scores)), key=lambda i: -int(scores[i]))
    score_text = "   ".join(f"{seat_label(view, i)} {scores[i]}" for i in ranked)
    lay.text(draw, (x0 + 16, y0 + 74), f"Final: {score_text}", font(22, bold=True),
             pal.INK_LIGHT, max_width=x1 - x0 - 32, anchor="lm")


def _counter(image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int],
             sprite: Image.Image, value: str, size: int) -> int:
    x, y = xy
    icons.paste(image, sprite, (x, y))
    f = font(max(18, round(size * 0.75)), bold=True)
    w = lay.text(draw, (x + size + 6, y + size / 2), value, f, pal.INK_LIGHT, anchor="lm")
    return size + 6 + w


def _draw_player(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
                 player: Mapping[str, Any], box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    seat = int(player.get("seat", 0))
    fill, edge, _ = seat_colours(view, seat)
    decision = _decision(view)
    deciding = decision is not None and decision.get("seat") == seat
    acting = view.get("acting_seat") == seat and view.get("phase") != "finished"
    # a band in the seat colour down the left edge, the name and score on top
    draw.rounded_rectangle((x0, y0, x0 + 14, y1), radius=6, fill=fill, outline=edge)
    if deciding or acting:
        draw.rounded_rectangle(box, radius=12, outline=pal.HIGHLIGHT, width=3)
    icons.paste(image, seat_cube(view, seat, 32), (x0 + 24, y0 + 10))
    name_x = x0 + 66
    name_w = lay.text(draw, (name_x, y0 + 26), str(player.get("label", "")), font(24, bold=True),
                      pal.INK_LIGHT, anchor="lm")
    tag_x = name_x + name_w + 12
    if view.get("first_player") == seat:
        icons.paste(image, first_player_pawn(30), (tag_x, y0 + 11))
        tag_x += 36
    if deciding or acting:
        tag = "deciding" if deciding else "turn"
        lay.pill(draw, (tag_x, y0 + 13), tag, font(18, bold=True), pal.HIGHLIGHT, pal.INK_DARK)
    score = int(player.get("score", 0))
    vp_w = lay.text(draw, (x1 - 14, y0 + 30), "VP", font(18), pal.INK_MUTED, anchor="rm")
    score_w = lay.text(draw, (x1 - 20 - vp_w, y0 + 26), str(score), font(30, bold=True),
                       pal.INK_LIGHT, anchor="rm")
    icons.paste(image, icons.vp(34), (x1 - 26 - vp_w - score_w - 34, y0 + 9))
    # counters
    y = y0 + 50
    x = x0 + 26
    x += _counter(image, draw, (x, y), icons.good("G", 28), str(player.get("gold", 0)), 28) + 20
    x += _counter(image, draw, (x, y), camel_icon(28), str(player.get("camels", 0)), 28) + 20
    count = int(player.get("hand_count", 0))
    x += _counter(image, draw, (x, y), card_back(28),
                  f"{count} card{'' if count == 1 else 's'}", 28) + 20
    lay.text(draw, (x, y + 14),
             f"cubes: {player.get('cubes_in_shops', 0)} shops, "
             f"{player.get('cubes_in_caravan', 0)} caravan",
             font(18), pal.INK_MUTED, max_width=x1 - 12 - x, anchor="lm")
    # buildings, in the order built
    y = y0 + 88
    roomy = y1 - y0 >= 180
    if roomy:  # all six buildings, the built ones lit with their order
        y = _draw_building_grid(draw, view, player, (x0 + 26, y, x1 - 12))
    else:
        built = sorted(player.get("buildings", []), key=lambda b: int(b.get("order", 0)))
        _draw_buildings(draw, (x0 + 26, y, x1 - 12, y + 30), built)
    breakdown = player.get("breakdown")
    if isinstance(breakdown, Mapping) and roomy:
        parts = [f"{CATEGORY_SHORT.get(str(k), str(k))} {v}" for k, v in breakdown.items() if v]
        text = "Points: " + (", ".join(parts) if parts else "none yet")
        lay.text(draw, (x0 + 26, y + 6), text, font(18), pal.INK_MUTED, max_width=x1 - x0 - 40)


def _draw_building_grid(draw: ImageDraw.ImageDraw, view: View,
                        player: Mapping[str, Any], span: tuple[int, int, int]) -> int:
    """Three columns by two rows of the six buildings; returns the bottom edge."""
    x0, y0, x1 = span
    built = {str(b.get("key")): int(b.get("order", 0)) for b in player.get("buildings", [])}
    col_w = (x1 - x0 - 2 * 6) // 3
    bottom = y0
    for i, building in enumerate(b for b in view.get("buildings", []) if isinstance(b, Mapping)):
        bx = x0 + (i % 3) * (col_w + 6)
        by = y0 + (i // 3) * 34
        order = built.get(str(building.get("key")))
        done = order is not None
        lay.rounded(draw, (bx, by, bx + col_w, by + 28), 6,
                    fill=pal.CARD if done else pal.EMPTY_CELL)
        name = str(building.get("name", ""))
        ink = pal.INK_DARK if done else pal.INK_MUTED
        lay.text(draw, (bx + 6, by + 14), f"{order}. {name}" if done else name,
                 font(18, bold=done), ink, max_width=col_w - 12, anchor="lm")
        bottom = by + 28
    return bottom


def _draw_buildings(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
                    built: Sequence[Mapping[str, Any]]) -> None:
    x0, y0, x1, y1 = box
    if not built:
        draw.text((x0, (y0 + y1) / 2), "No buildings yet", font=font(18), fill=pal.INK_MUTED,
                  anchor="lm")
        return
    names = [str(b.get("name", "")) for b in built]
    room = x1 - x0 - 6 * (len(names) - 1)
    f = font(18, bold=True)
    if sum(f.getlength(n) + 12 for n in names) > room:
        f = font(18)
    widths = [f.getlength(n) + 12 for n in names]
    if sum(widths) > room:  # shrink the longest labels evenly, keeping each readable
        cap = max(48.0, room / len(names))
        widths = [min(w, cap) for w in widths]
    x = float(x0)
    for name, w in zip(names, widths, strict=True):
        right = min(x + w, x1)
        draw.rounded_rectangle((x, y0, right, y1), radius=8, fill=pal.CARD, outline=pal.CARD_EDGE)
        lay.text(draw, ((x + right) / 2, (y0 + y1) / 2), name, f, pal.INK_DARK,
                 max_width=right - x - 6, anchor="mm")
        x = right + 6
        if x >= x1:
            break


def _draw_log(draw: ImageDraw.ImageDraw, view: View, box: tuple[int, int, int, int]) -> None:
    """The newest sentences at the bottom; a long sentence may take two lines."""
    x0, y0, x1, y1 = box
    f = font(18)
    step = lay.line_height(f) + 1
    room = (y1 - y0 - 14) // step
    stacked: list[tuple[str, bool]] = []
    for age, entry in enumerate(reversed([pretty(str(e)) for e in view.get("log", [])])):
        lines = lay.wrap(entry, f, x1 - x0 - 28, min(2, room - len(stacked)))
        stacked = [(line, age == 0) for line in lines] + stacked
        if len(stacked) >= room:
            break
    y = y1 - 8 - len(stacked) * step
    for line, newest in stacked:
        draw.text((x0 + 14, y), line, font=f, fill=pal.INK_LIGHT if newest else pal.INK_MUTED)
        y += step


# ---- the private panel -----------------------------------------------------------------

PANEL_W = 1000
PANEL_LEFT_W = 400
ACTION_ROW = 42
HAND_CARD_H = 90
BUILDING_ROW = 32
HAND_TOP = 76 + 124 + 6 * BUILDING_ROW + 10 + 46  # resources box, gap, "Your hand"


def panel_seat(view: View) -> int | None:
    """Whose panel this is: the seat whose hand the view shows, else the seat deciding now."""
    for player in view.get("players", []):
        if isinstance(player.get("hand"), list):
            return int(player.get("seat", 0))
    decision = _decision(view)
    if decision is not None and decision.get("actions"):
        return int(decision.get("seat", 0))
    return None


def render_panel(view: View) -> Image.Image:
    seat = panel_seat(view)
    decision = _decision(view)
    subject = seat if seat is not None else (int(decision["seat"]) if decision else None)
    player = next((p for p in view.get("players", []) if p.get("seat") == subject), None)
    actions = [str(a) for a in decision.get("actions", [])] if decision else []
    mine = decision is not None and seat is not None and decision.get("seat") == seat
    rx = PANEL_LEFT_W + 24
    rw = PANEL_W - rx - 16
    prompt_font = font(22)
    prompt = pretty(str(decision.get("prompt", ""))) if decision else ""
    prompt_lines = lay.wrap(prompt, prompt_font, rw, 3) if decision else []
    list_top = 122 + len(prompt_lines) * (lay.line_height(prompt_font) + 2) + 12
    columns = 2 if len(actions) > 12 else 1
    rows = -(-len(actions) // columns) if actions else 0
    hand = player.get("hand") if player else None
    cards = [c for c in hand if isinstance(c, Mapping)] if isinstance(hand, list) else []
    left_bottom = HAND_TOP + max(1, len(cards)) * (HAND_CARD_H + 8)
    situation = situation_lines(view) if decision else []
    situation_top = list_top + rows * ACTION_ROW + 14
    situation_bottom = situation_top + (34 + 26 * len(situation) if situation else 0)
    height = max(600, situation_bottom + 16, left_bottom + 16)
    image = Image.new("RGB", (PANEL_W, height), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_panel_header(image, draw, view, seat)
    if player is not None:
        _draw_panel_resources(image, draw, view, player, (16, 76, PANEL_LEFT_W, HAND_TOP - 46))
    lx = 16
    draw.text((lx, HAND_TOP - 30), "Your hand" if subject == seat else "Hand",
              font=font(20, bold=True), fill=pal.INK_MUTED)
    y = HAND_TOP
    if not cards:
        count = int((player or {}).get("hand_count", 0))
        text = "no cards" if isinstance(hand, list) else f"{count} cards (hidden)"
        lay.rounded(draw, (lx, y, PANEL_LEFT_W, y + 80), 10, fill=pal.PANEL, outline=pal.PANEL_EDGE,
                    line=2)
        draw.text(((lx + PANEL_LEFT_W) / 2, y + 40), text, font=font(20), fill=pal.INK_MUTED,
                  anchor="mm")
    for card in cards:
        _draw_hand_card(draw, card, (lx, y, PANEL_LEFT_W, y + HAND_CARD_H))
        y += HAND_CARD_H + 8
    if decision is None:
        outcome = view.get("outcome")
        text = "The game is over." if isinstance(outcome, Mapping) else "Nothing to decide."
        draw.text((rx, 80), text, font=font(24, bold=True), fill=pal.INK_LIGHT)
        return image
    who = int(decision.get("seat", 0))
    heading = "Your decision" if mine else f"Waiting for {seat_label(view, who)}"
    draw.text((rx, 78), heading, font=font(26, bold=True), fill=pal.HIGHLIGHT)
    y = 122
    for line in prompt_lines:
        draw.text((rx, y), line, font=prompt_font, fill=pal.INK_LIGHT)
        y += lay.line_height(prompt_font) + 2
    _draw_actions(draw, view, actions, (rx, list_top), rw, columns, rows)
    if situation:  # what is going on, so the panel can be read without the board
        draw.text((rx, situation_top), "On the board", font=font(20, bold=True),
                  fill=pal.INK_MUTED)
        y = situation_top + 32
        for line in situation:
            lay.text(draw, (rx, y), line, font(18), pal.INK_LIGHT, max_width=rw)
            y += 26
    return image


def situation_lines(view: View) -> list[str]:
    """The action under way, the Supervisor and the shipping queue, in words."""
    current = view.get("current_action") or {}
    lines: list[str] = []
    group = current.get("group")
    if isinstance(group, int) and 1 <= group <= 6:
        n = int(current.get("dice", 0))
        text = f"Group taken: {TOWER_SPACE_NAMES[group - 1]}, {n} {dice_word(n)} showing " \
               f"{current.get('value')}"
        extra = current.get("extra_die")
        if isinstance(extra, Mapping):
            text += f" + {extra.get('id')} as an extra die"
        lines.append(text)
    quarter, left = current.get("quarter"), int(current.get("cubes_left", 0) or 0)
    if quarter and left:
        lines.append(f"{left} cube{'' if left == 1 else 's'} to place in the {quarter} quarter")
    origin = current.get("supervisor_from")
    if origin:
        steps = int(current.get("supervisor_steps", 0))
        lines.append(f"Supervisor: from {origin}, {steps} step{'' if steps == 1 else 's'} "
                     f"so far, now at {view.get('supervisor')}")
    else:
        lines.append(f"Supervisor at {view.get('supervisor')}")
    owners = _shop_owner(view)
    shipping = [str(s) for s in current.get("shipping", [])]
    if shipping:
        parts = [f"{s} ({seat_label(view, owners[s])})" if s in owners else s for s in shipping]
        lines.append("To ship: " + ", ".join(parts))
    card = view.get("resolving_card")
    if isinstance(card, Mapping):
        lines.append(f"Resolving {card.get('id')} {card.get('name')}")
    return lines


def _draw_panel_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
                       seat: int | None) -> None:
    if seat is not None:
        fill, edge, ink = seat_colours(view, seat)
        draw.rectangle((0, 0, PANEL_W, 62), fill=fill)
        draw.line((0, 62, PANEL_W, 62), fill=edge, width=3)
        icons.paste(image, seat_cube(view, seat, 40), (16, 11))
        title = f"{seat_label(view, seat)} — your panel"
    else:
        draw.rectangle((0, 0, PANEL_W, 62), fill=pal.PANEL)
        ink = pal.INK_LIGHT
        title = "Spectator view"
    draw.text((72, 31), title, font=font(28, bold=True), fill=ink, anchor="lm")
    week, day = int(view.get("week", 1)), int(view.get("day", 1))
    draw.text((PANEL_W - 16, 31), f"Week {ROMAN.get(week, week)} · Day {day}/7",
              font=font(22, bold=True), fill=ink, anchor="rm")


def _draw_panel_resources(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
                          player: Mapping[str, Any], box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, _y1 = box
    lay.rounded(draw, box, 10, fill=pal.PANEL, outline=pal.PANEL_EDGE, line=2)
    x, y = x0 + 14, y0 + 14
    x += _counter(image, draw, (x, y), icons.vp(34), f"{player.get('score', 0)} VP", 34) + 24
    x += _counter(image, draw, (x, y), icons.good("G", 34), str(player.get("gold", 0)), 34) + 24
    _counter(image, draw, (x, y), camel_icon(34), str(player.get("camels", 0)), 34)
    y += 50
    lay.text(draw, (x0 + 14, y),
             f"Cubes: {player.get('cubes_in_shops', 0)} in shops, "
             f"{player.get('cubes_in_caravan', 0)} in the Caravan",
             font(18), pal.INK_LIGHT, max_width=x1 - x0 - 28)
    y += 32
    draw.text((x0 + 14, y), "Buildings", font=font(18, bold=True), fill=pal.INK_MUTED)
    y += 28
    built = {str(b.get("key")): int(b.get("order", 0)) for b in player.get("buildings", [])}
    catalogue = [b for b in view.get("buildings", []) if isinstance(b, Mapping)]
    col_w = x1 - x0 - 28
    for i, building in enumerate(catalogue[:6]):
        bx = x0 + 14
        by = y + i * BUILDING_ROW
        order = built.get(str(building.get("key")))
        done = order is not None
        lay.rounded(draw, (bx, by, bx + col_w, by + 28), 6,
                    fill=pal.CARD if done else pal.EMPTY_CELL)
        label = str(building.get("name", ""))
        ink = pal.INK_DARK if done else pal.INK_LIGHT
        if order is not None:
            cw = lay.text(draw, (bx + col_w - 6, by + 14), f"built {ORDINALS.get(order, '')}",
                          font(18), ink, anchor="rm")
        else:
            cw = _cost(image, draw, (bx + col_w - 4, by + 3), int(building.get("camels", 0)),
                       int(building.get("gold", 0)))
        lay.text(draw, (bx + 6, by + 14), label, font(18, bold=done), ink,
                 max_width=col_w - cw - 14, anchor="lm")


def _cost(image: Image.Image, draw: ImageDraw.ImageDraw, right_top: tuple[int, int],
          camels: int, gold: int) -> int:
    """A building's price as camel and coin icons with counts, right-aligned; returns width."""
    f = font(18, bold=True)
    parts = [(camel_icon(22), camels), (icons.good("G", 22), gold)]
    parts = [(icon, n) for icon, n in parts if n]
    width = sum(22 + 2 + round(f.getlength(str(n))) + 6 for _, n in parts)
    x, y = right_top[0] - width, right_top[1]
    for icon, n in parts:
        x += lay.text(draw, (x, y + 11), str(n), f, pal.INK_LIGHT, anchor="lm") + 2
        icons.paste(image, icon, (x, y))
        x += 22 + 6
    return width


def _draw_hand_card(draw: ImageDraw.ImageDraw, card: Mapping[str, Any],
                    box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    lay.rounded(draw, box, 10, fill=pal.CARD, outline=pal.CARD_EDGE, line=2)
    cid = str(card.get("id", ""))
    f = font(18, bold=True)
    idw = round(f.getlength(cid)) + 14
    lay.rounded(draw, (x0 + 8, y0 + 8, x0 + 8 + idw, y0 + 34), 6, fill=pal.TRIBE_BACK)
    draw.text((x0 + 8 + idw / 2, y0 + 21), cid, font=f, fill=pal.INK_LIGHT, anchor="mm")
    name = str(card.get("name", ""))
    lay.text(draw, (x0 + idw + 18, y0 + 21), name, font(20, bold=True), pal.INK_DARK,
             max_width=x1 - x0 - idw - 28, anchor="lm")
    lay.paragraph(draw, (x0 + 10, y0 + 40, x1 - 10, y1 - 4), str(card.get("text", "")), font(18),
                  pal.INK_SOFT, max_lines=2, spacing=0)


def action_hint(view: View, action: str) -> str:
    """A few words on what an action does (``group 3`` -> ``Barrel: 2 dice showing 4``)."""
    parts = action.split()
    verb = parts[0] if parts else ""
    arg = parts[1] if len(parts) > 1 else ""
    current = view.get("current_action") or {}
    if verb == "buy" and arg.isdigit():
        return "roll without yellow dice" if arg == "0" else f"pay {arg} gold, then roll"
    if verb == "group" and arg.isdigit():
        for space in view.get("tower", []):
            if str(space.get("space")) == arg:
                n = int(space.get("white", 0)) + int(space.get("yellow", 0))
                return f"{space.get('name')}: {n} {dice_word(n)} showing {space.get('value')}"
    if verb == "cube":
        for souk in view.get("souks", []):
            if arg in souk.get("shops", []):
                return souk_summary(view, souk)
    if verb == "first":
        owner = _shop_owner(view).get(arg)
        return f"{seat_label(view, owner)}'s cube ships first" if owner is not None else ""
    if verb == "step":
        return step_hint(view, arg)
    if verb == "convert":
        other = {"camels": "gold", "gold": "camels"}.get(arg)
        return f"give {arg}, get as many {other}" if other else ""
    if verb == "quarter":
        name = arg.capitalize()
        free = sum(1 for s in view.get("shops", []) if s.get("quarter") == name
                   and s.get("owner") is None)
        return f"{free} empty shop{'' if free == 1 else 's'} in the {name} quarter"
    if verb == "amount" and arg.isdigit():
        return amount_hint(view, int(arg))
    if verb in ("build", "play", "discount"):
        return _named_thing(view, verb, parts[1:])
    words = {
        "draw": "draw a card (no group left)",
        "camels": f"take {current.get('dice', '')} camels",
        "gold": f"take {current.get('dice', '')} gold",
        "shops": f"place {current.get('dice', '')} cubes in the quarter",
        "supervisor": f"move the Supervisor up to {current.get('value', '')} spaces",
        "card": "draw a card",
        "done": "stop the Supervisor here",
        "ship": "let the cube go to the Caravan",
        "keep": "pay 1 camel, send a reserve cube",
        "pass": "build nothing",
        "end": "end the turn",
    }
    if verb in words and len(parts) == 1:
        return words[verb]
    if verb == "shops" and len(parts) == 2:
        return f"place {int(current.get('dice', 0)) + 1} cubes, discarding {arg[1:]}"
    return ""


def amount_hint(view: View, n: int) -> str:
    card = view.get("resolving_card")
    kind = str(card.get("kind", "")) if isinstance(card, Mapping) else ""
    if kind == "C7":
        return f"return {n} gold"
    if kind == "C8":
        return f"return {n} camel{'' if n == 1 else 's'}"
    return f"exchange {n}"


COMPASS = {"N": ("north", 0, 1), "E": ("east", 1, 0), "S": ("south", 0, -1), "W": ("west", -1, 0)}


def step_hint(view: View, direction: str) -> str:
    """``north to N2, by CHEST-C1 (Red)``: where one Supervisor step leads and whose cubes
    stand next to that space."""
    if direction not in COMPASS:
        return ""
    word, dx, dy = COMPASS[direction]
    street = {str(s["id"]): s for s in view.get("street", [])}
    here = street.get(str(view.get("supervisor", "")))
    if here is None:
        return word
    target = next((s for s in street.values()
                   if s["x"] == here["x"] + dx and s["y"] == here["y"] + dy), None)
    if target is None:
        return word
    owners = _shop_owner(view)
    shops = [f"{shop} ({seat_label(view, owners[shop])})" if shop in owners else shop
             for shop in target.get("shops", [])]
    text = f"{word} to {target['id']}"
    return f"{text}, by {' and '.join(shops)}" if shops else text


def souk_summary(view: View, souk: Mapping[str, Any]) -> str:
    """``souk worth 6 VP: 2 of 5 filled (Blue 2)``."""
    owners = [s.get("owner") for s in view.get("shops", []) if s.get("souk") == souk.get("id")]
    held = [o for o in owners if isinstance(o, int)]
    text = f"{souk.get('value')} VP souk, {len(held)} of {len(owners)} filled"
    if held:
        counts = {o: held.count(o) for o in sorted(set(held))}
        text += " (" + ", ".join(f"{seat_label(view, o)} {n}" for o, n in counts.items()) + ")"
    return text


def _named_thing(view: View, verb: str, args: Sequence[str]) -> str:
    if verb == "build" and args:
        for building in view.get("buildings", []):
            if building.get("key") == args[0]:
                return (f"{building.get('camels')} camels, {building.get('gold')} gold: "
                        f"{building.get('text', '')}")
        return ""
    names: dict[str, str] = {}
    for player in view.get("players", []):
        for card in player.get("hand") or []:
            names[str(card.get("id"))] = str(card.get("name", ""))
    found = [names[a] for a in args if a in names]
    if verb == "discount" and args == ["none"]:
        return "keep your discount cards"
    return ", ".join(found)


def _draw_actions(draw: ImageDraw.ImageDraw, view: View, actions: Sequence[str],
                  origin: tuple[int, int], width: int, columns: int, rows: int) -> None:
    col_w = width // columns
    fnum = font(20, bold=True)
    fact = font(22, bold=True)
    fhint = font(18)
    for i, action in enumerate(actions):
        col, row = divmod(i, rows)
        x = origin[0] + col * col_w
        y = origin[1] + row * ACTION_ROW
        h = ACTION_ROW - 6
        right = x + col_w - 10
        lay.rounded(draw, (x, y, right, y + h), 8, fill=pal.PANEL)
        draw.text((x + 22, y + h / 2), str(i + 1), font=fnum, fill=pal.HIGHLIGHT, anchor="mm")
        ax = x + 44
        ax += lay.text(draw, (ax, y + h / 2), action, fact, pal.INK_LIGHT,
                       max_width=right - ax - 8, anchor="lm") + 14
        hint = action_hint(view, action) if columns == 1 else ""
        if hint and ax + 40 < right - 8:
            lay.text(draw, (ax, y + h / 2), hint, fhint, pal.INK_MUTED, max_width=right - 8 - ax,
                     anchor="lm")
