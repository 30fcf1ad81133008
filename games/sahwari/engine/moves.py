"""Where camels may go (spec 6.1.3, 6.1.4, 6.3, 4 Tornado, 11 push) and what abilities can
reach (bird, spyglass, attack targets). Pure queries on a state."""

from __future__ import annotations

from games.sahwari.engine.data import (
    ADJACENT,
    DESERT,
    DIRS,
    GUILD,
    NO,
    OASIS,
    OPPOSITE,
    RAYS,
    SIZE,
    camel_owners,
)
from games.sahwari.engine.state import SahwariState

CELLS = SIZE * SIZE
GUILD_BIT = 1
OWNER_BITS = {n: tuple(1 << (o + 1) for o in owners) for n, owners in
              ((n, camel_owners(n)) for n in (2, 3, 4))}
OWN_CAMELS = {n: tuple(tuple(c for c, o in enumerate(camel_owners(n)) if o == s)
                       for s in range(n)) for n in (2, 3, 4)}


def occupancy(st: SahwariState) -> list[int]:
    """Per position, one bit per owner of a camel standing there: bit 0 the guild, bit s + 1
    seat s, so walking a ray asks a list, not every camel. Camels move a few times a turn and
    the same placements recur, so the table is kept per placement; callers only read it."""
    key = (st.np, st.cpos)
    occ = _OCCUPANCY.get(key)
    if occ is None:
        if len(_OCCUPANCY) >= 4096:
            _OCCUPANCY.clear()
        occ = [0] * CELLS
        bits = OWNER_BITS[st.np]
        for c, p in enumerate(st.cpos):
            if p != NO:
                occ[p] |= bits[c]
        _OCCUPANCY[key] = occ
    return occ


_OCCUPANCY: dict[tuple[int, tuple[int, ...]], list[int]] = {}


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


def movable(st: SahwariState, seat: int) -> list[tuple[int, str, list[int]]]:
    """(camel, direction, destinations) for each legal move; two own camels on one tile are
    interchangeable, so only the lower id is offered (spec 16.1)."""
    out = []
    seen: list[int] = []
    occ = occupancy(st)
    for c in own_camels(st, seat):
        pos = st.cpos[c]
        if pos == NO or pos in seen:
            continue
        seen.append(pos)
        for d in DIRS:
            dests = destinations(st, c, d, occ)
            if dests:
                out.append((c, d, dests))
    return out


def second_moves(st: SahwariState) -> list[tuple[str, list[int]]]:
    """The Explorer's second move (spec 6.1.6): same camel, never straight back."""
    c = st.moved
    if c == NO or st.cpos[c] != st.mend:
        return []
    back = OPPOSITE[st.mdir]
    out = []
    occ = occupancy(st)
    for d in DIRS:
        if d != back:
            dests = destinations(st, c, d, occ)
            if dests:
                out.append((d, dests))
    return out


def guild_moves(st: SahwariState) -> list[tuple[int, str, list[int]]]:
    out = []
    occ = occupancy(st)
    for c in (0, 1):
        for d in DIRS:
            dests = destinations(st, c, d, occ)
            if dests:
                out.append((c, d, dests))
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


def map_caravans(st: SahwariState) -> list[tuple[int, str]]:
    return [(p, i) for p, items in enumerate(st.items) for i in items if i[0] == "c"]


def any_map_caravan(st: SahwariState) -> bool:
    return any(i[0] == "c" for items in st.items for i in items)


def spy_tiles(st: SahwariState) -> list[int]:
    return [p for p, items in enumerate(st.items) if any(i[0] == "c" for i in items)]


def spy_seats(st: SahwariState, seat: int) -> list[int]:
    return [s for s in range(st.np) if s != seat
            and any(h not in st.faceup for h in st.cars[s])]


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
    owners = camel_owners(st.np)
    cpos, items = st.cpos, st.items
    for origin in attack_origins(st, seat):
        if any(i[0] == "c" for i in items[origin]):
            return True
        for p in ADJACENT[origin]:
            if any(i[0] == "c" for i in items[p]):
                return True
            if any(q == p and owners[c] != seat for c, q in enumerate(cpos)):
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
