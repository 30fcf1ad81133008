"""Targi decisions: what may be done now, computed from the state (spec 8.1-8.4, 9, 15.4).

Also the small queries the transitions share: affordability, legal placements, and the option
lists of the Trader, Silversmith, Fata Morgana and raids.
"""

from __future__ import annotations

from games.core.contract import Decision
from games.targi.engine.data import (
    BORDER,
    CELLS,
    GOODS_LETTERS,
    LINE,
    OPPOSITE,
    PLACEABLE,
    RAID_GOLD,
    RAID_GOODS,
    RAID_VP,
    SEAT_LABELS,
    TRIBE_CARDS,
    amounts_text,
    card_name,
)
from games.targi.engine.state import NO, TargiState

LETTER = {"D": 0, "S": 1, "P": 2, "G": 3}
Cost = tuple[int, int, int, int]


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


_PLACE = {n: f"place {n}" for n in range(1, 17)}
_USE = {n: f"use {n}" for n in range(1, 17)}
_SKIP = {n: f"skip {n}" for n in range(1, 17)}
_USE_CELL = [f"use {c}" for c in CELLS]
_SKIP_CELL = [f"skip {c}" for c in CELLS]


def decide(st: TargiState) -> Decision | None:
    phase = st.phase
    if phase == "actions":
        return _decide_actions(st)
    if phase == "placement":
        seat = st.start if st.placements % 2 == 0 else 1 - st.start
        opts = tuple([_PLACE[n] for n in legal_placements(st, seat)])
        k = st.placements // 2 + 1
        return Decision(
            seat, "place_targi", f"{label(seat)}, place your Targi figure {k} of 3.", opts
        )
    if phase == "raid":
        seat = st.raid_queue[0]
        k = st.raid
        goods = "good" if RAID_GOODS[k] == 1 else "goods"
        a = f"{RAID_GOODS[k]} {goods}" if RAID_GOODS[k] else f"{RAID_GOLD[k]} gold"
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
    q = st.stack.top
    if q is None:
        figs = sorted(st.figures[seat])
        marks = sorted(st.markers[seat])
        uses = [_USE[n] for n in figs] + [_USE_CELL[i] for i in marks]
        skips = [_SKIP[n] for n in figs] + [_SKIP_CELL[i] for i in marks]
        return Decision(
            seat,
            "action_menu",
            f"{who}, choose your next action or end your action phase.",
            (*uses, *skips, "end"),
        )
    kind = q.kind
    if kind == "tribe_card":
        cid = q["card"]
        opts = []
        if can_play(st, seat, cid):
            opts.append("play")
        if st.hand[seat] is None:
            opts.append("hand")
        opts.append("discard")
        if q["cell"] is not None:
            opts.append("leave")
        t = TRIBE_CARDS[cid]
        prompt = f"{who}, resolve {card_name(cid)} (cost {t.cost_text}, {t.vp} VP)."
        return Decision(seat, kind, prompt, tuple(opts))
    if kind == "noble":
        cid = q["card"]
        opts = (["play"] if can_play(st, seat, cid) else []) + ["discard", "keep"]
        prompt = f"{who}, play, discard or keep {card_name(cid)} from your hand."
        return Decision(seat, kind, prompt, tuple(opts))
    if kind == "cost_alternative":
        cid = q["card"]
        opts = [f"alt {i + 1}" for i in payable_alternatives(st, seat, cid)]
        prompt = f"{who}, choose which cost of {card_name(cid)} to pay."
        return Decision(seat, kind, prompt, tuple(opts))
    if kind == "discount":
        cid = q["card"]
        opts = discount_options(st.res[seat], TRIBE_CARDS[cid].costs[q["alt"]])
        prompt = f"{who}, choose a good to leave out of the cost of {card_name(cid)}."
        return Decision(seat, kind, prompt, tuple(opts))
    if kind == "display_row":
        cid = q["card"]
        opts = [f"row {r + 1}" for r in free_rows(st, seat)]
        prompt = f"{who}, choose the display row for {card_name(cid)}."
        return Decision(seat, kind, prompt, tuple(opts))
    if kind == "goods_choice":
        if q["count"] == 1:
            return Decision(seat, kind, f"{who}, choose 1 good.", GOODS1_OPTIONS)
        return Decision(seat, kind, f"{who}, choose 2 goods.", GOODS2_OPTIONS)
    if kind == "trader":
        opts = trader_options(st.res[seat], effect_count(st, seat, "P-TRADER") > 0)
        prompt = f"{who}, make an exchange at the Trader or finish."
        return Decision(seat, kind, prompt, ("done", *opts))
    if kind == "silversmith":
        opts = silver_options(st.res[seat])
        prompt = f"{who}, choose one Silversmith exchange."
        return Decision(seat, kind, prompt, (*opts, "silver none"))
    if kind == "fata_morgana":
        opts = fata_options(st, seat)
        prompt = f"{who}, move one of your tribe markers with Fata Morgana."
        return Decision(seat, kind, prompt, (*opts, "fata none"))
    if kind == "reveal_choice":
        prompt = f"{who}, choose which revealed card to take."
        return Decision(seat, kind, prompt, tuple(f"choose {c}" for c in q["cards"]))
    raise AssertionError(f"unknown question {kind}")
