"""Sahwari notation (spec 16.5): reading typed moves, labelling legal ones, and saying why a
well-formed move is not allowed now.

Positions are written as on the board (`B2`), directions `N E S W`, camels `G1`, `P1a`,
caravans by their public handle (`c07`), recruit cards by id (`R17`) and artifact spaces by
junction name (`L1|CLAN`).
"""

from __future__ import annotations

import re
from typing import Any

from games.core.contract import Decision, echo
from games.core.errors import NotationError
from games.core.stack import BACK
from games.sahwari.engine import moves as M
from games.sahwari.engine import queries as Q
from games.sahwari.engine.data import (
    CARAVAN_BY_ID,
    CARD_BY_ID,
    DESERT,
    ICON_NAMES,
    LEADER_BY_KEY,
    NO,
    POS_INDEX,
    POS_NAMES,
    RESOURCE,
    SEAT_LABELS,
    STORAGE_ICONS,
    WORD_ICONS,
    camel_ids,
    caravan_text,
)
from games.sahwari.engine.state import SahwariState

VERBS = frozenset((
    "leader", "enter", "move", "off", "stay", "take", "guild", "stop", "cube", "card", "use",
    "keep", "first", "spy", "bird", "bowl", "tornado", "to", "attack", "seal", "push",
    "spend", "forge", "reveal", "fill", "lock", "done", BACK,
))  # fmt: skip
ALIASES = {"end": "done", "pass": "done", "peek": "spy", "place": "cube"}
COMPASS = {"N": "north", "E": "east", "S": "south", "W": "west"}
LABELS = {s.lower(): s for s in SEAT_LABELS}
MAX_ARGS = 4  # the longest move, `attack B2 camel P2a`, has three
_WORD = re.compile(r"^[A-Za-z0-9|]{1,16}$")
_POS = re.compile(r"^[a-e][1-5]$")
_CARD = re.compile(r"^r\d\d$")
_HANDLE = re.compile(r"^c\d\d$")
_CAMEL = re.compile(r"^(g[12]|p[1-4][ab])$")
_PIECE = re.compile(r"^(clan|[lr]\d+)$")


def token(word: str) -> str:
    w = word.lower()
    if _POS.match(w) or _CARD.match(w) or w in ("n", "e", "s", "w"):
        return w.upper()
    if _HANDLE.match(w):
        return w
    if _CAMEL.match(w):
        return w[:2].upper() + w[2:]
    if "|" in w:
        return "|".join(p.upper() if _PIECE.match(p) else p for p in w.split("|"))
    if w in LABELS:
        return LABELS[w]
    return w


def normalize(text: str) -> str:
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError("Type a move, for example `move B2 N`, `take cube` or `done`.")
    verb = words[0].lower()
    verb = ALIASES.get(verb, verb)
    if verb not in VERBS:
        raise NotationError(
            f"`{echo(text)}` is not a Sahwari move. Moves start with one of: "
            + ", ".join(sorted(VERBS)) + "."
        )
    args = words[1:]
    if len(args) > MAX_ARGS:
        raise NotationError(f"`{echo(text)}` has too many words for a Sahwari move.")
    for word in args:
        if not _WORD.match(word):
            raise NotationError(
                f"`{echo(text)}` is not a Sahwari move: `{echo(word)}` is not a position, "
                "camel, caravan, card, artifact space or option word."
            )
    return " ".join([verb, *(token(w) for w in args)])


# ---- labels ----------------------------------------------------------------------------------


def caravan_label(st: SahwariState, seat: int, h: str) -> str:
    colour = "yellow" if st.hcol.get(h) == "Y" else "blue"
    if h in st.faceup or h in st.known[seat]:
        return f"{colour} {h} ({caravan_text(CARAVAN_BY_ID[st.hid[h]])})"
    return f"{colour} {h}"


def describe(st: SahwariState, dec: Decision | None, action: str) -> str:
    seat = st.seat if dec is None else dec.seat
    words = action.split()
    verb = words[0]
    arg = words[1] if len(words) > 1 else ""
    if verb == "done":
        return "Done: end this step"
    if verb == BACK:
        return "Back"
    if verb == "stay":
        return "Stay (collect here)"
    if verb == "leader":
        leader = LEADER_BY_KEY[arg]
        return f"Keep the {leader.name} — {leader.text}"
    if verb == "enter":
        return f"Bring your camel onto {arg}"
    if verb == "move":
        return f"Move the camel on {arg} {COMPASS.get(words[2], words[2])}"
    if verb == "off":
        return f"Take the camel on {arg} off the map"
    if verb == "stop":
        return f"Stop on {arg}"
    if verb == "guild":
        return f"Move guild camel {arg} {words[2]}"
    if verb == "take":
        if arg in ("cube", "pawn"):
            return {"cube": "Take an artifact cube", "pawn": "Take a recruit pawn"}[arg]
        return f"Take the {caravan_label(st, seat, arg)} caravan"
    if arg in ("left", "right") and verb in ("cube", "forge", "fill"):
        return f"An artifact space {arg} of the clan sheet"
    if arg == "more" and verb in ("cube", "forge", "fill"):
        return "More artifact spaces"
    if verb == "cube":
        return "Put it in storage" if arg == "storage" else f"Put it on space {arg}"
    if verb == "card":
        return f"{arg} {CARD_BY_ID[arg].name}, at the {words[2]} end"
    if verb == "use":
        return "Use it now"
    if verb == "keep":
        return "Keep it face down"
    if verb == "first":
        return f"{ICON_NAMES[WORD_ICONS[arg]]} first"
    if verb == "spy":
        if arg in ("tile", "player"):
            return {"tile": "Look at a tile", "player": "Look at an opponent"}[arg]
        return f"Look at the caravans {'on' if arg in POS_INDEX else 'of'} {arg}"
    if verb == "bird":
        return f"Bird to {arg}"
    if verb == "bowl":
        return f"Take caravan {arg} with the bowl"
    if verb == "tornado":
        return f"Tornado on camel {arg}"
    if verb == "to":
        return f"Put it on {arg}"
    if verb == "attack":
        if len(words) == 1:
            return "Attack (spend a strategy token)"
        if len(words) == 2:
            return f"Attack from {arg}"
        return f"From {arg}, attack {words[2]} {words[3]}"
    if verb == "seal":
        return f"Lock space {arg}"
    if verb == "push":
        return f"Push it to {arg}"
    if verb == "spend":
        return "Spend a recruit pawn" if not arg else f"Spend a pawn: {arg}"
    if verb == "forge":
        return f"Forge a cube onto {arg}"
    if verb == "reveal":
        return "Reveal a caravan" if not arg else f"Reveal {caravan_label(st, seat, arg)}"
    if verb == "fill":
        return "Fill an artifact space" if not arg else f"Move a stored cube to {arg}"
    if verb == "lock":
        return f"Storage ability {arg}: {ICON_NAMES[STORAGE_ICONS[int(arg)]]}"
    return action


# ---- what an option points at ---------------------------------------------------------------


def targets(st: SahwariState, dec: Decision | None, action: str) -> dict[str, Any]:
    """What a legal ``action`` points at on the board, as plain JSON: a tile ``{"tile": "B2"}``
    (with ``tiles`` where a camel may stop), a camel id, a caravan handle, a market card and
    the end of the row, an artifact space of a seat, a storage space, a seat, effect icons.
    Options that only open another question, and ``done``, point at nothing."""
    if dec is None:
        return {}
    seat = dec.seat
    words = action.split()
    verb = words[0]
    arg = words[1] if len(words) > 1 else ""
    frame = st.stack.top
    ids = camel_ids(st.np)
    if verb == "leader":
        return {"leader": arg}
    if verb == "enter":
        return {"tile": arg}
    if verb in ("move", "off", "guild"):
        if verb == "guild":
            c = ids.index(arg)
        elif dec.kind == "second_move":
            c = st.moved
        else:
            c = next(c for c in M.own_camels(st, seat) if st.cpos[c] == POS_INDEX[arg])
        out: dict[str, Any] = {"camel": ids[c], "tile": POS_NAMES[st.cpos[c]]}
        if verb != "off":
            d = words[2]
            out["direction"] = d
            out["tiles"] = [POS_NAMES[p] for p in M.destinations(st, c, d)]
        return out
    if verb in ("stop", "to", "push") and frame is not None and "c" in frame.data:
        return {"camel": ids[frame["c"]], "tile": arg}
    if verb == "take":
        pos = frame["pos"] if frame is not None and frame.kind == "take" else st.mend
        if arg in ("cube", "pawn"):
            return {"tile": POS_NAMES[pos], "item": arg}
        return {"tile": POS_NAMES[pos], "item": "caravan", "caravan": arg}
    if verb in ("cube", "forge", "fill", "seal") and arg and arg not in ("left", "right", "more"):
        if arg == "storage":
            return {"storage": st.store[seat] + 1}
        owner = frame["t"] if verb == "seal" and frame is not None else seat
        return {"seat": owner, "space": arg}
    if verb == "card":
        return {"card": arg, "end": words[2]}
    if verb in ("use", "keep") and frame is not None:
        return {"caravan": frame["h"]}
    if verb == "first" or (verb == "spend" and arg in WORD_ICONS):
        return {"icons": [WORD_ICONS[arg]]}
    if verb == "lock":
        return {"storage": int(arg), "icons": [STORAGE_ICONS[int(arg)]]}
    if verb == "spy" and arg in POS_INDEX:
        return {"tile": arg}
    if verb == "spy" and arg in SEAT_LABELS:
        return {"seat": SEAT_LABELS.index(arg)}
    if verb == "bird":
        return {"tile": arg}
    if verb == "tornado":
        c = ids.index(arg)
        return {"camel": arg, "tile": POS_NAMES[st.cpos[c]]}
    if verb in ("bowl", "reveal") and arg:
        where = next((p for p, items in enumerate(st.items) if arg in items), NO)
        return {"caravan": arg} if where == NO else {"caravan": arg, "tile": POS_NAMES[where]}
    if verb == "attack" and len(words) == 2:
        return {"tile": arg}
    if verb == "attack" and len(words) == 4:
        target = words[3]
        if words[2] == "camel":
            pos = st.cpos[ids.index(target)]
            return {"from": arg, "camel": target, "tile": POS_NAMES[pos]}
        pos = next(p for p, items in enumerate(st.items) if target in items)
        return {"from": arg, "caravan": target, "tile": POS_NAMES[pos]}
    return {}


# ---- why not -----------------------------------------------------------------------------------


def explain_illegal(st: SahwariState, dec: Decision | None, action: str) -> str:
    if dec is None:
        return "The game is over."
    seat = dec.seat
    words = action.split()
    verb = words[0] if words else ""
    reason = specific(st, dec, seat, verb, words)
    if reason:
        return reason
    shown = ", ".join(f"`{a}`" for a in dec.actions[:10])
    more = "" if len(dec.actions) <= 10 else f" and {len(dec.actions) - 10} more"
    return f"`{echo(action)}` is not possible now. {dec.prompt} Choices: {shown}{more}."


def specific(
    st: SahwariState, dec: Decision, seat: int, verb: str, words: list[str]
) -> str | None:
    arg = words[1] if len(words) > 1 else ""
    if verb == "attack" and not st.strat[seat]:
        return ("An attack needs a strategy token (crossed swords side up), and you have "
                "none. Crossed-swords icons give them.")
    if verb == "lock" and arg.isdigit():
        n = int(arg)
        if n in st.slock[seat]:
            return (f"The storage ability on space {n} has been used already: each storage "
                    "ability works once per game.")
        if n not in STORAGE_ICONS:
            return f"Storage space {n} has no ability."
        if not st.locks[seat]:
            return "You have no lock token left: storage abilities are used up."
        if st.store[seat] < n:
            return f"Storage space {n} is not covered by a cube, so its ability is locked."
    if verb == "card" and len(words) >= 3 and words[2] not in ("left", "right"):
        return ("A recruit card goes at the far left or the far right end of your clan row, "
                "never in the middle.")
    if verb == "spy" and arg and (arg == SEAT_LABELS[seat] or arg in st.cars[seat]):
        return ("A spyglass looks at caravans on the map or an opponent's; your own "
                "caravans you know already.")
    frame = st.stack.top
    if verb == "stop" and arg in POS_INDEX and frame is not None and frame.kind == "stop":
        pos = POS_INDEX[arg]
        if st.kind[pos] == DESERT and st.owner(frame["c"]) != NO:
            return f"Your camels never stop on desert ({arg}); only guild camels may."
    if verb == "move" and len(words) >= 3 and arg in POS_INDEX and dec.kind in (
        "move", "second_move", "no_move"
    ):
        return move_reason(st, seat, POS_INDEX[arg], words[2])
    return None


def move_reason(st: SahwariState, seat: int, pos: int, d: str) -> str | None:
    mine = [c for c in M.own_camels(st, seat) if st.cpos[c] == pos]
    if not mine:
        return f"You have no camel on {POS_NAMES[pos]}."
    if d not in ("N", "E", "S", "W"):
        return "Directions are N, E, S or W (camels move orthogonally)."
    c = mine[0]
    ids = camel_ids(st.np)
    for p in M.RAYS[pos][d]:
        others = [x for x, q in enumerate(st.cpos) if q == p and x != c]
        hostile = [x for x in others if st.owner(x) != seat]
        k = st.kind[p]
        if Q.is_common(st, p):
            if k != "G" or not st.items[p]:
                continue
            return None
        if hostile:
            what = "resource tile" if k == RESOURCE and st.items[p] else "desert"
            return (f"Your camel cannot pass {ids[hostile[0]]} on the {what} "
                    f"{POS_NAMES[p]}: camels can be passed only on the Guild tile and "
                    "oases.")
        if k == RESOURCE and st.items[p] and not others:
            return None
    return (f"The camel on {POS_NAMES[pos]} finds no tile to stop on going {d}: it must "
            "reach a tile with resources, an oasis or the Guild tile.")
