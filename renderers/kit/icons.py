"""Procedural icons: resources, victory points, the five tribe symbols and the wooden pieces.

Each icon is drawn once at four times its size and scaled down (cheap anti-aliasing), then
kept in the sprite cache; a board pastes the cached RGBA sprite wherever it needs one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from renderers.kit import palette as pal
from renderers.kit.cache import sprites
from renderers.kit.fonts import font
from renderers.kit.palette import RGB

SUPERSAMPLE = 4
Points = list[tuple[float, float]]
Painter = Callable[[ImageDraw.ImageDraw, Callable[[float], float]], None]

GOODS: dict[str, tuple[RGB, RGB, RGB]] = {  # letter: (fill, outline, letter ink)
    "D": (pal.DATE, (64, 34, 14), (250, 236, 214)),
    "S": (pal.SALT, (120, 120, 126), (40, 40, 46)),
    "P": (pal.PEPPER, (110, 20, 16), (255, 240, 236)),
    "G": (pal.GOLD, (150, 110, 0), (70, 50, 0)),
}
GOODS_NAMES: dict[str, str] = {"D": "date", "S": "salt", "P": "pepper", "G": "gold"}


def _render(size: int, paint: Painter) -> Image.Image:
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    scale = big / 100.0

    def u(v: float) -> float:  # icon units (0..100) to canvas pixels
        return v * scale

    paint(draw, u)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def _pts(u: Callable[[float], float], points: Sequence[tuple[float, float]]) -> Points:
    return [(u(x), u(y)) for x, y in points]


def _letter(draw: ImageDraw.ImageDraw, u: Callable[[float], float], ch: str, ink: RGB,
            rel: float = 0.56, cy: float = 50) -> None:
    f = font(max(8, round(u(100) * rel)), bold=True)
    draw.text((u(50), u(cy)), ch, font=f, fill=ink, anchor="mm")


def good(kind: str, size: int) -> Image.Image:
    """A goods or gold token: date brown oval, salt white block, pepper red ball, gold coin."""
    kind = kind.upper()

    def build() -> Image.Image:
        fill, edge, ink = GOODS[kind]

        def paint(d: ImageDraw.ImageDraw, u: Callable[[float], float]) -> None:
            w = max(1, round(u(7)))
            if kind == "D":
                d.ellipse((u(4), u(16), u(96), u(84)), fill=fill, outline=edge, width=w)
            elif kind == "S":
                d.rounded_rectangle((u(8), u(8), u(92), u(92)), radius=u(16), fill=fill,
                                    outline=edge, width=w)
            elif kind == "P":
                d.ellipse((u(5), u(5), u(95), u(95)), fill=fill, outline=edge, width=w)
            else:
                hexagon = [
                    (50 + 46 * math.cos(math.radians(a)), 50 + 46 * math.sin(math.radians(a)))
                    for a in range(0, 360, 60)
                ]
                d.polygon(_pts(u, hexagon), fill=fill, outline=edge, width=w)
            _letter(d, u, kind, ink)

        return _render(size, paint)

    return sprites.get(("good", kind, size), build)


def _star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> Points:
    out: Points = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(-90 + i * 180 / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def vp(size: int) -> Image.Image:
    """A victory point: a light star on a green medallion."""

    def paint(d: ImageDraw.ImageDraw, u: Callable[[float], float]) -> None:
        d.ellipse((u(3), u(3), u(97), u(97)), fill=pal.VP, outline=(16, 60, 46), width=round(u(6)))
        d.polygon(_pts(u, _star(50, 53, 36, 15)), fill=pal.VP_STAR)

    return sprites.get(("vp", size), lambda: _render(size, paint))


def _tent(d: ImageDraw.ImageDraw, u: Callable[[float], float], ink: RGB, bg: RGB) -> None:
    d.polygon(_pts(u, [(8, 86), (50, 14), (92, 86)]), fill=ink)
    d.polygon(_pts(u, [(38, 86), (50, 58), (62, 86)]), fill=bg)
    d.line(_pts(u, [(50, 14), (50, 6)]), fill=ink, width=round(u(6)))


def _well(d: ImageDraw.ImageDraw, u: Callable[[float], float], ink: RGB, bg: RGB) -> None:
    d.rectangle((u(14), u(12), u(86), u(22)), fill=ink)  # roof beam
    d.rectangle((u(20), u(20), u(29), u(58)), fill=ink)  # posts
    d.rectangle((u(71), u(20), u(80), u(58)), fill=ink)
    d.line(_pts(u, [(50, 22), (50, 34)]), fill=ink, width=round(u(4)))
    d.polygon(_pts(u, [(41, 34), (59, 34), (56, 48), (44, 48)]), fill=ink)  # bucket
    d.rounded_rectangle((u(12), u(56), u(88), u(90)), radius=u(6), fill=ink)  # stone ring
    d.line(_pts(u, [(16, 73), (84, 73)]), fill=bg, width=round(u(4)))


def _camel(d: ImageDraw.ImageDraw, u: Callable[[float], float], ink: RGB, bg: RGB) -> None:
    d.ellipse((u(22), u(24), u(58), u(64)), fill=ink)  # hump
    d.rounded_rectangle((u(10), u(42), u(70), u(64)), radius=u(10), fill=ink)  # body
    d.polygon(_pts(u, [(62, 50), (74, 20), (84, 20), (74, 56)]), fill=ink)  # neck
    d.rounded_rectangle((u(74), u(14), u(95), u(28)), radius=u(5), fill=ink)  # head
    for x in (16, 28, 52, 62):  # legs
        d.rectangle((u(x), u(60), u(x + 7), u(92)), fill=ink)
    _ = bg


def _oasis(d: ImageDraw.ImageDraw, u: Callable[[float], float], ink: RGB, bg: RGB) -> None:
    d.ellipse((u(8), u(76), u(92), u(96)), fill=ink)  # water
    d.line(_pts(u, [(28, 86), (72, 86)]), fill=bg, width=round(u(3)))
    d.polygon(_pts(u, [(46, 80), (54, 80), (58, 30), (50, 30)]), fill=ink)  # trunk
    for box, start, end in (
        ((6, 18, 58, 58), 190, 300),  # fronds, as thick arcs
        ((46, 18, 98, 58), 240, 350),
        ((18, 8, 60, 40), 200, 320),
        ((44, 8, 86, 40), 220, 340),
    ):
        d.arc(_pts(u, [box[:2], box[2:]]), start, end, fill=ink, width=round(u(9)))
    d.ellipse((u(46), u(22), u(60), u(36)), fill=ink)


def _targia(d: ImageDraw.ImageDraw, u: Callable[[float], float], ink: RGB, bg: RGB) -> None:
    # the Agadez cross: a ring over a cross with a pointed foot
    d.ellipse((u(32), u(4), u(68), u(40)), fill=ink)
    d.ellipse((u(42), u(14), u(58), u(30)), fill=bg)
    d.rectangle((u(14), u(44), u(86), u(54)), fill=ink)
    d.ellipse((u(8), u(42), u(22), u(56)), fill=ink)
    d.ellipse((u(78), u(42), u(92), u(56)), fill=ink)
    d.polygon(_pts(u, [(40, 38), (60, 38), (56, 62), (50, 96), (44, 62)]), fill=ink)


_GLYPHS: dict[str, Callable[[ImageDraw.ImageDraw, Callable[[float], float], RGB, RGB], None]] = {
    "TENT": _tent,
    "WELL": _well,
    "CAMEL": _camel,
    "OASIS": _oasis,
    "TARGIA": _targia,
}
SYMBOLS: tuple[str, ...] = tuple(_GLYPHS)


def tribe(symbol: str, size: int, framed: bool = True) -> Image.Image:
    """A tribe symbol glyph; framed = on a rounded tile of the symbol's colour."""
    symbol = symbol.upper()
    colour = pal.SYMBOL_COLOURS.get(symbol, pal.CARD_EDGE)
    glyph = _GLYPHS.get(symbol)

    def paint_glyph(d: ImageDraw.ImageDraw, u: Callable[[float], float]) -> None:
        if glyph:
            glyph(d, u, pal.INK_DARK, colour)
        else:
            _letter(d, u, symbol[:1] or "?", pal.INK_DARK)

    def build() -> Image.Image:
        if not framed:
            return _render(size, paint_glyph)
        big = size * SUPERSAMPLE
        tile = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        ImageDraw.Draw(tile).rounded_rectangle(
            (0, 0, big - 1, big - 1), radius=big // 6, fill=colour, outline=pal.INK_DARK,
            width=max(1, big // 25),
        )
        inner = round(big * 0.72)
        layer = Image.new("RGBA", (inner, inner), (0, 0, 0, 0))
        paint_glyph(ImageDraw.Draw(layer), lambda v: v * inner / 100.0)
        tile.alpha_composite(layer, ((big - inner) // 2, (big - inner) // 2))
        return tile.resize((size, size), Image.Resampling.LANCZOS)

    return sprites.get(("tribe", symbol, size, framed), build)


_MEEPLE = [
    (38, 36), (62, 36), (72, 46), (94, 54), (94, 64), (72, 64), (80, 96), (58, 96),
    (50, 80), (42, 96), (20, 96), (28, 64), (6, 64), (6, 54), (28, 46),
]


def figure(seat: int | None, size: int) -> Image.Image:
    """A Targi figure in its seat colour (None = the grey robber with a mask), with its initial."""

    def paint(d: ImageDraw.ImageDraw, u: Callable[[float], float]) -> None:
        if seat is None:
            fill, edge = pal.ROBBER, pal.ROBBER_OUTLINE
        else:
            fill, edge = pal.seat_fill(seat), pal.seat_outline(seat)
        w = max(2, round(u(6)))
        d.polygon(_pts(u, _MEEPLE), fill=fill, outline=edge, width=w)
        d.ellipse((u(33), u(3), u(67), u(37)), fill=fill, outline=edge, width=w)
        if seat is None:
            d.rectangle((u(33), u(14), u(67), u(24)), fill=edge)  # the robber's mask
            d.ellipse((u(40), u(16), u(46), u(22)), fill=fill)
            d.ellipse((u(54), u(16), u(60), u(22)), fill=fill)
        elif size >= 36:
            ink = pal.seat_ink(seat)
            _letter(d, u, pal.SEAT_NAMES[seat % 2][0], ink, rel=0.3, cy=78)

    return sprites.get(("figure", seat, size), lambda: _render(size, paint))


def marker(seat: int, size: int) -> Image.Image:
    """A tribe marker: a wooden disc in the seat colour with the seat's initial."""

    def paint(d: ImageDraw.ImageDraw, u: Callable[[float], float]) -> None:
        fill, edge = pal.seat_fill(seat), pal.seat_outline(seat)
        d.ellipse((u(3), u(3), u(97), u(97)), fill=edge)
        d.ellipse((u(11), u(11), u(89), u(89)), fill=fill)
        _letter(d, u, pal.SEAT_NAMES[seat % 2][0], pal.seat_ink(seat), rel=0.5)

    return sprites.get(("marker", seat, size), lambda: _render(size, paint))


def shield(size: int) -> Image.Image:
    """Raid protection."""

    def paint(d: ImageDraw.ImageDraw, u: Callable[[float], float]) -> None:
        outline = [(50, 4), (92, 18), (88, 58), (50, 96), (12, 58), (8, 18)]
        d.polygon(_pts(u, outline), fill=pal.OK, outline=(20, 70, 40), width=round(u(6)))
        d.line(_pts(u, [(30, 50), (45, 66), (72, 34)]), fill=(255, 255, 255), width=round(u(10)))

    return sprites.get(("shield", size), lambda: _render(size, paint))


def amulet(size: int) -> Image.Image:
    """The starting-player token."""

    def paint(d: ImageDraw.ImageDraw, u: Callable[[float], float]) -> None:
        d.ellipse((u(3), u(3), u(97), u(97)), fill=(196, 150, 40), outline=(90, 60, 0),
                  width=round(u(6)))
        d.polygon(_pts(u, [(50, 16), (80, 50), (50, 84), (20, 50)]), fill=(255, 236, 170),
                  outline=(90, 60, 0), width=round(u(5)))
        d.ellipse((u(42), u(42), u(58), u(58)), fill=(90, 60, 0))

    return sprites.get(("amulet", size), lambda: _render(size, paint))


_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((50, 50),),
    2: ((28, 28), (72, 72)),
    3: ((26, 26), (50, 50), (74, 74)),
    4: ((28, 28), (72, 28), (28, 72), (72, 72)),
    5: ((26, 26), (74, 26), (50, 50), (26, 74), (74, 74)),
    6: ((28, 24), (72, 24), (28, 50), (72, 50), (28, 76), (72, 76)),
}


def die(value: int, size: int, fill: RGB = pal.DIE_WHITE) -> Image.Image:
    """A six-sided die showing ``value`` as pips (any other value as a number)."""

    def paint(d: ImageDraw.ImageDraw, u: Callable[[float], float]) -> None:
        d.rounded_rectangle((u(3), u(3), u(97), u(97)), radius=u(18), fill=fill,
                            outline=pal.INK_DARK, width=max(1, round(u(6))))
        pips = _PIPS.get(value)
        if pips is None:
            _letter(d, u, str(value), pal.INK_DARK)
            return
        r = 9 if value < 6 else 8.5
        for x, y in pips:
            d.ellipse((u(x - r), u(y - r), u(x + r), u(y + r)), fill=pal.INK_DARK)

    return sprites.get(("die", value, size, fill), lambda: _render(size, paint))


def paste(target: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    target.paste(sprite, xy, sprite)


def _crown(d: ImageDraw.ImageDraw, u: Callable[[float], float], ink: RGB) -> None:
    d.polygon(_pts(u, [(10, 78), (10, 30), (30, 52), (50, 20), (70, 52), (90, 30), (90, 78)]),
              fill=ink)
    for x, y in ((10, 26), (50, 16), (90, 26)):
        d.ellipse((u(x - 7), u(y - 7), u(x + 7), u(y + 7)), fill=ink)
    d.rectangle((u(10), u(82), u(90), u(92)), fill=ink)


def _exchange(d: ImageDraw.ImageDraw, u: Callable[[float], float], ink: RGB) -> None:
    d.rectangle((u(10), u(26), u(70), u(38)), fill=ink)
    d.polygon(_pts(u, [(66, 14), (92, 32), (66, 50)]), fill=ink)
    d.rectangle((u(30), u(62), u(90), u(74)), fill=ink)
    d.polygon(_pts(u, [(34, 50), (8, 68), (34, 86)]), fill=ink)


def _mirage(d: ImageDraw.ImageDraw, u: Callable[[float], float], ink: RGB) -> None:
    for y in (24, 50, 76):
        d.arc((u(6), u(y - 14), u(38), u(y + 14)), 180, 360, fill=ink, width=round(u(9)))
        d.arc((u(34), u(y - 14), u(66), u(y + 14)), 0, 180, fill=ink, width=round(u(9)))
        d.arc((u(62), u(y - 14), u(94), u(y + 14)), 180, 360, fill=ink, width=round(u(9)))


def _ring(d: ImageDraw.ImageDraw, u: Callable[[float], float], ink: RGB) -> None:
    d.ellipse((u(14), u(30), u(86), u(96)), outline=ink, width=round(u(12)))
    d.polygon(_pts(u, [(50, 4), (70, 22), (50, 40), (30, 22)]), fill=ink)


def _card_stack(colour: RGB) -> Callable[[ImageDraw.ImageDraw, Callable[[float], float], RGB],
                                         None]:
    def paint(d: ImageDraw.ImageDraw, u: Callable[[float], float], ink: RGB) -> None:
        d.rounded_rectangle((u(30), u(8), u(86), u(80)), radius=u(8), fill=ink)
        d.rounded_rectangle((u(14), u(20), u(70), u(92)), radius=u(8), fill=colour, outline=ink,
                            width=round(u(7)))

    return paint


_ACTION_GLYPHS = {
    "noble": _crown,
    "trader": _exchange,
    "fata morgana": _mirage,
    "silversmith": _ring,
    "caravan": _card_stack(pal.GOODS_BACK),
    "tribal expansion": _card_stack(pal.TRIBE_BACK),
}


def action(name: str, size: int, ink: RGB = pal.CARD) -> Image.Image | None:
    """A glyph for a Targi action card by its name, or None for a name without one."""
    glyph = _ACTION_GLYPHS.get(name.lower())
    if glyph is None:
        return None

    def paint(d: ImageDraw.ImageDraw, u: Callable[[float], float]) -> None:
        glyph(d, u, ink)

    return sprites.get(("action", name.lower(), size, ink), lambda: _render(size, paint))
