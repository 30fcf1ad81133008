"""A board put together on its palette from pieces kept between turns.

Most of a board is the same from one post to the next: drawing it again and mapping its two
million pixels onto the palette was most of a board's cost. A ``PaletteBoard`` starts from the
static layer already mapped onto the palette and lays each part of the board (a player's area,
a card on the table, the log) down as a palette picture kept by what it shows: a part drawn for
an earlier board is pasted as it was; a new one is drawn over the static layer and mapped.

Mapping is pixel by pixel, so a board put together this way has the pixels of the same board
drawn whole and mapped at once, as long as each part draws only inside its box. Marks drawn in
flat colours over several parts (a ring, a frame) go on last, straight onto the palette picture.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PIL import Image, ImageDraw

from renderers.kit.cache import ImageCache, layers
from renderers.kit.palette import RGB
from renderers.kit.quantize import Palette
from renderers.kit.text import CachedTextDraw

Box = tuple[int, int, int, int]
# Draws a part on ``image`` (the static layer under the part's box) with ``draw``; ``at`` is
# what to add to the board's coordinates to get the picture's: (-left, -top) of the box.
Paint = Callable[[Image.Image, ImageDraw.ImageDraw, tuple[int, int]], None]

# parts on their palettes, by what they show; a player's area is a few hundred kilobytes
parts = ImageCache(2048, max_bytes=48 * 1024 * 1024)


class PaletteBoard:
    """A board on ``palette``, started from ``ground`` (the static layer, RGB), which is kept on
    the palette under ``ground_key``."""

    def __init__(self, palette: Palette, ground: Image.Image, ground_key: Hashable) -> None:
        self.palette = palette
        self.ground = ground
        self.ground_key = ground_key
        mapped = layers.get(("on-palette", palette, ground_key), lambda: palette.quantize(ground))
        self.image = mapped.copy()
        self.draw = ImageDraw.Draw(self.image)  # for marks in the palette's named colours

    def part(self, box: Box, key: Hashable, paint: Paint) -> None:
        """The board inside ``box`` (left, top, right, bottom; right and bottom excluded) as
        ``paint`` draws it over the static layer; ``key`` must name everything it shows."""

        def build() -> Image.Image:
            picture = self.ground.crop(box)
            paint(picture, CachedTextDraw(picture), (-box[0], -box[1]))
            return self.palette.quantize(picture)

        self.image.paste(parts.get((self.palette, self.ground_key, box, key), build),
                         box[:2])

    def paste(self, picture: Image.Image, xy: tuple[int, int]) -> None:
        """An RGB picture (a status band) laid over the board at ``xy``, mapped."""
        self.image.paste(self.palette.quantize(picture), xy)

    def ink(self, colour: RGB) -> int:
        """The palette entry ``colour`` is mapped to, to draw marks with."""
        return self.palette.index(colour)
