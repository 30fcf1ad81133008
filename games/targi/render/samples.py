"""Hand-built views following the view schema, for the renderer's golden images and tests.

They cover the states a board must cope with: the opening, a crowded middle game with face-down
and empty central cells, a decision with many options, and a finished game.
"""

from __future__ import annotations

import copy
from typing import Any

View = dict[str, Any]

BORDER: list[tuple[int, str, str, str]] = [
    (1, "Noble", "action", "Play your hand card by paying its cost, or discard it."),
    (2, "Dates", "goods", "Take 1 date."),
    (3, "Salt", "goods", "Take 1 salt."),
    (4, "Raid 1", "raid", "Give 1 good or 1 VP."),
    (5, "Trader", "action", "3 alike → 1 gold; 2 alike → 1 other good. Repeat freely."),
    (6, "Pepper", "goods", "Take 1 pepper."),
    (7, "Dates", "goods", "Take 1 date."),
    (8, "Raid 2", "raid", "Give 2 goods or 1 VP."),
    (9, "Fata Morgana", "action", "Move your tribe marker to another face-up card."),
    (10, "Silversmith", "action", "2 alike → 1 VP, 4 alike → 3 VP, 1 gold → 2 VP, 2 gold → 4 VP."),
    (11, "Pepper", "goods", "Take 1 pepper."),
    (12, "Raid 3", "raid", "Give 3 goods or 2 VP."),
    (13, "Caravan", "action", "Reveal the top goods card and take what it shows."),
    (14, "Tribal Expansion", "action", "Reveal the top tribe card: play, keep or discard it."),
    (15, "Salt", "goods", "Take 1 salt."),
    (16, "Raid 4", "raid", "Give 1 gold or 3 VP. Then the game ends."),
]

EFFECTS: dict[str, tuple[str, str]] = {
    "E-TYPE": ("end", "+1 VP per {symbol} card in your display."),
    "I-GOODS2": ("immediate", "Take 2 goods of your choice."),
    "I-GOLD": ("immediate", "Take 1 gold."),
    "I-SET": ("immediate", "Take 1 date, 1 salt and 1 pepper."),
    "I-VP2": ("immediate", "Take 2 VP tokens."),
    "P-RAID": ("permanent", "You give nothing in raids."),
    "P-BORDER": ("permanent", "+1 {good} when you use a {good} border card."),
    "P-SILVER": ("permanent", "+1 VP for each Silversmith exchange."),
    "P-TRADER": ("permanent", "At the Trader, 2 alike → 1 gold too."),
    "P-CARAVAN": ("permanent", "Caravan: reveal 2 goods cards, keep one."),
    "P-EXPANSION": ("permanent", "Tribal Expansion: reveal 2 cards, choose one."),
    "P-DISCOUNT": ("permanent", "Omit 1 good when you pay for a tribe card."),
    "E-VARIETY": ("end", "+2 VP if your display has all 5 symbols."),
    "E-ROWS": ("end", "+1 VP per complete row."),
    "E-GOLD": ("end", "+1 VP per gold you hold."),
}

Cost = tuple[int, int, int, int]  # dates, salt, pepper, gold
# symbol, cost alternatives, VP, effect
TRIBE: dict[str, tuple[str, tuple[Cost, ...], int, str | None]] = {
    "OA1": ("OASIS", ((0, 0, 1, 1),), 2, None),
    "OA2": ("OASIS", ((1, 1, 0, 1),), 3, None),
    "OA3": ("OASIS", ((2, 1, 2, 0),), 3, None),
    "OA4": ("OASIS", ((0, 0, 1, 1),), 1, "E-TYPE"),
    "OA5": ("OASIS", ((1, 2, 0, 0),), 1, "I-GOODS2"),
    "OA6": ("OASIS", ((0, 1, 1, 1),), 1, "P-BORDER"),
    "OA7": ("OASIS", ((0, 2, 1, 0),), 1, "E-VARIETY"),
    "CA1": ("CAMEL", ((1, 1, 0, 1),), 3, None),
    "CA2": ("CAMEL", ((1, 2, 1, 0),), 2, None),
    "CA5": ("CAMEL", ((0, 0, 0, 1),), 1, "P-RAID"),
    "CA8": ("CAMEL", ((0, 0, 2, 1),), 2, "P-CARAVAN"),
    "CA9": ("CAMEL", ((2, 1, 0, 0),), 1, "I-GOLD"),
    "WE1": ("WELL", ((1, 1, 0, 1),), 3, None),
    "WE2": ("WELL", ((2, 1, 1, 0),), 2, None),
    "WE4": ("WELL", ((0, 1, 0, 1),), 1, "E-TYPE"),
    "WE5": ("WELL", ((1, 2, 0, 0),), 1, "P-BORDER"),
    "WE8": ("WELL", ((0, 1, 1, 1),), 2, "P-TRADER"),
    "TE1": ("TENT", ((0, 0, 1, 1),), 2, None),
    "TE3": ("TENT", ((2, 2, 1, 0),), 3, None),
    "TE6": ("TENT", ((1, 0, 2, 0), (1, 0, 0, 1)), 1, "I-GOODS2"),
    "TE7": ("TENT", ((1, 0, 0, 1),), 2, "E-ROWS"),
    "TE9": ("TENT", ((1, 1, 2, 0),), 2, "P-DISCOUNT"),
    "TA1": ("TARGIA", ((1, 0, 1, 1),), 3, None),
    "TA2": ("TARGIA", ((1, 1, 2, 0),), 2, None),
    "TA5": ("TARGIA", ((0, 0, 2, 1),), 1, "E-GOLD"),
    "TA6": ("TARGIA", ((1, 2, 0, 0), (1, 0, 0, 1)), 1, "I-VP2"),
    "TA8": ("TARGIA", ((2, 0, 0, 1),), 2, "P-EXPANSION"),
}
BORDER_GOOD = {"OA6": "date", "WE5": "salt", "TE5": "pepper"}

# what each goods card gives, in words and in amounts ("choice": one good of the user's choice)
GOODS: dict[str, tuple[str, dict[str, int]]] = {
    "GD1": ("1 date", {"dates": 1}), "GD2": ("1 date", {"dates": 1}),
    "GS1": ("1 salt", {"salt": 1}), "GP1": ("1 pepper", {"pepper": 1}),
    "GDD": ("2 dates", {"dates": 2}), "GSS": ("2 salt", {"salt": 2}),
    "GPP": ("2 pepper", {"pepper": 2}), "GPS": ("1 pepper and 1 salt", {"pepper": 1, "salt": 1}),
    "GDP": ("1 date and 1 pepper", {"dates": 1, "pepper": 1}),
    "GSD": ("1 salt and 1 date", {"salt": 1, "dates": 1}),
    "GX1": ("1 good of your choice", {}), "GX2": ("1 good of your choice", {}),
    "GAU1": ("1 gold", {"gold": 1}), "GAU2": ("1 gold", {"gold": 1}),
    "GVP": ("1 VP token", {"vp": 1}),
}
UNITS = (("dates", "D"), ("salt", "S"), ("pepper", "P"), ("gold", "G"))


def cost_text(cost: Cost) -> str:
    return " + ".join(f"{n}{UNITS[k][1]}" for k, n in enumerate(cost) if n)


def tribe(card_id: str) -> dict[str, Any]:
    symbol, costs, vp, effect = TRIBE[card_id]
    kind, text = EFFECTS[effect] if effect else (None, None)
    if text:
        text = text.format(symbol=symbol.capitalize(), good=BORDER_GOOD.get(card_id, "date"))
    return {
        "id": card_id, "type": "tribe", "symbol": symbol,
        "cost": " / ".join(cost_text(c) for c in costs),
        "costs": [{UNITS[k][0]: n for k, n in enumerate(c) if n} for c in costs], "vp": vp,
        "effect": effect, "effect_kind": kind, "effect_text": text, "stand_in": effect is not None,
    }


def goods(card_id: str) -> dict[str, Any]:
    gives, amounts = GOODS[card_id]
    return {"id": card_id, "type": "goods", "gives": gives, "goods": dict(amounts),
            "choice": not amounts}


def player(seat: int, **changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "seat": seat, "label": ("Blue", "White")[seat], "dates": 2, "salt": 2, "pepper": 2,
        "gold": 1, "vp_tokens": 4, "score": 4, "display": [[], [], []], "hand": None,
        "hand_since_round": None, "figures_placed": [], "markers": [], "raid_protected": False,
    }
    base.update(changes)
    return base


def _centre(cards: list[dict[str, Any] | None], backs: dict[str, str] | None = None,
            markers: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """The 3×3 row by row; a cell named in ``backs`` holds a face-down card of that type."""
    backs = backs or {}
    markers = markers or {}
    out = []
    for i, card in enumerate(cards):
        row, col = divmod(i, 3)
        cell = f"C{row + 1}{col + 1}"
        out.append({
            "cell": cell, "row": row + 1, "col": col + 1, "face_up": cell not in backs,
            "back": backs.get(cell), "card": None if cell in backs else card,
            "marker": markers.get(cell),
        })
    return out


def _border(occupants: dict[int, int], robber: int) -> list[dict[str, Any]]:
    return [
        {"number": n, "name": name, "kind": kind, "text": text,
         "occupant": occupants.get(n), "robber": n == robber}
        for n, name, kind, text in BORDER
    ]


def start_of_game() -> View:
    """Round 1, first placement: the opening layout, both players with starting resources."""
    return {
        "game": "targi", "round": 1, "phase": "placement", "start_player": 1, "robber": 1,
        "active_seat": 1,
        "border": _border({}, robber=1),
        "centre": _centre([goods("GD1"), tribe("OA4"), goods("GPS"), tribe("CA8"), goods("GX1"),
                           tribe("WE1"), goods("GAU1"), tribe("TE6"), goods("GVP")]),
        "goods_deck": 14, "tribe_deck": 41, "goods_discard": [], "tribe_discard": [],
        "revealed": [],
        "players": [player(0), player(1)],
        "decision": {"seat": 1, "kind": "place_targi",
                     "prompt": "Place a Targi figure on a border card (1 of 3).", "actions": [],
                     "options": []},
        "log": ["The game begins. White is the starting player.",
                "Round 1 begins; the robber stands on #1 Noble."],
        "outcome": None,
    }


def _full_displays() -> tuple[list[list[dict[str, Any]]], list[list[dict[str, Any]]]]:
    blue = [
        [tribe(c) for c in ("OA1", "OA2", "OA3", "OA4")],
        [tribe(c) for c in ("OA5", "CA1", "WE1", "TE1")],
        [tribe(c) for c in ("TA1", "CA9")],
    ]
    white = [
        [tribe(c) for c in ("TE3", "TE7", "TE9", "WE2")],
        [tribe(c) for c in ("CA5", "CA2", "WE4", "TA2")],
        [tribe(c) for c in ("TA5", "TA6", "WE8")],
    ]
    return blue, white


def mid_game() -> View:
    """Round 7, actions: crowded displays, a face-down and an empty central cell, hands held."""
    blue, white = _full_displays()
    return {
        "game": "targi", "round": 7, "phase": "actions", "start_player": 0, "robber": 9,
        "active_seat": 0,
        "border": _border({2: 0, 14: 0, 6: 0, 3: 1, 13: 1, 5: 1}, robber=9),
        "centre": _centre(
            [goods("GSS"), tribe("OA7"), None, tribe("TA8"), goods("GDP"), None,
             goods("GX2"), tribe("TE6"), goods("GAU2")],
            backs={"C13": "goods", "C23": "tribe"},
            markers={"C22": 0, "C12": 1, "C32": 1},
        ),
        "goods_deck": 3, "tribe_deck": 17,
        "goods_discard": [goods("GD2"), goods("GSD")], "tribe_discard": [tribe("WE5")],
        "revealed": [goods("GDD"), goods("GP1")],
        "players": [
            player(0, dates=7, salt=1, pepper=0, gold=2, vp_tokens=6, score=31, display=blue,
                   hand=tribe("OA6"), hand_since_round=5, figures_placed=[2, 6, 14],
                   markers=["C22"]),
            player(1, dates=0, salt=4, pepper=5, gold=3, vp_tokens=2, score=29, display=white,
                   hand=None, figures_placed=[3, 5, 13], markers=["C12", "C32"],
                   raid_protected=True),
        ],
        "decision": {"seat": 0, "kind": "action_menu",
                     "prompt": "Choose your next action, skip one, or end your turn.",
                     "actions": [], "options": []},
        "log": [
            "Round 7 begins; raid 2: Blue gives 1 date and 1 salt.",
            "White is protected from the raid.",
            "Blue places a figure on #2 Dates.",
            "White places a figure on #3 Salt.",
            "Blue places a figure on #14 Tribal Expansion.",
            "White places a figure on #13 Caravan.",
            "Blue uses #2 Dates and takes 1 date.",
            "Blue uses #14 Tribal Expansion: reveals Tent TE1 and plays it into the display, "
            "paying 1 pepper and 1 gold, which completes a row of four different symbols.",
        ],
        "outcome": None,
    }


# the Trader's exchanges: notation, goods given, goods gained
TRADES: list[tuple[str, dict[str, int], dict[str, int]]] = [
    ("trade DDD>G", {"dates": 3}, {"gold": 1}), ("trade SSS>G", {"salt": 3}, {"gold": 1}),
    ("trade PPP>G", {"pepper": 3}, {"gold": 1}), ("trade DD>S", {"dates": 2}, {"salt": 1}),
    ("trade DD>P", {"dates": 2}, {"pepper": 1}), ("trade SS>D", {"salt": 2}, {"dates": 1}),
    ("trade SS>P", {"salt": 2}, {"pepper": 1}), ("trade PP>D", {"pepper": 2}, {"dates": 1}),
    ("trade PP>S", {"pepper": 2}, {"salt": 1}), ("trade DD>G", {"dates": 2}, {"gold": 1}),
    ("trade SS>G", {"salt": 2}, {"gold": 1}), ("trade PP>G", {"pepper": 2}, {"gold": 1}),
]
TRADER_ACTIONS = [notation for notation, _, _ in TRADES] + ["done"]
_WORDS = {"dates": ("date", "dates"), "salt": ("salt", "salt"), "pepper": ("pepper", "pepper"),
          "gold": ("gold", "gold")}


def _amounts(amounts: dict[str, int]) -> str:
    return " and ".join(f"{n} {_WORDS[name][n != 1]}" for name, n in amounts.items())


def option(notation: str, label: str, **targets: Any) -> dict[str, Any]:
    return {"notation": notation, "label": label, "targets": targets}


def trader_options() -> list[dict[str, Any]]:
    return [
        *(option(n, f"Trade {_amounts(give)} for {_amounts(gain)}", give=give, gain=gain)
          for n, give, gain in TRADES),
        option("done", "Done trading"),
    ]


def many_actions() -> View:
    """Blue's own view at the Trader: a long list of exchanges to choose from."""
    view = mid_game()
    view["seat"] = 0
    view["decision"] = {
        "seat": 0, "kind": "trader",
        "prompt": "Trader: make an exchange, or choose done when you have finished trading.",
        "actions": list(TRADER_ACTIONS),
        "options": trader_options(),
    }
    view["players"][0].update(dates=6, salt=4, pepper=3)
    view["revealed"] = []
    return view


def reveal_choice() -> View:
    """Blue's own view at the Caravan with P-CARAVAN: two revealed goods cards to choose from."""
    view = mid_game()
    view["seat"] = 0
    view["decision"] = {
        "seat": 0, "kind": "reveal_choice",
        "prompt": "Blue, choose which revealed goods card to receive.",
        "actions": ["choose GDD", "choose GP1"],
        "options": [option("choose GDD", "Take GDD (2 dates)", card="GDD"),
                    option("choose GP1", "Take GP1 (1 pepper)", card="GP1")],
    }
    return view


def placement_choice() -> View:
    """White's own view while placing: each option names its border card."""
    view = start_of_game()
    view["seat"] = 1
    view["players"][1]["hand"] = tribe("TE9")
    view["players"][1]["hand_since_round"] = 1
    free = [2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15]
    view["decision"] = dict(
        view["decision"], actions=[f"place {n}" for n in free],
        options=[option(f"place {n}", f"Place on #{n} {BORDER[n - 1][1]}", border=n)
                 for n in free],
    )
    return view


def finished() -> View:
    """The game is over after raid 4; final breakdowns replace the hands."""
    view = copy.deepcopy(mid_game())
    blue, white = _full_displays()
    blue[2] += [tribe("TA2"), tribe("WE2")]
    white[2].append(tribe("TA8"))
    view.update({
        "round": 13, "phase": "finished", "robber": 16, "active_seat": None, "decision": None,
        "border": _border({}, robber=16),
        "revealed": [],
        "centre": [dict(c, marker=None) for c in view["centre"]],
        "outcome": {
            "scores": [44, 44],
            "breakdown": [
                {"vp_tokens": 5, "printed_vp": 27, "row_bonus": 8, "card_effects": 4},
                {"vp_tokens": 3, "printed_vp": 24, "row_bonus": 6, "card_effects": 11},
            ],
            "winners": [1],
            "reason": "Raid 4 ended the game.",
            "tiebreak": "White has more gold (3 to 1)",
        },
    })
    view["players"][0].update(display=blue, score=44, gold=1, hand=None, figures_placed=[],
                              markers=[])
    view["players"][1].update(display=white, score=44, gold=3, figures_placed=[], markers=[])
    view["log"] = [*view["log"][-3:], "Raid 4: Blue gives 3 VP; White is protected.",
                   "The game is over: White wins on the gold tie-break."]
    return view


def before_mid_game() -> View:
    """``mid_game`` as the board before Blue's last action showed it: Tent TE1 not yet in the
    display, its pepper and gold not yet paid, one more card in the tribe deck."""
    view = mid_game()
    blue = view["players"][0]
    blue["display"][1] = blue["display"][1][:3]
    blue.update(pepper=blue["pepper"] + 1, gold=blue["gold"] + 1, score=blue["score"] - 4)
    view["tribe_deck"] += 1
    view["log"] = view["log"][:-1]
    return view


BOARDS = {
    "start": start_of_game,
    "midgame": mid_game,
    "finished": finished,
}
PANELS = {
    "trader": many_actions,
    "reveal": reveal_choice,
    "placement": placement_choice,
    "waiting": mid_game,
}
