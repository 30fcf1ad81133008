"""Targi's 256 colours: the named colours it draws with, blends of its inks over its surfaces,
and its icons."""

from __future__ import annotations

from PIL import Image

from renderers.kit import icons
from renderers.kit import palette as pal
from renderers.kit.quantize import Palette, named_colours

SURFACES = (
    pal.BACKGROUND, pal.PANEL, pal.CARD, pal.RAID_CARD, pal.EMPTY_CELL, pal.MAT, pal.GOODS_BACK,
    pal.TRIBE_BACK, pal.ACTION_BAND, pal.GOODS_BAND, pal.RAID_BAND, pal.HIGHLIGHT,
    *pal.SYMBOL_COLOURS.values(), *pal.SEAT_FILL,
)
INKS = (
    pal.INK_DARK, pal.INK_LIGHT, pal.INK_MUTED, pal.INK_SOFT, pal.HIGHLIGHT, pal.PANEL_EDGE,
    pal.CARD_EDGE, pal.OK, pal.ALERT, pal.RAID_INK, pal.EFFECT_IMMEDIATE, pal.EFFECT_PERMANENT,
    pal.EFFECT_END, *pal.SEAT_OUTLINE, pal.GOODS_BACK_PATTERN, pal.TRIBE_BACK_PATTERN, pal.CARD,
)


def sprites() -> list[Image.Image]:
    found = [icons.good(k, 32) for k in "DSPG"] + [icons.vp(32), icons.shield(32),
                                                   icons.amulet(32)]
    found += [icons.tribe(s, 32) for s in icons.SYMBOLS]
    found += [icons.figure(seat, 32) for seat in (0, 1, None)]
    found += [icons.marker(seat, 32) for seat in (0, 1)]
    return found


PALETTE = Palette(
    named_colours() + [c for rgb in icons.GOODS.values() for c in rgb], SURFACES, INKS, sprites
)
