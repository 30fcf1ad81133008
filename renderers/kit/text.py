"""Text drawn from a cache of rasterised lines: most words on a board (names, counts, log
sentences) are the same from one turn to the next, and rasterising them was the largest part of
drawing a board.

``CachedTextDraw`` is an ``ImageDraw`` whose one-line text keeps the mask FreeType drew for that
line, at that size and at that fraction of a pixel, and lays it down the way ``ImageDraw.text``
does: the pixels are the same as drawing it afresh.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any

from PIL import ImageDraw, ImageFont

from renderers.kit import locks

CAPACITY = 4096  # lines kept; a board shows about a hundred, each mask a few kilobytes

_masks: OrderedDict[tuple[Any, ...], tuple[Any, tuple[int, int]]] = OrderedDict()
_lock = locks.lock()


def line_mask(
    text: str, f: ImageFont.FreeTypeFont, anchor: str | None, start: tuple[float, float]
) -> tuple[Any, tuple[int, int]]:
    """The mask FreeType draws for one line and its offset, as ``getmask2`` gives them (the
    mask is Pillow's core image: do not change it)."""
    key = (text, f.path, f.size, f.layout_engine, anchor, start)
    with _lock:
        found = _masks.get(key)
        if found is not None:
            _masks.move_to_end(key)
            return found
    found = f.getmask2(text, "L", anchor=anchor, start=start)
    with _lock:
        _masks[key] = found
        if len(_masks) > CAPACITY:
            _masks.popitem(last=False)
    return found


def _cached_line(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: Any, fill: Any, font: Any,
    anchor: str | None,
) -> bool:
    """Draw one line in a plain colour on an RGB picture from the mask cache; False (having
    drawn nothing) for anything else."""
    simple = (draw.mode == "RGB" and isinstance(text, str) and "\n" not in text
              and isinstance(font, ImageFont.FreeTypeFont) and isinstance(fill, tuple))
    if not simple:
        return False
    ink, fill_ink = draw._getink(fill)
    x, y = xy
    mask, (dx, dy) = line_mask(text, font, anchor, (math.modf(x)[0], math.modf(y)[0]))
    draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, fill_ink if ink is None else ink)
    return True


def draw_line(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, *, font: Any, fill: Any,
    anchor: str | None = None,
) -> None:
    """``draw.text`` for one line, from the mask cache when ``draw`` is Pillow's own
    ``ImageDraw``; a draw of another kind (a game's) draws its text its own way."""
    if type(draw) is not ImageDraw.ImageDraw or not _cached_line(
        draw, xy, text, fill, font, anchor
    ):
        draw.text(xy, text, fill, font, anchor)


class CachedTextDraw(ImageDraw.ImageDraw):
    """``ImageDraw`` whose one-line text in a plain colour on an RGB picture comes from the
    mask cache; anything else is drawn as usual."""

    def text(
        self, xy: tuple[float, float], text: Any, fill: Any = None, font: Any = None,
        anchor: str | None = None, *args: Any, **kwargs: Any,
    ) -> None:
        if args or kwargs or not _cached_line(self, xy, text, fill, font, anchor):
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
