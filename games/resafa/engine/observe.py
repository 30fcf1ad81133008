"""What one seat knows of a Resafa state (spec §17.1), a full state drawn to match it, and
the heuristic value agents use.

Hidden from a seat: the other seats' action cards in hand versus in their decks, their sack
cards, which yellow cards they hold and have not played (in hand, in the deck, pending, or
just gained and not yet placed: only how many of each level is known), every deck's order and
content below what is face up (workshop decks, bonus decks, special decks, the sack, the canal
stack, the rival deck), and the generator. An observation pools each hidden group and deals it
back in sorted order, so states the seat cannot tell apart observe equal.

A yellow card taken face up was seen by everyone, and a played one is seen again; the
observation still pools every unplayed yellow card of another seat with the face-down cards
of its level, as the view shows them only as counts.
"""

from __future__ import annotations

from typing import Any

from games.core import rng as R
from games.core.stack import Frame
from games.resafa.engine.data import SACK, START_CARDS, WARE_INDEX, YELLOW
from games.resafa.engine.state import Player, State


def _hidden_hand(card: str) -> bool:
    return card in START_CARDS or card in YELLOW or card in SACK


def observe(state: State, seat: int | None) -> State:
    st = state.copy()
    st.rng = 0
    _canonical(st, seat, None)
    return st


def determinize(state: State, seat: int | None, rng: int) -> tuple[State, int]:
    st = state.copy()
    rng = _canonical(st, seat, rng)
    st.rng = rng
    return st, rng


def _deal(cards: list[str], rng: int | None) -> tuple[list[str], int | None]:
    if rng is None:
        return sorted(cards), None
    cards = list(cards)
    return cards, R.shuffle(rng, cards)


def _canonical(st: State, seat: int | None, rng: int | None) -> int:
    """Pool and redeal every group hidden from ``seat``: sorted (rng None) or shuffled."""
    st.bonus_deck, st.special = dict(st.bonus_deck), dict(st.special)  # shared: replaced
    rng = _redeal_yellow(st, seat, rng)
    # the sack deck and the other seats' sack cards form one pool
    sack_pool = list(st.sack)
    sack_counts = []
    for s in range(st.np):
        if s == seat:
            sack_counts.append(0)
            continue
        p = st.me(s)
        own = [c for c in p.hand if c in SACK]
        sack_counts.append(len(own))
        sack_pool += own
        p.hand = [c for c in p.hand if c not in SACK]
    pool, rng = _deal(sack_pool, rng)
    for s in range(st.np):
        if sack_counts[s]:
            p = st.me(s)
            p.hand = sorted(p.hand + pool[: sack_counts[s]])
            pool = pool[sack_counts[s]:]
    st.sack = pool
    for s in range(st.np):
        p = st.me(s)
        if s != seat:
            # action cards in hand and deck are one pool; yellow cards are hidden too
            held = [c for c in p.hand if c in START_CARDS or c in YELLOW]
            mixed = held + p.deck
            mixed, rng = _deal(mixed, rng)
            rest = [c for c in p.hand if c not in START_CARDS and c not in YELLOW]
            p.hand = sorted(rest + mixed[: len(held)])
            p.deck = mixed[len(held):]
        else:
            p.deck, rng = _deal(p.deck, rng)
    for c in st.bonus_deck:
        st.bonus_deck[c], rng = _deal(st.bonus_deck[c], rng)
    for key, deck in st.special.items():
        if deck:
            below, rng = _deal(deck[:-1], rng)
            st.special[key] = [*below, deck[-1]]
    st.deck1, rng = _deal(st.deck1, rng)
    st.deck2, rng = _deal(st.deck2, rng)
    st.canal_stack, rng = _deal(st.canal_stack, rng)
    st.rival_deck, rng = _deal(st.rival_deck, rng)
    st._dec = None
    return rng or 0


def _unplayed_yellow(p: Player) -> list[str]:
    """Yellow cards the seat holds that are not lying played (hand, deck, pending, or gained a
    moment ago and not yet placed), in the order gained."""
    shown = set(p.facedown) | {e.split(":")[0] for e in p.played}
    return [c for c in p.gained if c in YELLOW and c not in shown]


def _redeal_yellow(st: State, seat: int | None, rng: int | None) -> int | None:
    """Give the other seats' unplayed yellow cards new ids: per level, drawn from those cards
    and the face-down cards of that level's deck, which the viewer cannot tell apart. The same
    new id replaces the card wherever it is named (hand, deck, pending, gained, open questions).
    """
    hidden = [(s, c) for s in range(st.np) if s != seat
              for c in _unplayed_yellow(st.players[s])]
    if not hidden:
        return rng
    searching = _searched_deck(st, seat)
    renamed: dict[str, str] = {}
    for level in (1, 2, 3):
        held = [c for _, c in hidden if YELLOW[c][0] == level]
        if not held:
            continue
        key = f"Y{level}"
        deck = st.special[key]
        below = [] if key == searching or not deck else deck[:-1]
        pool, rng = _deal(held + below, rng)
        renamed.update(zip(held, pool, strict=False))
        if below:
            st.special[key] = [*pool[len(held):], deck[-1]]
    for s in {s for s, _ in hidden}:
        p = st.me(s)
        for name in ("hand", "deck", "pending", "gained"):
            setattr(p, name, [renamed.get(c, c) for c in getattr(p, name)])
    st.frames = tuple(_renamed_frame(f, renamed) for f in st.frames)
    return rng


def _renamed_frame(frame: Frame, renamed: dict[str, str]) -> Frame:
    data: dict[str, Any] = dict(frame.data)
    if not any(isinstance(v, str) and v in renamed for v in data.values()):
        return frame
    return Frame(frame.kind, {k: renamed.get(v, v) if isinstance(v, str) else v
                              for k, v in data.items()})


def _searched_deck(st: State, seat: int | None) -> str:
    """The special deck ``seat`` is looking through right now ("" when none): its face-down
    cards are in that seat's options, so they stay as they are."""
    top = st.frames[-1] if st.frames else None
    if seat is None or top is None or top.kind != "search" or st.current != seat:
        return ""
    return f"{top['c']}{top['lv']}"


def evaluate(st: State, seat: int) -> float:
    """VP so far plus a rough worth of what is not scored yet."""
    p = st.players[seat]
    value = float(p.vp)
    value += p.coins / 3
    value += 0.5 * sum(p.ware) + p.ware[WARE_INDEX["Sp"]] * 0.5 + p.ware[WARE_INDEX["A"]] * 0.5
    value += 2 * p.scarabs() + p.squares * 1.5 + len(p.bases) * 1.5
    value += sum(1 for w in p.ws if w) * 1.2
    value += 0.6 * sum(p.track) + p.camels
    value += sum(1 for o in st.owner if o == seat) * 1.0
    return value
