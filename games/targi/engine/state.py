"""The Targi game state: plain lists and ints in __slots__, copied shallowly per action.

A state is never changed after the engine hands it out; `copy()` duplicates every mutable
field one level deep (the display two levels), which is all the engine ever writes to.
Its snapshot (`to_dict`, inside `Targi.to_json`) is described field by field in
games/targi/position.schema.json.
"""

from __future__ import annotations

from typing import Any

from games.core.stack import Frame, Stack
from games.targi.engine.data import CELLS

NO = -1  # empty border card / cell without a marker
MENU = Stack()  # no sub-question open: the action menu (during an action phase)

_SCALARS = (
    "rng", "round", "phase", "start", "robber", "placements", "acting",
    "raid", "end_triggered", "reason", "log", "vacated",
)  # fmt: skip
_LISTS = (
    "border", "cells", "face_up", "marker_at", "awaits", "goods_deck", "tribe_deck",
    "goods_discard", "tribe_discard", "revealed", "hand", "hand_since", "raid_queue",
    "raid_pay", "raid_gain", "limit_queue", "reshuffles", "drawn_at",
)  # fmt: skip
_ADDED_LATER = {"vacated", "reshuffles", "drawn_at"}  # snapshots may predate these fields
_PER_SEAT = ("res", "figures", "markers")


class TargiState:
    __slots__ = (*_SCALARS, *_LISTS, *_PER_SEAT, "display", "stack", "raid_opts", "_dec")

    rng: int
    round: int  # 1..12; 13 while raid 4 is resolved
    phase: str  # "raid" | "placement" | "actions" | "limit" | "finished"
    start: int  # starting player of the round
    robber: int  # border number 1..16
    placements: int  # figures placed this round (0..6)
    acting: int  # seat whose action phase it is
    raid: int  # raid being resolved (1..4), 0 when none
    end_triggered: bool  # a 12th display card was placed
    reason: str  # how the game ended, once finished
    log: tuple[str, ...]  # the last few event sentences
    vacated: int  # central cell a tribe card left, refilled when its action ends; NO if none

    border: list[int]  # index 1..16: occupant seat or NO (index 0 unused)
    cells: list[str | None]  # 9 central cells, card id or None
    face_up: list[bool]
    marker_at: list[int]  # seat whose marker is on the cell, or NO
    awaits: list[str | None]  # "goods"/"tribe" for an empty cell waiting for a refill
    goods_deck: list[str]  # top of deck = last element
    tribe_deck: list[str]
    goods_discard: list[str]
    tribe_discard: list[str]
    revealed: list[str]  # cards revealed and being resolved now
    hand: list[str | None]
    hand_since: list[int | None]
    raid_queue: list[int]  # seats still to answer the raid prompt
    raid_pay: list[str | None]  # per seat: chosen payment ("pay ..."), "protected", "fail"
    raid_gain: list[int]  # VP each seat gains from the opponent's failure
    limit_queue: list[int]  # seats still to be checked against the carry-over limits
    reshuffles: list[int]  # how often the goods deck [0] and the tribe deck [1] were reshuffled
    # per cell: the reshuffle count of its deck when its face-down card was drawn; a face-down
    # card drawn before the latest reshuffle came from another pool than today's deck
    drawn_at: list[int]

    res: list[list[int]]  # per seat [dates, salt, pepper, gold, vp tokens]
    figures: list[list[int]]  # per seat: border numbers of figures still on the board
    markers: list[list[int]]  # per seat: cell indices of tribe markers still on the board
    display: list[list[list[str]]]  # per seat, 3 rows of card ids
    # the open sub-questions of the current action, top asked first; empty = the action menu
    stack: Stack
    raid_opts: dict[int, tuple[str, ...]]  # per queued seat: affordable raid payments
    _dec: Any  # cached Decision (or a finished marker); None until first asked

    def copy(self) -> TargiState:
        new = TargiState.__new__(TargiState)
        new.rng = self.rng
        new.round = self.round
        new.phase = self.phase
        new.start = self.start
        new.robber = self.robber
        new.placements = self.placements
        new.acting = self.acting
        new.raid = self.raid
        new.end_triggered = self.end_triggered
        new.reason = self.reason
        new.log = self.log
        new.vacated = self.vacated
        new.border = self.border[:]
        new.cells = self.cells[:]
        new.face_up = self.face_up[:]
        new.marker_at = self.marker_at[:]
        new.awaits = self.awaits[:]
        new.goods_deck = self.goods_deck[:]
        new.tribe_deck = self.tribe_deck[:]
        new.goods_discard = self.goods_discard[:]
        new.tribe_discard = self.tribe_discard[:]
        new.revealed = self.revealed[:]
        new.hand = self.hand[:]
        new.hand_since = self.hand_since[:]
        new.raid_queue = self.raid_queue[:]
        new.raid_pay = self.raid_pay[:]
        new.raid_gain = self.raid_gain[:]
        new.limit_queue = self.limit_queue[:]
        new.reshuffles = self.reshuffles[:]
        new.drawn_at = self.drawn_at[:]
        new.res = [self.res[0][:], self.res[1][:]]
        new.figures = [self.figures[0][:], self.figures[1][:]]
        new.markers = [self.markers[0][:], self.markers[1][:]]
        d0, d1 = self.display
        new.display = [[d0[0][:], d0[1][:], d0[2][:]], [d1[0][:], d1[1][:], d1[2][:]]]
        new.stack = self.stack  # immutable
        new.raid_opts = self.raid_opts  # replaced whole, never changed in place once handed out
        new._dec = None
        return new

    def __eq__(self, other: object) -> bool:
        """Same position (the cached decision aside): two equal observations compare equal."""
        return isinstance(other, TargiState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable while the engine builds it

    @classmethod
    def blank(cls) -> TargiState:
        st = cls.__new__(cls)
        st.rng = 0
        st.round = 1
        st.phase = "placement"
        st.start = 0
        st.robber = 1
        st.placements = 0
        st.acting = 0
        st.raid = 0
        st.end_triggered = False
        st.reason = ""
        st.log = ()
        st.vacated = NO
        st.border = [NO] * 17
        st.cells = [None] * 9
        st.face_up = [True] * 9
        st.marker_at = [NO] * 9
        st.awaits = [None] * 9
        st.goods_deck = []
        st.tribe_deck = []
        st.goods_discard = []
        st.tribe_discard = []
        st.revealed = []
        st.hand = [None, None]
        st.hand_since = [None, None]
        st.raid_queue = []
        st.raid_pay = [None, None]
        st.raid_gain = [0, 0]
        st.limit_queue = []
        st.reshuffles = [0, 0]
        st.drawn_at = [0] * 9
        st.res = [[2, 2, 2, 1, 4], [2, 2, 2, 1, 4]]
        st.figures = [[], []]
        st.markers = [[], []]
        st.display = [[[], [], []], [[], [], []]]
        st.stack = MENU
        st.raid_opts = {}
        st._dec = None
        return st

    # ---- serialisation ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in (*_SCALARS, *_LISTS, *_PER_SEAT, "display"):
            out[name] = _plain(getattr(self, name))
        out["stack"] = self.stack.to_json()
        out["rng"] = str(self.rng)  # 64-bit value; JSON consumers may not keep big ints exact
        out["raid_opts"] = {str(k): list(v) for k, v in self.raid_opts.items()}
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TargiState:
        st = cls.blank()
        for name in (*_SCALARS, *_LISTS, *_PER_SEAT, "display"):
            if name in _ADDED_LATER and name not in data:
                continue  # written before the field existed: the blank default is right
            setattr(st, name, _copy_lists(data[name]))
        st.rng = int(data["rng"])
        st.log = tuple(data["log"])
        st.stack = Stack.from_json(data["stack"])
        st.raid_opts = {int(k): tuple(v) for k, v in data["raid_opts"].items()}
        if len(st.cells) != len(CELLS) or len(st.border) != 17:
            raise ValueError("malformed Targi state")
        return st


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _copy_lists(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy_lists(v) for v in value]
    return value


# ---- older snapshots ----------------------------------------------------------------------

_QUESTION_OF_V1 = {
    "tribe": ("tribe_card", lambda p: {"card": p[1], "cell": p[2] if p[3] != NO else None}),
    "noble": ("noble", lambda p: {"card": p[1]}),
    "alt": ("cost_alternative", lambda p: {"card": p[1]}),
    "discount": ("discount", lambda p: {"card": p[1], "alt": p[3]}),
    "row": ("display_row", lambda p: {"card": p[1], "cost": list(p[3])}),
    "goods_choice": ("goods_choice", lambda p: {"count": p[1], "card": p[2]}),
    "trader": ("trader", lambda p: {}),
    "silver": ("silversmith", lambda p: {}),
    "fata": ("fata_morgana", lambda p: {}),
    "reveal": ("reveal_choice", lambda p: {"deck": p[1], "cards": list(p[2])}),
}


def upgrade_schema_1(state: dict[str, Any]) -> dict[str, Any]:
    """A schema 1 state (one positional ``pending`` list) in schema 2 (a decision stack)."""
    out = {k: v for k, v in state.items() if k != "pending"}
    pending = state["pending"]
    if pending is None:
        out["stack"] = []
    else:
        kind, data = _QUESTION_OF_V1[pending[0]]
        out["stack"] = [Frame(kind, data(pending)).to_json()]
    return out
