"""Targi's icons: goods tokens, victory points, the five tribe symbols, figures, markers, the
robber, the shield and amulet tokens and the action-card glyphs, drawn with the kit's helpers
in Targi's colours."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from games.targi.render import colours
from renderers.kit import icons as kit
from renderers.kit import palette as pal
from renderers.kit.cache import sprites
from renderers.kit.icons import Glyph, Units, points
from renderers.kit.palette import RGB

GOODS_SHAPES = {"D": "oval", "S": "block", "P": "ball", "G": "hexagon"}
GOODS_NAMES: dict[str, str] = {"D": "date", "S": "salt", "P": "pepper", "G": "gold"}


def good(kind: str, size: int) -> Image.Image:
    """A goods or gold token: date brown oval, salt white block, pepper red ball, gold coin."""
    kind = kind.upper()
    fill, edge, ink = colours.GOODS[kind]
    return kit.token(GOODS_SHAPES[kind], kind, size, fill, edge, ink)


def vp(size: int) -> Image.Image:
    """A victory point: a light star on a green medallion."""
    return kit.star_medal(size, colours.VP, colours.VP_EDGE, colours.VP_STAR)


def _tent(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    d.polygon(points(u, [(8, 86), (50, 14), (92, 86)]), fill=ink)
    d.polygon(points(u, [(38, 86), (50, 58), (62, 86)]), fill=bg)
    d.line(points(u, [(50, 14), (50, 6)]), fill=ink, width=round(u(6)))


def _well(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    d.rectangle((u(14), u(12), u(86), u(22)), fill=ink)  # roof beam
    d.rectangle((u(20), u(20), u(29), u(58)), fill=ink)  # posts
    d.rectangle((u(71), u(20), u(80), u(58)), fill=ink)
    d.line(points(u, [(50, 22), (50, 34)]), fill=ink, width=round(u(4)))
    d.polygon(points(u, [(41, 34), (59, 34), (56, 48), (44, 48)]), fill=ink)  # bucket
    d.rounded_rectangle((u(12), u(56), u(88), u(90)), radius=u(6), fill=ink)  # stone ring
    d.line(points(u, [(16, 73), (84, 73)]), fill=bg, width=round(u(4)))


def _oasis(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    d.ellipse((u(8), u(76), u(92), u(96)), fill=ink)  # water
    d.line(points(u, [(28, 86), (72, 86)]), fill=bg, width=round(u(3)))
    d.polygon(points(u, [(46, 80), (54, 80), (58, 30), (50, 30)]), fill=ink)  # trunk
    for box, start, end in (
        ((6, 18, 58, 58), 190, 300),  # fronds, as thick arcs
        ((46, 18, 98, 58), 240, 350),
        ((18, 8, 60, 40), 200, 320),
        ((44, 8, 86, 40), 220, 340),
    ):
        d.arc(points(u, [box[:2], box[2:]]), start, end, fill=ink, width=round(u(9)))
    d.ellipse((u(46), u(22), u(60), u(36)), fill=ink)


def _targia(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    # the Agadez cross: a ring over a cross with a pointed foot
    d.ellipse((u(32), u(4), u(68), u(40)), fill=ink)
    d.ellipse((u(42), u(14), u(58), u(30)), fill=bg)
    d.rectangle((u(14), u(44), u(86), u(54)), fill=ink)
    d.ellipse((u(8), u(42), u(22), u(56)), fill=ink)
    d.ellipse((u(78), u(42), u(92), u(56)), fill=ink)
    d.polygon(points(u, [(40, 38), (60, 38), (56, 62), (50, 96), (44, 62)]), fill=ink)


_GLYPHS: dict[str, Glyph] = {
    "TENT": _tent,
    "WELL": _well,
    "CAMEL": kit.camel,
    "OASIS": _oasis,
    "TARGIA": _targia,
}
SYMBOLS: tuple[str, ...] = tuple(_GLYPHS)


def tribe(symbol: str, size: int, framed: bool = True) -> Image.Image:
    """A tribe symbol glyph; framed = on a rounded tile of the symbol's colour."""
    symbol = symbol.upper()
    colour = colours.SYMBOL_COLOURS.get(symbol, pal.CARD_EDGE)
    glyph = _GLYPHS.get(symbol, symbol)
    return kit.glyph_tile(glyph, size, colour, pal.INK_DARK, framed)


def figure(seat: int | None, size: int) -> Image.Image:
    """A figure in its seat colour with its initial (None = the grey robber with a mask)."""
    if seat is not None:
        return kit.meeple(size, colours.seat_fill(seat), colours.seat_outline(seat),
                          colours.seat_name(seat)[0], colours.seat_ink(seat))

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        fill, edge = colours.ROBBER, colours.ROBBER_OUTLINE
        kit.paint_meeple(d, u, fill, edge)
        d.rectangle((u(33), u(14), u(67), u(24)), fill=edge)  # the robber's mask
        d.ellipse((u(40), u(16), u(46), u(22)), fill=fill)
        d.ellipse((u(54), u(16), u(60), u(22)), fill=fill)

    return sprites.get(("targi-robber", size), lambda: kit.supersampled(size, paint))


def marker(seat: int, size: int) -> Image.Image:
    """A tribe marker: a wooden disc in the seat colour with the seat's initial."""
    return kit.disc(colours.seat_name(seat)[0], size, colours.seat_fill(seat),
                    colours.seat_outline(seat), colours.seat_ink(seat))


def shield(size: int) -> Image.Image:
    """Raid protection."""

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        outline = [(50, 4), (92, 18), (88, 58), (50, 96), (12, 58), (8, 18)]
        d.polygon(points(u, outline), fill=colours.SHIELD, outline=colours.SHIELD_EDGE,
                  width=round(u(6)))
        d.line(points(u, [(30, 50), (45, 66), (72, 34)]), fill=colours.SHIELD_TICK,
               width=round(u(10)))

    return sprites.get(("targi-shield", size), lambda: kit.supersampled(size, paint))


def amulet(size: int) -> Image.Image:
    """The starting-player token."""

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        d.ellipse((u(3), u(3), u(97), u(97)), fill=colours.AMULET, outline=colours.AMULET_EDGE,
                  width=round(u(6)))
        d.polygon(points(u, [(50, 16), (80, 50), (50, 84), (20, 50)]), fill=colours.AMULET_STONE,
                  outline=colours.AMULET_EDGE, width=round(u(5)))
        d.ellipse((u(42), u(42), u(58), u(58)), fill=colours.AMULET_EDGE)

    return sprites.get(("targi-amulet", size), lambda: kit.supersampled(size, paint))


# ---- action-card glyphs --------------------------------------------------------------------

ActionGlyph = Callable[[ImageDraw.ImageDraw, Units, RGB], None]


def _crown(d: ImageDraw.ImageDraw, u: Units, ink: RGB) -> None:
    d.polygon(points(u, [(10, 78), (10, 30), (30, 52), (50, 20), (70, 52), (90, 30), (90, 78)]),
              fill=ink)
    for x, y in ((10, 26), (50, 16), (90, 26)):
        d.ellipse((u(x - 7), u(y - 7), u(x + 7), u(y + 7)), fill=ink)
    d.rectangle((u(10), u(82), u(90), u(92)), fill=ink)


def _exchange(d: ImageDraw.ImageDraw, u: Units, ink: RGB) -> None:
    d.rectangle((u(10), u(26), u(70), u(38)), fill=ink)
    d.polygon(points(u, [(66, 14), (92, 32), (66, 50)]), fill=ink)
    d.rectangle((u(30), u(62), u(90), u(74)), fill=ink)
    d.polygon(points(u, [(34, 50), (8, 68), (34, 86)]), fill=ink)


def _mirage(d: ImageDraw.ImageDraw, u: Units, ink: RGB) -> None:
    for y in (24, 50, 76):
        d.arc((u(6), u(y - 14), u(38), u(y + 14)), 180, 360, fill=ink, width=round(u(9)))
        d.arc((u(34), u(y - 14), u(66), u(y + 14)), 0, 180, fill=ink, width=round(u(9)))
        d.arc((u(62), u(y - 14), u(94), u(y + 14)), 180, 360, fill=ink, width=round(u(9)))


def _ring(d: ImageDraw.ImageDraw, u: Units, ink: RGB) -> None:
    d.ellipse((u(14), u(30), u(86), u(96)), outline=ink, width=round(u(12)))
    d.polygon(points(u, [(50, 4), (70, 22), (50, 40), (30, 22)]), fill=ink)


def _card_stack(colour: RGB) -> ActionGlyph:
    def paint(d: ImageDraw.ImageDraw, u: Units, ink: RGB) -> None:
        d.rounded_rectangle((u(30), u(8), u(86), u(80)), radius=u(8), fill=ink)
        d.rounded_rectangle((u(14), u(20), u(70), u(92)), radius=u(8), fill=colour, outline=ink,
                            width=round(u(7)))

    return paint


_ACTION_GLYPHS: dict[str, ActionGlyph] = {
    "noble": _crown,
    "trader": _exchange,
    "fata morgana": _mirage,
    "silversmith": _ring,
    "caravan": _card_stack(colours.GOODS_BACK),
    "tribal expansion": _card_stack(colours.TRIBE_BACK),
}


def action(name: str, size: int, ink: RGB = pal.CARD) -> Image.Image | None:
    """A glyph for an action card by its name, or None for a name without one."""
    glyph = _ACTION_GLYPHS.get(name.lower())
    if glyph is None:
        return None

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        glyph(d, u, ink)

    key = ("targi-action", name.lower(), size, ink)
    return sprites.get(key, lambda: kit.supersampled(size, paint))
