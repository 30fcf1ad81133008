"""A board put together on its palette from pieces kept between turns.

Most of a board is the same from one post to the next: drawing it again and mapping its two
million pixels onto the palette was most of a board's cost. A ``PaletteBoard`` starts from the
static layer already mapped onto the palette and lays each part of the board (a player's area,
a card on the table, the log) down as a palette picture kept by what it shows: a part drawn for
an earlier board is pasted as it was; a new one is drawn over the static layer and mapped.

Mapping is pixel by pixel, so a board put together this way has the pixels of the same board
drawn whole and mapped at once, as long as each part draws only inside its box. Marks drawn in
flat colours over several parts (a ring, a frame) go on last, straight onto the palette picture.
So does a line of text on a flat colour (a log): its mask's 256 levels map to the palette
entries of ink blended over that colour at each level, which needs no RGB picture at all.
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Callable, Hashable

from PIL import Image, ImageDraw, ImageFont

from renderers.kit.cache import ImageCache, layers
from renderers.kit.palette import RGB
from renderers.kit.quantize import Palette
from renderers.kit.text import CachedTextDraw, line_mask

Box = tuple[int, int, int, int]
# Draws a part on ``image`` (the static layer under the part's box) with ``draw``; ``at`` is
# what to add to the board's coordinates to get the picture's: (-left, -top) of the box.
Paint = Callable[[Image.Image, ImageDraw.ImageDraw, tuple[int, int]], None]

# parts on their palettes, by what they show; a player's area is a few hundred kilobytes
parts = ImageCache(2048, max_bytes=48 * 1024 * 1024)
# static layers mapped onto their palettes, one for each static layer the kit's ``layers`` keeps
grounds = ImageCache(layers.capacity)
# each thread's scratch picture for painters that draw in place, by way of drawing text
_scratches = threading.local()
# A glyph may stand a few pixels left of where its line starts: a part holding a column's text
# begins this far left of it (in the gap between columns), so that nothing falls outside it.
GLYPH_BLEED = 4


@functools.lru_cache(maxsize=256)  # a few inks over a few grounds per game
def _levels(palette: Palette, ink: RGB, ground: RGB) -> list[int]:
    """The palette entry of ``ink`` over ``ground`` at each of a text mask's 256 levels,
    blended as ``ImageDraw.text`` blends them."""
    strip = Image.new("RGB", (256, 1), ground)
    levels = Image.new("L", (256, 1))
    levels.putdata(range(256))
    draw = ImageDraw.Draw(strip)
    draw.draw.draw_bitmap((0, 0), levels.im, draw._getink(ink)[0])
    return list(palette.quantize(strip).tobytes())


class PaletteBoard:
    """A board on ``palette``, started from ``ground`` (the static layer, RGB), which is kept on
    the palette under ``ground_key``. With ``top``, the ground stands that many rows down, under
    a band laid on later; boxes are the picture's, painters draw in the ground's coordinates.
    Parts draw their text with ``text_draw`` (a game may keep its own way of drawing text).
    A ground of one colour is ``flat`` (``flat_board``): the picture is then ``height`` rows
    tall, whatever the ground's height."""

    def __init__(
        self, palette: Palette, ground: Image.Image, ground_key: Hashable, top: int = 0,
        text_draw: Callable[[Image.Image], ImageDraw.ImageDraw] = CachedTextDraw,
        flat: RGB | None = None, height: int | None = None,
    ) -> None:
        self.palette = palette
        self.ground = ground
        self.ground_key = ground_key
        self.top = top
        self.text_draw = text_draw
        self.flat = flat  # the colour of the whole ground, if it is one (``flat_board``)

        def build() -> Image.Image:
            mapped = palette.quantize(ground)
            if not top:
                return mapped
            picture = Image.new("P", (ground.width, top + ground.height), 0)
            picture.putpalette(mapped.getpalette() or [])
            picture.paste(mapped, (0, top))
            return picture

        if flat is None:
            self.image = grounds.get((palette, ground_key, top), build).copy()
        else:  # one colour, filled to the height asked: no ground to copy, nor a picture to cut
            self.image = Image.new("P", (ground.width, height or ground.height),
                                   palette.index(flat))
            self.image.putpalette(palette.image().getpalette() or [])
        self.draw = ImageDraw.Draw(self.image)  # for marks in the palette's named colours

    def part(self, box: Box, key: Hashable, paint: Paint) -> None:
        """The picture inside ``box`` (left, top, right, bottom; right and bottom excluded) as
        ``paint`` draws it over the static layer; ``key`` must name everything it shows."""
        self._lay(box, key, lambda: self._drawn(box, paint))

    def stamp(self, box: Box, key: Hashable, paint: Paint) -> None:
        """``part`` for a part that looks the same wherever it goes, such as a line of text on
        a flat panel: it is kept by ``key`` and its size alone, and drawn once for every place
        it is pasted. The static layer under each place must be one flat colour."""
        size = (box[2] - box[0], box[3] - box[1])
        self._paste(parts.get((self.palette, self.ground_key, "stamp", size, key),
                              lambda: self._drawn(box, paint)), box[:2])

    def part_in_place(
        self, box: Box, key: Hashable, paint: Callable[[Image.Image, ImageDraw.ImageDraw], None]
    ) -> None:
        """``part`` for a painter that draws on the whole ground, where it stands: it is given a
        scratch picture in the ground's coordinates, reaching at least over ``box``, with the
        static layer under ``box`` (what it draws elsewhere is not kept)."""

        self._lay(box, key, lambda: self._painted(self._on_ground(box), paint))

    def part_at(
        self, origin: tuple[int, int], box: Box, key: Hashable,
        paint: Callable[[Image.Image, ImageDraw.ImageDraw], None],
    ) -> None:
        """``part_in_place`` for a painter that draws in a picture of its own laid with its
        top-left corner at ``origin`` (``box`` is in its coordinates), on a board of one flat
        colour: the part is kept by that colour, so it is the same part wherever it stands
        and on whichever flat board of that colour."""
        if self.flat is None:
            raise ValueError("parts stand anywhere only on a flat board")

        found = parts.get((self.palette, "flat", self.flat, self.text_draw, box, key),
                          lambda: self._painted(box, paint))
        self._paste(found, (box[0] + origin[0], box[1] + origin[1]))

    def _drawn(self, box: Box, paint: Paint) -> Image.Image:
        """The picture inside ``box`` as ``paint`` draws it over the static layer, mapped."""
        picture = self._under(box)
        paint(picture, self.text_draw(picture), (-box[0], self.top - box[1]))
        return self.palette.quantize(picture)

    def _painted(
        self, region: Box, paint: Callable[[Image.Image, ImageDraw.ImageDraw], None]
    ) -> Image.Image:
        """``region`` of the ground (the whole picture's coordinates) as ``paint`` draws over
        it on this thread's scratch, mapped."""
        scratch, draw = self._scratch(region[2:])
        scratch.paste(self.ground.crop(region) if self.flat is None else self.flat, region)
        paint(scratch, draw)
        return self.palette.quantize(scratch.crop(region))

    def _scratch(self, corner: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
        """A picture of this thread reaching at least to ``corner``, drawn on with this board's
        way of drawing text. What earlier painters left on it stays, so a painter's box is
        filled before it paints. It only grows, so boards and panels of every size share one
        (a fresh board-sized picture for a part cost more than the part)."""
        kept: dict[Hashable, tuple[Image.Image, ImageDraw.ImageDraw]] = (
            _scratches.__dict__.setdefault("kept", {}))
        found = kept.get(self.text_draw)
        if found is None or found[0].width < corner[0] or found[0].height < corner[1]:
            width, height = corner if found is None else (
                max(corner[0], found[0].width), max(corner[1], found[0].height))
            scratch = Image.new("RGB", (width, height))
            found = kept[self.text_draw] = scratch, self.text_draw(scratch)
        return found

    def _under(self, box: Box) -> Image.Image:
        """The static layer under ``box``, as a picture of its own."""
        if self.flat is not None:
            return Image.new("RGB", (box[2] - box[0], box[3] - box[1]), self.flat)
        return self.ground.crop(self._on_ground(box))

    def _on_ground(self, box: Box) -> Box:
        return box[0], box[1] - self.top, box[2], box[3] - self.top

    def _lay(self, box: Box, key: Hashable, build: Callable[[], Image.Image]) -> None:
        self._paste(parts.get((self.palette, self.ground_key, self.top, box, key), build),
                    box[:2])

    def _paste(self, part: Image.Image, xy: tuple[int, int]) -> None:
        # straight to Pillow's core: both are palette pictures in memory, and a board lays
        # about a hundred parts, for each of which ``Image.paste``'s checks cost more than the
        # copy
        x, y = xy
        self.image.im.paste(part.im, (x, y, x + part.width, y + part.height))

    def paste(self, picture: Image.Image, xy: tuple[int, int]) -> None:
        """An RGB picture laid over the board at ``xy``, mapped."""
        self._paste(self.palette.quantize(picture), xy)

    def text(
        self, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont, ink: RGB,
        ground: RGB, anchor: str = "la",
    ) -> None:
        """One line of ``text`` in ``ink``, placed as ``ImageDraw.text`` places it at ``xy``
        (the picture's coordinates), over the flat colour ``ground``: the static layer (and
        anything laid there) must be that colour under the line's box."""
        x, y = xy
        mask, (dx, dy) = line_mask(text, font, anchor, (math.modf(x)[0], math.modf(y)[0]))
        left, top = int(x) + dx, int(y) + dy
        entries = mask.point(_levels(self.palette, ink, ground), "L")
        self.image.im.paste(entries, (left, top, left + mask.size[0], top + mask.size[1]))

    def ink(self, colour: RGB) -> int:
        """The palette entry ``colour`` is mapped to, to draw marks with."""
        return self.palette.index(colour)


def flat_board(
    palette: Palette, size: tuple[int, int], colour: RGB, name: str,
    text_draw: Callable[[Image.Image], ImageDraw.ImageDraw] = CachedTextDraw,
) -> PaletteBoard:
    """A board of ``size`` on a ground of one ``colour``, for pictures whose height varies
    (private panels). Its parts are painted over that colour alone, so they are kept under
    ``name`` whatever the picture's height."""
    width, height = size
    ground = Image.new("RGB", (width, 1), colour)  # one row of it stands for all of it
    return PaletteBoard(palette, ground, (name, colour), text_draw=text_draw, flat=colour,
                        height=height)
