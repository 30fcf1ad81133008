"""Yspahan's own colours: the ground of each quarter's souks, the streets, the dice, the card
backs, gold, victory points, camels and the pawns.

The shared table, frame, ink and seat colours come from ``renderers.kit.palette``.
"""

from __future__ import annotations

from renderers.kit.palette import RGB

# The city: each quarter's souks, the streets
SACK: RGB = (178, 122, 64)
BARREL: RGB = (126, 98, 164)
CHEST: RGB = (52, 126, 150)
VASE: RGB = (168, 78, 104)
STREET: RGB = (104, 94, 84)
STREET_EDGE: RGB = (70, 62, 56)

# The Tower's dice; the white Supervisor is painted like the white dice
DIE_WHITE: RGB = (250, 250, 246)
DIE_YELLOW: RGB = (246, 204, 40)
FIRST_PLAYER: RGB = (20, 18, 22)

# Cards (their backs, and the id tag on a face)
CARD_BACK: RGB = (40, 74, 140)
CARD_BACK_PATTERN: RGB = (78, 114, 182)

# Gold coins, victory points and camels
GOLD: RGB = (242, 194, 48)
GOLD_EDGE: RGB = (150, 110, 0)
GOLD_INK: RGB = (70, 50, 0)
VP: RGB = (44, 120, 96)
VP_EDGE: RGB = (16, 60, 46)
VP_STAR: RGB = (250, 244, 226)
CAMEL: RGB = (230, 159, 0)
