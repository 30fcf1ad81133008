"""Colours shared by every board. RGB tuples; seat colours are told apart by lightness too."""

from __future__ import annotations

RGB = tuple[int, int, int]

# Table and frames
BACKGROUND: RGB = (38, 34, 44)  # night-desert violet, dark enough for an off-white token to pop
PANEL: RGB = (54, 49, 62)
PANEL_EDGE: RGB = (92, 84, 104)
INK_LIGHT: RGB = (246, 238, 222)  # text on dark surfaces
INK_MUTED: RGB = (196, 186, 170)
INK_DARK: RGB = (33, 27, 22)  # text on cards
INK_SOFT: RGB = (92, 78, 64)
CARD: RGB = (244, 234, 213)  # sand-coloured card face
CARD_EDGE: RGB = (120, 98, 70)
CARD_DIM: RGB = (198, 188, 170)  # a card the robber blocks
HIGHLIGHT: RGB = (255, 196, 61)  # whose turn / the active player
ALERT: RGB = (214, 76, 58)
OK: RGB = (74, 170, 110)

# Effect kinds printed on tribe cards
EFFECT_IMMEDIATE: RGB = (150, 70, 20)
EFFECT_PERMANENT: RGB = (30, 90, 150)
EFFECT_END: RGB = (110, 50, 120)

# Board regions
MAT: RGB = (30, 27, 35)  # under the central 3×3
RAID_BAND: RGB = (88, 26, 24)
RAID_CARD: RGB = (122, 44, 40)
RAID_INK: RGB = (252, 228, 210)
ACTION_BAND: RGB = (112, 84, 150)
GOODS_BAND: RGB = (176, 120, 52)
EMPTY_CELL: RGB = (70, 64, 78)

# Card backs (the goods deck has red backs, the tribe deck blue ones)
GOODS_BACK: RGB = (150, 52, 44)
GOODS_BACK_PATTERN: RGB = (186, 86, 68)
TRIBE_BACK: RGB = (40, 74, 140)
TRIBE_BACK_PATTERN: RGB = (78, 114, 182)

# Resources
DATE: RGB = (122, 72, 38)
SALT: RGB = (236, 236, 232)
PEPPER: RGB = (196, 48, 40)
GOLD: RGB = (242, 194, 48)
VP: RGB = (44, 120, 96)
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

# Seats: blue and off-white, both with a dark outline so each reads on sand and on violet.
SEAT_FILL: tuple[RGB, ...] = ((31, 99, 198), (250, 248, 240))
SEAT_OUTLINE: tuple[RGB, ...] = ((12, 30, 70), (24, 22, 26))
SEAT_INK: tuple[RGB, ...] = ((255, 255, 255), (24, 22, 26))  # text drawn on a seat-coloured fill
SEAT_NAMES: tuple[str, ...] = ("Blue", "White")
# Seat colours by label, for games with up to four seats (Okabe-Ito hues, each a different
# lightness, and every piece also carries its initial). Blue and White are the Targi seats above.
SEAT_STYLES: dict[str, tuple[RGB, RGB, RGB]] = {  # label: (fill, outline, ink on the fill)
    "Blue": (SEAT_FILL[0], SEAT_OUTLINE[0], SEAT_INK[0]),
    "White": (SEAT_FILL[1], SEAT_OUTLINE[1], SEAT_INK[1]),
    "Red": ((213, 94, 0), (84, 30, 0), (255, 255, 255)),
    "Green": ((0, 158, 115), (0, 56, 40), (255, 255, 255)),
    "Yellow": ((240, 228, 66), (96, 86, 10), (24, 22, 26)),
}
ROBBER: RGB = (128, 128, 134)
ROBBER_OUTLINE: RGB = (30, 30, 34)


def seat_fill(seat: int) -> RGB:
    return SEAT_FILL[seat % len(SEAT_FILL)]


def seat_outline(seat: int) -> RGB:
    return SEAT_OUTLINE[seat % len(SEAT_OUTLINE)]


def seat_ink(seat: int) -> RGB:
    return SEAT_INK[seat % len(SEAT_INK)]


def seat_style(label: str, seat: int = 0) -> tuple[RGB, RGB, RGB]:
    """(fill, outline, ink) of the seat called ``label``; unknown labels fall back by seat."""
    style = SEAT_STYLES.get(label)
    if style is None:
        style = (seat_fill(seat), seat_outline(seat), seat_ink(seat))
    return style


# Yspahan's city: the ground of each quarter's souks, the streets and the dice
SACK: RGB = (178, 122, 64)
BARREL: RGB = (126, 98, 164)
CHEST: RGB = (52, 126, 150)
VASE: RGB = (168, 78, 104)
STREET: RGB = (104, 94, 84)
STREET_EDGE: RGB = (70, 62, 56)
DIE_WHITE: RGB = (250, 250, 246)
DIE_YELLOW: RGB = (246, 204, 40)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` blended towards ``b`` by ``t`` (0 = a, 1 = b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
