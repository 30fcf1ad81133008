"""Yspahan component tables (rules spec sections 2, 5, 7-9 and 16), apart from the rules code.

The map reproduces spec section 16 exactly: 14 souks, 47 shops, 29 street spaces and the
street-to-shop shipping table. Display coordinates of interior shops are STAND-IN values (not
from the published game); they carry no rules meaning. Card numbers marked UNCERTAIN (C7-C9) come
from a single unofficial source and can be replaced here without touching the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

SEAT_LABELS = ("Blue", "Red", "Green", "Yellow")
NO = -1  # empty shop / caravan space / no seat

# ---- the Tower (section 5.3) --------------------------------------------------------------

CAMELS_SPACE, GOLD_SPACE = 1, 6
TOWER_NAMES = ("", "Camels", "Sack", "Barrel", "Chest", "Vase", "Gold")
QUARTERS = ("Sack", "Barrel", "Chest", "Vase")  # quarter q is fed by Tower space q + 2
WHITE_DICE = {2: 8, 3: 9, 4: 9}
MAX_YELLOW = 3

# ---- the Caravan (section 7) ----------------------------------------------------------------

CARAVAN_PER_ROW = {2: 2, 3: 3, 4: 4}
CARAVAN_ROW_VP = (2, 1, 0)  # immediate VP in the bottom, middle, top row; multiplier = row + 1
# UNCERTAIN (U14): the Caravan fills row by row (whole bottom row first), left to right.

# ---- the street (section 16.4) ----------------------------------------------------------------

ARMS = ("W", "E", "N", "S")
ARM_LEN = {"W": 10, "E": 7, "N": 4, "S": 7}
# Compass direction pointing away from the Hub along each arm.
ARM_OUT = {"W": "W", "E": "E", "N": "N", "S": "S"}
ARM_IN = {"W": "E", "E": "W", "N": "S", "S": "N"}
_UNIT = {"W": (-1, 0), "E": (1, 0), "N": (0, 1), "S": (0, -1)}

STREET: tuple[str, ...] = ("H", *(f"{a}{i}" for a in ARMS for i in range(1, ARM_LEN[a] + 1)))
STREET_INDEX = {s: i for i, s in enumerate(STREET)}
HUB = 0
STREET_XY: tuple[tuple[int, int], ...] = tuple(
    (0, 0) if s == "H" else (_UNIT[s[0]][0] * int(s[1:]), _UNIT[s[0]][1] * int(s[1:]))
    for s in STREET
)
DIRECTIONS = ("N", "E", "S", "W")


def _neighbours() -> tuple[dict[str, int], ...]:
    by_xy = {xy: i for i, xy in enumerate(STREET_XY)}
    out = []
    for x, y in STREET_XY:
        nb = {}
        for d in DIRECTIONS:
            dx, dy = _UNIT[d]
            j = by_xy.get((x + dx, y + dy))
            if j is not None:
                nb[d] = j
        out.append(nb)
    return tuple(out)


# NEIGHBOUR[space][compass direction] -> adjacent street space (the street is a plus sign).
NEIGHBOUR = _neighbours()


def _distances() -> tuple[tuple[int, ...], ...]:
    """Steps between two street spaces. The street is a tree, so a move that never turns back
    (spec 6.5.2) reaches each space by exactly one path, of exactly one length."""
    out = []
    for start in range(len(STREET)):
        dist = [NO] * len(STREET)
        dist[start] = 0
        frontier = [start]
        while frontier:
            at = frontier.pop()
            for nb in NEIGHBOUR[at].values():
                if dist[nb] == NO:
                    dist[nb] = dist[at] + 1
                    frontier.append(nb)
        out.append(tuple(dist))
    return tuple(out)


# DIST[a][b] -> the distance k of a Supervisor move from street space a to b.
DIST = _distances()

# ---- souks and shops (sections 16.3, 16.5, 16.6) ----------------------------------------------


@dataclass(frozen=True, slots=True)
class Souk:
    id: str  # "SACK-B"
    quarter: int  # 0..3, index into QUARTERS
    size: int
    value: int  # VP when complete at the end of a week


SOUKS: tuple[Souk, ...] = (
    Souk("SACK-A", 0, 6, 8),
    Souk("SACK-B", 0, 5, 6),
    Souk("SACK-C", 0, 3, 3),
    Souk("SACK-D", 0, 4, 4),
    Souk("BARREL-A", 1, 2, 3),
    Souk("BARREL-B", 1, 4, 6),
    Souk("BARREL-C", 1, 3, 4),
    Souk("BARREL-D", 1, 5, 8),
    Souk("CHEST-A", 2, 3, 6),
    Souk("CHEST-B", 2, 2, 4),
    Souk("CHEST-C", 2, 4, 8),
    Souk("VASE-A", 3, 1, 4),
    Souk("VASE-B", 3, 2, 6),
    Souk("VASE-C", 3, 3, 12),
)

# Shop id -> (adjacent street spaces, display (x, y), display coordinate is a STAND-IN).
# Street-facing shops: adjacency and coordinates from the spec's shipping table (16.5/16.6).
# Interior shops touch no street; their coordinates are STAND-IN (not from the published game).
_SHOPS: dict[str, tuple[tuple[str, ...], tuple[int, int], bool]] = {
    "SACK-A1": (("W9",), (-9, -1), False),
    "SACK-A2": ((), (-9, -2), True),
    "SACK-A3": ((), (-10, -2), True),
    "SACK-A4": ((), (-9, -3), True),
    "SACK-A5": ((), (-10, -3), True),
    "SACK-A6": ((), (-8, -2), True),
    "SACK-B1": (("W7",), (-7, -1), False),
    "SACK-B2": (("W5",), (-5, -1), False),
    "SACK-B3": ((), (-7, -2), True),
    "SACK-B4": ((), (-6, -2), True),
    "SACK-B5": ((), (-5, -2), True),
    "SACK-C1": (("W3",), (-3, -1), False),
    "SACK-C2": (("W1", "S1"), (-1, -1), False),
    "SACK-C3": (("S2",), (-1, -2), False),
    "SACK-D1": (("S4",), (-1, -4), False),
    "SACK-D2": (("S6",), (-1, -6), False),
    "SACK-D3": ((), (-2, -4), True),
    "SACK-D4": ((), (-2, -5), True),
    "BARREL-A1": (("E1", "S1"), (1, -1), False),
    "BARREL-A2": (("E2",), (2, -1), False),
    "BARREL-B1": (("E4",), (4, -1), False),
    "BARREL-B2": (("E6",), (6, -1), False),
    "BARREL-B3": ((), (4, -2), True),
    "BARREL-B4": ((), (5, -2), True),
    "BARREL-C1": (("S3",), (1, -3), False),
    "BARREL-C2": ((), (2, -3), True),
    "BARREL-C3": ((), (2, -4), True),
    "BARREL-D1": (("S7",), (1, -7), False),
    "BARREL-D2": (("S5",), (1, -5), False),
    "BARREL-D3": ((), (2, -5), True),
    "BARREL-D4": ((), (2, -6), True),
    "BARREL-D5": ((), (2, -7), True),
    "CHEST-A1": (("W10",), (-10, 1), False),
    "CHEST-A2": (("W8",), (-8, 1), False),
    "CHEST-A3": (("W6",), (-6, 1), False),
    "CHEST-B1": (("W4",), (-4, 1), False),
    "CHEST-B2": (("W2",), (-2, 1), False),
    "CHEST-C1": (("N2",), (-1, 2), False),
    "CHEST-C2": (("N4",), (-1, 4), False),
    "CHEST-C3": ((), (-2, 3), True),
    "CHEST-C4": ((), (-2, 4), True),
    "VASE-A1": (("E1", "N1"), (1, 1), False),
    "VASE-B1": (("N3",), (1, 3), False),
    "VASE-B2": ((), (2, 3), True),
    "VASE-C1": (("E3",), (3, 1), False),
    "VASE-C2": (("E5",), (5, 1), False),
    "VASE-C3": (("E7",), (7, 1), False),
}

SHOPS: tuple[str, ...] = tuple(_SHOPS)
SHOP_INDEX = {s: i for i, s in enumerate(SHOPS)}
SOUK_INDEX = {s.id: i for i, s in enumerate(SOUKS)}
SHOP_SOUK: tuple[int, ...] = tuple(SOUK_INDEX[s[: s.index("-") + 2]] for s in SHOPS)
SHOP_XY: tuple[tuple[int, int], ...] = tuple(v[1] for v in _SHOPS.values())
SHOP_STAND_IN: tuple[bool, ...] = tuple(v[2] for v in _SHOPS.values())
SHOP_STREET: tuple[tuple[str, ...], ...] = tuple(v[0] for v in _SHOPS.values())
SOUK_SHOPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, s in enumerate(SHOP_SOUK) if s == k) for k in range(len(SOUKS))
)
QUARTER_SOUKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k, s in enumerate(SOUKS) if s.quarter == q) for q in range(4)
)
SHOP_QUARTER: tuple[int, ...] = tuple(SOUKS[s].quarter for s in SHOP_SOUK)
# Street space -> shops it touches (the shipping table, 16.5); at most two, the Hub none.
STREET_SHOPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, adj in enumerate(SHOP_STREET) if street in adj) for street in STREET
)

# ---- buildings (section 8) ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Building:
    id: str  # "B1".."B6"
    key: str  # notation word: "build crane"
    name: str
    camels: int
    gold: int
    text: str


BUILDINGS: tuple[Building, ...] = (
    Building("B1", "enclosure", "Enclosure", 2, 0, "+1 camel when taking camels from the Tower"),
    Building("B2", "shop", "Shop", 2, 2, "+2 gold when taking gold from the Tower"),
    Building("B3", "hammam", "Hammam", 2, 2, "Move the Supervisor up to 3 more or fewer, free"),
    Building(
        "B4", "caravanserai", "Caravanserai", 3, 3, "Draw a card per cube entering the Caravan"
    ),
    Building("B5", "bazaar", "Bazaar", 4, 4, "+2 VP per completed souk at each week's end"),
    Building("B6", "crane", "Crane", 4, 4, "+1 cube when supplying shops from the Tower"),
)
ENCLOSURE, SHOP_B, HAMMAM, CARAVANSERAI, BAZAAR, CRANE = range(6)
BUILDING_KEYS = {b.key: i for i, b in enumerate(BUILDINGS)}
BUILDING_VP = (0, 0, 5, 5, 5, 10)  # VP for the 1st..6th building constructed

# ---- cards (section 9) ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardKind:
    id: str  # "C1".."C9"
    name: str
    text: str
    uncertain: bool = False  # numbers not confirmed by a published source (spec U6, U7)


CARD_KINDS: tuple[CardKind, ...] = (
    CardKind("C1", "+3 Camels", "Take 3 camels"),
    CardKind("C2", "+3 Gold", "Take 3 gold"),
    CardKind("C3", "Build without camels", "A building you construct costs no camels"),
    CardKind("C4", "Build without gold", "A building you construct costs no gold"),
    CardKind("C5", "Caravan shipment", "Put a cube from your reserve in the Caravan"),
    CardKind("C6", "Shop delivery", "Put a cube from your reserve in a shop of any quarter"),
    # UNCERTAIN (U6): "up to 10 gold, 1 VP each" from the reference implementation's card text.
    CardKind("C7", "Gold for points", "Return up to 10 gold: 1 VP each", True),
    # UNCERTAIN (U6): "up to 4 camels, 2 VP each" from the reference implementation's card text.
    CardKind("C8", "Camels for points", "Return up to 4 camels: 2 VP each", True),
    # UNCERTAIN (U7): any number, 1:1, one direction per play.
    CardKind("C9", "Exchange", "Swap camels for gold or gold for camels, 1 for 1", True),
)
C7_MAX_GOLD = 10
C8_MAX_CAMELS = 4
C8_VP_PER_CAMEL = 2

# Card instances: two copies of each kind, "C1a" and "C1b" .. "C9b" (unique, typeable ids).
CARD_IDS: tuple[str, ...] = tuple(f"{k.id}{c}" for k in CARD_KINDS for c in "ab")


def card_kind(cid: str) -> int:
    """Kind number 1..9 of a card instance id such as "C5b"."""
    return int(cid[1])


def card_name(cid: str) -> str:
    return f"{cid} {CARD_KINDS[card_kind(cid) - 1].name}"


# ---- scoring categories (outcome breakdown) --------------------------------------------------

CATEGORIES = ("Buildings", "Souks", "Bazaar", "Caravan entries", "Caravan scoring", "Cards")
CAT_BUILDINGS, CAT_SOUKS, CAT_BAZAAR, CAT_ENTRY, CAT_CARAVAN, CAT_CARDS = range(6)
