"""Procedural icons that know no game: lettered tokens, a star medal, a meeple, a die, a camel.

Each icon is drawn once at four times its size and scaled down (cheap anti-aliasing), then
kept in the sprite cache; a board pastes the cached RGBA sprite wherever it needs one. Every
colour is a parameter and part of the cache key, so two games may draw the same shape in
their own colours. A game's own icons are painted with the same helpers (``supersampled``,
``points``, ``letter``) in ``games/<name>/render/``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from renderers.kit.cache import sprites
from renderers.kit.fonts import font
from renderers.kit.palette import RGB

SUPERSAMPLE = 4
Points = list[tuple[float, float]]
Units = Callable[[float], float]  # icon units (0..100) to canvas pixels
Painter = Callable[[ImageDraw.ImageDraw, Units], None]
# A glyph drawn in ``ink``, with ``bg`` for the holes that show the ground behind it.
Glyph = Callable[[ImageDraw.ImageDraw, Units, RGB, RGB], None]


def supersampled(size: int, paint: Painter) -> Image.Image:
    """A ``size``-pixel RGBA sprite painted on a 100×100 unit canvas, anti-aliased."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    scale = big / 100.0

    def u(v: float) -> float:
        return v * scale

    paint(draw, u)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def points(u: Units, pts: Sequence[tuple[float, float]]) -> Points:
    return [(u(x), u(y)) for x, y in pts]


def letter(draw: ImageDraw.ImageDraw, u: Units, ch: str, ink: RGB, rel: float = 0.56,
           cy: float = 50) -> None:
    f = font(max(8, round(u(100) * rel)), bold=True)
    draw.text((u(50), u(cy)), ch, font=f, fill=ink, anchor="mm")


def paste(target: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    target.paste(sprite, xy, sprite)


# ---- lettered tokens -----------------------------------------------------------------------


def token(shape: str, mark: str, size: int, fill: RGB, edge: RGB, ink: RGB) -> Image.Image:
    """A resource token with a letter: an ``oval``, a ``block``, a ``ball`` or a ``hexagon``
    (a coin)."""

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        w = max(1, round(u(7)))
        if shape == "oval":
            d.ellipse((u(4), u(16), u(96), u(84)), fill=fill, outline=edge, width=w)
        elif shape == "block":
            d.rounded_rectangle((u(8), u(8), u(92), u(92)), radius=u(16), fill=fill,
                                outline=edge, width=w)
        elif shape == "ball":
            d.ellipse((u(5), u(5), u(95), u(95)), fill=fill, outline=edge, width=w)
        else:
            hexagon = [
                (50 + 46 * math.cos(math.radians(a)), 50 + 46 * math.sin(math.radians(a)))
                for a in range(0, 360, 60)
            ]
            d.polygon(points(u, hexagon), fill=fill, outline=edge, width=w)
        letter(d, u, mark, ink)

    key = ("token", shape, mark, size, fill, edge, ink)
    return sprites.get(key, lambda: supersampled(size, paint))


def disc(mark: str, size: int, fill: RGB, edge: RGB, ink: RGB) -> Image.Image:
    """A wooden disc with a thick rim and a letter (a seat's marker)."""

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        d.ellipse((u(3), u(3), u(97), u(97)), fill=edge)
        d.ellipse((u(11), u(11), u(89), u(89)), fill=fill)
        letter(d, u, mark, ink, rel=0.5)

    return sprites.get(("disc", mark, size, fill, edge, ink), lambda: supersampled(size, paint))


def star_points(cx: float, cy: float, outer: float, inner: float, tips: int = 5) -> Points:
    out: Points = []
    for i in range(tips * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(-90 + i * 180 / tips)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def star_medal(size: int, fill: RGB, edge: RGB, star: RGB) -> Image.Image:
    """A star on a round medallion (victory points)."""

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        d.ellipse((u(3), u(3), u(97), u(97)), fill=fill, outline=edge, width=round(u(6)))
        d.polygon(points(u, star_points(50, 53, 36, 15)), fill=star)

    return sprites.get(("star-medal", size, fill, edge, star), lambda: supersampled(size, paint))


# ---- pieces --------------------------------------------------------------------------------

MEEPLE = [
    (38, 36), (62, 36), (72, 46), (94, 54), (94, 64), (72, 64), (80, 96), (58, 96),
    (50, 80), (42, 96), (20, 96), (28, 64), (6, 64), (6, 54), (28, 46),
]
MEEPLE_HEAD = (33, 3, 67, 37)


def paint_meeple(d: ImageDraw.ImageDraw, u: Units, fill: RGB, edge: RGB) -> None:
    w = max(2, round(u(6)))
    d.polygon(points(u, MEEPLE), fill=fill, outline=edge, width=w)
    x0, y0, x1, y1 = MEEPLE_HEAD
    d.ellipse((u(x0), u(y0), u(x1), u(y1)), fill=fill, outline=edge, width=w)


def meeple(size: int, fill: RGB, edge: RGB, mark: str = "", ink: RGB = (0, 0, 0)) -> Image.Image:
    """A standing figure; ``mark`` (a seat's initial) is printed on its legs from 36 px up."""

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        paint_meeple(d, u, fill, edge)
        if mark and size >= 36:
            letter(d, u, mark, ink, rel=0.3, cy=78)

    key = ("meeple", size, fill, edge, mark, ink)
    return sprites.get(key, lambda: supersampled(size, paint))


_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((50, 50),),
    2: ((28, 28), (72, 72)),
    3: ((26, 26), (50, 50), (74, 74)),
    4: ((28, 28), (72, 28), (28, 72), (72, 72)),
    5: ((26, 26), (74, 26), (50, 50), (26, 74), (74, 74)),
    6: ((28, 24), (72, 24), (28, 50), (72, 50), (28, 76), (72, 76)),
}


def die(value: int, size: int, fill: RGB, ink: RGB) -> Image.Image:
    """A six-sided die showing ``value`` as pips (any other value as a number)."""

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        d.rounded_rectangle((u(3), u(3), u(97), u(97)), radius=u(18), fill=fill,
                            outline=ink, width=max(1, round(u(6))))
        pips = _PIPS.get(value)
        if pips is None:
            letter(d, u, str(value), ink)
            return
        r = 9 if value < 6 else 8.5
        for x, y in pips:
            d.ellipse((u(x - r), u(y - r), u(x + r), u(y + r)), fill=ink)

    return sprites.get(("die", value, size, fill, ink), lambda: supersampled(size, paint))


# ---- glyphs --------------------------------------------------------------------------------


def camel(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    """A one-humped camel facing right."""
    d.ellipse((u(22), u(24), u(58), u(64)), fill=ink)  # hump
    d.rounded_rectangle((u(10), u(42), u(70), u(64)), radius=u(10), fill=ink)  # body
    d.polygon(points(u, [(62, 50), (74, 20), (84, 20), (74, 56)]), fill=ink)  # neck
    d.rounded_rectangle((u(74), u(14), u(95), u(28)), radius=u(5), fill=ink)  # head
    for x in (16, 28, 52, 62):  # legs
        d.rectangle((u(x), u(60), u(x + 7), u(92)), fill=ink)
    _ = bg


def glyph_tile(glyph: Glyph | str, size: int, colour: RGB, ink: RGB,
               framed: bool = True) -> Image.Image:
    """``glyph`` in ``ink`` (a painter, or a string drawn as its first letter); framed = on a
    rounded tile of ``colour``, else bare with ``colour`` only in its holes."""

    def paint_glyph(d: ImageDraw.ImageDraw, u: Units) -> None:
        if isinstance(glyph, str):
            letter(d, u, glyph[:1] or "?", ink)
        else:
            glyph(d, u, ink, colour)

    def build() -> Image.Image:
        if not framed:
            return supersampled(size, paint_glyph)
        big = size * SUPERSAMPLE
        tile = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        ImageDraw.Draw(tile).rounded_rectangle(
            (0, 0, big - 1, big - 1), radius=big // 6, fill=colour, outline=ink,
            width=max(1, big // 25),
        )
        inner = round(big * 0.72)
        layer = Image.new("RGBA", (inner, inner), (0, 0, 0, 0))
        paint_glyph(ImageDraw.Draw(layer), lambda v: v * inner / 100.0)
        tile.alpha_composite(layer, ((big - inner) // 2, (big - inner) // 2))
        return tile.resize((size, size), Image.Resampling.LANCZOS)

    return sprites.get(("glyph-tile", glyph, size, colour, ink, framed), build)
