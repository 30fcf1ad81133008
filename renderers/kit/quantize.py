"""One fixed 256-colour palette for every board, so encoding needs no per-image colour search.

Boards are drawn from the named colours in ``palette`` plus anti-aliased blends of ink over
those surfaces and the kit's icons. The palette keeps every named colour exactly and spends the
remaining entries on an octree of a swatch of those blends and icons; mapping a board onto it
is a table lookup (a few ms) where a fresh octree per image costs five times as much.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from renderers.kit import icons
from renderers.kit import palette as pal
from renderers.kit.palette import RGB

BLEND_STEPS = 8
SURFACES: tuple[RGB, ...] = (
    pal.BACKGROUND, pal.PANEL, pal.CARD, pal.RAID_CARD, pal.EMPTY_CELL, pal.MAT, pal.GOODS_BACK,
    pal.TRIBE_BACK, pal.ACTION_BAND, pal.GOODS_BAND, pal.RAID_BAND, pal.HIGHLIGHT,
    *pal.SYMBOL_COLOURS.values(), *pal.SEAT_FILL, *(f for f, _, _ in pal.SEAT_STYLES.values()),
    pal.SACK, pal.BARREL, pal.CHEST, pal.VASE, pal.STREET,
)
INKS: tuple[RGB, ...] = (
    pal.INK_DARK, pal.INK_LIGHT, pal.INK_MUTED, pal.INK_SOFT, pal.HIGHLIGHT, pal.PANEL_EDGE,
    pal.CARD_EDGE, pal.OK, pal.ALERT, pal.RAID_INK, pal.EFFECT_IMMEDIATE, pal.EFFECT_PERMANENT,
    pal.EFFECT_END, *pal.SEAT_OUTLINE, pal.GOODS_BACK_PATTERN, pal.TRIBE_BACK_PATTERN, pal.CARD,
)


def named_colours() -> list[RGB]:
    """Every colour ``palette`` names, in a stable order, without repeats."""
    found: list[RGB] = []

    def add(value: object) -> None:
        if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
            rgb = (int(value[0]), int(value[1]), int(value[2]))
            if rgb not in found:
                found.append(rgb)
        elif isinstance(value, tuple):
            for item in value:
                add(item)
        elif isinstance(value, dict):
            for item in value.values():
                add(item)

    for name in sorted(vars(pal)):
        if name.isupper():
            add(getattr(pal, name))
    for fill, edge, ink in icons.GOODS.values():
        add((fill, edge, ink))
    return found


def _swatch() -> Image.Image:
    """Equal-sized patches of every ink-over-surface blend and every icon on the main surfaces."""
    cell = 4
    blends = [
        pal.mix(surface, ink, step / (BLEND_STEPS + 1))
        for surface in SURFACES
        for ink in INKS
        for step in range(1, BLEND_STEPS + 1)
    ]
    sprites = [icons.good(k, 32) for k in "DSPG"] + [icons.vp(32), icons.shield(32),
                                                     icons.amulet(32)]
    sprites += [icons.tribe(s, 32) for s in icons.SYMBOLS]
    sprites += [icons.figure(seat, 32) for seat in (0, 1, None)]
    sprites += [icons.marker(seat, 32) for seat in (0, 1)]
    sprites += [icons.die(v, 32, fill) for v in (1, 6) for fill in (pal.DIE_WHITE, pal.DIE_YELLOW)]
    backs = (pal.CARD, pal.PANEL, pal.BACKGROUND)
    per_row = 64
    rows = -(-len(blends) // per_row)
    width = per_row * cell
    height = rows * cell + 32 * len(backs)
    width = max(width, 32 * len(sprites))
    swatch = Image.new("RGB", (width, height), pal.BACKGROUND)
    for i, colour in enumerate(blends):
        x, y = (i % per_row) * cell, (i // per_row) * cell
        swatch.paste(colour, (x, y, x + cell, y + cell))
    for j, back in enumerate(backs):
        y = rows * cell + 32 * j
        swatch.paste(back, (0, y, width, y + 32))
        for i, sprite in enumerate(sprites):
            swatch.paste(sprite, (32 * i, y), sprite)
    return swatch


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """A 1×1 "P" image carrying the shared palette (what ``Image.quantize`` expects)."""
    exact = named_colours()[:128]
    free = 256 - len(exact)
    reduced = _swatch().quantize(free, method=Image.Quantize.FASTOCTREE,
                                 dither=Image.Dither.NONE)
    flat = [c for rgb in exact for c in rgb] + (reduced.getpalette() or [])[: free * 3]
    flat += [0] * (768 - len(flat))
    holder = Image.new("P", (1, 1))
    holder.putpalette(flat)
    return holder


def to_palette(image: Image.Image) -> Image.Image:
    """``image`` (RGB) mapped onto the shared palette, without dithering (keeps text crisp)."""
    return image.quantize(palette=palette_image(), dither=Image.Dither.NONE)
