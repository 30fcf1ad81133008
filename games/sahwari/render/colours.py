"""Sahwari's own colours: the map's tiles, the resources on them, the guild camels, the four
recruit-card edge colours, the effect icons and the clan-sheet tracks.

The shared table, frame, ink and seat colours come from ``renderers.kit.palette``.
"""

from __future__ import annotations

from renderers.kit import palette as pal
from renderers.kit.palette import RGB

# Map tiles by side: still holding resources, flipped to desert or oasis, the Guild village
RESOURCE_TILE: RGB = (214, 176, 112)
RESOURCE_EDGE: RGB = (140, 104, 52)
EMPTIED_TILE: RGB = (172, 146, 102)  # emptied this turn: turns over at the end of it
DESERT_TILE: RGB = (120, 104, 84)
DESERT_LINE: RGB = (142, 124, 100)
OASIS_TILE: RGB = (46, 118, 108)
OASIS_WATER: RGB = (96, 178, 206)
OASIS_PALM: RGB = (22, 70, 50)
GUILD_TILE: RGB = (150, 70, 48)
GUILD_EDGE: RGB = (84, 34, 20)
GUILD_SPACE: RGB = (118, 52, 34)

# Resources: artifact cubes, recruit pawns, the two caravan colours (face down)
CUBE: RGB = (28, 26, 30)
CUBE_EDGE: RGB = (150, 146, 156)
PAWN: RGB = (252, 250, 244)
PAWN_EDGE: RGB = (40, 36, 40)
CARAVAN_YELLOW: RGB = (244, 196, 48)
CARAVAN_YELLOW_EDGE: RGB = (120, 86, 0)
CARAVAN_BLUE: RGB = (56, 112, 204)
CARAVAN_BLUE_EDGE: RGB = (14, 40, 96)

# The seats, by the engine's labels: (fill, outline, ink on the fill). Hues far apart in
# lightness too, and every camel also carries its seat's initial.
SEAT_STYLES: dict[str, tuple[RGB, RGB, RGB]] = {
    label: pal.SEAT_STYLES[label] for label in ("Orange", "Purple", "Pink", "Grey")
}

# Guild camels are ivory with a dark outline, unlike any seat
GUILD_CAMEL: RGB = (246, 238, 214)
GUILD_CAMEL_EDGE: RGB = (48, 40, 32)

# Recruit-card edge colours, each with a letter as well (O, I, C, J) for colour-blind readers
EDGE_COLOURS: dict[str, RGB] = {
    "O": (214, 140, 30),  # ochre
    "I": (84, 82, 190),  # indigo
    "C": (190, 44, 64),  # crimson
    "J": (26, 150, 104),  # jade
}
EDGE_NAMES: dict[str, str] = {"O": "Ochre", "I": "Indigo", "C": "Crimson", "J": "Jade"}

# Effect icons: influence gained (blue circle) and lost (red circle), the action icons' ink
INFLUENCE_GAIN: RGB = (40, 100, 200)
INFLUENCE_LOSS: RGB = (200, 50, 44)
INFLUENCE_MEDAL: RGB = (196, 150, 30)
INFLUENCE_MEDAL_EDGE: RGB = (96, 66, 0)
ICON_INK: RGB = (46, 36, 28)
ICON_GROUND: RGB = (250, 240, 218)

# Artifact spaces (junctions) and the clan sheet's tracks
SPACE_EMPTY: RGB = (250, 236, 196)
SPACE_DEAD: RGB = (96, 88, 100)
LOCK: RGB = (150, 150, 160)
LOCK_EDGE: RGB = (50, 50, 58)
STRATEGY: RGB = (164, 40, 40)
TRACK_SPACE: RGB = (84, 76, 92)
CLAN_SHEET: RGB = (132, 100, 64)
