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

TRIBE: dict[str, tuple[str, str, int, str | None]] = {
    "OA1": ("OASIS", "1P + 1Au", 2, None),
    "OA2": ("OASIS", "1S + 1D + 1Au", 3, None),
    "OA3": ("OASIS", "1S + 2P + 2D", 3, None),
    "OA4": ("OASIS", "1P + 1Au", 1, "E-TYPE"),
    "OA5": ("OASIS", "2S + 1D", 1, "I-GOODS2"),
    "OA6": ("OASIS", "1S + 1P + 1Au", 1, "P-BORDER"),
    "OA7": ("OASIS", "2S + 1P", 1, "E-VARIETY"),
    "CA1": ("CAMEL", "1D + 1S + 1Au", 3, None),
    "CA2": ("CAMEL", "1D + 1P + 2S", 2, None),
    "CA5": ("CAMEL", "1Au", 1, "P-RAID"),
    "CA8": ("CAMEL", "2P + 1Au", 2, "P-CARAVAN"),
    "CA9": ("CAMEL", "2D + 1S", 1, "I-GOLD"),
    "WE1": ("WELL", "1S + 1D + 1Au", 3, None),
    "WE2": ("WELL", "1S + 1P + 2D", 2, None),
    "WE4": ("WELL", "1S + 1Au", 1, "E-TYPE"),
    "WE5": ("WELL", "2S + 1D", 1, "P-BORDER"),
    "WE8": ("WELL", "1P + 1S + 1Au", 2, "P-TRADER"),
    "TE1": ("TENT", "1P + 1Au", 2, None),
    "TE3": ("TENT", "1P + 2D + 2S", 3, None),
    "TE6": ("TENT", "1D + (2P / 1Au)", 1, "I-GOODS2"),
    "TE7": ("TENT", "1D + 1Au", 2, "E-ROWS"),
    "TE9": ("TENT", "1S + 1D + 2P", 2, "P-DISCOUNT"),
    "TA1": ("TARGIA", "1D + 1P + 1Au", 3, None),
    "TA2": ("TARGIA", "1D + 1S + 2P", 2, None),
    "TA5": ("TARGIA", "2P + 1Au", 1, "E-GOLD"),
    "TA6": ("TARGIA", "1D + (2S / 1Au)", 1, "I-VP2"),
    "TA8": ("TARGIA", "2D + 1Au", 2, "P-EXPANSION"),
}
BORDER_GOOD = {"OA6": "date", "WE5": "salt", "TE5": "pepper"}

GOODS: dict[str, str] = {
    "GD1": "1 date", "GD2": "1 date", "GS1": "1 salt", "GP1": "1 pepper", "GDD": "2 dates",
    "GSS": "2 salt", "GPP": "2 pepper", "GPS": "1 pepper and 1 salt", "GDP": "1 date and 1 pepper",
    "GSD": "1 salt and 1 date", "GX1": "1 good of your choice", "GX2": "1 good of your choice",
    "GAU1": "1 gold", "GAU2": "1 gold", "GVP": "1 VP token",
}


def tribe(card_id: str) -> dict[str, Any]:
    symbol, cost, vp, effect = TRIBE[card_id]
    kind, text = EFFECTS[effect] if effect else (None, None)
    if text:
        text = text.format(symbol=symbol.capitalize(), good=BORDER_GOOD.get(card_id, "date"))
    return {
        "id": card_id, "type": "tribe", "symbol": symbol, "cost": cost, "vp": vp,
        "effect": effect, "effect_kind": kind, "effect_text": text, "stand_in": effect is not None,
    }


def goods(card_id: str) -> dict[str, Any]:
    return {"id": card_id, "type": "goods", "gives": GOODS[card_id]}


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
                     "prompt": "Place a Targi figure on a border card (1 of 3).", "actions": []},
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
                     "actions": []},
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


TRADER_ACTIONS = [
    "trade DDD>G", "trade SSS>G", "trade PPP>G", "trade DD>S", "trade DD>P", "trade SS>D",
    "trade SS>P", "trade PP>D", "trade PP>S", "trade DD>G", "trade SS>G", "trade PP>G", "done",
]


def many_actions() -> View:
    """Blue's own view at the Trader: a long list of exchanges to choose from."""
    view = mid_game()
    view["seat"] = 0
    view["decision"] = {
        "seat": 0, "kind": "trader",
        "prompt": "Trader: make an exchange, or choose done when you have finished trading.",
        "actions": list(TRADER_ACTIONS),
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
    }
    return view


def placement_choice() -> View:
    """White's own view while placing: each option names its border card."""
    view = start_of_game()
    view["seat"] = 1
    view["players"][1]["hand"] = tribe("TE9")
    view["players"][1]["hand_since_round"] = 1
    view["decision"] = dict(view["decision"], actions=[
        f"place {n}" for n in (2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15)])
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
