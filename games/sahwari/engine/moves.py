"""Where camels may go (spec 6.1.3, 6.1.4, 6.3, 4 Tornado, 11 push) and what abilities can
reach (bird, spyglass, attack targets). Pure queries on a state."""

from __future__ import annotations

from collections.abc import Mapping
from functools import reduce
from itertools import compress
from operator import or_

from games.sahwari.engine.data import (
    ADJACENT,
    CUBE,
    DIRS,
    GUILD,
    GUILD_CAMELS,
    NO,
    OASIS,
    OPPOSITE,
    PAWN,
    POS_NAMES,
    RAYS,
    RESOURCE,
    SIZE,
    camel_owners,
)
from games.sahwari.engine.state import SahwariState

CELLS = SIZE * SIZE
COMMON = frozenset((GUILD, OASIS))  # tiles every camel may share
OWN_CAMELS = {n: tuple(tuple(c for c, o in enumerate(camel_owners(n)) if o == s)
                       for s in range(n)) for n in (2, 3, 4)}

# Positions as bits (bit p is position p), so that a question about a row of tiles is a few
# integer operations, not a walk.
BOARD = (1 << CELLS) - 1
BIT = tuple(1 << p for p in range(CELLS))
# Per position and direction, the positions met walking that way.
RAY_BITS = tuple({d: sum(BIT[q] for q in ray) for d, ray in rays.items()} for rays in RAYS)
# Rays north and west meet positions in falling order, east and south in rising order.
FALLING = {"N": True, "W": True, "E": False, "S": False}
_LEFT_EDGE = sum(BIT[p] for p in range(CELLS) if p % SIZE == 0)
_RIGHT_EDGE = sum(BIT[p] for p in range(CELLS) if p % SIZE == SIZE - 1)


def neighbours(mask: int) -> int:
    """The positions next to any position of ``mask``."""
    return ((mask << SIZE) | (mask >> SIZE) | ((mask & ~_RIGHT_EDGE) << 1)
            | ((mask & ~_LEFT_EDGE) >> 1)) & BOARD


def camel_masks(st: SahwariState) -> tuple[tuple[int, ...], int]:
    """Where each owner's camels stand (index 0 the guild's, s + 1 seat s's), and every camel.
    Built once per placement and shared by the states that keep it."""
    cpos = st.cpos
    memo = st._camels
    if memo[0] is cpos:
        return memo[1]
    bits = list(map(BIT_OR_NONE.__getitem__, cpos))
    if st.np == 2:  # two camels each
        mine: tuple[int, ...] = (bits[0] | bits[1], bits[2] | bits[3], bits[4] | bits[5])
    else:
        mine = (bits[0] | bits[1], *bits[2:])
    masks = (mine, reduce(or_, bits))
    st._camels = (cpos, masks)
    return masks


# BIT, and no bit for a camel off the map (NO, the last index).
BIT_OR_NONE = (*BIT, 0)
assert NO == -1 and camel_owners(2) == (NO, NO, 0, 0, 1, 1)
assert all(camel_owners(n) == (NO, NO, *range(n)) for n in (3, 4))


def others(mine: tuple[int, ...], owner: int) -> int:
    """The tiles holding a camel of another owner than ``owner`` (an index of `camel_masks`)."""
    out = 0
    for o, m in enumerate(mine):
        if o != owner:
            out |= m
    return out


def tile_masks(st: SahwariState) -> tuple[int, int]:
    """What the tiles hold: the common tiles (Guild and oases), and the resource tiles that
    still hold an item. Built once per pair of kinds and items (the kinds alone once per
    kinds)."""
    kind, items = st.kind, st.items
    memo = st._tiles
    if memo[1] is items and memo[0] is kind:
        return memo[2]
    kinds = _KINDS.get(kind)
    if kinds is None:
        if len(_KINDS) >= 256:
            _KINDS.clear()
        kinds = _KINDS[kind] = (
            sum(compress(BIT, map(COMMON.__contains__, kind))),
            sum(compress(BIT, map(RESOURCE.__eq__, kind))),
        )
    masks = (kinds[0], kinds[1] & sum(compress(BIT, items)))
    st._tiles = (kind, items, masks)
    return masks


# Per tuple of tile kinds (one per game and flip): the common tiles and the resource tiles.
_KINDS: dict[tuple[str, ...], tuple[int, int]] = {}


def caravan_mask(st: SahwariState) -> int:
    """The tiles holding a caravan."""
    return sum(BIT[p] for p, here in enumerate(st.items) if here and max(here) > "c")


def destinations(st: SahwariState, c: int, d: str) -> list[int]:
    """Legal destinations of camel ``c`` walking direction ``d`` (spec 6.1.4), in the order
    met. The last one may be the mandatory stop; the others are optional stops."""
    mine, every = camel_masks(st)
    common, stocked = tile_masks(st)
    owner = camel_owners(st.np)[c]
    guild = owner == NO
    # A camel of another owner blocks; for a guild camel, any camel does.
    hostile = every if guild else others(mine, owner + 1)
    kind, items = st.kind, st.items
    out: list[int] = []
    for pos in RAYS[st.cpos[c]][d]:
        bit = BIT[pos]
        if bit & common:
            out.append(pos)
            if kind[pos] == GUILD and items[pos]:
                break  # the Guild holding an item is a mandatory stop
            continue
        if bit & hostile:
            break
        if not bit & stocked:  # desert, or a resource tile emptied
            if guild and not bit & every:
                out.append(pos)
            continue
        if not bit & every:
            out.append(pos)
            break
    return out


def own_camels(st: SahwariState, seat: int) -> tuple[int, ...]:
    return OWN_CAMELS[st.np][seat]


def open_directions(
    pos: int, stops: int, blocks: int, names: Mapping[str, str], out: list[str],
    back: str = "",
) -> None:
    """Append to ``out`` the name in ``names`` of each direction from ``pos`` (but ``back``)
    whose ray meets a tile of ``stops`` before any of ``blocks``: a decision lists the
    directions with a destination, and only the one chosen needs its stops listed."""
    either = stops | blocks
    for d, ray, falling in RAY_LIST[pos]:
        met = ray & either
        if met and d != back and (1 << (met.bit_length() - 1) if falling else met & -met) & stops:
            out.append(names[d])


# Per position, its rays that leave the map not at once: (direction, bits, falling order).
RAY_LIST = tuple(tuple((d, rays[d], FALLING[d]) for d in DIRS if rays[d]) for rays in RAY_BITS)


def stops_and_blocks(st: SahwariState, owner: int) -> tuple[int, int]:
    """For a camel of ``owner`` (NO: a guild camel): the tiles where a walk may end, and the
    tiles that end a walk with no stop (spec 6.1.4). A player's camel stops on a common tile
    or a resource tile holding an item and no camel, and is blocked by another owner's camel
    on any other tile; a guild camel stops on a common tile or any tile without a camel, and
    is blocked by any camel elsewhere. Camels of two owners share common tiles only (every
    way onto a tile stops where no camel is, or on a common tile, and a common tile stays
    one), so off them, a camel not of ``owner`` is on every tile of ``every`` but its own."""
    mine, every = camel_masks(st)
    common, stocked = tile_masks(st)
    if owner == NO:
        return common | (BOARD & ~every), every & ~common
    return common | (stocked & ~every), every & ~mine[owner + 1] & ~common


# The options of the most frequent decisions, built once: per position (a player's camel)
# or guild camel, per direction.
MOVE_ACTIONS = tuple({d: f"move {name} {d}" for d in DIRS} for name in POS_NAMES)
GUILD_ACTIONS = tuple({d: f"guild {g} {d}" for d in DIRS} for g in GUILD_CAMELS)
SAME = {d: d for d in DIRS}


def move_options(st: SahwariState, seat: int) -> list[str]:
    """The legal moves ("move A2 N"); two own camels on one tile are interchangeable, so only
    the lower id is offered (spec 16.1)."""
    out: list[str] = []
    seen: list[int] = []
    stops, blocks = stops_and_blocks(st, seat)
    cpos = st.cpos
    for c in OWN_CAMELS[st.np][seat]:
        pos = cpos[c]
        if pos == NO or pos in seen:
            continue
        seen.append(pos)
        open_directions(pos, stops, blocks, MOVE_ACTIONS[pos], out)
    return out


def second_moves(st: SahwariState) -> list[str]:
    """The directions of the Explorer's second move (spec 6.1.6): same camel, never straight
    back."""
    c = st.moved
    out: list[str] = []
    if c != NO and st.cpos[c] == st.mend:
        stops, blocks = stops_and_blocks(st, camel_owners(st.np)[c])
        open_directions(st.mend, stops, blocks, SAME, out, OPPOSITE[st.mdir])
    return out


def guild_options(st: SahwariState) -> list[str]:
    """The legal guild camel moves ("guild G1 N")."""
    stops, blocks = stops_and_blocks(st, NO)
    cpos = st.cpos
    out: list[str] = []
    open_directions(cpos[0], stops, blocks, GUILD_ACTIONS[0], out)
    open_directions(cpos[1], stops, blocks, GUILD_ACTIONS[1], out)
    return out


def camels_on(st: SahwariState, pos: int) -> list[int]:
    return [c for c, p in enumerate(st.cpos) if p == pos]


def tornado_targets(st: SahwariState) -> list[int]:
    return [c for c, p in enumerate(st.cpos) if p != NO]


def tornado_destinations(st: SahwariState, c: int) -> list[int]:
    taken = set(st.cpos)
    return [p for p in range(SIZE * SIZE) if p not in taken and p != st.cpos[c]]


def push_destinations(st: SahwariState, c: int) -> list[int]:
    """Free tiles next to camel ``c``: no camel there, or a common tile (spec 11 step 4)."""
    taken = set(st.cpos)
    return [p for p in ADJACENT[st.cpos[c]]
            if p not in taken or st.kind[p] in (GUILD, OASIS)]


def bird_tiles(st: SahwariState) -> list[int]:
    """Tiles next to either guild camel holding an item (spec 4 Bird)."""
    out: set[int] = set()
    for g in (0, 1):
        for p in ADJACENT[st.cpos[g]]:
            if st.items[p]:
                out.add(p)
    return sorted(out)


def is_caravan(item: str) -> bool:
    return item[0] == "c"  # a public handle; cubes and pawns are data.CUBE and data.PAWN


# Whether a tile's items hold a caravan, asked of every tile by several abilities: handles
# ("c01") sort after data.CUBE and data.PAWN (capitals), so ``items and max(items) > "c"``
# answers in one call.
assert CUBE < "c" and PAWN < "c"


def map_caravans(st: SahwariState) -> list[tuple[int, str]]:
    return [(p, i) for p, items in enumerate(st.items) for i in items if i[0] == "c"]


def any_map_caravan(st: SahwariState) -> bool:
    """Whether a caravan lies on the map. Asked whenever a spyglass or bowl might be offered,
    while the items change about once a turn: the answer for the last items tuple is kept
    (one immutable pair, read once, so threads never see half of it)."""
    global _map_caravan
    items = st.items
    last = _map_caravan
    if last[0] is items:
        return last[1]
    found = max(map(max, filter(None, items)), default="") > "c"
    _map_caravan = (items, found)
    return found


_map_caravan: tuple[tuple[tuple[str, ...], ...] | None, bool] = (None, False)


def spy_tiles(st: SahwariState) -> list[int]:
    return [p for p, items in enumerate(st.items) if items and max(items) > "c"]


def spy_seats(st: SahwariState, seat: int) -> list[int]:
    return [s for s in range(st.np) if s != seat and face_down(st, s)]


def face_down(st: SahwariState, seat: int) -> tuple[str, ...]:
    """``seat``'s caravans still face down, in gain order. Asked in every ability window;
    caravans are gained and turned up a few times a game, so the answer for every seat is
    built once per pair of `cars` and `faceup` tuples and shared by the states that follow."""
    memo = st._down
    if memo[0] is not st.cars or memo[1] is not st.faceup:
        faceup = st.faceup
        down = tuple(tuple(h for h in cars if h not in faceup) for cars in st.cars)
        memo = st._down = (st.cars, faceup, down)
    return memo[2][seat]


def attack_origins(st: SahwariState, seat: int) -> list[int]:
    """Tiles an attack may start from: own camels' and guild camels' (spec 11)."""
    owners = camel_owners(st.np)
    out = []
    for c, p in enumerate(st.cpos):
        if p != NO and owners[c] in (seat, NO) and p not in out:
            out.append(p)
    return out


def can_attack(st: SahwariState, seat: int) -> bool:
    """Whether ``attacks`` would find anything, without listing it: a camel of another owner
    next to an origin, or a caravan on or next to one."""
    mine, _ = camel_masks(st)
    start = mine[0] | mine[seat + 1]
    reach = neighbours(start)
    return bool(reach & others(mine, seat + 1) or (reach | start) & caravan_mask(st))


def attacks(st: SahwariState, seat: int) -> list[tuple[int, str, str]]:
    """Every legal (origin, mode, target): a camel id index as text, or a caravan handle."""
    owners = camel_owners(st.np)
    out = []
    for origin in attack_origins(st, seat):
        for p in ADJACENT[origin]:
            for c in camels_on(st, p):
                if owners[c] != seat:
                    out.append((origin, "camel", str(c)))
        for p in (origin, *ADJACENT[origin]):
            for item in st.items[p]:
                if is_caravan(item):
                    out.append((origin, "caravan", item))
    return out
