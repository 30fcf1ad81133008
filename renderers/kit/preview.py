"""What a board must say in Discord's chat preview, and how it marks what just changed.

Discord shows an attached picture about 550 px wide in the conversation; one click opens it at
full size. A board is drawn about 1600 px wide, so in the preview everything on it shrinks about
three times. Every board therefore opens with a status band whose type still reads at 550 px
(whose turn, the round, each seat's key numbers), and rings the places that changed since the
previous board with a mark thick enough to see at that width. The rest of the board is the
detail a player opens when they want it.

The ring is black and white, not a hue: it must stand out for every colour vision, on sand and
on violet, and beside every seat colour.

The band's status and chips change with nearly every board: their text is drawn from the kit's
word masks (``words``), the same pixels as Pillow's.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from renderers.kit import palette as pal
from renderers.kit.cache import sprites
from renderers.kit.compose import PaletteBoard
from renderers.kit.fit import Box, Fitted
from renderers.kit.layout import width as text_width
from renderers.kit.palette import RGB
from renderers.kit.text import CachedTextDraw
from renderers.kit.words import draw_fitted, fit_text, font

PREVIEW_WIDTH = 550  # how wide Discord shows an attached picture in the conversation
READABLE_PX = 11  # the smallest text, in preview pixels, that a phone user can read


def preview_px(width: int, px: float = READABLE_PX) -> int:
    """The size to draw at on a ``width``-wide picture for it to show ``px`` tall in the
    preview."""
    return math.ceil(px * width / PREVIEW_WIDTH)


def ring_width(width: int) -> int:
    """A changed-place ring's thickness on a ``width``-wide picture: 2 preview pixels."""
    return preview_px(width, 2)


@dataclass(frozen=True, slots=True)
class SeatStatus:
    """One seat's entry in the status band."""

    label: str  # the seat's name in the rules, "Blue"; its colours are the kit palette's
    seat: int
    score: str  # "12", or "7+?" where hidden points are not counted
    detail: str = ""  # the other numbers that matter now, short: "3 G · 2 salt"
    to_move: bool = False
    initial: str = ""  # the letter on the seat's pieces; the label's first letter by default


SEATS_PER_ROW = 3  # four seats take two rows of two, so each chip keeps room for its numbers


def _rows(seats: int, per_row: int = SEATS_PER_ROW) -> int:
    return 1 if seats <= per_row else math.ceil(seats / per_row)


def _chip_height(width: int) -> int:
    return preview_px(width, 13) * 2 + preview_px(width, 2)


def band_height(width: int, seats: int = 2, per_row: int = SEATS_PER_ROW) -> int:
    """The status band's height on a ``width``-wide board with ``seats`` seats: a title row and
    one or two rows of seat chips (at most ``per_row`` to a row)."""
    pad = preview_px(width, 4)
    rows = _rows(seats, per_row)
    return pad * 2 + preview_px(width, 14) + rows * (_chip_height(width) + pad)


def status_band(
    width: int, title: str, status: str, seats: Sequence[SeatStatus], *, changed: bool = False,
    per_row: int = SEATS_PER_ROW,
) -> Image.Image:
    """A band ``width`` wide and ``band_height(width, len(seats))`` tall: the game and
    ``status`` ("Round 3 / 12 · Blue to move") on the first row, a chip per seat under it.
    With ``changed``, the first row ends with a legend for the rings that mark the last turn's
    changes. A game whose chips carry long numbers may ask for fewer chips to a row."""
    image = band_ground(width, title, len(seats), changed=changed, per_row=per_row).copy()
    draw_status(CachedTextDraw(image), width, band_status_box(width, title, changed), status)
    for seat, (x, y, w, h) in zip(seats, chip_places(width, len(seats), per_row), strict=True):
        image.paste(chip(seat, (w, h), width), (x, y))
    return image


def band_on(
    board: PaletteBoard, top: int, title: str, status: str, seats: Sequence[SeatStatus], *,
    changed: bool = False, per_row: int = SEATS_PER_ROW,
) -> None:
    """``status_band``'s picture laid onto ``board`` at ``top``: its ground a part kept between
    boards, the status and the chips drawn onto it."""
    width = board.image.width
    ground = band_ground(width, title, len(seats), changed=changed, per_row=per_row)

    def lay_ground(image: Image.Image, _: ImageDraw.ImageDraw, __: tuple[int, int]) -> None:
        image.paste(ground, (0, 0))

    board.part((0, top, width, top + ground.height),
               ("kit-band", width, title, len(seats), changed, per_row), lay_ground)
    # the status and the chips change with nearly every board: they go straight onto the
    # palette picture, their shapes in flat colours and their text on flat grounds
    box = band_status_box(width, title, changed)
    fitted = _fit_status(width, box, status)
    for i, line in enumerate(fitted.lines):
        board.text((box[0], top + box[1] + i * fitted.step), line, fitted.font, pal.INK_LIGHT,
                   pal.MAT)
    for seat, (x, y, w, h) in zip(seats, chip_places(width, len(seats), per_row), strict=True):
        _chip_on(board, (x, top + y, x + w, top + y + h), seat, width)


def band_ground(
    width: int, title: str, seats: int, *, changed: bool = False, per_row: int = SEATS_PER_ROW,
) -> Image.Image:
    """The band without its status and chips: its ground, the title and the legend. Do not
    draw on it; copy it."""

    def build() -> Image.Image:
        image = Image.new("RGB", (width, band_height(width, seats, per_row)), pal.MAT)
        draw = ImageDraw.Draw(image)
        pad = preview_px(width, 4)
        row1 = preview_px(width, 14)
        draw.text((pad, pad + row1 // 2), title.upper(), font=font(row1, bold=True),
                  fill=pal.HIGHLIGHT, anchor="lm")
        if changed:
            _draw_legend(draw, width - pad, pad, row1)
        return image

    return sprites.get(("kit-band", width, title, seats, changed, per_row), build)


def chip_places(
    width: int, seats: int, per_row: int = SEATS_PER_ROW,
) -> list[tuple[int, int, int, int]]:
    """Where each seat's chip goes on the band: (left, top, width, height), its outline's
    right and bottom edges included (a chip picture is one pixel wider and taller)."""
    if not seats:
        return []
    pad = preview_px(width, 4)
    top = pad * 2 + preview_px(width, 14)
    columns = math.ceil(seats / _rows(seats, per_row))
    chip_w = (width - pad) // columns
    chip_h = _chip_height(width)
    return [(pad + (i % columns) * chip_w, top + (i // columns) * (chip_h + pad),
             chip_w - pad, chip_h) for i in range(seats)]


def chip(seat: SeatStatus, size: tuple[int, int], width: int) -> Image.Image:
    """One seat's chip on the band's ground, drawn once for each set of numbers: a band is
    drawn again whenever one seat's numbers change, the other chips seldom do."""

    def build() -> Image.Image:
        w, h = size
        picture = Image.new("RGB", (w + 1, h + 1), pal.MAT)
        draw_chip(CachedTextDraw(picture), (0, 0, w, h), seat, width)
        return picture

    return sprites.get(("kit-chip", seat, size, width), build)


def band_status_box(width: int, title: str, changed: bool) -> Box:
    """Where ``status_band`` puts the status on its first row: after the title, before the
    legend when there is one. A game that pastes a cached band draws the status here itself."""
    pad = preview_px(width, 4)
    row1 = preview_px(width, 14)
    x = pad + round(text_width(title.upper(), font(row1, bold=True))) + pad * 2
    legend_w = _legend_width(row1) if changed else 0
    return (x, pad, width - pad - legend_w - pad, pad + row1 + 2)


def draw_status(draw: ImageDraw.ImageDraw, width: int, box: Box, status: str) -> None:
    """The band's status text in ``box`` (see ``band_status_box``) on a ``width``-wide picture, as
    large as fits."""
    draw_fitted(draw, _fit_status(width, box, status), fill=pal.INK_LIGHT)


@functools.lru_cache(maxsize=256)  # a board's band is laid again with every board
def _fit_status(width: int, box: Box, status: str) -> Fitted:
    return fit_text(status, box, largest=preview_px(width, 14), smallest=preview_px(width),
                    bold=True)


LEGEND = "changed"


def _legend_font(size: int) -> ImageFont.FreeTypeFont:
    return font(max(12, size * 3 // 4))


def _legend_width(size: int) -> int:
    return size - 4 + size // 3 + round(text_width(LEGEND, _legend_font(size)))


def _draw_legend(draw: ImageDraw.ImageDraw, right: int, top: int, size: int) -> None:
    """"[ ] changed" at the right end of the first row."""
    side = size - 4
    x0 = right - _legend_width(size)
    mark_changed(draw, (x0, top + 2, x0 + side, top + 2 + side), max(3, size // 7))
    draw.text((x0 + side + size // 3, top + size // 2 + 1), LEGEND, font=_legend_font(size),
              fill=pal.INK_MUTED, anchor="lm")


@dataclass(frozen=True, slots=True)
class _Chip:
    """Where a chip's parts go and in which colours."""

    frame: tuple[int, RGB, RGB, int]  # corner radius, fill, outline, outline width
    disc: Box
    disc_colours: tuple[RGB, RGB, RGB, int]  # fill, outline, ink of the initial, outline width
    initial: tuple[tuple[float, float], str, ImageFont.FreeTypeFont]
    score: tuple[tuple[int, int], str, ImageFont.FreeTypeFont]
    words: Fitted


@functools.lru_cache(maxsize=256)  # chips seldom change from one board to the next
def _chip_layout(box: Box, seat: SeatStatus, width: int) -> _Chip:
    x0, y0, x1, y1 = box
    fill, outline, ink = pal.seat_style(seat.label, seat.seat)
    edge = pal.HIGHLIGHT if seat.to_move else pal.PANEL_EDGE
    pad = preview_px(width, 2.5)
    disc = y1 - y0 - 2 * pad
    dx, dy = x0 + pad, y0 + pad
    initial = seat.initial or seat.label[:1]
    score_f = font(preview_px(width, 13), bold=True)
    score_w = round(text_width(seat.score, score_f))
    text_box: Box = (dx + disc + pad, y0 + pad, x1 - pad * 2 - score_w, y1 - pad)
    words = seat.label
    if seat.detail:
        words += f" · {seat.detail}"
    fitted = fit_text(words, text_box, largest=preview_px(width, 12), smallest=preview_px(width))
    return _Chip(
        frame=(preview_px(width, 3), pal.PANEL, edge,
               preview_px(width, 1.5 if seat.to_move else 0.5)),
        disc=(dx, dy, dx + disc, dy + disc),
        disc_colours=(fill, outline, ink, max(2, disc // 14)),
        initial=((dx + disc / 2, dy + disc / 2), initial, font(disc * 3 // 5, bold=True)),
        score=((x1 - pad, (y0 + y1) // 2), seat.score, score_f),
        words=fitted,
    )


def draw_chip(draw: ImageDraw.ImageDraw, box: Box, seat: SeatStatus, width: int) -> None:
    """``seat``'s chip in ``box`` on a ``width``-wide band."""
    chip = _chip_layout(box, seat, width)
    radius, panel, edge, line = chip.frame
    draw.rounded_rectangle(box, radius=radius, fill=panel, outline=edge, width=line)
    fill, outline, ink, ring = chip.disc_colours
    draw.ellipse(chip.disc, fill=fill, outline=outline, width=ring)
    xy, initial, initial_font = chip.initial
    draw.text(xy, initial, font=initial_font, fill=ink, anchor="mm")
    xy, score, score_font = chip.score
    draw.text(xy, score, font=score_font, fill=pal.INK_LIGHT, anchor="rm")
    draw_fitted(draw, chip.words, fill=pal.INK_LIGHT)


def _chip_on(board: PaletteBoard, box: Box, seat: SeatStatus, width: int) -> None:
    """``draw_chip`` straight onto a board's palette picture: its frame and disc are flat
    colours, and each text stands on one of them."""
    chip = _chip_layout(box, seat, width)
    radius, panel, edge, line = chip.frame
    board.draw.rounded_rectangle(box, radius=radius, fill=board.ink(panel),
                                 outline=board.ink(edge), width=line)
    fill, outline, ink, ring = chip.disc_colours
    board.draw.ellipse(chip.disc, fill=board.ink(fill), outline=board.ink(outline), width=ring)
    xy, initial, initial_font = chip.initial
    board.text(xy, initial, initial_font, ink, fill, anchor="mm")
    xy, score, score_font = chip.score
    board.text(xy, score, score_font, pal.INK_LIGHT, panel, anchor="rm")
    x0, y, _, _ = chip.words.box
    for line_text in chip.words.lines:
        board.text((x0, y), line_text, chip.words.font, pal.INK_LIGHT, panel)
        y += chip.words.step


def mark_changed(
    draw: ImageDraw.ImageDraw, box: Box, thickness: int, dark: RGB | int = pal.INK_DARK,
    light: RGB | int = (255, 255, 255),
) -> None:
    """Ring ``box`` as changed since the previous board: white between two black edges, drawn
    just outside the box so nothing inside it is covered. On a palette picture ``dark`` and
    ``light`` are the palette's entries for those colours."""
    x0, y0, x1, y1 = box
    edge = max(1, thickness // 4)
    outer = (x0 - thickness, y0 - thickness, x1 + thickness, y1 + thickness)
    draw.rectangle(outer, outline=dark, width=edge)
    inset = (outer[0] + edge, outer[1] + edge, outer[2] - edge, outer[3] - edge)
    draw.rectangle(inset, outline=light, width=thickness - 2 * edge)
    draw.rectangle((x0 - edge, y0 - edge, x1 + edge, y1 + edge), outline=dark, width=edge)


def with_band(board: Image.Image, band: Image.Image) -> Image.Image:
    """``band`` above ``board``, as one picture."""
    out = Image.new(board.mode, (board.width, board.height + band.height))
    out.paste(band.convert(board.mode), (0, 0))
    out.paste(board, (0, band.height))
    return out
