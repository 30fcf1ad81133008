"""The Sahwari game state: plain ints, strings and tuples in __slots__.

A state is never changed after the engine hands it out. Every field is immutable (the per-seat
and per-position fields are tuples of tuples), so `copy()` copies references only and a move
replaces just the fields it changes (`put`): a copy costs the same however large the state.

Positions are 0..24 (row * 5 + col, spec 16.1; the Guild tile is 12). Camels are indices into
`data.camel_ids(np)`: the two guild camels first, then each seat's. Caravans on the map and in
players' areas are named by their public handle ("c01".."c24"); `hid` maps a handle to the
caravan id that fixes its face, which only `known` seats may see (spec 16.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from games.core.stack import Stack
from games.sahwari.engine.data import (
    CUBES_TOTAL,
    LOCK_TOKENS,
    NO,
    SIZE,
    camel_ids,
    camel_owners,
)

_SCALARS: Final = (
    "rng", "np", "first", "seat", "step", "reason", "stall", "endt", "last", "turnno",
    "moved", "mdir", "mend", "moves", "took", "choice", "supply",
)  # fmt: skip
_LISTS: Final = (
    "kind", "tiles", "items", "cpos", "cars", "leader", "dealt", "row", "junc", "store",
    "slock", "locks", "pawns", "strat", "turns", "known",
)  # fmt: skip
_TUPLES: Final = ("pattern", "market", "deck", "discard", "faceup", "used", "gone", "unused", "log")
_DICTS: Final = ("hid", "hcol")

T = TypeVar("T")
# A log sentence not yet written out: a function and its arguments (`log_text`).
LogLine = tuple[Callable[..., str], tuple[Any, ...]]


def put(values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``values`` with item ``i`` replaced."""
    changed = list(values)
    changed[i] = value
    return tuple(changed)



class SahwariState:
    __slots__ = (*_SCALARS, *_LISTS, *_TUPLES, *_DICTS, "stack", "_dec", "_occ", "_down")

    rng: int
    np: int  # players, 2..4
    first: int  # first player
    seat: int  # whose turn it is
    step: str  # the step of the turn under way (rules module docstring), "over" at the end
    reason: str  # how the game ended, once over
    stall: int  # consecutive turns in which no item left the map and no tile flipped
    endt: bool  # the end has been triggered; the round is being finished
    last: int  # seat whose turn ends the game once `endt` (the seat before the first player)
    turnno: int  # turns begun so far, all seats together
    moved: int  # camel that made this turn's last move, NO before a move
    mdir: str  # direction of this turn's first move ("" before it)
    mend: int  # position where this turn's last move ended, NO before a move
    moves: int  # moves made this turn (the Explorer may make two)
    took: bool  # an item left the map this turn
    choice: bool  # table option: leaders are chosen from two dealt (spec 5.2)
    supply: int  # artifact cubes in the supply

    kind: tuple[str, ...]  # per position: data.GUILD / RESOURCE / DESERT / OASIS
    tiles: tuple[str, ...]  # per position: tile id (fixes the back; hidden until flipped)
    items: tuple[tuple[str, ...], ...]  # per position: data.CUBE, data.PAWN or caravan handles
    cpos: tuple[int, ...]  # per camel: position, NO when off the map
    cars: tuple[tuple[str, ...], ...]  # per seat: handles of its caravans, in gain order
    leader: tuple[str, ...]  # per seat: leader key ("" while still to choose)
    dealt: tuple[tuple[str, ...], ...]  # per seat: the two leaders dealt (choice option)
    row: tuple[tuple[str, ...], ...]  # per seat: clan row, left to right, with data.CLAN
    junc: tuple[tuple[int, ...], ...]  # per seat: junction i joins row[i] and row[i + 1]
    store: tuple[int, ...]  # per seat: cubes in storage (spaces 1..n)
    slock: tuple[tuple[int, ...], ...]  # per seat: storage spaces whose ability was used
    locks: tuple[int, ...]  # per seat: lock tokens left
    pawns: tuple[int, ...]  # per seat: pawns on the recruit track (spaces 1..n)
    strat: tuple[int, ...]  # per seat: strategy tokens, attack side up
    turns: tuple[int, ...]  # per seat: turns begun
    known: tuple[tuple[str, ...], ...]  # per seat: handles whose face it has seen, sorted

    pattern: tuple[str, ...]  # per position: the tile's setup slots ("ARY"), public
    market: tuple[str, ...]  # face-up recruit cards
    deck: tuple[str, ...]  # recruit deck; the last card is revealed first
    discard: tuple[str, ...]
    faceup: tuple[str, ...]  # handles turned face up (used, or revealed at the end)
    used: tuple[str, ...]  # handles turned face up by using them during play
    gone: tuple[str, ...]  # handles removed from the game by attacks, face down for ever
    unused: tuple[str, ...]  # caravan ids set aside at setup, never seen
    log: tuple[str | LogLine, ...]  # the last few public event sentences (`log_text`)

    hid: dict[str, str]  # handle -> caravan id (replaced, never changed in place)
    hcol: dict[str, str]  # handle -> "Y" / "B", public
    stack: Stack  # nested questions above the step of the turn
    _dec: Any  # cached Decision (or a finished marker); None until first asked
    # Answers kept with the inputs they were built for, shared by the states that follow (one
    # slot each: every slot costs the same on every move's copy).
    _occ: tuple[tuple[int, ...] | None, list[int]]  # (cpos, moves.occupancy)
    _down: tuple[Any, Any, tuple[tuple[str, ...], ...]]  # (cars, faceup, moves.face_down)

    def copy(self) -> SahwariState:
        new = SahwariState()
        new.rng = self.rng
        new.np = self.np
        new.first = self.first
        new.seat = self.seat
        new.step = self.step
        new.reason = self.reason
        new.stall = self.stall
        new.endt = self.endt
        new.last = self.last
        new.turnno = self.turnno
        new.moved = self.moved
        new.mdir = self.mdir
        new.mend = self.mend
        new.moves = self.moves
        new.took = self.took
        new.choice = self.choice
        new.supply = self.supply
        new.kind = self.kind
        new.tiles = self.tiles
        new.items = self.items
        new.cpos = self.cpos
        new.cars = self.cars
        new.leader = self.leader
        new.dealt = self.dealt
        new.row = self.row
        new.junc = self.junc
        new.store = self.store
        new.slock = self.slock
        new.locks = self.locks
        new.pawns = self.pawns
        new.strat = self.strat
        new.turns = self.turns
        new.known = self.known
        new.pattern = self.pattern
        new.market = self.market
        new.deck = self.deck
        new.discard = self.discard
        new.faceup = self.faceup
        new.used = self.used
        new.gone = self.gone
        new.unused = self.unused
        new.log = self.log
        new.hid = self.hid
        new.hcol = self.hcol
        new.stack = self.stack
        new._dec = None
        new._occ = self._occ
        new._down = self._down
        return new

    @property
    def top(self) -> str:
        """The kind of the question being asked: the top frame's, else the turn's step."""
        frames = self.stack.frames
        return frames[-1].kind if frames else self.step

    @classmethod
    def blank(cls, players: int) -> SahwariState:
        st = cls()
        st.rng, st.np, st.first, st.seat = 0, players, 0, 0
        st.step, st.reason, st.stall, st.endt = "w0", "", 0, False
        st.last, st.turnno, st.moved, st.mdir = NO, 0, NO, ""
        st.mend, st.moves, st.took, st.choice = NO, 0, False, False
        st.supply = CUBES_TOTAL
        cells = SIZE * SIZE
        st.kind = ("",) * cells
        st.tiles = ("",) * cells
        st.items = ((),) * cells
        st.cpos = (NO,) * len(camel_ids(players))
        st.cars = ((),) * players
        st.leader = ("",) * players
        st.dealt = ((),) * players
        st.row = ((),) * players
        st.junc = ((),) * players
        st.store = (0,) * players
        st.slock = ((),) * players
        st.locks = (LOCK_TOKENS,) * players
        st.pawns = (0,) * players
        st.strat = (0,) * players
        st.turns = (0,) * players
        st.known = ((),) * players
        st.pattern = ("",) * cells
        st.market = st.deck = st.discard = ()
        st.faceup = st.used = st.gone = st.unused = st.log = ()
        st.hid, st.hcol = {}, {}
        st.stack = Stack()
        st._dec = None
        st._occ = (None, [])
        st._down = (None, None, ())
        return st

    def log_text(self) -> tuple[str, ...]:
        """The last few public event sentences, written out."""
        return tuple(e if isinstance(e, str) else e[0](*e[1]) for e in self.log)

    def owner(self, camel: int) -> int:
        return camel_owners(self.np)[camel]

    # ---- serialisation ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS}
        out["rng"] = str(self.rng)  # 64-bit value; JSON consumers may not keep big ints exact
        for name in (*_LISTS, *_TUPLES):
            value = getattr(self, name)
            out[name] = [list(v) if isinstance(v, tuple) else v for v in value]
        out["log"] = list(self.log_text())
        for name in _DICTS:
            out[name] = dict(sorted(getattr(self, name).items()))
        out["stack"] = self.stack.to_json()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SahwariState:
        players = int(data["np"])
        if players not in (2, 3, 4):
            raise ValueError("malformed Sahwari state")
        st = cls.blank(players)
        for name in _SCALARS:
            setattr(st, name, int(data["rng"]) if name == "rng" else data[name])
        for name in _LISTS:
            setattr(st, name, tuple(tuple(v) if isinstance(v, list) else v for v in data[name]))
        for name in _TUPLES:
            setattr(st, name, tuple(data[name]))
        for name in _DICTS:
            setattr(st, name, dict(data[name]))
        st.stack = Stack.from_json(data["stack"])
        if len(st.kind) != SIZE * SIZE or len(st.cpos) != len(camel_ids(players)):
            raise ValueError("malformed Sahwari state")
        if any(len(getattr(st, name)) != players for name in _LISTS[4:]):
            raise ValueError("malformed Sahwari state")
        return st
