"""Build Targi positions in a few readable lines, and drive them, for tests and examples.

`position()` starts from a seeded deal and overrides whatever the caller names::

    st = position(
        round=5, phase="actions", acting=BLUE,
        resources={BLUE: res(d=3, g=1)}, display={BLUE: [["TE1", "TE2"]]},
        figures={BLUE: [2, 13]}, markers={BLUE: ["C12"]}, cells={"C12": "OA1"},
        goods_top=("GAU1",),
    )

Every card placed by hand is taken out of the decks and discard piles, so no card exists
twice; `check_cards` proves it for any state. The position format itself (the snapshot JSON)
is described by `position.schema.json` next to this module.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core import Event
from games.core.stack import Frame, Stack
from games.targi import GAME
from games.targi.engine.data import CELLS, GOODS_CARDS, GOODS_IDS, TRIBE_IDS
from games.targi.engine.state import NO, TargiState

BLUE, WHITE = 0, 1
EVERY_CARD = Counter((*GOODS_IDS, *TRIBE_IDS))
ROBBER_IN_ROUND = {1: 1, 2: 2, 3: 3, 4: 5, 5: 6, 6: 7, 7: 9, 8: 10, 9: 11, 10: 13, 11: 14, 12: 15}


def res(d: int = 0, s: int = 0, p: int = 0, g: int = 0, vp: int = 0) -> list[int]:
    """A seat's holdings: dates, salt, pepper, gold, VP tokens."""
    return [d, s, p, g, vp]


def position(
    *,
    seed: int = 7,
    round: int = 1,
    phase: str = "placement",
    start: int = BLUE,
    robber: int | None = None,
    resources: dict[int, list[int]] | None = None,
    display: dict[int, list[list[str]]] | None = None,
    hand: dict[int, tuple[str, int]] | None = None,
    cells: dict[str, str | None] | None = None,
    face_down: tuple[str, ...] = (),
    figures: dict[int, list[int]] | None = None,
    markers: dict[int, list[str]] | None = None,
    acting: int | None = None,
    goods_top: tuple[str, ...] = (),
    tribe_top: tuple[str, ...] = (),
    goods_deck: tuple[str, ...] | None = None,
    tribe_deck: tuple[str, ...] | None = None,
    asking: tuple[str, dict[str, Any]] | None = None,
    **extra: Any,
) -> TargiState:
    """A state at the start of a decision.

    `hand` maps a seat to (card, round it was taken); `face_down` names cells whose card is
    face down; `goods_top`/`tribe_top` list the next cards drawn, first drawn first.
    `goods_deck`/`tribe_deck` give a whole deck instead (first drawn first): every other
    card of that kind not placed elsewhere goes to its discard pile. `asking` opens a
    sub-question of the acting seat's action, as (decision kind, frame data), e.g.
    ("reveal_choice", {"deck": "goods", "cards": ["GD1", "GX1"]}); cards it names are taken
    out of the decks and shown as revealed. `extra` sets any other
    state field as is, unchecked; without it the position is checked with `check_cards`.
    """
    st = GAME.new_game(2, seed).copy()
    st.round = round
    st.phase = phase
    st.start = start
    st.robber = robber if robber is not None else ROBBER_IN_ROUND[round]
    st.acting = start if acting is None else acting
    for seat, r in (resources or {}).items():
        st.res[seat] = list(r)
    for seat, rows in (display or {}).items():
        st.display[seat] = [list(row) for row in rows] + [[] for _ in range(3 - len(rows))]
    for seat, (cid, since) in (hand or {}).items():
        st.hand[seat] = cid
        st.hand_since[seat] = since
    for name, card in (cells or {}).items():
        st.cells[CELLS.index(name)] = card
    for name in face_down:
        st.face_up[CELLS.index(name)] = False
    for seat, nums in (figures or {}).items():
        st.figures[seat] = list(nums)
        for n in nums:
            st.border[n] = seat
    for seat, names in (markers or {}).items():
        st.markers[seat] = [CELLS.index(c) for c in names]
        for name in names:
            st.marker_at[CELLS.index(name)] = seat
    named = {CELLS.index(name) for name in cells or {}}
    taken = {c for i in named if (c := st.cells[i]) is not None}
    taken |= {c for seat in (0, 1) for row in st.display[seat] for c in row}
    taken |= {c for c in st.hand if c is not None}
    taken |= {*goods_top, *tribe_top, *(goods_deck or ()), *(tribe_deck or ())}
    revealed = _revealed(asking)
    taken |= set(revealed)
    st.goods_deck = [c for c in st.goods_deck if c not in taken]
    st.tribe_deck = [c for c in st.tribe_deck if c not in taken]
    st.goods_discard = [c for c in st.goods_discard if c not in taken]
    st.tribe_discard = [c for c in st.tribe_discard if c not in taken]
    for i, on_cell in enumerate(st.cells):  # a dealt card the caller put elsewhere: deal another
        if i not in named and on_cell in taken:
            st.cells[i] = (st.goods_deck if on_cell in GOODS_CARDS else st.tribe_deck).pop(0)
    # Cards originally dealt to cells that the caller replaced go back into their deck.
    on_board = set(st.cells)
    for dealt in GAME.new_game(2, seed).cells:
        if dealt is not None and dealt not in taken and dealt not in on_board:
            (st.goods_deck if dealt in GOODS_CARDS else st.tribe_deck).insert(0, dealt)
    st.goods_deck.extend(reversed(goods_top))
    st.tribe_deck.extend(reversed(tribe_top))
    if goods_deck is not None:
        st.goods_discard += st.goods_deck
        st.goods_deck = list(reversed(goods_deck))
    if tribe_deck is not None:
        st.tribe_discard += st.tribe_deck
        st.tribe_deck = list(reversed(tribe_deck))
    if asking is not None:
        st.stack = Stack((Frame(*asking),))
        st.revealed = revealed
    for attr, value in extra.items():
        setattr(st, attr, value)
    st._dec = None
    if not extra:  # raw fields may describe a deliberately partial world
        check_cards(st)
    return st


def _revealed(asking: tuple[str, dict[str, Any]] | None) -> list[str]:
    """Cards a sub-question holds out of the decks while it is answered."""
    if asking is None:
        return []
    kind, data = asking
    if kind == "reveal_choice":
        return list(data["cards"])
    if kind in ("cost_alternative", "discount", "display_row") or (
        kind == "tribe_card" and data.get("cell") is None
    ) or (kind == "goods_choice" and data.get("card") is not None):
        return [data["card"]]
    return []


def actions_phase(seat: int = BLUE, **kw: Any) -> TargiState:
    """The action menu of `seat`, who is the starting player unless `start` says otherwise."""
    kw.setdefault("start", seat)
    return position(phase="actions", acting=seat, **kw)


def check_cards(st: TargiState) -> None:
    """Every card exists exactly once, holdings are never negative, pieces agree with cells."""
    places = [
        *st.goods_deck, *st.tribe_deck, *st.goods_discard, *st.tribe_discard, *st.revealed,
        *(c for c in st.cells if c is not None),
        *(c for seat in (0, 1) for row in st.display[seat] for c in row),
        *(c for c in st.hand if c is not None),
    ]  # fmt: skip
    counts = Counter(places)
    twice = sorted(c for c, n in counts.items() if n > 1)
    missing = sorted(set(EVERY_CARD) - set(counts))
    assert not twice and not missing, f"cards twice {twice}, missing {missing}"
    for seat in (0, 1):
        assert min(st.res[seat]) >= 0, f"seat {seat} holds a negative amount"
        assert all(len(row) <= 4 for row in st.display[seat])
        for i in st.markers[seat]:
            assert st.marker_at[i] == seat
        for n in st.figures[seat]:
            assert st.border[n] == seat
    assert sum(1 for m in st.marker_at if m != NO) == len(st.markers[0]) + len(st.markers[1])


# ---- driving a position -------------------------------------------------------------------


def play(state: TargiState, *actions: str) -> tuple[TargiState, list[Event]]:
    """Apply actions in order (each must be legal); returns the final state and all events."""
    events: list[Event] = []
    for action in actions:
        step = GAME.step(state, action)
        events.extend(step.events)
        state = step.state
    return state, events


def kind(state: TargiState) -> str | None:
    """The kind of the decision now open, or None when the game is over."""
    d = GAME.decision(state)
    return d.kind if d is not None else None


def legal(state: TargiState) -> list[str]:
    return GAME.legal_actions(state)


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def cell(state: TargiState, name: str) -> str | None:
    return state.cells[CELLS.index(name)]


def is_face_up(state: TargiState, name: str) -> bool:
    return state.face_up[CELLS.index(name)]


def marker(state: TargiState, name: str) -> int | None:
    m = state.marker_at[CELLS.index(name)]
    return None if m == NO else m


def cards(state: TargiState, seat: int) -> list[str]:
    return [c for row in state.display[seat] for c in row]
