"""Targi's 256 colours: the kit's and its own named colours, blends of its inks over its
surfaces, and its icons. Nothing of another game goes in, so no other game moves its pixels."""

from __future__ import annotations

from PIL import Image

from games.targi.render import colours, icons
from renderers.kit import palette as pal
from renderers.kit.quantize import Palette, named_colours


def sprites() -> list[Image.Image]:
    found = [icons.good(k, 32) for k in "DSPG"] + [icons.vp(32), icons.shield(32),
                                                   icons.amulet(32)]
    found += [icons.tribe(s, 32) for s in icons.SYMBOLS]
    found += [icons.figure(seat, 32) for seat in (0, 1, None)]
    found += [icons.marker(seat, 32) for seat in (0, 1)]
    return found


def build() -> Palette:
    """Targi's palette from its colours as they are now (tests rebuild it after a change)."""
    surfaces = (
        pal.BACKGROUND, pal.PANEL, pal.CARD, colours.RAID_CARD, pal.EMPTY_CELL, pal.MAT,
        colours.GOODS_BACK, colours.TRIBE_BACK, colours.ACTION_BAND, colours.GOODS_BAND,
        colours.RAID_BAND, pal.HIGHLIGHT, *colours.SYMBOL_COLOURS.values(), *colours.SEAT_FILL,
    )
    inks = (
        pal.INK_DARK, pal.INK_LIGHT, pal.INK_MUTED, pal.INK_SOFT, pal.HIGHLIGHT, pal.PANEL_EDGE,
        pal.CARD_EDGE, pal.OK, pal.ALERT, colours.RAID_INK, colours.EFFECT_IMMEDIATE,
        colours.EFFECT_PERMANENT, colours.EFFECT_END, *colours.SEAT_OUTLINE,
        colours.GOODS_BACK_PATTERN, colours.TRIBE_BACK_PATTERN, pal.CARD,
    )
    return Palette(named_colours(colours), surfaces, inks, sprites)



PALETTE = build()
