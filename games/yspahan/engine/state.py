"""The Yspahan game state: plain ints, strings and lists in __slots__, copied shallowly per action.

A state is never changed after the engine hands it out; `copy()` duplicates every mutable field
one level deep (per-seat lists two levels), which is all the engine ever writes to.
"""

from __future__ import annotations

from typing import Any

from games.core.stack import Frame, Stack
from games.yspahan.engine.data import CATEGORIES, HUB, NO, SHOPS

_SCALARS = (
    "rng", "np", "week", "day", "first", "f6", "phase", "acting", "group", "n", "v",
    "extra", "left", "quarter", "sup_k", "sup_at", "mover", "save_shop", "card",
    "yellow", "supervisor", "reason", "log", "ascending3",
)  # fmt: skip
_LISTS = ("tw", "ty", "tv", "shops", "caravan", "deck", "discard", "queue", "ship",
          "gold", "camels")  # fmt: skip
_NESTED = ("built", "hands", "pts")


class YspahanState:
    __slots__ = (*_SCALARS, *_LISTS, *_NESTED, "stack", "_dec")

    rng: int
    np: int  # number of players, 2..4
    week: int  # 1..3
    day: int  # 1..7
    first: int  # first player of the day (holds the black pawn)
    f6: int  # first player of week III day 6 (last-day tie-break), NO until then
    phase: str  # "roll" | "turn" | "finished"
    stack: Stack  # the questions open: the step of the turn, and what was asked on top of it
    acting: int  # seat whose turn (2p: action) it is
    group: int  # Tower space taken this action, 0 when none
    n: int  # dice counted in the taken group
    v: int  # face value of the taken group
    extra: str  # card discarded as an extra die this action, "" when none
    left: int  # cubes still to place
    quarter: int  # quarter supplied (0..3), NO when none
    ascending3: bool  # option: 3 players also play the last day in ascending score order
    sup_k: int  # distance of the Supervisor's move under way (for the view)
    sup_at: int  # street space where the current move started
    mover: int  # seat that moved the Supervisor (decides the shipping order)
    save_shop: int  # shop whose owner is deciding about a camel save, NO when none
    card: str  # card being resolved for its effect, "" when none
    yellow: int  # yellow dice bought today
    supervisor: int  # street space index
    reason: str  # how the game ended, once finished
    log: tuple[str, ...]  # the last few event sentences

    tw: list[int]  # Tower space 1..6 (index 0 unused): white dice
    ty: list[int]  # yellow dice
    tv: list[int]  # face value of the group, 0 when empty
    shops: list[int]  # per shop: owner seat or NO
    caravan: list[int]  # owners of the cubes in the Caravan, in filling order
    deck: list[str]  # top of deck = last element
    discard: list[str]
    queue: list[int]  # seats still to act today after the acting one
    ship: list[int]  # shops still to ship in the current Supervisor move
    gold: list[int]
    camels: list[int]
    built: list[list[int]]  # per seat: building indices in the order built
    hands: list[list[str]]  # per seat: card ids, sorted
    pts: list[list[int]]  # per seat: VP per scoring category (data.CATEGORIES)
    _dec: Any  # cached Decision (or a finished marker); None until first asked

    def copy(self) -> YspahanState:
        new = YspahanState.__new__(YspahanState)
        # Spelled out rather than looped: copy() runs once per action.
        new.rng, new.np, new.week, new.day = self.rng, self.np, self.week, self.day
        new.first, new.f6, new.phase, new.stack = self.first, self.f6, self.phase, self.stack
        new.acting, new.group, new.n, new.v = self.acting, self.group, self.n, self.v
        new.extra, new.left, new.quarter, new.sup_k = (
            self.extra,
            self.left,
            self.quarter,
            self.sup_k,
        )
        new.sup_at, new.mover, new.save_shop = (
            self.sup_at,
            self.mover,
            self.save_shop,
        )
        new.card, new.yellow = self.card, self.yellow
        new.supervisor, new.reason, new.log = self.supervisor, self.reason, self.log
        new.ascending3 = self.ascending3
        new.tw = self.tw[:]
        new.ty = self.ty[:]
        new.tv = self.tv[:]
        new.shops = self.shops[:]
        new.caravan = self.caravan[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.queue = self.queue[:]
        new.ship = self.ship[:]
        new.gold = self.gold[:]
        new.camels = self.camels[:]
        new.built = list(map(list.copy, self.built))
        new.hands = list(map(list.copy, self.hands))
        new.pts = list(map(list.copy, self.pts))
        new._dec = None
        return new

    @property
    def step(self) -> str:
        """The kind of the question on top (see rules.decide), "" once the game is over."""
        frames = self.stack.frames
        return frames[-1].kind if frames else ""

    def score(self, seat: int) -> int:
        return sum(self.pts[seat])

    @classmethod
    def blank(cls, players: int) -> YspahanState:
        st = cls.__new__(cls)
        st.rng = 0
        st.np = players
        st.week = 1
        st.day = 1
        st.first = 0
        st.f6 = NO
        st.phase = "roll"
        st.stack = Stack((Frame("buy"),))
        st.acting = 0
        st.group = 0
        st.n = 0
        st.v = 0
        st.extra = ""
        st.left = 0
        st.quarter = NO
        st.sup_k = 0
        st.sup_at = HUB
        st.mover = NO
        st.save_shop = NO
        st.card = ""
        st.yellow = 0
        st.supervisor = HUB
        st.reason = ""
        st.log = ()
        st.ascending3 = False
        st.tw = [0] * 7
        st.ty = [0] * 7
        st.tv = [0] * 7
        st.shops = [NO] * len(SHOPS)
        st.caravan = []
        st.deck = []
        st.discard = []
        st.queue = []
        st.ship = []
        st.gold = [2] * players
        st.camels = [0] * players
        st.built = [[] for _ in range(players)]
        st.hands = [[] for _ in range(players)]
        st.pts = [[0] * len(CATEGORIES) for _ in range(players)]
        st._dec = None
        return st

    # ---- serialisation ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in (*_SCALARS, *_LISTS, *_NESTED):
            value = getattr(self, name)
            out[name] = (
                [v[:] if isinstance(v, list) else v for v in value]
                if isinstance(value, (list, tuple))
                else value
            )
        out["rng"] = str(self.rng)  # 64-bit value; JSON consumers may not keep big ints exact
        out["stack"] = self.stack.to_json()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> YspahanState:
        players = int(data["np"])
        if players not in (2, 3, 4):
            raise ValueError("malformed Yspahan state")
        st = cls.blank(players)
        for name in (*_SCALARS, *_LISTS, *_NESTED):
            value = data[name]
            if isinstance(value, list):
                value = [v[:] if isinstance(v, list) else v for v in value]
            setattr(st, name, value)
        st.rng = int(data["rng"])
        st.stack = Stack.from_json(data["stack"])
        st.log = tuple(data["log"])
        if len(st.shops) != len(SHOPS) or len(st.tw) != 7 or len(st.gold) != players:
            raise ValueError("malformed Yspahan state")
        return st
