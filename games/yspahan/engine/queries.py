"""Questions the rules, the notation and the views all ask of a Yspahan state (no changes)."""

from __future__ import annotations

from games.yspahan.engine.data import (
    BUILDINGS,
    CARAVAN_PER_ROW,
    CRANE,
    DIST,
    HAMMAM,
    NO,
    QUARTER_SOUKS,
    SEAT_LABELS,
    SOUK_SHOPS,
    card_kind,
)
from games.yspahan.engine.state import YspahanState


def label(seat: int) -> str:
    return SEAT_LABELS[seat]


def takeable(st: YspahanState, seat: int) -> list[int]:
    """Tower spaces whose group `seat` may take (2p: the other player needs a white die).

    UNCERTAIN (U18): with only yellow-only groups left, the other player has the forced draw.
    """
    tw = st.tw
    if st.np == 2 and seat != st.first:
        return [g for g in range(1, 7) if tw[g]]
    ty = st.ty
    return [g for g in range(1, 7) if tw[g] or ty[g]]


def souk_owner(st: YspahanState, souk: int) -> int:
    """The one colour present in a souk (a souk never holds two colours), or NO."""
    shops = st.shops
    for i in SOUK_SHOPS[souk]:
        if shops[i] != NO:
            return shops[i]
    return NO


def legal_shops(st: YspahanState, seat: int, quarter: int) -> list[int]:
    """Spec 6.4: one cube per shop, opponents' souks closed, finish a souk before starting one."""
    shops = st.shops
    mine: list[int] = []
    free: list[int] = []
    for k in QUARTER_SOUKS[quarter]:
        owner = NO
        empties = []
        for i in SOUK_SHOPS[k]:
            o = shops[i]
            if o == NO:
                empties.append(i)
            else:
                owner = o
        if not empties:
            continue
        if owner == seat:
            mine.extend(empties)
        elif owner == NO:
            free.extend(empties)
    return mine or free


def caravan_size(st: YspahanState) -> int:
    return 3 * CARAVAN_PER_ROW[st.np]


def has(st: YspahanState, seat: int, building: int) -> bool:
    return building in st.built[seat]


def first_of_kinds(hand: list[str]) -> list[str]:
    """One card per kind (the lowest id): copies of a kind are interchangeable."""
    out: list[str] = []
    last = ""
    for cid in hand:
        if cid[:2] != last:
            out.append(cid)
            last = cid[:2]
    return out


def card_playable(st: YspahanState, seat: int, kind: int) -> bool:
    """Spec 9.4: whether a card of `kind` may be played for its effect now.

    UNCERTAIN (U15): cards are offered only at the card windows (roll, turn start, build step,
    turn end), never between the steps of an action.
    """
    if kind in (1, 2, 5):
        return True
    if kind == 6:
        return any(legal_shops(st, seat, q) for q in range(4))
    if kind == 7:
        return st.gold[seat] > 0
    if kind == 8:
        return st.camels[seat] > 0
    if kind == 9:
        return st.gold[seat] > 0 or st.camels[seat] > 0
    return False  # C3/C4 only inside a build choice


def play_options(st: YspahanState, seat: int) -> list[str]:
    return [
        "play " + cid
        for cid in first_of_kinds(st.hands[seat])
        if card_playable(st, seat, card_kind(cid))
    ]


def discount_cards(st: YspahanState, seat: int, building: int) -> list[tuple[str, ...]]:
    """Spec 8.1: affordable (C3?, C4?) card sets for a building, cheapest use of cards first."""
    hand = st.hands[seat]
    c3 = next((c for c in hand if c[:2] == "C3"), None)
    b = BUILDINGS[building]
    # UNCERTAIN (U17): C4 is not offered for a building without a gold cost (the Enclosure).
    c4 = next((c for c in hand if c[:2] == "C4"), None) if b.gold else None
    out: list[tuple[str, ...]] = []
    camels, gold = st.camels[seat], st.gold[seat]
    for combo in ((), (c3,), (c4,), (c3, c4)):
        if None in combo:
            continue
        need_c = 0 if c3 in combo else b.camels
        need_g = 0 if c4 in combo else b.gold
        if camels >= need_c and gold >= need_g:
            out.append(combo)  # type: ignore[arg-type]
    return out


def build_options(st: YspahanState, seat: int) -> list[int]:
    """Buildings `seat` can construct now, with discount cards if need be (same test as
    `discount_cards`, spelled out because it runs at every build step)."""
    built = st.built[seat]
    camels, gold = st.camels[seat], st.gold[seat]
    kinds = {c[:2] for c in st.hands[seat]}
    c3, c4 = "C3" in kinds, "C4" in kinds
    return [
        b
        for b, bd in enumerate(BUILDINGS)
        if b not in built and (c3 or camels >= bd.camels) and (c4 or gold >= bd.gold)
    ]


def hammam_bonus(st: YspahanState, seat: int) -> int:
    return 3 if HAMMAM in st.built[seat] else 0


def move_cost(st: YspahanState, k: int) -> int:
    """Spec 6.5.1: gold for an effective distance k against the face value v."""
    return max(0, abs(k - st.v) - hammam_bonus(st, st.acting))


def supervisor_moves(st: YspahanState) -> list[tuple[int, int]]:
    """Spec 6.5 and 16.7: (street space, gold cost) of every destination the acting seat can
    pay for, in street order; the current space (distance 0) is one of them."""
    dist = DIST[st.supervisor]
    gold = st.gold[st.acting]
    v = st.v
    h = hammam_bonus(st, st.acting)
    out = []
    for space, k in enumerate(dist):
        cost = abs(k - v) - h
        if cost <= gold:
            out.append((space, cost if cost > 0 else 0))
    return out


def delivery_shops(st: YspahanState, seat: int) -> list[int]:
    """Spec 9.4: shops a Shop delivery cube may go to, the union over the four quarters."""
    return [i for q in range(4) for i in legal_shops(st, seat, q)]


def crane_bonus(st: YspahanState, seat: int) -> int:
    return 1 if CRANE in st.built[seat] else 0


# ---- what anyone can tell about a seat's options (hand size, public holdings) -----------------

PLAYABLE_KINDS = (1, 2, 5, 6, 7, 8, 9)  # C3/C4 are never played for their effect


def play_bound(st: YspahanState, seat: int) -> int:
    """At most how many cards ``seat`` could be offered to play now, whatever its hand holds."""
    hand = len(st.hands[seat])
    if not hand:
        return 0
    return min(hand, sum(1 for k in PLAYABLE_KINDS if card_playable(st, seat, k)))


def build_bound(st: YspahanState, seat: int) -> int:
    """At most how many build choices (building, discount cards) ``seat`` could have now,
    whatever its hand holds: with any card in hand, it might hold a C3 and a C4."""
    camels, gold = st.camels[seat], st.gold[seat]
    held = bool(st.hands[seat])
    n = 0
    for b, bd in enumerate(BUILDINGS):
        if b in st.built[seat]:
            continue
        n += camels >= bd.camels and gold >= bd.gold
        if held:
            n += gold >= bd.gold
            if bd.gold:
                n += (camels >= bd.camels) + 1
    return n


def build_choices(st: YspahanState, seat: int, room: int) -> list[str]:
    """Spec 8.1: the build entries of a decision with ``room`` options left for them.

    One entry per (building, discount cards), `build crane C3a`, when every hand of this size
    would fit; otherwise one per building, `build crane`, and the cards are chosen next. The
    choice between the two forms depends only on what everyone can see."""
    if build_bound(st, seat) > room:
        return ["build " + BUILDINGS[b].key for b in build_options(st, seat)]
    c3 = c4 = ""
    for c in st.hands[seat]:
        if not c3 and c[:2] == "C3":
            c3 = c
        elif not c4 and c[:2] == "C4":
            c4 = c
    camels, gold = st.camels[seat], st.gold[seat]
    built = st.built[seat]
    out = []
    for b, bd in enumerate(BUILDINGS):
        if b in built:
            continue
        key = "build " + bd.key
        if camels >= bd.camels and gold >= bd.gold:
            out.append(key)
        if c3 and gold >= bd.gold:
            out.append(f"{key} {c3}")
        if c4 and bd.gold and camels >= bd.camels:
            out.append(f"{key} {c4}")
        if c3 and c4 and bd.gold:
            out.append(f"{key} {c3} {c4}")
    return out
