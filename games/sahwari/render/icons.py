"""Sahwari's pieces and effect icons, drawn with the kit's helpers in Sahwari's colours.

The effect icons follow the published token icons: a blue circle with a number (influence
gained), a red one (influence lost), a meeple in a rectangle (gain a recruit card), the same
with "x4" (refresh the market), a spyglass, a chest, a bird with an arrow, a bowl, a tornado
and crossed swords (an attack). Every icon is drawn once per size and kept in the sprite cache.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from games.sahwari.render import colours
from renderers.kit import icons as kit
from renderers.kit import palette as pal
from renderers.kit.cache import sprites
from renderers.kit.icons import Glyph, Units, points, supersampled
from renderers.kit.palette import RGB
from renderers.kit.words import font

# ---- pieces --------------------------------------------------------------------------------

def camel(size: int, fill: RGB, edge: RGB, ink: RGB, mark: str) -> Image.Image:
    """A camel piece in ``fill`` with a dark outline and ``mark`` (a seat's initial, or G1/G2)
    on its hump."""

    def build() -> Image.Image:
        big = size * kit.SUPERSAMPLE
        image = camel_body(big, fill, edge).copy()
        draw = ImageDraw.Draw(image)
        rel = {1: 0.34, 2: 0.26}.get(len(mark), 0.22)
        f = font(max(8, round(big * rel)), bold=True)
        draw.text((big * 0.40, big * 0.50), mark, font=f, fill=ink, anchor="mm")
        return image.resize((size, size), Image.Resampling.LANCZOS)

    return sprites.get(("sahwari-camel", size, fill, edge, ink, mark), build)


@lru_cache(maxsize=32)
def camel_body(big: int, fill: RGB, edge: RGB) -> Image.Image:
    """A camel without its mark, ``big`` pixels square (supersampled): its outline is the
    slowest part of a piece to draw, and every camel of a seat shares it. Copy it to draw on."""
    shape = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    kit.camel(ImageDraw.Draw(shape), lambda v: big * (v * 0.9 + 3) / 100, edge, fill)
    mask = shape.getchannel("A")
    rim = grown(mask, big // 28)
    image = Image.new("RGBA", (big, big), (*edge, 0))
    image.putalpha(rim)
    image.paste(fill, (0, 0), mask)
    return image


def grown(mask: Image.Image, by: int) -> Image.Image:
    """``mask`` grown by ``by`` pixels every way (a square ``MaxFilter`` of side 2·by+1), as
    ``by`` steps of one pixel: the same pixels at a fraction of the cost, which for the largest
    camel was a board's worth of drawing."""
    for _ in range(by):
        mask = mask.filter(ImageFilter.MaxFilter(3))
    return mask


def guild_camel(size: int, camel_id: str) -> Image.Image:
    return camel(size, colours.GUILD_CAMEL, colours.GUILD_CAMEL_EDGE, pal.INK_DARK, camel_id)


def cube(size: int) -> Image.Image:
    """An artifact: a black cube seen from above a corner."""

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        w = max(1, round(u(5)))
        edge = colours.CUBE_EDGE
        d.polygon(points(u, [(50, 6), (92, 26), (50, 46), (8, 26)]),
                  fill=pal.mix(colours.CUBE, edge, 0.35), outline=edge, width=w)
        d.polygon(points(u, [(8, 26), (50, 46), (50, 94), (8, 74)]), fill=colours.CUBE,
                  outline=edge, width=w)
        d.polygon(points(u, [(50, 46), (92, 26), (92, 74), (50, 94)]),
                  fill=pal.mix(colours.CUBE, edge, 0.15), outline=edge, width=w)

    return sprites.get(("sahwari-cube", size), lambda: supersampled(size, paint))


def pawn(size: int) -> Image.Image:
    """A recruit: a white meeple."""
    return kit.meeple(size, colours.PAWN, colours.PAWN_EDGE)


CARAVAN_STYLES: dict[str, tuple[RGB, RGB]] = {
    "yellow": (colours.CARAVAN_YELLOW, colours.CARAVAN_YELLOW_EDGE),
    "blue": (colours.CARAVAN_BLUE, colours.CARAVAN_BLUE_EDGE),
}


def caravan_back(size: int, colour: str, handle: str = "") -> Image.Image:
    """A face-down caravan token: its colour, a camel, and its public handle (c07) if given."""
    fill, edge = CARAVAN_STYLES.get(colour, CARAVAN_STYLES["yellow"])
    ink = pal.INK_DARK if colour == "yellow" else pal.INK_LIGHT

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        d.ellipse((u(3), u(3), u(97), u(97)), fill=fill, outline=edge, width=round(u(7)))
        if handle:
            f = font(max(8, round(u(100) * (0.36 if len(handle) <= 3 else 0.28))), bold=True)
            d.text((u(50), u(52)), handle, font=f, fill=ink, anchor="mm")
        else:  # no handle: the camel printed on the back
            kit.camel(d, lambda v: u(v * 0.6 + 20), ink, fill)

    return sprites.get(("sahwari-caravan", size, colour, handle),
                       lambda: supersampled(size, paint))


# ---- effect glyphs -------------------------------------------------------------------------


def _card_meeple(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    d.rounded_rectangle((u(14), u(4), u(86), u(96)), radius=u(8), outline=ink, width=round(u(8)))
    meeple = [(x * 0.5 + 25, y * 0.5 + 28) for x, y in kit.MEEPLE]
    d.polygon(points(u, meeple), fill=ink)
    d.ellipse((u(41.5), u(29.5), u(58.5), u(46.5)), fill=ink)
    _ = bg


def _refresh(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    d.rounded_rectangle((u(4), u(10), u(58), u(90)), radius=u(7), outline=ink, width=round(u(7)))
    meeple = [(x * 0.38 + 12, y * 0.38 + 38) for x, y in kit.MEEPLE]
    d.polygon(points(u, meeple), fill=ink)
    d.ellipse((u(24.5), u(38.5), u(37.5), u(51.5)), fill=ink)
    f = font(max(8, round(u(30))), bold=True)  # "x4" fits whole right of the card
    d.text((u(79.5), u(52)), "x4", font=f, fill=ink, anchor="mm")
    _ = bg


def _spyglass(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    d.polygon(points(u, [(10, 70), (62, 18), (80, 36), (28, 88)]), fill=ink)  # tube
    d.polygon(points(u, [(58, 10), (70, 0), (98, 28), (88, 40)]), fill=ink)  # lens end
    d.line(points(u, [(36, 44), (54, 62)]), fill=bg, width=round(u(5)))
    d.ellipse((u(2), u(74), u(22), u(94)), fill=ink)  # eyepiece


def _chest(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    d.pieslice((u(8), u(12), u(92), u(64)), 180, 360, fill=ink)  # lid
    d.rectangle((u(8), u(40), u(92), u(88)), fill=ink)  # box
    d.line(points(u, [(8, 44), (92, 44)]), fill=bg, width=round(u(5)))
    d.rounded_rectangle((u(42), u(36), u(58), u(60)), radius=u(3), fill=bg)  # lock
    d.rectangle((u(47), u(46), u(53), u(54)), fill=ink)


def _bird(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    # a bird in flight over an arrow pointing right
    d.polygon(points(u, [(6, 20), (30, 34), (44, 46), (58, 34), (84, 14), (66, 40),
                         (50, 56), (38, 56), (22, 40)]), fill=ink)
    d.ellipse((u(40), u(42), u(56), u(58)), fill=ink)
    d.line(points(u, [(8, 80), (80, 80)]), fill=ink, width=round(u(8)))
    d.polygon(points(u, [(74, 66), (96, 80), (74, 94)]), fill=ink)
    _ = bg


def _bowl(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    d.chord((u(6), u(18), u(94), u(90)), 0, 180, fill=ink)
    d.rectangle((u(6), u(50), u(94), u(58)), fill=ink)
    d.ellipse((u(30), u(20), u(70), u(52)), outline=ink, width=round(u(7)))  # a token in it
    d.rectangle((u(34), u(84), u(66), u(94)), fill=ink)
    _ = bg


def _tornado(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    w = round(u(9))
    for i, (x0, x1) in enumerate(((6, 94), (16, 86), (26, 74), (34, 64), (40, 56))):
        y = 12 + i * 17
        shift = (-4, 3, -2, 4, 0)[i]
        d.line(points(u, [(x0 + shift, y), (x1 + shift, y)]), fill=ink, width=w)
    d.line(points(u, [(48, 88), (46, 96)]), fill=ink, width=w)
    _ = bg


def _swords(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    w = round(u(9))
    for (x0, y0, x1, y1), (gx0, gy0, gx1, gy1) in (
        ((14, 8, 84, 78), (66, 78, 88, 56)),
        ((86, 8, 16, 78), (34, 78, 12, 56)),
    ):
        d.line(points(u, [(x0, y0), (x1, y1)]), fill=ink, width=w)  # blade
        d.line(points(u, [(gx0, gy0), (gx1, gy1)]), fill=ink, width=w)  # guard
    d.ellipse((u(80), u(80), u(96), u(96)), fill=ink)  # pommels
    d.ellipse((u(4), u(80), u(20), u(96)), fill=ink)
    _ = bg


def _padlock(d: ImageDraw.ImageDraw, u: Units, ink: RGB, bg: RGB) -> None:
    d.arc((u(24), u(4), u(76), u(60)), 180, 360, fill=ink, width=round(u(10)))
    d.line(points(u, [(29, 32), (29, 46)]), fill=ink, width=round(u(10)))
    d.line(points(u, [(71, 32), (71, 46)]), fill=ink, width=round(u(10)))
    d.rounded_rectangle((u(12), u(44), u(88), u(96)), radius=u(8), fill=ink)
    d.ellipse((u(43), u(58), u(57), u(72)), fill=bg)
    d.rectangle((u(47), u(66), u(53), u(84)), fill=bg)


GLYPHS: dict[str, Glyph] = {
    "RECRUIT_CARD": _card_meeple,
    "REFRESH": _refresh,
    "SPYGLASS": _spyglass,
    "CHEST": _chest,
    "BIRD": _bird,
    "BOWL": _bowl,
    "TORNADO": _tornado,
    "SWORDS": _swords,
    "LOCK": _padlock,
}
ICON_NAMES: dict[str, str] = {
    "RECRUIT_CARD": "recruit card", "REFRESH": "refresh x4", "SPYGLASS": "spyglass",
    "CHEST": "chest", "BIRD": "bird", "BOWL": "bowl", "TORNADO": "tornado",
    "SWORDS": "swords", "LOCK": "lock",
}


def influence(size: int, amount: int) -> Image.Image:
    """A blue circle with +n (influence gained) or a red one with −n (lost)."""
    fill = colours.INFLUENCE_GAIN if amount >= 0 else colours.INFLUENCE_LOSS
    text = f"+{amount}" if amount >= 0 else f"\u2212{-amount}"

    def paint(d: ImageDraw.ImageDraw, u: Units) -> None:
        d.ellipse((u(3), u(3), u(97), u(97)), fill=fill, outline=pal.INK_LIGHT, width=round(u(6)))
        kit.letter(d, u, text, pal.INK_LIGHT, rel=0.5 if len(text) < 3 else 0.4, cy=52)

    return sprites.get(("sahwari-influence", size, amount), lambda: supersampled(size, paint))


def influence_star(size: int) -> Image.Image:
    """Influence counted so far: a star on a gold medal."""
    return kit.star_medal(size, colours.INFLUENCE_MEDAL, colours.INFLUENCE_MEDAL_EDGE,
                          pal.INK_LIGHT)


def effect(key: str, size: int) -> Image.Image:
    """The icon of an effect key (``SPYGLASS``, ``INF+2``, ``INF-3``…) on a light tile."""
    if key.startswith("INF"):
        try:
            return influence(size, int(key[3:]))
        except ValueError:
            pass
    glyph = GLYPHS.get(key)
    if glyph is None:
        return kit.glyph_tile(key[:1] or "?", size, colours.ICON_GROUND, colours.ICON_INK)
    return kit.glyph_tile(glyph, size, colours.ICON_GROUND, colours.ICON_INK)


def lock_token(size: int) -> Image.Image:
    """A player's lock token (or an attack's lock on an artifact space)."""
    return kit.glyph_tile(_padlock, size, colours.LOCK, colours.LOCK_EDGE)


def strategy_token(size: int) -> Image.Image:
    """A strategy token, attack side up: crossed swords on red."""
    return kit.glyph_tile(_swords, size, colours.STRATEGY, pal.INK_LIGHT)
