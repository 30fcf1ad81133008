"""Build Targi states directly from data, for rule scenarios.

`scenario()` starts from a seeded game and overrides whatever the test names; every card
placed somewhere by hand is taken out of the decks and discard piles so no card exists twice.
"""

from __future__ import annotations

from typing import Any

from games.targi import GAME
from games.targi.engine.data import CELLS
from games.targi.engine.state import NO, TargiState
from tests.games.scenarios import Driver
from tests.games.scenarios import texts as texts

BLUE, WHITE = 0, 1

_DRIVER = Driver(GAME)
play, kind = _DRIVER.play, _DRIVER.kind


def res(d: int = 0, s: int = 0, p: int = 0, g: int = 0, vp: int = 0) -> list[int]:
    return [d, s, p, g, vp]


def scenario(
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
    **extra: Any,
) -> TargiState:
    """A state at the start of a decision. `goods_top`/`tribe_top` list the next cards drawn."""
    st = GAME.new_game(2, seed).copy()
    st.round = round
    st.phase = phase
    st.start = start
    st.robber = robber if robber is not None else round_robber(round)
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
    for cell in face_down:
        st.face_up[CELLS.index(cell)] = False
    for seat, nums in (figures or {}).items():
        st.figures[seat] = list(nums)
        for n in nums:
            st.border[n] = seat
    for seat, cs in (markers or {}).items():
        st.markers[seat] = [CELLS.index(c) for c in cs]
        for c in cs:
            st.marker_at[CELLS.index(c)] = seat
    used = {c for c in st.cells if c is not None}
    used |= {c for seat in (0, 1) for row in st.display[seat] for c in row}
    used |= {c for c in st.hand if c is not None}
    used |= set(goods_top) | set(tribe_top)
    st.goods_deck = [c for c in st.goods_deck if c not in used]
    st.tribe_deck = [c for c in st.tribe_deck if c not in used]
    st.goods_discard = [c for c in st.goods_discard if c not in used]
    st.tribe_discard = [c for c in st.tribe_discard if c not in used]
    # Cards originally dealt to cells that a test replaced go back into their deck.
    original = GAME.new_game(2, seed)
    for dealt in original.cells:
        if dealt is not None and dealt not in used:
            (st.goods_deck if dealt.startswith("G") else st.tribe_deck).insert(0, dealt)
    st.goods_deck.extend(reversed(goods_top))
    st.tribe_deck.extend(reversed(tribe_top))
    for attr, value in extra.items():
        setattr(st, attr, value)
    st._dec = None
    return st


def actions_phase(seat: int = BLUE, **kw: Any) -> TargiState:
    """The action menu of `seat`, who is the starting player unless `start` says otherwise."""
    kw.setdefault("start", seat)
    return scenario(phase="actions", acting=seat, **kw)


def round_robber(round: int) -> int:
    return {1: 1, 2: 2, 3: 3, 4: 5, 5: 6, 6: 7, 7: 9, 8: 10, 9: 11, 10: 13, 11: 14, 12: 15}[round]


def legal(state: TargiState) -> list[str]:
    return GAME.legal_actions(state)


def cell(state: TargiState, name: str) -> str | None:
    return state.cells[CELLS.index(name)]


def is_face_up(state: TargiState, name: str) -> bool:
    return state.face_up[CELLS.index(name)]


def marker(state: TargiState, name: str) -> int | None:
    m = state.marker_at[CELLS.index(name)]
    return None if m == NO else m


def cards(state: TargiState, seat: int) -> list[str]:
    return [c for row in state.display[seat] for c in row]
