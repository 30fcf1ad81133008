"""Build Yspahan positions in a few readable lines, and drive them, for tests and examples.

`position()` starts from a seeded game and overrides whatever the caller names::

    st = position(
        tower={1: (3, 0, 2), 6: (2, 1, 5)},      # Tower space: (white, yellow, face value)
        shops={"SACK-C2": RED}, gold={BLUE: 4}, camels={BLUE: 1},
        hands={BLUE: ["C3a", "C5b"]}, built={RED: [HAMMAM]},
        supervisor="W3", deck_top=("C1a",),
    )

Cards given to a hand (or named as the next draws with `deck_top`) are taken out of the deck
and the discard pile, so no card exists twice; `check_cards` proves it for any state. The
position format itself (the snapshot JSON) is described by `position.schema.json` next to
this module.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core import Event
from games.core.stack import Frame, Stack
from games.yspahan import GAME
from games.yspahan.engine.data import CARD_IDS, NO, SHOP_INDEX, SHOPS, STREET, STREET_INDEX
from games.yspahan.engine.state import YspahanState

BLUE, RED, GREEN, YELLOW = 0, 1, 2, 3


def position(
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
    """A state at the start of a decision (`step`, see the rules module), by default the start
    of Blue's turn on day 1 with an empty Tower, 2 gold each and nothing else.

    `tower` maps a space 1..6 to (white dice, yellow dice, face value); `queue` defaults to the
    seats still to act after `acting` today; `score` puts earlier points under "Buildings";
    `deck_top` lists the next cards drawn, first drawn first, and `deck`/`discard` replace
    those piles whole (the deck's last card is drawn first). `extra` sets any other state
    field as is, unchecked; without it the position is checked with `check_cards`.
    """
    st = GAME.new_game(players, seed).copy()
    st.week, st.day, st.first = week, day, first
    st.acting = first if acting is None else acting
    st.phase = "roll" if step == "buy" else "turn"
    st.stack = Stack((Frame(step),))
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
    if deck is None and discard is None:
        check_cards(st)
    st.log = ()
    for attr, value in extra.items():
        setattr(st, attr, value)
    st._dec = None
    return st


def check_cards(st: YspahanState) -> None:
    """Every card exists exactly once, and no holding is negative."""
    places = [*st.deck, *st.discard, *(c for h in st.hands for c in h)]
    if st.card:
        places.append(st.card)  # played, being resolved: out of the hand, not yet discarded
    counts = Counter(places)
    twice = sorted(c for c, n in counts.items() if n > 1)
    missing = sorted(set(CARD_IDS) - set(counts))
    assert not twice and not missing, f"cards twice {twice}, missing {missing}"
    assert min(st.gold) >= 0 and min(st.camels) >= 0, "a negative holding"
    assert all(h == sorted(h) for h in st.hands), "a hand out of order"


# ---- driving a position -------------------------------------------------------------------


def play(state: YspahanState, *actions: str) -> tuple[YspahanState, list[Event]]:
    """Apply actions in order (each must be legal); returns the final state and all events."""
    events: list[Event] = []
    for action in actions:
        step = GAME.step(state, action)
        events.extend(step.events)
        state = step.state
    return state, events


def kind(state: YspahanState) -> str | None:
    """The kind of the decision now open, or None when the game is over."""
    d = GAME.decision(state)
    return d.kind if d is not None else None


def seat(state: YspahanState) -> int | None:
    """The seat that must decide now, or None when the game is over."""
    d = GAME.decision(state)
    return d.seat if d is not None else None


def legal(state: YspahanState) -> list[str]:
    return GAME.legal_actions(state)


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def owner(state: YspahanState, shop: str) -> int | None:
    o = state.shops[SHOP_INDEX[shop]]
    return None if o == NO else o


def where(state: YspahanState) -> str:
    """The street space the Supervisor stands on."""
    return STREET[state.supervisor]
