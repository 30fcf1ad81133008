"""Resafa's 256 colours: the kit's and its own named colours, blends of its inks over its
surfaces, and its icons. Nothing of another game goes in, so no other game moves its pixels."""

from __future__ import annotations

from PIL import Image

from games.resafa.render import colours, icons
from renderers.kit import palette as pal
from renderers.kit.quantize import Palette, named_colours


def sprites() -> list[Image.Image]:
    found = [draw(32) for draw in icons.ITEMS.values()]
    found += [icons.merchant_token(kind, 32) for kind in ("square", "scarab")]
    found += [icons.water_cube(32, active) for active in (True, False)]
    return found


def build() -> Palette:
    """Resafa's palette from its colours as they are now (tests rebuild it after a change)."""
    seats = list(colours.SEAT_STYLES.values())
    surfaces = (
        pal.BACKGROUND, pal.PANEL, pal.CARD, pal.EMPTY_CELL, pal.MAT, pal.HIGHLIGHT,
        *(fill for fill, _, _ in seats),
        colours.YELLOW, colours.WHITE, colours.BLUE, colours.PINK, colours.CITY,
        colours.CANAL, colours.WORKSHOP, colours.WORKSHOP_II, colours.GARDEN_SQUARE,
        colours.GARDEN, colours.SOIL, colours.BOX_FREE,
    )
    inks = (
        pal.INK_DARK, pal.INK_LIGHT, pal.INK_MUTED, pal.INK_SOFT, pal.HIGHLIGHT, pal.PANEL_EDGE,
        pal.CARD_EDGE, pal.OK, pal.ALERT, *(outline for _, outline, _ in seats),
        colours.WATER, colours.ICON_GREEN,
    )
    # its boards change a few places a turn, so most compressed rows come again
    return Palette(named_colours(colours), surfaces, inks, sprites)


PALETTE = build()
