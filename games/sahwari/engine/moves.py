"""Where camels may go (spec 6.1.3, 6.1.4, 6.3, 4 Tornado, 11 push) and what abilities can
reach (bird, spyglass, attack targets). Pure queries on a state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from games.sahwari.engine.data import (
    ADJACENT,
    CUBE,
    DESERT,
    DIRS,
    GUILD,
    GUILD_CAMELS,
    NO,
    OASIS,
    OPPOSITE,
    PAWN,
    POS_NAMES,
    RAYS,
    SIZE,
    camel_owners,
)
from games.sahwari.engine.state import SahwariState

CELLS: Final = SIZE * SIZE
COMMON: Final = frozenset((GUILD, OASIS))  # tiles every camel may share
GUILD_BIT: Final = 1
OWNER_BITS: Final = {n: tuple(1 << (o + 1) for o in owners) for n, owners in
                     ((n, camel_owners(n)) for n in (2, 3, 4))}
OWN_CAMELS: Final = {n: tuple(tuple(c for c, o in enumerate(camel_owners(n)) if o == s)
                              for s in range(n)) for n in (2, 3, 4)}


def occupancy(st: SahwariState) -> list[int]:
    """Per position, one bit per owner of a camel standing there: bit 0 the guild, bit s + 1
    seat s, so walking a ray asks a list, not every camel. Built once per placement: the
    states that follow share the placement tuple, and the table with it (callers only read
    it)."""
    cpos = st.cpos
    memo = st._occ
    if memo[0] is cpos:
        return memo[1]
    occ = [0] * CELLS
    bits = OWNER_BITS[st.np]
    for c, p in enumerate(cpos):
        if p != NO:
            occ[p] |= bits[c]
    st._occ = (cpos, occ)
    return occ


def destinations(
    st: SahwariState, c: int, d: str, occ: list[int] | None = None
) -> list[int]:
    """Legal destinations of camel ``c`` walking direction ``d`` (spec 6.1.4), in the order
    met. The last one may be the mandatory stop; the others are optional stops."""
    if occ is None:
        occ = occupancy(st)
    mine = OWNER_BITS[st.np][c]
    guild = mine == GUILD_BIT
    kind, items = st.kind, st.items
    out: list[int] = []
    for pos in RAYS[st.cpos[c]][d]:
        k = kind[pos]
        if k == OASIS or (k == GUILD and not items[pos]):
            out.append(pos)
            continue
        if k == GUILD:
            out.append(pos)
            break
        here = occ[pos]
        # A camel of another owner blocks; for a guild camel, any other camel does.
        hostile = here and (guild or here & ~mine)
        if k == DESERT or not items[pos]:
            if hostile:
                break
            if guild and not here:
                out.append(pos)
            continue
        if not here:
            out.append(pos)
            break
        if hostile:
            break
    return out


def own_camels(st: SahwariState, seat: int) -> tuple[int, ...]:
    return OWN_CAMELS[st.np][seat]


def open_directions(
    st: SahwariState, c: int, occ: list[int], dirs: tuple[str, ...], names: Mapping[str, str],
    out: list[str],
) -> None:
    """Append to ``out`` the name in ``names`` of each direction of ``dirs`` in which camel
    ``c`` has at least one destination: the walk of `destinations`, stopped at the first stop
    found, since a decision lists directions and only the one chosen needs its stops."""
    mine = OWNER_BITS[st.np][c]
    guild = mine == GUILD_BIT
    kind, items = st.kind, st.items
    rays = RAYS[st.cpos[c]]
    for d in dirs:
        for pos in rays[d]:
            k = kind[pos]
            if k in COMMON:
                out.append(names[d])
                break
            here = occ[pos]
            if k == DESERT or not items[pos]:
                if here:
                    if guild or here & ~mine:
                        break  # blocked
                elif guild:
                    out.append(names[d])
                    break
                continue
            if not here:
                out.append(names[d])
                break
            if guild or here & ~mine:
                break


# The options of the most frequent decisions, built once: per position (a player's camel)
# or guild camel, per direction.
# (Annotated: the compiler reads these before it has inferred them, through an import cycle.)
MOVE_ACTIONS: Final[tuple[dict[str, str], ...]] = tuple(
    {d: f"move {name} {d}" for d in DIRS} for name in POS_NAMES)
GUILD_ACTIONS: Final[tuple[dict[str, str], ...]] = tuple(
    {d: f"guild {g} {d}" for d in DIRS} for g in GUILD_CAMELS)
SAME: Final = {d: d for d in DIRS}


def move_options(st: SahwariState, seat: int) -> list[str]:
    """The legal moves ("move A2 N"); two own camels on one tile are interchangeable, so only
    the lower id is offered (spec 16.1)."""
    out: list[str] = []
    seen: list[int] = []
    occ = occupancy(st)
    cpos = st.cpos
    for c in OWN_CAMELS[st.np][seat]:
        pos = cpos[c]
        if pos == NO or pos in seen:
            continue
        seen.append(pos)
        open_directions(st, c, occ, DIRS, MOVE_ACTIONS[pos], out)
    return out


SECOND_DIRS: Final = {back: tuple(d for d in DIRS if d != OPPOSITE[back]) for back in DIRS}


def second_moves(st: SahwariState) -> list[str]:
    """The directions of the Explorer's second move (spec 6.1.6): same camel, never straight
    back."""
    c = st.moved
    out: list[str] = []
    if c != NO and st.cpos[c] == st.mend:
        open_directions(st, c, occupancy(st), SECOND_DIRS[st.mdir], SAME, out)
    return out


def guild_options(st: SahwariState) -> list[str]:
    """The legal guild camel moves ("guild G1 N")."""
    occ = occupancy(st)
    out: list[str] = []
    open_directions(st, 0, occ, DIRS, GUILD_ACTIONS[0], out)
    open_directions(st, 1, occ, DIRS, GUILD_ACTIONS[1], out)
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
    """A caravan's public handle ("c01"), not data.CUBE or data.PAWN: the only items of more
    than one letter, so the length tells (compiled, a length is read without a call)."""
    return len(item) > 1


assert len(CUBE) == len(PAWN) == 1


def holds_caravan(items: tuple[str, ...]) -> bool:
    return any(is_caravan(item) for item in items)


def map_caravans(st: SahwariState) -> list[tuple[int, str]]:
    return [(p, i) for p, items in enumerate(st.items) for i in items if is_caravan(i)]


def any_map_caravan(st: SahwariState) -> bool:
    """Whether a caravan lies on the map (asked whenever a spyglass or bowl might be offered)."""
    return any(holds_caravan(items) for items in st.items)


def spy_tiles(st: SahwariState) -> list[int]:
    return [p for p, items in enumerate(st.items) if holds_caravan(items)]


def spy_seats(st: SahwariState, seat: int) -> list[int]:
    return [s for s in range(st.np) if s != seat and face_down(st, s)]


def face_down(st: SahwariState, seat: int) -> tuple[str, ...]:
    """``seat``'s caravans still face down, in gain order. Asked in every ability window;
    caravans are gained and turned up a few times a game, so the answer for every seat is
    built once per pair of `cars` and `faceup` tuples and shared by the states that follow."""
    memo = st._down
    if memo[0] is not st.cars or memo[1] is not st.faceup:
        up = set(st.faceup)  # hashed: a tuple would compare each handle's text in turn
        down = tuple([tuple([h for h in cars if h not in up]) for cars in st.cars])
        memo = st._down = (st.cars, st.faceup, down)
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
    """Whether ``attacks`` would find anything, without listing it."""
    items = st.items
    occ = occupancy(st)
    others = ~(1 << (seat + 1))  # camels of the guild and of every other seat
    for origin in attack_origins(st, seat):
        if holds_caravan(items[origin]):
            return True
        for p in ADJACENT[origin]:
            if occ[p] & others or holds_caravan(items[p]):
                return True
    return False


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
