"""Targi notation: typed text to canonical actions, why a move is illegal, button labels."""

from __future__ import annotations

import re

from games.core.contract import Decision, echo, is_number
from games.core.errors import NotationError
from games.targi.engine.data import (
    BORDER,
    CELL_INDEX,
    CELLS,
    CORNERS,
    GOODS_CARDS,
    OPPOSITE,
    RAID_GOLD,
    RAID_GOODS,
    RAID_VP,
    RES_NAMES,
    SEAT_LABELS,
    TRIBE_CARDS,
    amounts_text,
    card_name,
    cost_text,
    goods_text,
)
from games.targi.engine.state import NO, TargiState

_GOOD_WORDS = {
    "d": "D", "date": "D", "dates": "D",
    "s": "S", "salt": "S", "salts": "S",
    "p": "P", "pepper": "P", "peppers": "P",
    "g": "G", "gold": "G", "golds": "G", "au": "G",
}  # fmt: skip
_ORDER = {"D": 0, "S": 1, "P": 2, "G": 3}
_BARE = ("end", "done", "play", "hand", "discard", "leave", "keep")
_WITH_ARGS = (
    "place", "use", "skip", "alt", "omit", "row", "take", "trade", "silver", "fata",
    "choose", "pay", "return",
)  # fmt: skip
MOST_GOODS = 4  # the most goods one move names: a Silversmith exchange of DDDD
EXAMPLES = "`place 5`, `use C22`, `skip 9`, `end`, `trade SS>P`, `pay vp`"


def _bad(text: str, hint: str = "") -> NotationError:
    extra = f" {hint}" if hint else ""
    return NotationError(f"`{echo(text)}` is not Targi notation.{extra} Examples: {EXAMPLES}.")


def _letters(tokens: list[str], original: str, allow_gold: bool = True) -> str:
    """Goods tokens ('2 salt pepper', 'dss', 'date') -> sorted letters 'SSP'."""
    out: list[str] = []
    count = 1
    pending_count = False
    for tok in tokens:
        if is_number(tok):
            count = int(tok)
            pending_count = True
            if count > MOST_GOODS:
                raise _bad(original, f"A move names at most {MOST_GOODS} goods.")
            continue
        if tok in _GOOD_WORDS:
            out.extend(_GOOD_WORDS[tok] * count)
        elif all(ch in "dspg" for ch in tok):
            if pending_count:
                raise _bad(original)
            out.extend(ch.upper() for ch in tok)
        else:
            raise _bad(original, f"`{tok}` is not a good (use D, S, P or G).")
        count = 1
        pending_count = False
    if len(out) > MOST_GOODS:
        raise _bad(original, f"A move names at most {MOST_GOODS} goods.")
    if not allow_gold and "G" in out:
        raise _bad(original, "Only dates, salt and pepper fit here; gold is never chosen here.")
    if pending_count or not out:
        raise _bad(original)
    return "".join(sorted(out, key=_ORDER.__getitem__))


def _target(tok: str, original: str) -> str:
    tok = tok.lstrip("#")
    if is_number(tok) and 1 <= int(tok) <= 16:
        return str(int(tok))
    if tok.upper() in CELL_INDEX:
        return tok.upper()
    raise _bad(original, "Name a border card 1-16 or a central cell C11-C33.")


def normalize(text: str) -> str:
    original = text.strip()
    t = original.lower().replace("→", ">").replace("->", ">")
    t = re.sub(r"\s*>\s*", " > ", t)
    tokens = t.split()
    if not tokens:
        raise _bad(original)
    if tokens[0] in ("noble", "tribe") and len(tokens) > 1:
        tokens = tokens[1:]
    verb, args = tokens[0], tokens[1:]
    if verb in _BARE:
        if args:
            raise _bad(original, f"`{verb}` takes no argument.")
        return verb
    if verb not in _WITH_ARGS:
        raise _bad(original)
    if not args:
        return verb
    if verb == "place":
        if len(args) != 1:
            raise _bad(original)
        n = args[0].lstrip("#")
        if not is_number(n) or not 1 <= int(n) <= 16:
            raise _bad(original, "Border cards are numbered 1-16.")
        return f"place {int(n)}"
    if verb in ("use", "skip"):
        if len(args) != 1:
            raise _bad(original)
        return f"{verb} {_target(args[0], original)}"
    if verb in ("alt", "row"):
        top = 2 if verb == "alt" else 3
        if len(args) != 1 or not is_number(args[0]) or not 1 <= int(args[0]) <= top:
            raise _bad(original, f"`{verb}` takes a number from 1 to {top}.")
        return f"{verb} {int(args[0])}"
    if verb == "omit":
        if args in (["none"], ["nothing"], ["no"]):
            return "omit none"
        letters = _letters(args, original, allow_gold=False)
        if len(letters) != 1:
            raise _bad(original, "Omit exactly one good, or `omit none`.")
        return f"omit {letters}"
    if verb in ("take", "return"):
        letters = _letters(args, original, allow_gold=False)
        if verb == "return" and len(letters) != 1:
            raise _bad(original, "Return one good at a time.")
        if len(letters) > 2:
            raise _bad(original)
        return f"{verb} {letters}"
    if verb == "trade":
        args = [">" if a in ("for", "to") else a for a in args]
        if ">" not in args:
            raise _bad(original, "Write trades as `trade SS>P`.")
        cut = args.index(">")
        give = _letters(args[:cut], original, allow_gold=True)
        get = _letters(args[cut + 1 :], original, allow_gold=True)
        if len(get) != 1:
            raise _bad(original, "A trade yields exactly one good or gold.")
        return f"trade {give}>{get}"
    if verb == "silver":
        if args in (["none"], ["nothing"]):
            return "silver none"
        if args[-1] == "vp":  # "silver 2 dates > vp" style
            args = [a for a in args[:-1] if a not in (">", "for")]
        return f"silver {_letters(args, original)}"
    if verb == "fata":
        if args in (["none"], ["nothing"]):
            return "fata none"
        cells = [a for a in args if a != ">"]
        if len(cells) != 2 or any(c.upper() not in CELL_INDEX for c in cells):
            raise _bad(original, "Write `fata C13>C22`.")
        return f"fata {cells[0].upper()}>{cells[1].upper()}"
    if verb == "choose":
        if len(args) != 1 or (
            args[0].upper() not in GOODS_CARDS and args[0].upper() not in TRIBE_CARDS
        ):
            raise _bad(original, "Name a revealed card, e.g. `choose GD1`.")
        return f"choose {args[0].upper()}"
    # pay
    if args in (["vp"], ["vps"]) or (len(args) == 2 and is_number(args[0]) and args[1] == "vp"):
        return "pay vp"
    return f"pay {_letters(args, original)}"


# ---- explanations -------------------------------------------------------------------------

_KIND_TEXT = {
    "raid_payment": "pay for the raid",
    "place_targi": "place a Targi figure",
    "action_menu": "choose an action from the action menu",
    "tribe_card": "decide what to do with the tribe card",
    "cost_alternative": "choose which cost alternative to pay",
    "discount": "choose the discount",
    "display_row": "choose a display row",
    "goods_choice": "choose goods",
    "trader": "trade at the Trader or finish",
    "silversmith": "choose a Silversmith exchange",
    "fata_morgana": "move a tribe marker with Fata Morgana",
    "noble": "play, discard or keep the hand card",
    "reveal_choice": "choose one of the revealed cards",
    "limit_return": "return goods down to 10",
}
_VERBS_FOR = {
    "raid_payment": ("pay",),
    "place_targi": ("place",),
    "action_menu": ("use", "skip", "end"),
    "tribe_card": ("play", "hand", "discard", "leave"),
    "cost_alternative": ("alt",),
    "discount": ("omit",),
    "display_row": ("row",),
    "goods_choice": ("take",),
    "trader": ("trade", "done"),
    "silversmith": ("silver",),
    "fata_morgana": ("fata",),
    "noble": ("play", "discard", "keep"),
    "reveal_choice": ("choose",),
    "limit_return": ("return",),
}


def _bname(n: int) -> str:
    return f"#{n} {BORDER[n].name}"


def explain_illegal(st: TargiState, dec: Decision | None, action: str) -> str:
    if dec is None:
        return "The game is over; no more moves can be made."
    who = SEAT_LABELS[dec.seat]
    verb, _, arg = action.partition(" ")
    if verb not in _VERBS_FOR[dec.kind]:
        return f"`{action}` cannot be played now: {who} must {_KIND_TEXT[dec.kind]}."
    reason = _specific(st, dec, verb, arg)
    if reason:
        return reason
    shown = ", ".join(f"`{a}`" for a in dec.actions[:10])
    return f"`{action}` is not one of the legal choices now ({shown})."


def _specific(st: TargiState, dec: Decision, verb: str, arg: str) -> str | None:
    seat = dec.seat
    who = SEAT_LABELS[seat]
    res = st.res[seat]
    q = st.stack.top
    cid = q.get("card") if q is not None else None
    if verb == "place" and is_number(arg):
        n = int(arg)
        if n in CORNERS:
            return f"Card #{n} is a raid corner; figures can never be placed on corners."
        if n == st.robber:
            return f"Card {_bname(n)} holds the robber this round."
        if st.border[n] != NO:
            return f"Card {_bname(n)} is already occupied by {SEAT_LABELS[st.border[n]]}'s figure."
        o = OPPOSITE[n]
        if st.border[o] == 1 - seat:
            return f"Card #{n} is opposite {SEAT_LABELS[1 - seat]}'s figure on #{o}."
    if verb in ("use", "skip"):
        if is_number(arg):
            return f"{who} has no Targi figure on #{arg} to use now."
        if arg in CELL_INDEX:
            return f"{who} has no tribe marker on {arg} to use now."
    if verb == "hand":
        return "Only one tribe card may be held in hand; play or discard this one (R12)."
    if verb == "leave":
        return "A card drawn at Tribal Expansion cannot be left; play, hold or discard it."
    if verb == "play":
        if sum(len(r) for r in st.display[seat]) >= 12:
            return f"{who}'s display is full (12 cards)."
        if cid in TRIBE_CARDS:
            t = TRIBE_CARDS[cid]
            return f"{who} cannot pay the cost of {card_name(t.id)} ({t.cost_text})."
    if verb == "row" and is_number(arg):
        return f"Row {arg} of {who}'s display is full."
    if verb == "alt" and cid in TRIBE_CARDS:
        t = TRIBE_CARDS[cid]
        if len(t.costs) == 1:
            return f"{card_name(t.id)} has a single cost ({t.cost_text}); there is no alternative."
        return f"{who} cannot pay cost alternative {arg} of {card_name(t.id)} ({t.cost_text})."
    if verb == "omit" and q is not None and q.kind == "discount":
        cost = TRIBE_CARDS[q["card"]].costs[q["alt"]]
        if arg != "none" and cost[_ORDER[arg]] == 0:
            return f"The cost {cost_text(cost)} has no {RES_NAMES[_ORDER[arg]]} to leave out."
        return f"{who} cannot pay {cost_text(cost)} with that choice."
    if verb == "trade" and ">" in arg:
        give, get = arg.split(">")
        if "G" in give:
            return "Gold can never be exchanged at the Trader (R11)."
        if len(set(give)) != 1:
            return "Trades take goods of one kind only."
        if get == give[0]:
            return "A 2-for-1 trade must give a good of a different kind (R11)."
        if res[_ORDER[give[0]]] < len(give):
            return f"{who} does not hold {amounts_text(_counts(give))}."
        if len(give) == 2 and get == "G":
            return "Trading 2 goods for 1 gold needs the P-TRADER effect (Well WE8)."
        return "The Trader exchanges 3 goods of a kind for 1 gold or 2 for 1 other good."
    if verb == "silver":
        if len(set(arg)) != 1 or len(arg) not in (1, 2, 4):
            return "The Silversmith takes 2 or 4 identical goods, or 1 or 2 gold (R10)."
        return f"{who} does not hold {amounts_text(_counts(arg))}."
    if verb == "fata" and ">" in arg:
        a, b = arg.split(">")
        if CELL_INDEX[a] not in st.markers[seat]:
            return f"{who} has no tribe marker on {a}."
        j = CELL_INDEX[b]
        if st.cells[j] is not None and not st.face_up[j]:
            return f"{b} is face down this round and cannot be targeted (R9)."
        if st.marker_at[j] != NO:
            return f"{b} already carries a tribe marker."
        return f"{b} is not a legal Fata Morgana target."
    if verb == "pay":
        k = st.raid
        if arg == "vp":
            return f"{who} holds fewer than {RAID_VP.get(k, 0)} VP tokens."
        if k and RAID_GOODS[k] and len(arg) != RAID_GOODS[k]:
            goods = "good" if RAID_GOODS[k] == 1 else "goods"
            return f"Raid {k} takes exactly {RAID_GOODS[k]} {goods} (no partial payment)."
        if k == 4 and arg != "G" * RAID_GOLD[4]:
            return "Raid 4 takes 1 gold or 3 VP."
        return f"{who} does not hold {amounts_text(_counts(arg))}."
    if verb == "return":
        return f"{who} holds no {RES_NAMES[_ORDER[arg]]} to return."
    if verb == "choose":
        return f"{arg} is not one of the revealed cards."
    return None


def _counts(letters: str) -> list[int]:
    c = [0, 0, 0, 0]
    for ch in letters:
        c[_ORDER[ch]] += 1
    return c


# ---- button labels -----------------------------------------------------------------------


def describe(st: TargiState, dec: Decision | None, action: str) -> str:
    verb, _, arg = action.partition(" ")
    seat = dec.seat if dec is not None else 0
    if verb in ("place", "use", "skip") and is_number(arg):
        return f"{verb.capitalize()} {'on ' if verb == 'place' else ''}{_bname(int(arg))}"
    if verb in ("use", "skip") and arg in CELL_INDEX:
        cid = st.cells[CELL_INDEX[arg]]
        if cid is None:
            what = "empty"
        elif cid in GOODS_CARDS:
            what = goods_text(GOODS_CARDS[cid])
        else:
            what = card_name(cid)
        return f"{verb.capitalize()} {arg} ({what})"
    if verb == "end":
        return "End action phase"
    if verb == "done":
        return "Done trading"
    q = st.stack.top
    cid = q.get("card") if q is not None else None
    subject = card_name(cid) if cid in TRIBE_CARDS else "the card"
    if verb == "play":
        if cid in TRIBE_CARDS:
            return f"Play {subject} ({TRIBE_CARDS[cid].cost_text})"
        return "Play it"
    if verb == "hand":
        return f"Take {subject} into hand"
    if verb == "discard":
        return f"Discard {subject}"
    if verb == "leave":
        return f"Leave {subject} in place"
    if verb == "keep":
        return f"Keep {subject} in hand"
    if verb == "alt" and cid in TRIBE_CARDS:
        return f"Pay {cost_text(TRIBE_CARDS[cid].costs[int(arg) - 1])}"
    if verb == "omit":
        return "No discount" if arg == "none" else f"Leave out 1 {RES_NAMES[_ORDER[arg]]}"
    if verb == "row":
        n = len(st.display[seat][int(arg) - 1])
        return f"Row {arg} ({n} card{'s' if n != 1 else ''} so far)"
    if verb == "take":
        return f"Take {amounts_text(_counts(arg))}"
    if verb == "trade":
        give, get = arg.split(">")
        return f"Trade {amounts_text(_counts(give))} for {amounts_text(_counts(get))}"
    if verb == "silver":
        if arg == "none":
            return "No exchange"
        n = len(arg)
        vp = (2 if n == 1 else 4) if arg[0] == "G" else (1 if n == 2 else 3)
        return f"{amounts_text(_counts(arg))} for {vp} VP"
    if verb == "fata":
        return "Move no marker" if arg == "none" else "Move marker " + arg.replace(">", " to ")
    if verb == "choose":
        if arg in GOODS_CARDS:
            return f"Take {arg} ({goods_text(GOODS_CARDS[arg])})"
        return f"Take {card_name(arg)}"
    if verb == "pay":
        if arg == "vp":
            return f"Pay {RAID_VP.get(st.raid, 0)} VP"
        return f"Pay {amounts_text(_counts(arg))}"
    if verb == "return":
        return f"Return 1 {RES_NAMES[_ORDER[arg]]}"
    return action[:80]


__all__ = ["CELLS", "describe", "explain_illegal", "normalize"]
