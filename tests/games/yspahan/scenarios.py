"""Build Yspahan states directly from data, for rule scenarios.

`scenario()` starts from a seeded game and overrides whatever the test names. Cards given to a
hand (or named as the next draws with `deck_top`) are taken out of the deck and discard pile so
no card exists twice.
"""

from __future__ import annotations

from typing import Any

from games.yspahan import GAME
from games.yspahan.engine.data import NO, SHOP_INDEX, SHOPS, STREET_INDEX
from games.yspahan.engine.state import YspahanState
from tests.games.scenarios import Driver
from tests.games.scenarios import texts as texts

BLUE, RED, GREEN, YELLOW = 0, 1, 2, 3

_DRIVER = Driver(GAME)
play, kind = _DRIVER.play, _DRIVER.kind


def scenario(
    *,
    players: int = 4,
    seed: int = 7,
    week: int = 1,
    day: int = 1,
    first: int = BLUE,
    acting: int | None = None,
    step: str = "start",
    queue: list[int] | None = None,
    tower: dict[int, tuple[int, int, int]] | None = None,
    shops: dict[str, int] | None = None,
    gold: dict[int, int] | None = None,
    camels: dict[int, int] | None = None,
    hands: dict[int, list[str]] | None = None,
    built: dict[int, list[int]] | None = None,
    caravan: list[int] | None = None,
    supervisor: str = "H",
    deck_top: tuple[str, ...] = (),
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    score: dict[int, int] | None = None,
    **extra: Any,
) -> YspahanState:
    """A state at a chosen step. `tower` maps a space 1..6 to (white, yellow, value)."""
    st = GAME.new_game(players, seed).copy()
    st.week, st.day, st.first = week, day, first
    st.acting = first if acting is None else acting
    st.phase = "roll" if step == "buy" else "turn"
    st.step = step
    if queue is None:
        if players == 2:
            queue = [1 - first, first] if st.acting == first else [first]
        else:
            order = [(first + i) % players for i in range(players)]
            queue = order[order.index(st.acting) + 1 :]
    st.queue = list(queue)
    st.tw, st.ty, st.tv = [0] * 7, [0] * 7, [0] * 7
    for space, (w, y, v) in (tower or {}).items():
        st.tw[space], st.ty[space], st.tv[space] = w, y, v
    st.shops = [NO] * len(SHOPS)
    for shop, owner in (shops or {}).items():
        st.shops[SHOP_INDEX[shop]] = owner
    st.gold = [2] * players
    st.camels = [0] * players
    for seat, g in (gold or {}).items():
        st.gold[seat] = g
    for seat, c in (camels or {}).items():
        st.camels[seat] = c
    st.hands = [[] for _ in range(players)]
    for seat, cards in (hands or {}).items():
        st.hands[seat] = sorted(cards)
    st.built = [[] for _ in range(players)]
    for seat, bs in (built or {}).items():
        st.built[seat] = list(bs)
    st.caravan = list(caravan or [])
    st.supervisor = STREET_INDEX[supervisor]
    for seat, pts in (score or {}).items():
        st.pts[seat][0] = pts  # "Buildings" category stands for any earlier points
    used = {c for h in st.hands for c in h} | set(deck_top)
    if deck is not None:
        st.deck = list(deck)
    else:
        st.deck = [c for c in st.deck if c not in used]
        st.deck.extend(reversed(deck_top))
    st.discard = list(discard) if discard is not None else []
    st.log = ()
    for attr, value in extra.items():
        setattr(st, attr, value)
    st._dec = None
    return st


def seat(state: YspahanState) -> int | None:
    d = GAME.decision(state)
    return d.seat if d is not None else None


def legal(state: YspahanState) -> list[str]:
    return GAME.legal_actions(state)


def owner(state: YspahanState, shop: str) -> int | None:
    o = state.shops[SHOP_INDEX[shop]]
    return None if o == NO else o


def where(state: YspahanState) -> str:
    from games.yspahan.engine.data import STREET

    return STREET[state.supervisor]
