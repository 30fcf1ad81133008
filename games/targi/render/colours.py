"""Targi's own colours: card kinds and backs, raids, goods, tribe symbols, seats and robber.

The shared table, frame and ink colours come from ``renderers.kit.palette``.
"""

from __future__ import annotations

from renderers.kit.palette import RGB, SEAT_STYLES

# Effect kinds printed on tribe cards
EFFECT_IMMEDIATE: RGB = (150, 70, 20)
EFFECT_PERMANENT: RGB = (30, 90, 150)
EFFECT_END: RGB = (110, 50, 120)

# Border card bands and raids
RAID_BAND: RGB = (88, 26, 24)
RAID_CARD: RGB = (122, 44, 40)
RAID_INK: RGB = (252, 228, 210)
ACTION_BAND: RGB = (112, 84, 150)
GOODS_BAND: RGB = (176, 120, 52)

# Card backs (the goods deck has red backs, the tribe deck blue ones)
GOODS_BACK: RGB = (150, 52, 44)
GOODS_BACK_PATTERN: RGB = (186, 86, 68)
TRIBE_BACK: RGB = (40, 74, 140)
TRIBE_BACK_PATTERN: RGB = (78, 114, 182)

# Resources: each goods token's (fill, outline, letter ink), by its letter
DATE: RGB = (122, 72, 38)
SALT: RGB = (236, 236, 232)
PEPPER: RGB = (196, 48, 40)
GOLD: RGB = (242, 194, 48)
GOODS: dict[str, tuple[RGB, RGB, RGB]] = {
    "D": (DATE, (64, 34, 14), (250, 236, 214)),
    "S": (SALT, (120, 120, 126), (40, 40, 46)),
    "P": (PEPPER, (110, 20, 16), (255, 240, 236)),
    "G": (GOLD, (150, 110, 0), (70, 50, 0)),
}
VP: RGB = (44, 120, 96)
VP_EDGE: RGB = (16, 60, 46)
VP_STAR: RGB = (250, 244, 226)

# Tribe symbols (Okabe-Ito hues; each also has its own glyph and initial)
TENT: RGB = (213, 94, 0)
WELL: RGB = (86, 180, 233)
CAMEL: RGB = (230, 159, 0)
OASIS: RGB = (0, 158, 115)
TARGIA: RGB = (204, 121, 167)
SYMBOL_COLOURS: dict[str, RGB] = {
    "TENT": TENT,
    "WELL": WELL,
    "CAMEL": CAMEL,
    "OASIS": OASIS,
    "TARGIA": TARGIA,
}

# Tokens
SHIELD: RGB = (74, 170, 110)
SHIELD_EDGE: RGB = (20, 70, 40)
SHIELD_TICK: RGB = (255, 255, 255)
AMULET: RGB = (196, 150, 40)
AMULET_EDGE: RGB = (90, 60, 0)
AMULET_STONE: RGB = (255, 236, 170)

# Seats: Blue and White, told apart by lightness too
SEAT_NAMES: tuple[str, ...] = ("Blue", "White")
SEAT_FILL: tuple[RGB, ...] = tuple(SEAT_STYLES[name][0] for name in SEAT_NAMES)
SEAT_OUTLINE: tuple[RGB, ...] = tuple(SEAT_STYLES[name][1] for name in SEAT_NAMES)
SEAT_INK: tuple[RGB, ...] = tuple(SEAT_STYLES[name][2] for name in SEAT_NAMES)
ROBBER: RGB = (128, 128, 134)
ROBBER_OUTLINE: RGB = (30, 30, 34)


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat % len(SEAT_NAMES)]


def seat_fill(seat: int) -> RGB:
    return SEAT_FILL[seat % len(SEAT_FILL)]


def seat_outline(seat: int) -> RGB:
    return SEAT_OUTLINE[seat % len(SEAT_OUTLINE)]


def seat_ink(seat: int) -> RGB:
    return SEAT_INK[seat % len(SEAT_INK)]
