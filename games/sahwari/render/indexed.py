"""The board is put together on Sahwari's palette ("P" images) rather than in RGB.

Its parts are drawn in RGB as before, then mapped onto the palette once, when they are first
drawn, and kept: a board is a copy of the static layer with its parts pasted on, and is posted
without a colour search over all of its pixels. The mapping is per pixel (the same colour always
gets the same entry), so a part mapped alone gets the same entries as the whole board mapped at
once; the lines drawn straight onto the board (rings, the highlight) use the entry its colour
maps to, so every pixel is the one the RGB board would have been posted with.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache

from PIL import Image, ImageDraw, ImagePalette

from games.sahwari.render import palette
from renderers.kit.cache import ImageCache
from renderers.kit.palette import RGB
from renderers.kit.quantize import Palette


def indexed(picture: Image.Image) -> Image.Image:
    """``picture`` (RGB) on Sahwari's palette, as it will be posted."""
    return palette.PALETTE.quantize(picture)


class IndexedCache(ImageCache):
    """Pictures on the palette, kept apart from those on any other palette (tests rebuild it)."""

    def get(self, key: Hashable, build: Callable[[], Image.Image]) -> Image.Image:
        return super().get((id(palette.PALETTE), key), build)


def entry(colour: RGB) -> int:
    """The palette entry a pixel of ``colour`` is posted with."""
    return _entry(palette.PALETTE, colour)


@lru_cache(maxsize=256)
def _entry(on: Palette, colour: RGB) -> int:
    return on.quantize(Image.new("RGB", (1, 1), colour)).tobytes()[0]


class _Entries(ImagePalette.ImagePalette):
    """Resolves a drawing colour to the entry the posted board gives that colour (Pillow's own
    palette would take the entry equal to it, which the mapping may not choose)."""

    def getcolor(self, color: tuple[int, ...], image: Image.Image | None = None) -> int:
        return entry((color[0], color[1], color[2]))


def drawer(image: Image.Image) -> ImageDraw.ImageDraw:
    """An ImageDraw on an indexed board that takes RGB colours, for lines and rectangles only
    (text on a "P" image is drawn without anti-aliasing: draw it on an RGB part instead)."""
    draw = ImageDraw.Draw(image)
    draw.palette = _Entries()
    return draw
