"""Yspahan's 256 colours: the kit's and its own named colours, blends of its inks over its
surfaces, and its icons. Nothing of another game goes in, so no other game moves its pixels."""

from __future__ import annotations

from PIL import Image

from games.yspahan.render import colours, icons
from renderers.kit import palette as pal
from renderers.kit.quantize import Palette, named_colours


def sprites() -> list[Image.Image]:
    found = [icons.gold(32), icons.vp(32), icons.camel(32)]
    found += [icons.die(v, 32, fill) for v in (1, 6)
              for fill in (colours.DIE_WHITE, colours.DIE_YELLOW)]
    return found


def build() -> Palette:
    """Yspahan's palette from its colours as they are now (tests rebuild it after a change)."""
    seats = [pal.SEAT_STYLES[label] for label in ("Blue", "White", "Red", "Green", "Yellow")]
    surfaces = (
        pal.BACKGROUND, pal.PANEL, pal.CARD, pal.EMPTY_CELL, pal.MAT, colours.CARD_BACK,
        pal.HIGHLIGHT, *(fill for fill, _, _ in seats),
        colours.SACK, colours.BARREL, colours.CHEST, colours.VASE, colours.STREET,
    )
    inks = (
        pal.INK_DARK, pal.INK_LIGHT, pal.INK_MUTED, pal.INK_SOFT, pal.HIGHLIGHT, pal.PANEL_EDGE,
        pal.CARD_EDGE, pal.OK, pal.ALERT, *(outline for _, outline, _ in seats),
        colours.CARD_BACK_PATTERN, pal.CARD,
    )
    return Palette(named_colours(colours), surfaces, inks, sprites)


PALETTE = build()
