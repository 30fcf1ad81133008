"""Yspahan notation: typed text to canonical actions, why a move is illegal, button labels.

Canonical forms (lower-case verbs; shop, street and card ids as printed: `SACK-B2`, `W3`, `C5a`):

- `buy 0` .. `buy 3` — first player: buy that many yellow dice (1 gold each) and roll.
- `group 1` .. `group 6` — take the dice group on that Tower space (1 Camels, 2 Sack, 3 Barrel,
  4 Chest, 5 Vase, 6 Gold). `draw` — the forced draw when no group is left for you.
- With the taken group: `camels` / `gold` / `shops` (the space's own action; add `+C5a` to
  discard that card as an extra die: `shops +C5a`), `supervisor`, `card`; two players also
  `build <building>`.
- `cube SACK-B2` — put one cube in that shop (supplying a quarter, or Shop delivery).
- `go W3` — the Supervisor's destination, a street space (`H` the Hub, `W1`..`W10`, `E1`..`E7`,
  `N1`..`N4`, `S1`..`S7`); the gold for the distance is paid at once. `go` + the space it stands
  on keeps it there. When more than 25 spaces are reachable the arm comes first (`go W`), then
  the space; `back` returns to the arms.
- `first SACK-C2` — which of two adjacent shops ships first.
- `ship` / `keep` — the owner of a shipped cube: let it go, or pay 1 camel to keep it.
- `build enclosure|shop|hammam|caravanserai|bazaar|crane`, with the discount cards it uses:
  `build crane C3a`, `build crane C3a C4b`; `pass` — the build step.
- `discount none` / `discount C3a` / `discount C4b` / `discount C3a C4b` — only when a decision
  could not list every (building, cards) pair: the cards for the building just chosen.
- `play C1a` — play a card for its effect (at the start of a turn, the build step, the end of a
  turn, and before the roll). Then `cube SACK-B2` (Shop delivery: a shop of any quarter; when
  more than 25 shops are open, `quarter sack` first), `convert camels` / `convert gold`
  (Exchange: what you give), `amount N` (C7, C8, C9).
- `end` — end the turn (offered when a card could still be played).

Friendly aliases: any case and spacing; `roll` = `buy 0`; `buy 2 yellow`; `group gold`,
`g3`; `shop`/`goods` = `shops`; `shops with c5a`; `take card`/`take gold`; `super`/`move`;
short shop ids such as `sb2` or `sack b2`; a bare street space `w3` = `go W3`; `go west` =
`go W`; `save` = `keep`; `b6`/`build 6`/`build b6`; `skip`/`no building` = `pass`;
`c5a` = `play C5a`.
"""

from __future__ import annotations

import re

from games.core.contract import Decision, echo, is_number
from games.core.errors import NotationError
from games.yspahan.engine.data import (
    BUILDING_KEYS,
    BUILDINGS,
    C8_VP_PER_CAMEL,
    CARD_IDS,
    CARD_KINDS,
    DIST,
    NO,
    QUARTERS,
    SEAT_LABELS,
    SHOP_INDEX,
    SHOP_QUARTER,
    SHOP_SOUK,
    SHOPS,
    SOUK_SHOPS,
    SOUKS,
    STREET,
    STREET_SHOPS,
    TOWER_NAMES,
    card_kind,
    card_name,
)
from games.yspahan.engine.queries import (
    discount_cards,
    hammam_bonus,
    label,
    legal_shops,
    move_cost,
    souk_owner,
    supervisor_moves,
    takeable,
)
from games.yspahan.engine.state import YspahanState


def _camels(n: int) -> str:
    return "1 camel" if n == 1 else f"{n} camels"


EXAMPLES = "`group 3`, `shops`, `cube SACK-B2`, `supervisor`, `go W3`, `keep`, `play C1a`"
_BARE = {
    "draw": "draw", "supervisor": "supervisor", "super": "supervisor", "move": "supervisor",
    "card": "card", "ship": "ship", "keep": "keep", "back": "back",
    "save": "keep", "pass": "pass", "skip": "pass", "end": "end", "roll": "buy 0",
}  # fmt: skip
_OPTION_WORDS = {
    "camels": "camels", "camel": "camels", "gold": "gold", "shops": "shops", "shop": "shops",
    "goods": "shops", "cubes": "shops",
}  # fmt: skip
_SPACES = {name.lower(): i for i, name in enumerate(TOWER_NAMES) if name}
_SPACES["camel"] = 1
_ARM_WORDS = {"n": "N", "north": "N", "e": "E", "east": "E", "s": "S", "south": "S",
              "w": "W", "west": "W", "h": "H", "hub": "H"}  # fmt: skip
_STREET_UPPER = {s.upper(): s for s in STREET}
_SHORT_SHOP = {s[0] + s[s.index("-") + 1 :]: s for s in SHOPS}  # "SB2" -> "SACK-B2"
_FULL_SHOP = {s.replace("-", ""): s for s in SHOPS}  # "SACKB2" -> "SACK-B2"
_CARD_UPPER = {c.upper(): c for c in CARD_IDS}
_BUILD_ALIASES = {
    **BUILDING_KEYS,
    **{f"b{i + 1}": i for i in range(6)},
    **{str(i + 1): i for i in range(6)},
    "caravansary": 3, "caravansery": 3, "bath": 2, "baths": 2,
}  # fmt: skip


def _bad(text: str, hint: str = "") -> NotationError:
    extra = f" {hint}" if hint else ""
    return NotationError(f"`{echo(text)}` is not Yspahan notation.{extra} Examples: {EXAMPLES}.")


def _card(tok: str, original: str) -> str:
    cid = _CARD_UPPER.get(tok.upper().lstrip("+"))
    if cid is None:
        raise _bad(original, f"`{tok}` is not a card id (C1a .. C9b).")
    return cid


def _shop(tokens: list[str], original: str) -> str:
    key = "".join(tokens).upper().replace("-", "")
    shop = _FULL_SHOP.get(key) or _SHORT_SHOP.get(key)
    if shop is None:
        raise _bad(original, "Name a shop such as SACK-B2 (or SB2).")
    return shop


def _number(tokens: list[str], original: str, low: int, high: int, what: str) -> int:
    if len(tokens) != 1 or not is_number(tokens[0]) or not low <= int(tokens[0]) <= high:
        raise _bad(original, f"{what} is a number from {low} to {high}.")
    return int(tokens[0])


def normalize(text: str) -> str:
    original = text.strip()
    t = original.lower().replace("+", " +").replace(",", " ")
    tokens = [tok for tok in t.split() if tok not in ("with", "the", "a", "dice", "die")]
    if not tokens:
        raise _bad(original)
    while tokens[0] == "take" and len(tokens) > 1:  # "take card", "take gold +C1a"
        tokens = tokens[1:]
    verb, args = tokens[0], tokens[1:]
    if verb in ("end", "pass") and args and args[0] in ("turn", "action", "building"):
        args = args[1:]
    if verb == "no" and args == ["building"]:
        return "pass"
    if verb in _BARE:
        if args:
            raise _bad(original, f"`{verb}` takes no argument.")
        return _BARE[verb]
    if verb in _OPTION_WORDS:
        word = _OPTION_WORDS[verb]
        cards = [a for a in args if a != "+"]
        if not cards:
            return word
        if len(cards) != 1:
            raise _bad(original, "Discard at most one card as an extra die.")
        return f"{word} +{_card(cards[0], original)}"
    if verb.upper() in _STREET_UPPER and not args:
        return "go " + _STREET_UPPER[verb.upper()]
    if re.fullmatch(r"b[1-6]", verb) and not args:
        return "build " + BUILDINGS[int(verb[1]) - 1].key
    if re.fullmatch(r"g[1-6]", verb) and not args:
        return f"group {verb[1]}"
    if re.fullmatch(r"c[1-9][ab]", verb) and not args:
        return "play " + _card(verb, original)
    if verb == "buy":
        rest = [a for a in args if a not in ("yellow",)]
        if not args:
            return "buy"
        if not rest:
            return "buy 1"
        return f"buy {_number(rest, original, 0, 3, 'The number of yellow dice')}"
    if verb == "group":
        if not args:
            return "group"
        if len(args) == 1 and args[0] in _SPACES:
            return f"group {_SPACES[args[0]]}"
        return f"group {_number(args, original, 1, 6, 'A Tower space')}"
    if verb == "cube":
        if not args:
            return "cube"
        return "cube " + _shop(args, original)
    if verb == "first":
        if not args:
            return "first"
        return "first " + _shop(args, original)
    if verb in ("go", "to"):
        if not args:
            return "go"
        where = "".join(args)
        if where in _ARM_WORDS:
            return "go " + _ARM_WORDS[where]
        if where.upper() not in _STREET_UPPER:
            raise _bad(original, "Name a street space: H, W1..W10, E1..E7, N1..N4 or S1..S7.")
        return "go " + _STREET_UPPER[where.upper()]
    if verb in ("step", "done", "stop"):
        raise _bad(original, "Name the Supervisor's destination at once, e.g. `go W3`.")
    if verb == "build":
        if not args:
            return "build"
        if args[0] not in _BUILD_ALIASES:
            keys = ", ".join(b.key for b in BUILDINGS)
            raise _bad(original, f"Build one of: {keys}.")
        cards = sorted({_card(a, original) for a in args[1:] if a != "+"})
        if len(cards) > 2:
            raise _bad(original, "At most one C3 and one C4 card go into one building.")
        return " ".join(["build", BUILDINGS[_BUILD_ALIASES[args[0]]].key, *cards])
    if verb == "discount":
        if not args:
            return "discount"
        if args in (["none"], ["no"], ["nothing"]):
            return "discount none"
        cards = sorted({_card(a, original) for a in args if a != "+"})
        if len(cards) > 2:
            raise _bad(original, "At most one C3 and one C4 card go into one building.")
        return "discount " + " ".join(cards)
    if verb == "play":
        if not args:
            return "play"
        if len(args) != 1:
            raise _bad(original, "Play one card at a time, e.g. `play C1a`.")
        return "play " + _card(args[0], original)
    if verb == "quarter":
        if not args:
            return "quarter"
        if len(args) != 1 or args[0].capitalize() not in QUARTERS:
            raise _bad(original, "The quarters are sack, barrel, chest and vase.")
        return "quarter " + args[0]
    if verb == "convert":
        if not args:
            return "convert"
        if len(args) != 1 or args[0] not in ("camels", "camel", "gold"):
            raise _bad(original, "Write `convert camels` (to gold) or `convert gold`.")
        return "convert " + ("gold" if args[0] == "gold" else "camels")
    if verb == "amount":
        if not args:
            return "amount"
        return f"amount {_number(args, original, 1, 999, 'An amount')}"
    # A bare shop id (`sb2`) or quarter name is friendly shorthand.
    try:
        return "cube " + _shop(tokens, original)
    except NotationError:
        pass
    raise _bad(original)


# ---- explanations -------------------------------------------------------------------------

_KIND_TEXT = {
    "buy_yellow": "buy yellow dice and roll",
    "choose_group": "take a dice group from the Tower",
    "forced_draw": "draw a card (no dice group is left)",
    "option": "choose what to do with the dice group",
    "place_cube": "place a cube in a shop",
    "supervisor": "choose where the Supervisor stops",
    "supervisor_arm": "choose where on the arm the Supervisor stops",
    "ship_order": "choose which shop ships first",
    "camel_save": "decide whether to keep the shipped cube",
    "build": "construct a building or pass",
    "build_discount": "choose the discount cards for the building",
    "end_turn": "play a card or end the turn",
    "card_quarter": "choose a quarter for Shop delivery",
    "card_shop": "choose a shop for Shop delivery",
    "card_direction": "choose the direction of the Exchange",
    "card_amount": "choose an amount for the card",
}
_VERBS_FOR = {
    "buy_yellow": ("buy", "play"),
    "choose_group": ("group", "play"),
    "forced_draw": ("draw", "play"),
    "option": ("camels", "gold", "shops", "supervisor", "card", "build"),
    "place_cube": ("cube",),
    "supervisor": ("go",),
    "supervisor_arm": ("go", "back"),
    "ship_order": ("first",),
    "camel_save": ("ship", "keep"),
    "build": ("build", "pass", "play"),
    "build_discount": ("discount", "back"),
    "end_turn": ("end", "play"),
    "card_quarter": ("quarter",),
    "card_shop": ("cube", "back"),
    "card_direction": ("convert",),
    "card_amount": ("amount",),
}
_CARD_WINDOWS = ("buy_yellow", "choose_group", "forced_draw", "build", "end_turn")


def explain_illegal(st: YspahanState, dec: Decision | None, action: str) -> str:
    if dec is None:
        return "The game is over; no more moves can be made."
    verb, _, arg = action.partition(" ")
    if verb not in _VERBS_FOR[dec.kind]:
        reason = _out_of_turn(st, dec, verb, arg)
        if reason:
            return reason
        return f"`{action}` cannot be played now: {label(dec.seat)} must {_KIND_TEXT[dec.kind]}."
    reason = _specific(st, dec, verb, arg)
    if reason:
        return reason
    shown = ", ".join(f"`{a}`" for a in dec.actions[:10])
    return f"`{action}` is not one of the legal choices now ({shown})."


def _out_of_turn(st: YspahanState, dec: Decision, verb: str, arg: str) -> str | None:
    seat = dec.seat
    if verb == "play":
        return (
            "Cards are played for their effect only at the start of your turn, at the build "
            "step, at the end of your turn, or before the roll (not in the middle of an action)."
        )
    if verb == "keep":
        if st.camels[seat] == 0:
            return f"{label(seat)} has no camel to keep the cube."
        return "No cube of yours is being shipped right now."
    if verb in ("camels", "gold", "shops") and "+" in arg and dec.kind != "option":
        return "A card counts as an extra die only together with the space's own action."
    if verb == "build" and st.np == 2 and dec.kind != "option":
        return "With two players, building uses a dice group: take a group, then build."
    if verb == "build" and dec.kind in ("choose_group", "forced_draw"):
        return "You may build only after your action, not before it."
    return None


def _specific(st: YspahanState, dec: Decision, verb: str, arg: str) -> str | None:
    seat = dec.seat
    who = label(seat)
    gold = st.gold[seat]
    if verb == "buy" and is_number(arg):
        y = int(arg)
        return f"You need {y} gold; you have {gold}."
    if verb == "group" and is_number(arg):
        g = int(arg)
        if not (st.tw[g] or st.ty[g]):
            return f"The {TOWER_NAMES[g]} space of the Tower holds no dice."
        if g not in takeable(st, seat):
            return "With two players, the other player may not take a group of yellow dice only."
    if verb == "play" and arg in CARD_IDS:
        offered = [a[5:] for a in dec.actions if a.startswith("play " + arg[:2])]
        if offered:
            return f"Both copies of a card are the same; play {offered[0]}."
        if arg not in st.hands[seat]:
            return f"{who} does not hold card {arg}."
        kind = card_kind(arg)
        if kind in (3, 4):
            return f"{card_name(arg)} is used only as part of a building (or as an extra die)."
        if kind == 6:
            return "Shop delivery needs a shop where you may legally place a cube."
        if kind == 7:
            return "Gold for points needs at least 1 gold."
        if kind == 8:
            return "Camels for points needs at least 1 camel."
        return "Exchange needs at least 1 camel or 1 gold."
    if verb in ("camels", "gold", "shops"):
        if "+" in arg:
            cid = arg.lstrip("+")
            if cid not in st.hands[seat]:
                return f"{who} does not hold card {cid}."
            same = [a for a in dec.actions if a.startswith(f"{verb} +{cid[:2]}")]
            if same:
                return f"Both copies of a card are the same; choose `{same[0]}`."
        return f"The group on {TOWER_NAMES[st.group]} offers `{dec.actions[0]}`, not `{verb}`."
    if verb == "card":
        return "No card is left in the deck or the discard pile."
    if verb == "cube" and arg in SHOP_INDEX:
        return _shop_reason(st, seat, SHOP_INDEX[arg], dec)
    if verb == "go":
        return _go_reason(st, dec, arg)
    if verb == "first" and arg in SHOP_INDEX:
        return f"{arg} is not among the shops being shipped ({', '.join(dec.actions)})."
    if verb == "build" and arg.split()[0] in BUILDING_KEYS:
        bi = BUILDING_KEYS[arg.split()[0]]
        building = BUILDINGS[bi]
        if bi in st.built[seat]:
            return f"{who} has already built the {building.name}; each building is built once."
        for c in arg.split()[1:]:
            if c not in st.hands[seat]:
                return f"{who} does not hold card {c}."
            if card_kind(c) not in (3, 4):
                return f"Only C3 and C4 cards lower a building's cost, not {card_name(c)}."
        cards = arg.split()[1:]
        if any(card_kind(c) == 4 for c in cards) and not building.gold:
            return (
                f"The {building.name} costs no gold, so Build without gold does nothing there."
            )
        if len({c[:2] for c in cards}) < len(cards):
            return "At most one C3 and one C4 card go into one building."
        with_cards = [a for a in dec.actions if a.startswith(f"build {building.key} ")]
        if with_cards and not cards:
            return f"Choose the {building.name} with the cards it uses, e.g. `{with_cards[0]}`."
        if st.camels[seat] < building.camels:
            have = st.camels[seat]
            return f"The {building.name} costs {_camels(building.camels)}; you have {have}."
        return f"You need {building.gold} gold; you have {gold}."
    if verb == "discount":
        cards = arg.split() if arg != "none" else []
        for c in cards:
            if c not in st.hands[seat]:
                return f"{who} does not hold card {c}."
            if card_kind(c) not in (3, 4):
                return f"Only C3 and C4 cards lower a building's cost, not {card_name(c)}."
        b = BUILDING_KEYS[st.stack.frames[-1]["building"]] if st.step == "discount" else NO
        if b != NO and not any(
            " ".join(combo) == " ".join(cards) for combo in discount_cards(st, seat, b)
        ):
            bd = BUILDINGS[b]
            if any(card_kind(c) == 4 for c in cards) and not bd.gold:
                return f"The {bd.name} costs no gold, so Build without gold does nothing there."
            return f"That leaves a cost you cannot pay ({_camels(bd.camels)}, {bd.gold} gold)."
    if verb == "quarter":
        return f"No shop of the {arg.capitalize()} quarter can take your cube."
    if verb == "convert":
        return f"{who} has no {arg} to exchange."
    if verb == "amount" and is_number(arg):
        return f"Choose an amount from 1 to {len(dec.actions)}."
    return None


def _go_reason(st: YspahanState, dec: Decision, where: str) -> str:
    if where in ("W", "E", "N", "S"):
        return "Name the space itself, e.g. `go W3`: every reachable space is listed."
    if dec.kind == "supervisor" and any(a == "go " + where[0] for a in dec.actions):
        return f"More than 25 spaces are reachable: choose the arm first, `go {where[0]}`."
    if dec.kind == "supervisor_arm":
        return f"You chose the {where[0]} arm? `back` returns to the choice of arm."
    k = DIST[st.supervisor][STREET.index(where)]
    gold = st.gold[dec.seat]
    h = hammam_bonus(st, dec.seat)
    cost = move_cost(st, k)
    free = " (3 free with the Hammam)" if h else ""
    return (
        f"{where} is {k} space{'s' if k != 1 else ''} away and the die shows {st.v}: "
        f"that costs {cost} gold{free}; you have {gold}."
    )


def _shop_reason(st: YspahanState, seat: int, i: int, dec: Decision) -> str:
    shop = SHOPS[i]
    owner = st.shops[i]
    if owner != NO:
        return f"Shop {shop} already holds a cube; a shop holds one cube."
    souk = SHOP_SOUK[i]
    o = souk_owner(st, souk)
    if o != NO and o != seat:
        return f"Shop {shop} is in {SEAT_LABELS[o]}'s souk."
    q = SHOP_QUARTER[i]
    if dec.kind == "place_cube" and q != st.quarter:
        return (
            f"Shop {shop} is in the {QUARTERS[q]} quarter; "
            f"you are supplying {QUARTERS[st.quarter]}."
        )
    if dec.kind == "card_shop" and st.step == "c6s":
        chosen = st.stack.frames[-1]["quarter"]
        if QUARTERS[q] != chosen:
            return f"Shop {shop} is not in the {chosen} quarter you chose."
    if i not in legal_shops(st, seat, q):
        mine = [
            SOUKS[k].id
            for k in range(len(SOUKS))
            if SOUKS[k].quarter == q
            and souk_owner(st, k) == seat
            and any(st.shops[j] == NO for j in SOUK_SHOPS[k])
        ]
        return (
            f"Finish your souk {', '.join(mine)} before starting another one in the "
            f"{QUARTERS[q]} quarter."
        )
    return f"Shop {shop} cannot take a cube now."


# ---- button labels -----------------------------------------------------------------------


def describe(st: YspahanState, dec: Decision | None, action: str) -> str:
    verb, _, arg = action.partition(" ")
    seat = dec.seat if dec is not None else st.acting
    if verb == "buy" and is_number(arg):
        y = int(arg)
        if y == 0:
            return "Roll without yellow dice"
        return f"Buy {y} yellow {'die' if y == 1 else 'dice'} ({y} gold) and roll"
    if verb == "group" and is_number(arg):
        g = int(arg)
        n = st.tw[g] + (0 if st.np == 2 and seat != st.first else st.ty[g])
        return f"Take {TOWER_NAMES[g]}: {n} {'die' if n == 1 else 'dice'} showing {st.tv[g]}"
    if verb == "draw":
        return "Draw a card"
    if verb in ("camels", "gold", "shops"):
        base = {"camels": "Take camels", "gold": "Take gold", "shops": "Supply shops"}[verb]
        if arg:
            cid = arg.lstrip("+")
            return f"{base} (+1 die: discard {card_name(cid)})"
        return base
    if verb == "supervisor":
        return f"Move the Supervisor ({st.v} from {STREET[st.supervisor]})"
    if verb == "card":
        return "Take a card"
    if verb == "cube" and arg in SHOP_INDEX:
        i = SHOP_INDEX[arg]
        souk = SOUKS[SHOP_SOUK[i]]
        shops = "1 shop" if souk.size == 1 else f"{souk.size} shops"
        return f"Cube in {arg} (souk of {shops}, {souk.value} VP)"
    if verb == "go" and arg in ("W", "E", "N", "S"):
        spaces = [a[3:] for a in _arm_spaces(st, arg)]
        span = spaces[0] if len(spaces) == 1 else f"{spaces[0]} to {spaces[-1]}"
        return f"The {ARM_WORDS[arg]} arm: {span}"
    if verb == "go" and arg in STREET:
        to = STREET.index(arg)
        cost = move_cost(st, DIST[st.supervisor][to])
        paid = f" ({cost} gold)" if cost else " (free)"
        verb_text = "Stay on" if to == st.supervisor else "Go to"
        cubes = [SHOPS[j] for j in STREET_SHOPS[to] if st.shops[j] != NO]
        ships = f", ships {' '.join(cubes)}" if cubes else ""
        return f"{verb_text} {arg}{paid}{ships}"
    if verb == "back":
        return "Back to the previous choice"
    if verb == "first":
        return f"Ship {arg} first"
    if verb == "ship":
        return "Ship the cube"
    if verb == "keep":
        return "Keep it: pay 1 camel, ship a reserve cube"
    if verb == "build" and arg.split()[0] in BUILDING_KEYS:
        key, *cards = arg.split()
        bd = BUILDINGS[BUILDING_KEYS[key]]
        camels = 0 if any(c[:2] == "C3" for c in cards) else bd.camels
        gold = 0 if any(c[:2] == "C4" for c in cards) else bd.gold
        parts = [_camels(camels)] if camels else []
        if gold:
            parts.append(f"{gold} gold")
        price = " + ".join(parts) or "free"
        used = f" with {' '.join(cards)}" if cards else ""
        return f"Build the {bd.name}{used} ({price})"
    if verb == "pass":
        return "Build nothing, end the turn"
    if verb == "discount":
        if arg == "none":
            return "Pay the full cost"
        return "Use " + " and ".join(card_name(c) for c in arg.split())
    if verb == "play" and arg in CARD_IDS:
        kind = CARD_KINDS[card_kind(arg) - 1]
        return f"Play {arg} {kind.name}: {kind.text}"[:80]
    if verb == "end":
        return "End turn" if st.np > 2 else "End action"
    if verb == "quarter":
        return f"Deliver to the {arg.capitalize()} quarter"
    if verb == "convert":
        return "Give camels, get gold" if arg == "camels" else "Give gold, get camels"
    if verb == "amount" and is_number(arg) and st.card:
        n = int(arg)
        card = card_kind(st.card)
        if card == 7:
            return f"Return {n} gold for {n} VP"
        if card == 8:
            return f"Return {n} camel{'s' if n != 1 else ''} for {C8_VP_PER_CAMEL * n} VP"
        if st.step == "camt" and st.stack.frames[-1]["give"] == "camels":
            return f"Give {n} camel{'s' if n != 1 else ''} for {n} gold"
        return f"Give {n} gold for {n} camel{'s' if n != 1 else ''}"
    return action[:80]


ARM_WORDS = {"W": "West", "E": "East", "N": "North", "S": "South"}


def _arm_spaces(st: YspahanState, arm: str) -> list[str]:
    return ["go " + STREET[m] for m, _ in supervisor_moves(st) if STREET[m][0] == arm]


__all__ = ["describe", "explain_illegal", "normalize"]
