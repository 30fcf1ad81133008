"""A seat's chip on the status band: the kit's ``preview.draw_chip``, drawn with Sahwari's
word-cached faces (see ``words``). A chip is drawn again whenever its seat's score changes,
which is most turns, and its text was the larger part of that.

The kit's own chip should take these faces once they move to the kit; then this module goes.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.kit import palette as pal
from renderers.kit.fit import Box
from renderers.kit.preview import SeatStatus, preview_px
from renderers.kit.words import draw_fitted, fit_text, font


def chip(seat: SeatStatus, size: tuple[int, int], width: int) -> Image.Image:
    """``seat``'s chip on the band's ground, one pixel wider and taller than ``size`` (its
    outline's right and bottom edges), as the kit's ``preview.chip`` draws it."""
    w, h = size
    picture = Image.new("RGB", (w + 1, h + 1), pal.MAT)
    draw_chip(ImageDraw.Draw(picture), (0, 0, w, h), seat, width)
    return picture


def draw_chip(draw: ImageDraw.ImageDraw, box: Box, seat: SeatStatus, width: int) -> None:
    x0, y0, x1, y1 = box
    fill, outline, ink = pal.seat_style(seat.label, seat.seat)
    edge = pal.HIGHLIGHT if seat.to_move else pal.PANEL_EDGE
    draw.rounded_rectangle(box, radius=preview_px(width, 3), fill=pal.PANEL, outline=edge,
                           width=preview_px(width, 1.5 if seat.to_move else 0.5))
    pad = preview_px(width, 2.5)
    disc = y1 - y0 - 2 * pad
    dx, dy = x0 + pad, y0 + pad
    draw.ellipse((dx, dy, dx + disc, dy + disc), fill=fill, outline=outline,
                 width=max(2, disc // 14))
    initial = seat.initial or seat.label[:1]
    draw.text((dx + disc / 2, dy + disc / 2), initial, font=font(disc * 3 // 5, bold=True),
              fill=ink, anchor="mm")
    score_f = font(preview_px(width, 13), bold=True)
    score_w = round(score_f.getlength(seat.score))
    draw.text((x1 - pad, (y0 + y1) // 2), seat.score, font=score_f, fill=pal.INK_LIGHT,
              anchor="rm")
    text_box: Box = (dx + disc + pad, y0 + pad, x1 - pad * 2 - score_w, y1 - pad)
    words = seat.label
    if seat.detail:
        words += f" · {seat.detail}"
    fitted = fit_text(words, text_box, largest=preview_px(width, 12), smallest=preview_px(width))
    draw_fitted(draw, fitted, fill=pal.INK_LIGHT)
