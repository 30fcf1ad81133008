"""The Resafa game state: plain ints, strings and lists in __slots__, copied per action.

A state is never changed after the engine hands it out. `State.copy()` shares every board list
and dict and the `Player` records; the rules take a player for writing with `State.me(seat)`,
which copies that one record the first time in an action (copy on write). A shared list or
dict (all of the state's, and those `Player.copy` names) is replaced, never changed in place:
`p.bases = [*p.bases, city]`, `st.bonus = {**st.bonus, colour: cards}`, or a copy taken
before the first change.

Coordinate model (spec §17.4):
- workshop area: cells 0-63 of an 8×8 grid, cell = r * 8 + c (data.cell); workshops on cells
  with c + r even, garden squares on the others. Per cell: `ws` the tile id ("" none), `side`
  0 front / 1 back, `rot` 0/90/180/270, `small`/`large` garden tiles in a square; `icons`
  holds cell * 4 + edge index of every collected edge icon.
- water network: spaces 0-19 of a 4×5 grid, space = (row - 1) * 5 + (col - 1) (data.space);
  per space `net` tile id ("" empty, "N" neutral), `owner` seat or -1, `cube` 0 none /
  1 inactive / 2 active, `cbonus` the canal bonus tile lying there ("" none).
- road map: nodes "R", "G" and six city codes (data.NODES); each player's caravan `loc`.
"""

from __future__ import annotations

from typing import Any

from games.core.stack import Frame, Stack
from games.resafa.engine.data import CELLS, CITIES, COLOURS, NET_SPACES, NO

_P_SCALARS = ("coins", "vp", "squares", "loc", "camels", "cargo", "cargo_n")
_P_LISTS = (
    "hand", "deck", "played", "facedown", "pending", "specials", "used", "gained", "track",
    "ware", "ws", "side", "rot", "small", "large", "icons", "row", "overflow", "bases",
    "removed",
)


class Player:
    __slots__ = (*_P_SCALARS, *_P_LISTS, "_cells")

    coins: int
    vp: int  # VP earned during play (final scoring adds the categories of spec §13)
    squares: int  # complete garden squares
    loc: str  # caravan node
    camels: int  # 1..4
    cargo: str  # item on the caravan, "" when empty
    cargo_n: int
    hand: list[str]  # action cards (C1..C6, yellow SY..), bonus (B..) and sack (SK..) cards
    deck: list[str]  # face-down action cards; the last is drawn first
    played: list[str]  # this round: "C4:L" (card:half U/L) in slot order
    facedown: list[str]  # cards played in the last odd round, face down until the reset
    pending: list[str]  # yellow cards waiting for the next reset
    specials: list[str]  # white (unused), blue and pink cards held
    used: list[str]  # white cards used (out of the game)
    gained: list[str]  # every special card ever gained (SP2-4)
    track: list[int]  # step 0..9 per colour (data.COLOURS)
    ware: list[int]  # warehouse S, M, Sp, A
    ws: list[str]  # per cell: workshop tile id or ""
    side: list[int]
    rot: list[int]
    small: list[int]  # per cell: small garden tiles in that square
    large: list[int]
    icons: list[int]  # collected edge icons: cell * 4 + edge
    row: list[str]  # merchant row: "" / "square" / "scarab"
    overflow: list[str]
    bases: list[str]  # cities with a base, in the order founded
    removed: list[str]  # starting cards removed by yellow cards
    _cells: tuple[list[str], list[int]]  # (the `ws` list, its workshop cells): `workshops`

    def copy(self) -> Player:
        new = Player.__new__(Player)
        new.coins, new.vp, new.squares, new.loc = self.coins, self.vp, self.squares, self.loc
        new.camels, new.cargo, new.cargo_n = self.camels, self.cargo, self.cargo_n
        new.hand = self.hand[:]
        new.ware = self.ware[:]
        # Shared, replaced when they change: the 64-cell area lists (`build`, `plant`) and
        # the lists a few rules change now and then.
        new.deck, new.played, new.track = self.deck, self.played, self.track
        new.ws, new.side, new.rot = self.ws, self.side, self.rot
        new.small, new.large = self.small, self.large
        new._cells = self._cells
        new.facedown, new.pending, new.specials = self.facedown, self.pending, self.specials
        new.used, new.gained, new.removed = self.used, self.gained, self.removed
        new.icons, new.row, new.overflow, new.bases = (
            self.icons, self.row, self.overflow, self.bases)
        return new

    @classmethod
    def blank(cls) -> Player:
        p = cls.__new__(cls)
        p.coins = p.vp = p.squares = p.cargo_n = 0
        p.loc, p.camels, p.cargo = "R", 1, ""
        for name in _P_LISTS:
            setattr(p, name, [])
        p.track = [0] * len(COLOURS)
        p.ware = [0] * 4
        p.ws = [""] * CELLS
        p._cells = ([], [])  # read on first use: set-up fills `ws` in place
        p.side = [0] * CELLS
        p.rot = [0] * CELLS
        p.small = [0] * CELLS
        p.large = [0] * CELLS
        p.row = [""] * 6
        return p

    def build(self, i: int, tile: str, side: int, rot: int) -> None:
        """A workshop on cell ``i`` (new lists: the old ones are shared with earlier states)."""
        self.ws, self.side, self.rot = self.ws[:], self.side[:], self.rot[:]
        self.ws[i], self.side[i], self.rot[i] = tile, side, rot

    def plant(self, i: int, size: str) -> None:
        """A garden tile on square ``i`` (new lists, as `build`)."""
        if size == "small":
            self.small = self.small[:]
            self.small[i] += 1
        else:
            self.large = self.large[:]
            self.large[i] += 1

    def units(self, c: int) -> int:
        return self.small[c] + 2 * self.large[c]

    def workshops(self) -> list[int]:
        """Cells holding a workshop, in order. Kept with the `ws` list it was read from (that
        list is never changed in place), so the caller must not change it either."""
        ws = self.ws
        if self._cells[0] is not ws:
            self._cells = (ws, [i for i, w in enumerate(ws) if w])
        return self._cells[1]

    def tokens(self) -> int:
        return sum(1 for t in self.row if t) + len(self.overflow)

    def scarabs(self) -> int:
        return self.row.count("scarab") + self.overflow.count("scarab")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {n: getattr(self, n) for n in _P_SCALARS}
        out.update({n: getattr(self, n)[:] for n in _P_LISTS})
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Player:
        p = cls.blank()
        for n in _P_SCALARS:
            setattr(p, n, data[n])
        for n in _P_LISTS:
            setattr(p, n, list(data[n]))
        if len(p.ws) != CELLS or len(p.track) != 4 or len(p.ware) != 4 or len(p.row) != 6:
            raise ValueError("malformed Resafa player")
        return p


_SCALARS = ("rng", "np", "solo", "rival", "round", "start", "current", "turns", "phase", "setup",
            "small_left", "large_left", "reason", "log")
_LISTS = (
    "offer1", "deck1", "offer2", "deck2", "sack", "canal_display", "canal_stack", "tanks",
    "net", "owner", "cube", "cbonus", "tile_side", "rival_deck", "rival_discard", "removed_ws",
)
_DICTS = ("bonus", "bonus_deck", "special")  # colour or "colour+level" -> list
_BOXES = "boxes"


class State:
    __slots__ = (*_SCALARS, *_LISTS, *_DICTS, _BOXES, "players", "frames", "_mine", "_dec")

    rng: int
    np: int  # seats, 1..4
    solo: bool  # one seat (spec §14)
    rival: bool  # the solo rival plays (the default of a solo game)
    round: int  # 1..6
    start: int  # seat holding the starting-player tile
    current: int  # seat whose turn it is
    turns: int  # turns taken this round (all seats)
    phase: str  # "play" | "reset" | "over"
    setup: str  # canal set-up card X / Y / Z
    small_left: int
    large_left: int
    reason: str
    log: tuple[str, ...]
    offer1: list[str]  # Level I offer, 3 slots ("" empty)
    deck1: list[str]  # the last is revealed next
    offer2: list[str]  # Level II offer, empty until round 3
    deck2: list[str]
    sack: list[str]  # the last is the top card; used cards go under (index 0)
    canal_display: list[str]  # up to 4 face-up canal tiles
    canal_stack: list[str]
    tanks: list[str]  # water-tank tiles left in the supply
    net: list[str]  # per network space: tile id, "N" neutral, "" empty
    owner: list[int]
    cube: list[int]
    cbonus: list[str]
    tile_side: list[int]  # per city (data.CITIES): 0 side A up, 1 side B up
    rival_deck: list[str]
    rival_discard: list[str]
    removed_ws: list[str]  # workshop tiles the solo rival removed
    bonus: dict[str, list[str]]  # colour -> face-up bonus cards, leftmost first
    bonus_deck: dict[str, list[str]]  # colour -> deck, the last dealt next
    special: dict[str, list[str]]  # "Y1".."P3" -> deck, the last is the face-up top card
    boxes: dict[str, list[int]]  # city -> per box: seat, or BOX_FREE / BOX_BLOCKED / BOX_UNUSED
    players: list[Player]
    frames: tuple[Frame, ...]  # the decision stack, bottom first; the top is asked now
    _mine: int  # bit per seat: that Player already copied for this action
    _dec: Any  # cached Decision, None until asked

    def copy(self) -> State:
        """A new state sharing every list and dict of the board and the Player records (taken
        for writing with `me`); the rules replace a shared list or dict, never change it."""
        new = State.__new__(State)
        new.rng, new.np, new.solo, new.round = self.rng, self.np, self.solo, self.round
        new.rival = self.rival
        new.start, new.current, new.turns, new.phase = (
            self.start, self.current, self.turns, self.phase)
        new.setup, new.small_left, new.large_left = self.setup, self.small_left, self.large_left
        new.reason, new.log = self.reason, self.log
        new.offer1, new.deck1, new.offer2, new.deck2 = (
            self.offer1, self.deck1, self.offer2, self.deck2)
        new.canal_display, new.canal_stack, new.tanks = (
            self.canal_display, self.canal_stack, self.tanks)
        new.net, new.owner, new.cube, new.cbonus = self.net, self.owner, self.cube, self.cbonus
        new.tile_side = self.tile_side
        new.rival_deck, new.rival_discard, new.removed_ws = (
            self.rival_deck, self.rival_discard, self.removed_ws)
        new.sack = self.sack
        new.bonus, new.bonus_deck = self.bonus, self.bonus_deck
        new.special, new.boxes = self.special, self.boxes
        new.players = self.players  # `me` copies the list before replacing a record
        new.frames = self.frames
        new._mine = 0
        new._dec = None
        return new

    def me(self, seat: int) -> Player:
        """The seat's record, copied once per action before the rules write to it."""
        bit = 1 << seat
        if not self._mine & bit:
            if not self._mine:
                self.players = self.players[:]  # shared with the state before
            self.players[seat] = self.players[seat].copy()
            self._mine |= bit
        return self.players[seat]

    @property
    def stack(self) -> Stack:
        """The open questions as a `Stack` (the rules work on the plain tuple ``frames``)."""
        return Stack(self.frames)

    @stack.setter
    def stack(self, stack: Stack) -> None:
        self.frames = stack.frames

    @property
    def step(self) -> str:
        frames = self.frames
        return frames[-1].kind if frames else ""

    @classmethod
    def blank(cls, players: int) -> State:
        st = cls.__new__(cls)
        st.rng, st.np, st.solo = 0, players, players == 1
        st.rival = players == 1
        st.round, st.start, st.current, st.turns = 1, 0, 0, 0
        st.phase, st.setup, st.reason, st.log = "play", "X", "", ()
        st.small_left = st.large_left = 0
        for name in _LISTS:
            setattr(st, name, [])
        st.net = [""] * NET_SPACES
        st.owner = [NO] * NET_SPACES
        st.cube = [0] * NET_SPACES
        st.cbonus = [""] * NET_SPACES
        st.tile_side = [0] * len(CITIES)
        st.offer1 = [""] * 3
        st.offer2 = [""] * 3
        st.bonus = {c: [] for c in COLOURS}
        st.bonus_deck = {c: [] for c in COLOURS}
        st.special = {f"{c}{lv}": [] for c in COLOURS for lv in (1, 2, 3)}
        st.boxes = {c: [-1, -1, -1] for c in CITIES}
        st.players = [Player.blank() for _ in range(players)]
        st.frames = ()
        st._mine = (1 << players) - 1  # a blank state owns its records
        st._dec = None
        return st

    # ---- serialisation ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {n: getattr(self, n) for n in _SCALARS}
        out["rng"] = str(self.rng)  # 64-bit value; JSON consumers may not keep big ints exact
        out["log"] = list(self.log)
        out.update({n: getattr(self, n)[:] for n in _LISTS})
        out.update({n: {k: v[:] for k, v in getattr(self, n).items()} for n in _DICTS})
        out["boxes"] = {k: v[:] for k, v in self.boxes.items()}
        out["players"] = [p.to_dict() for p in self.players]
        out["stack"] = self.stack.to_json()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        players = int(data["np"])
        if players not in (1, 2, 3, 4) or len(data["players"]) != players:
            raise ValueError("malformed Resafa state")
        st = cls.blank(players)
        for n in _SCALARS:
            setattr(st, n, data[n])
        st.rng = int(data["rng"])
        st.log = tuple(data["log"])
        for n in _LISTS:
            setattr(st, n, list(data[n]))
        for n in _DICTS:
            setattr(st, n, {k: list(v) for k, v in data[n].items()})
        st.boxes = {k: list(v) for k, v in data["boxes"].items()}
        st.players = [Player.from_dict(p) for p in data["players"]]
        st.stack = Stack.from_json(data["stack"])
        if len(st.net) != NET_SPACES or set(st.boxes) != set(CITIES):
            raise ValueError("malformed Resafa state")
        return st
