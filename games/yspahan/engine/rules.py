"""Yspahan rules (spec sections 3-15): the `Game` subclass and the state transitions.

Every `_apply` copies the state once, runs the handler of the pending step on the copy, then
resolves every following decision that has a single legal option (spec 18.3: the engine asks
only when there is a real choice) until the next real decision, which is cached on the state.
A decision that offers the seat's own cards is asked even with one option while the seat holds
any card: resolving it at once would tell the others what the hidden hand cannot do.

The open questions are a decision stack (`state.stack`, games.core.stack). Its bottom frame
is the step of the turn; a card played at a window, an arm or a quarter asked before the
space or shop, and the cards for a building chosen alone are asked on top of it, so answering
them (or `back`) returns to the question that led there. `state.step` is the top frame's kind.

Frames (`state.step`) and the decision each one asks:
  buy       first player, before the roll (card window CW0)          kind "buy_yellow"
  start     start of a turn/action (CW1): a group, or the forced draw "choose_group"/"forced_draw"
  option    what to do with the taken group                           "option"
  place     one cube into a shop of the quarter                       "place_cube"
  super     the Supervisor's destination, or its arm first            "supervisor"
  arm       {arm}: the destination on the chosen arm                 "supervisor_arm"
  order     which of two adjacent shops ships first                   "ship_order"
  save      the owner of a shipped cube: ship it or keep it           "camel_save"
  build     3p/4p build step (CW2)                                    "build"
  discount  {building}: its cards, when the build entries were split  "build_discount"
  end       end of the turn/action (CW3), asked with cards in hand    "end_turn"
  c6        Shop delivery: a shop of any quarter, or a quarter first  "card_shop"/"card_quarter"
  c6s       {quarter}: the shop in the chosen quarter                 "card_shop"
  cdir      Exchange: what to give                                    "card_direction"
  camt      {give}: how many, for C7/C8/C9                            "card_amount"
"""

from __future__ import annotations

import re
from bisect import insort
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from games.core import rng as R
from games.core.contract import (
    JSON,
    MAX_OPTIONS,
    Decision,
    Event,
    Game,
    GameInfo,
    Option,
    OptionSpec,
    Outcome,
    ranked_winners,
)
from games.core.stack import Frame, Stack
from games.yspahan.engine import heuristic, legacy, notation, observe, targets, views
from games.yspahan.engine.data import (
    BAZAAR,
    BUILDING_KEYS,
    BUILDING_VP,
    BUILDINGS,
    C7_MAX_GOLD,
    C8_MAX_CAMELS,
    C8_VP_PER_CAMEL,
    CAMELS_SPACE,
    CARAVAN_PER_ROW,
    CARAVAN_ROW_VP,
    CARAVANSERAI,
    CARD_IDS,
    CARD_KINDS,
    CAT_BAZAAR,
    CAT_BUILDINGS,
    CAT_CARAVAN,
    CAT_CARDS,
    CAT_ENTRY,
    CAT_SOUKS,
    CATEGORIES,
    DIST,
    ENCLOSURE,
    GOLD_SPACE,
    HUB,
    MAX_YELLOW,
    NO,
    QUARTERS,
    SEAT_LABELS,
    SHOP_B,
    SHOP_INDEX,
    SHOP_QUARTER,
    SHOPS,
    SOUK_SHOPS,
    SOUKS,
    STREET,
    STREET_INDEX,
    STREET_SHOPS,
    TOWER_NAMES,
    WHITE_DICE,
    card_kind,
    card_name,
)
from games.yspahan.engine.queries import (
    build_bound,
    build_choices,
    caravan_size,
    crane_bonus,
    delivery_shops,
    discount_cards,
    first_of_kinds,
    hammam_bonus,
    has,
    label,
    legal_shops,
    move_cost,
    play_bound,
    play_options,
    supervisor_moves,
    takeable,
)
from games.yspahan.engine.state import YspahanState

ARM_NAMES = {"W": "West", "E": "East", "N": "North", "S": "South"}
OPTION_WORD = {1: "camels", 6: "gold"}  # option A on the other spaces is "shops"
LOG_LINES = 10
# Decisions that show what a hand holds: the cards that pay for a building, a card's effect.
_HAND_KINDS = frozenset(
    ("build_discount", "card_quarter", "card_shop", "card_direction", "card_amount")
)
_CARD_ID = re.compile(r"\bC\d+[a-z]\b")


class Ctx:
    """What one `_apply` produced besides the state: events and whether anything was revealed."""

    __slots__ = ("events", "revealed")

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.revealed = False

    def say(self, text: str, seat: int | None = None, headline: bool = False) -> None:
        self.events.append(Event(text, seat, headline=headline))

    def tell(self, seat: int, text: str) -> None:
        """An event only ``seat`` may read (what it drew); the public twin is said apart."""
        self.events.append(Event(text, seat, (seat,)))


def a_word(group: int) -> str:
    return OPTION_WORD.get(group, "shops")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def dice_text(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def camels_text(n: int) -> str:
    return plural(n, "camel")


def cubes_text(n: int) -> str:
    return plural(n, "cube")


# ---- decisions ----------------------------------------------------------------------------


def decide(st: YspahanState) -> Decision | None:
    step = st.step
    opts: list[str]
    if st.phase == "finished":
        return None
    seat = st.acting
    who = label(seat)
    if step == "buy":
        gold = st.gold[seat]
        top = min(MAX_YELLOW, gold)
        opts = [f"buy {y}" for y in range(top + 1)]  # UNCERTAIN (U10): cards allowed before
        if top:
            prompt = f"{who}, buy up to {top} yellow dice (1 gold each), then roll."
        else:
            prompt = f"{who}, play a card or roll (no gold for yellow dice)."
        return Decision(seat, "buy_yellow", prompt, (*opts, *play_options(st, seat)))
    if step == "start":
        groups = takeable(st, seat)
        plays = play_options(st, seat)
        if groups:
            opts = [f"group {g}" for g in groups]
            prompt = f"{who}, take a dice group from the Tower."
            return Decision(seat, "choose_group", prompt, (*opts, *plays))
        prompt = f"{who}, no dice group is left for you: draw a card."
        return Decision(seat, "forced_draw", prompt, ("draw", *plays))
    if step == "option":
        word = a_word(st.group)
        # UNCERTAIN (U4): at most one card per action counts as an extra die.
        opts = [word] + [f"{word} +{c}" for c in first_of_kinds(st.hands[seat])]
        opts.append("supervisor")
        if st.deck or st.discard:
            opts.append("card")
        if st.np == 2:  # UNCERTAIN (U13): building needs a group, so never in a forced draw
            others = 3 + min(len(st.hands[seat]), len(CARD_KINDS))
            opts.extend(build_choices(st, seat, MAX_OPTIONS - others))
        g = st.group
        prompt = (
            f"{who}, you took {dice_text(st.n)} showing {st.v} from "
            f"{TOWER_NAMES[g]}: choose what to do."
        )
        return Decision(seat, "option", prompt, tuple(opts))
    if step == "place":
        opts = ["cube " + SHOPS[i] for i in legal_shops(st, seat, st.quarter)]
        prompt = f"{who}, place a cube in the {QUARTERS[st.quarter]} quarter ({st.left} left)."
        return Decision(seat, "place_cube", prompt, tuple(opts))
    if step == "super":
        moves = supervisor_moves(st)
        free = ", 3 free with the Hammam" if hammam_bonus(st, seat) else ""
        prompt = (
            f"{who}, choose where the Supervisor stops (from {STREET[st.supervisor]}, die "
            f"{st.v}; each space more or fewer costs 1 gold{free})."
        )
        if len(moves) <= MAX_OPTIONS:
            return Decision(seat, "supervisor", prompt, tuple("go " + STREET[m] for m, _ in moves))
        arms = dict.fromkeys(STREET[m][0] for m, _ in moves)  # "H" stands for the Hub itself
        opts = ["go " + a for a in arms]
        return Decision(seat, "supervisor", prompt + " Choose an arm first.", tuple(opts))
    if step == "arm":
        arm = st.stack.frames[-1]["arm"]
        opts = ["go " + STREET[m] for m, _ in supervisor_moves(st) if STREET[m][0] == arm]
        prompt = f"{who}, choose where on the {ARM_NAMES[arm]} arm the Supervisor stops."
        return Decision(seat, "supervisor_arm", prompt, (*opts, "back"))
    if step == "order":
        opts = ["first " + SHOPS[i] for i in st.ship]
        prompt = f"{label(st.mover)}, choose which shop's cube goes to the Caravan first."
        return Decision(st.mover, "ship_order", prompt, tuple(opts))
    if step == "save":
        shop = st.save_shop
        owner = st.shops[shop]
        prompt = (
            f"{label(owner)}, your cube in {SHOPS[shop]} is shipped: ship it, or keep it "
            "for 1 camel and send a reserve cube instead."
        )
        return Decision(owner, "camel_save", prompt, ("ship", "keep"))
    if step == "build":
        plays = play_options(st, seat)
        opts = build_choices(st, seat, MAX_OPTIONS - 1 - play_bound(st, seat))
        if build_options_public(st, seat):
            prompt = f"{who}, you may construct one building."
        elif st.hands[seat]:
            prompt = (
                f"{who}, play a card or end your turn (no building is affordable "
                "without a discount card)."
            )
        else:
            prompt = f"{who}, end your turn (no building is affordable)."
        return Decision(seat, "build", prompt, (*opts, "pass", *plays))
    if step == "discount":
        b = BUILDING_KEYS[st.stack.frames[-1]["building"]]
        opts = [discount_action(c) for c in discount_cards(st, seat, b)]
        prompt = f"{who}, choose which cards lower the cost of the {BUILDINGS[b].name}."
        return Decision(seat, "build_discount", prompt, (*opts, "back"))
    if step == "end":
        prompt = f"{who}, play a card or end your {'action' if st.np == 2 else 'turn'}."
        return Decision(seat, "end_turn", prompt, ("end", *play_options(st, seat)))
    if step == "c6":
        shops = delivery_shops(st, seat)
        if len(shops) <= MAX_OPTIONS:
            prompt = f"{who}, choose the shop for the Shop delivery cube."
            return Decision(seat, "card_shop", prompt, tuple("cube " + SHOPS[i] for i in shops))
        quarters = dict.fromkeys(SHOP_QUARTER[i] for i in shops)
        opts = [f"quarter {QUARTERS[q].lower()}" for q in quarters]
        prompt = f"{who}, choose the quarter for the Shop delivery cube."
        return Decision(seat, "card_quarter", prompt, tuple(opts))
    if step == "c6s":
        q = QUARTERS.index(st.stack.frames[-1]["quarter"])
        opts = ["cube " + SHOPS[i] for i in legal_shops(st, seat, q)]
        prompt = f"{who}, choose the shop in the {QUARTERS[q]} quarter."
        return Decision(seat, "card_shop", prompt, (*opts, "back"))
    if step == "cdir":
        opts = []
        if st.camels[seat]:
            opts.append("convert camels")
        if st.gold[seat]:
            opts.append("convert gold")
        prompt = f"{who}, exchange camels for gold or gold for camels?"
        return Decision(seat, "card_direction", prompt, tuple(opts))
    if step == "camt":
        top = amount_limit(st, seat)
        kind = card_kind(st.card)
        if kind == 7:
            what = "gold to return for 1 VP each"
        elif kind == 8:
            what = f"camels to return for {C8_VP_PER_CAMEL} VP each"
        else:
            give = st.stack.frames[-1]["give"]
            what = "camels to turn into gold" if give == "camels" else "gold to turn into camels"
        prompt = f"{who}, how many {what}?"
        amounts = tuple(f"amount {i}" for i in range(1, top + 1))
        return Decision(seat, "card_amount", prompt, amounts)
    raise AssertionError(f"unknown step {step}")


def build_options_public(st: YspahanState, seat: int) -> bool:
    """Whether ``seat`` can pay for some building with its camels and gold alone."""
    camels, gold = st.camels[seat], st.gold[seat]
    built = st.built[seat]
    return any(
        b not in built and camels >= bd.camels and gold >= bd.gold
        for b, bd in enumerate(BUILDINGS)
    )


def amount_limit(st: YspahanState, seat: int) -> int:
    kind = card_kind(st.card)
    if kind == 7:
        return min(C7_MAX_GOLD, st.gold[seat])
    if kind == 8:
        return min(C8_MAX_CAMELS, st.camels[seat])
    return st.camels[seat] if st.stack.frames[-1]["give"] == "camels" else st.gold[seat]


def discount_action(cards: tuple[str, ...]) -> str:
    return "discount " + (" ".join(cards) if cards else "none")


# ---- setup, days and weeks ------------------------------------------------------------------


def new_state(players: int, seed: int, ascending3: bool = False) -> YspahanState:
    st = YspahanState.blank(players)
    st.ascending3 = ascending3
    rng = R.seed_state(seed)
    deck = list(CARD_IDS)
    rng = R.shuffle(rng, deck)
    st.deck = deck
    rng, st.first = R.below(rng, players)
    st.rng = rng
    ctx = Ctx()
    begin_day(st, ctx)
    settle(st, ctx)
    st.log = tuple(e.text for e in ctx.events if e.public)[-LOG_LINES:]
    return st


def begin_day(st: YspahanState, ctx: Ctx, order: list[int] | None = None) -> None:
    f = st.first
    if order is None:
        order = [f, 1 - f, f] if st.np == 2 else [(f + i) % st.np for i in range(st.np)]
    st.queue = order
    st.phase = "roll"
    turn_step(st, "buy")
    st.acting = f
    st.yellow = 0
    ctx.say(f"Week {st.week}, day {st.day}: {label(f)} is the first player.", headline=True)


def sort_dice(white: list[int], yellow: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Spec 5.3: dice counts per face value (index 1..6) -> Tower (white, yellow, value) lists.

    Lowest group on Camels, highest on Gold, the others upwards from Sack; spaces above the
    last one used stay empty.
    """
    values = [v for v in range(1, 7) if white[v] or yellow[v]]
    # UNCERTAIN (U1): if every die shows one value, the whole group goes on Camels.
    if len(values) == 1:
        spaces = [CAMELS_SPACE]
    else:
        spaces = [CAMELS_SPACE, *range(2, len(values)), GOLD_SPACE]
    tw, ty, tv = [0] * 7, [0] * 7, [0] * 7
    for space, v in zip(spaces, values, strict=True):
        tw[space], ty[space], tv[space] = white[v], yellow[v], v
    return tw, ty, tv


def roll(st: YspahanState, ctx: Ctx) -> None:
    """Spec 5.2: roll every white die and the bought yellow ones once, then sort them."""
    white = WHITE_DICE[st.np]
    rng = st.rng
    counts_w = [0] * 7
    counts_y = [0] * 7
    for i in range(white + st.yellow):
        rng, x = R.below(rng, 6)
        if i < white:
            counts_w[x + 1] += 1
        else:
            counts_y[x + 1] += 1
    st.rng = rng
    ctx.revealed = True
    st.tw, st.ty, st.tv = sort_dice(counts_w, counts_y)
    ctx.say(f"{label(st.first)} rolled: {tower_text(st)}.")


def tower_text(st: YspahanState) -> str:
    parts = []
    for g in range(1, 7):
        if st.tw[g] or st.ty[g]:
            y = f" ({st.ty[g]} yellow)" if st.ty[g] else ""
            parts.append(f"{TOWER_NAMES[g]} {st.tw[g] + st.ty[g]} of {st.tv[g]}{y}")
    return ", ".join(parts) if parts else "empty"


def start_next_turn(st: YspahanState, ctx: Ctx) -> None:
    st.phase = "turn"
    if not st.queue:
        end_day(st, ctx)
        return
    st.acting = st.queue.pop(0)
    turn_step(st, "start")
    st.group = 0
    st.n = st.v = 0
    st.extra = ""


def end_turn(st: YspahanState, ctx: Ctx) -> None:
    if st.np > 2 and st.acting == st.first:
        removed = False
        for g in range(1, 7):
            if st.ty[g]:
                st.ty[g] = 0
                removed = True
                if not st.tw[g]:
                    st.tv[g] = 0
        if removed:
            ctx.say("The yellow dice left the Tower.")
    start_next_turn(st, ctx)


def end_day(st: YspahanState, ctx: Ctx) -> None:
    st.tw, st.ty, st.tv = [0] * 7, [0] * 7, [0] * 7
    if st.day == 7:
        end_week(st, ctx)
        if st.phase == "finished":
            return
        st.first = (st.first + 1) % st.np
        begin_day(st, ctx)
        return
    st.day += 1
    if st.week == 3 and st.day == 7:
        last_day(st, ctx)
        return
    st.first = (st.first + 1) % st.np
    begin_day(st, ctx)


def last_day(st: YspahanState, ctx: Ctx) -> None:
    """Spec 13: 4p ascending score; 2p lower score first; 3p normal rotation (U2, an option)."""
    f6 = st.first
    st.f6 = f6
    n = st.np
    scores = [st.score(s) for s in range(n)]
    if n == 4 or (n == 3 and st.ascending3):
        order = sorted(range(n), key=lambda p: (scores[p], -((p - f6) % n)))
        st.first = order[0]
        ctx.say(
            "Last day: turns in ascending score order, " + ", ".join(label(p) for p in order) + "."
        )
        begin_day(st, ctx, order)
        return
    if n == 2 and scores[0] != scores[1]:
        st.first = 0 if scores[0] < scores[1] else 1
        ctx.say(
            f"Last day: {label(st.first)}, with the lower score, is the first player.",
            headline=True,
        )
    else:
        st.first = (f6 + 1) % n
    begin_day(st, ctx)


def end_week(st: YspahanState, ctx: Ctx) -> None:
    """Spec 11: souks (+Bazaar), clear the city, score the Caravan (kept), Supervisor home."""
    gained = [0] * st.np
    for k, souk in enumerate(SOUKS):
        owners = {st.shops[i] for i in SOUK_SHOPS[k]}
        if len(owners) != 1 or NO in owners:
            continue
        (o,) = owners
        st.pts[o][CAT_SOUKS] += souk.value
        gained[o] += souk.value
        if has(st, o, BAZAAR):
            st.pts[o][CAT_BAZAAR] += 2
            gained[o] += 2
    summary = ", ".join(f"{label(s)} {gained[s]}" for s in range(st.np))
    ctx.say(
        f"End of week {st.week}: souks scored ({summary} VP); the quarters were cleared.",
        headline=True,
    )
    st.shops = [NO] * len(SHOPS)
    score_caravan(st, ctx, "week end")
    st.supervisor = HUB
    if st.week == 3:
        st.phase = "finished"
        st.stack = Stack()
        st.queue = []
        st.reason = "Three weeks were played; the game ended after the third week's scoring."
        ctx.say("The game is over.")
        return
    st.week += 1
    st.day = 1


def score_caravan(st: YspahanState, ctx: Ctx, why: str) -> None:
    """Spec 7.3: cubes x row number of the highest row holding one of the player's cubes."""
    per_row = CARAVAN_PER_ROW[st.np]
    parts = []
    for s in range(st.np):
        count = 0
        top = 0
        for i, o in enumerate(st.caravan):
            if o == s:
                count += 1
                top = i // per_row + 1
        if count:
            st.pts[s][CAT_CARAVAN] += count * top
            parts.append(f"{label(s)} {count * top}")
    if parts:
        ctx.say(f"Caravan scored ({why}): " + ", ".join(parts) + " VP.")


def caravan_entry(st: YspahanState, ctx: Ctx, owner: int) -> None:
    """Spec 7.2: next space, immediate VP, Caravanserai draw, full-Caravan scoring."""
    idx = len(st.caravan)
    st.caravan.append(owner)
    vp = CARAVAN_ROW_VP[idx // CARAVAN_PER_ROW[st.np]]
    st.pts[owner][CAT_ENTRY] += vp
    ctx.say(f"{label(owner)}'s cube entered Caravan space {idx + 1} (+{vp} VP).", owner)
    if has(st, owner, CARAVANSERAI):
        draw_card(st, ctx, owner, "Caravanserai")
    if len(st.caravan) == caravan_size(st):
        score_caravan(st, ctx, "full")
        st.caravan = []
        ctx.say("The full Caravan was emptied; its cubes went back to their owners.")


def draw_card(st: YspahanState, ctx: Ctx, seat: int, why: str) -> None:
    """Spec 9.5: reshuffle the discard pile when the deck is empty; nothing if both are."""
    if not st.deck:
        if not st.discard:
            ctx.say(f"{label(seat)} could not draw: no card is left ({why}).", seat)
            return
        st.deck = st.discard
        st.discard = []
        st.rng = R.shuffle(st.rng, st.deck)
        ctx.say("The discard pile was shuffled into a new deck.")
    ctx.revealed = True
    # UNCERTAIN (U16): a card drawn now may be played at a later window of the same turn.
    cid = st.deck.pop()
    insort(st.hands[seat], cid)
    ctx.say(f"{label(seat)} drew a card ({why}).", seat)
    ctx.tell(seat, f"{label(seat)} drew {card_name(cid)} ({why}).")


# ---- actions ------------------------------------------------------------------------------


def after_action(st: YspahanState, ctx: Ctx) -> None:
    st.group = 0
    st.extra = ""
    st.left = 0
    st.ship = []
    st.save_shop = NO
    st.mover = NO
    if st.np > 2:
        turn_step(st, "build")  # settle() passes at once when "pass" is the only choice
        return
    end_window(st, ctx)


_TURN_STEPS = {
    kind: Stack((Frame(kind),))
    for kind in ("buy", "start", "option", "place", "super", "order", "save", "build", "end")
}  # stacks are immutable: one per step serves every state


def turn_step(st: YspahanState, kind: str) -> None:
    """Go on to the next step of the turn: whatever was asked on top of it is answered."""
    st.stack = _TURN_STEPS[kind]


CARD_STEPS = frozenset(("c6", "c6s", "cdir", "camt"))  # a card's own questions


def end_window(st: YspahanState, ctx: Ctx) -> None:
    turn_step(st, "end")  # settle() ends the turn at once when a card in hand is not possible


def on_buy(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    if action.startswith("play "):
        play_card(st, ctx, seat, action[5:])
        return
    y = int(action[4:])
    st.gold[seat] -= y
    st.yellow = y
    if y:
        ctx.say(f"{label(seat)} bought {dice_text(y).replace('di', 'yellow di')}.", seat)
    roll(st, ctx)
    start_next_turn(st, ctx)


def on_start(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    if action.startswith("play "):
        play_card(st, ctx, seat, action[5:])
        return
    if action == "draw":
        draw_card(st, ctx, seat, "no dice group left")
        after_action(st, ctx)
        return
    g = int(action[6:])
    white, yellow = st.tw[g], st.ty[g]
    counted = white if (st.np == 2 and seat != st.first) else white + yellow
    st.group, st.n, st.v = g, counted, st.tv[g]
    st.tw[g] = st.ty[g] = st.tv[g] = 0
    lost = " (its yellow dice were removed)" if yellow and counted == white else ""
    ctx.say(
        f"{label(seat)} took the {TOWER_NAMES[g]} group: {dice_text(counted)} "
        f"showing {st.v}{lost}.",
        seat,
    )
    turn_step(st, "option")


def on_option(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    who = label(seat)
    if action == "supervisor":
        st.mover = seat
        st.sup_k = 0
        st.sup_at = st.supervisor
        turn_step(st, "super")
        return
    if action == "card":
        draw_card(st, ctx, seat, "option C")
        after_action(st, ctx)
        return
    if action.startswith("build "):
        others = 3 + min(len(st.hands[seat]), len(CARD_KINDS))
        choose_building(st, ctx, seat, action, MAX_OPTIONS - others)
        return
    e = 0
    if " +" in action:
        cid = action.split(" +")[1]
        st.hands[seat].remove(cid)
        st.discard.append(cid)
        st.extra = cid
        e = 1
        ctx.say(f"{who} discarded {card_name(cid)} as an extra die.", seat)
    g = st.group
    if g == CAMELS_SPACE:
        got = st.n + e + (1 if has(st, seat, ENCLOSURE) else 0)
        st.camels[seat] += got
        ctx.say(f"{who} took {camels_text(got)}.", seat)
        after_action(st, ctx)
    elif g == GOLD_SPACE:
        got = st.n + e + (2 if has(st, seat, SHOP_B) else 0)
        st.gold[seat] += got
        ctx.say(f"{who} took {got} gold.", seat)
        after_action(st, ctx)
    else:
        st.quarter = g - 2
        st.left = st.n + e + crane_bonus(st, seat)
        ctx.say(
            f"{who} supplies the {QUARTERS[st.quarter]} quarter with up to {cubes_text(st.left)}.",
            seat,
        )
        turn_step(st, "place")
        continue_placing(st, ctx, seat)


def continue_placing(st: YspahanState, ctx: Ctx, seat: int) -> None:
    # UNCERTAIN (U9): placing goes on while a legal shop exists (no stopping early);
    # UNCERTAIN (U12): with no legal shop at all the group is simply spent.
    if st.left and legal_shops(st, seat, st.quarter):
        return
    if st.left:
        ctx.say(
            f"No legal shop is left; {cubes_text(st.left)} stayed in {label(seat)}'s reserve.",
            seat,
        )
    after_action(st, ctx)


def on_place(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    i = SHOP_INDEX[action[5:]]
    st.shops[i] = seat
    st.left -= 1
    ctx.say(f"{label(seat)} placed a cube in {SHOPS[i]}.", seat)
    continue_placing(st, ctx, seat)


def on_super(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    where = action[3:]
    if where in ARM_NAMES:
        st.stack = st.stack.push(Frame("arm", {"arm": where}))
        return
    move_supervisor(st, ctx, seat, STREET_INDEX[where])


def on_arm(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    if action == "back":
        st.stack = st.stack.pop()
        return
    move_supervisor(st, ctx, seat, STREET_INDEX[action[3:]])


def move_supervisor(st: YspahanState, ctx: Ctx, seat: int, to: int) -> None:
    """Spec 6.5: the distance is fixed by the destination, so is the gold paid for it."""
    k = DIST[st.supervisor][to]
    cost = move_cost(st, k)
    st.gold[seat] -= cost
    st.sup_at = st.supervisor
    st.sup_k = k
    st.supervisor = to
    paid = f", paying {cost} gold" if cost else ""
    if k == 0:
        ctx.say(f"{label(seat)} kept the Supervisor on {STREET[to]}{paid}.", seat)
    else:
        ctx.say(
            f"{label(seat)} moved the Supervisor from {STREET[st.sup_at]} to "
            f"{STREET[to]} ({plural(k, 'step')}{paid}).",
            seat,
        )
    st.ship = [i for i in STREET_SHOPS[to] if st.shops[i] != NO]
    if len(st.ship) == 2:
        turn_step(st, "order")
        return
    process_shipping(st, ctx)


def on_order(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    i = SHOP_INDEX[action[6:]]
    st.ship = [i] + [j for j in st.ship if j != i]
    process_shipping(st, ctx)


def process_shipping(st: YspahanState, ctx: Ctx) -> None:
    """Spec 6.5.3: each shop once, in order; owners with a camel decide ship or keep."""
    while st.ship:
        i = st.ship[0]
        owner = st.shops[i]
        if st.camels[owner] > 0:  # UNCERTAIN (U8): the cube reserve is unlimited
            st.save_shop = i
            turn_step(st, "save")
            return
        st.ship.pop(0)
        st.shops[i] = NO
        ctx.say(f"{label(owner)}'s cube in {SHOPS[i]} was shipped.", owner)
        caravan_entry(st, ctx, owner)
    after_action(st, ctx)


def on_save(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    i = st.ship.pop(0)
    st.save_shop = NO
    if action == "keep":
        st.camels[seat] -= 1
        ctx.say(
            f"{label(seat)} paid 1 camel to keep the cube in {SHOPS[i]}; a reserve cube "
            "goes to the Caravan instead.",
            seat,
        )
    else:
        st.shops[i] = NO
        ctx.say(f"{label(seat)}'s cube in {SHOPS[i]} was shipped.", seat)
    caravan_entry(st, ctx, seat)
    process_shipping(st, ctx)


def choose_building(st: YspahanState, ctx: Ctx, seat: int, action: str, room: int) -> None:
    """`build crane C3a`: build now with those cards. `build crane` builds without cards, or,
    when the decision listed one entry per building, asks for the cards next."""
    words = action.split()
    b = BUILDING_KEYS[words[1]]
    if len(words) == 2 and build_bound(st, seat) > room:
        st.stack = st.stack.push(Frame("discount", {"building": BUILDINGS[b].key}))
        return
    construct(st, ctx, seat, b, tuple(words[2:]))


def construct(st: YspahanState, ctx: Ctx, seat: int, b: int, cards: tuple[str, ...]) -> None:
    # UNCERTAIN (U11): C3/C4 are spent on the building constructed now; no credit is kept.
    building = BUILDINGS[b]
    camels = 0 if any(c[:2] == "C3" for c in cards) else building.camels
    gold = 0 if any(c[:2] == "C4" for c in cards) else building.gold
    st.camels[seat] -= camels
    st.gold[seat] -= gold
    for c in cards:
        st.hands[seat].remove(c)
        st.discard.append(c)
    st.built[seat].append(b)
    vp = BUILDING_VP[len(st.built[seat]) - 1]
    st.pts[seat][CAT_BUILDINGS] += vp
    paid = []
    if camels:
        paid.append(camels_text(camels))
    if gold:
        paid.append(f"{gold} gold")
    cost = " and ".join(paid) if paid else "nothing"
    with_cards = f" with {' and '.join(card_name(c) for c in cards)}" if cards else ""
    ctx.say(
        f"{label(seat)} built the {building.name} ({building.id}) for {cost}"
        f"{with_cards} (+{vp} VP).",
        seat,
    )
    if st.np == 2:
        after_action(st, ctx)
    else:
        end_window(st, ctx)


def on_build(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    if action.startswith("play "):
        play_card(st, ctx, seat, action[5:])
        return
    if action == "pass":
        # The end-of-turn window would offer exactly the cards this step just offered.
        end_turn(st, ctx)
        return
    choose_building(st, ctx, seat, action, MAX_OPTIONS - 1 - play_bound(st, seat))


def on_discount(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    if action == "back":
        st.stack = st.stack.pop()
        return
    arg = action[9:]
    cards = () if arg == "none" else tuple(arg.split())
    construct(st, ctx, seat, BUILDING_KEYS[st.stack.frames[-1]["building"]], cards)


def on_end(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    if action.startswith("play "):
        play_card(st, ctx, seat, action[5:])
        return
    end_turn(st, ctx)


# ---- cards played for their effect -------------------------------------------------------------


def play_card(st: YspahanState, ctx: Ctx, seat: int, cid: str) -> None:
    """Spec 9.3/9.4: the card is resolved on top of the window it was played in, which is
    asked again afterwards."""
    st.hands[seat].remove(cid)
    st.card = cid
    who = label(seat)
    kind = card_kind(cid)
    ctx.say(f"{who} played {card_name(cid)}.", seat)
    if kind == 1:
        st.camels[seat] += 3
        ctx.say(f"{who} took 3 camels.", seat)
    elif kind == 2:
        st.gold[seat] += 3
        ctx.say(f"{who} took 3 gold.", seat)
    elif kind == 5:
        # UNCERTAIN (U5): the Caravanserai draws for this cube too.
        caravan_entry(st, ctx, seat)
    elif kind == 6:
        st.stack = st.stack.push(Frame("c6"))
        return
    elif kind in (7, 8):
        st.stack = st.stack.push(Frame("camt"))
        return
    elif kind == 9:
        st.stack = st.stack.push(Frame("cdir"))
        return
    finish_card(st)


def finish_card(st: YspahanState) -> None:
    st.discard.append(st.card)
    st.card = ""
    while st.step in CARD_STEPS:
        st.stack = st.stack.pop()


def on_card_delivery(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    if action.startswith("quarter "):
        st.stack = st.stack.push(Frame("c6s", {"quarter": action[8:].capitalize()}))
        return
    on_card_shop(st, ctx, seat, action)


def on_card_shop(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    if action == "back":
        st.stack = st.stack.pop()
        return
    i = SHOP_INDEX[action[5:]]
    st.shops[i] = seat
    ctx.say(f"{label(seat)} placed a cube in {SHOPS[i]} (Shop delivery).", seat)
    finish_card(st)


def on_card_direction(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    st.stack = st.stack.replace_top(Frame("camt", {"give": action[8:]}))


def on_card_amount(st: YspahanState, ctx: Ctx, seat: int, action: str) -> None:
    n = int(action[7:])
    kind = card_kind(st.card)
    who = label(seat)
    if kind == 7:
        st.gold[seat] -= n
        st.pts[seat][CAT_CARDS] += n
        ctx.say(f"{who} returned {n} gold for {n} VP.", seat)
    elif kind == 8:
        st.camels[seat] -= n
        st.pts[seat][CAT_CARDS] += C8_VP_PER_CAMEL * n
        ctx.say(f"{who} returned {camels_text(n)} for {C8_VP_PER_CAMEL * n} VP.", seat)
    elif st.stack.frames[-1]["give"] == "camels":
        st.camels[seat] -= n
        st.gold[seat] += n
        ctx.say(f"{who} exchanged {camels_text(n)} for {n} gold.", seat)
    else:
        st.gold[seat] -= n
        st.camels[seat] += n
        ctx.say(f"{who} exchanged {n} gold for {camels_text(n)}.", seat)
    finish_card(st)


HANDLERS: dict[str, Callable[[YspahanState, Ctx, int, str], None]] = {
    "buy": on_buy,
    "start": on_start,
    "option": on_option,
    "place": on_place,
    "super": on_super,
    "arm": on_arm,
    "order": on_order,
    "save": on_save,
    "build": on_build,
    "discount": on_discount,
    "end": on_end,
    "c6": on_card_delivery,
    "c6s": on_card_shop,
    "cdir": on_card_direction,
    "camt": on_card_amount,
}


# Steps whose options include the seat's own cards. With cards in hand they are asked even
# when one option is left: resolving them at once would tell everyone that none of the hidden
# cards could be played or built with.
HAND_STEPS = frozenset(("buy", "start", "build", "end"))


def settle(st: YspahanState, ctx: Ctx) -> Decision | None:
    """Resolve decisions with a single legal option (spec 18.3) when everyone can tell there was
    no other; cache and return the next real one."""
    while True:
        dec = decide(st)
        if dec is None:
            st._dec = _FINISHED
            return None
        step = st.step
        if len(dec.actions) > 1 or (step in HAND_STEPS and st.hands[dec.seat]):
            st._dec = dec
            return dec
        HANDLERS[step](st, ctx, dec.seat, dec.actions[0])


# ---- scoring ------------------------------------------------------------------------------


def breakdown(st: YspahanState, seat: int) -> dict[str, int]:
    return dict(zip(CATEGORIES, st.pts[seat], strict=True))


# ---- the Game ------------------------------------------------------------------------------

_FINISHED = object()


class Yspahan(Game[YspahanState]):
    name = "yspahan"
    title = "Yspahan"
    info = GameInfo(
        min_players=2, max_players=4, chance=True, hidden_information=True,
        typical_decisions=160,
        blurb="Merchants of Yspahan roll dice for actions, fill the souks with goods, send "
              "them to the Caravan and build up their own quarter over three weeks.",
    )
    # UNCERTAIN (U2): three players rotate normally on the last day unless this is set.
    options_schema = (
        OptionSpec(
            "three_player_ascending_last_day", "3 players: ascending order on the last day",
            (False, True), False, players=(3,),
            help="Rules reading U2: with three players, the last day's order goes up.",
        ),
    )
    # 2: Supervisor destinations in one decision, build cards chosen with the building, single
    # options resolved only when public. Older snapshots replay from their action log.
    schema_version = 2

    def seat_label(self, seat: int) -> str:
        return SEAT_LABELS[seat]

    def new_game(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> YspahanState:
        if players not in (2, 3, 4):
            raise ValueError("Yspahan is played by 2 to 4 players.")
        opts = {**self.default_options(), **(options or {})}
        unknown = set(opts) - set(self.default_options())
        if unknown:
            raise ValueError(f"Unknown Yspahan options: {', '.join(sorted(unknown))}.")
        return new_state(players, seed, bool(opts["three_player_ascending_last_day"]))

    def decision(self, state: YspahanState) -> Decision | None:
        dec = state._dec
        if dec is None:
            dec = decide(state)
            state._dec = dec if dec is not None else _FINISHED
            return dec
        return None if dec is _FINISHED else dec

    def _apply(self, state: YspahanState, action: str) -> tuple[YspahanState, list[Event], bool]:
        st = state.copy()
        ctx = Ctx()
        HANDLERS[state.step](st, ctx, self.decision(state).seat, action)  # type: ignore[union-attr]
        settle(st, ctx)
        if ctx.events:
            st.log = (st.log + tuple([e.text for e in ctx.events if e.audience is None]))[
                -LOG_LINES:
            ]
        return st, ctx.events, ctx.revealed

    def replay_onto(self, state: YspahanState, actions: Iterable[str]) -> YspahanState:
        """As ``Game.replay_onto``, reading the notation of logs stored before schema 2 too."""
        return legacy.replay(self, state, actions)

    def normalize(self, text: str) -> str:
        return notation.normalize(text)

    def explain_illegal(self, state: YspahanState, action: str) -> str:
        return notation.explain_illegal(state, self.decision(state), action)

    def describe(self, state: YspahanState, action: str) -> str:
        return notation.describe(state, self.decision(state), action)

    def targets(self, state: YspahanState, action: str) -> Mapping[str, Any]:
        return targets.targets(state, action)

    def public_options(self, state: YspahanState) -> tuple[Option, ...]:
        """Everything but what names or uses a card from a hand: playing one, paying with one,
        adding one as a die, and the steps of a card's effect."""
        decision = self.decision(state)
        if decision is None or decision.kind in _HAND_KINDS:
            return ()
        return tuple(
            o for o in self.options(state)
            if o.notation.split()[0] != "play" and "+" not in o.notation
            and not _CARD_ID.search(o.notation)
        )  # fmt: skip

    def view(self, state: YspahanState, seat: int | None) -> JSON:
        return views.view(state, self.decision(state), seat, self.outcome(state))

    def hidden_from(self, state: YspahanState, seat: int | None) -> frozenset[str]:
        return views.hidden_ids(state, seat)

    def outcome(self, state: YspahanState) -> Outcome | None:
        if state.phase != "finished":
            return None
        n = state.np
        scores = tuple(state.score(s) for s in range(n))
        # UNCERTAIN (U3): no official tie-break; tied leaders share the victory.
        winners, tiebreak = ranked_winners(scores, [])
        return Outcome(
            scores=scores,
            breakdown=tuple(breakdown(state, s) for s in range(n)),
            winners=winners,
            reason=state.reason,
            tiebreak=tiebreak,
            tiebreak_values=tuple(
                {"gold": state.gold[s], "camels": state.camels[s]} for s in range(n)
            ),
        )

    def provisional_scores(self, state: YspahanState, viewer: int | None) -> tuple[int, ...]:
        """Every point already scored is public (spec 18.1); cards in hand score nothing until
        played, so every viewer is told the same."""
        return tuple(state.score(s) for s in range(state.np))

    def provisional_breakdown(
        self, state: YspahanState, viewer: int | None
    ) -> tuple[Mapping[str, int], ...]:
        return tuple(breakdown(state, s) for s in range(state.np))

    def evaluate(self, state: YspahanState, seat: int) -> float:
        return heuristic.evaluate(state, seat)

    def _observe(self, state: YspahanState, seat: int | None) -> YspahanState:
        return observe.observe(state, seat)

    def _determinize(
        self, state: YspahanState, seat: int | None, rng: int
    ) -> tuple[YspahanState, int]:
        return observe.determinize(state, seat, rng)

    def to_json(self, state: YspahanState) -> JSON:
        return {"game": self.name, "schema": self.schema_version, "state": state.to_dict()}

    def _from_json(self, data: JSON) -> YspahanState:
        return YspahanState.from_dict(data["state"])

    def text(self, state: YspahanState, seat: int | None) -> str:
        return views.text(state, self.decision(state), seat, self.outcome(state))
