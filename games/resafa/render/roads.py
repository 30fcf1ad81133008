"""The Resafa road map: Resafa, the Gate and the six trading cities with their trading tiles,
their trading-base boxes and the caravans standing there."""

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
    players,
    seat_colours,
    seat_label,
)
from games.resafa.render.pieces import (
    brief,
    line,
    seat_disc,
)
from games.resafa.render.regions import (
    MAP_BOX,
    Box,
)
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import key_of
from renderers.kit.icons import paste
from renderers.kit.words import font

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


def draw_road_map(canvas: Canvas, view: View) -> None:
    here = caravans_at(view)
    at_resafa = tuple((seat, seat_label(view, seat)) for seat in here.get("R", []))
    if at_resafa:
        rx, ry = NODES["R"]
        box = (rx + 4, ry - 15, rx + 4 + 26 * (len(at_resafa) - 1) + 29, ry + 14)
        canvas.over_layer(box, ("caravans", at_resafa), _caravans, view, at_resafa)
    for city in items(mapping(view.get("map")).get("cities")):
        node = NODES.get(str(city.get("id")))
        if node is None:
            continue
        seats = tuple(here.get(str(city.get("id")), []))
        owners = tuple(seat_label(view, s) for s in range(len(players(view))))
        canvas.piece((node[0] - CITY_W // 2, node[1] - CITY_H // 2),
                     ("city", key_of(city), seats, owners), (CITY_W, CITY_H), pal.PANEL,
                     _city, view, city, seats)


def _caravans(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: View,
              seats: tuple[tuple[int, str], ...]) -> None:
    """The caravans standing in Resafa, side by side."""
    for i, (seat, _label) in enumerate(seats):
        paste(image, seat_disc(view, seat, 30), (box[0] + i * 26, box[1]))
    _ = draw


def city_origin(ident: str) -> tuple[int, int]:
    x, y = NODES[ident]
    return x - CITY_W // 2, y - CITY_H // 2


def offers_box(ident: str) -> Box:
    """The board box of a city's trading tile (its two offers)."""
    x0, y0 = city_origin(ident)
    return x0 + 6, y0 + 34, x0 + CITY_W - 7, y0 + 34 + 31 + 28


def base_box(ident: str, i: int) -> Box:
    """The board box of a city's ``i``-th trading-base box."""
    x0, y0 = city_origin(ident)
    bw = (CITY_W - 1 - 12 - 8) // 3
    bx = x0 + 6 + i * (bw + 4)
    return bx, y0 + 98, bx + bw, y0 + CITY_H - 6


def caravan_box(view: View, ident: str, seat: int) -> Box:
    """The board box of ``seat``'s caravan disc where it stands (Resafa or a city)."""
    order = caravans_at(view).get(ident, [])
    i = order.index(seat) if seat in order else 0
    x, y = NODES[ident]
    if ident == "R":
        left = x + 4 + i * 26
        return left, y - 15, left + 30, y + 15
    x1, y0 = x - CITY_W // 2 + CITY_W - 1, y - CITY_H // 2
    left = x1 - 30 - i * 22
    return left, y0 + 5, left + 26, y0 + 31


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
        line(draw, (x1 - 5, cy), f"★{bonus}", x1 - x - 5, pal.HIGHLIGHT, bold=True,
             anchor="rm")


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
    line(draw, (cx, y1 - 2), brief(gain(spec.get("reward"))), x1 - x0 - 4, pal.INK_LIGHT,
         anchor="md")




def draw_frame(draw: ImageDraw.ImageDraw, view: View) -> None:
    """The roads, Resafa and the Gate, and whether the data is stand-in: they never change
    during a game."""
    if view.get("stand_in"):  # the issue asks that stand-in component data stays marked
        for i, line in enumerate(("Stand-in data:", "not the published", "game's values")):
            draw.text((MAP_BOX[0] + 14, MAP_BOX[1] + 40 + i * 22), line, font=font(18),
                      fill=pal.INK_MUTED)
    for a, b in roads(view):
        draw.line((*NODES[a], *NODES[b]), fill=colours.ROAD, width=10)
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
