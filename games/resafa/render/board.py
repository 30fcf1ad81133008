"""The public Resafa board (1600×1150): the road map with its cities, the water network and the
canal display, the seats, the four special-card tracks with their offers, the bonus display and
the workshop offers. Each seat's workshop area is a picture of its own (``area``).

The frames never change during a game, so they are drawn once per player count (the kit's
layer cache) and pasted; a turn draws only the pieces and the text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.resafa.render import colours, icons
from games.resafa.render.model import (
    COLOUR_CODES,
    RAIN_AFTER,
    ROUNDS,
    View,
    colour_fill,
    colour_ink,
    decision_of,
    gain,
    items,
    mapping,
    number,
    players,
    seat_colours,
    seat_label,
)
from games.resafa.render.pieces import (
    canal_tile,
    colour_chip,
    counter,
    effect_card,
    key_of,
    level_name,
    paint_canal_tile,
    paint_effect_card,
    paint_workshop_card,
    seat_disc,
    sprite,
)
from renderers.kit import layers
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.fonts import font
from renderers.kit.icons import paste

WIDTH, HEIGHT = 1600, 1150
HEADER_H = 60
MAP_BOX = (12, 70, 712, 566)
WATER_BOX = (722, 70, 1162, 566)
SEATS_BOX = (1172, 70, 1588, 566)
TRACKS_BOX = (12, 576, 800, 1138)
OFFERS_BOX = (810, 576, 1588, 1138)
Box = tuple[int, int, int, int]


def render_board(view: View) -> Image.Image:
    count = len(players(view))
    key = ("resafa-board", count, tuple(roads(view)))
    image = layers.get(key, lambda: _frames(view)).copy()
    draw = ImageDraw.Draw(image)
    _header(image, draw, view)
    _road_map(image, draw, view)
    _water(image, draw, view)
    _seats(image, draw, view)
    _tracks(image, view)
    _offers(image, draw, view)
    return image


def _frames(view: View) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=pal.PANEL)
    draw.line((0, HEADER_H - 1, WIDTH, HEADER_H - 1), fill=pal.PANEL_EDGE, width=2)
    for box in (MAP_BOX, WATER_BOX, TRACKS_BOX, OFFERS_BOX):
        lay.rounded(draw, box, 12, fill=pal.PANEL, outline=pal.PANEL_EDGE, line=2)
    titles = ((MAP_BOX, "ROADS AND CITIES"), (WATER_BOX, "WATER NETWORK"),
              (TRACKS_BOX, "SPECIAL-CARD TRACKS"), (OFFERS_BOX, "BONUS CARDS"))
    for box, title in titles:
        draw.text((box[0] + 14, box[1] + 8), title, font=font(20, bold=True), fill=pal.INK_MUTED)
    for a, b in roads(view):
        draw.line((*NODES[a], *NODES[b]), fill=colours.ROAD, width=10)
    _resafa_and_gate(draw)
    for col in range(1, 6):  # spaces are named row then column, "23"
        draw.text((GRID_X + (col - 1) * (CELL + 4) + CELL // 2, GRID_Y - 4), str(col),
                  font=font(18, bold=True), fill=pal.INK_MUTED, anchor="md")
    for row in range(1, 5):
        draw.text((GRID_X - 10, GRID_Y + (row - 1) * (CELL + 4) + CELL // 2), str(row),
                  font=font(18, bold=True), fill=pal.INK_MUTED, anchor="rm")
    _track_frames(draw)
    _offer_frames(draw)
    draw.text((16, HEADER_H // 2), "RESAFA", font=font(32, bold=True), fill=pal.HIGHLIGHT,
              anchor="lm")
    _ = view
    return image


def _resafa_and_gate(draw: ImageDraw.ImageDraw) -> None:
    rx, ry = NODES["R"]
    lay.rounded(draw, (rx - 110, ry - 30, rx + 110, ry + 30), 10, fill=colours.RESAFA,
                outline=pal.HIGHLIGHT, line=2)
    draw.text((rx - 96, ry), "Resafa", font=font(26, bold=True), fill=pal.INK_LIGHT, anchor="lm")
    gx, gy = NODES["G"]
    draw.ellipse((gx - 14, gy - 14, gx + 14, gy + 14), fill=colours.ROAD, outline=pal.INK_DARK,
                 width=2)
    draw.text((gx + 22, gy), "Gate", font=font(18), fill=pal.INK_MUTED, anchor="lm")
    draw.text((MAP_BOX[2] - 14, MAP_BOX[1] + 8), "1 coin per road · prices per item", font=font(18),
              fill=pal.INK_MUTED, anchor="ra")


# ---- header --------------------------------------------------------------------------------


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    cy = HEADER_H // 2
    x = 16 + round(font(32, bold=True).getlength("RESAFA")) + 24
    current = number(view.get("round"), 1)
    x += lay.text(draw, (x, cy), f"Round {current} / {ROUNDS}", font(28, bold=True),
                  pal.INK_LIGHT, anchor="lm") + 16
    for r in range(1, ROUNDS + 1):
        fill = pal.HIGHLIGHT if r == current else (pal.INK_MUTED if r < current else pal.EMPTY_CELL)
        draw.ellipse((x, cy - 9, x + 18, cy + 9), fill=fill)
        x += 24
        if r in RAIN_AFTER:
            rained = r in (view.get("rains_done") or [])
            _drop(draw, x + 2, cy, colours.WATER if rained else pal.PANEL_EDGE)
            x += 24
    x += 14
    result = mapping(view.get("outcome")).get("result")
    if result:  # a solo game's result takes the place of the rain reminder
        lay.text(draw, (x, cy), str(result), font(24, bold=True), pal.HIGHLIGHT, anchor="lm")
    else:
        lay.text(draw, (x, cy), "rain after rounds 2, 4, 6", font(18), pal.INK_MUTED,
                 anchor="lm")
    right = WIDTH - 16
    start = view.get("start_player")
    if isinstance(start, int):
        text = f"Start player: {seat_label(view, start)}"
        w = lay.text(draw, (right, cy), text, font(24, bold=True), pal.INK_LIGHT, anchor="rm")
        paste(image, seat_disc(view, start, 30), (right - w - 40, cy - 15))
        right -= w + 60
    if result:
        return
    supply = mapping(view.get("gardens"))
    parts = [f"sack deck {number(view.get('sack_deck'))}"]
    if supply:
        parts.append(f"gardens {number(supply.get('small'))} small, "
                     f"{number(supply.get('large'))} large")
    lay.text(draw, (right, cy), " · ".join(parts), font(20), pal.INK_MUTED, anchor="rm")


def _drop(draw: ImageDraw.ImageDraw, x: int, cy: int, fill: tuple[int, int, int]) -> None:
    draw.polygon([(x + 8, cy - 13), (x + 2, cy + 1), (x + 14, cy + 1)], fill=fill)
    draw.ellipse((x + 1, cy - 5, x + 15, cy + 11), fill=fill)


# ---- road map ------------------------------------------------------------------------------

MX, MY = MAP_BOX[0], MAP_BOX[1]
CITY_W, CITY_H = 222, 150
NODES: dict[str, tuple[int, int]] = {
    "R": (MX + 350, MY + 62),
    "G": (MX + 350, MY + 132),
    "SU": (MX + 120, MY + 238),
    "CA": (MX + 350, MY + 238),
    "PA": (MX + 580, MY + 238),
    "BA": (MX + 120, MY + 408),
    "BE": (MX + 350, MY + 408),
    "EM": (MX + 580, MY + 408),
}


def roads(view: View) -> list[tuple[str, str]]:
    """The roads of the view's map between places this board knows how to place."""
    found = []
    for road in mapping(view.get("map")).get("roads") or []:
        if isinstance(road, list | tuple) and len(road) == 2 and all(n in NODES for n in road):
            found.append((str(road[0]), str(road[1])))
    return found


def caravans_at(view: View) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for player in players(view):
        node = mapping(player.get("caravan")).get("at")
        if isinstance(node, str):
            found.setdefault(node, []).append(number(player.get("seat")))
    return found


def _road_map(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    if view.get("stand_in"):  # the issue asks that stand-in component data stays marked
        for i, line in enumerate(("Stand-in data:", "not the published", "game's values")):
            draw.text((MAP_BOX[0] + 14, MAP_BOX[1] + 40 + i * 22), line, font=font(18),
                      fill=pal.INK_MUTED)
    here = caravans_at(view)
    rx, ry = NODES["R"]
    for i, seat in enumerate(here.get("R", [])):
        paste(image, seat_disc(view, seat, 30), (rx + 4 + i * 26, ry - 15))
    for city in items(mapping(view.get("map")).get("cities")):
        node = NODES.get(str(city.get("id")))
        if node is None:
            continue
        seats = tuple(here.get(str(city.get("id")), []))
        owners = tuple(seat_label(view, s) for s in range(len(players(view))))
        card = sprite(("city", key_of(city), seats, owners), (CITY_W, CITY_H), pal.PANEL,
                      _city, view, city, seats)
        image.paste(card, (node[0] - CITY_W // 2, node[1] - CITY_H // 2))
    _ = draw


def _city(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: View,
          city: Mapping[str, Any], seats: tuple[int, ...]) -> None:
    """A trading city: its name, its trading tile's two offers and its trading-base boxes."""
    x0, y0, x1, y1 = box
    lay.rounded(draw, box, 10, fill=colours.CITY, outline=pal.PANEL_EDGE, line=2)
    name = str(city.get("name", city.get("id", "")))
    draw.text((x0 + 10, y0 + 5), name, font=font(22, bold=True), fill=pal.INK_LIGHT)
    for i, seat in enumerate(seats):
        paste(image, seat_disc(view, seat, 26), (x1 - 30 - i * 22, y0 + 5))
    offers = items(city.get("offers"))
    for i, offer in enumerate(offers[:2]):
        top = y0 + 34 + i * 31
        _offer(image, draw, (x0 + 6, top, x1 - 6, top + 28), offer, bool(offer.get("gold")))
    boxes = items(city.get("boxes"))
    bw = (x1 - x0 - 12 - 8) // 3
    for i, spec in enumerate(boxes[:3]):
        bx = x0 + 6 + i * (bw + 4)
        _base_box(image, draw, view, (bx, y0 + 98, bx + bw, y1 - 5), spec)


def _offer(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, offer: Mapping[str, Any],
           gold: bool) -> None:
    """One offer of a trading tile: sell or buy, the item, the price and the golden bonus."""
    if not offer:
        return
    x0, y0, x1, y1 = box
    cy = (y0 + y1) // 2
    if gold:
        lay.rounded(draw, box, 6, fill=pal.mix(colours.GOLD_OFFER, colours.CITY, 0.55))
    f = font(18, bold=True)
    verb = "Sell" if offer.get("sell") else "Buy"
    x = x0 + 6 + lay.text(draw, (x0 + 6, cy), verb, f, pal.INK_LIGHT, anchor="lm") + 5
    sprite_ = icons.item(str(offer.get("item", "")), 22)
    if sprite_ is not None:
        paste(image, sprite_, (x, cy - 11))
        x += 26
    else:
        x += lay.text(draw, (x, cy), str(offer.get("item", "")), f, pal.INK_LIGHT,
                      anchor="lm") + 5
    x += lay.text(draw, (x, cy), brief(gain(offer.get("price"))), font(18), pal.INK_LIGHT,
                  anchor="lm") + 6
    bonus = gain(offer.get("bonus"))
    if bonus:
        lay.text(draw, (x1 - 5, cy), f"★{bonus}", f, pal.HIGHLIGHT, max_width=x1 - x - 5,
                 anchor="rm")


def brief(text: str) -> str:
    """A reward of several parts without its ones: "1M+1C" as "M+C"."""
    parts = text.split("+")
    if len(parts) < 2:
        return text
    return "+".join(part[1:] if part[:1] == "1" and not part[1:2].isdigit() else part
                    for part in parts)


def _base_box(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, box: Box,
              spec: Mapping[str, Any]) -> None:
    """A trading-base box: its token and reward, and who holds it (or that it is out of use)."""
    x0, y0, x1, y1 = box
    cx = (x0 + x1) // 2
    owner = spec.get("holder")
    state = spec.get("state")
    if state == "unused":
        lay.rounded(draw, box, 5, fill=colours.BLOCKED)
        draw.text((cx, (y0 + y1) / 2), "unused", font=font(18), fill=pal.INK_SOFT, anchor="mm")
        return
    if state == "blocked":
        lay.rounded(draw, box, 5, fill=colours.BLOCKED, outline=pal.ALERT, line=2)
        draw.text((cx, (y0 + y1) / 2), "rival", font=font(18, bold=True), fill=pal.ALERT,
                  anchor="mm")
        return
    if isinstance(owner, int):
        fill = seat_colours(view, owner)[0]
        lay.rounded(draw, box, 5, fill=fill, outline=pal.INK_DARK)
        paste(image, icons.merchant_token(str(spec.get("token", "square")), 18), (x0 + 3, y0 + 3))
        paste(image, seat_disc(view, owner, 26), (cx - 13, y1 - 28))
        return
    lay.rounded(draw, box, 5, fill=colours.BOX_FREE, outline=pal.PANEL_EDGE)
    paste(image, icons.merchant_token(str(spec.get("token", "square")), 18), (cx - 9, y0 + 2))
    lay.text(draw, (cx, y1 - 2), brief(gain(spec.get("reward"))), font(18), pal.INK_LIGHT,
             max_width=x1 - x0 - 4, anchor="md")


# ---- water network -------------------------------------------------------------------------

CELL = 76
GRID_X = WATER_BOX[0] + 34
GRID_Y = WATER_BOX[1] + 58


def space_box(row: int, col: int) -> Box:
    x = GRID_X + (col - 1) * (CELL + 4)
    y = GRID_Y + (row - 1) * (CELL + 4)
    return x, y, x + CELL, y + CELL


def _water(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    water = mapping(view.get("network"))
    for space in items(water.get("spaces")):
        row, col = number(space.get("row"), 1), number(space.get("col"), 1)
        x0, y0, _x1, _y1 = space_box(row, col)
        tile = mapping(space.get("tile"))
        if tile:
            owner = space.get("owner")
            tile = {**tile, "owner": owner}
            who = seat_label(view, owner) if isinstance(owner, int) else ""
            piece = sprite(("tile", key_of(tile), who), (CELL + 1, CELL + 1), pal.PANEL,
                           paint_canal_tile, view, tile, False)
        else:
            piece = sprite(("space", key_of(space), row == 4), (CELL + 1, CELL + 1), pal.PANEL,
                           _empty_space, space, row == 4)
        image.paste(piece, (x0, y0))
        cube = space.get("cube")
        if cube in ("active", "inactive"):
            paste(image, icons.water_cube(26, cube == "active"), (x0 + 4, y0 + 4))
    _canal_display(image, view)


def _empty_space(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                 space: Mapping[str, Any], tank_row: bool) -> None:
    x0, y0, x1, y1 = box
    lay.rounded(draw, box, 6, fill=pal.EMPTY_CELL,
                outline=colours.WATER_DEEP if tank_row else None, line=2)
    bonus = mapping(space.get("bonus_tile"))
    if bonus:
        lay.rounded(draw, (x0 + 1, y0 + 1, x1 - 1, y0 + 30), 5, fill=pal.HIGHLIGHT)
        lay.text(draw, ((x0 + x1) // 2, y0 + 16), "+" + brief(gain(bonus.get("reward"))), font(18),
                 pal.INK_DARK, max_width=x1 - x0 - 2, anchor="mm")
    parts = gain(space.get("reward")).split("+")
    lines = [parts[0], *(f"+{part}" for part in parts[1:])]
    if bonus:  # one line under a bonus tile
        lines = ["+".join(parts)]
    y = y1 - 6 - 21 * len(lines)
    for line in lines:
        lay.text(draw, ((x0 + x1) // 2, y), line, font(18), pal.INK_LIGHT,
                 max_width=x1 - x0 - 6, anchor="ma")
        y += 21


def _canal_display(image: Image.Image, view: View) -> None:
    shown = {k: view.get(k) for k in ("canal_display", "canal_stack", "tanks")}
    x0, y0 = WATER_BOX[0] + 6, GRID_Y + 4 * (CELL + 4) - 4
    size = (WATER_BOX[2] - 6 - x0, WATER_BOX[3] - 4 - y0)
    image.paste(sprite(("canals", key_of(shown)), size, pal.PANEL, _canals, view), (x0, y0))


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
    size = 70
    shown = list(items(view.get("canal_display")))
    if tanks:
        shown.append(items(view.get("tanks"))[0])
    x = x0
    for tile in shown:
        if tile.get("kind") == "tank":
            x = x1 - size
        canal_tile(view, draw, image, (x, y + 24, x + size, y + 24 + size), tile, True)
        x += size + 8


# ---- seats ---------------------------------------------------------------------------------


def seat_boxes(count: int) -> list[Box]:
    x0, y0, x1, y1 = SEATS_BOX
    count = max(1, count)
    gap = 8
    h = min(210 if count == 1 else 170, (y1 - y0 - gap * (count - 1)) // count)
    return [(x0, y0 + i * (h + gap), x1, y0 + i * (h + gap) + h) for i in range(count)]


def _seats(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    """One box per seat, pasted from pieces each drawn once per change of what it shows: the
    frame (name, deciding or winner), the score, and each line of counts."""
    decision = decision_of(view)
    deciding = decision.get("seat") if decision else None
    outcome = mapping(view.get("outcome"))
    winners = outcome.get("winners") if outcome else None
    breakdowns = outcome.get("breakdown") if outcome else None
    for box, player in zip(seat_boxes(len(players(view))), players(view), strict=False):
        seat = number(player.get("seat"))
        x0, y0, x1, y1 = box
        size = (x1 - x0 + 1, y1 - y0 + 1)
        state = "deciding" if seat == deciding else (
            "winner" if isinstance(winners, list) and seat in winners else "")
        frame = sprite(("seat-frame", seat_label(view, seat), seat, state), size,
                       pal.BACKGROUND, _seat_frame, view, seat, state)
        image.paste(frame, (x0, y0))
        score = final_score(view, seat, player)
        image.paste(sprite(("seat-score", score), SCORE_SIZE, pal.PANEL, _seat_score, score),
                    (x1 - SCORE_SIZE[0] - 8, y0 + 6))
        width = x1 - x0 - 26
        lines = seat_lines(player)
        if y1 - y0 < 136:
            lines = lines[:2]
        for i, (painter, shown) in enumerate(lines):
            piece = sprite(("seat-line", painter.__name__, key_of(shown)), (width, LINE_H),
                           pal.PANEL, painter, shown)
            image.paste(piece, (x0 + 16, y0 + 46 + i * 31))
        breakdown = breakdowns[seat] if isinstance(breakdowns, list) and seat < len(
            breakdowns) else None
        if isinstance(breakdown, Mapping) and y1 - y0 >= 160:
            rows = 2 if y1 - y0 >= 200 else 1
            parts = [f"{k} {v}" for k, v in breakdown.items() if number(v)]
            lay.paragraph(draw, (x0 + 16, y1 - 6 - 22 * rows, x1 - 10, y1 - 4),
                          "final: " + " · ".join(parts), font(18), pal.HIGHLIGHT,
                          max_lines=rows, spacing=1)
    rival = mapping(view.get("rival"))
    if rival:
        boxes = seat_boxes(len(players(view)))
        names = {str(n.get("id")): str(n.get("name")) for n in
                 items(mapping(view.get("map")).get("nodes"))}
        _rival(draw, (SEATS_BOX[0], boxes[-1][3] + 8, SEATS_BOX[2], SEATS_BOX[3]), rival, names)


def _rival(draw: ImageDraw.ImageDraw, box: Box, rival: Mapping[str, Any],
           names: Mapping[str, str]) -> None:
    """The solo rival: its deck, the card it showed last and what that card took away."""
    x0, y0, x1, y1 = box
    lay.rounded(draw, box, 10, fill=pal.PANEL, outline=pal.ALERT, line=2)
    draw.text((x0 + 16, y0 + 12), "RIVAL", font=font(22, bold=True), fill=pal.ALERT)
    lay.text(draw, (x1 - 14, y0 + 14), f"deck {number(rival.get('deck'))}", font(20),
             pal.INK_MUTED, anchor="ra")
    y = y0 + 48
    last = mapping(rival.get("last"))
    if last:
        code = str(last.get("colour", ""))
        colour_chip(draw, (x0 + 16, y, x0 + 48, y + 28), code)
        text = f"{last.get('id')}: took the leftmost {code} bonus card, blocks a box in " \
               f"{names.get(str(last.get('city')), last.get('city'))}" + (
                   ", removed a workshop" if last.get("workshop") else "")
        lay.paragraph(draw, (x0 + 58, y + 2, x1 - 12, y + 70), text, font(18), pal.INK_LIGHT,
                      max_lines=3, spacing=0)
        y += 76
    removed = [str(r) for r in rival.get("removed_workshops") or []]
    if removed and y + 22 < y1:
        lay.paragraph(draw, (x0 + 16, y, x1 - 12, y1 - 8),
                      f"Workshops out of the game: {', '.join(removed)}", font(18),
                      pal.INK_MUTED, spacing=0)


SCORE_SIZE = (170, 40)
LINE_H = 30


def _seat_frame(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: View, seat: int,
                state: str) -> None:
    fill, _edge, _ink = seat_colours(view, seat)
    active = state == "deciding"
    lay.rounded(draw, box, 10, fill=pal.PANEL,
                outline=pal.HIGHLIGHT if active else pal.PANEL_EDGE, line=3 if active else 2)
    x0, y0, _x1, y1 = box
    draw.rectangle((x0 + 3, y0 + 10, x0 + 8, y1 - 10), fill=fill)
    paste(image, seat_disc(view, seat, 32), (x0 + 16, y0 + 8))
    x = x0 + 56 + lay.text(draw, (x0 + 56, y0 + 24), seat_label(view, seat),
                           font(26, bold=True), pal.INK_LIGHT, anchor="lm") + 10
    if state:
        lay.pill(draw, (x, y0 + 11), state, font(18, bold=True),
                 pal.HIGHLIGHT if active else pal.OK, pal.INK_DARK)


def _seat_score(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, score: int) -> None:
    """The points, right-aligned: a medal, the number and "VP"."""
    _x0, y0, x1, y1 = box
    cy = (y0 + y1) // 2
    draw.text((x1 - 2, cy + 4), "VP", font=font(18), fill=pal.INK_MUTED, anchor="rm")
    w = lay.text(draw, (x1 - 34, cy), str(score), font(34, bold=True), pal.INK_LIGHT,
                 anchor="rm")
    paste(image, icons.vp(30), (x1 - 40 - w - 32, cy - 15))


def final_score(view: View, seat: int, player: Mapping[str, Any]) -> int:
    """The score to show: the final one once the game is over, else the points so far."""
    scores = mapping(view.get("outcome")).get("scores")
    if isinstance(scores, list) and 0 <= seat < len(scores):
        return number(scores[seat])
    return number(player.get("score"))


Line = tuple[Callable[..., None], dict[str, Any]]


def seat_lines(player: Mapping[str, Any]) -> list[Line]:
    """What each line of a seat's box shows, and the painter of that line."""
    caravan = mapping(player.get("caravan"))
    return [
        (_goods_line, {"coins": player.get("coins"), "ware": player.get("ware")}),
        (_caravan_line, {"caravan": caravan, "tokens": player.get("tokens"),
                         "scarabs": player.get("scarabs")}),
        (_facts_line, {k: player.get(k) for k in ("hand_count", "garden_squares", "bases",
                                                  "canals", "tanks")}),
    ]


def _goods_line(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                shown: Mapping[str, Any]) -> None:
    cy = (box[1] + box[3]) // 2
    x = counter(image, draw, (box[0], cy), "C", number(shown.get("coins")), gap=14)
    store = mapping(shown.get("ware"))
    for code in ("S", "M", "Sp", "A"):
        x = counter(image, draw, (x, cy), code, number(store.get(code)), gap=12)


def _caravan_line(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                  shown: Mapping[str, Any]) -> None:
    cy = (box[1] + box[3]) // 2
    caravan = mapping(shown.get("caravan"))
    x = counter(image, draw, (box[0], cy), "Cam", number(caravan.get("camels"), 1), gap=6)
    cargo = caravan.get("cargo")
    load = f"{number(caravan.get('count'))} {cargo}" if cargo else "empty"
    x += lay.text(draw, (x, cy), f"carries {load}/{number(caravan.get('capacity'), 2)}",
                  font(18), pal.INK_MUTED, anchor="lm") + 14
    tokens, scarabs = number(shown.get("tokens")), number(shown.get("scarabs"))
    paste(image, icons.merchant_token("square", 22), (x, cy - 11))
    x += 26 + lay.text(draw, (x + 26, cy), str(tokens - scarabs), font(20, bold=True),
                       pal.INK_LIGHT, anchor="lm") + 8
    paste(image, icons.merchant_token("scarab", 22), (x, cy - 11))
    lay.text(draw, (x + 26, cy), str(scarabs), font(20, bold=True), pal.INK_LIGHT, anchor="lm")


def _facts_line(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                shown: Mapping[str, Any]) -> None:
    facts = [
        f"hand {number(shown.get('hand_count'))}",
        f"gardens {number(shown.get('garden_squares'))}",
        f"bases {len(shown.get('bases') or [])}",
        f"canals {number(shown.get('canals')) + number(shown.get('tanks'))}",
    ]
    lay.text(draw, (box[0], (box[1] + box[3]) // 2), " · ".join(facts), font(18),
             pal.INK_MUTED, max_width=box[2] - box[0], anchor="lm")
    _ = image


# ---- tracks --------------------------------------------------------------------------------

CARD_H, CARD_GAP = 67, 6
STEP_W, CHIP_W = 30, 52
LEVEL_W = (TRACKS_BOX[2] - TRACKS_BOX[0] - 24 - CHIP_W - 7 * STEP_W) // 3
ROW_H, ROW_GAP = 118, 8


def track_top(row: int) -> int:
    return TRACKS_BOX[1] + 38 + row * (ROW_H + ROW_GAP)


def step_x(step: int) -> tuple[int, int]:
    """Left edge and width of a track's step ``step`` (level spaces are wide: they show the
    offered card)."""
    x = TRACKS_BOX[0] + 12 + CHIP_W
    for s in range(step):
        x += LEVEL_W if s and s % 3 == 0 else STEP_W
    return x, LEVEL_W if step and step % 3 == 0 else STEP_W


def _track_frames(draw: ImageDraw.ImageDraw) -> None:
    for i, code in enumerate(COLOUR_CODES):
        top = track_top(i)
        x0 = TRACKS_BOX[0] + 12
        colour_chip(draw, (x0, top, x0 + CHIP_W - 6, top + ROW_H), code)
        for step in range(10):
            if step and step % 3 == 0:
                continue
            x, w = step_x(step)
            lay.rounded(draw, (x, top, x + w - 3, top + ROW_H), 4,
                        fill=pal.mix(colour_fill(code), pal.PANEL, 0.78))
            draw.text((x + (w - 3) / 2, top + ROW_H - 4), str(step), font=font(18),
                      fill=pal.INK_MUTED, anchor="md")


def _tracks(image: Image.Image, view: View) -> None:
    specials = mapping(view.get("special_offer"))
    for i, code in enumerate(COLOUR_CODES):
        top = track_top(i)
        at: dict[int, list[int]] = {}
        for player in players(view):
            step = number(mapping(player.get("tracks")).get(code))
            at.setdefault(step, []).append(number(player.get("seat")))
        offers = {number(o.get("level")): o for o in items(specials.get(code))}
        for step in range(10):
            x, w = step_x(step)
            level = step // 3 if step and step % 3 == 0 else 0
            if level:
                offer = mapping(offers.get(level))
                card = sprite(("level", code, level, key_of(offer)), (w - 2, ROW_H + 1),
                              pal.PANEL,
                              _level_space, code, level, offer)
                image.paste(card, (x, top))
            _markers(image, view, (x, top, x + w - 3, top + ROW_H), at.get(step, []), level > 0)


def _level_space(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, code: str,
                 level: int, offer: Mapping[str, Any]) -> None:
    """A level space: its step and level, and the face-up card of that level's deck with how
    many cards lie hidden under it."""
    x0, y0, x1, y1 = box
    top = mapping(offer.get("top"))
    hidden = max(0, number(offer.get("count")) - 1)
    note = f"+{hidden}" if hidden else ""
    if top:
        effect_card(draw, (x0, y0 + 30, x1, y1), {**top, "colour": code}, lines=4, note=note)
    else:
        lay.rounded(draw, (x0, y0 + 30, x1, y1), 6, fill=pal.EMPTY_CELL)
        draw.text((x0 + 10, y0 + 40), "no card left", font=font(18), fill=pal.INK_MUTED)
    lay.rounded(draw, (x0, y0, x1, y0 + 27), 5, fill=colour_fill(code))
    draw.text((x0 + 8, y0 + 14), f"{level * 3} · {level_name(level)}",
              font=font(18, bold=True), fill=colour_ink(code), anchor="lm")


def _markers(image: Image.Image, view: View, box: Box, seats: list[int], level: bool) -> None:
    x0, y0, x1, _y1 = box
    size = 24
    for i, seat in enumerate(seats):
        if level:
            pos = (x1 - size - 2 - i * (size - 4), y0 + 2)
        else:
            pos = (x0 + (x1 - x0 - size) // 2, y0 + 3 + i * (size - 4))
        paste(image, seat_disc(view, seat, size), pos)


# ---- offers --------------------------------------------------------------------------------



def bonus_top(row: int) -> int:
    return OFFERS_BOX[1] + 38 + row * (CARD_H + CARD_GAP)


WORKSHOPS_Y = bonus_top(4) + 4
WORKSHOP_H, WORKSHOP_ROW = 92, 98
CARD_W = (OFFERS_BOX[2] - OFFERS_BOX[0] - 24 - 54 - 2 * 8) // 3


def _offer_frames(draw: ImageDraw.ImageDraw) -> None:
    x0, y0, x1, _y1 = OFFERS_BOX
    for i, code in enumerate(COLOUR_CODES):
        top = bonus_top(i)
        lay.rounded(draw, (x0 + 12, top, x0 + 58, top + CARD_H), 6, fill=colour_fill(code))
    lay.text(draw, (x1 - 14, y0 + 8), "number: cards left in each deck", font(18),
             pal.INK_MUTED, anchor="ra")
    wy = WORKSHOPS_Y
    draw.text((x0 + 14, wy), "WORKSHOP OFFERS", font=font(20, bold=True), fill=pal.INK_MUTED)
    lay.text(draw, (x1 - 14, wy), "cost 1 C + 1 S · level II from round 3 with 2 tokens",
             font(18), pal.INK_MUTED, anchor="ra")
    for i in range(2):
        top = wy + 32 + i * WORKSHOP_ROW
        lay.rounded(draw, (x0 + 12, top, x0 + 58, top + WORKSHOP_H), 6, fill=pal.EMPTY_CELL)
        draw.text((x0 + 35, top + 22), level_name(i + 1), font=font(22, bold=True),
                  fill=pal.INK_LIGHT, anchor="mm")


def _offers(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    x0 = OFFERS_BOX[0]
    display = mapping(view.get("bonus_display"))
    decks = mapping(view.get("bonus_deck"))
    for i, code in enumerate(COLOUR_CODES):
        top = bonus_top(i)
        draw.text((x0 + 35, top + CARD_H / 2), str(number(decks.get(code))),
                  font=font(22, bold=True), fill=colour_ink(code), anchor="mm")
        for j, card in enumerate(items(display.get(code))[:3]):
            cx = x0 + 66 + j * (CARD_W + 8)
            face = {**card, "colour": code}
            piece = sprite(("bonus", key_of(face)), (CARD_W + 1, CARD_H + 1), pal.PANEL,
                           paint_effect_card, face, 3)
            image.paste(piece, (cx, top))
    offer = mapping(view.get("workshop_offer"))
    for i in range(2):
        top = WORKSHOPS_Y + 32 + i * WORKSHOP_ROW
        draw.text((x0 + 35, top + 60), str(number(offer.get(f"deck{i + 1}"))), font=font(18),
                  fill=pal.INK_MUTED, anchor="mm")
        if i == 1 and offer.get("level2_open") is False:
            draw.text((x0 + 70, top + 46), "Level II enters at the start of round 3",
                      font=font(20), fill=pal.INK_MUTED, anchor="lm")
            continue
        for j, tile in enumerate(offer.get(f"level{i + 1}") or []):
            cx = x0 + 66 + j * (CARD_W + 8)
            if isinstance(tile, Mapping):
                piece = sprite(("workshop", key_of(tile)), (CARD_W + 1, WORKSHOP_H + 1),
                               pal.PANEL, paint_workshop_card, tile)
                image.paste(piece, (cx, top))
            else:
                lay.rounded(draw, (cx, top, cx + CARD_W, top + WORKSHOP_H), 6,
                            fill=pal.EMPTY_CELL)
                draw.text((cx + CARD_W / 2, top + WORKSHOP_H // 2), "empty", font=font(18),
                          fill=pal.INK_MUTED, anchor="mm")
