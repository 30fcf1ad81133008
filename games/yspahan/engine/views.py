"""What each seat sees of a Yspahan state: the JSON view, hidden ids, and the text board.

View schema (`view(state, seat)`, seat None = spectator); a board renderer draws from exactly this:

```
{"game": "yspahan", "viewer": seat|null, "players_count": 2..4, "week": 1..3, "day": 1..7,
 "phase": "roll" | "turn" | "finished", "step": str (see rules module docstring),
 "first_player": seat, "active_seat": seat | null,      # seat of the pending decision
 "acting_seat": seat,                                   # whose turn it is
 "turn_queue": [seat...],                               # still to act today, in order
 "last_day_order": bool,      # week III day 7 in ascending score order (4p; 3p option)
 "supervisor": "W3",                                    # street space id
 "street": [{"id": "H"|"W1".., "x": int, "y": int, "shops": [shop id...]} ×29],
 "souks": [{"id": "SACK-A", "quarter": "Sack", "size": 6, "value": 8,
            "shops": [shop id...], "owner": seat|null, "complete": bool} ×14],
 "shops": [{"id": "SACK-A1", "souk": "SACK-A", "quarter": "Sack", "x": int, "y": int,
            "street": [street ids it touches], "stand_in_position": bool,
            "owner": seat|null} ×47],
     # x/y: display grid (Hub at 0,0; x east, y north); stand_in_position marks the
     # STAND-IN coordinates of interior shops (no rules meaning)
 "tower": [{"space": 1..6, "name": "Camels"|"Sack"|..|"Gold", "value": 1..6|null,
            "white": int, "yellow": int} ×6 bottom to top],
 "yellow_bought": int,
 "caravan": {"per_row": 2|3|4, "rows": 3,
             "spaces": [{"index": 0.., "row": 1..3, "col": 1.., "immediate_vp": 2|1|0,
                         "multiplier": 1..3, "owner": seat|null}...]},   # row 1 = bottom
 "deck": int, "discard": [CARD...],
 "resolving_card": CARD|null,                           # card played and being resolved now
 "current_action": {"group": 1..6|null, "dice": int, "value": int, "extra_die": CARD|null,
                    "cubes_left": int, "quarter": str|null,
                    "supervisor_from": street id|null, "supervisor_steps": int,
                    "shipping": [shop id...]},          # shops still to ship, in order
 "players": [{"seat": int, "label": "Blue", "score": int, "gold": int, "camels": int,
              "hand_count": int, "hand": [CARD...] | null,   # list only in the own view
              "buildings": [{"id": "B1", "key": "enclosure", "name": "Enclosure",
                             "order": 1..6}...], # in the order built
              "cubes_in_shops": int, "cubes_in_caravan": int,
              "breakdown": {category: pts}} ×players],
 "buildings": [{"id": "B1", "key", "name", "camels": int, "gold": int, "text"} ×6],
 "building_vp": [0, 0, 5, 5, 5, 10],
 "decision": {"seat": int, "kind": str, "prompt": str, "actions": [str...],
              "options": [{"notation": str, "label": str, "targets": {...}}...]} | null,
   # actions and options (``Game.options``, targets as in the targets module) only in the
   # view of the deciding seat (others and spectators see [])
 "log": [str...],                                       # the last ~10 event sentences
 "outcome": null | {"scores": [..], "breakdown": [{category: pts}..], "winners": [..],
                    "reason": str, "tiebreak": null}}
CARD = {"id": "C5a", "kind": "C5", "name": "Caravan shipment", "text": str,
        "uncertain": bool}
```
"""

from __future__ import annotations

from games.core.contract import JSON, Decision, Option, Outcome
from games.core.views import decision_json, outcome_json
from games.yspahan.engine import notation, targets
from games.yspahan.engine.data import (
    BUILDING_VP,
    BUILDINGS,
    CARAVAN_PER_ROW,
    CARAVAN_ROW_VP,
    CARD_KINDS,
    CATEGORIES,
    NO,
    QUARTERS,
    SEAT_LABELS,
    SHOP_SOUK,
    SHOP_STAND_IN,
    SHOP_STREET,
    SHOP_XY,
    SHOPS,
    SOUK_SHOPS,
    SOUKS,
    STREET,
    STREET_SHOPS,
    STREET_XY,
    TOWER_NAMES,
    card_kind,
)
from games.yspahan.engine.queries import souk_owner
from games.yspahan.engine.state import YspahanState


def card_json(cid: str) -> JSON:
    kind = CARD_KINDS[card_kind(cid) - 1]
    return {
        "id": cid,
        "kind": kind.id,
        "name": kind.name,
        "text": kind.text,
        "uncertain": kind.uncertain,
    }


def hidden_ids(st: YspahanState, seat: int | None) -> frozenset[str]:
    """The deck and every hand but `seat`'s own (spec 18.1)."""
    out = list(st.deck)
    for s in range(st.np):
        if s != seat:
            out.extend(st.hands[s])
    return frozenset(out)


def _street() -> list[JSON]:
    return [
        {"id": s, "x": STREET_XY[i][0], "y": STREET_XY[i][1],
         "shops": [SHOPS[j] for j in STREET_SHOPS[i]]}
        for i, s in enumerate(STREET)
    ]  # fmt: skip


def view(st: YspahanState, dec: Decision | None, seat: int | None, outcome: Outcome | None) -> JSON:
    n = st.np
    souks = []
    for k, souk in enumerate(SOUKS):
        owner = souk_owner(st, k)
        souks.append(
            {
                "id": souk.id,
                "quarter": QUARTERS[souk.quarter],
                "size": souk.size,
                "value": souk.value,
                "shops": [SHOPS[i] for i in SOUK_SHOPS[k]],
                "owner": None if owner == NO else owner,
                "complete": all(st.shops[i] != NO for i in SOUK_SHOPS[k]),
            }
        )
    shops = [
        {
            "id": shop,
            "souk": SOUKS[SHOP_SOUK[i]].id,
            "quarter": QUARTERS[SOUKS[SHOP_SOUK[i]].quarter],
            "x": SHOP_XY[i][0],
            "y": SHOP_XY[i][1],
            "street": list(SHOP_STREET[i]),
            "stand_in_position": SHOP_STAND_IN[i],
            "owner": None if st.shops[i] == NO else st.shops[i],
        }
        for i, shop in enumerate(SHOPS)
    ]
    tower = [
        {
            "space": g,
            "name": TOWER_NAMES[g],
            "value": st.tv[g] or None,
            "white": st.tw[g],
            "yellow": st.ty[g],
        }
        for g in range(1, 7)
    ]
    per_row = CARAVAN_PER_ROW[n]
    spaces = []
    for i in range(3 * per_row):
        row = i // per_row
        spaces.append(
            {
                "index": i,
                "row": row + 1,
                "col": i % per_row + 1,
                "immediate_vp": CARAVAN_ROW_VP[row],
                "multiplier": row + 1,
                "owner": st.caravan[i] if i < len(st.caravan) else None,
            }
        )
    players = []
    for s in range(n):
        players.append(
            {
                "seat": s,
                "label": SEAT_LABELS[s],
                "score": st.score(s),
                "gold": st.gold[s],
                "camels": st.camels[s],
                "hand_count": len(st.hands[s]),
                "hand": [card_json(c) for c in st.hands[s]] if s == seat else None,
                "buildings": [
                    {
                        "id": BUILDINGS[b].id,
                        "key": BUILDINGS[b].key,
                        "name": BUILDINGS[b].name,
                        "order": k + 1,
                    }
                    for k, b in enumerate(st.built[s])
                ],
                "cubes_in_shops": sum(1 for o in st.shops if o == s),
                "cubes_in_caravan": sum(1 for o in st.caravan if o == s),
                "breakdown": dict(zip(CATEGORIES, st.pts[s], strict=True)),
            }
        )
    in_super = st.step in ("super", "order", "save")
    current = {
        "group": st.group or None,
        "dice": st.n,
        "value": st.v,
        "extra_die": card_json(st.extra) if st.extra else None,
        "cubes_left": st.left,
        "quarter": (
            QUARTERS[st.quarter] if st.step == "place"
            else st.stack.frames[-1]["quarter"] if st.step == "c6s" else None
        ),
        "supervisor_from": STREET[st.sup_at] if in_super else None,
        "supervisor_steps": st.sup_k if in_super else 0,
        "shipping": [SHOPS[i] for i in st.ship],
    }
    return {
        "game": "yspahan",
        "viewer": seat,
        "players_count": n,
        "week": st.week,
        "day": st.day,
        "phase": st.phase,
        "step": st.step,
        "first_player": st.first,
        "active_seat": dec.seat if dec is not None else None,
        "acting_seat": st.acting,
        "turn_queue": list(st.queue),
        "last_day_order": (n == 4 or (n == 3 and st.ascending3)) and (st.week, st.day) == (3, 7),
        "supervisor": STREET[st.supervisor],
        "street": _street(),
        "souks": souks,
        "shops": shops,
        "tower": tower,
        "yellow_bought": st.yellow,
        "caravan": {"per_row": per_row, "rows": 3, "spaces": spaces},
        "deck": len(st.deck),
        "discard": [card_json(c) for c in st.discard],
        "resolving_card": card_json(st.card) if st.card else None,
        "current_action": current,
        "players": players,
        "buildings": [
            {
                "id": b.id,
                "key": b.key,
                "name": b.name,
                "camels": b.camels,
                "gold": b.gold,
                "text": b.text,
            }
            for b in BUILDINGS
        ],
        "building_vp": list(BUILDING_VP),
        "decision": decision_json(dec, seat, options(st, dec, seat)),
        "log": list(st.log),
        "outcome": outcome_json(outcome),
    }


def options(st: YspahanState, dec: Decision | None, seat: int | None) -> tuple[Option, ...]:
    """``Game.options`` for the deciding seat's view; nobody else is shown any."""
    if dec is None or seat != dec.seat:
        return ()
    return tuple(
        Option(a, notation.describe(st, dec, a), targets.targets(st, a)) for a in dec.actions
    )


# ---- text board ---------------------------------------------------------------------------


def _city_lines(st: YspahanState) -> list[str]:
    """The city as a map, north up: the street (``.``, the Hub ``H``, the Supervisor ``@``)
    and every shop, an empty one as its souk's letter (``a``-``d``), a taken one as its
    owner's initial. The quarters are named in their corners."""
    xs = [x for x, _ in STREET_XY + SHOP_XY]
    ys = [y for _, y in STREET_XY + SHOP_XY]
    left, top = min(xs), max(ys)
    grid = [[" "] * (max(xs) - left + 1) for _ in range(top - min(ys) + 1)]
    for i, (x, y) in enumerate(STREET_XY):
        grid[top - y][x - left] = "@" if i == st.supervisor else ("H" if i == 0 else ".")
    for i, (x, y) in enumerate(SHOP_XY):
        owner = st.shops[i]
        mark = SOUKS[SHOP_SOUK[i]].id[-1].lower() if owner == NO else SEAT_LABELS[owner][0]
        grid[top - y][x - left] = mark
    rows = [" ".join(row).rstrip() for row in grid]
    width = max(len(r) for r in rows)
    corner = {0: (len(rows) - 1, "left"), 1: (len(rows) - 1, "right"),
              2: (0, "left"), 3: (0, "right")}  # fmt: skip
    for q, (r, side) in corner.items():
        name = QUARTERS[q]
        if side == "left":
            rows[r] = name + rows[r][len(name):]
        else:
            rows[r] = rows[r].ljust(width)[: width - len(name)] + name
    return ["  " + r.rstrip() for r in rows]


def text(st: YspahanState, dec: Decision | None, seat: int | None, outcome: Outcome | None) -> str:
    from games.yspahan.engine.rules import plural, tower_text

    n = st.np
    lines = [
        f"Week {st.week} day {st.day} | first {SEAT_LABELS[st.first]} | supervisor "
        f"{STREET[st.supervisor]} | deck {len(st.deck)} discard {len(st.discard)}"
        f" | yellow bought {st.yellow}",
        f"Tower: {tower_text(st)}",
    ]
    for q, name in enumerate(QUARTERS):
        parts = []
        for k, souk in enumerate(SOUKS):
            if souk.quarter != q:
                continue
            cells = "".join(
                "." if st.shops[i] == NO else SEAT_LABELS[st.shops[i]][0] for i in SOUK_SHOPS[k]
            )
            parts.append(f"{souk.id[-1]}{souk.value}[{cells}]")
        lines.append(f"{name}: " + " ".join(parts))
    lines += _city_lines(st)
    per_row = CARAVAN_PER_ROW[n]
    rows = []
    for r in range(3):
        cells = ""
        for c in range(per_row):
            i = r * per_row + c
            cells += SEAT_LABELS[st.caravan[i]][0] if i < len(st.caravan) else "."
        rows.append(cells)
    lines.append("Caravan (bottom to top): " + " / ".join(rows))
    for s in range(n):
        built = ",".join(BUILDINGS[b].key for b in st.built[s]) or "-"
        own = " ".join(st.hands[s]) or "-"
        hand = own if s == seat else plural(len(st.hands[s]), "card")
        lines.append(
            f"{SEAT_LABELS[s]}: {st.score(s)} VP, {st.gold[s]} gold, "
            f"{plural(st.camels[s], 'camel')}, "
            f"hand {hand}, built {built}"
        )
    if outcome is not None:
        lines.append(
            "Final: "
            + "-".join(str(x) for x in outcome.scores)
            + (" winner: " if len(outcome.winners) == 1 else " winners: ")
            + ", ".join(SEAT_LABELS[w] for w in outcome.winners)
        )
    elif dec is not None:
        lines.append(f"> {dec.prompt}")
    return "\n".join(lines)
