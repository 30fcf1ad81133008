"""Colours every board may share: the table, frames, inks and the seat colours by label.

RGB tuples. A game's own colours (its cards, resources, regions) live in its renderer's
``colours`` module, so changing them never moves another game's pixels.
"""

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
HIGHLIGHT: RGB = (255, 196, 61)  # whose turn / the active player
ALERT: RGB = (214, 76, 58)
OK: RGB = (74, 170, 110)
MAT: RGB = (30, 27, 35)  # under the playing area
EMPTY_CELL: RGB = (70, 64, 78)  # a space with nothing on it

# Seat colours by label (a game names its seats with some of these). Within each game's set
# the fills stay apart under protan, deutan and tritan simulation (tests/renderers/
# test_colour_vision.py), every piece also carries its initial, and each has a dark outline so
# it reads on sand and on violet.
SEAT_STYLES: dict[str, tuple[RGB, RGB, RGB]] = {  # label: (fill, outline, ink on the fill)
    "Blue": ((31, 99, 198), (12, 30, 70), (255, 255, 255)),
    "White": ((250, 248, 240), (24, 22, 26), (24, 22, 26)),
    "Red": ((213, 94, 0), (84, 30, 0), (255, 255, 255)),
    "Green": ((0, 158, 115), (0, 56, 40), (255, 255, 255)),
    "Yellow": ((240, 228, 66), (96, 86, 10), (24, 22, 26)),
    "Ochre": ((214, 148, 40), (96, 60, 8), (24, 22, 26)),
    "Teal": ((0, 150, 140), (0, 56, 52), (255, 255, 255)),
    "Crimson": ((196, 40, 60), (80, 10, 20), (255, 255, 255)),
    "Violet": ((136, 92, 200), (50, 28, 84), (255, 255, 255)),
    "Orange": ((236, 140, 24), (92, 44, 0), (24, 22, 26)),
    "Purple": ((112, 60, 168), (40, 14, 70), (255, 255, 255)),
    "Pink": ((240, 150, 196), (110, 30, 80), (24, 22, 26)),
    "Grey": ((120, 124, 132), (30, 32, 36), (255, 255, 255)),
}


def seat_style(label: str, seat: int = 0) -> tuple[RGB, RGB, RGB]:
    """(fill, outline, ink) of the seat called ``label``; unknown labels fall back by seat."""
    style = SEAT_STYLES.get(label)
    if style is None:
        styles = list(SEAT_STYLES.values())
        style = styles[seat % len(styles)]
    return style


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` blended towards ``b`` by ``t`` (0 = a, 1 = b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
