"""Resafa notation: canonical text of every action, labels for menus, and the reasons an
action is refused.

Actions are a keyword and arguments, e.g. ``play C4 low``, ``main``, ``colour``, ``end``,
``bonus BY03``, ``step W``, ``tile W1-04``, ``front``, ``rot 90``, ``cell c3``, ``small``,
``square e4``, ``activate d4``, ``room 2``, ``space 23``, ``go PA``, ``via SU``, ``load Sp``,
``take 3``, ``sell 2``, ``box 1``, ``use BY03``, ``drop SK04``, ``discard BP07``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.contract import Decision, echo, is_number
from games.core.errors import NotationError
from games.resafa.engine import actions, cards
from games.resafa.engine.core import can_pay, capacity, cost_words, main_frame
from games.resafa.engine.data import (
    ACTION_TITLES,
    ACTIONS,
    BETWEEN_ONLY,
    BONUS,
    CANAL_IDS,
    CANALS,
    CITIES,
    CITY_NAMES,
    COLOUR_NAMES,
    COLOURS,
    HAND_LIMIT,
    ITEM_NAMES,
    SACK,
    SPECIAL_IDS,
    START_CARDS,
    TANK_IDS,
    TANK_SQUARES,
    TRADING_TILES,
    WARE,
    WHITE,
    WORKSHOPS,
    YELLOW,
    Gain,
    card_effect,
    card_short,
    cell_name,
    gain,
    gain_words,
    space_name,
)
from games.resafa.engine.state import Player, State

KEYWORDS = frozenset({
    "play", "up", "low", "main", "colour", "end", "action", "bonus", "step", "skip", "sack",
    "take", "search", "pick", "swap", "keep", "tile", "front", "back", "rot", "cell", "row",
    "small", "large", "none", "square", "activate", "stop", "room", "twice", "space", "use",
    "discard", "cube", "go", "via", "unload", "load", "sell", "buy", "box", "drop", "cards",
    "goods", "done", "replace", "split", "part", "all",
})
IDS = {t.lower(): t for t in (
    *START_CARDS, *SPECIAL_IDS, *BONUS, *SACK, *WORKSHOPS, *CANAL_IDS, *TANK_IDS, *CITIES,
    "R", *WARE, *COLOURS, *ACTIONS,
)}
CELL_WORDS = frozenset({"cell", "square", "activate"})  # a1..h8 here, never card C1..C6
ALIASES = {"upper": "up", "lower": "low", "color": "colour", "pass": "end", "rotate": "rot",
           "resafa": "R"}


def normalize(text: str) -> str:
    words = text.strip().split()
    if not words:
        raise NotationError("Type an action, for example `play C4 low` or `end`.")
    out: list[str] = []
    for w in words:
        low = w.lower()
        low = ALIASES.get(low, low)
        if (low in KEYWORDS and not out) or (out and out[0] in CELL_WORDS and _is_cell(low)):
            out.append(low)
        elif low in IDS:
            out.append(IDS[low])
        elif low in KEYWORDS or is_number(low) or _is_cell(low):
            out.append(low)
        else:
            raise NotationError(
                f"`{echo(text)}` is not Resafa notation: the word {echo(w)[:20]!r} means nothing "
                "here. Moves look like `play C4 low`, `main`, `cell d3` or `use BY03`."
            )
    if out[0] not in KEYWORDS:
        raise NotationError(
            f"`{echo(text)}` is not Resafa notation: a move starts with a word such as "
            "`play`, `main`, `colour`, `end` or `use`."
        )
    return " ".join(out)


def _is_cell(w: str) -> bool:
    return len(w) == 2 and w[0] in "abcdefgh" and w[1] in "12345678"


def describe(st: State, action: str) -> str:
    """A short label for a legal action, for buttons and menus (at most 80 characters)."""
    return _label(st, action)


def short_text(card: str) -> str:
    """A card's effect in a few words: a yellow card names its two main actions."""
    if card in YELLOW:
        _, up, low = YELLOW[card]
        return f"yellow action card, {_half_name(up.action)} / {_half_name(low.action)}"
    return card_short(card)


def _half_name(action: str) -> str:
    return "any action" if action == "any" else ACTION_TITLES[action]


SIMPLE = {
    "main": "Take the main action", "colour": "Take the colour action", "end": "End turn",
    "sack": "Take a sack card", "take": "Take the face-up card (+1 VP, +1 coin)",
    "search": "Search the face-down cards", "keep": "Keep it for the next reset",
    "front": "Front side up", "back": "Back side up (extra production)",
    "small": "Small garden", "large": "Large garden", "none": "None", "skip": "Skip",
    "stop": "Stop producing", "use": "Use it", "discard": "Discard it", "done": "Done",
    "cards": "Play a bonus, sack or white card…",
}


def targets(st: State, action: str) -> dict[str, object]:
    """What a legal action points at, as plain JSON for panels and pictures: a workshop-area
    cell {"seat", "cell": "c4"}, a network space {"space": "23"}, a map node or city, a card
    or tile {"card"}, a track {"track": "Y"}, goods {"ware"}, and what it costs {"cost"}."""
    words = action.split()
    w = words[0]
    fr = st.frames[-1] if st.frames else None
    data = fr.data if fr is not None else {}
    seat = int(data.get("seat", st.current))
    p = st.players[seat]
    arg = words[1] if len(words) > 1 else ""
    if w in ("cell", "square", "activate"):
        return {"seat": seat, "cell": arg}
    if w == "room":
        return {"seat": seat, "cell": cell_name(data["cell"]), "room": int(arg)}
    if w == "space":
        return {"space": arg, "card": data.get("tile", "")}
    if w == "cube":
        to = words[2] if len(words) > 2 else space_name(data["to"])
        return {"space": arg, "to": to}
    if w in ("go", "via"):
        toll = next((m[2] for m in actions.moves(st, seat, *actions._main_args(st))
                     if m[0] == action), 0)
        return {"node": arg, "via_resafa": w == "via", "cost": cost_json((("C", toll),))}
    if w == "tile":
        return {"card": arg, "cost": cost_json(_tile_cost(st, p, arg))}
    if w in ("bonus", "use", "drop", "discard", "pick", "swap", "replace") and arg in CARD_IDS:
        return {"card": arg}
    if w == "play":
        return {"card": arg, "half": "upper" if words[2] == "up" else "lower"}
    if w in ("front", "back"):
        return {"card": data["tile"], "side": w}
    if w == "rot":
        return {"card": data["tile"], "rotation": int(arg)}
    if w in ("small", "large"):
        cost = actions.garden_cost(p, w, *_garden_args(st))
        return {"garden": w, "cost": cost_json(cost)}
    if w == "box":
        return {"city": data.get("city", ""), "box": int(arg),
                "cost": cost_json(gain(data.get("cost") or actions.base_cost(p)))}
    if w in ("step", "colour"):
        return {"track": arg}
    if w == "sack":
        return {"deck": "sack"}
    if w in ("take", "search") and fr is not None and fr.kind == "special":
        deck = st.special[f"{data['c']}{data['lv']}"]
        out: dict[str, object] = {"track": data["c"], "level": data["lv"]}
        if w == "take" and deck:
            out["card"] = deck[-1]
        return out
    if w in ("use", "discard") and fr is not None and fr.kind == "cbonus":
        return {"card": data["id"]}
    if w == "swap":  # BY12: one goods type for another
        return {"ware": arg, "for": words[2]}
    if w in ("load", "goods"):
        return {"ware": arg}
    if w == "take":
        return {"ware": data["item"], "count": int(arg)}
    if w == "unload":
        return {"ware": p.cargo, "count": int(arg)}
    if w in ("sell", "buy"):
        return {"city": data["city"], "ware": _traded(data, w), w: int(arg)}
    if w == "action":
        return {"action": arg}
    if w == "split":
        return {"card": data["tile"], "split": int(arg)}
    if w == "part":
        taken, _ = cards.part_chosen(fr, action)  # type: ignore[arg-type]
        return {"card": data["card"], "gain": cost_json(taken)}
    return {}


CARD_IDS = frozenset((*START_CARDS, *SPECIAL_IDS, *BONUS, *SACK, *WORKSHOPS, *CANAL_IDS,
                      *TANK_IDS))


def cost_json(cost: Gain) -> dict[str, int]:
    """A price as the panel shows it: {"coin": 1, "stone": 1}."""
    return {ITEM_NAMES[item]: n for item, n in cost}


def _tile_cost(st: State, p: Player, tile: str) -> Gain:
    perk, extra, ms = actions._main_args(st)
    if tile in WORKSHOPS:
        return actions.ws_cost(p, perk, extra, ms)
    return actions.canal_cost(p, tile, perk, extra, ms)


def _garden_args(st: State) -> tuple[str, list[str]]:
    perk, _, ms = actions._main_args(st)
    fr = st.frames[-1]
    return ("" if fr.get("second") else perk), ms


def _traded(data: Mapping[str, Any], word: str) -> str:
    sell, buy = TRADING_TILES[data["city"]][data["side"]]
    return sell.item if word == "sell" else buy.item


def _label(st: State, action: str) -> str:
    words = action.split()
    w = words[0]
    if len(words) == 1:
        return SIMPLE.get(w, action)
    arg = words[1]
    if w == "play":
        return f"Play {arg} ({'upper' if words[2] == 'up' else 'lower'} half)"
    if w == "part":
        taken, given_up = cards.part_chosen(st.frames[-1], action)
        if not given_up:
            return f"All: {gain_words(taken)}"
        return f"Only {gain_words(taken)} (give up {gain_words(given_up)})"
    if w in ("use", "drop", "discard", "bonus", "pick"):
        verb = {"use": "Play", "drop": "Discard for 1 VP", "discard": "Discard",
                "bonus": "Take", "pick": "Take"}[w]
        return f"{verb} {arg}: {short_text(arg)}"
    if w == "tile" and arg in WORKSHOPS:
        rooms = " / ".join(r.text for r in WORKSHOPS[arg].front)
        return f"Workshop {arg} ({rooms})"
    if w == "tile":
        c = CANALS[arg]
        return f"{arg} ({c.kind}, {gain_words(c.cost)})"
    if w in ("go", "via"):
        route = " via Resafa" if w == "via" else ""
        return f"Caravan to {CITY_NAMES[arg]}{route}"
    if w == "step":
        return f"Step on the {COLOUR_NAMES[arg]} track"
    if w == "colour":
        return f"Name {COLOUR_NAMES[arg]}"
    if w == "action":
        return ACTION_TITLES[arg]
    if w == "swap" and len(words) == 2:
        return f"Swap {arg} for the yellow card"
    if w == "swap":
        return f"Swap 1 {arg} for 1 {words[2]}"
    if w == "replace":
        return f"Replace {arg}"
    if w == "rot":
        return f"Turn {arg}°"
    if w in ("cell", "square", "activate", "row", "space", "cube", "box", "room"):
        return {"cell": "Cell", "square": "Square", "activate": "Activate", "row": "Row",
                "space": "Space", "cube": "Cube from", "box": "Box",
                "room": "Room"}[w] + " " + " ".join(words[1:])
    if w == "split":
        top = st.frames[-1]
        p = st.players[top.get("seat", st.current)]
        costs = [c for c in actions.canal_costs(p, top["tile"], *_args(st)) if can_pay(p, c)]
        return f"Pay {cost_words(costs[int(arg) - 1])}"
    if w in ("unload", "take", "sell", "buy"):
        return f"{w.capitalize()} {arg}"
    if w in ("load", "goods"):
        return f"{w.capitalize()} {ITEM_NAMES.get(arg, arg)}"
    return action


def explain(st: State, d: Decision | None, action: str) -> str:
    """Why ``action`` is not legal now, naming the rule."""
    if d is None:
        return "The game is over."
    words = action.split()
    w = words[0]
    seat = d.seat
    p = st.players[seat]
    top = st.frames[-1] if st.frames else None
    kind = top.kind if top else ""
    if w in ("use", "drop") and len(words) == 2:
        return _explain_free(st, seat, words[1], w)
    if kind == "limit":
        n = len(p.hand)
        return (f"You hold {n} cards and the hand limit is {HAND_LIMIT} (special cards not "
                "counted): discard a bonus or sack card first; action cards cannot be "
                "discarded.")
    if w == "cell" and len(words) == 2 and kind == "ws_cell":
        return _explain_cell(st, seat, words[1])
    if w == "space" and len(words) == 2 and kind == "canal_space" and top is not None:
        return _explain_space(st, top["tile"], words[1])
    if w == "tile" and len(words) == 2 and kind == "canal_tile":
        return _explain_canal_tile(st, seat, words[1])
    if w == "tile" and len(words) == 2 and kind == "ws_tile":
        tile = words[1]
        if tile not in st.offer1 and tile not in st.offer2:
            return f"{tile} is not in a face-up workshop offer."
        cost = actions.ws_cost(p, *_args(st))
        if not can_pay(p, cost):
            return f"A workshop costs {gain_words(cost)}, and you do not have it."
        if tile in st.offer2:
            return ("Level II workshops need round 3 or later and 2 merchant tokens on your "
                    f"board; you have {p.tokens()}.")
    if w == "load" and len(words) == 2 and words[1] in WARE:
        if p.cargo and p.cargo != words[1]:
            return (f"The caravan carries one type at a time and holds {p.cargo_n} "
                    f"{p.cargo}: it cannot load {words[1]}.")
        if p.cargo_n >= capacity(p):
            return f"The caravan is full ({capacity(p)} items)."
        return f"There is no {words[1]} in your warehouse."
    if w == "take" and len(words) == 2 and kind == "load_n":
        return (f"The caravan holds at most {capacity(p)} items and carries {p.cargo_n}; "
                "you cannot load more than that, or more than the warehouse has.")
    if w == "buy" and len(words) == 2 and p.loc in CITIES:
        side = top["side"] if top is not None and kind == "tr_city" else (
            st.tile_side[CITIES.index(p.loc)])
        buy = TRADING_TILES[p.loc][side][1]
        if p.cargo and p.cargo != buy.item:
            return (f"The caravan carries {p.cargo}; it carries one type at a time, so it "
                    f"cannot take {buy.item}.")
        return (f"You can buy at most what fits on the caravan ({capacity(p)} items) and "
                f"what your {p.coins} coins pay for.")
    if w == "sell":
        return "You can sell only the item the city takes, and only what the caravan carries."
    if kind == "turn" and top is not None:
        if not top.get("card"):
            if w == "play" and len(words) > 1 and words[1] not in p.hand:
                return f"{words[1]} is not in your hand."
            return "Play an action card first, for example `" + d.actions[0] + "`."
        if w == "play":
            return "You have played your card this turn; take its actions or end the turn."
        if w == "main" and top.get("main"):
            return "You have taken the main action this turn."
        if w == "colour" and top.get("colour"):
            return "You have taken the colour action this turn."
        if w == "main":
            return ("The main action cannot be done now (nothing legal or nothing to pay "
                    "with): take the colour action.")
    if w in ("small", "large") and kind == "garden_size":
        return (f"A {w} garden needs a tile left in the supply, its cost paid from your "
                "warehouse and a square next to one of your workshops or gardens with room.")
    if w == "square" and kind == "garden_sq":
        return ("A garden goes on a garden square next to one of your workshops (or on a "
                "square with your garden) that has room: 3 units, a large garden takes 2.")
    expected = ", ".join(f"`{a}`" for a in d.actions[:6])
    more = "…" if len(d.actions) > 6 else ""
    return f"`{action}` is not possible now. Possible: {expected}{more}"


def _args(st: State) -> tuple[str, str, list[str]]:
    fr = main_frame(st)
    if fr is None:
        return "", "", []
    return fr.get("perk", ""), fr.get("extra", ""), list(fr.get("mods", []))


def _explain_free(st: State, seat: int, card: str, word: str) -> str:
    p = st.players[seat]
    if card not in p.hand and card not in p.specials:
        return f"You do not hold {card}."
    if word == "drop":
        return "Only sack cards can be discarded for 1 VP."
    if st.step in ("limit", "reset", "cards"):
        return ("Bonus, sack and white cards are played at a decision point of your turn, "
                "before you end it; the end-of-turn steps are not one.")
    if card in BETWEEN_ONLY and st.step != "turn":
        return (f"{card} grants an action, a garden, a base or a cube move: it can be played "
                "only between your actions, not while another action is in progress.")
    effect = card_effect(card)
    if effect.startswith("during:"):
        act = effect.split(":")[1]
        name = "Workshop or Garden" if act == "wsgarden" else ACTION_TITLES[act]
        return (f"{card} is played during a {name} action of yours, before the step it "
                "changes; that is not now.")
    if card in WHITE or card in BONUS or card in SACK:
        return f"{card} can do nothing now."
    return f"{card} is not a card you can play."


def _explain_cell(st: State, seat: int, name: str) -> str:
    i = actions.cell_index(name)
    p = st.players[seat]
    from games.resafa.engine.data import DIAGONAL, is_workshop_cell

    if not is_workshop_cell(i):
        return (f"{name} is a garden square: a workshop goes corner to corner with one of "
                "yours (diagonally), never edge to edge.")
    if p.ws[i]:
        return f"{name} already holds a workshop."
    if not any(p.ws[j] for j in DIAGONAL[i]):
        return (f"{name} does not touch any of your workshops corner to corner; a workshop "
                "goes diagonally next to one of yours.")
    return f"{name} is not a legal cell."


def _explain_space(st: State, tile: str, name: str) -> str:
    i = actions.space_index(name)
    t = CANALS[tile]
    if st.net[i]:
        return f"Space {name} already holds a tile."
    if t.kind == "tank" and i // 5 != 3:
        return "A water tank goes in row 4 only."
    if i >= 5 and st.net[i - 5]:
        above = CANALS[st.net[i - 5]]
        if not (above.bottom and t.top):
            return (f"Vertically adjacent tiles must connect: the tile above {name} "
                    f"{'has no bottom opening' if not above.bottom else 'meets a closed top'}.")
    if i < 15 and st.net[i + 5]:
        below = CANALS[st.net[i + 5]]
        if not (t.bottom and below.top):
            return (f"Vertically adjacent tiles must connect: {tile} "
                    f"{'has no bottom opening' if not t.bottom else 'meets a closed top'} "
                    f"above the tile below {name}.")
    return f"{tile} cannot go on space {name}."


def _explain_canal_tile(st: State, seat: int, tile: str) -> str:
    p = st.players[seat]
    if tile in TANK_IDS:
        if tile not in st.tanks:
            return "That water tank is already built."
        if p.squares < TANK_SQUARES or not p.bases:
            return (f"A water tank needs {TANK_SQUARES} complete garden squares and a trading "
                    f"base; you have {p.squares} square{'s' if p.squares != 1 else ''} and "
                    f"{len(p.bases)} base{'s' if len(p.bases) != 1 else ''}.")
    elif tile not in st.canal_display:
        return f"{tile} is not in the canal display."
    cost = actions.canal_cost(p, tile, *_args(st))
    if not can_pay(p, cost):
        return f"{tile} costs {gain_words(cost)}, and you do not have it."
    return f"{tile} has no legal space on the network."


__all__ = ["cards", "describe", "explain", "normalize"]
