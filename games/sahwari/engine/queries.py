"""Questions about a Sahwari state that views, rules and scoring share: clan rows, tracks and
influence (spec 3.6, 3.7, 7, 13)."""

from __future__ import annotations

import functools
from typing import Final

from games.sahwari.engine.data import (
    ACTIVE,
    CARAVAN_BY_ID,
    CARD_BY_ID,
    CLAN,
    CLAN_CARD_CAP,
    DEAD,
    DESERT,
    EMPTY,
    GUILD,
    GUILD_POS,
    LEADER_BY_KEY,
    OASIS,
    RECRUIT_VALUES,
    RESOURCE,
    SEAT_LABELS,
    SIZE,
    SPYGLASS,
    STORAGE_VALUES,
    SWORDS,
    influence_of,
)
from games.sahwari.engine.state import SahwariState

CATEGORIES: Final = ("caravans", "storage", "recruits", "artifacts", "leader", "clan cards")


def label(seat: int) -> str:
    return SEAT_LABELS[seat]


# ---- clan rows (spec 7) ------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def piece_names(row: tuple[str, ...]) -> tuple[str, ...]:
    """Each piece's name in prompts: L2, L1, CLAN, R1, R2 ..."""
    k = row.index(CLAN)
    return tuple(CLAN if i == k else (f"L{k - i}" if i < k else f"R{i - k}")
                 for i in range(len(row)))


@functools.lru_cache(maxsize=1024)
def junction_names(row: tuple[str, ...]) -> tuple[str, ...]:
    names = piece_names(row)
    return tuple(f"{names[i]}|{names[i + 1]}" for i in range(len(row) - 1))


def edge(st: SahwariState, seat: int, piece: str, side: str) -> tuple[str, str]:
    """(colour, effect) of a piece's left or right edge; the clan sheet's edges have no effect."""
    if piece == CLAN:
        leader = LEADER_BY_KEY.get(st.leader[seat])
        if leader is None:
            return "", ""
        return (leader.left if side == "L" else leader.right), ""
    card = CARD_BY_ID[piece]
    return (card.left, card.left_effect) if side == "L" else (card.right, card.right_effect)


def junction_effects(st: SahwariState, seat: int, j: int) -> tuple[str, ...]:
    """The edge effects flanking junction ``j``: the left piece's right edge, then the right
    piece's left edge; the clan sheet contributes none."""
    row = st.row[seat]
    out = []
    for piece, side in ((row[j], "R"), (row[j + 1], "L")):
        effect = edge(st, seat, piece, side)[1]
        if effect:
            out.append(effect)
    return tuple(out)


def junction_state(st: SahwariState, seat: int, left: str, right: str) -> int:
    return EMPTY if edge(st, seat, left, "R")[0] == edge(st, seat, right, "L")[0] else DEAD


def empty_spaces(st: SahwariState, seat: int) -> list[int]:
    return [j for j, s in enumerate(st.junc[seat]) if s == EMPTY]


def active_spaces(st: SahwariState, seat: int) -> list[int]:
    return [j for j, s in enumerate(st.junc[seat]) if s == ACTIVE]


# ---- the map -------------------------------------------------------------------------------


def is_common(st: SahwariState, pos: int) -> bool:
    k = st.kind[pos]
    return k in (GUILD, OASIS)


def shows_resources(st: SahwariState) -> int:
    """Tiles still resource side up, the Guild tile included (spec 12)."""
    shown = 0
    for k in st.kind:
        if k in (RESOURCE, GUILD):
            shown += 1
    return shown


def tile_name(pos: int) -> str:
    return f"{'ABCDE'[pos // SIZE]}{pos % SIZE + 1}"


def is_desertlike(st: SahwariState, pos: int) -> bool:
    """Desert, or a resource tile emptied this turn (spec 6.1.3)."""
    k = st.kind[pos]
    return k == DESERT or (k == RESOURCE and not st.items[pos])


# ---- influence (spec 13) -------------------------------------------------------------------


def storage_score(cubes: int) -> int:
    return STORAGE_VALUES[cubes + 1]


def recruit_score(pawns: int) -> int:
    return RECRUIT_VALUES[pawns + 1]


def cubes_owned(st: SahwariState, seat: int) -> int:
    return st.store[seat] + sum(1 for s in st.junc[seat] if s == ACTIVE)


def active_effects(st: SahwariState, seat: int) -> list[str]:
    out: list[str] = []
    for j, s in enumerate(st.junc[seat]):
        if s == ACTIVE:
            out.extend(junction_effects(st, seat, j))
    return out


def leader_formula(st: SahwariState, seat: int, key: str) -> int:
    """A leader's end-game formula on ``seat``'s state (spec 3.7)."""
    if key == "merchant":
        return cubes_owned(st, seat) // 2
    if key == "diplomat":
        return len(st.row[seat]) - 1
    if key == "bandit":
        return min(cubes_owned(st, seat), len(st.cars[seat]))
    if key == "spy":
        used = sum(1 for h in st.cars[seat] if h in st.used
                   and SPYGLASS in CARAVAN_BY_ID[st.hid[h]].actions)
        lock = 1 if 2 in st.slock[seat] else 0  # the storage spyglass is space 2
        return active_effects(st, seat).count(SPYGLASS) + used + lock
    if key == "dealer":
        lock = 1 if 4 in st.slock[seat] else 0  # the storage swords are space 4
        return min(active_effects(st, seat).count(SWORDS) + lock, st.store[seat])
    return 0


def clan_cards(st: SahwariState, seat: int) -> int:
    """Clan abilities of cards whose junctions on both sides are activated (spec 3.6)."""
    row, junc = st.row[seat], st.junc[seat]
    total = 0
    for i, piece in enumerate(row):
        if piece == CLAN or not CARD_BY_ID[piece].clan:
            continue
        if 0 < i < len(row) - 1 and junc[i - 1] == ACTIVE and junc[i] == ACTIVE:
            total += min(CLAN_CARD_CAP, leader_formula(st, seat, CARD_BY_ID[piece].clan))
    return total


def caravan_influence(st: SahwariState, seat: int, viewer: int | None) -> int:
    """Influence on ``seat``'s caravans whose face ``viewer`` knows (None: the spectator)."""
    total = 0
    known = st.known[viewer] if viewer is not None else ()
    for h in st.cars[seat]:
        if h in st.faceup or h in known:
            total += CARAVAN_BY_ID[st.hid[h]].influence
    return total


def breakdown(st: SahwariState, seat: int, viewer: int | None) -> dict[str, int]:
    leader = st.leader[seat]
    return {
        "caravans": caravan_influence(st, seat, viewer),
        "storage": storage_score(st.store[seat]),
        "recruits": recruit_score(st.pawns[seat]),
        "artifacts": sum(influence_of(e) for e in active_effects(st, seat)),
        "leader": leader_formula(st, seat, leader) if leader else 0,
        "clan cards": clan_cards(st, seat),
    }


def tiebreak_count(st: SahwariState, seat: int) -> int:
    """Recruit cards in the clan row plus cubes owned (spec 13, UNCERTAIN 14)."""
    return len(st.row[seat]) - 1 + cubes_owned(st, seat)


def guild_counts(st: SahwariState) -> tuple[int, int]:
    items = st.items[GUILD_POS]
    return items.count("A"), items.count("P")
