"""Text drawn from a cache of rendered glyph masks: most words on a board (names, counts, log
sentences) are the same from one turn to the next, and rasterising them is the largest part of
a board's drawing time."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.kit.cache import ImageCache

_MASKS = ImageCache(1024)  # each mask carries its offset from the anchor in info["offset"]


def _mask(text: str, f: ImageFont.FreeTypeFont, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    key = (text, f.path, f.size, anchor)

    def build() -> Image.Image:
        box = f.getbbox(text, anchor=anchor)
        left, top, right, bottom = (math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]),
                                    math.ceil(box[3]))
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
        ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
        mask.info["offset"] = (left, top)
        return mask

    mask = _MASKS.get(key, build)
    return mask, mask.info["offset"]


class CachedTextDraw(ImageDraw.ImageDraw):
    """``ImageDraw`` whose one-line text in a plain colour comes from the mask cache."""

    def text(
        self, xy: tuple[float, float], text: Any, fill: Any = None, font: Any = None,
        anchor: str | None = None, *args: Any, **kwargs: Any,
    ) -> None:
        simple = (not args and not kwargs and isinstance(text, str) and "\n" not in text
                  and isinstance(font, ImageFont.FreeTypeFont) and isinstance(fill, tuple))
        if not simple:
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
            return
        mask, (dx, dy) = _mask(text, font, anchor or "la")
        self._image.paste(fill, (round(xy[0]) + dx, round(xy[1]) + dy), mask)
