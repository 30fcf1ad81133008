"""Targi rules (spec sections 7-12): the `Game` subclass and the state transitions.

Every `_apply` copies the state once and then runs plain functions that mutate the copy and
advance automatic steps (markers, reveals, raids without a choice, limit checks) until the
next real decision. The decision for a state is computed once and cached on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core import rng as R
from games.core.contract import JSON, Decision, Event, Game, Outcome, ranked_winners
from games.targi import notation, views
from games.targi.data import (
    BORDER,
    CELLS,
    CENTRE_PATTERN,
    CORNERS,
    GOODS_CARDS,
    GOODS_IDS,
    GOODS_LETTERS,
    LINE,
    OPPOSITE,
    PLACEABLE,
    RAID_GOLD,
    RAID_GOODS,
    RAID_OF_CORNER,
    RAID_VP,
    RES_NAMES,
    RES_PLURALS,
    SEAT_LABELS,
    SYMBOLS,
    TRIBE_CARDS,
    TRIBE_IDS,
    G,
    amounts_text,
    card_name,
    cost_text,
)
from games.targi.state import NO, TargiState

LETTER = {"D": 0, "S": 1, "P": 2, "G": 3}
Cost = tuple[int, int, int, int]


class Ctx:
    """What one `_apply` produced besides the state: events and whether anything was drawn."""

    __slots__ = ("events", "revealed")

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.revealed = False

    def say(self, text: str, seat: int | None = None) -> None:
        self.events.append(Event(text, seat))


# ---- small queries ------------------------------------------------------------------------


def label(seat: int) -> str:
    return SEAT_LABELS[seat]


def border_name(n: int) -> str:
    return f"#{n} {BORDER[n].name}"


def effect_count(st: TargiState, seat: int, eid: str, param: str | None = None) -> int:
    n = 0
    for row in st.display[seat]:
        for cid in row:
            eff = TRIBE_CARDS[cid].effect
            if eff is not None and eff.id == eid and (param is None or eff.param == param):
                n += 1
    return n


def display_size(st: TargiState, seat: int) -> int:
    d = st.display[seat]
    return len(d[0]) + len(d[1]) + len(d[2])


def can_pay(res: list[int], cost: Cost) -> bool:
    return res[0] >= cost[0] and res[1] >= cost[1] and res[2] >= cost[2] and res[3] >= cost[3]


def has_discount(st: TargiState, seat: int) -> bool:
    return effect_count(st, seat, "P-DISCOUNT") > 0


def discount_options(res: list[int], cost: Cost) -> list[str]:
    """P-DISCOUNT choices that leave a payable cost: `omit X` per good kind, then `omit none`."""
    opts = []
    for k in range(3):
        if cost[k] > 0:
            reduced = list(cost)
            reduced[k] -= 1
            if can_pay(res, tuple(reduced)):  # type: ignore[arg-type]
                opts.append("omit " + GOODS_LETTERS[k])
    if can_pay(res, cost):
        opts.append("omit none")
    return opts


def payable_alternatives(st: TargiState, seat: int, cid: str) -> list[int]:
    res = st.res[seat]
    disc = has_discount(st, seat)
    out = []
    for i, cost in enumerate(TRIBE_CARDS[cid].costs):
        if can_pay(res, cost) or (disc and discount_options(res, cost)):
            out.append(i)
    return out


def can_play(st: TargiState, seat: int, cid: str) -> bool:
    return display_size(st, seat) < 12 and bool(payable_alternatives(st, seat, cid))


def free_rows(st: TargiState, seat: int) -> list[int]:
    return [i for i, row in enumerate(st.display[seat]) if len(row) < 4]


def legal_placements(st: TargiState, seat: int) -> list[int]:
    border = st.border
    other = 1 - seat
    return [
        n for n in PLACEABLE if n != st.robber and border[n] == NO and border[OPPOSITE[n]] != other
    ]


def intersections(figures: list[int]) -> list[int]:
    cols = {LINE[n][1] for n in figures if LINE[n][0] == "col"}
    rows = {LINE[n][1] for n in figures if LINE[n][0] == "row"}
    return sorted((r - 1) * 3 + (c - 1) for r in rows for c in cols)


def raid_options(res: list[int], k: int) -> list[str]:
    opts = []
    need = RAID_GOODS[k]
    if need:
        d, s, p = res[0], res[1], res[2]
        for a in range(min(d, need), -1, -1):
            for b in range(min(s, need - a), -1, -1):
                c = need - a - b
                if c <= p:
                    opts.append("pay " + "D" * a + "S" * b + "P" * c)
    if RAID_GOLD[k] and res[3] >= RAID_GOLD[k]:
        opts.append("pay " + "G" * RAID_GOLD[k])
    if res[4] >= RAID_VP[k]:
        opts.append("pay vp")
    return opts


def trader_options(res: list[int], bonus: bool) -> list[str]:
    opts = []
    for x in range(3):
        n = res[x]
        lx = GOODS_LETTERS[x]
        if n >= 2:
            for y in range(3):
                if y != x:
                    opts.append(f"trade {lx}{lx}>{GOODS_LETTERS[y]}")
            if bonus:
                opts.append(f"trade {lx}{lx}>G")
        if n >= 3:
            opts.append(f"trade {lx}{lx}{lx}>G")
    return opts


def silver_options(res: list[int]) -> list[str]:
    opts = []
    for x in range(3):
        lx = GOODS_LETTERS[x]
        if res[x] >= 2:
            opts.append(f"silver {lx * 2}")
        if res[x] >= 4:
            opts.append(f"silver {lx * 4}")
    if res[3] >= 1:
        opts.append("silver G")
    if res[3] >= 2:
        opts.append("silver GG")
    return opts


SILVER_VP = {2: 1, 4: 3}
SILVER_GOLD_VP = {1: 2, 2: 4}


def fata_options(st: TargiState, seat: int) -> list[str]:
    opts = []
    cells, face_up, marker_at = st.cells, st.face_up, st.marker_at
    for m in sorted(st.markers[seat]):
        for i in range(9):
            if i != m and cells[i] is not None and face_up[i] and marker_at[i] == NO:
                opts.append(f"fata {CELLS[m]}>{CELLS[i]}")
    return opts


GOODS2_OPTIONS = ("take DD", "take SS", "take PP", "take DS", "take DP", "take SP")
GOODS1_OPTIONS = ("take D", "take S", "take P")


def letters_text(letters: str) -> str:
    counts = [0, 0, 0, 0]
    for ch in letters:
        counts[LETTER[ch]] += 1
    return amounts_text(counts)


# ---- decisions ----------------------------------------------------------------------------


def decide(st: TargiState) -> Decision | None:
    phase = st.phase
    if phase == "actions":
        return _decide_actions(st)
    if phase == "placement":
        seat = st.start if st.placements % 2 == 0 else 1 - st.start
        opts = tuple(f"place {n}" for n in legal_placements(st, seat))
        k = st.placements // 2 + 1
        return Decision(
            seat, "place_targi", f"{label(seat)}, place your Targi figure {k} of 3.", opts
        )
    if phase == "raid":
        seat = st.raid_queue[0]
        k = st.raid
        a = f"{RAID_GOODS[k]} goods" if RAID_GOODS[k] else f"{RAID_GOLD[k]} gold"
        prompt = f"{label(seat)}, raid {k}: give {a} or {RAID_VP[k]} VP."
        return Decision(seat, "raid_payment", prompt, st.raid_opts[seat])
    if phase == "limit":
        seat = st.limit_queue[0]
        r = st.res[seat]
        total = r[0] + r[1] + r[2]
        opts = tuple("return " + GOODS_LETTERS[k] for k in range(3) if r[k] > 0)
        prompt = f"{label(seat)}, you hold {total} goods; return 1 (10 may be kept)."
        return Decision(seat, "limit_return", prompt, opts)
    return None


def _decide_actions(st: TargiState) -> Decision:
    seat = st.acting
    who = label(seat)
    pend = st.pending
    if pend is None:
        figs = sorted(st.figures[seat])
        marks = sorted(st.markers[seat])
        uses = [f"use {n}" for n in figs] + [f"use {CELLS[i]}" for i in marks]
        skips = [f"skip {n}" for n in figs] + [f"skip {CELLS[i]}" for i in marks]
        return Decision(
            seat,
            "action_menu",
            f"{who}, choose your next action or end your action phase.",
            (*uses, *skips, "end"),
        )
    kind = pend[0]
    if kind == "tribe":
        cid, src = pend[1], pend[2]
        opts = []
        if can_play(st, seat, cid):
            opts.append("play")
        if st.hand[seat] is None:
            opts.append("hand")
        opts.append("discard")
        if src != "expansion":
            opts.append("leave")
        t = TRIBE_CARDS[cid]
        prompt = f"{who}, resolve {card_name(cid)} (cost {t.cost_text}, {t.vp} VP)."
        return Decision(seat, "tribe_card", prompt, tuple(opts))
    if kind == "noble":
        cid = pend[1]
        opts = (["play"] if can_play(st, seat, cid) else []) + ["discard", "keep"]
        prompt = f"{who}, play, discard or keep {card_name(cid)} from your hand."
        return Decision(seat, "noble", prompt, tuple(opts))
    if kind == "alt":
        cid = pend[1]
        opts = [f"alt {i + 1}" for i in payable_alternatives(st, seat, cid)]
        prompt = f"{who}, choose which cost of {card_name(cid)} to pay."
        return Decision(seat, "cost_alternative", prompt, tuple(opts))
    if kind == "discount":
        cid, alt = pend[1], pend[3]
        opts = discount_options(st.res[seat], TRIBE_CARDS[cid].costs[alt])
        prompt = f"{who}, choose a good to leave out of the cost of {card_name(cid)}."
        return Decision(seat, "discount", prompt, tuple(opts))
    if kind == "row":
        cid = pend[1]
        opts = [f"row {r + 1}" for r in free_rows(st, seat)]
        prompt = f"{who}, choose the display row for {card_name(cid)}."
        return Decision(seat, "display_row", prompt, tuple(opts))
    if kind == "goods_choice":
        n = pend[1]
        if n == 1:
            return Decision(seat, "goods_choice", f"{who}, choose 1 good.", GOODS1_OPTIONS)
        return Decision(seat, "goods_choice", f"{who}, choose 2 goods.", GOODS2_OPTIONS)
    if kind == "trader":
        opts = trader_options(st.res[seat], effect_count(st, seat, "P-TRADER") > 0)
        prompt = f"{who}, make an exchange at the Trader or finish."
        return Decision(seat, "trader", prompt, ("done", *opts))
    if kind == "silver":
        opts = silver_options(st.res[seat])
        prompt = f"{who}, choose one Silversmith exchange."
        return Decision(seat, "silversmith", prompt, (*opts, "silver none"))
    if kind == "fata":
        opts = fata_options(st, seat)
        prompt = f"{who}, move one of your tribe markers with Fata Morgana."
        return Decision(seat, "fata_morgana", prompt, (*opts, "fata none"))
    if kind == "reveal":
        cards = pend[2]
        prompt = f"{who}, choose which revealed card to take."
        return Decision(seat, "reveal_choice", prompt, tuple(f"choose {c}" for c in cards))
    raise AssertionError(f"unknown pending {kind}")


# ---- transitions --------------------------------------------------------------------------


def draw(st: TargiState, ctx: Ctx, kind: str) -> str | None:
    """Top card of a deck, reshuffling its discard pile first if the deck is empty (section 10)."""
    deck = st.goods_deck if kind == "goods" else st.tribe_deck
    ctx.revealed = True
    if not deck:
        discard = st.goods_discard if kind == "goods" else st.tribe_discard
        if not discard:
            return None
        deck.extend(discard)
        discard.clear()
        st.rng = R.shuffle(st.rng, deck)
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
            ctx.say(f"{label(seat)} has no intersection and placed no tribe marker.", seat)


def return_pieces(st: TargiState, seat: int) -> None:
    for n in st.figures[seat]:
        st.border[n] = NO
    for i in st.markers[seat]:
        st.marker_at[i] = NO
    st.figures[seat] = []
    st.markers[seat] = []


def after_action(st: TargiState, ctx: Ctx) -> None:
    st.pending = None
    st.revealed = []
    seat = st.acting
    if not st.figures[seat] and not st.markers[seat]:
        end_action_phase(st, ctx)


def end_action_phase(st: TargiState, ctx: Ctx) -> None:
    return_pieces(st, st.acting)
    st.pending = None
    if st.acting == st.start:
        st.acting = 1 - st.start
        ctx.say(f"{label(st.acting)} now takes their actions.")
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
                turned.append(f"{CELLS[i]} {card_name(st.cells[i])}")  # type: ignore[arg-type]
        if turned:
            ctx.revealed = True
            ctx.say("Turned face up: " + ", ".join(turned) + ".")
        for i in range(9):
            if st.cells[i] is None and st.awaits[i] is not None:
                cid = draw(st, ctx, st.awaits[i])  # type: ignore[arg-type]
                if cid is not None:
                    st.cells[i], st.face_up[i], st.awaits[i] = cid, True, None
                    ctx.say(f"{CELLS[i]} was refilled with {card_name(cid)}.")
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
        finish(st, ctx, "A player placed a 12th tribe card.")
        return
    st.start = 1 - st.start
    ctx.say(f"{label(st.start)} takes the starting-player token.")
    begin_round(st, ctx)


def begin_round(st: TargiState, ctx: Ctx) -> None:
    st.round += 1
    st.robber += 1
    if st.robber in CORNERS:
        k = RAID_OF_CORNER[st.robber]
        ctx.say(f"Round {st.round}: the robber reached {border_name(st.robber)}.")
        start_raid(st, ctx, k)
        return
    ctx.say(f"Round {st.round} began; the robber moved to {border_name(st.robber)}.")
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


def finish_raid(st: TargiState, ctx: Ctx) -> None:
    k = st.raid
    for seat in (st.start, 1 - st.start):
        pay = st.raid_pay[seat]
        who = label(seat)
        if pay == "protected":
            ctx.say(f"Raid {k}: {who} is protected and gave nothing.", seat)
        elif pay == "fail":
            ctx.say(
                f"Raid {k}: {who} could not pay; {label(1 - seat)} gained {RAID_VP[k]} VP.", seat
            )
        elif pay == "pay vp":
            st.res[seat][4] -= RAID_VP[k]
            ctx.say(f"Raid {k}: {who} paid {RAID_VP[k]} VP.", seat)
        else:
            assert pay is not None
            for ch in pay[4:]:
                st.res[seat][LETTER[ch]] -= 1
            ctx.say(f"Raid {k}: {who} paid {letters_text(pay[4:])}.", seat)
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
    st.pending = None
    scores = [sum(score_breakdown(st, s).values()) for s in (0, 1)]
    ctx.say(f"{reason} Final score: Blue {scores[0]}, White {scores[1]}.")


# ---- action handlers ----------------------------------------------------------------------


def on_place(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    n = int(action[6:])
    st.border[n] = seat
    st.figures[seat].append(n)
    st.placements += 1
    ctx.say(f"{label(seat)} placed a Targi on {border_name(n)}.", seat)
    if st.placements == 6:
        place_markers(st, ctx)
        st.phase = "actions"
        st.acting = st.start
        st.pending = None


def on_menu(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    if action == "end":
        ctx.say(f"{label(seat)} ended their action phase.", seat)
        end_action_phase(st, ctx)
        return
    verb, target = action.split(" ")
    if target[0] == "C":
        i = CELLS.index(target)
        st.markers[seat].remove(i)
        st.marker_at[i] = NO
        if verb == "skip":
            ctx.say(f"{label(seat)} skipped {target}.", seat)
            after_action(st, ctx)
        else:
            use_cell(st, ctx, seat, i)
        return
    n = int(target)
    st.figures[seat].remove(n)
    st.border[n] = NO
    if verb == "skip":
        ctx.say(f"{label(seat)} skipped {border_name(n)}.", seat)
        after_action(st, ctx)
    else:
        use_border(st, ctx, seat, n)


def use_border(st: TargiState, ctx: Ctx, seat: int, n: int) -> None:
    card = BORDER[n]
    who = label(seat)
    if card.good is not None:
        k = card.good
        extra = effect_count(st, seat, "P-BORDER", GOODS_LETTERS[k])
        st.res[seat][k] += 1 + extra
        bonus = f" (+{extra} from a card effect)" if extra else ""
        ctx.say(f"{who} used {border_name(n)} and took 1 {RES_NAMES[k]}{bonus}.", seat)
        after_action(st, ctx)
        return
    if n == 1:
        cid = st.hand[seat]
        since = st.hand_since[seat]
        if cid is None or since is None or since >= st.round:
            ctx.say(f"{who} used #1 Noble with no eligible hand card; nothing happened.", seat)
            after_action(st, ctx)
            return
        ctx.say(f"{who} used #1 Noble.", seat)
        st.pending = ("noble", cid)
        return
    if n == 5:
        if not trader_options(st.res[seat], effect_count(st, seat, "P-TRADER") > 0):
            ctx.say(f"{who} used #5 Trader with nothing to exchange.", seat)
            after_action(st, ctx)
            return
        ctx.say(f"{who} used #5 Trader.", seat)
        st.pending = ("trader",)
        return
    if n == 9:
        if not fata_options(st, seat):
            ctx.say(f"{who} used #9 Fata Morgana with no marker to move.", seat)
            after_action(st, ctx)
            return
        ctx.say(f"{who} used #9 Fata Morgana.", seat)
        st.pending = ("fata",)
        return
    if n == 10:
        if not silver_options(st.res[seat]):
            ctx.say(f"{who} used #10 Silversmith with nothing to exchange.", seat)
            after_action(st, ctx)
            return
        ctx.say(f"{who} used #10 Silversmith.", seat)
        st.pending = ("silver",)
        return
    if n == 13:
        use_caravan(st, ctx, seat)
        return
    if n == 14:
        use_expansion(st, ctx, seat)
        return
    raise AssertionError(f"border card {n} has no action")


def use_caravan(st: TargiState, ctx: Ctx, seat: int) -> None:
    who = label(seat)
    first = draw(st, ctx, "goods")
    if first is None:
        ctx.say(f"{who} used #13 Caravan, but no goods card was left.", seat)
        after_action(st, ctx)
        return
    if effect_count(st, seat, "P-CARAVAN"):
        st.revealed = [first]
        second = draw(st, ctx, "goods")
        if second is not None:
            st.revealed = [first, second]
            st.pending = ("reveal", "goods", (first, second))
            ctx.say(f"{who} used #13 Caravan and revealed {first} and {second}.", seat)
            return
    ctx.say(f"{who} used #13 Caravan and revealed {first}.", seat)
    take_goods_card(st, ctx, seat, first)


def use_expansion(st: TargiState, ctx: Ctx, seat: int) -> None:
    who = label(seat)
    first = draw(st, ctx, "tribe")
    if first is None:
        ctx.say(f"{who} used #14 Tribal Expansion, but no tribe card was left.", seat)
        after_action(st, ctx)
        return
    if effect_count(st, seat, "P-EXPANSION"):
        st.revealed = [first]
        second = draw(st, ctx, "tribe")
        if second is not None:
            st.revealed = [first, second]
            st.pending = ("reveal", "tribe", (first, second))
            ctx.say(
                f"{who} used #14 Tribal Expansion and revealed {card_name(first)} "
                f"and {card_name(second)}.",
                seat,
            )
            return
    ctx.say(f"{who} used #14 Tribal Expansion and revealed {card_name(first)}.", seat)
    offer_drawn_tribe(st, ctx, seat, first)


def offer_drawn_tribe(st: TargiState, ctx: Ctx, seat: int, cid: str) -> None:
    if not can_play(st, seat, cid) and st.hand[seat] is not None:
        st.tribe_discard.append(cid)
        ctx.say(f"{label(seat)} could neither play nor hold {card_name(cid)} and discarded it.")
        after_action(st, ctx)
        return
    st.revealed = [cid]
    st.pending = ("tribe", cid, "expansion", NO)


def take_goods_card(st: TargiState, ctx: Ctx, seat: int, cid: str) -> None:
    card = GOODS_CARDS[cid]
    if card.choice:
        st.revealed = [cid]
        st.pending = ("goods_choice", 1, cid)
        return
    r = st.res[seat]
    for k in range(4):
        r[k] += card.gives[k]
    r[4] += card.vp
    st.goods_discard.append(cid)
    got = f"{card.vp} VP" if card.vp else amounts_text(card.gives)
    ctx.say(f"{label(seat)} took {got}.", seat)
    after_action(st, ctx)


def use_cell(st: TargiState, ctx: Ctx, seat: int, i: int) -> None:
    cid = st.cells[i]
    who = label(seat)
    if cid is None:
        ctx.say(f"{who}'s marker on {CELLS[i]} had no card to use.", seat)
        after_action(st, ctx)
        return
    if cid in GOODS_CARDS:
        refill(st, ctx, i, "tribe")
        ctx.say(f"{who} used {CELLS[i]} ({cid}); a face-down tribe card replaced it.", seat)
        take_goods_card(st, ctx, seat, cid)
        return
    st.pending = ("tribe", cid, CELLS[i], i)


def refill(st: TargiState, ctx: Ctx, i: int, kind: str) -> None:
    new = draw(st, ctx, kind)
    st.cells[i] = new
    st.face_up[i] = False
    st.awaits[i] = kind if new is None else None


def on_tribe(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    assert st.pending is not None
    _, cid, src, cell = st.pending
    who = label(seat)
    name = card_name(cid)
    if action == "leave":
        ctx.say(f"{who} left {name} on {src}.", seat)
        after_action(st, ctx)
        return
    where = "at Tribal Expansion" if src == "expansion" else f"from {src}"
    if cell != NO:
        refill(st, ctx, cell, "goods")
        where += " (a face-down goods card replaced it)"
    if action == "hand":
        st.hand[seat] = cid
        st.hand_since[seat] = st.round
        ctx.say(f"{who} took {name} into hand {where}.", seat)
        after_action(st, ctx)
    elif action == "discard":
        st.tribe_discard.append(cid)
        ctx.say(f"{who} discarded {name} {where}.", seat)
        after_action(st, ctx)
    else:
        ctx.say(f"{who} chose to play {name} {where}.", seat)
        start_play(st, ctx, seat, cid, src)


def on_noble(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    assert st.pending is not None
    cid = st.pending[1]
    who = label(seat)
    if action == "keep":
        ctx.say(f"{who} kept {card_name(cid)} in hand.", seat)
        after_action(st, ctx)
        return
    st.hand[seat] = None
    st.hand_since[seat] = None
    if action == "discard":
        st.tribe_discard.append(cid)
        ctx.say(f"{who} discarded {card_name(cid)} from hand.", seat)
        after_action(st, ctx)
        return
    start_play(st, ctx, seat, cid, "hand")


def start_play(st: TargiState, ctx: Ctx, seat: int, cid: str, src: str) -> None:
    st.revealed = [cid]
    alts = payable_alternatives(st, seat, cid)
    if len(alts) > 1:
        st.pending = ("alt", cid, src)
        return
    choose_alt(st, ctx, seat, cid, src, alts[0])


def choose_alt(st: TargiState, ctx: Ctx, seat: int, cid: str, src: str, alt: int) -> None:
    cost = TRIBE_CARDS[cid].costs[alt]
    if has_discount(st, seat):
        opts = discount_options(st.res[seat], cost)
        if len(opts) > 1:
            st.pending = ("discount", cid, src, alt)
            return
        cost = omit(cost, opts[0])
    choose_cost(st, ctx, seat, cid, src, cost)


def omit(cost: Cost, action: str) -> Cost:
    letter = action[5:]
    if letter == "none":
        return cost
    c = list(cost)
    c[LETTER[letter]] -= 1
    return (c[0], c[1], c[2], c[3])


def choose_cost(st: TargiState, ctx: Ctx, seat: int, cid: str, src: str, cost: Cost) -> None:
    rows = free_rows(st, seat)
    if len(rows) > 1:
        st.pending = ("row", cid, src, cost)
        return
    place_card(st, ctx, seat, cid, rows[0], cost)


def place_card(st: TargiState, ctx: Ctx, seat: int, cid: str, row: int, cost: Cost) -> None:
    r = st.res[seat]
    for k in range(4):
        r[k] -= cost[k]
    st.display[seat][row].append(cid)
    st.revealed = []
    who = label(seat)
    ctx.say(f"{who} played {card_name(cid)} into row {row + 1}, paying {cost_text(cost)}.", seat)
    if display_size(st, seat) == 12 and not st.end_triggered:
        st.end_triggered = True
        ctx.say(f"{who} placed a 12th tribe card: the game ends after this action phase.", seat)
    eff = TRIBE_CARDS[cid].effect
    if eff is not None and eff.kind == "immediate":
        if eff.id == "I-GOODS2":
            st.pending = ("goods_choice", 2, None)
            return
        if eff.id == "I-GOLD":
            r[G] += 1
            ctx.say(f"{card_name(cid)} gave {who} 1 gold.", seat)
        elif eff.id == "I-SET":
            r[0] += 1
            r[1] += 1
            r[2] += 1
            ctx.say(f"{card_name(cid)} gave {who} 1 date, 1 salt and 1 pepper.", seat)
        elif eff.id == "I-VP2":
            r[4] += 2
            ctx.say(f"{card_name(cid)} gave {who} 2 VP.", seat)
    after_action(st, ctx)


def on_alt(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    assert st.pending is not None
    _, cid, src = st.pending
    choose_alt(st, ctx, seat, cid, src, int(action[4:]) - 1)


def on_discount(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    assert st.pending is not None
    _, cid, src, alt = st.pending
    choose_cost(st, ctx, seat, cid, src, omit(TRIBE_CARDS[cid].costs[alt], action))


def on_row(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    assert st.pending is not None
    _, cid, _src, cost = st.pending
    place_card(st, ctx, seat, cid, int(action[4:]) - 1, cost)


def on_goods_choice(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    assert st.pending is not None
    card = st.pending[2]
    letters = action[5:]
    for ch in letters:
        st.res[seat][LETTER[ch]] += 1
    if card is not None:
        st.goods_discard.append(card)
    ctx.say(f"{label(seat)} took {letters_text(letters)}.", seat)
    after_action(st, ctx)


def on_trader(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    if action == "done":
        ctx.say(f"{label(seat)} finished trading.", seat)
        after_action(st, ctx)
        return
    give, get = action[6:].split(">")
    r = st.res[seat]
    r[LETTER[give[0]]] -= len(give)
    r[LETTER[get]] += 1
    ctx.say(f"{label(seat)} traded {letters_text(give)} for {letters_text(get)}.", seat)
    if not trader_options(r, effect_count(st, seat, "P-TRADER") > 0):
        after_action(st, ctx)


def on_silver(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    who = label(seat)
    if action == "silver none":
        ctx.say(f"{who} made no Silversmith exchange.", seat)
        after_action(st, ctx)
        return
    give = action[7:]
    r = st.res[seat]
    n = len(give)
    if give[0] == "G":
        r[3] -= n
        vp = SILVER_GOLD_VP[n]
    else:
        r[LETTER[give[0]]] -= n
        vp = SILVER_VP[n]
    bonus = effect_count(st, seat, "P-SILVER")
    r[4] += vp + bonus
    extra = f" (+{bonus} VP from card effects)" if bonus else ""
    ctx.say(f"{who} exchanged {letters_text(give)} for {vp} VP{extra}.", seat)
    after_action(st, ctx)


def on_fata(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    who = label(seat)
    if action == "fata none":
        ctx.say(f"{who} moved no tribe marker.", seat)
        after_action(st, ctx)
        return
    a, b = action[5:].split(">")
    i, j = CELLS.index(a), CELLS.index(b)
    marks = st.markers[seat]
    marks[marks.index(i)] = j
    st.marker_at[i] = NO
    st.marker_at[j] = seat
    ctx.say(f"{who} moved a tribe marker from {a} to {b}.", seat)
    after_action(st, ctx)


def on_reveal(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    assert st.pending is not None
    _, kind, cards = st.pending
    chosen = action[7:]
    other = cards[1] if cards[0] == chosen else cards[0]
    if kind == "goods":
        st.goods_discard.append(other)
        ctx.say(f"{label(seat)} chose {chosen} and discarded {other}.", seat)
        take_goods_card(st, ctx, seat, chosen)
    else:
        st.tribe_discard.append(other)
        ctx.say(f"{label(seat)} chose {card_name(chosen)} and discarded {card_name(other)}.", seat)
        offer_drawn_tribe(st, ctx, seat, chosen)


def on_raid(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    st.raid_pay[seat] = action
    st.raid_queue.pop(0)
    if not st.raid_queue:
        finish_raid(st, ctx)


def on_limit(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    k = LETTER[action[7:]]
    st.res[seat][k] -= 1
    ctx.say(f"{label(seat)} returned 1 {RES_NAMES[k]} (only 10 goods may be kept).", seat)
    advance_limit(st, ctx)


HANDLERS: dict[str, Callable[[TargiState, Ctx, int, str], None]] = {
    "place_targi": on_place,
    "action_menu": on_menu,
    "tribe_card": on_tribe,
    "noble": on_noble,
    "cost_alternative": on_alt,
    "discount": on_discount,
    "display_row": on_row,
    "goods_choice": on_goods_choice,
    "trader": on_trader,
    "silversmith": on_silver,
    "fata_morgana": on_fata,
    "reveal_choice": on_reveal,
    "raid_payment": on_raid,
    "limit_return": on_limit,
}


# ---- scoring ------------------------------------------------------------------------------


def row_bonus(row: list[str]) -> int:
    if len(row) < 4:
        return 0
    symbols = {TRIBE_CARDS[c].symbol for c in row}
    if len(symbols) == 1:
        return 4
    if len(symbols) == 4:
        return 2
    return 0


def score_breakdown(st: TargiState, seat: int) -> dict[str, int]:
    display = st.display[seat]
    cards = [c for row in display for c in row]
    printed = sum(TRIBE_CARDS[c].vp for c in cards)
    symbols = [TRIBE_CARDS[c].symbol for c in cards]
    effects = 0
    for c in cards:
        eff = TRIBE_CARDS[c].effect
        if eff is None or eff.kind != "end":
            continue
        if eff.id == "E-TYPE":
            effects += symbols.count(eff.param or "")
        elif eff.id == "E-VARIETY":
            effects += 2 if all(s in symbols for s in SYMBOLS) else 0
        elif eff.id == "E-ROWS":
            effects += sum(1 for row in display if len(row) == 4)
        elif eff.id == "E-GOLD":
            effects += st.res[seat][G]
    return {
        "VP tokens": st.res[seat][4],
        "Tribe cards": printed,
        "Card effects": effects,
        "Row bonuses": sum(row_bonus(row) for row in display),
    }


# ---- the Game ------------------------------------------------------------------------------

_UNSET = object()


class Targi(Game[TargiState]):
    name = "targi"
    title = "Targi"
    min_players = 2
    max_players = 2
    schema_version = 1

    def seat_label(self, seat: int) -> str:
        return SEAT_LABELS[seat]

    def new_game(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> TargiState:
        if players != 2:
            raise ValueError("Targi is played by exactly 2 players.")
        return new_state(seed)

    def decision(self, state: TargiState) -> Decision | None:
        dec = state._dec
        if dec is None:
            dec = decide(state)
            state._dec = dec if dec is not None else _UNSET
            return dec
        return None if dec is _UNSET else dec

    def legal_actions(self, state: TargiState) -> list[str]:
        d = self.decision(state)
        return list(d.actions) if d is not None else []

    def _apply(self, state: TargiState, action: str) -> tuple[TargiState, list[Event], bool]:
        dec = self.decision(state)
        assert dec is not None
        st = state.copy()
        ctx = Ctx()
        HANDLERS[dec.kind](st, ctx, dec.seat, action)
        if ctx.events:
            st.log = (*st.log, *(e.text for e in ctx.events))[-8:]
        return st, ctx.events, ctx.revealed

    def normalize(self, text: str) -> str:
        return notation.normalize(text)

    def explain_illegal(self, state: TargiState, action: str) -> str:
        return notation.explain_illegal(state, self.decision(state), action)

    def describe(self, state: TargiState, action: str) -> str:
        return notation.describe(state, self.decision(state), action)

    def view(self, state: TargiState, seat: int | None) -> JSON:
        return views.view(state, self.decision(state), seat, self.outcome(state))

    def hidden_from(self, state: TargiState, seat: int | None) -> frozenset[str]:
        return views.hidden_ids(state)

    def outcome(self, state: TargiState) -> Outcome | None:
        if state.phase != "finished":
            return None
        breakdown = tuple(score_breakdown(state, s) for s in (0, 1))
        scores = tuple(sum(b.values()) for b in breakdown)
        gold = [state.res[s][3] for s in (0, 1)]
        goods = [sum(state.res[s][:3]) for s in (0, 1)]
        winners, tiebreak = ranked_winners(scores, [("gold", gold), ("goods", goods)])
        return Outcome(
            scores=scores,
            breakdown=breakdown,
            winners=winners,
            reason=state.reason,
            tiebreak=tiebreak,
            tiebreak_values=tuple({"gold": gold[s], "goods": goods[s]} for s in (0, 1)),
        )

    def provisional_scores(self, state: TargiState) -> tuple[int, ...]:
        return tuple(sum(score_breakdown(state, s).values()) for s in (0, 1))

    def to_json(self, state: TargiState) -> JSON:
        return {"game": self.name, "schema": self.schema_version, "state": state.to_dict()}

    def _from_json(self, data: JSON) -> TargiState:
        return TargiState.from_dict(data["state"])

    def text(self, state: TargiState, seat: int | None) -> str:
        return views.text(state, self.decision(state), seat, self.outcome(state))
