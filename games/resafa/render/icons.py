"""Resafa's icons, drawn with the kit's primitives in Resafa's colours: the items (coin, stone,
marble, spice, amphora, camel, points), merchant tokens and water cubes."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.resafa.render import colours
from renderers.kit import icons as kit
from renderers.kit import palette as pal
from renderers.kit import sprites
from renderers.kit.icons import Units


def coin(size: int) -> Image.Image:
    return kit.token("hexagon", "C", size, colours.COIN, colours.COIN_EDGE, colours.COIN_INK)


def stone(size: int) -> Image.Image:
    return kit.token("block", "S", size, colours.STONE, colours.STONE_EDGE, pal.INK_DARK)


def marble(size: int) -> Image.Image:
    return kit.token("ball", "M", size, colours.MARBLE, colours.MARBLE_EDGE, pal.INK_DARK)


def spice(size: int) -> Image.Image:
    return kit.token("oval", "Sp", size, colours.SPICE, colours.SPICE_EDGE, pal.INK_LIGHT)


def amphora(size: int) -> Image.Image:
    return kit.token("block", "A", size, colours.AMPHORA, colours.AMPHORA_EDGE, pal.INK_LIGHT)


def camel(size: int, framed: bool = True) -> Image.Image:
    return kit.glyph_tile(kit.camel, size, colours.CAMEL, pal.INK_DARK, framed)


def vp(size: int) -> Image.Image:
    return kit.star_medal(size, colours.VP, colours.VP_EDGE, colours.VP_STAR)


ITEMS = {"C": coin, "S": stone, "M": marble, "Sp": spice, "A": amphora, "Cam": camel, "VP": vp}


def item(code: str, size: int) -> Image.Image | None:
    """The icon of an item code (C, S, M, Sp, A, Cam, VP), or None for another code."""
    draw = ITEMS.get(code)
    return draw(size) if draw is not None else None


def merchant_token(kind: str, size: int) -> Image.Image:
    """A scarab (a rounded beetle) or a square merchant token."""

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        w = max(1, round(u(7)))
        if kind == "scarab":
            d.ellipse((u(18), u(6), u(82), u(94)), fill=colours.SCARAB, outline=pal.INK_DARK,
                      width=w)
            d.line((u(50), u(30), u(50), u(92)), fill=pal.INK_DARK, width=w)
            d.ellipse((u(36), u(2), u(64), u(26)), fill=pal.INK_DARK)
        else:
            d.rectangle((u(12), u(12), u(88), u(88)), fill=colours.SQUARE_TOKEN,
                        outline=pal.INK_DARK, width=w)

    return sprites.get(("resafa-token", kind, size), lambda: kit.supersampled(size, paint))


def water_cube(size: int, active: bool) -> Image.Image:
    fill = colours.CUBE_ACTIVE if active else colours.CUBE_IDLE
    edge = colours.WATER_DEEP if active else pal.INK_SOFT
    return kit.token("block", "", size, fill, edge, pal.INK_DARK)
