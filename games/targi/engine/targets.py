"""What each Targi option points at, as plain JSON for panels, pictures and autocomplete.

Keys: ``border`` (a border card number), ``cell`` (a central cell such as "C22"), ``card``
(a card id), ``cost`` / ``give`` / ``gain`` (amounts by name: dates, salt, pepper, gold,
vp), ``row`` (a display row 1-3), ``omit`` (the good a discount leaves out), ``marker`` and
``to`` (a Fata Morgana move). Only public things are named: a face-down card never is.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import Decision
from games.targi.engine.data import CELL_INDEX, RAID_VP, TRIBE_CARDS
from games.targi.engine.decisions import SILVER_GOLD_VP, SILVER_VP, effect_count
from games.targi.engine.state import TargiState

NAMES = ("dates", "salt", "pepper", "gold", "vp")
_INDEX = {"D": 0, "S": 1, "P": 2, "G": 3}


def amounts(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {NAMES[k]: n for k, n in enumerate(counts) if n}


def letters(text: str) -> dict[str, int]:
    counts = [0, 0, 0, 0, 0]
    for ch in text:
        counts[_INDEX[ch]] += 1
    return amounts(counts)


def targets(st: TargiState, dec: Decision | None, action: str) -> dict[str, Any]:
    if dec is None:
        return {}
    verb, _, arg = action.partition(" ")
    q = st.stack.top
    card = q.get("card") if q is not None else None
    if verb in ("place", "use", "skip"):
        if arg.isdigit():
            return {"border": int(arg)}
        cid = st.cells[CELL_INDEX[arg]]
        face_up = cid is not None and st.face_up[CELL_INDEX[arg]]
        return {"cell": arg, "card": cid} if face_up else {"cell": arg}
    if verb in ("play", "hand", "discard", "leave", "keep"):
        return {"card": card}
    if verb == "alt" and card is not None:
        return {"card": card, "cost": amounts(TRIBE_CARDS[card].costs[int(arg) - 1])}
    if verb == "omit" and q is not None:
        cost = list(TRIBE_CARDS[q["card"]].costs[q["alt"]])
        if arg == "none":
            return {"card": card, "cost": amounts(cost)}
        cost[_INDEX[arg]] -= 1
        return {"card": card, "omit": NAMES[_INDEX[arg]], "cost": amounts(cost)}
    if verb == "row" and q is not None:
        return {"card": card, "row": int(arg), "cost": amounts(q["cost"])}
    if verb == "take":
        return {"gain": letters(arg)}
    if verb == "trade":
        give, get = arg.split(">")
        return {"give": letters(give), "gain": letters(get)}
    if verb == "silver" and arg != "none":
        vp = (SILVER_GOLD_VP if arg[0] == "G" else SILVER_VP)[len(arg)]
        vp += effect_count(st, dec.seat, "P-SILVER")
        return {"give": letters(arg), "gain": {"vp": vp}}
    if verb == "fata" and arg != "none":
        a, b = arg.split(">")
        return {"marker": a, "to": b}
    if verb == "choose":
        return {"card": arg}
    if verb == "pay":
        return {"give": {"vp": RAID_VP[st.raid]}} if arg == "vp" else {"give": letters(arg)}
    if verb == "return":
        return {"give": letters(arg)}
    return {}  # end, done, silver none, fata none
