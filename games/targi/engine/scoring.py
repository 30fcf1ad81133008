"""Targi final scoring (spec 12): VP tokens, printed VP, end-of-game effects, row bonuses."""

from __future__ import annotations

from games.targi.engine.data import SYMBOLS, TRIBE_CARDS, G
from games.targi.engine.state import TargiState


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
