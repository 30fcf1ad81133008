"""What no seat can see in Targi, and how to re-deal it (spec 15.2).

Both seats and spectators know the same things: hands, discards and revealed cards are public,
and nobody knows the order of either deck or which card lies face down on a used central cell.
So an observation is the same for every viewer. The unknown cards form pools whose contents
are known: today's deck together with the face-down cards drawn from it since its latest
reshuffle, and (rarely) face-down cards drawn just before a reshuffle, which came from the old
deck and can never be among the new one. Within a pool every arrangement is equally possible.

Hence no Targi event is private: a card is either revealed to all (Caravan, Tribal Expansion,
the end-of-round turn) or to nobody (a face-down replacement, whose back alone is public).
The steps resolved without a prompt (a raid or limit with one way to pay, a drawn card that
can be neither played nor held, an action with nothing to do) depend only on public holdings
and revealed cards, so the public flow tells nothing more either.
"""

from __future__ import annotations

from games.core import rng as R
from games.targi.engine.data import GOODS_CARDS
from games.targi.engine.state import TargiState

Pool = tuple[list[int], bool]  # face-down cells (indices), whether the deck belongs to it


def pools(st: TargiState, kind: str) -> list[Pool]:
    """The pools of unknown cards of one deck kind, each as (cells, with the deck)."""
    k = 0 if kind == "goods" else 1
    by_deal: dict[int, list[int]] = {}
    for i, cid in enumerate(st.cells):
        if cid is not None and not st.face_up[i] and (cid in GOODS_CARDS) == (k == 0):
            by_deal.setdefault(st.drawn_at[i], []).append(i)
    current = st.reshuffles[k]
    out: list[Pool] = [(cells, deal == current) for deal, cells in sorted(by_deal.items())]
    if current not in by_deal:
        out.append(([], True))
    return out


def _cards(st: TargiState, deck: list[str], pool: Pool) -> list[str]:
    cells, with_deck = pool
    cards = [st.cells[i] for i in cells]
    return [c for c in cards if c is not None] + (deck if with_deck else [])


def _deal(st: TargiState, deck: list[str], pool: Pool, cards: list[str]) -> None:
    """Cells of the pool first (in cell order), the rest to the deck (its top is the end)."""
    cells, with_deck = pool
    for i, cid in zip(cells, cards, strict=False):
        st.cells[i] = cid
    if with_deck:
        deck[:] = cards[len(cells):]


def observe(st: TargiState) -> TargiState:
    """``st`` with every pool sorted and the generator replaced by 0: equal for any two states
    no viewer can tell apart."""
    obs = st.copy()
    obs.rng = 0
    for kind, deck in (("goods", obs.goods_deck), ("tribe", obs.tribe_deck)):
        for pool in pools(obs, kind):
            _deal(obs, deck, pool, sorted(_cards(obs, deck, pool)))
    return obs


def determinize(obs: TargiState, rng: int) -> tuple[TargiState, int]:
    """A full state consistent with the observation: each pool shuffled with ``rng``, and a
    fresh generator for the game's future shuffles. Returns it and the advanced ``rng``."""
    st = obs.copy()
    for kind, deck in (("goods", st.goods_deck), ("tribe", st.tribe_deck)):
        for pool in pools(st, kind):
            cards = _cards(st, deck, pool)
            rng = R.shuffle(rng, cards)
            _deal(st, deck, pool, cards)
    rng, st.rng = R.next_u64(rng)
    return st, rng
