"""The seat boxes of the Resafa board (score, coins, warehouse, caravan, tokens) and, in a
solo game, the rival's box."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.resafa.render import icons
from games.resafa.render.canvas import Canvas
from games.resafa.render.model import (
    View,
    decision_of,
    items,
    mapping,
    number,
    players,
    seat_colours,
    seat_label,
)
from games.resafa.render.pieces import (
    colour_chip,
    counter,
    line,
    seat_disc,
)
from games.resafa.render.regions import (
    SEATS_BOX,
    Box,
)
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import key_of
from renderers.kit.icons import paste
from renderers.kit.words import draw_fitted, fit_text, font


def seat_boxes(count: int) -> list[Box]:
    x0, y0, x1, y1 = SEATS_BOX
    count = max(1, count)
    gap = 8
    h = min(210 if count == 1 else 170, (y1 - y0 - gap * (count - 1)) // count)
    return [(x0, y0 + i * (h + gap), x1, y0 + i * (h + gap) + h) for i in range(count)]


def draw_seats(canvas: Canvas, view: View) -> None:
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
        canvas.piece((x0, y0), ("seat-frame", seat_label(view, seat), seat, state), size,
                     pal.BACKGROUND, _seat_frame, view, seat, state)
        score = final_score(view, seat, player)
        canvas.piece((x1 - SCORE_SIZE[0] - 8, y0 + 6), ("seat-score", score), SCORE_SIZE,
                     pal.PANEL, _seat_score, score)
        breakdown = breakdowns[seat] if isinstance(breakdowns, list) and seat < len(
            breakdowns) else None
        final = isinstance(breakdown, Mapping) and y1 - y0 >= 150
        for i, (painter, shown) in enumerate(visible_lines(player, box, final)):
            lx0, ly0, lx1, ly1 = line_box(box, i)
            canvas.piece((lx0, ly0), ("seat-line", painter.__name__, key_of(shown)),
                         (lx1 - lx0, ly1 - ly0), pal.PANEL, painter, shown)
        if final and isinstance(breakdown, Mapping):  # in place of the line of facts
            parts = [f"{k} {v}" for k, v in breakdown.items() if number(v)]
            top = line_box(box, 2)[1]
            canvas.piece((x0 + 16, top), ("seat-final", tuple(parts)), (x1 - 10 - x0 - 16 + 1,
                         y1 - 4 - top + 1), pal.PANEL, _final_line, parts)
    rival = mapping(view.get("rival"))
    if rival:
        boxes = seat_boxes(len(players(view)))
        names = {str(n.get("id")): str(n.get("name")) for n in
                 items(mapping(view.get("map")).get("nodes"))}
        canvas.over_layer((SEATS_BOX[0], boxes[-1][3] + 8, SEATS_BOX[2], SEATS_BOX[3]),
                          ("rival", key_of(rival), key_of(names)), _rival, rival, names)


def _final_line(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                parts: list[str]) -> None:
    """The final scoring's breakdown, as large as fits."""
    fitted = fit_text("final: " + " · ".join(parts), box, largest=18, smallest=12, spacing=0)
    draw_fitted(draw, fitted, fill=pal.HIGHLIGHT)
    _ = image


def _rival(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, rival: Mapping[str, Any],
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
        draw_fitted(draw, fit_text(text, (x0 + 58, y + 2, x1 - 12, y + 70), largest=18,
                                   smallest=12, spacing=0), fill=pal.INK_LIGHT)
        y += 76
    removed = [str(r) for r in rival.get("removed_workshops") or []]
    if removed and y + 22 < y1:
        draw_fitted(draw, fit_text(f"Workshops out of the game: {', '.join(removed)}",
                                   (x0 + 16, y, x1 - 12, y1 - 8), largest=18, smallest=12,
                                   spacing=0), fill=pal.INK_MUTED)
    _ = image


SCORE_SIZE = (170, 40)
LINE_H = 30


def _seat_frame(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: View, seat: int,
                state: str) -> None:
    fill, _edge, _ink = seat_colours(view, seat)
    active = state == "deciding"
    lay.rounded(draw, box, 10, fill=pal.PANEL,
                outline=pal.HIGHLIGHT if active else pal.PANEL_EDGE, line=3 if active else 2)
    x0, y0, x1, y1 = box
    draw.rectangle((x0 + 3, y0 + 10, x0 + 8, y1 - 10), fill=fill)
    paste(image, seat_disc(view, seat, 32), (x0 + 16, y0 + 8))
    x = x0 + 56 + lay.text(draw, (x0 + 56, y0 + 24), seat_label(view, seat),
                           font(26, bold=True), pal.INK_LIGHT, anchor="lm") + 10
    pill = font(18, bold=True)
    # the score sits at the right; a long name leaves the state to the outline and the band
    if state and x + pill.getlength(state) + 16 <= x1 - SCORE_SIZE[0] - 12:
        lay.pill(draw, (x, y0 + 11), state, pill, pal.HIGHLIGHT if active else pal.OK,
                 pal.INK_DARK)


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


def visible_lines(player: Mapping[str, Any], box: Box, final: bool = False) -> list[Line]:
    """The lines a seat box of this height has room for (two when the final scoring takes
    the third's place)."""
    lines = seat_lines(player)
    return lines[:2] if final or box[3] - box[1] < 136 else lines


def line_box(box: Box, i: int) -> Box:
    """Where a seat box's ``i``-th line of counts sits."""
    x0, y0, x1, _y1 = box
    top = y0 + 46 + i * 31
    return x0 + 16, top, x1 - 10, top + LINE_H


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
    line(draw, (box[0], (box[1] + box[3]) // 2), " · ".join(facts), box[2] - box[0],
         pal.INK_MUTED, anchor="lm")
    _ = image
