"""Fit text into a box without losing any of it by accident.

``fit_text`` tries, in order:

1. the largest size, wrapped on word boundaries into the box's width;
2. smaller sizes, one step at a time, down to ``smallest`` (never below: text smaller than
   that cannot be read in the chat preview);
3. only then, at ``smallest``, the lines that fit, the last one shortened with "…".

The result says whether step 3 happened (``shortened``), and every shortening anywhere in the
kit (this helper, ``layout.ellipsize``, ``layout.wrap``) is reported to ``watch_shortening``,
so a test can render many positions and require that nothing was cut::

    fitted = fit_text(effect, box=(x0, y0, x1, y1), largest=20, smallest=16)
    draw_fitted(draw, fitted, fill=pal.INK_DARK)

    with watch_shortening() as cut:
        render_board(view)
    assert cut == []
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from dataclasses import dataclass

from PIL import ImageDraw

from renderers.kit import layout
from renderers.kit.fonts import font
from renderers.kit.palette import RGB

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Fitted:
    """Text laid out in a box: draw it with ``draw_fitted``."""

    box: Box
    lines: tuple[str, ...]
    font: layout.Font
    size: int
    step: int  # pixels from one line's top to the next
    shortened: bool  # the text did not fit even at the smallest size and was cut

    @property
    def height(self) -> int:
        return self.step * len(self.lines) - (self.step - layout.line_height(self.font))


@functools.lru_cache(maxsize=8192)
def _length(f: layout.Font, text: str) -> float:
    """``text``'s width: boards fit the same names and numbers turn after turn."""
    return f.getlength(text)


@functools.lru_cache(maxsize=4096)  # boards fit the same texts turn after turn
def _lay_out(text: str, f: layout.Font, width: int) -> tuple[str, ...] | None:
    """Every word on some line, or None when a single word is wider than the box."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        if _length(f, word) > width:
            return None
        candidate = f"{current} {word}" if current else word
        if _length(f, candidate) <= width:
            current = candidate
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return tuple(lines)


def fit_text(
    text: str,
    box: Box,
    *,
    largest: int,
    smallest: int,
    bold: bool = False,
    spacing: int = 2,
    max_lines: int | None = None,
) -> Fitted:
    """``text`` wrapped into ``box`` at the largest size from ``largest`` down to ``smallest``
    at which all of it fits (at most ``max_lines`` lines when given); shortened with "…" at
    ``smallest`` only when even that is too big."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    for size in range(largest, smallest - 1, -1):
        f = font(size, bold)
        step = layout.line_height(f) + spacing
        lines = _lay_out(text, f, width)
        if lines is None:
            continue
        fits = len(lines) * step - spacing <= height
        if fits and (max_lines is None or len(lines) <= max_lines):
            return Fitted(box, lines, f, size, step, shortened=False)
    f = font(smallest, bold)
    step = layout.line_height(f) + spacing
    room = max(1, (height + spacing) // step)
    limit = room if max_lines is None else min(room, max_lines)
    cut = tuple(layout.wrap(text, f, width, limit))  # reports the shortening
    return Fitted(box, cut, f, smallest, step, shortened=True)


def draw_fitted(
    draw: ImageDraw.ImageDraw, fitted: Fitted, fill: RGB, align: str = "left",
    valign: str = "top",
) -> int:
    """Draw a ``fit_text`` result in its box (``align`` left or center, ``valign`` top or
    middle); returns the height used."""
    x0, y0, x1, y1 = fitted.box
    y = y0 if valign == "top" else y0 + max(0, (y1 - y0 - fitted.height) // 2)
    for line in fitted.lines:
        if align == "center":
            draw.text(((x0 + x1) / 2, y), line, font=fitted.font, fill=fill, anchor="ma")
        else:
            draw.text((x0, y), line, font=fitted.font, fill=fill, anchor="la")
        y += fitted.step
    return fitted.height if fitted.lines else 0


@contextlib.contextmanager
def watch_shortening() -> Iterator[list[str]]:
    """Collect every text the kit shortens while the block runs (see the module docstring)."""
    cut: list[str] = []
    layout.SHORTENING_WATCHERS.append(cut)
    try:
        yield cut
    finally:
        layout.SHORTENING_WATCHERS.remove(cut)
