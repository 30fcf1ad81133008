"""Yspahan's 256 colours: the named colours it draws with, blends of its inks over its
surfaces, and its icons."""

from __future__ import annotations

from PIL import Image

from renderers.kit import icons
from renderers.kit import palette as pal
from renderers.kit.quantize import Palette, named_colours

SURFACES = (
    pal.BACKGROUND, pal.PANEL, pal.CARD, pal.EMPTY_CELL, pal.MAT, pal.TRIBE_BACK, pal.HIGHLIGHT,
    *(f for f, _, _ in pal.SEAT_STYLES.values()),
    pal.SACK, pal.BARREL, pal.CHEST, pal.VASE, pal.STREET,
)
INKS = (
    pal.INK_DARK, pal.INK_LIGHT, pal.INK_MUTED, pal.INK_SOFT, pal.HIGHLIGHT, pal.PANEL_EDGE,
    pal.CARD_EDGE, pal.OK, pal.ALERT, *(o for _, o, _ in pal.SEAT_STYLES.values()),
    pal.TRIBE_BACK_PATTERN, pal.CARD,
)


def sprites() -> list[Image.Image]:
    found = [icons.good("G", 32), icons.vp(32), icons.tribe("CAMEL", 32)]
    found += [icons.die(v, 32, fill) for v in (1, 6) for fill in (pal.DIE_WHITE, pal.DIE_YELLOW)]
    return found


PALETTE = Palette(named_colours(), SURFACES, INKS, sprites)
