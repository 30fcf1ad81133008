"""The four special-card tracks with the face-up card of each level, the bonus display and the
workshop offers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.resafa.render.canvas import Canvas
from games.resafa.render.model import (
    COLOUR_CODES,
    View,
    colour_fill,
    colour_ink,
    items,
    mapping,
    number,
    players,
    seat_label,
)
from games.resafa.render.pieces import (
    colour_chip,
    effect_card,
    level_name,
    paint_effect_card,
    paint_workshop_card,
    seat_disc,
)
from games.resafa.render.regions import (
    OFFERS_BOX,
    TRACKS_BOX,
    Box,
)
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import key_of
from renderers.kit.icons import paste
from renderers.kit.words import font

# the offers' cards are as tall as the longest effect in the game's tables needs, whole
CARD_H, CARD_GAP = 118, 4
STEP_W, CHIP_W = 30, 52
LEVEL_W = (TRACKS_BOX[2] - TRACKS_BOX[0] - 24 - CHIP_W - 7 * STEP_W) // 3
ROW_H, ROW_GAP = 168, 8


def track_top(row: int) -> int:
    return TRACKS_BOX[1] + 38 + row * (ROW_H + ROW_GAP)


def step_x(step: int) -> tuple[int, int]:
    """Left edge and width of a track's step ``step`` (level spaces are wide: they show the
    offered card)."""
    x = TRACKS_BOX[0] + 12 + CHIP_W
    for s in range(step):
        x += LEVEL_W if s and s % 3 == 0 else STEP_W
    return x, LEVEL_W if step and step % 3 == 0 else STEP_W


def step_box(row: int, step: int) -> Box:
    """The board box of a track's step (a level step: the offered card under its strip)."""
    x, w = step_x(step)
    top = track_top(row)
    return x, top, x + w - 3, top + ROW_H


def draw_track_frames(draw: ImageDraw.ImageDraw) -> None:
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


def draw_tracks(canvas: Canvas, view: View) -> None:
    specials = mapping(view.get("special_offer"))
    for i, code in enumerate(COLOUR_CODES):
        top = track_top(i)
        at: dict[int, list[tuple[int, str]]] = {}
        for player in players(view):
            seat = number(player.get("seat"))
            step = number(mapping(player.get("tracks")).get(code))
            at.setdefault(step, []).append((seat, seat_label(view, seat)))
        offers = {number(o.get("level")): o for o in items(specials.get(code))}
        for step in range(10):
            x, w = step_x(step)
            here = tuple(at.get(step, []))
            if step and step % 3 == 0:
                offer = mapping(offers.get(step // 3))
                canvas.piece((x, top), ("level", code, step // 3, key_of(offer), here),
                             (w - 2, ROW_H + 1), pal.PANEL, _level_space, view, code,
                             step // 3, offer, here)
            elif here:
                canvas.over_layer((x, top, x + w - 3, top + ROW_H), ("markers", here),
                                  _markers, view, here, False)


def _level_space(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: View,
                 code: str, level: int, offer: Mapping[str, Any],
                 here: tuple[tuple[int, str], ...]) -> None:
    """A level space: its step and level, the face-up card of that level's deck with how
    many cards lie hidden under it, and the seats standing on it."""
    x0, y0, x1, y1 = box
    top = mapping(offer.get("top"))
    hidden = max(0, number(offer.get("count")) - 1)
    note = f"+{hidden}" if hidden else ""
    if top:
        effect_card(draw, (x0, y0 + 30, x1, y1), {**top, "colour": code})
    else:
        lay.rounded(draw, (x0, y0 + 30, x1, y1), 6, fill=pal.EMPTY_CELL)
        draw.text((x0 + 10, y0 + 40), "no card left", font=font(18), fill=pal.INK_MUTED)
    lay.rounded(draw, (x0, y0, x1, y0 + 27), 5, fill=colour_fill(code))
    x = x0 + 8 + lay.text(draw, (x0 + 8, y0 + 14), f"{level * 3} · {level_name(level)}",
                          font(18, bold=True), colour_ink(code), anchor="lm")
    if note:  # the hidden cards are counted on the level's strip, leaving the card its text
        draw.text((x + 10, y0 + 14), note, font=font(18), fill=colour_ink(code), anchor="lm")
    _markers(image, draw, box, view, here, True)


def _markers(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: View,
             here: tuple[tuple[int, str], ...], level: bool) -> None:
    x0, y0, x1, _y1 = box
    size = 24
    for i, (seat, _label) in enumerate(here):
        if level:
            pos = (x1 - size - 2 - i * (size - 4), y0 + 2)
        else:
            pos = (x0 + (x1 - x0 - size) // 2, y0 + 3 + i * (size - 4))
        paste(image, seat_disc(view, seat, size), pos)
    _ = draw


# ---- offers --------------------------------------------------------------------------------



def bonus_top(row: int) -> int:
    return OFFERS_BOX[1] + 36 + row * (CARD_H + CARD_GAP)


WORKSHOPS_Y = bonus_top(4) + 2
WORKSHOP_H, WORKSHOP_ROW = 92, 96
CARD_W = (OFFERS_BOX[2] - OFFERS_BOX[0] - 24 - 54 - 2 * 8) // 3


def bonus_box(row: int, j: int) -> Box:
    """The board box of the ``j``-th face-up bonus card of a colour's row."""
    x = OFFERS_BOX[0] + 66 + j * (CARD_W + 8)
    top = bonus_top(row)
    return x, top, x + CARD_W, top + CARD_H


def workshop_box(row: int, j: int) -> Box:
    """The board box of the ``j``-th workshop tile offered at level ``row + 1``."""
    x = OFFERS_BOX[0] + 66 + j * (CARD_W + 8)
    top = WORKSHOPS_Y + 30 + row * WORKSHOP_ROW
    return x, top, x + CARD_W, top + WORKSHOP_H


def draw_offer_frames(draw: ImageDraw.ImageDraw) -> None:
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
        top = wy + 30 + i * WORKSHOP_ROW
        lay.rounded(draw, (x0 + 12, top, x0 + 58, top + WORKSHOP_H), 6, fill=pal.EMPTY_CELL)
        draw.text((x0 + 35, top + 22), level_name(i + 1), font=font(22, bold=True),
                  fill=pal.INK_LIGHT, anchor="mm")


def _bonus_deck(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, code: str,
                left: int) -> None:
    """A colour's bonus deck: its chip and how many cards are left in it."""
    x0, y0, _x1, _y1 = box
    lay.rounded(draw, box, 6, fill=colour_fill(code))
    draw.text((x0 + 23, y0 + CARD_H / 2), str(left), font=font(22, bold=True),
              fill=colour_ink(code), anchor="mm")


def _workshop_deck(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, level: int,
                   left: int) -> None:
    """A level's workshop stack: its level and how many tiles are left in it."""
    x0, y0, _x1, _y1 = box
    lay.rounded(draw, box, 6, fill=pal.EMPTY_CELL)
    cx = x0 + 23
    draw.text((cx, y0 + 22), level_name(level), font=font(22, bold=True), fill=pal.INK_LIGHT,
              anchor="mm")
    draw.text((cx, y0 + 60), str(left), font=font(18), fill=pal.INK_MUTED, anchor="mm")


def draw_offers(canvas: Canvas, view: View) -> None:
    x0 = OFFERS_BOX[0]
    display = mapping(view.get("bonus_display"))
    decks = mapping(view.get("bonus_deck"))
    for i, code in enumerate(COLOUR_CODES):
        top = bonus_top(i)
        left = number(decks.get(code))
        canvas.piece((x0 + 12, top), ("bonus-deck", code, left), (47, CARD_H + 1), pal.PANEL,
                     _bonus_deck, code, left)
        for j, card in enumerate(items(display.get(code))[:3]):
            face = {**card, "colour": code}
            canvas.piece((x0 + 66 + j * (CARD_W + 8), top), ("bonus", key_of(face)),
                         (CARD_W + 1, CARD_H + 1), pal.PANEL, paint_effect_card, face)
    offer = mapping(view.get("workshop_offer"))
    for i in range(2):
        top = WORKSHOPS_Y + 30 + i * WORKSHOP_ROW
        left = number(offer.get(f"deck{i + 1}"))
        canvas.piece((x0 + 12, top), ("workshop-deck", i, left), (47, WORKSHOP_H + 1),
                     pal.PANEL, _workshop_deck, i + 1, left)
        if i == 1 and offer.get("level2_open") is False:
            canvas.over_layer((x0 + 66, top, x0 + 66 + 3 * CARD_W + 16, top + WORKSHOP_H),
                              "level II closed", _level_two_closed)
            continue
        for j, tile in enumerate(offer.get(f"level{i + 1}") or []):
            cx = x0 + 66 + j * (CARD_W + 8)
            if isinstance(tile, Mapping):
                canvas.piece((cx, top), ("workshop", key_of(tile)),
                             (CARD_W + 1, WORKSHOP_H + 1), pal.PANEL, paint_workshop_card, tile)
            else:
                canvas.over_layer((cx, top, cx + CARD_W, top + WORKSHOP_H), "empty workshop",
                                  _empty_workshop)


def _level_two_closed(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw.text((box[0] + 4, box[1] + 46), "Level II enters at the start of round 3",
              font=font(20), fill=pal.INK_MUTED, anchor="lm")
    _ = image


def _empty_workshop(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, y1 = box
    lay.rounded(draw, box, 6, fill=pal.EMPTY_CELL)
    draw.text((x0 + CARD_W / 2, y0 + WORKSHOP_H // 2), "empty", font=font(18),
              fill=pal.INK_MUTED, anchor="mm")
    _ = image, x1, y1
