"""Build Sahwari positions in a few readable lines, and drive them, for tests and examples.

`position()` starts from a seeded game and overrides whatever the caller names::

    st = position(
        players=3, seat=ORANGE, step="move",
        camels={"P1a": "B2", "G1": "C3", "G2": "D3"},
        tiles={"B3": ("resource", "A P"), "B4": "desert", "C2": ("oasis", "")},
        leaders={ORANGE: "explorer"}, rows={ORANGE: ["R05", "CLAN", "R13"]},
        active={ORANGE: ["L1|CLAN"]}, storage={ORANGE: 3}, pawns={PURPLE: 2},
        caravans={ORANGE: ["c01", "c02"]}, strategy={ORANGE: 1},
    )

Tiles are named by position ("B3") and given a kind and, for resource tiles, their items as
a space-separated string: "A" a cube, "P" a pawn, "c07" a caravan handle of the seeded game
(move it there; `caravan_of` names a handle by its caravan id). Cubes and pawns appear and
vanish as the position says (the cube supply is not balanced); caravans keep their one place.
The position format itself (the snapshot JSON) is described by `position.schema.json`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from games.core import Event
from games.core.stack import Stack
from games.sahwari.engine import queries as Q
from games.sahwari.engine.data import (
    ACTIVE,
    CLAN,
    DESERT,
    GUILD,
    JUNCTION_NAMES,
    LOCKED,
    NO,
    OASIS,
    POS_INDEX,
    RESOURCE,
    camel_ids,
)
from games.sahwari.engine.setup import new_state
from games.sahwari.engine.state import SahwariState, put

ORANGE, PURPLE, PINK, GREY = 0, 1, 2, 3
DEFAULT_LEADERS = ("merchant", "diplomat", "bandit", "spy")  # no Explorer unless asked
KINDS = {"resource": RESOURCE, "desert": DESERT, "oasis": OASIS, "guild": GUILD}


def game() -> Any:
    # Imported late: the package's Game is built on this module's engine, not the reverse.
    return importlib.import_module("games.sahwari").GAME


def position(
    *,
    players: int = 3,
    seed: int = 7,
    seat: int = ORANGE,
    step: str = "w0",
    first: int = ORANGE,
    camels: Mapping[str, str | None] | None = None,
    tiles: Mapping[str, str | tuple[str, str]] | None = None,
    clear: bool = False,
    leaders: Mapping[int, str] | None = None,
    rows: Mapping[int, Iterable[str]] | None = None,
    active: Mapping[int, Iterable[str]] | None = None,
    locked: Mapping[int, Iterable[str]] | None = None,
    storage: Mapping[int, int] | None = None,
    pawns: Mapping[int, int] | None = None,
    caravans: Mapping[int, Iterable[str]] | None = None,
    faceup: Iterable[str] = (),
    strategy: Mapping[int, int] | None = None,
    slock: Mapping[int, Iterable[int]] | None = None,
    market: Iterable[str] | None = None,
    **extra: Any,
) -> SahwariState:
    """A state at the start of ``step`` of ``seat``'s turn (rules module docstring).

    ``clear`` empties every resource tile first (then ``tiles`` sets the ones that matter);
    ``camels`` maps a camel id to a position name or None (off the map); ``rows`` gives a clan
    row left to right with "CLAN" in it (junctions computed: matching colours are empty
    spaces), and ``active``/``locked`` name junctions holding a cube / an attack lock.
    Leaders are Merchant, Diplomat, Bandit, Spy by seat unless ``leaders`` says otherwise.
    ``caravans`` gives each seat the handles it owns (taken off the map; known to it).
    ``extra`` sets any other state field as is.
    """
    st = new_state(players, seed).copy()
    st.first, st.seat, st.step, st.stack = first, seat, step, Stack()
    ids = camel_ids(players)
    for cid, where in (camels or {}).items():
        st.cpos = put(st.cpos, ids.index(cid), NO if where is None else POS_INDEX[where])
    if clear:
        for pos, kind in enumerate(st.kind):
            if kind == RESOURCE:
                st.items = put(st.items, pos, tuple(i for i in st.items[pos] if i.startswith("c")))
    for name, spec in (tiles or {}).items():
        pos = POS_INDEX[name]
        kind, contents = (spec, "") if isinstance(spec, str) else spec
        st.kind = put(st.kind, pos, KINDS[kind])
        wanted = tuple(contents.split())
        for h in wanted:
            if h.startswith("c"):
                _take_off(st, h)
        st.items = put(st.items, pos, wanted)
    if clear:
        for pos, kind in enumerate(st.kind):
            items = st.items[pos]
            if kind == RESOURCE and items and all(i.startswith("c") for i in items):
                named = any(POS_INDEX.get(n) == pos for n in (tiles or {}))
                if not named:
                    st.items = put(st.items, pos, ())
                    st.gone = st.gone + items
    for s in range(players):
        st.leader = put(st.leader, s, (leaders or {}).get(s, DEFAULT_LEADERS[s]))
    for s, row in (rows or {}).items():
        st.row = put(st.row, s, tuple(row))
    for s in range(players):
        row = st.row[s]
        st.junc = put(st.junc, s, tuple(Q.junction_state(st, s, row[i], row[i + 1])
                                        for i in range(len(row) - 1)))
    for states, value in ((active, ACTIVE), (locked, LOCKED)):
        for s, names in (states or {}).items():
            junc = list(st.junc[s])
            all_names = Q.junction_names(st.row[s])
            for name in names:
                j = all_names.index(name)
                assert junc[j] != 0, f"{name} is a dead junction ({JUNCTION_NAMES[junc[j]]})"
                junc[j] = value
            st.junc = put(st.junc, s, tuple(junc))
    for s, n in (storage or {}).items():
        st.store = put(st.store, s, n)
    for s, n in (pawns or {}).items():
        st.pawns = put(st.pawns, s, n)
    for s, n in (strategy or {}).items():
        st.strat = put(st.strat, s, n)
    for s, spaces in (slock or {}).items():
        st.slock = put(st.slock, s, tuple(spaces))
        st.locks = put(st.locks, s, 2 - len(st.slock[s]))
    for s, handles in (caravans or {}).items():
        for h in handles:
            _take_off(st, h)
        st.cars = put(st.cars, s, tuple(handles))
        st.known = put(st.known, s, tuple(sorted(set(st.known[s]) | set(handles))))
    st.faceup = tuple(faceup)
    st.used = tuple(faceup)
    if market is not None:
        cards = tuple(market)
        st.deck = tuple(c for c in st.deck + st.market if c not in cards)
        st.market = cards
    assert CLAN in st.row[seat]
    st.log = ()
    for attr, value in extra.items():
        setattr(st, attr, tuple(value) if isinstance(value, list) else value)
    st._dec = None
    return st


def _take_off(st: SahwariState, handle: str) -> None:
    for pos, items in enumerate(st.items):
        if handle in items:
            st.items = put(st.items, pos, tuple(i for i in items if i != handle))
    st.gone = tuple(h for h in st.gone if h != handle)


def caravan_of(st: SahwariState, cid: str) -> str:
    """The handle of caravan ``cid`` in this game (it must be one of the 24 in play)."""
    return next(h for h, c in st.hid.items() if c == cid)


def with_caravan(st: SahwariState, handle: str, cid: str) -> SahwariState:
    """``st`` with ``handle`` showing face ``cid`` (swapped with whichever handle had it)."""
    st = st.copy()
    hid, hcol = dict(st.hid), dict(st.hcol)
    old = hid[handle]
    other = next((h for h, c in hid.items() if c == cid), None)
    if other is not None:
        hid[other], hcol[other] = old, old[0]
    else:
        st.unused = tuple(sorted((*(c for c in st.unused if c != cid), old)))
    hid[handle], hcol[handle] = cid, cid[0]
    st.hid, st.hcol = hid, hcol
    return st


# ---- driving a position -------------------------------------------------------------------


def play(state: SahwariState, *actions: str) -> tuple[SahwariState, list[Event]]:
    """Apply actions in order (each must be legal); returns the final state and all events."""
    events: list[Event] = []
    for action in actions:
        step = game().step(state, action)
        events.extend(step.events)
        state = step.state
    return state, events


def kind(state: SahwariState) -> str | None:
    d = game().decision(state)
    return d.kind if d is not None else None


def seat_of(state: SahwariState) -> int | None:
    d = game().decision(state)
    return d.seat if d is not None else None


def legal(state: SahwariState) -> list[str]:
    return game().legal_actions(state)


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def at(state: SahwariState, name: str) -> tuple[str, ...]:
    """The items on the tile named ``name``."""
    return state.items[POS_INDEX[name]]


def camel_at(state: SahwariState, cid: str) -> str | None:
    pos = state.cpos[camel_ids(state.np).index(cid)]
    return None if pos == NO else Q.tile_name(pos)
