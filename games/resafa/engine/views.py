"""What each seat sees of a Resafa state: the JSON view, hidden ids, and the text board.

View schema (`view(state, seat)`, seat None = spectator). The board, the per-player workshop-area
images and the private panel draw from exactly this:

```
{"game": "resafa", "viewer": seat|null, "players_count": 1..4, "solo": bool,
 "round": 1..6, "rounds": 6, "rain_rounds": [2, 4, 6], "rains_done": [2, ...],
 "phase": "play" | "reset" | "over", "step": str,            # top frame of the decision stack
 "start_player": seat, "current_seat": seat, "active_seat": seat|null,
 "turn_in_round": 1..3,                                     # the current seat's turn this round
 "stand_in": [str...],                                      # tables whose values are STAND-IN
 "bonus_display": {"Y"|"W"|"B"|"P": [CARD...]},             # face-up, leftmost first
 "bonus_deck": {"Y": int, ...},
 "special_offer": {"Y": [{"level": 1..3, "top": CARD|null, "count": int} ×3], ...},
 "track": {"steps": 9, "levels": {"3": 1, "6": 2, "9": 3}},
 "workshop_offer": {"level1": [WORKSHOP|null ×3], "level2": [WORKSHOP|null ×3],
                    "deck1": int, "deck2": int, "level2_open": bool},
 "gardens": {"small": int, "large": int},
 "sack_deck": int,
 "canal_display": [CANAL...], "canal_stack": int, "tanks": [CANAL...],
 "network": {"rows": 4, "cols": 5, "setup_card": "X"|"Y"|"Z", "tank_row": 4,
             "spaces": [{"space": 0..19, "name": "11", "row": 1..4, "col": 1..5,
                         "reward": GAIN, "tile": CANAL|null, "owner": seat|null,
                         "cube": "none"|"inactive"|"active", "bonus_tile": CBONUS|null} ×20]},
 "map": {"nodes": [{"id": "R", "name": "Resafa", "kind": "home"|"junction"|"city",
                    "x": int, "y": int} ×8],
         "roads": [["R", "G"], ...],
         "cities": [{"id": "SU", "name": "Sura", "side": "A"|"B",
                     "offers": [OFFER (gold), OFFER (plain)],
                     "other_side": [OFFER, OFFER],
                     "boxes": [{"box": 1..3, "token": "square"|"scarab", "reward": GAIN,
                                "state": "free"|"taken"|"blocked"|"unused",
                                "holder": seat|null} ×3]} ×6]},
 "merchant_row": [{"space": 1..6, "accepts": "any"|"scarab", "reward": GAIN} ×6],
 "garden_track": [GAIN ×4], "garden_track_later": GAIN,
 "players": [PLAYER ×players], "rival": RIVAL|null,
 "solo_bands": [{"from": int, "result": str}, ...] | null,  # solo only: §14.3, highest first
 "decision": {"seat", "kind", "prompt", "actions": [..], "options": [..]} | null,
   # actions and options only in the deciding seat's view
 "log": [str...], "outcome": null | {"scores", "breakdown", "winners", "reason",
                                      "tiebreak", "result": str|null}}

PLAYER = {"seat": int, "label": "Ochre", "score": int,   # VP so far (final: with scoring)
          "coins": int, "ware": {"S": int, "M": int, "Sp": int, "A": int}, "ware_cap": 6,
          "caravan": {"at": node id, "camels": 1..4, "capacity": int,
                      "cargo": "S"|"M"|"Sp"|"A"|null, "count": int},
          "hand_count": int, "hand": [CARD...] | null,        # list only in the own view
          "deck_count": int, "pending_count": int, "pending": [CARD...] | null,  # own view
          "played": [{"card": CARD, "half": "upper"|"lower", "action": str,
                      "colour": "Y"|..}...],                 # this round, slot order
          "facedown_count": int, "facedown": [CARD...] | null,   # own view only
          "removed": [CARD...],                              # starting cards replaced
          "specials": [CARD...], "used_whites": [CARD...],
          "tracks": {"Y": 0..9, "W": .., "B": .., "P": ..},
          "garden_squares": int,
          "merchant_row": ["square"|"scarab"|null ×6], "overflow": [token...],
          "tokens": int, "scarabs": int, "bases": [city id...],
          "canals": int, "tanks": int,
          "area": AREA}
AREA = {"size": 8,
        "workshops": [{"cell": int, "name": "d4", "c": 0..7, "r": 0..7, "tile": WORKSHOP,
                       "side": "front"|"back", "rotation": 0|90|180|270,
                       "icons": [{"edge": "N"|"E"|"S"|"W", "reward": GAIN,
                                  "faces": cell|null, "collected": bool}...]}...],
        "gardens": [{"cell": int, "name": "e4", "c", "r", "small": int, "large": int,
                     "units": 0..3, "complete": bool}...]}  # every square that has a tile
CARD = {"id": str, "kind": "action"|"yellow"|"white"|"blue"|"pink"|"bonus"|"sack",
        "colour": "Y"|"W"|"B"|"P"|null, "level": 1..3|null,
        "text": str,                             # the whole effect
        "short": str,                            # the same in fewer words, for menus
        "halves": [HALF, HALF] | null}           # action and yellow cards only
HALF = {"action": str|"any", "colour": "Y"|..|"any", "perk": str}
WORKSHOP = {"id": "W1-03", "level": 0|1|2, "front": [ROOM...], "back": [ROOM...],
            "icons": [{"edge": "N", "reward": GAIN}...],       # at 0°
            "extra_production": true,                          # on the back
            "end_vp": int, "immediate": GAIN|null}
ROOM = {"cost": GAIN|null, "out": GAIN, "text": "1S→1A+1VP"}
CANAL = {"id": "CN07", "kind": "through"|"head"|"basin"|"grand"|"tank"|"neutral",
         "top": bool, "bottom": bool, "cost": GAIN, "end_vp": int}
CBONUS = {"id": "CB3", "reward": GAIN}
OFFER = {"gold": bool, "sell": bool, "item": "M", "price": GAIN, "bonus": GAIN|null}
GAIN = {"text": "2C+1VP", "words": "2 coins, 1 VP", "items": [["C", 2], ["VP", 1]]}
RIVAL = {"deck": int, "last": {"id", "colour", "city", "workshop": bool}|null,
         "removed_workshops": [id...]}
```
"""

from __future__ import annotations

import functools

from games.core.contract import JSON, Decision, Option, Outcome
from games.core.views import decision_json, outcome_json
from games.resafa.engine.data import (
    BLUE,
    BONUS,
    BOX_BLOCKED,
    BOX_FREE,
    BOX_UNUSED,
    BOXES,
    CANAL_BONUS,
    CANALS,
    CAPACITY_PER_CAMEL,
    CITIES,
    CITY_NAMES,
    COLOUR_SETS,
    COLOURS,
    EDGES,
    GARDEN_TRACK,
    GARDEN_TRACK_LATER,
    GRID,
    LEVEL_STEPS,
    MAP_XY,
    MERCHANT_ROW,
    NEIGHBOUR,
    NET_COLS,
    NET_ROWS,
    NET_SPACES,
    NO,
    NODES,
    PINK,
    RAIN_ROUNDS,
    RIVAL_CARDS,
    ROADS,
    ROUNDS,
    SACK,
    SEAT_LABELS,
    SOLO_BANDS,
    SPACE_REWARD,
    SQUARE_UNITS,
    STAND_IN,
    START_CARDS,
    TANK_ROW,
    TRADING_TILES,
    WARE,
    WAREHOUSE_CAP,
    WHITE,
    WORKSHOPS,
    YELLOW,
    Gain,
    Offer,
    Room,
    YellowHalf,
    card_short,
    card_text,
    cell_cr,
    cell_name,
    gain,
    gain_text,
    gain_words,
    icon_edge,
    space_name,
    space_rc,
)
from games.resafa.engine.state import Player, State

LOG_LINES = 10
SIDE_NAMES = ("A", "B")
CUBE_NAMES = ("none", "inactive", "active")


@functools.lru_cache(maxsize=1024)
def _wordings(g: Gain) -> tuple[str, str]:
    """A gain's text and words: a view names the same few gains many times (every room of
    every workshop built), and a move asks for a view or two."""
    return gain_text(g), gain_words(g)


def gain_json(g: Gain) -> JSON:
    text, words = _wordings(g)
    return {"text": text, "words": words, "items": [[i, n] for i, n in g]}


def _opt_gain(g: Gain) -> JSON | None:
    return gain_json(g) if g else None


def room_json(r: Room) -> JSON:
    return {"cost": _opt_gain(r.cost), "out": gain_json(r.out), "text": r.text}


def workshop_json(tile: str) -> JSON:
    w = WORKSHOPS[tile]
    return {
        "id": w.id, "level": w.level,
        "front": [room_json(r) for r in w.front], "back": [room_json(r) for r in w.back],
        "icons": [{"edge": e, "reward": gain_json(g)} for e, g in w.icons],
        "extra_production": True, "end_vp": w.end_vp, "immediate": _opt_gain(w.immediate),
    }


def canal_json(tile: str) -> JSON:
    c = CANALS[tile]
    return {"id": c.id, "kind": c.kind, "top": c.top, "bottom": c.bottom,
            "cost": gain_json(c.cost), "end_vp": c.end_vp}


def _half(h: YellowHalf) -> JSON:
    return {"action": h.action, "colour": h.colour, "perk": h.text if h.perk else ""}


def card_json(card: str, seat: int) -> JSON:
    """A card as the view shows it; a starting card's colours depend on its owner's seat."""
    out: JSON = {"id": card, "kind": card_kind(card), "colour": None, "level": None,
                 "text": card_text(card), "short": card_short(card), "halves": None}
    if card in START_CARDS:
        up, low = START_CARDS[card]
        colours = COLOUR_SETS[seat][card]
        cu, cl = colours[0], colours[1]
        out["halves"] = [{"action": up, "colour": cu, "perk": ""},
                         {"action": low, "colour": cl, "perk": ""}]
    elif card in YELLOW:
        level, up_h, low_h = YELLOW[card]
        out.update(colour="Y", level=level, halves=[_half(up_h), _half(low_h)])
    elif card in WHITE or card in BLUE or card in PINK:
        out.update(colour=card[1], level=int(card[2]))
    elif card in BONUS:
        out["colour"] = card[1]
    return out


def card_kind(card: str) -> str:
    if card in START_CARDS:
        return "action"
    if card in YELLOW:
        return "yellow"
    if card in WHITE:
        return "white"
    if card in BLUE:
        return "blue"
    if card in PINK:
        return "pink"
    if card in SACK:
        return "sack"
    return "bonus"


def half_of(card: str, half: str, seat: int) -> tuple[str, str]:
    """(action, colour) printed on a half ("U"/"L"); "any" where a yellow half leaves it open."""
    if card in START_CARDS:
        i = 0 if half == "U" else 1
        return START_CARDS[card][i], COLOUR_SETS[seat][card][i]
    _, upper, lower = YELLOW[card]
    h = upper if half == "U" else lower
    return h.action, h.colour


def offer_json(o: Offer) -> JSON:
    return {"gold": bool(o.bonus), "sell": o.sell, "item": o.item, "price": gain_json(o.price),
            "bonus": _opt_gain(o.bonus)}


def area_json(p: Player) -> JSON:
    workshops = []
    gardens = []
    for i in range(GRID * GRID):
        c, r = cell_cr(i)
        tile = p.ws[i]
        if tile:
            icons = []
            if p.side[i] == 0:
                for edge, reward in WORKSHOPS[tile].icons:
                    facing = icon_edge(edge, p.rot[i])
                    k = EDGES.index(facing)
                    nb = NEIGHBOUR[i][k]
                    icons.append({"edge": facing, "reward": gain_json(reward),
                                  "faces": None if nb == NO else nb,
                                  "collected": i * 4 + k in p.icons})
            workshops.append({"cell": i, "name": cell_name(i), "c": c, "r": r,
                              "tile": workshop_json(tile),
                              "side": "front" if p.side[i] == 0 else "back",
                              "rotation": p.rot[i], "icons": icons})
        elif p.small[i] or p.large[i]:
            units = p.units(i)
            gardens.append({"cell": i, "name": cell_name(i), "c": c, "r": r,
                            "small": p.small[i], "large": p.large[i], "units": units,
                            "complete": units >= SQUARE_UNITS})
    return {"size": GRID, "workshops": workshops, "gardens": gardens}


def capacity(p: Player) -> int:
    return p.camels * CAPACITY_PER_CAMEL + (2 if "SB1-3" in p.specials else 0)


def player_json(st: State, seat: int, viewer: int | None) -> JSON:
    p = st.players[seat]
    own = viewer == seat
    played = []
    for entry in p.played:
        card, _, half = entry.partition(":")
        action, colour = half_of(card, half, seat)
        played.append({"card": card_json(card, seat), "half": "upper" if half == "U" else "lower",
                       "action": action, "colour": colour})
    return {
        "seat": seat, "label": SEAT_LABELS[seat], "score": p.vp, "coins": p.coins,
        "ware": {w: p.ware[i] for i, w in enumerate(WARE)}, "ware_cap": WAREHOUSE_CAP,
        "caravan": {"at": p.loc, "camels": p.camels, "capacity": capacity(p),
                    "cargo": p.cargo or None, "count": p.cargo_n},
        "hand_count": len(p.hand),
        "hand": [card_json(c, seat) for c in p.hand] if own else None,
        "deck_count": len(p.deck),
        "pending_count": len(p.pending),
        "pending": [card_json(c, seat) for c in p.pending] if own else None,
        "played": played,
        "facedown_count": len(p.facedown),
        "facedown": [card_json(c, seat) for c in p.facedown] if own else None,
        "removed": [card_json(c, seat) for c in p.removed],
        # UNCERTAIN (§17.1): pink cards are shown openly like the other special cards.
        "specials": [card_json(c, seat) for c in p.specials],
        "used_whites": [card_json(c, seat) for c in p.used],
        "tracks": {c: p.track[i] for i, c in enumerate(COLOURS)},
        "garden_squares": p.squares,
        "merchant_row": [t or None for t in p.row], "overflow": list(p.overflow),
        "tokens": p.tokens(), "scarabs": p.scarabs(), "bases": list(p.bases),
        "canals": sum(1 for i in range(NET_SPACES)
                      if st.owner[i] == seat and not st.net[i].startswith("TK")),
        "tanks": sum(1 for i in range(NET_SPACES)
                     if st.owner[i] == seat and st.net[i].startswith("TK")),
        "area": area_json(p),
    }


def _box_state(holder: int) -> str:
    if holder == BOX_FREE:
        return "free"
    if holder == BOX_BLOCKED:
        return "blocked"
    if holder == BOX_UNUSED:
        return "unused"
    return "taken"


def map_json(st: State) -> JSON:
    nodes = [{"id": n, "name": CITY_NAMES[n],
              "kind": "home" if n == "R" else "junction" if n == "G" else "city",
              "x": MAP_XY[n][0], "y": MAP_XY[n][1]} for n in NODES]
    cities = []
    for i, city in enumerate(CITIES):
        side = st.tile_side[i]
        cities.append({
            "id": city, "name": CITY_NAMES[city], "side": SIDE_NAMES[side],
            "offers": [offer_json(o) for o in TRADING_TILES[city][side]],
            "other_side": [offer_json(o) for o in TRADING_TILES[city][1 - side]],
            "boxes": [{"box": b + 1, "token": token, "reward": gain_json(gain(reward)),
                       "state": _box_state(st.boxes[city][b]),
                       "holder": st.boxes[city][b] if st.boxes[city][b] >= 0 else None}
                      for b, (token, reward) in enumerate(BOXES[city])],
        })
    return {"nodes": nodes, "roads": [list(r) for r in ROADS], "cities": cities}


def network_json(st: State) -> JSON:
    spaces = []
    for i in range(NET_SPACES):
        r, c = space_rc(i)
        bonus = st.cbonus[i]
        spaces.append({
            "space": i, "name": space_name(i), "row": r, "col": c,
            "reward": gain_json(SPACE_REWARD[i]),
            "tile": canal_json(st.net[i]) if st.net[i] else None,
            "owner": st.owner[i] if st.owner[i] != NO else None,
            "cube": CUBE_NAMES[st.cube[i]],
            "bonus_tile": {"id": bonus, "reward": gain_json(CANAL_BONUS[bonus])} if bonus else None,
        })
    return {"rows": NET_ROWS, "cols": NET_COLS, "setup_card": st.setup, "tank_row": TANK_ROW,
            "spaces": spaces}


def rival_json(st: State) -> JSON | None:
    if not st.rival:
        return None
    last = st.rival_discard[-1] if st.rival_discard else None
    return {
        "deck": len(st.rival_deck),
        "last": None if last is None else {
            "id": last, "colour": RIVAL_CARDS[last][0], "city": RIVAL_CARDS[last][1],
            "workshop": RIVAL_CARDS[last][2]},
        "removed_workshops": list(st.removed_ws),
    }


def build_view(
    st: State, seat: int | None, decision: Decision | None, options: tuple[Option, ...],
    outcome: Outcome | None, turn_in_round: int,
) -> JSON:
    out = outcome_json(outcome)
    if out is not None and outcome is not None:
        out["result"] = outcome.result
    return {
        "game": "resafa", "viewer": seat, "players_count": st.np, "solo": st.solo,
        "round": st.round, "rounds": ROUNDS, "rain_rounds": list(RAIN_ROUNDS),
        "rains_done": [r for r in RAIN_ROUNDS
                       if r < st.round or (r == st.round and st.phase == "over")],
        "phase": st.phase, "step": st.step, "start_player": st.start,
        "current_seat": st.current, "active_seat": decision.seat if decision else None,
        "turn_in_round": turn_in_round,
        "stand_in": list(STAND_IN),
        "bonus_display": {c: [card_json(b, 0) for b in st.bonus[c]] for c in COLOURS},
        "bonus_deck": {c: len(st.bonus_deck[c]) for c in COLOURS},
        "special_offer": {
            c: [{"level": lv,
                 "top": card_json(st.special[f"{c}{lv}"][-1], 0)
                 if st.special[f"{c}{lv}"] else None,
                 "count": len(st.special[f"{c}{lv}"])} for lv in (1, 2, 3)]
            for c in COLOURS
        },
        "track": {"steps": 9, "levels": {str(k): v for k, v in LEVEL_STEPS.items()}},
        "workshop_offer": {
            "level1": [workshop_json(t) if t else None for t in st.offer1],
            "level2": [workshop_json(t) if t else None for t in st.offer2],
            "deck1": len(st.deck1), "deck2": len(st.deck2), "level2_open": st.round >= 3,
        },
        "gardens": {"small": st.small_left, "large": st.large_left},
        "sack_deck": len(st.sack),
        "canal_display": [canal_json(t) for t in st.canal_display],
        "canal_stack": len(st.canal_stack),
        "tanks": [canal_json(t) for t in st.tanks],
        "network": network_json(st),
        "map": map_json(st),
        "merchant_row": [{"space": i + 1, "accepts": "any" if sq else "scarab",
                          "reward": gain_json(gain(reward))}
                         for i, (sq, reward) in enumerate(MERCHANT_ROW)],
        "garden_track": [gain_json(gain(g)) for g in GARDEN_TRACK],
        "garden_track_later": gain_json(gain(GARDEN_TRACK_LATER)),
        "players": [player_json(st, s, seat) for s in range(st.np)],
        "rival": rival_json(st),
        "solo_bands": [{"from": floor, "result": name} for floor, name in SOLO_BANDS]
        if st.solo else None,
        "decision": decision_json(decision, seat, options),
        "log": list(st.log[-LOG_LINES:]),
        "outcome": out,
    }


def hidden_ids(st: State, seat: int | None) -> frozenset[str]:
    """Card ids the viewer must not see: other hands, pending yellows, face-down played cards,
    every deck's contents below what is face up, and the sack deck."""
    hidden: set[str] = set()
    for s, p in enumerate(st.players):
        if s != seat:
            hidden.update(c for c in p.hand if c not in START_CARDS)
            hidden.update(p.pending)
    searching = ""
    top = st.frames[-1] if st.frames else None
    if top is not None and top.kind == "search" and seat == st.current:
        searching = f"{top['c']}{top['lv']}"  # the searcher sees that deck's cards
    for c in COLOURS:
        hidden.update(st.bonus_deck[c])
        for lv in (1, 2, 3):
            if f"{c}{lv}" != searching:
                hidden.update(st.special[f"{c}{lv}"][:-1])
    hidden.update(st.sack)
    hidden.update(st.deck1)
    hidden.update(st.deck2)
    hidden.update(st.canal_stack)
    # a card can be hidden in one place and public in another only if it is the same id in a
    # public place; drop those (a searched deck's top card, for instance, is public)
    public: set[str] = set()
    for c in COLOURS:
        public.update(st.bonus[c])
    for p in st.players:
        public.update(p.specials)
        public.update(p.used)
        public.update(e.split(":")[0] for e in p.played)
    return frozenset(hidden - public)


def text_board(st: State, seat: int | None, decision: Decision | None) -> str:
    lines = [f"Resafa — round {st.round}/{ROUNDS}, {SEAT_LABELS[st.current]} to play"
             + (" (solo)" if st.solo else "")]
    for s, p in enumerate(st.players):
        ware = " ".join(f"{w}{p.ware[i]}" for i, w in enumerate(WARE))
        tracks = " ".join(f"{c}{p.track[i]}" for i, c in enumerate(COLOURS))
        cargo = f"{p.cargo_n}{p.cargo}" if p.cargo else "empty"
        camels = f"{p.camels} camel" + ("" if p.camels == 1 else "s")
        lines.append(
            f"{SEAT_LABELS[s]}: {p.vp} VP, {p.coins} C, {ware}; caravan at "
            f"{CITY_NAMES[p.loc]} ({camels}, {cargo}); tracks {tracks}; "
            f"squares {p.squares}; tokens {p.tokens()}; bases {','.join(p.bases) or '-'}; "
            f"hand {len(p.hand)}"
        )
        if s == seat:
            lines.append(f"  your hand: {' '.join(p.hand) or '-'}"
                         + (f"; pending yellow: {' '.join(p.pending)}" if p.pending else ""))
        if p.specials:
            lines.append(f"  special cards: {' '.join(p.specials)}")
        lines.append("  workshops: " + " ".join(
            f"{cell_name(i)}={p.ws[i]}{'' if p.side[i] == 0 else '(back)'}"
            + (f"@{p.rot[i]}" if p.side[i] == 0 and p.rot[i] else "")
            for i in p.workshops()))
        gardens = [f"{cell_name(i)}:{p.units(i)}/3" for i in range(GRID * GRID)
                   if p.small[i] or p.large[i]]
        if gardens:
            lines.append("  gardens: " + " ".join(gardens))
    lines.append("Water network (row 1 top):")
    for r in range(NET_ROWS):
        cells = []
        for c in range(NET_COLS):
            i = r * NET_COLS + c
            t = st.net[i] or "··"
            own = "" if st.owner[i] == NO else SEAT_LABELS[st.owner[i]][0]
            cube = ("", "○", "●")[st.cube[i]]
            cells.append(f"{t}{own}{cube}".ljust(7))
        lines.append("  " + " ".join(cells))
    lines.append("Offers: L1 " + " ".join(t or "-" for t in st.offer1)
                 + " | L2 " + " ".join(t or "-" for t in st.offer2)
                 + " | canals " + " ".join(st.canal_display)
                 + f" | tanks {len(st.tanks)}")
    lines.append("Bonus: " + "  ".join(f"{c}:{' '.join(st.bonus[c]) or '-'}" for c in COLOURS))
    lines.append("Cities: " + "  ".join(
        f"{city}{SIDE_NAMES[st.tile_side[i]]}" for i, city in enumerate(CITIES)))
    if decision is not None:
        lines.append(f"{SEAT_LABELS[decision.seat]}: {decision.prompt}")
    return "\n".join(lines)
