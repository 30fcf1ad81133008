"""Free actions (spec §6.3): bonus, sack and white cards played at a decision point of one's
own turn, and sack cards discarded for 1 VP.

`free_actions` lists what may start now, as "use CARD" and "drop SK..": a card that grants a
main action, places a garden, founds a base or moves a cube only between actions (the "turn"
frame on top), a "(during X)" card only while a main action X is in progress and the step it
changes is still ahead, and only if what it gives can be done. Frames:
  cards   the free actions, when they do not fit beside a decision's own options  "free_action"
  goods   SW1-6: which goods type                                                "goods_type"
  swap    {left}: BY12's swaps                                                   "goods_swap"
  anyact  {n, used}: SW2-1 / SW3-1's main actions                                "any_action"
  bb06    BB06: which cube moves where                                           "move_cube"
  part    {card, gain}: a card of several gains used whole or in part           "gain_part"
  box     {city, cost}: BY10's box                                               "trading_base"
"""

from __future__ import annotations

from games.core.stack import Frame
from games.resafa.engine import actions
from games.resafa.engine.core import (
    Ctx,
    give,
    main_frame,
    pop,
    push,
    who,
)
from games.resafa.engine.data import (
    ACTION_TITLES,
    ACTIONS,
    BETWEEN_ONLY,
    BONUS,
    CITIES,
    CITY_NAMES,
    GOODS,
    NET_ADJ,
    NET_SPACES,
    SACK,
    SACK_DISCARD_VP,
    WARE_INDEX,
    WAREHOUSE_CAP,
    WHITE,
    Gain,
    card_effect,
    gain,
    gain_words,
    space_name,
)
from games.resafa.engine.state import State

# top frames at which a "(during X)" modifier still changes a step ahead
DURING_AT = {
    ("workshop", "nocoin"): ("ws_tile",), ("workshop", "nostone"): ("ws_tile",),
    ("workshop", "less1C"): ("ws_tile",), ("garden", "less1C"): ("garden_size",),
    ("garden", "largenocoin"): ("garden_size",),
    ("production", "act1"): ("prod",),
    ("canal", "less1C"): ("canal_tile",), ("canal", "less1S"): ("canal_tile",),
    ("canal", "reward2"): ("canal_tile", "canal_space"),
    ("trading", "notolls"): ("tr_move",), ("trading", "toll1"): ("tr_move",),
    ("trading", "sale1C"): ("tr_move", "unload", "load", "load_n", "tr_city"),
    ("trading", "both"): ("tr_move", "unload", "load", "load_n", "tr_city"),
}
ANYWHERE = ("workshop", "2VP"), ("canal", "2VP"), ("garden", "extra_small")


def during_ok(st: State, seat: int, action: str, mod: str) -> bool:
    """A "(during X)" card may be played now (spec §6.3)."""
    main = main_frame(st)
    if main is None:
        return False
    acts = ("workshop", "garden") if action == "wsgarden" else (action,)
    act = main["act"]
    if act not in acts:
        return False
    top = st.step
    if (act, mod) in ANYWHERE:
        if mod == "extra_small":
            p = st.players[seat]
            return (top not in ("garden_sq",) and st.small_left > 0 and p.ware[0] >= 1
                    and bool(actions.garden_squares(p, "small")))
        return True
    if top not in DURING_AT.get((act, mod), ()):
        return False
    if mod == "act1" and str(main.get("extra", "")).startswith("exact"):
        return False  # a stated activation count is fixed (spec §9.0)
    if top == "tr_city" and st.frames[-1].get("sold"):
        return False
    return mod not in main.get("mods", []) or mod in ("less1C", "toll1", "act1", "sale1C")


# card -> (effect kind, its argument), for every card played as a free action
EFFECTS = {c: tuple(card_effect(c).partition(":")[::2]) for c in (*BONUS, *SACK, *WHITE)}
ALWAYS = frozenset({"gain", "ws4", "sq2", "bases", "cubes", "step", "goods2", "steps2"})


def playable(st: State, seat: int, card: str, between: bool) -> bool:
    if card in BETWEEN_ONLY and not between:
        return False
    kind, arg = EFFECTS[card]
    if kind in ALWAYS:
        return True
    p = st.players[seat]
    if kind == "during":
        if between:
            return False  # no main action is in progress while the turn frame is on top
        action, _, mod = arg.partition(":")
        return during_ok(st, seat, action, mod)
    if kind == "step":
        return True
    if kind == "act1":
        return any(actions.usable_rooms(p, i) for i in p.workshops())
    if kind == "swap2":
        return sum(1 for g in GOODS if p.ware[WARE_INDEX[g]]) >= 1
    if kind == "goods2":
        return True
    if kind == "garden":
        size = arg.split(":")[0]
        left = st.small_left if size == "small" else st.large_left
        return left > 0 and bool(actions.garden_squares(p, size))
    if kind == "base1C":
        return (p.loc in CITIES and p.loc not in p.bases and p.coins >= 1
                and bool(actions.free_boxes(st, p.loc)))
    if kind == "cube":
        return bool(cube_moves(st))
    if kind == "extra":
        act, _, mod = arg.partition(":")
        perk = {"full": ""}.get(mod, "")
        return actions.feasible(st, seat, act, perk, mod)
    if kind in ("any1", "any2diff"):
        return any(actions.feasible(st, seat, a) for a in ACTIONS)
    return kind == "steps2"


USE = {c: "use " + c for c in EFFECTS}
DROP = {c: "drop " + c for c in SACK}


def free_actions(st: State, seat: int) -> list[str]:
    p = st.players[seat]
    cards = [c for c in p.hand if c in EFFECTS]
    if p.specials:
        cards += [c for c in p.specials if c in WHITE]
    if not cards:
        return []
    between = st.frames[-1].kind == "turn"
    out = [USE[c] for c in cards if playable(st, seat, c, between)]
    out += [DROP[c] for c in cards if c in SACK]
    return out


def cards_options(st: State, fr: Frame, seat: int) -> list[str]:
    return [*free_actions(st, seat)[:24], "back"]


def cards_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action != "back":
        play_free(st, ctx, seat, action)


def play_free(st: State, ctx: Ctx, seat: int, action: str) -> None:
    word, card = action.split()
    p = st.me(seat)
    if word == "drop":
        p.hand.remove(card)
        st.sack = [card, *st.sack]
        ctx.say(f"{who(seat)} discards a sack card for {SACK_DISCARD_VP} VP.", seat)
        p.vp += SACK_DISCARD_VP
        return
    if card in WHITE:
        p.specials = [c for c in p.specials if c != card]
        p.used = [*p.used, card]
        ctx.say(f"{who(seat)} uses white card {card}: {WHITE[card][2]}", seat)
    elif card in SACK:
        p.hand.remove(card)
        st.sack = [card, *st.sack]
        ctx.say(f"{who(seat)} plays sack card {card}: {SACK[card][1]}", seat)
    else:
        p.hand.remove(card)
        ctx.say(f"{who(seat)} plays bonus card {card}: {BONUS[card][1]}", seat)
    resolve(st, ctx, seat, card_effect(card), card)


def resolve(st: State, ctx: Ctx, seat: int, effect: str, card: str = "") -> None:
    kind, _, arg = effect.partition(":")
    p = st.players[seat]
    if kind == "gain" and len(gain(arg)) > 1:
        push(st, Frame("part", {"card": card, "gain": arg}))
    elif kind == "gain":
        give(st, ctx, seat, gain(arg), "card")
    elif kind == "ws4":
        low, high = arg.split("/")
        give(st, ctx, seat, gain(f"{high if len(p.workshops()) >= 4 else low}VP"), "card")
    elif kind == "sq2":
        low, high = arg.split("/")
        give(st, ctx, seat, gain(f"{high if p.squares >= 2 else low}VP"), "card")
    elif kind == "bases":
        n = min(4, len(p.bases))
        if n:
            give(st, ctx, seat, gain(f"{n}VP"), "card")
    elif kind == "cubes":
        n = min(3, sum(1 for c in st.cube if c == 2))
        if n:
            give(st, ctx, seat, gain(f"{n}VP"), "card")
    elif kind == "step":
        push(st, Frame("step", {"n": 1, "c": arg}))
    elif kind == "steps2":
        push(st, Frame("step", {"n": 2, "c": "any", "same": True}))
    elif kind == "during":
        _action, _, mod = arg.partition(":")
        if mod == "extra_small":
            st.me(seat).ware[0] -= 1
            push(st, Frame("garden_sq", {"size": "small"}))
        else:
            fr = main_frame(st)
            assert fr is not None
            _add_mod(st, mod)
            if mod == "act1" and st.step == "prod":
                top = pop(st)
                push(st, top.with_data(left=top["left"] + 1))
    elif kind == "act1":
        push(st, Frame("act_ws"))
    elif kind == "swap2":
        push(st, Frame("swap", {"left": 2}))
    elif kind == "goods2":
        push(st, Frame("goods"))
    elif kind == "garden":
        size, _, bonus = arg.partition(":")
        push(st, Frame("garden_sq", {"size": size}))
        if bonus:
            give(st, ctx, seat, gain(bonus), "card")
    elif kind == "base1C":
        push(st, Frame("tr_base", {"city": p.loc, "cost": "1C"}))
    elif kind == "cube":
        push(st, Frame("bb06"))
    elif kind == "extra":
        act, _, mod = arg.partition(":")
        actions.start(st, ctx, seat, act, extra="" if mod == "full" else mod, is_extra=True)
    elif kind == "any1":
        push(st, Frame("anyact", {"n": 1, "used": []}))
    elif kind == "any2diff":
        push(st, Frame("anyact", {"n": 2, "used": []}))


def _add_mod(st: State, mod: str) -> None:
    from games.resafa.engine.core import add_mod

    add_mod(st, mod)


# ---- the frames some cards open ----------------------------------------------------------------


def goods_options(st: State, fr: Frame, seat: int) -> list[str]:
    return [f"goods {g}" for g in GOODS]


def goods_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    give(st, ctx, seat, gain(f"2{action.split()[1]}"), "white card")


def swap_options(st: State, fr: Frame, seat: int) -> list[str]:
    p = st.players[seat]
    out = [f"swap {a} {b}" for a in GOODS for b in GOODS
           if a != b and p.ware[WARE_INDEX[a]] and p.ware[WARE_INDEX[b]] < WAREHOUSE_CAP]
    return [*out, "done"] if out else []


def swap_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action == "done":
        return
    _, a, b = action.split()
    p = st.me(seat)
    p.ware[WARE_INDEX[a]] -= 1
    p.ware[WARE_INDEX[b]] += 1
    ctx.say(f"{who(seat)} swaps 1 {a} for 1 {b}.", seat)
    if fr["left"] > 1:
        push(st, fr.with_data(left=fr["left"] - 1))


def anyact_options(st: State, fr: Frame, seat: int) -> list[str]:
    used = fr.get("used", [])
    return [f"action {a}" for a in ACTIONS
            if a not in used and actions.feasible(st, seat, a)]


def anyact_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    act = action.split()[1]
    if fr["n"] > 1:
        push(st, fr.with_data(n=fr["n"] - 1, used=[*fr.get("used", []), act]))
    actions.start(st, ctx, seat, act, is_extra=True)


def cube_moves(st: State) -> list[tuple[int, int]]:
    return [(i, j) for i in range(NET_SPACES) if st.cube[i]
            for j in NET_ADJ[i] if st.net[j] and not st.cube[j]]


def bb06_options(st: State, fr: Frame, seat: int) -> list[str]:
    return [f"cube {space_name(i)} {space_name(j)}" for i, j in cube_moves(st)][:25]


# ---- using a card in part (spec §6.3) ----------------------------------------------------------
# "Using part of an effect" is declining any of its listed parts; nothing unused carries over, so
# a part given up is lost, not kept for later in the turn.


def part_options(st: State, fr: Frame, seat: int) -> list[str]:
    return ["part all", *(f"part {k + 1}" for k in range(len(gain(fr["gain"]))))]


def part_prompt(st: State, fr: Frame, seat: int) -> str:
    return (f"{who(seat)}, take all of {fr['card']} ({gain_words(gain(fr['gain']))}), or only "
            "one part and give up the rest.")


def part_chosen(fr: Frame, action: str) -> tuple[Gain, Gain]:
    """(what is taken, what is given up) for ``part all`` or ``part N``."""
    parts = gain(fr["gain"])
    which = action.split()[1]
    if which == "all":
        return parts, ()
    k = int(which) - 1
    return parts[k:k + 1], parts[:k] + parts[k + 1:]


def part_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    taken, given_up = part_chosen(fr, action)
    if given_up:
        ctx.say(f"{who(seat)} gives up {gain_words(given_up)} of {fr['card']}.", seat)
    give(st, ctx, seat, taken, "card")


def bb06_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    _, a, b = action.split()
    actions.move_cube(st, ctx, actions.space_index(a), actions.space_index(b))


KINDS = {
    "cards": ("free_action", cards_options,
              lambda st, fr, s: f"{who(s)}, play a bonus, sack or white card, or go back.",
              cards_handle),
    "goods": ("goods_type", goods_options,
              lambda st, fr, s: f"{who(s)}, choose the goods type you gain two of.",
              goods_handle),
    "swap": ("goods_swap", swap_options,
             lambda st, fr, s: f"{who(s)}, swap one good for another ({fr['left']} left).",
             swap_handle),
    "anyact": ("any_action", anyact_options,
               lambda st, fr, s: f"{who(s)}, name the main action you take"
                                 + (" (two different ones)." if fr["n"] > 1 else "."),
               anyact_handle),
    "bb06": ("move_cube", bb06_options,
             lambda st, fr, s: f"{who(s)}, move a water cube to a neighbouring tile.",
             bb06_handle),
    "part": ("gain_part", part_options, part_prompt, part_handle),
}

__all__ = ["ACTION_TITLES", "CITY_NAMES", "KINDS", "free_actions", "play_free"]
