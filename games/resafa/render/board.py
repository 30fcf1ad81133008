"""The public Resafa board (1600×1150): the road map with its cities, the water network and the
canal display, the seats, the four special-card tracks with their offers, the bonus display and
the workshop offers. Each seat's workshop area is a picture of its own (``area``).

The frames never change during a game, so they are drawn once per player count (the kit's
layer cache) and pasted; a turn draws only the pieces and the text.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.resafa.render import colours, roads, seats, tracks, water
from games.resafa.render.model import (
    RAIN_AFTER,
    ROUNDS,
    View,
    mapping,
    number,
    players,
    seat_label,
)
from games.resafa.render.pieces import (
    seat_disc,
)
from games.resafa.render.regions import (
    HEADER_H,
    HEIGHT,
    MAP_BOX,
    OFFERS_BOX,
    TRACKS_BOX,
    WATER_BOX,
    WIDTH,
)
from renderers.kit import layers
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.fonts import font
from renderers.kit.icons import paste


def render_board(view: View, previous: View | None = None) -> Image.Image:
    """The public board for ``view``; ``previous`` is the public view the last board showed,
    whose differences from ``view`` the board marks (None: mark nothing)."""
    count = len(players(view))
    key = ("resafa-board", count, tuple(roads.roads(view)))
    image = layers.get(key, lambda: _frames(view)).copy()
    draw = ImageDraw.Draw(image)
    _header(image, draw, view)
    roads.draw_road_map(image, draw, view)
    water.draw_water(image, draw, view)
    seats.draw_seats(image, draw, view)
    tracks.draw_tracks(image, view)
    tracks.draw_offers(image, draw, view)
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
    roads.draw_frame(draw, view)
    water.draw_frame(draw)
    tracks.draw_track_frames(draw)
    tracks.draw_offer_frames(draw)
    draw.text((16, HEADER_H // 2), "RESAFA", font=font(32, bold=True), fill=pal.HIGHLIGHT,
              anchor="lm")
    return image




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
