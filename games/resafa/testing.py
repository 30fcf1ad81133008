"""Build Resafa positions in a few readable lines, for tests, samples and examples.

`position()` starts from a seeded game and overrides whatever the caller names::

    st = position(
        players=2, round=3,
        coins={OCHRE: 6}, ware={OCHRE: "2S+1M"}, vp={TEAL: 12},
        workshops={OCHRE: {"c3": "W1-04", "f6": ("W2-01", "back"), "b2": ("W1-02", 90)}},
        gardens={OCHRE: {"d3": "large", "e4": "small+large"}},
        hands={OCHRE: ["C1", "C4", "BY03"]}, specials={TEAL: ["SB1-3"]},
        tracks={OCHRE: "Y4 W6"}, caravan={TEAL: ("PA", 2, "2Sp")}, bases={TEAL: ["PA"]},
        canals={"33": ("CN07", OCHRE), "43": ("TK1", TEAL)}, cubes={"33": "active"},
    )

Cells are named like the notation: column letter a-h, row number 1-8 (cell (c, r) is
"abcdefgh"[c] + str(r + 1)); network spaces as row then column, "11" to "45". The position
format itself (the snapshot JSON) is described by `position.schema.json` next to this module.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import Event
from games.core.errors import IllegalAction
from games.resafa import GAME
from games.resafa.engine.data import (
    BOX_FREE,
    CITIES,
    COLOURS,
    LEVEL2_ROUND,
    NO,
    START_CARD_IDS,
    WARE_INDEX,
    cell,
    gain,
    space,
)
from games.resafa.engine.rules import begin_turn
from games.resafa.engine.setup import new_state
from games.resafa.engine.state import State

OCHRE, TEAL, CRIMSON, VIOLET = 0, 1, 2, 3
CUBES = {"none": 0, "inactive": 1, "active": 2}


def cell_of(name: str) -> int:
    """"d4" -> the cell index of column d (c = 3), row 4 (r = 3)."""
    return cell("abcdefgh".index(name[0]), int(name[1:]) - 1)


def space_of(name: str) -> int:
    """"23" -> network space row 2, column 3."""
    return space(int(name[0]), int(name[1]))


def position(
    *,
    players: int = 2,
    seed: int = 7,
    round: int = 1,
    current: int = 0,
    start: int | None = None,
    coins: dict[int, int] | None = None,
    vp: dict[int, int] | None = None,
    ware: dict[int, str] | None = None,
    camels: dict[int, int] | None = None,
    caravan: dict[int, tuple[str, int, str]] | None = None,
    workshops: dict[int, dict[str, Any]] | None = None,
    clear_workshops: bool = False,
    gardens: dict[int, dict[str, str]] | None = None,
    squares: dict[int, int] | None = None,
    hands: dict[int, list[str]] | None = None,
    decks: dict[int, list[str]] | None = None,
    specials: dict[int, list[str]] | None = None,
    pending: dict[int, list[str]] | None = None,
    facedown: dict[int, list[str]] | None = None,
    tracks: dict[int, str] | None = None,
    tokens: dict[int, list[str]] | None = None,
    bases: dict[int, list[str]] | None = None,
    clear_network: bool = False,
    canals: dict[str, tuple[str, int]] | None = None,
    cbonus: dict[str, str] | None = None,
    sides: str | None = None,
    cubes: dict[str, str] | None = None,
    offer1: list[str] | None = None,
    offer2: list[str] | None = None,
    canal_display: list[str] | None = None,
    bonus: dict[str, list[str]] | None = None,
    sack_top: tuple[str, ...] = (),
    **extra: Any,
) -> State:
    """A state at the start of `current`'s turn in `round` (default: Ochre, round 1).

    `ware` is a gain text ("2S+1M"); `caravan` is (node, camels, cargo text such as "2Sp" or
    ""); a workshop is a tile id, or (tile, "back"), or (tile, rotation); `gardens` maps a
    square to "small", "large" or "small+large" ("small+small"...); `squares` sets the count
    of complete squares directly (for tank requirements) when the gardens themselves do not
    matter; `tracks` is "Y4 W6"; `tokens` the merchant row left to right; `bases` gives cities
    and takes the first free box of each; `canals` maps a space to (tile, owner seat or -1);
    `clear_network` empties the water network first (no neutral tiles, cubes or bonus tiles);
    `cbonus` puts canal bonus tiles on spaces; `sides` gives each city's trading tile side in
    the order SU CA PA BA BE EM ("AAAAAA"); `sack_top` names the next sack cards drawn, first
    drawn first; `pending` gives yellow cards waiting for the reset and `facedown` the cards
    played in the last odd round. `extra` sets any other state field as is.
    """
    st = new_state(players, seed).copy()
    st._mine = (1 << players) - 1
    st.players = [p.copy() for p in st.players]
    st.round = round
    st.current = current
    st.start = current if start is None else start
    for seat, p in enumerate(st.players):
        if clear_workshops:
            p.ws = [""] * len(p.ws)
        for name, tile in ((workshops or {}).get(seat) or {}).items():
            i = cell_of(name)
            side, rot = 0, 0
            if isinstance(tile, tuple):
                tile, how = tile
                if how == "back":
                    side = 1
                else:
                    rot = int(how)
            p.build(i, tile, side, rot)
            for offer in (st.offer1, st.offer2):
                if tile in offer:
                    offer[offer.index(tile)] = ""
            for deck in (st.deck1, st.deck2):
                if tile in deck:
                    deck.remove(tile)
        for name, what in ((gardens or {}).get(seat) or {}).items():
            i = cell_of(name)
            for size in what.split("+"):
                p.plant(i, size)
                if size == "small":
                    st.small_left -= 1
                else:
                    st.large_left -= 1
            if p.units(i) >= 3:
                p.squares += 1
        if seat in (squares or {}):
            p.squares = (squares or {})[seat]
        if seat in (coins or {}):
            p.coins = (coins or {})[seat]
        if seat in (vp or {}):
            p.vp = (vp or {})[seat]
        if seat in (ware or {}):
            p.ware = [0, 0, 0, 0]
            for item, n in gain((ware or {})[seat]):
                p.ware[WARE_INDEX[item]] += n
        if seat in (camels or {}):
            p.camels = (camels or {})[seat]
        if seat in (caravan or {}):
            node, n_camels, cargo = (caravan or {})[seat]
            p.loc, p.camels = node, n_camels
            p.cargo, p.cargo_n = "", 0
            for item, n in gain(cargo):
                p.cargo, p.cargo_n = item, n
        if seat in (hands or {}):
            p.hand = sorted((hands or {})[seat])
            for card in p.hand:
                _take_out(st, card)
            p.deck = [c for c in START_CARD_IDS if c not in p.hand] if round % 2 else []
        if seat in (decks or {}):
            p.deck = list((decks or {})[seat])
        for card in (pending or {}).get(seat, []):
            _take_out(st, card)
            p.pending.append(card)
            p.gained.append(card)
        if seat in (facedown or {}):
            p.facedown = list((facedown or {})[seat])
        for card in (specials or {}).get(seat, []):
            _take_out(st, card)
            p.specials.append(card)
            p.gained.append(card)
        if seat in (tracks or {}):
            for part in (tracks or {})[seat].split():
                p.track[COLOURS.index(part[0])] = int(part[1:])
        for i, token in enumerate((tokens or {}).get(seat, [])):
            p.row[i] = token
        for city in (bases or {}).get(seat, []):
            boxes = st.boxes[city]
            boxes[boxes.index(BOX_FREE)] = seat
            p.bases.append(city)
    if clear_network:
        st.net = [""] * len(st.net)
        st.owner = [NO] * len(st.net)
        st.cube = [0] * len(st.net)
        st.cbonus = [""] * len(st.net)
    for name, (tile, owner) in (canals or {}).items():
        i = space_of(name)
        st.net[i], st.owner[i] = tile, owner
        st.cbonus[i] = ""
        if tile in st.canal_display:
            st.canal_display.remove(tile)
            if st.canal_stack:
                st.canal_display.append(st.canal_stack.pop())
        elif tile in st.canal_stack:
            st.canal_stack.remove(tile)
        elif tile in st.tanks:
            st.tanks.remove(tile)
    for name, tile in (cbonus or {}).items():
        st.cbonus[space_of(name)] = tile
    if sides is not None:
        st.tile_side = ["AB".index(x) for x in sides]
    for name, how in (cubes or {}).items():
        st.cube[space_of(name)] = CUBES[how]
    if round >= LEVEL2_ROUND and offer2 is None and not any(st.offer2):
        st.offer2 = [st.deck2.pop() for _ in range(3)]
    if offer1 is not None:
        st.offer1 = list(offer1)
    if offer2 is not None:
        st.offer2 = list(offer2)
    if canal_display is not None:
        st.canal_display = list(canal_display)
    for colour, cards in (bonus or {}).items():
        for card in cards:
            _take_out(st, card)
        st.bonus[colour] = list(cards)
    for card in sack_top:
        if card in st.sack:
            st.sack.remove(card)
    st.sack.extend(reversed(sack_top))
    for attr, value in extra.items():
        setattr(st, attr, value)
    begin_turn(st)
    st._dec = None
    return st


# ---- driving a position -------------------------------------------------------------------


def play(state: State, *actions: str) -> tuple[State, list[Event]]:
    """Apply actions in order (each must be legal); returns the final state and all events."""
    events: list[Event] = []
    for action in actions:
        step = GAME.step(state, action)
        events.extend(step.events)
        state = step.state
    return state, events


def legal(state: State) -> list[str]:
    return GAME.legal_actions(state)


def kind(state: State) -> str | None:
    """The kind of the decision now open, or None when the game is over."""
    d = GAME.decision(state)
    return d.kind if d is not None else None


def refused(state: State, text: str) -> str:
    """The reason the engine gives for refusing ``text`` (it must be refused)."""
    try:
        GAME.parse(state, text)
    except IllegalAction as error:
        return error.reason
    raise AssertionError(f"{text!r} was accepted")


def texts(events: list[Event], viewer: int | None = None) -> list[str]:
    """The sentences of ``events`` that ``viewer`` may read (None = a spectator)."""
    return [e.text for e in events if e.visible_to(viewer)]


def _take_out(st: State, card: str) -> None:
    """Remove a card from every deck and display it could come from, so none exists twice."""
    for deck in (*st.bonus.values(), *st.bonus_deck.values(), *st.special.values(), st.sack):
        if card in deck:
            deck.remove(card)


def ware_of(st: State, seat: int) -> dict[str, int]:
    return {w: st.players[seat].ware[i] for w, i in WARE_INDEX.items()}


def box_holder(st: State, city: str, box: int) -> int | None:
    h = st.boxes[city][box - 1]
    return h if h >= 0 else None


__all__ = [
    "CITIES", "CRIMSON", "NO", "OCHRE", "TEAL", "VIOLET", "box_holder", "cell_of", "kind",
    "legal", "play", "position", "refused", "space_of", "texts", "ware_of",
]
