"""What each seat sees of a Targi state: the JSON view, hidden ids, and the text board."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core.contract import JSON, Decision, Option, Outcome
from games.core.views import decision_json, outcome_json
from games.targi.engine import notation, targets
from games.targi.engine.data import (
    BORDER,
    CELLS,
    GOODS_CARDS,
    LAST_ROUND,
    SEAT_LABELS,
    TRIBE_CARDS,
    goods_text,
)
from games.targi.engine.scoring import score_breakdown
from games.targi.engine.state import NO, TargiState


@cache
def _card(cid: str) -> tuple[tuple[str, Any], ...]:
    if cid in GOODS_CARDS:
        g = GOODS_CARDS[cid]
        return (
            ("id", cid),
            ("type", "goods"),
            ("gives", goods_text(g)),
            ("goods", (*g.gives, g.vp)),
            ("choice", g.choice),
        )
    t = TRIBE_CARDS[cid]
    eff = t.effect
    return (
        ("id", cid),
        ("type", "tribe"),
        ("symbol", t.symbol),
        ("cost", t.cost_text),
        ("costs", t.costs),
        ("vp", t.vp),
        ("effect", eff.id if eff else None),
        ("effect_kind", eff.kind if eff else None),
        ("effect_text", eff.text if eff else None),
        ("stand_in", bool(eff and eff.stand_in)),
    )


def card_json(cid: str) -> dict[str, Any]:
    """A face-up card; ``costs`` (a tribe card's cost alternatives) and ``goods`` (what a goods
    card gives; ``choice`` when it is one good of the user's choice) are amounts by name, so a
    renderer need not read the printed ``cost`` and ``gives``."""
    card = dict(_card(cid))
    if "costs" in card:
        card["costs"] = [targets.amounts(c) for c in card["costs"]]
    if "goods" in card:
        card["goods"] = targets.amounts(card["goods"])
    return card


def hidden_ids(st: TargiState) -> frozenset[str]:
    """Deck contents and face-down centre cards: hidden from both seats alike (spec 15.2)."""
    face_down = [c for c, up in zip(st.cells, st.face_up, strict=True) if c is not None and not up]
    return frozenset((*st.goods_deck, *st.tribe_deck, *face_down))


def _phase(st: TargiState) -> str:
    return st.phase


def view(st: TargiState, dec: Decision | None, seat: int | None, outcome: Outcome | None) -> JSON:
    hidden = hidden_ids(st)
    border = [
        {
            "number": n,
            "name": BORDER[n].name,
            "kind": BORDER[n].kind,
            "text": BORDER[n].text,
            "occupant": None if st.border[n] == NO else st.border[n],
            "robber": st.robber == n,
        }
        for n in range(1, 17)
    ]
    centre = []
    for i, cell in enumerate(CELLS):
        cid = st.cells[i]
        up = cid is not None and st.face_up[i]
        if cid is None:
            back = st.awaits[i]
        elif not up:
            back = "goods" if cid in GOODS_CARDS else "tribe"
        else:
            back = None
        centre.append(
            {
                "cell": cell,
                "row": i // 3 + 1,
                "col": i % 3 + 1,
                "face_up": up,
                "back": back,
                "card": card_json(cid) if up and cid is not None else None,
                "marker": None if st.marker_at[i] == NO else st.marker_at[i],
            }
        )
    finished = outcome is not None
    scores = outcome.scores if outcome is not None else _provisional(st)
    players = []
    for s in (0, 1):
        r = st.res[s]
        hand = st.hand[s]
        players.append(
            {
                "seat": s,
                "label": SEAT_LABELS[s],
                "dates": r[0],
                "salt": r[1],
                "pepper": r[2],
                "gold": r[3],
                "vp_tokens": r[4],
                "score": scores[s],
                "display": [[card_json(c) for c in row] for row in st.display[s]],
                "hand": card_json(hand) if hand is not None else None,
                "hand_since_round": st.hand_since[s],
                "figures_placed": sorted(st.figures[s]),
                "markers": [CELLS[i] for i in sorted(st.markers[s])],
                "raid_protected": _protected(st, s),
            }
        )
    log = [line for line in st.log if not any(h in line for h in hidden)]
    return {
        "game": "targi",
        "viewer": seat,
        "round": st.round,
        "phase": st.phase,
        "start_player": st.start,
        "robber": st.robber,
        "active_seat": dec.seat if dec is not None else None,
        "border": border,
        "centre": centre,
        "goods_deck": len(st.goods_deck),
        "tribe_deck": len(st.tribe_deck),
        "goods_discard": [card_json(c) for c in st.goods_discard],
        "tribe_discard": [card_json(c) for c in st.tribe_discard],
        "revealed": [card_json(c) for c in st.revealed],
        "players": players,
        "decision": decision_json(dec, seat, options(st, dec, seat)),
        "log": log,
        "outcome": outcome_json(outcome) if finished else None,
    }


def options(st: TargiState, dec: Decision | None, seat: int | None) -> tuple[Option, ...]:
    """``Game.options`` for the deciding seat's view; nobody else is shown any."""
    if dec is None or seat != dec.seat:
        return ()
    return tuple(
        Option(a, notation.describe(st, dec, a), targets.targets(st, dec, a)) for a in dec.actions
    )


def _protected(st: TargiState, seat: int) -> bool:
    for row in st.display[seat]:
        for c in row:
            eff = TRIBE_CARDS[c].effect
            if eff is not None and eff.id == "P-RAID":
                return True
    return False


def _provisional(st: TargiState) -> tuple[int, int]:
    a, b = (sum(score_breakdown(st, s).values()) for s in (0, 1))
    return a, b


# ---- text board ---------------------------------------------------------------------------


# Border card number -> (row, col) on the 5×5 table: clockwise from the top-left corner (#16).
_BORDER_AT = {
    1: (0, 1), 2: (0, 2), 3: (0, 3), 4: (0, 4), 5: (1, 4), 6: (2, 4), 7: (3, 4), 8: (4, 4),
    9: (4, 3), 10: (4, 2), 11: (4, 1), 12: (4, 0), 13: (3, 0), 14: (2, 0), 15: (1, 0),
    16: (0, 0),
}  # fmt: skip

def _border_text(st: TargiState, n: int) -> tuple[str, str]:
    card = BORDER[n]
    if st.border[n] != NO:
        below = f"Targi: {SEAT_LABELS[st.border[n]]}"
    elif st.robber == n:
        below = "robber"
    else:
        below = ""
    return f"#{n} {card.name}", below


def _cell_text(st: TargiState, i: int) -> tuple[str, str]:
    cid = st.cells[i]
    m = st.marker_at[i]
    mark = f" <{SEAT_LABELS[m][0]}>" if m != NO else ""
    if cid is None:
        return f"{CELLS[i]}{mark}", "(empty)"
    if not st.face_up[i]:
        return f"{CELLS[i]}{mark}", "[goods]" if cid in GOODS_CARDS else "[tribe]"
    if cid in GOODS_CARDS:
        return f"{CELLS[i]} {cid}{mark}", goods_text(GOODS_CARDS[cid])
    t = TRIBE_CARDS[cid]
    return f"{CELLS[i]} {cid} {t.vp}VP{mark}", t.cost_text


def _table_lines(st: TargiState) -> list[str]:
    """The 5×5 table: border cards around the 3×3 centre, so that a central cell sits where
    the row and column of the border cards that reach it cross."""
    grid: list[list[tuple[str, str]]] = [[("", "")] * 5 for _ in range(5)]
    for n, (r, c) in _BORDER_AT.items():
        grid[r][c] = _border_text(st, n)
    for i in range(9):
        grid[1 + i // 3][1 + i % 3] = _cell_text(st, i)
    widths = [max(len(text) for row in grid for text in row[c]) for c in range(5)]
    rule = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    lines = [rule]
    for row in grid:
        for part in (0, 1):
            cells = (f" {cell[part]:<{w}} " for cell, w in zip(row, widths, strict=True))
            lines.append("|" + "|".join(cells) + "|")
        lines.append(rule)
    return lines


def text(st: TargiState, dec: Decision | None, seat: int | None, outcome: Outcome | None) -> str:
    lines = [
        f"Round {min(st.round, LAST_ROUND)} | {st.phase} | robber #{st.robber}"
        f" | start {SEAT_LABELS[st.start]}"
        f" | decks goods {len(st.goods_deck)} tribe {len(st.tribe_deck)}"
        f" | discards goods {len(st.goods_discard)} tribe {len(st.tribe_discard)}"
    ]
    lines += _table_lines(st)
    for s in (0, 1):
        res = st.res[s]
        hand = st.hand[s]
        hand_text = f"{hand}(r{st.hand_since[s]})" if hand else "-"
        rows = " / ".join(" ".join(row) if row else "." for row in st.display[s])
        lines.append(
            f"{SEAT_LABELS[s]}: D{res[0]} S{res[1]} P{res[2]} G{res[3]} VP{res[4]}"
            f" hand {hand_text} display [{rows}]"
        )
    if st.revealed:
        lines.append("Revealed: " + " ".join(st.revealed))
    if outcome is not None:
        lines.append(
            f"Final: {outcome.scores[0]}-{outcome.scores[1]} "
            + ("winner: " if len(outcome.winners) == 1 else "winners: ")
            + ", ".join(SEAT_LABELS[w] for w in outcome.winners)
            + (f" (tie-break {outcome.tiebreak})" if outcome.tiebreak else "")
        )
    elif dec is not None:
        lines.append(f"> {dec.prompt}")
    return "\n".join(lines)
