"""What one seat knows of a Yspahan state, and states drawn consistent with it (spec 18.1).

Hidden from a seat: the other hands (their sizes are public) and the deck's order. Everything
else is public. A seat knows its own hand and the discard pile, so the cards it cannot place
are one pool: the deck and the other hands together. An observation deals that pool sorted,
other hands first in seat order, the deck last, and drops the generator; a determinized state
deals it shuffled and draws a fresh generator.
"""

from __future__ import annotations

from games.core import rng as R
from games.yspahan.engine.state import YspahanState


def _pool(st: YspahanState, seat: int | None) -> tuple[list[str], list[int]]:
    """The cards ``seat`` cannot place, and the seats whose hands hold some of them."""
    others = [s for s in range(st.np) if s != seat]
    pool = list(st.deck)
    for s in others:
        pool.extend(st.hands[s])
    return pool, others


def _deal(st: YspahanState, pool: list[str], others: list[int]) -> None:
    at = 0
    for s in others:
        size = len(st.hands[s])
        st.hands[s] = sorted(pool[at : at + size])
        at += size
    st.deck = pool[at:]


def observe(st: YspahanState, seat: int | None) -> YspahanState:
    out = st.copy()
    pool, others = _pool(out, seat)
    _deal(out, sorted(pool), others)
    out.rng = 0
    return out


def determinize(st: YspahanState, seat: int | None, rng: int) -> tuple[YspahanState, int]:
    out = st.copy()
    pool, others = _pool(out, seat)
    pool.sort()  # the same world for the same rng, whatever order the pool came in
    rng = R.shuffle(rng, pool)
    _deal(out, pool, others)
    rng, out.rng = R.next_u64(rng)
    return out, rng


__all__ = ["determinize", "observe"]
