"""The public Resafa board (1600×1340): the road map with its cities, the water network and the
canal display, the seats, the four special-card tracks with their offers, the bonus display and
the workshop offers. Each seat's workshop area is a picture of its own (``area``).

The frames never change during a game, so they are drawn once per player count (the kit's
layer cache); every piece is kept on the palette once drawn (``canvas``), so a turn pastes
pieces and draws nothing it has drawn before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.resafa.render import changes, colours, roads, seats, tracks, water
from games.resafa.render.canvas import Canvas, on_palette
from games.resafa.render.model import (
    RAIN_AFTER,
    ROUNDS,
    View,
    decision_of,
    items,
    labels,
    mapping,
    number,
    players,
    seat_label,
)
from games.resafa.render.palette import PALETTE
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
    Box,
)
from renderers.kit import layers, sprites
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import key_of
from renderers.kit.icons import paste
from renderers.kit.preview import (
    SeatStatus,
    band_ground,
    band_status_box,
    chip_places,
    draw_chip,
    preview_px,
    ring_width,
    status_band,
)
from renderers.kit.words import draw_fitted, fit_text, font


def render_board(view: View, previous: View | None = None) -> Image.Image:
    """The public board for ``view`` on Resafa's palette, as it is posted; ``previous`` is
    the public view the last board showed, whose differences from ``view`` the board marks
    (None: mark nothing)."""
    count = len(players(view))
    key = ("resafa-board", count, tuple(roads.roads(view)), bool(view.get("stand_in")))
    places = changes.changed_places(view, previous) if previous is not None else []
    canvas = Canvas(key, lambda: layers.get(key, lambda: _frames(view)),
                    _band_piece(view, changed=bool(places)))
    _header(canvas, view)
    roads.draw_road_map(canvas, view)
    water.draw_water(canvas, view)
    seats.draw_seats(canvas, view)
    tracks.draw_tracks(canvas, view)
    tracks.draw_offers(canvas, view)
    for box in places:
        canvas.ring(box, ring_width(WIDTH))
    return canvas.image


def band(view: View, changed: bool = False) -> Image.Image:
    """The status band that opens the board: the round and whose turn (or the result), and
    each seat's points, coins and goods, in type that reads in the chat preview."""
    status, chips = band_says(view)
    return sprites.get(("resafa-band", status, chips, changed),
                       lambda: status_band(WIDTH, "Resafa", status, chips, changed=changed))


def _band_piece(view: View, changed: bool) -> Image.Image:
    """The band on the palette, as the board pastes it: its ground once per number of chips,
    the status once per status and each chip once per what it says (one seat's numbers change
    at a time)."""
    status, chips = band_says(view)
    ground = sprites.get(
        ("resafa-band-ground-p", len(chips), changed),
        lambda: PALETTE.quantize(band_ground(WIDTH, "Resafa", len(chips), changed=changed)))
    image = ground.copy()
    boxes = [(x, y, x + w, y + h) for x, y, w, h in chip_places(WIDTH, len(chips))]
    fit = band_status_box(WIDTH, "Resafa", changed)
    # the status's piece runs down to the chips, so that no ink under its line is left out
    size = (fit[2] - fit[0] + 1, (boxes[0][1] if boxes else image.height) - fit[1] + 1)
    inside = (0, 0, fit[2] - fit[0], fit[3] - fit[1])
    image.paste(on_palette(("band-status", status, inside), size, pal.MAT, _status, status,
                           inside), fit[:2])
    for (x0, y0, x1, y1), chip in zip(boxes, chips, strict=True):
        image.paste(on_palette(("band-chip", chip), (x1 - x0 + 1, y1 - y0 + 1), pal.MAT,
                               _chip_piece, chip), (x0, y0))
    return image


def _status(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, status: str,
            inside: Box) -> None:
    # the kit's ``draw_status``, drawn with this game's faces
    fitted = fit_text(status, inside, largest=preview_px(WIDTH, 14), smallest=preview_px(WIDTH),
                      bold=True)
    draw_fitted(draw, fitted, fill=pal.INK_LIGHT)
    _ = image, box


def _chip_piece(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                chip: SeatStatus) -> None:
    draw_chip(draw, box, chip, WIDTH)
    _ = image


def band_says(view: View) -> tuple[str, tuple[SeatStatus, ...]]:
    """What the band says: its status and each seat's chip."""
    chips = tuple(_chip(view, player) for player in players(view))
    rival = mapping(view.get("rival"))
    if rival:
        chips += (SeatStatus("Rival", len(chips), "", f"deck {number(rival.get('deck'))}",
                             initial="R"),)
    return band_status(view), chips


def band_status(view: View) -> str:
    outcome = mapping(view.get("outcome"))
    if outcome:
        result = outcome.get("result")
        if result:
            return f"Game over · {result}"
        winners = labels(view, list(outcome.get("winners") or []))
        return f"Game over · {' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'}"
    current = number(view.get("round"), 1)
    parts = [f"Round {current} / {ROUNDS}"]
    if current in RAIN_AFTER:
        parts.append("rain after this round")
    decision = decision_of(view)
    standing = solo_standing(view)
    if standing is not None:  # the one seat is always to move: where it stands says more
        parts.append(f"{standing[0]} now")
    elif decision is not None and isinstance(decision.get("seat"), int):
        parts.append(f"{seat_label(view, decision['seat'])} to move")
    return " · ".join(parts)


def solo_standing(view: View) -> tuple[str, str] | None:
    """In a solo game still in play, the result the player's points reach now (spec §14.3)
    and what the next one needs ("Trader at 90", or "" at the top); None otherwise."""
    bands = sorted(((number(b.get("from")), str(b.get("result", "")))
                    for b in items(view.get("solo_bands"))), reverse=True)
    seated = players(view)
    if not bands or len(seated) != 1 or mapping(view.get("outcome")):
        return None
    score = number(seated[0].get("score"))
    reached = next((i for i, (floor, _) in enumerate(bands) if score >= floor), len(bands) - 1)
    above = f"{bands[reached - 1][1]} at {bands[reached - 1][0]}" if reached else ""
    return bands[reached][1], above


def _chip(view: View, player: Mapping[str, Any]) -> SeatStatus:
    """A seat's chip: its points, coins and the goods it holds most of, as many as the chip
    has room for at the preview's readable size."""
    seat = number(player.get("seat"))
    decision = decision_of(view)
    label = seat_label(view, seat)
    score = str(seats.final_score(view, seat, player))
    ware = mapping(player.get("ware"))
    held = sorted(((number(ware.get(code)), code) for code in ("S", "M", "Sp", "A")
                   if number(ware.get(code))), key=lambda g: -g[0])
    room = _chip_text_room(len(players(view)) + bool(view.get("rival")), score)
    f = font(preview_px(WIDTH))
    standing = solo_standing(view)
    target = standing[1] if standing else ""  # the next result first: a solo player's aim
    coins = f"{number(player.get('coins'))}C"
    tried = [(target, coins, " ".join(f"{n}{code}" for n, code in held[:kept]))
             for kept in range(len(held), -1, -1)] + [(target, "", "")]
    for parts in tried:
        detail = " · ".join(part for part in parts if part)
        if f.getlength(f"{label} · {detail}") <= room:
            break
    return SeatStatus(label, seat, score, detail,
                      to_move=decision is not None and decision.get("seat") == seat)


def _chip_text_room(chips: int, score: str) -> float:
    """How wide a chip's words may be on one line (the band's chip layout, on this board)."""
    pad, inner = preview_px(WIDTH, 4), preview_px(WIDTH, 2.5)
    per_row = chips if chips <= 3 else -(-chips // 2)
    chip_w = (WIDTH - pad) // per_row - pad
    disc = preview_px(WIDTH, 13) * 2 + preview_px(WIDTH, 2) - 2 * inner
    score_w = font(preview_px(WIDTH, 13), bold=True).getlength(score)
    return chip_w - disc - 4 * inner - score_w - 4


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
    return image




# ---- header --------------------------------------------------------------------------------


def _header(canvas: Canvas, view: View) -> None:
    """The header row, drawn once per change of what it says."""
    shown = {k: view.get(k) for k in ("round", "rains_done", "outcome", "start_player",
                                      "gardens", "sack_deck")}
    labels_ = tuple(seat_label(view, number(p.get("seat"))) for p in players(view))
    canvas.paste(sprites.get(("resafa-header-p", key_of(shown), labels_),
                             lambda: PALETTE.quantize(_header_piece(view))), (0, 0))


def _header_piece(view: View) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEADER_H - 1), pal.PANEL)
    draw = ImageDraw.Draw(image)
    cy = HEADER_H // 2
    x = 16
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
        return image
    supply = mapping(view.get("gardens"))
    parts = [f"sack deck {number(view.get('sack_deck'))}"]
    if supply:
        parts.append(f"gardens {number(supply.get('small'))} small, "
                     f"{number(supply.get('large'))} large")
    lay.text(draw, (right, cy), " · ".join(parts), font(20), pal.INK_MUTED, anchor="rm")
    return image


def _drop(draw: ImageDraw.ImageDraw, x: int, cy: int, fill: tuple[int, int, int]) -> None:
    draw.polygon([(x + 8, cy - 13), (x + 2, cy + 1), (x + 14, cy + 1)], fill=fill)
    draw.ellipse((x + 1, cy - 5, x + 15, cy + 11), fill=fill)
