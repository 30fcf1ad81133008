"""What every Resafa rule leans on: the events of one action, gains and payments, track steps,
the decision stack helpers and the small queries the actions share (spec §2, §8, §15)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.contract import Event
from games.core.stack import Frame
from games.resafa.engine.data import (
    CAPACITY_PER_CAMEL,
    COLOUR_INDEX,
    COLOUR_NAMES,
    COLOURS,
    LEVEL_STEPS,
    MAX_CAMELS,
    SEAT_LABELS,
    TRACK_STEPS,
    WARE_INDEX,
    WAREHOUSE_CAP,
    Gain,
    gain_words,
)
from games.resafa.engine.state import Player, State


class Ctx:
    """What one `_apply` produced besides the state: events and whether anything was revealed."""

    __slots__ = ("events", "public", "revealed")

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.public: list[str] = []  # the public sentences, for the state's log
        self.revealed = False

    def say(self, text: str, seat: int | None = None, headline: bool = False) -> None:
        self.events.append(Event(text, seat, headline=headline))
        self.public.append(text)

    def tell(self, seat: int, text: str) -> None:
        """An event only ``seat`` may read (what it drew or saw)."""
        self.events.append(Event(text, seat, (seat,)))


class QuietCtx(Ctx):
    """A `Ctx` for `Game.apply`, whose caller wants the state alone: the public sentences still
    go to the state's log, but no event is built."""

    __slots__ = ()

    def say(self, text: str, seat: int | None = None, headline: bool = False) -> None:
        self.public.append(text)

    def tell(self, seat: int, text: str) -> None:
        pass


# A seat's name in a sentence (bound method: called for nearly every sentence).
who: Callable[[int], str] = SEAT_LABELS.__getitem__


# ---- the decision stack ---------------------------------------------------------------------


# Frames without data, built once: they are never changed, only replaced.
TURN, END_TURN, AFTER_TURN = Frame("turn"), Frame("endturn"), Frame("afterturn")
NEW_ROUND, LIMIT = Frame("newround"), Frame("limit")


def push(st: State, *frames: Frame) -> None:
    """Push frames so that the first one given is asked first (as `Stack.push`)."""
    st.frames += frames[::-1]


def pop(st: State) -> Frame:
    frames = st.frames
    st.frames = frames[:-1]
    return frames[-1]


def top(st: State) -> Frame:
    return st.frames[-1]


def replace_top(st: State, frame: Frame) -> None:
    st.frames = (*st.frames[:-1], frame)


def find(st: State, kind: str) -> Frame | None:
    """The nearest frame of ``kind`` from the top, if any."""
    for frame in reversed(st.frames):
        if frame.kind == kind:
            return frame
    return None


def main_frame(st: State) -> Frame | None:
    """The main action in progress, if any (carries its modifiers and perk)."""
    return find(st, "main")


def update_frame(st: State, kind: str, **changes: Any) -> None:
    """Answer more of the nearest frame of ``kind`` (an outer question, below the top)."""
    frames = list(st.frames)
    for i in range(len(frames) - 1, -1, -1):
        if frames[i].kind == kind:
            frames[i] = frames[i].with_data(**changes)
            break
    st.frames = tuple(frames)


def update_main(st: State, **changes: Any) -> None:
    update_frame(st, "main", **changes)


def add_mod(st: State, mod: str) -> None:
    fr = main_frame(st)
    if fr is not None:
        update_main(st, mods=[*fr.get("mods", []), mod])


def mods(st: State) -> list[str]:
    fr = main_frame(st)
    return list(fr.get("mods", [])) if fr is not None else []


def turn_frame(st: State) -> Frame | None:
    return find(st, "turn")


# ---- holdings -------------------------------------------------------------------------------


def capacity(p: Player) -> int:
    return p.camels * CAPACITY_PER_CAMEL + (2 if "SB1-3" in p.specials else 0)


def has(p: Player, card: str) -> bool:
    return card in p.specials


def can_pay(p: Player, cost: Gain) -> bool:
    for item, n in cost:
        if item == "C":
            if p.coins < n:
                return False
        elif p.ware[WARE_INDEX[item]] < n:
            return False
    return True


def pay(p: Player, cost: Gain) -> None:
    for item, n in cost:
        if item == "C":
            p.coins -= n
        else:
            p.ware[WARE_INDEX[item]] -= n


def cost_words(cost: Gain) -> str:
    return gain_words(cost) if cost else "nothing"


def reduce(cost: Gain, coins: int = 0, stone: int = 0) -> Gain:
    """``cost`` lowered by ``coins`` coins and ``stone`` stone, never below 0 per item."""
    out = []
    for item, n in cost:
        if item == "C":
            n = max(0, n - coins)
        elif item == "S":
            n = max(0, n - stone)
        if n:
            out.append((item, n))
    return tuple(out)


def give(st: State, ctx: Ctx, seat: int, g: Gain, why: str = "") -> None:
    """Apply a gain: items at once; a track step pushes its question; a sack card is drawn."""
    p = st.me(seat)
    lost: list[str] = []
    for item, n in g:
        if item == "C":
            p.coins += n
        elif item == "VP":
            p.vp += n
        elif item == "Cam":
            for _ in range(n):
                if p.camels < MAX_CAMELS:
                    p.camels += 1
                else:
                    p.vp += 1  # a camel beyond the fourth is 1 VP (spec §15.13)
        elif item == "step":
            push(st, Frame("step", {"n": n, "c": "any"}))
        elif item == "sack":
            for _ in range(n):
                draw_sack(st, ctx, seat)
        else:
            i = WARE_INDEX[item]
            room = WAREHOUSE_CAP - p.ware[i]
            if n > room:
                lost.append(f"{n - room} {item}")
            p.ware[i] += min(n, room)
    if g:
        text = f"{who(seat)} gains {gain_words(g)}"
        if why:
            text += f" ({why})"
        if lost:
            text += f"; the warehouse is full, {', '.join(lost)} lost"
        ctx.say(text + ".", seat)


def draw_sack(st: State, ctx: Ctx, seat: int) -> None:
    if not st.sack:
        ctx.say("The sack deck is empty: no sack card.", seat)
        return
    card = st.sack[-1]
    st.sack = st.sack[:-1]
    st.me(seat).hand.append(card)
    st.me(seat).hand.sort()
    ctx.revealed = True
    ctx.say(f"{who(seat)} draws a sack card.", seat)
    ctx.tell(seat, f"You drew sack card {card}.")


# ---- special-card tracks (spec §8) ---------------------------------------------------------


def step_legal(p: Player, colour: str) -> bool:
    """Whether one step on ``colour`` is allowed (spec §8.3)."""
    i = COLOUR_INDEX[colour]
    pos = p.track[i]
    if pos >= TRACK_STEPS:
        return False
    if colour == "P":
        return True
    others = [p.track[COLOUR_INDEX[c]] for c in "YWB" if c != colour]
    if pos + 1 == 6 and sum(1 for o in others if o >= 6) >= 2:
        return False
    return not (pos + 1 == 9 and any(o >= 9 for o in others))


def legal_steps(p: Player, colour: str = "any") -> list[str]:
    colours = COLOURS if colour == "any" else (colour,)
    return [c for c in colours if step_legal(p, c)]


def take_step(st: State, ctx: Ctx, seat: int, colour: str) -> None:
    """Move one step; a level space pushes the special-card choice (spec §8.2)."""
    p = st.me(seat)
    i = COLOUR_INDEX[colour]
    p.track = p.track[:]  # shared with the state before (`Player.copy`)
    p.track[i] += 1
    ctx.say(f"{who(seat)} moves to step {p.track[i]} of the {COLOUR_NAMES[colour]} track.", seat)
    level = LEVEL_STEPS.get(p.track[i])
    if level is not None:
        deck = st.special[f"{colour}{level}"]
        if deck:
            push(st, Frame("special", {"c": colour, "lv": level}))
        else:
            ctx.say(f"The level {level} {COLOUR_NAMES[colour]} deck is empty: no card.", seat)
