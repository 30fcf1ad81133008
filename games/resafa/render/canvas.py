"""The public board drawn straight onto Resafa's 256 colours, as it is posted.

The static layer and every piece of the board (a card, a city, a seat's line of counts) are
mapped onto the palette once, when first drawn, and kept. A turn's board is then a copy of the
layer with its pieces pasted on, one byte a pixel, and needs no colour mapping of its own: that
mapping, and moving a full-colour board down under its band, were most of a board's cost.

A piece is drawn in full colour on the ground it sits on (a plain colour, or the layer's own
pixels there), and mapping takes each pixel alone, so the posted pixels are those of drawing the
whole board in full colour and mapping it afterwards.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from PIL import Image, ImageDraw

from games.resafa.render.palette import PALETTE
from games.resafa.render.regions import Box
from renderers.kit import layers, sprites
from renderers.kit.palette import RGB
from renderers.kit.preview import mark_changed

Painter = Callable[..., None]


def on_palette(key: Hashable, size: tuple[int, int], ground: RGB, paint: Painter,
               *args: Any) -> Image.Image:
    """A piece painted by ``paint(image, draw, box, *args)`` on ``ground``, on the palette."""

    def build() -> Image.Image:
        image = Image.new("RGB", size, ground)
        paint(image, ImageDraw.Draw(image), (0, 0, size[0] - 1, size[1] - 1), *args)
        return PALETTE.quantize(image)

    return sprites.get(("resafa-p", key, size, ground), build)


class Canvas:
    """A board being drawn: pieces go where the board's coordinates say, below the band."""

    def __init__(self, layer_key: Hashable, layer: Callable[[], Image.Image],
                 band: Image.Image) -> None:
        self.layer_key = layer_key
        self._layer = layer
        self.top = band.height
        base = layers.get(("resafa-board-p", layer_key, self.top), self._palette_layer)
        self.image = base.copy()
        self.image.paste(band, (0, 0))

    def _palette_layer(self) -> Image.Image:
        frames = PALETTE.quantize(self._layer())
        image = Image.new("P", (frames.width, frames.height + self.top))
        image.putpalette(PALETTE.image().getpalette() or [])
        image.paste(frames, (0, self.top))
        return image

    def paste(self, piece: Image.Image, xy: tuple[int, int]) -> None:
        self.image.paste(piece, (xy[0], xy[1] + self.top))

    def piece(self, xy: tuple[int, int], key: Hashable, size: tuple[int, int], ground: RGB,
              paint: Painter, *args: Any) -> None:
        """``paint``'s piece (see ``on_palette``) with its top-left corner at ``xy``."""
        self.paste(on_palette(key, size, ground, paint, *args), xy)

    def over_layer(self, box: Box, key: Hashable, paint: Painter, *args: Any) -> None:
        """``paint(image, draw, box, *args)`` over the layer's own pixels in ``box`` (a seat
        disc on a track, a note on a panel), kept by ``key``."""
        x0, y0, x1, y1 = box

        def build() -> Image.Image:
            image = self._layer().crop((x0, y0, x1 + 1, y1 + 1))
            paint(image, ImageDraw.Draw(image), (0, 0, x1 - x0, y1 - y0), *args)
            return PALETTE.quantize(image)

        self.paste(sprites.get(("resafa-over", self.layer_key, box, key), build), (x0, y0))

    def ring(self, box: Box, thickness: int) -> None:
        """Ring ``box`` as changed since the board before (the kit's mark)."""
        x0, y0, x1, y1 = box
        mark_changed(ImageDraw.Draw(self.image), (x0, y0 + self.top, x1, y1 + self.top),
                     thickness)
