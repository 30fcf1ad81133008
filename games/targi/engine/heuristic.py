"""A cheap estimate of a Targi position for one seat, in victory points.

Points already scored count in full; everything else is what it should turn into before the
game ends. The weights are rough exchange rates taken from the rules themselves, not tuned
constants: the Silversmith pays 1 VP for 2 goods of a kind and 2 VP for 1 gold, so a good is
worth about half a point and a gold about two (a little less, so that converting is a gain).
"""

from __future__ import annotations

from games.targi.engine.data import BORDER, GOODS_CARDS, TRIBE_CARDS, G
from games.targi.engine.decisions import effect_count, intersections
from games.targi.engine.scoring import score_breakdown
from games.targi.engine.state import TargiState

GOOD = 0.5  # one date, salt or pepper: half a Silversmith VP
GOLD = 1.8  # one gold: a Silversmith pays 2 VP; slightly less so that cashing in is a gain
GOODS_KEPT = 10  # goods beyond the carry-over limit are lost at the end of the round
GOLD_KEPT = 3  # likewise for gold
HAND_BASE = 0.5  # a hand card: a later Noble may play it for its printed VP, less its cost
HAND_PER_VP = 0.3
ROW_SAME = 4  # row bonus for four cards of one symbol
ROW_MIXED = 2  # row bonus for four different symbols
ROW_HOPE = 0.4  # share of a row bonus credited per card while the row is still open
TRIBE_TAKE = 0.7  # a tribe card under a marker: share of (VP - cost) we expect to realise
FACE_DOWN = 0.8  # a face-down central card: roughly an average goods card
# One figure on a border card, before its action is taken (goods cards add their good).
BORDER_ACTION = {1: 0.0, 5: 0.3, 9: 0.4, 10: 0.6, 13: 0.8, 14: 1.0}


def evaluate(st: TargiState, seat: int) -> float:
    value = float(sum(score_breakdown(st, seat).values()))
    if st.phase == "finished":
        return value
    late = _resource_weight(st)
    res = st.res[seat]
    value += late * _resources(res)
    value += late * _hand(st, seat)
    value += _open_rows(st, seat)
    if st.phase == "placement":
        value += late * _pending(st, seat, st.figures[seat], intersections(st.figures[seat]))
    elif st.phase == "actions":
        value += late * _pending(st, seat, st.figures[seat], st.markers[seat])
    return value


def _resource_weight(st: TargiState) -> float:
    """Goods turn into points only through later actions; fewer remain near the end."""
    if st.end_triggered:
        return 0.3
    return {11: 0.8, 12: 0.5, 13: 0.3}.get(st.round, 1.0)


def _resources(res: list[int]) -> float:
    goods = min(res[0] + res[1] + res[2], GOODS_KEPT)
    return GOOD * goods + GOLD * min(res[G], GOLD_KEPT + 1)


def _card_gain(cid: str, res: list[int] | None) -> float:
    """What playing tribe card ``cid`` is worth beyond its cost (0 if it cannot be paid)."""
    card = TRIBE_CARDS[cid]
    best = 0.0
    for cost in card.costs:
        if res is not None and any(res[k] < cost[k] for k in range(4)):
            continue
        price = GOOD * (cost[0] + cost[1] + cost[2]) + GOLD * cost[3]
        best = max(best, card.vp + 1.0 - price)  # +1: effect and row progress, roughly
    return best


def _hand(st: TargiState, seat: int) -> float:
    cid = st.hand[seat]
    if cid is None:
        return 0.0
    return HAND_BASE + HAND_PER_VP * TRIBE_CARDS[cid].vp


def _open_rows(st: TargiState, seat: int) -> float:
    total = 0.0
    for row in st.display[seat]:
        if not row or len(row) == 4:
            continue
        symbols = {TRIBE_CARDS[c].symbol for c in row}
        if len(symbols) == 1:
            total += ROW_HOPE * ROW_SAME * len(row) / 4
        elif len(symbols) == len(row):
            total += ROW_HOPE * ROW_MIXED * len(row) / 4
    return total


def _pending(st: TargiState, seat: int, figures: list[int], cells: list[int]) -> float:
    """Figures and markers not yet used: the action each still promises."""
    total = 0.0
    res = st.res[seat]
    for n in figures:
        card = BORDER[n]
        if card.good is not None:
            extra = effect_count(st, seat, "P-BORDER", "DSP"[card.good])
            total += GOOD * (1 + extra)
        elif n == 1:
            cid = st.hand[seat]
            since = st.hand_since[seat]
            if cid is not None and since is not None and since < st.round:
                total += TRIBE_TAKE * _card_gain(cid, res)
        else:
            total += BORDER_ACTION.get(n, 0.0)
    for i in cells:
        cid = st.cells[i]
        if cid is None:
            continue
        if not st.face_up[i]:
            total += FACE_DOWN
        elif cid in GOODS_CARDS:
            goods = GOODS_CARDS[cid]
            gives = goods.gives
            total += GOOD * (gives[0] + gives[1] + gives[2] + goods.choice) + GOLD * gives[3]
            total += goods.vp
        else:
            total += TRIBE_TAKE * _card_gain(cid, res) + 0.2
    return total
