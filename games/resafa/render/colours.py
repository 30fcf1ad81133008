"""Resafa's own colours: the four card colours, water and canals, roads and cities, gardens and
workshops, and the items (coins, stone, marble, spice, amphora, camels, points).

The shared table, frame, ink and seat colours come from ``renderers.kit.palette``.
"""

from __future__ import annotations

from renderers.kit import palette as pal
from renderers.kit.palette import RGB

# The four card colours (tracks, bonus cards, card halves)
YELLOW: RGB = (236, 188, 36)
WHITE: RGB = (232, 228, 218)
BLUE: RGB = (60, 118, 204)
PINK: RGB = (214, 96, 150)
COLOUR_INK: dict[str, RGB] = {  # text printed on each colour
    "Y": (40, 30, 6), "W": (30, 28, 32), "B": (255, 255, 255), "P": (255, 255, 255),
}

# The water network
WATER: RGB = (64, 148, 206)
WATER_DEEP: RGB = (30, 76, 120)
CANAL: RGB = (176, 150, 112)
CANAL_EDGE: RGB = (98, 80, 56)
NEUTRAL_CANAL: RGB = (136, 128, 118)
TANK: RGB = (120, 160, 176)
CUBE_ACTIVE: RGB = (84, 196, 255)
CUBE_IDLE: RGB = (126, 150, 168)

# The road map
ROAD: RGB = (150, 120, 80)
CITY: RGB = (86, 72, 60)
RESAFA: RGB = (150, 96, 44)
GOLD_OFFER: RGB = (232, 190, 70)
BOX_FREE: RGB = (96, 88, 104)
BLOCKED: RGB = (24, 22, 26)

# The workshop area
SOIL: RGB = (78, 64, 50)
GARDEN_SQUARE: RGB = (50, 62, 46)
GARDEN: RGB = (88, 170, 84)
GARDEN_DONE: RGB = (124, 206, 96)
WORKSHOP: RGB = (218, 186, 136)
WORKSHOP_II: RGB = (196, 150, 104)
WORKSHOP_BACK: RGB = (150, 132, 112)
ICON_GREEN: RGB = (40, 150, 70)

# Items
COIN: RGB = (242, 194, 48)
COIN_EDGE: RGB = (150, 110, 0)
COIN_INK: RGB = (70, 50, 0)
STONE: RGB = (150, 150, 150)
STONE_EDGE: RGB = (70, 70, 74)
MARBLE: RGB = (236, 238, 244)
MARBLE_EDGE: RGB = (110, 116, 132)
SPICE: RGB = (206, 84, 40)
SPICE_EDGE: RGB = (100, 34, 10)
AMPHORA: RGB = (170, 98, 60)
AMPHORA_EDGE: RGB = (82, 40, 18)
CAMEL: RGB = (230, 159, 0)
VP: RGB = (44, 120, 96)
VP_EDGE: RGB = (16, 60, 46)
VP_STAR: RGB = (250, 244, 226)
SCARAB: RGB = (40, 130, 120)
SQUARE_TOKEN: RGB = (184, 120, 60)

# Seats, by the labels the engine gives them (every piece also carries the initial)
SEAT_STYLES: dict[str, tuple[RGB, RGB, RGB]] = {
    label: pal.SEAT_STYLES[label] for label in ("Ochre", "Teal", "Crimson", "Violet")
}
