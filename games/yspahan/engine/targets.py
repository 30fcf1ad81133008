"""What each Yspahan option points at, as plain JSON (``Game.targets``), so panels, pictures
and autocomplete never re-read the notation.

Keys: ``tower_space`` (1..6), ``shop``/``souk``/``quarter``, ``space`` (a street space) or
``arm``, ``building`` ("B1".."B6"), ``card`` (a card id) or ``cards`` (discount cards),
``cost`` ({"gold": n} and/or {"camels": n}), ``amount``, ``give``, ``yellow_dice``.
"""

from __future__ import annotations

from typing import Any

from games.yspahan.engine.data import (
    BUILDING_KEYS,
    BUILDINGS,
    DIST,
    NO,
    QUARTERS,
    SHOP_INDEX,
    SHOP_QUARTER,
    SHOP_SOUK,
    SHOPS,
    SOUKS,
    STREET,
    STREET_INDEX,
    STREET_SHOPS,
)
from games.yspahan.engine.queries import move_cost, supervisor_moves
from games.yspahan.engine.state import YspahanState

JSON = dict[str, Any]


def _shop(name: str) -> JSON:
    i = SHOP_INDEX[name]
    return {"shop": name, "souk": SOUKS[SHOP_SOUK[i]].id, "quarter": QUARTERS[SHOP_QUARTER[i]]}


def _building(key: str, cards: list[str]) -> JSON:
    bd = BUILDINGS[BUILDING_KEYS[key]]
    cost: JSON = {}
    if not any(c[:2] == "C3" for c in cards):
        cost["camels"] = bd.camels
    if bd.gold and not any(c[:2] == "C4" for c in cards):
        cost["gold"] = bd.gold
    return {"building": bd.id, "cards": cards, "cost": cost}


def targets(st: YspahanState, action: str) -> JSON:
    verb, _, arg = action.partition(" ")
    if verb == "buy":
        n = int(arg)
        return {"yellow_dice": n, "cost": {"gold": n}}
    if verb == "group":
        return {"tower_space": int(arg)}
    if verb in ("camels", "gold", "shops"):
        out: JSON = {"tower_space": st.group, "option": verb}
        if arg:
            out["card"] = arg.lstrip("+")
        return out
    if verb in ("supervisor", "card"):
        return {"tower_space": st.group, "option": verb}
    if verb == "cube":
        return _shop(arg)
    if verb == "go":
        if arg in STREET_INDEX:
            to = STREET_INDEX[arg]
            ships = [SHOPS[i] for i in STREET_SHOPS[to] if st.shops[i] != NO]
            cost = move_cost(st, DIST[st.supervisor][to])
            return {"space": arg, "cost": {"gold": cost}, "ships": ships}
        spaces = [STREET[m] for m, _ in supervisor_moves(st) if STREET[m][0] == arg]
        return {"arm": arg, "spaces": spaces}
    if verb == "first":
        return _shop(arg)
    if verb == "ship":
        return _shop(SHOPS[st.save_shop])
    if verb == "keep":
        return {**_shop(SHOPS[st.save_shop]), "cost": {"camels": 1}}
    if verb == "build":
        key, *cards = arg.split()
        return _building(key, cards)
    if verb == "discount":
        key = st.stack.frames[-1]["building"]
        return _building(key, [] if arg == "none" else arg.split())
    if verb == "play":
        return {"card": arg}
    if verb == "quarter":
        return {"quarter": arg.capitalize()}
    if verb == "convert":
        return {"card": st.card, "give": arg}
    if verb == "amount":
        return {"card": st.card, "amount": int(arg)}
    return {}  # draw, pass, end, back: nothing on the board
