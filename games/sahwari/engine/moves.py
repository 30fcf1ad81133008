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
    RESOURCE,
    SIZE,
    camel_owners,
)
from games.sahwari.engine.state import SahwariState


def destinations(st: SahwariState, c: int, d: str, start: int | None = None) -> list[int]:
    """Legal destinations of camel ``c`` walking direction ``d`` (spec 6.1.4), in the order
    met. The last one may be the mandatory stop; the others are optional stops."""
    owners = camel_owners(st.np)
    owner = owners[c]
    guild = owner == NO
    cpos, kind, items = st.cpos, st.kind, st.items
    out: list[int] = []
    for pos in RAYS[cpos[c] if start is None else start][d]:
        k = kind[pos]
        if k == OASIS or (k == GUILD and not items[pos]):
            out.append(pos)
            continue
        if k == GUILD:
            out.append(pos)
            break
        others = [x for x, p in enumerate(cpos) if p == pos and x != c] if pos in cpos else []
        if k == DESERT or not items[pos]:
            if others and (guild or any(owners[x] != owner for x in others)):
                break
            if guild and not others:
                out.append(pos)
            continue
        if not others:
            out.append(pos)
            break
        if guild or any(owners[x] != owner for x in others):
            break
    return out


def blocker(st: SahwariState, c: int, d: str) -> int:
    """The position where camel ``c`` walking ``d`` is stopped by another camel, else NO."""
    owners = camel_owners(st.np)
    owner = owners[c]
    for pos in RAYS[st.cpos[c]][d]:
        k = st.kind[pos]
        if k in (OASIS, GUILD):
            if k == GUILD and st.items[pos]:
                return NO
            continue
        others = [x for x, p in enumerate(st.cpos) if p == pos and x != c]
        hostile = any(owners[x] != owner or owner == NO for x in others)
        if hostile:
            return pos
        if k == RESOURCE and st.items[pos] and not others:
            return NO
    return NO


def own_camels(st: SahwariState, seat: int) -> list[int]:
    return [c for c, o in enumerate(camel_owners(st.np)) if o == seat]


def movable(st: SahwariState, seat: int) -> list[tuple[int, str, list[int]]]:
    """(camel, direction, destinations) for each legal move; two own camels on one tile are
    interchangeable, so only the lower id is offered (spec 16.1)."""
    out = []
    seen: set[int] = set()
    for c in own_camels(st, seat):
        pos = st.cpos[c]
        if pos == NO or pos in seen:
            continue
        seen.add(pos)
        for d in DIRS:
            dests = destinations(st, c, d)
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
    for d in DIRS:
        if d != back:
            dests = destinations(st, c, d)
            if dests:
                out.append((d, dests))
    return out


def guild_moves(st: SahwariState) -> list[tuple[int, str, list[int]]]:
    out = []
    for c in (0, 1):
        for d in DIRS:
            dests = destinations(st, c, d)
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
