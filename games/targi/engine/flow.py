"""Targi round flow (spec 8, 9, 11): markers, end of action phases, reveals, limits, raids.

These functions mutate a fresh copy of the state and run every automatic step until the next
real decision.
"""

from __future__ import annotations

from games.core import rng as R
from games.core.contract import Event
from games.targi.engine.data import (
    CELLS,
    CENTRE_PATTERN,
    CORNERS,
    GOODS_IDS,
    LAST_ROUND,
    RAID_OF_CORNER,
    RAID_VP,
    RES_NAMES,
    RES_PLURALS,
    TRIBE_IDS,
    card_name,
)
from games.targi.engine.decisions import (
    LETTER,
    border_name,
    effect_count,
    intersections,
    label,
    letters_text,
    raid_options,
)
from games.targi.engine.scoring import score_breakdown
from games.targi.engine.state import MENU, NO, TargiState


class Ctx:
    """What one `_apply` produced besides the state: events and whether anything was drawn."""

    __slots__ = ("events", "revealed")

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.revealed = False

    def say(self, text: str, seat: int | None = None, headline: bool = False) -> None:
        self.events.append(Event(text, seat, headline=headline))


def draw(st: TargiState, ctx: Ctx, kind: str) -> str | None:
    """Top card of a deck, reshuffling its discard pile first if the deck is empty (section 10)."""
    # UNCERTAIN (spec 10): the tribe deck reshuffles its discard pile just like the goods deck.
    deck = st.goods_deck if kind == "goods" else st.tribe_deck
    ctx.revealed = True
    if not deck:
        discard = st.goods_discard if kind == "goods" else st.tribe_discard
        if not discard:
            return None
        deck.extend(discard)
        discard.clear()
        st.rng = R.shuffle(st.rng, deck)
        st.reshuffles[0 if kind == "goods" else 1] += 1
        ctx.say(f"The {kind} discard pile was shuffled into a new {kind} deck.")
    return deck.pop()


def new_state(seed: int) -> TargiState:
    st = TargiState.blank()
    rng = R.seed_state(seed)
    goods = list(GOODS_IDS)
    rng = R.shuffle(rng, goods)
    tribe = list(TRIBE_IDS)
    rng = R.shuffle(rng, tribe)
    st.goods_deck, st.tribe_deck = goods, tribe
    for i, kind in enumerate(CENTRE_PATTERN):
        st.cells[i] = (goods if kind == "G" else tribe).pop()
    rng, st.start = R.below(rng, 2)
    st.rng = rng
    st.log = (f"Round 1 began; {label(st.start)} is the starting player.",)
    return st


def place_markers(st: TargiState, ctx: Ctx) -> None:
    for seat in (st.start, 1 - st.start):
        cells = intersections(st.figures[seat])
        st.markers[seat] = cells
        for i in cells:
            st.marker_at[i] = seat
        if cells:
            where = " and ".join(CELLS[i] for i in cells)
            s = "s" if len(cells) > 1 else ""
            ctx.say(f"{label(seat)} placed tribe marker{s} on {where}.", seat)
        else:
            ctx.say(f"{label(seat)} had no intersection and placed no tribe marker.", seat)


def return_pieces(st: TargiState, seat: int) -> None:
    for n in st.figures[seat]:
        st.border[n] = NO
    for i in st.markers[seat]:
        st.marker_at[i] = NO
    st.figures[seat] = []
    st.markers[seat] = []


def after_action(st: TargiState, ctx: Ctx) -> None:
    st.stack = MENU
    st.revealed = []
    seat = st.acting
    if st.vacated != NO:
        i, st.vacated = st.vacated, NO
        refill(st, ctx, i, "goods")
        if st.cells[i] is not None:
            ctx.say(f"A face-down goods card was put on {CELLS[i]}.", seat)
    if not st.figures[seat] and not st.markers[seat]:
        end_action_phase(st, ctx)


def refill(st: TargiState, ctx: Ctx, i: int, kind: str) -> None:
    """Fill a used central cell face down from the deck of the other type (spec 8.4.1)."""
    new = draw(st, ctx, kind)
    st.cells[i] = new
    st.face_up[i] = False
    st.drawn_at[i] = st.reshuffles[0 if kind == "goods" else 1]
    st.awaits[i] = kind if new is None else None


def end_action_phase(st: TargiState, ctx: Ctx) -> None:
    return_pieces(st, st.acting)
    st.stack = MENU
    if st.acting == st.start:
        st.acting = 1 - st.start
        ctx.say(f"{label(st.acting)} began their action phase.")
        if not st.figures[st.acting] and not st.markers[st.acting]:
            end_action_phase(st, ctx)
        return
    end_round(st, ctx)


def end_round(st: TargiState, ctx: Ctx) -> None:
    if not st.end_triggered:
        turned = []
        for i in range(9):
            if st.cells[i] is not None and not st.face_up[i]:
                st.face_up[i] = True
                turned.append(f"{CELLS[i]} ({card_name(st.cells[i])})")  # type: ignore[arg-type]
        if turned:
            ctx.revealed = True
            verb = "was" if len(turned) == 1 else "were"
            ctx.say(", ".join(turned) + f" {verb} turned face up.")
        for i in range(9):
            if st.cells[i] is None and st.awaits[i] is not None:
                cid = draw(st, ctx, st.awaits[i])  # type: ignore[arg-type]
                if cid is not None:
                    st.cells[i], st.face_up[i], st.awaits[i] = cid, True, None
                    ctx.say(f"{CELLS[i]} was refilled with {card_name(cid)}.")
    # UNCERTAIN (spec 9, 11): after a 12th-card end the limit check still runs before scoring.
    st.phase = "limit"
    st.limit_queue = [st.start, 1 - st.start]
    advance_limit(st, ctx)


def advance_limit(st: TargiState, ctx: Ctx) -> None:
    q = st.limit_queue
    while q:
        seat = q[0]
        r = st.res[seat]
        if r[3] > 3:
            ctx.say(f"{label(seat)} returned {r[3] - 3} gold (only 3 may be kept).", seat)
            r[3] = 3
        total = r[0] + r[1] + r[2]
        if total > 10:
            kinds = [k for k in range(3) if r[k] > 0]
            if len(kinds) > 1:
                return
            k = kinds[0]
            excess = total - 10
            r[k] -= excess
            name = RES_PLURALS[k] if excess > 1 else RES_NAMES[k]
            ctx.say(f"{label(seat)} returned {excess} {name} (only 10 goods may be kept).", seat)
        q.pop(0)
    if st.end_triggered:
        finish(st, ctx, st.reason)
        return
    st.start = 1 - st.start
    ctx.say(f"{label(st.start)} took the starting-player token.")
    begin_round(st, ctx)


def begin_round(st: TargiState, ctx: Ctx) -> None:
    st.round += 1
    st.robber += 1
    if st.robber in CORNERS:
        k = RAID_OF_CORNER[st.robber]
        when = f"Round {st.round}" if st.round <= LAST_ROUND else f"After round {LAST_ROUND}"
        ctx.say(f"{when}: the robber reached {border_name(st.robber)}.", headline=True)
        start_raid(st, ctx, k)
        return
    ctx.say(
        f"Round {st.round} began; the robber moved to {border_name(st.robber)}.", headline=True
    )
    start_placement(st)


def start_placement(st: TargiState) -> None:
    st.phase = "placement"
    st.placements = 0
    st.acting = st.start


def is_protected(st: TargiState, seat: int) -> bool:
    return effect_count(st, seat, "P-RAID") > 0


def start_raid(st: TargiState, ctx: Ctx, k: int) -> None:
    st.phase = "raid"
    st.raid = k
    st.raid_queue = []
    st.raid_opts = {}
    st.raid_pay = [None, None]
    st.raid_gain = [0, 0]
    # UNCERTAIN (spec 8.1): each option is all-or-nothing, affordability is judged on holdings
    # before the raid, and every payment and gain is applied together in finish_raid.
    for seat in (st.start, 1 - st.start):
        if is_protected(st, seat):
            st.raid_pay[seat] = "protected"
            continue
        opts = raid_options(st.res[seat], k)
        if not opts:
            st.raid_pay[seat] = "fail"
            st.raid_gain[1 - seat] += RAID_VP[k]
        elif len(opts) == 1:
            st.raid_pay[seat] = opts[0]
        else:
            st.raid_queue.append(seat)
            st.raid_opts[seat] = tuple(opts)
    if not st.raid_queue:
        finish_raid(st, ctx)


def payment_said(st: TargiState, seat: int, pay: str) -> str:
    """The sentence for a raid payment, said once: when the seat chose it, or at the raid's
    end for a payment nobody had to choose."""
    if pay == "pay vp":
        return f"Raid {st.raid}: {label(seat)} paid {RAID_VP[st.raid]} VP."
    return f"Raid {st.raid}: {label(seat)} paid {letters_text(pay[4:])}."


def finish_raid(st: TargiState, ctx: Ctx) -> None:
    k = st.raid
    for seat in (st.start, 1 - st.start):
        pay = st.raid_pay[seat]
        who = label(seat)
        chosen = seat in st.raid_opts  # said when it was chosen (``on_raid``)
        if pay == "protected":
            ctx.say(f"Raid {k}: {who} was protected and gave nothing.", seat, headline=True)
        elif pay == "fail":
            ctx.say(
                f"Raid {k}: {who} could not pay; {label(1 - seat)} gained {RAID_VP[k]} VP.", seat,
                headline=True,
            )
        elif pay == "pay vp":
            st.res[seat][4] -= RAID_VP[k]
            if not chosen:
                ctx.say(payment_said(st, seat, pay), seat, headline=True)
        else:
            assert pay is not None
            for ch in pay[4:]:
                st.res[seat][LETTER[ch]] -= 1
            if not chosen:
                ctx.say(payment_said(st, seat, pay), seat, headline=True)
    for seat in (0, 1):
        st.res[seat][4] += st.raid_gain[seat]
    st.raid_queue = []
    st.raid_opts = {}
    st.raid_pay = [None, None]
    st.raid_gain = [0, 0]
    st.raid = 0
    if st.robber == 16:
        finish(st, ctx, "The robber completed its lap: raid 4 ended the game.")
        return
    st.robber += 1
    ctx.say(f"The robber moved on to {border_name(st.robber)}.")
    start_placement(st)


def finish(st: TargiState, ctx: Ctx, reason: str) -> None:
    st.phase = "finished"
    st.reason = reason
    st.stack = MENU
    scores = [sum(score_breakdown(st, s).values()) for s in (0, 1)]
    ctx.say(f"{reason.rstrip('.')}; the final score is Blue {scores[0]}, White {scores[1]}.")
