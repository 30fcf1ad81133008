"""What one seat knows of a Sahwari state, and states drawn consistent with it (spec 16.3).

Hidden from a seat: the faces of caravans it has not seen (on the map, in other players'
areas, removed by attacks, set aside at setup), the backs of unflipped tiles (their tile ids),
the recruit deck's order, the leaders other seats were dealt and did not keep, and the
generator. An observation deals each hidden pool sorted, in a fixed order; a determinized
state deals it shuffled and draws a fresh generator.
"""

from __future__ import annotations

from games.core import rng as R
from games.sahwari.engine.data import LEADERS, RESOURCE, TILE_BY_ID
from games.sahwari.engine.state import SahwariState


def _redeal(st: SahwariState, seat: int | None, rng: int | None) -> int | None:
    """Replace what ``seat`` cannot see: sorted pools when ``rng`` is None, else shuffled."""

    def order(pool: list[str]) -> list[str]:
        nonlocal rng
        pool.sort()
        if rng is not None:
            rng = R.shuffle(rng, pool)
        return pool

    known = set(st.faceup) | (set(st.known[seat]) if seat is not None else set())
    hid = dict(st.hid)
    unused: list[str] = []
    for colour in ("Y", "B"):
        handles = sorted(h for h in hid if st.hcol[h] == colour and h not in known)
        pool = [hid[h] for h in handles] + [c for c in st.unused if c[0] == colour]
        pool = order(pool)
        for h, cid in zip(handles, pool, strict=False):
            hid[h] = cid
        unused.extend(pool[len(handles):])
    st.hid, st.unused = hid, tuple(sorted(unused))

    groups: dict[str, list[int]] = {}
    for pos, pattern in enumerate(st.pattern):
        if pattern:
            groups.setdefault(pattern, []).append(pos)
    tiles = list(st.tiles)
    for positions in groups.values():
        ids = [tiles[p] for p in positions]
        by_back: dict[str, list[str]] = {}
        for t in sorted(ids):
            by_back.setdefault(TILE_BY_ID[t].back, []).append(t)
        hidden = []
        for p in positions:
            if st.kind[p] == RESOURCE:
                hidden.append(p)
            else:
                tiles[p] = by_back[st.kind[p]].pop(0)
        pool = order([t for rest in by_back.values() for t in rest])
        for p, t in zip(hidden, pool, strict=True):
            tiles[p] = t
    st.tiles = tuple(tiles)

    st.deck = tuple(order(list(st.deck)))

    if any(st.dealt):
        kept = {k for k in st.leader if k}
        mine = set(st.dealt[seat]) if seat is not None else set()
        pool = order([ld.key for ld in LEADERS if ld.key not in kept | mine])
        dealt = list(st.dealt)
        for s in range(st.np):
            if s == seat or not dealt[s]:
                continue
            if st.leader[s]:
                dealt[s] = tuple(sorted((st.leader[s], pool.pop())))
            else:
                dealt[s] = tuple(sorted((pool.pop(), pool.pop())))
        st.dealt = tuple(dealt)
    return rng


def observe(st: SahwariState, seat: int | None) -> SahwariState:
    out = st.copy()
    _redeal(out, seat, None)
    out.rng = 0
    return out


def determinize(st: SahwariState, seat: int | None, rng: int) -> tuple[SahwariState, int]:
    out = st.copy()
    after = _redeal(out, seat, rng)
    assert after is not None
    rng, out.rng = R.next_u64(after)
    return out, rng
