"""Text fitting and wrapping, boxes, and the other small drawing helpers every board needs.

Text never overflows its box: a label that is too wide is cut with an ellipsis, and wrapped
text that needs more lines than allowed ends its last line with one. Cutting is a last resort:
``renderers.kit.fit.fit_text`` wraps and shrinks first, and every cut is reported to the lists
in ``SHORTENING_WATCHERS`` (see ``fit.watch_shortening``).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw, ImageFont

from renderers.kit.fonts import font
from renderers.kit.palette import RGB
from renderers.kit.text import draw_line

Font = ImageFont.FreeTypeFont
Box = tuple[int, int, int, int]
ELLIPSIS = "…"
SHORTENING_WATCHERS: list[list[str]] = []  # each collects the texts cut while it is present


def _report_cut(text: str) -> None:
    for watcher in SHORTENING_WATCHERS:
        watcher.append(text)


def width(text: str, f: Font) -> float:
    return f.getlength(text)


def line_height(f: Font) -> int:
    ascent, descent = f.getmetrics()
    return ascent + descent


def ellipsize(text: str, f: Font, max_width: float) -> str:
    """``text`` cut to fit ``max_width``, ending with an ellipsis when anything was cut."""
    if f.getlength(text) <= max_width:
        return text
    _report_cut(text)
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that still fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if f.getlength(text[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ELLIPSIS


def wrap(text: str, f: Font, max_width: float, max_lines: int | None = None) -> list[str]:
    """Greedy word wrap; a word wider than the line is ellipsized, excess lines are dropped."""
    lines: list[str] = []
    current = ""
    words = text.split()
    for i, word in enumerate(words):
        candidate = f"{current} {word}" if current else word
        if f.getlength(candidate) <= max_width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word if f.getlength(word) <= max_width else ellipsize(word, f, max_width)
        if max_lines is not None and len(lines) >= max_lines:
            rest = " ".join([lines[max_lines - 1], *words[i:]])
            return [*lines[: max_lines - 1], ellipsize(rest, f, max_width)]
    if current:
        lines.append(current)
    if max_lines is not None and len(lines) > max_lines:
        rest = " ".join(lines[max_lines - 1 :])
        lines = [*lines[: max_lines - 1], ellipsize(rest, f, max_width)]
    return lines


def fit_font(text: str, max_width: float, sizes: Sequence[int], bold: bool = False) -> Font:
    """The largest of ``sizes`` (given largest first) at which ``text`` fits, else the smallest."""
    for size in sizes:
        f = font(size, bold)
        if f.getlength(text) <= max_width:
            return f
    return font(sizes[-1], bold)


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    value: str,
    f: Font,
    fill: RGB,
    max_width: float | None = None,
    anchor: str = "la",
) -> int:
    """Draw one line, ellipsized to ``max_width``; returns the drawn width."""
    if max_width is not None:
        value = ellipsize(value, f, max_width)
    draw_line(draw, xy, value, font=f, fill=fill, anchor=anchor)
    return round(f.getlength(value))


def paragraph(
    draw: ImageDraw.ImageDraw,
    box: Box,
    value: str,
    f: Font,
    fill: RGB,
    max_lines: int | None = None,
    spacing: int = 2,
    align: str = "left",
) -> int:
    """Wrap ``value`` into ``box`` (top-aligned); returns the height used."""
    x0, y0, x1, y1 = box
    step = line_height(f) + spacing
    room = max(1, (y1 - y0 + spacing) // step)
    limit = room if max_lines is None else min(room, max_lines)
    lines = wrap(value, f, x1 - x0, limit)
    y = y0
    for line in lines:
        if align == "center":
            draw_line(draw, ((x0 + x1) / 2, y), line, font=f, fill=fill, anchor="ma")
        else:
            draw_line(draw, (x0, y), line, font=f, fill=fill, anchor="la")
        y += step
    return y - y0 - spacing if lines else 0


def rounded(
    draw: ImageDraw.ImageDraw,
    box: Box,
    radius: int,
    fill: RGB | None = None,
    outline: RGB | None = None,
    line: int = 1,
) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=line)


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    value: str,
    f: Font,
    fill: RGB,
    ink: RGB,
    pad: int = 8,
    outline: RGB | None = None,
) -> int:
    """A rounded label with its top-left corner at ``xy``; returns its width."""
    w = round(f.getlength(value)) + 2 * pad
    h = line_height(f) + 4
    x, y = xy
    draw.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=fill, outline=outline)
    draw_line(draw, (x + w / 2, y + h / 2), value, font=f, fill=ink, anchor="mm")
    return w
