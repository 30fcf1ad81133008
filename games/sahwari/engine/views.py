"""What each seat sees of a Sahwari state: the JSON view, the hidden strings, the text board.

View schema (`view(state, seat)`, seat None = spectator); the board, the clan boards and the
private panel are drawn from exactly this:

```
{"game": "sahwari", "viewer": seat|null, "players_count": 2..4,
 "turn": {"seat": s, "label": "Orange", "number": k (turns begun, all seats), "step": str,
          "phase": "leaders"|"start"|"move"|"collect"|"guild camel"|"abilities"|"over",
          "step_label": "Collect: place the recruit card" (the question asked, in words)},
 "first_player": s, "active_seat": seat|null (seat of the pending decision),
 "end_triggered": bool, "last_seat": seat|null (the round ends after this seat's turn),
 "resource_tiles": int (Guild included; the end comes at 6), "end_tiles": 6,
 "map": [{"pos": "A1", "row": 0..4, "col": 0..4,
          "kind": "guild"|"resource"|"desert"|"oasis",
          "emptied": bool,            # resource side up but empty: flips at the end of turn
          "slots": "ARY"|"",          # the tile's setup pattern (A cube, R pawn, Y, B caravan)
          "items": [ITEM...], "camels": [camel id...]} x25],   # row by row, A1..E5
 "guild": {"pos": "C3", "cube_spaces": 4, "pawn_spaces": 4, "cubes": n, "pawns": n},
 "camels": [{"id": "G1"|"P1a", "owner": seat|null, "label": "Guild"|"Orange",
             "pos": "C3"|null (off the map)}...],
 "market": [CARD...], "deck": int, "discard": [CARD...], "supply": int (cubes),
 "players": [{"seat", "label", "leader": LEADER|null, "choosing_leader": bool,
              "row": [{"name": "L1"|"CLAN"|"R1", "card": CARD|null,
                       "left": colour, "right": colour}...],     # left to right
              "junctions": [{"name": "L1|CLAN", "state": "dead"|"empty"|"active"|"locked",
                             "effects": [EFFECT...]}...],       # between row[i] and row[i+1]
              "storage": {"cubes": n, "score": v, "spaces": [{"space": 1..6, "value": v,
                          "icon": ICON|null, "covered": bool, "locked": bool}...],
                          "end_value": 9},
              "recruits": {"pawns": n, "score": v, "spaces": [{"space": 1..5, "value": v,
                           "covered": bool}...], "end_value": 9},
              "locks_left": 0..2, "strategy": n, "turns": n, "camels": [camel id...],
              "caravans": [CARAVAN...],             # in the order gained
              "score": int, "breakdown": {category: int},
              "score_complete": bool}...],  # false: it leaves out caravans the viewer cannot see
 "private": null | {"seat": s, "caravans": [CARAVAN...] (own, face down),
                    "spied": [{"handle", "colour", "where": "B2"|"Purple"|"gone",
                               "face": FACE}...]},   # what this seat has seen elsewhere
 "decision": {"seat", "kind", "prompt", "actions": [..], "options": [..]} | null,
 "log": [str...], "outcome": null | {...}, "stand_in": [str...]}
ITEM = {"kind": "cube"} | {"kind": "pawn"} | {"kind": "caravan", ...CARAVAN}
CARAVAN = {"handle": "c07", "colour": "yellow"|"blue", "face_up": bool, "used": bool,
           "face": FACE|null}          # face: null unless the viewer may see it
FACE = {"id": "B04", "influence": 3, "actions": [ICON...], "text": "+3 and Spyglass"}
CARD = {"id": "R17", "name": "Hunter", "left": colour, "right": colour,
        "left_effect": EFFECT, "right_effect": EFFECT, "clan": leader key|null}
EFFECT = ICON | "INF+2";  ICON = "CHEST"|"SPYGLASS"|... (data.ACTIONS);
colour = "Ochre"|"Indigo"|"Crimson"|"Jade"
LEADER = {"key": "merchant", "name": "Merchant", "text": str, "left": colour, "right": colour}
```
"""

from __future__ import annotations

from collections.abc import Iterable

from games.core.contract import JSON, Decision, Option, Outcome
from games.core.views import decision_json, outcome_json
from games.sahwari.engine import queries as Q
from games.sahwari.engine.data import (
    CARAVAN_BY_ID,
    CARAVAN_COLOURS,
    CARD_BY_ID,
    COLOUR_NAMES,
    CUBE,
    END_TILES,
    GUILD_CUBE_SPACES,
    GUILD_PAWN_SPACES,
    GUILD_POS,
    JUNCTION_NAMES,
    KIND_NAMES,
    LEADER_BY_KEY,
    NO,
    PAWN,
    POS_NAMES,
    RECRUIT_SPACES,
    RECRUIT_VALUES,
    RESOURCE,
    SIZE,
    STAND_IN,
    STORAGE_ICONS,
    STORAGE_SPACES,
    STORAGE_VALUES,
    camel_ids,
    camel_owners,
    caravan_text,
)
from games.sahwari.engine.state import SahwariState

PHASES = {
    "leader": "leaders", "w0": "start", "enter": "move", "move": "move", "w1a": "move",
    "explore": "move", "w1": "abilities", "collect": "collect", "collecting": "collect",
    "w2": "abilities", "guild": "guild camel", "w3": "abilities", "over": "over",
}  # fmt: skip

# The step of the turn in words, when no question is stacked on it.
STEP_WORDS = {
    "leader": "Leaders: keep one of the two dealt", "w0": "Start of turn: abilities",
    "enter": "Move: bring a camel onto the map", "move": "Move: move a camel",
    "w1a": "Move: abilities between the two moves", "explore": "Move: the second move",
    "w1": "Abilities after the move", "collect": "Collect: take one item",
    "w2": "Abilities after collecting", "guild": "Guild camel: move one",
    "w3": "Abilities before the end of the turn", "over": "Game over",
}  # fmt: skip

# A question stacked on the step, in words (rules module docstring).
FRAME_WORDS = {
    "take": "Bird: take an item", "cube": "Artifact cube: put it in storage or on a space",
    "card": "Recruit card: take one and place it", "caravan": "Caravan: use or keep",
    "icons": "Effects: choose which comes first", "spy": "Spyglass: choose what to look at",
    "bird": "Bird: choose a tile", "bowl": "Bowl: choose a caravan",
    "tornado": "Tornado: choose a camel", "whirl": "Tornado: choose where the camel goes",
    "attack": "Attack: choose the target", "seal": "Attack: lock an artifact",
    "push": "Attack: push the camel", "spend": "Recruit track: spend a pawn",
    "forge": "Recruit track: choose the space for the forged cube",
    "reveal": "Abilities: reveal a caravan", "fill": "Abilities: move a stored cube",
}  # fmt: skip
# What the collected item asks, said as part of collecting.
COLLECT_WORDS = {
    "cube": "Collect: place the artifact cube", "card": "Collect: place the recruit card",
}


def step_words(st: SahwariState) -> str:
    """The question being asked, as the step of the turn it belongs to."""
    frame = st.stack.top
    if frame is None:
        return STEP_WORDS.get(st.step, st.step)
    if st.step == "collecting" and frame.kind in COLLECT_WORDS:
        return COLLECT_WORDS[frame.kind]
    if frame.kind == "stop":
        return ("Guild camel: choose where it stops" if st.step == "guild"
                else "Move: choose where the camel stops")
    return FRAME_WORDS.get(frame.kind, STEP_WORDS.get(st.step, st.step))


def sees_face(st: SahwariState, handle: str, viewer: int | None) -> bool:
    return handle in st.faceup or (viewer is not None and handle in st.known[viewer])


def _face(cid: str) -> JSON:
    c = CARAVAN_BY_ID[cid]
    return {"id": cid, "influence": c.influence, "actions": list(c.actions),
            "text": caravan_text(c)}


def _card(cid: str) -> JSON:
    c = CARD_BY_ID[cid]
    return {"id": cid, "name": c.name, "left": COLOUR_NAMES[c.left],
            "right": COLOUR_NAMES[c.right], "left_effect": c.left_effect,
            "right_effect": c.right_effect, "clan": c.clan or None}


# Built once: every view repeats them. Handed out as copies, so a view is its reader's own.
_FACES = {cid: _face(cid) for cid in CARAVAN_BY_ID}
_CARDS = {cid: _card(cid) for cid in CARD_BY_ID}


def face_json(cid: str) -> JSON:
    face = _FACES[cid]
    return {**face, "actions": list(face["actions"])}


def caravan_json(st: SahwariState, handle: str, viewer: int | None) -> JSON:
    return {
        "handle": handle,
        "colour": CARAVAN_COLOURS[st.hcol[handle]],
        "face_up": handle in st.faceup,
        "used": handle in st.used,
        "face": face_json(st.hid[handle]) if sees_face(st, handle, viewer) else None,
    }


def card_json(cid: str) -> JSON:
    return {**_CARDS[cid]}


def leader_json(key: str) -> JSON | None:
    ld = LEADER_BY_KEY.get(key)
    if ld is None:
        return None
    return {"key": ld.key, "name": ld.name, "text": ld.text,
            "left": COLOUR_NAMES[ld.left], "right": COLOUR_NAMES[ld.right]}


def item_json(st: SahwariState, item: str, viewer: int | None) -> JSON:
    if item == CUBE:
        return {"kind": "cube"}
    if item == PAWN:
        return {"kind": "pawn"}
    return {"kind": "caravan", **caravan_json(st, item, viewer)}


def hidden_ids(st: SahwariState, seat: int | None) -> frozenset[str]:
    """Faces ``seat`` has not seen, unflipped tile ids and the leaders other seats were dealt
    and did not keep (spec 16.3). The deck's cards are no secret, only their order."""
    out = [st.hid[h] for h in st.hid if not sees_face(st, h, seat)]
    out.extend(st.unused)
    out.extend(t for pos, t in enumerate(st.tiles) if t and st.kind[pos] == RESOURCE)
    for s, dealt in enumerate(st.dealt):
        if s != seat:
            out.extend(k for k in dealt if k != st.leader[s])
    return frozenset(out)


def player_json(st: SahwariState, seat: int, viewer: int | None) -> JSON:
    row = st.row[seat]
    names = Q.piece_names(row)
    pieces = []
    for name, piece in zip(names, row, strict=True):
        left, right = Q.edge(st, seat, piece, "L")[0], Q.edge(st, seat, piece, "R")[0]
        pieces.append({"name": name, "card": None if piece == "CLAN" else card_json(piece),
                       "left": COLOUR_NAMES.get(left), "right": COLOUR_NAMES.get(right)})
    junctions = [
        {"name": name, "state": JUNCTION_NAMES[state],
         "effects": list(Q.junction_effects(st, seat, j))}
        for j, (name, state) in enumerate(zip(Q.junction_names(row), st.junc[seat],
                                              strict=True))
    ]
    cubes, pawns = st.store[seat], st.pawns[seat]
    scores = Q.breakdown(st, seat, viewer)
    complete = all(sees_face(st, h, viewer) for h in st.cars[seat])
    owners = camel_owners(st.np)
    return {
        "seat": seat,
        "label": Q.label(seat),
        "leader": leader_json(st.leader[seat]),
        "choosing_leader": not st.leader[seat],
        "row": pieces,
        "junctions": junctions,
        "storage": {
            "cubes": cubes, "score": Q.storage_score(cubes), "end_value": STORAGE_VALUES[-1],
            "spaces": [{"space": n, "value": STORAGE_VALUES[n], "icon": STORAGE_ICONS.get(n),
                        "covered": n <= cubes, "locked": n in st.slock[seat]}
                       for n in range(1, STORAGE_SPACES + 1)],
        },
        "recruits": {
            "pawns": pawns, "score": Q.recruit_score(pawns), "end_value": RECRUIT_VALUES[-1],
            "spaces": [{"space": n, "value": RECRUIT_VALUES[n], "covered": n <= pawns}
                       for n in range(1, RECRUIT_SPACES + 1)],
        },
        "locks_left": st.locks[seat],
        "strategy": st.strat[seat],
        "turns": st.turns[seat],
        "camels": [cid for cid, o in zip(camel_ids(st.np), owners, strict=True) if o == seat],
        "caravans": [caravan_json(st, h, viewer) for h in st.cars[seat]],
        "score": sum(scores.values()),
        "breakdown": scores,
        "score_complete": complete,
    }


def where_is(st: SahwariState, handle: str) -> str:
    for pos, items in enumerate(st.items):
        if handle in items:
            return POS_NAMES[pos]
    for s, cars in enumerate(st.cars):
        if handle in cars:
            return Q.label(s)
    return "gone"


def private_json(st: SahwariState, seat: int | None) -> JSON | None:
    if seat is None:
        return None
    own = [caravan_json(st, h, seat) for h in st.cars[seat] if h not in st.faceup]
    spied = [
        {"handle": h, "colour": CARAVAN_COLOURS[st.hcol[h]], "where": where_is(st, h),
         "face": face_json(st.hid[h])}
        for h in st.known[seat] if h not in st.faceup and h not in st.cars[seat]
    ]
    return {"seat": seat, "caravans": own, "spied": spied}


def map_json(st: SahwariState, viewer: int | None) -> list[JSON]:
    ids = camel_ids(st.np)
    out = []
    for pos in range(SIZE * SIZE):
        kind = st.kind[pos]
        items = st.items[pos]
        out.append({
            "pos": POS_NAMES[pos], "row": pos // SIZE, "col": pos % SIZE,
            "kind": KIND_NAMES[kind],
            "emptied": kind == RESOURCE and not items,
            "slots": st.pattern[pos],
            "items": [item_json(st, i, viewer) for i in items],
            "camels": [ids[c] for c, p in enumerate(st.cpos) if p == pos],
        })
    return out


def view(
    st: SahwariState, dec: Decision | None, seat: int | None, outcome: Outcome | None,
    options: Iterable[Option],
) -> JSON:
    ids = camel_ids(st.np)
    owners = camel_owners(st.np)
    cubes, pawns = Q.guild_counts(st)
    return {
        "game": "sahwari",
        "viewer": seat,
        "players_count": st.np,
        "turn": {"seat": st.seat, "label": Q.label(st.seat), "number": st.turnno,
                 "step": st.step, "phase": PHASES.get(st.step, st.step),
                 "step_label": step_words(st)},
        "first_player": st.first,
        "active_seat": None if dec is None else dec.seat,
        "end_triggered": st.endt,
        "last_seat": st.last if st.endt else None,
        "resource_tiles": Q.shows_resources(st),
        "end_tiles": END_TILES,
        "map": map_json(st, seat),
        "guild": {"pos": POS_NAMES[GUILD_POS], "cube_spaces": GUILD_CUBE_SPACES,
                  "pawn_spaces": GUILD_PAWN_SPACES, "cubes": cubes, "pawns": pawns},
        "camels": [
            {"id": cid, "owner": None if o == NO else o,
             "label": "Guild" if o == NO else Q.label(o),
             "pos": None if st.cpos[c] == NO else POS_NAMES[st.cpos[c]]}
            for c, (cid, o) in enumerate(zip(ids, owners, strict=True))
        ],
        "market": [card_json(c) for c in st.market],
        "deck": len(st.deck),
        "discard": [card_json(c) for c in st.discard],
        "supply": st.supply,
        "players": [player_json(st, s, seat) for s in range(st.np)],
        "private": private_json(st, seat),
        "decision": decision_json(dec, seat, options),
        "log": list(st.log_text()),
        "outcome": outcome_json(outcome),
        "stand_in": list(STAND_IN),
    }
