"""Sahwari component tables (rules spec sections 3, 4, 12 and 16), apart from the rules code.

Almost every number here is STAND-IN (not from the published game): the spec makes them up to
fill gaps the public sources leave, keeping every published count and mechanism. Each table
says so where it is defined, and `STAND_IN` lists them all for views and /rules, so the marking
stays visible wherever the data shows. Replacing a table is a data swap, not a code change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

SEAT_LABELS: Final = ("Orange", "Purple", "Pink", "Grey")
NO: Final = -1

# ---- the map (spec 3.3, 3.4, 16.1) ---------------------------------------------------------

SIZE: Final = 5
GUILD_POS: Final = 12  # (row 2, col 2): C3
ROWS: Final = "ABCDE"
POS_NAMES: Final = tuple(f"{ROWS[p // SIZE]}{p % SIZE + 1}" for p in range(SIZE * SIZE))
POS_INDEX: Final = {name: p for p, name in enumerate(POS_NAMES)}
DIRS: Final = ("N", "E", "S", "W")
DELTA: Final = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE: Final = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _rays() -> tuple[dict[str, tuple[int, ...]], ...]:
    """Per position and direction, the positions met walking that way to the edge."""
    out = []
    for p in range(SIZE * SIZE):
        r, c = divmod(p, SIZE)
        rays = {}
        for d, (dr, dc) in DELTA.items():
            ray = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < SIZE and 0 <= cc < SIZE:
                ray.append(rr * SIZE + cc)
                rr, cc = rr + dr, cc + dc
            rays[d] = tuple(ray)
        out.append(rays)
    return tuple(out)


RAYS: Final = _rays()
ADJACENT: Final = tuple(tuple(ray[0] for ray in RAYS[p].values() if ray)
                        for p in range(SIZE * SIZE))

# Tile kinds as stored per position.
# (Final, each on its own: the compiled engine then reads a constant, not a module global.)
GUILD: Final = "G"
RESOURCE: Final = "R"
DESERT: Final = "D"
OASIS: Final = "O"
KIND_NAMES: Final = {GUILD: "guild", RESOURCE: "resource", DESERT: "desert", OASIS: "oasis"}

# Items on a tile: a cube, a pawn, or a caravan's public handle ("c01".."c24").
CUBE: Final = "A"
PAWN: Final = "P"


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    slots: str  # A artifact, R recruit, Y yellow caravan, B blue caravan
    back: str  # DESERT or OASIS


# STAND-IN (not from the published game): slot layout and back of each map tile (spec 3.3).
TILES: Final[tuple[Tile, ...]] = tuple(
    Tile(f"T{i:02d}", slots, back)
    for i, (slots, back) in enumerate(
        [
            ("ARY", OASIS), ("ARY", DESERT), ("ARY", DESERT), ("ARY", DESERT),
            ("AY", OASIS), ("AY", OASIS), ("AY", DESERT), ("AY", DESERT),
            ("RB", OASIS), ("RB", DESERT), ("RB", DESERT), ("RB", DESERT),
            ("AAB", OASIS), ("AAB", DESERT), ("AAB", DESERT), ("AAB", DESERT),
            ("RY", OASIS), ("RY", OASIS), ("RY", DESERT), ("RY", DESERT),
            ("ARB", OASIS), ("ARB", DESERT), ("ARB", DESERT), ("ARB", DESERT),
        ],
        start=1,
    )
)  # fmt: skip
TILE_BY_ID: Final = {t.id: t for t in TILES}

GUILD_CUBE_SPACES: Final = 4  # STAND-IN (spec 3.4)
GUILD_PAWN_SPACES: Final = 4  # STAND-IN (spec 3.4)
CUBES_TOTAL: Final = 40  # STAND-IN (spec 3.2): 20 on the map at setup, 20 in the supply

# ---- icons (spec 4) ------------------------------------------------------------------------

RECRUIT_CARD: Final = "RECRUIT_CARD"
REFRESH: Final = "REFRESH"
SPYGLASS: Final = "SPYGLASS"
CHEST: Final = "CHEST"
BIRD: Final = "BIRD"
BOWL: Final = "BOWL"
TORNADO: Final = "TORNADO"
SWORDS: Final = "SWORDS"
ACTIONS: Final = (RECRUIT_CARD, REFRESH, SPYGLASS, CHEST, BIRD, BOWL, TORNADO, SWORDS)
ICON_NAMES: Final = {
    RECRUIT_CARD: "Gain recruit card", REFRESH: "Market refresh (x4)", SPYGLASS: "Spyglass",
    CHEST: "Chest", BIRD: "Bird with arrow", BOWL: "Bowl", TORNADO: "Tornado",
    SWORDS: "Crossed swords",
}  # fmt: skip
ICON_WORDS: Final = {  # the short word used in notation
    RECRUIT_CARD: "recruit", REFRESH: "refresh", SPYGLASS: "spyglass", CHEST: "chest",
    BIRD: "bird", BOWL: "bowl", TORNADO: "tornado", SWORDS: "swords",
}  # fmt: skip
WORD_ICONS: Final = {w: k for k, w in ICON_WORDS.items()}


def influence_of(effect: str) -> int:
    """The static influence of an edge effect or caravan icon key ("INF+2" -> 2), else 0."""
    return int(effect[3:]) if effect.startswith("INF") else 0


# ---- caravans (spec 3.5) -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Caravan:
    id: str
    colour: str  # "Y" yellow (small) or "B" blue (escorted)
    influence: int
    actions: tuple[str, ...]


def _caravan(cid: str, influence: int, *actions: str) -> Caravan:
    return Caravan(cid, cid[0], influence, actions)


# STAND-IN (not from the published game): the token lists (spec 3.5).
CARAVANS: Final[tuple[Caravan, ...]] = (
    _caravan("Y01", 1), _caravan("Y02", 1), _caravan("Y03", 1), _caravan("Y04", 1),
    _caravan("Y05", 2), _caravan("Y06", 2), _caravan("Y07", 0, CHEST), _caravan("Y08", 0, CHEST),
    _caravan("Y09", 0, SPYGLASS), _caravan("Y10", 0, SPYGLASS),
    _caravan("Y11", 0, RECRUIT_CARD), _caravan("Y12", 0, RECRUIT_CARD),
    _caravan("Y13", 0, TORNADO), _caravan("Y14", 0, BIRD), _caravan("Y15", 0, BOWL),
    _caravan("Y16", 1, REFRESH), _caravan("Y17", 1, CHEST), _caravan("Y18", 0, SWORDS),
    _caravan("B01", 5), _caravan("B02", 4), _caravan("B03", 4), _caravan("B04", 3, SPYGLASS),
    _caravan("B05", 3, CHEST), _caravan("B06", 2, SWORDS), _caravan("B07", 2, TORNADO),
    _caravan("B08", 2, RECRUIT_CARD), _caravan("B09", 1, BOWL), _caravan("B10", 1, BIRD),
    _caravan("B11", -1, SWORDS), _caravan("B12", -2, RECRUIT_CARD),
    _caravan("B13", -2, CHEST), _caravan("B14", -3), _caravan("B15", -4),
    _caravan("B16", -3, TORNADO),
)  # fmt: skip
CARAVAN_BY_ID: Final = {c.id: c for c in CARAVANS}
CARAVAN_COLOURS: Final = {"Y": "yellow", "B": "blue"}
CARAVANS_USED: Final = {"Y": 12, "B": 12}  # per colour, on the map at setup (one per slot)


def caravan_text(c: Caravan) -> str:
    """The face in words: "+3 and Spyglass", "Chest", "−2"."""
    parts = []
    if c.influence:
        parts.append(f"{c.influence:+d}".replace("-", "−"))
    parts.extend(ICON_NAMES[a] for a in c.actions)
    return " and ".join(parts) or "nothing"


# ---- recruit cards (spec 3.6) --------------------------------------------------------------

OCHRE: Final = "O"
INDIGO: Final = "I"
CRIMSON: Final = "C"
JADE: Final = "J"
COLOUR_NAMES: Final = {OCHRE: "Ochre", INDIGO: "Indigo", CRIMSON: "Crimson", JADE: "Jade"}


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    left: str  # colour of the left edge
    right: str
    left_effect: str  # an action key or "INF+n"
    right_effect: str
    clan: str  # leader key whose formula this card scores (spec 3.6), "" for none


def _cards() -> tuple[Card, ...]:
    # STAND-IN (not from the published game): names, colours, edge effects, clan abilities.
    rows = [
        ("Water Carrier", "OO", CHEST, 2, ""), ("Lookout", "OO", SPYGLASS, 1, ""),
        ("Veteran", "OO", SWORDS, 1, "dealer"), ("Herald", "II", RECRUIT_CARD, 1, "diplomat"),
        ("Sand Reader", "II", TORNADO, 2, ""), ("Falconer", "II", BIRD, 2, ""),
        ("Smuggler", "CC", BOWL, 1, "bandit"), ("Town Crier", "CC", REFRESH, 3, ""),
        ("Smith", "CC", CHEST, 2, ""), ("Watcher", "JJ", SPYGLASS, 2, ""),
        ("Archer", "JJ", SWORDS, 1, ""), ("Dune Guide", "JJ", TORNADO, 1, ""),
        ("Jeweller", "OI", CHEST, 1, "merchant"), ("Informant", "OI", SPYGLASS, 1, "spy"),
        ("Sentry", "IO", SWORDS, 2, ""), ("Scribe", "IO", RECRUIT_CARD, 1, ""),
        ("Hunter", "OC", BIRD, 1, ""), ("Fence", "OC", BOWL, 2, ""),
        ("Potter", "CO", CHEST, 3, ""), ("Astronomer", "CO", SPYGLASS, 3, ""),
        ("Guard", "OJ", SWORDS, 2, ""), ("Storm Caller", "OJ", TORNADO, 1, ""),
        ("Storyteller", "JO", RECRUIT_CARD, 2, ""), ("Trapper", "JO", BIRD, 1, ""),
        ("Tanner", "IC", CHEST, 1, ""), ("Cartographer", "IC", SPYGLASS, 2, ""),
        ("Raider", "CI", SWORDS, 1, ""), ("Pickpocket", "CI", BOWL, 1, ""),
        ("Drummer", "IJ", REFRESH, 2, ""), ("Whirlwind Dancer", "IJ", TORNADO, 3, ""),
        ("Hawk Keeper", "JI", BIRD, 3, ""), ("Recruiter", "JI", RECRUIT_CARD, 1, ""),
        ("Well Digger", "CJ", CHEST, 1, ""), ("Spy Master", "CJ", SPYGLASS, 1, ""),
        ("Champion", "JC", SWORDS, 3, ""), ("Camel Thief", "JC", BOWL, 2, ""),
    ]  # fmt: skip
    cards = []
    for i, (name, colours, action, inf, clan) in enumerate(rows, start=1):
        influence = f"INF+{inf}"
        # Odd ids carry the action on the left edge, even ids on the right (spec 3.6).
        left, right = (action, influence) if i % 2 else (influence, action)
        cards.append(Card(f"R{i:02d}", name, colours[0], colours[1], left, right, clan))
    return tuple(cards)


CARDS: Final = _cards()
CARD_BY_ID: Final = {c.id: c for c in CARDS}
MARKET_SIZE: Final = 4

# ---- clan leaders and sheets (spec 3.7) ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Leader:
    key: str
    name: str
    left: str  # clan sheet edge colours: STAND-IN
    right: str
    text: str


LEADERS: Final[tuple[Leader, ...]] = (
    Leader("merchant", "Merchant", OCHRE, INDIGO,
           "End: 1 influence per pair of artifact cubes in your clan area."),
    Leader("diplomat", "Diplomat", INDIGO, CRIMSON,
           "End: 1 influence per recruit card in your clan row."),
    Leader("bandit", "Bandit", CRIMSON, JADE,
           "End: 1 influence per pair of one artifact cube and one caravan."),
    Leader("spy", "Spy", JADE, OCHRE,
           "End: 1 influence per activated spyglass ability."),
    Leader("dealer", "Dealer", OCHRE, CRIMSON,
           "End: 1 influence per pair of an activated attack space and a storage cube."),
    Leader("explorer", "Explorer", INDIGO, JADE,
           "In play: up to two moves with one camel, never straight back."),
)  # fmt: skip
LEADER_BY_KEY: Final = {ld.key: ld for ld in LEADERS}
EXPLORER: Final = "explorer"
CLAN: Final = "CLAN"  # the clan sheet's place in a clan row
CLAN_CARD_CAP: Final = 5  # STAND-IN: most a card's clan ability scores (spec 3.6)

# STAND-IN (not from the published game): the storage track (spec 3.7). Index = space number;
# the value at index n+1 is what n cubes leave visible; index 7 is the end of the track.
STORAGE_SPACES: Final = 6
STORAGE_VALUES: Final = (0, 0, 1, 2, 3, 5, 7, 9)  # index 0 unused
STORAGE_ICONS: Final = {2: SPYGLASS, 3: BIRD, 4: SWORDS, 5: RECRUIT_CARD, 6: TORNADO}
LOCK_TOKENS: Final = 2
RECRUIT_SPACES: Final = 5
RECRUIT_VALUES: Final = (0, 0, 1, 3, 5, 7, 9)  # index 0 unused; index 6 is the end of the track

# The recruit-track spending menu (spec 3.7), STAND-IN built from published hints.
FORGE: Final = "forge"
SPEND_MENU: Final = (TORNADO, SPYGLASS, REFRESH, FORGE)

# Junction states (spec 7).
DEAD: Final = 0
EMPTY: Final = 1
ACTIVE: Final = 2
LOCKED: Final = 3
JUNCTION_NAMES: Final = {DEAD: "dead", EMPTY: "empty", ACTIVE: "active", LOCKED: "locked"}

# ---- setup and the end (spec 5, 12) ---------------------------------------------------------

CAMELS_PER_PLAYER: Final = {2: 2, 3: 1, 4: 1}  # UNCERTAIN (spec 5.1)
GUILD_CAMELS: Final = ("G1", "G2")
# The end triggers when this many tiles (Guild included) or fewer show resources.
END_TILES: Final = 6
STALL_ROUNDS: Final = 3  # STAND-IN safeguard: 3 x N turns with nothing leaving the map ...
STALL_MAX_TILES: Final = 9  # ... while at most this many tiles show resources
TURN_CAP: Final = 60  # STAND-IN safeguard: a seat's 60th turn ends the game

STAND_IN: Final = (
    "map tile contents and backs", "caravan token lists", "recruit card list",
    "clan sheet colours", "storage and recruit track values", "recruit-track spending menu",
    "Guild tile spaces", "cube supply", "strategy tokens from crossed swords",
    "clan abilities on recruit cards", "stall and turn-cap safeguards",
)  # fmt: skip


_CAMEL_IDS: Final = {
    n: (*GUILD_CAMELS, *(f"P{s + 1}{'ab'[k]}" for s in range(n) for k in range(per)))
    for n, per in CAMELS_PER_PLAYER.items()
}
_CAMEL_OWNERS: Final = {
    n: (NO, NO, *(s for s in range(n) for _ in range(per)))
    for n, per in CAMELS_PER_PLAYER.items()
}


def camel_ids(players: int) -> tuple[str, ...]:
    """Guild camels first, then each seat's camels: P1a, P1b (two players), P2a, ..."""
    return _CAMEL_IDS[players]


def camel_owners(players: int) -> tuple[int, ...]:
    """The seat owning each camel of ``camel_ids``, NO for the guild camels."""
    return _CAMEL_OWNERS[players]
