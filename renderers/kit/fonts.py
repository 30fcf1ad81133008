"""The bundled DejaVu faces, loaded once per size.

The basic layout engine is used on purpose: it needs no system libraries, it is faster than
Raqm for short Latin labels, and it keeps golden images identical across machines.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

MIN_SIZE = 18  # the smallest text we draw on a 1600 px board; anything smaller is unreadable


WIDTHS_KEPT = 20_000  # per face; past that the memory starts again empty


class _Face(ImageFont.FreeTypeFont):
    """A face that remembers the widths it measured: fitting text into a box measures the same
    words at the same size over and over, and from one turn to the next."""

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size=size, layout_engine=ImageFont.Layout.BASIC)
        self._widths: dict[str, float] = {}

    def getlength(self, text: str | bytes, *args: Any, **kwargs: Any) -> float:
        if args or kwargs or not isinstance(text, str):
            return super().getlength(text, *args, **kwargs)
        width = self._widths.get(text)
        if width is None:
            if len(self._widths) >= WIDTHS_KEPT:
                self._widths.clear()
            width = self._widths[text] = super().getlength(text)
        return width


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return _Face(str(BOLD if bold else REGULAR), size)
