"""The bundled DejaVu faces, loaded once per size.

The basic layout engine is used on purpose: it needs no system libraries, it is faster than
Raqm for short Latin labels, and it keeps golden images identical across machines.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

MIN_SIZE = 18  # the smallest text we draw on a 1600 px board; anything smaller is unreadable


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    path = BOLD if bold else REGULAR
    return ImageFont.truetype(str(path), size=size, layout_engine=ImageFont.Layout.BASIC)
