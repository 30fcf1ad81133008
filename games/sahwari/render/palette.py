"""Sahwari's 256 colours: the kit's and its own named colours, blends of its inks over its
surfaces, and its icons. Nothing of another game goes in, so no other game moves its pixels."""

from __future__ import annotations

from PIL import Image

from games.sahwari.render import colours, icons
from renderers.kit import palette as pal
from renderers.kit.quantize import Palette, named_colours


def sprites() -> list[Image.Image]:
    found = [icons.effect(key, 32) for key in icons.GLYPHS]
    found += [icons.influence(32, n) for n in (-3, 2)]
    found += [icons.cube(32), icons.pawn(32), icons.guild_camel(32, "G1"),
              icons.caravan_back(32, "yellow", "c01"), icons.caravan_back(32, "blue", "c02"),
              icons.lock_token(32), icons.strategy_token(32)]
    found += [icons.camel(32, fill, edge, ink, label[:1])
              for label, (fill, edge, ink) in colours.SEAT_STYLES.items()]
    return found


def build() -> Palette:
    """Sahwari's palette from its colours as they are now (tests rebuild it after a change)."""
    seats = colours.SEAT_STYLES.values()
    surfaces = (
        pal.BACKGROUND, pal.PANEL, pal.CARD, pal.MAT, colours.RESOURCE_TILE, colours.DESERT_TILE,
        colours.OASIS_TILE, colours.GUILD_TILE, colours.TRACK_SPACE, colours.CLAN_SHEET,
        colours.SPACE_EMPTY, colours.ICON_GROUND, pal.HIGHLIGHT, pal.EMPTY_CELL,
        *colours.EDGE_COLOURS.values(), colours.CARAVAN_YELLOW, colours.CARAVAN_BLUE,
        *(fill for fill, _, _ in seats),
    )
    inks = (
        pal.INK_DARK, pal.INK_LIGHT, pal.INK_MUTED, pal.INK_SOFT, pal.HIGHLIGHT, pal.PANEL_EDGE,
        pal.CARD_EDGE, colours.ICON_INK, colours.CUBE, colours.PAWN,
        *(outline for _, outline, _ in seats),
    )
    # zlib level 1 (bench/render.py --levels): encoding is half of a board's time, and level 2
    # saves a sixth of that for a file 6% smaller, far under the size limit either way
    return Palette(named_colours(colours), surfaces, inks, sprites, compress_level=1)


PALETTE = build()
