"""Yspahan's icons, drawn with the kit's primitives in Yspahan's colours: gold coins, victory
points, camels and the Tower's dice."""

from __future__ import annotations

from PIL import Image

from games.yspahan.render import colours
from renderers.kit import icons as kit
from renderers.kit import palette as pal
from renderers.kit.palette import RGB


def gold(size: int) -> Image.Image:
    return kit.token("hexagon", "G", size, colours.GOLD, colours.GOLD_EDGE, colours.GOLD_INK)


def vp(size: int) -> Image.Image:
    return kit.star_medal(size, colours.VP, colours.VP_EDGE, colours.VP_STAR)


def camel(size: int, framed: bool = True) -> Image.Image:
    """A camel on an amber tile, or bare (its outline only matters) when not framed."""
    return kit.glyph_tile(kit.camel, size, colours.CAMEL, pal.INK_DARK, framed)


def die(value: int, size: int, fill: RGB) -> Image.Image:
    return kit.die(value, size, fill, pal.INK_DARK)
