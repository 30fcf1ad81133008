"""A player's turn (spec §6), colour actions (§7) and special cards (§8, §11.3).

Frames and the decision each one asks (options, then what answering does):
  turn      play a card and half; then "main", "colour" or "end"         "play_card"/"turn_action"
  name_act  a yellow half's "any action"                                "name_action"
  name_col  a yellow half's "any colour"                                "name_colour"
  colour    {c, src}: a bonus card, a track step or a sack card          "colour_action"
  step      {n, c, same}: which track a step goes on                     "track_step"
  special   {c, lv}: take the face-up card or search                     "special_card"
  search    {c, lv}: which face-down card                                "search"
  yellow    {card}: swap for a starting card in hand, or keep pending   "yellow_swap"
            (always asked, "keep" alone when no starting card is in hand)
"""

from __future__ import annotations

from functools import lru_cache

from games.core import rng as R
from games.core.stack import Frame
from games.resafa.engine import actions
from games.resafa.engine.core import (
    END_TURN,
    Ctx,
    draw_sack,
    give,
    has,
    legal_steps,
    push,
    step_legal,
    take_step,
    update_frame,
    who,
)
from games.resafa.engine.data import (
    ACTION_TITLES,
    ACTIONS,
    ANY,
    BONUS,
    COLOUR_NAMES,
    COLOURS,
    FACE_UP_REWARD,
    PINK,
    PINK_EARLY,
    START_CARDS,
    YELLOW,
    gain,
)
from games.resafa.engine.state import State
from games.resafa.engine.views import half_of

HALF_WORD = {"U": "up", "L": "low"}
WORD_HALF = {"up": "U", "low": "L"}


# ---- turn -------------------------------------------------------------------------------------


# action card -> its two "play" options
PLAY = {c: (f"play {c} up", f"play {c} low") for c in (*START_CARDS, *YELLOW)}


def turn_options(st: State, fr: Frame, seat: int) -> list[str]:
    data = fr.data
    if not data.get("card"):
        return [o for c in st.players[seat].hand if c in PLAY for o in PLAY[c]]
    out = []
    if not data.get("main") and actions.feasible(st, seat, data["act"], data.get("perk", "")):
        out.append("main")
    if not data.get("colour") and colour_possible(st, seat, data["col"]):
        out.append("colour")
    out.append("end")  # UNCERTAIN (§6.1): a possible main action may be declined
    return out


def turn_kind(fr: Frame) -> str:
    return "turn_action" if fr.data.get("card") else "play_card"


def turn_prompt(st: State, fr: Frame, seat: int) -> str:
    data = fr.data
    if not data.get("card"):
        return PLAY_PROMPT[seat]
    return _actions_prompt(seat, data["act"], data["col"], bool(data.get("main")),
                           bool(data.get("colour")))


PLAY_PROMPT = tuple(f"{who(s)}, play an action card and choose its upper or lower half."
                    for s in range(4))


@lru_cache(maxsize=1024)
def _actions_prompt(seat: int, act: str, col: str, main_done: bool, colour_done: bool) -> str:
    left = []
    if not main_done:
        left.append(f"the main action ({ACTION_TITLES[act]})")
    if not colour_done:
        left.append(f"the {COLOUR_NAMES[col]} colour action")
    if not left:
        return f"{who(seat)}, both actions are done: end your turn."
    if len(left) == 1:
        return f"{who(seat)}, take {left[0]}, or end your turn."
    return f"{who(seat)}, take {' and '.join(left)} in either order, or end your turn."


def turn_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    words = action.split()
    if words[0] == "play":
        card, half = words[1], WORD_HALF[words[2]]
        p = st.me(seat)
        p.hand.remove(card)
        p.played = [*p.played, f"{card}:{half}"]
        act, col = half_of(card, half, seat)
        perk = ""
        if card in YELLOW:
            h = YELLOW[card][1 if half == "U" else 2]
            perk = h.perk  # type: ignore[union-attr]
        push(st, Frame("turn", {"card": card, "half": half, "act": act, "col": col,
                                "perk": perk}))
        if col == ANY:
            push(st, Frame("name_col"))
        if act == ANY:
            push(st, Frame("name_act"))
        what = "" if act == ANY else f": {ACTION_TITLES[act]}"
        colour = "" if col == ANY else f", {COLOUR_NAMES[col]}"
        ctx.say(f"{who(seat)} plays {card}, {'upper' if half == 'U' else 'lower'} half"
                f"{what}{colour}.", seat)
        return
    data = fr.data
    if words[0] == "main":
        push(st, fr.with_data(main=True))
        actions.start(st, ctx, seat, data["act"], perk=data.get("perk", ""))
        return
    if words[0] == "colour":
        push(st, Frame("colour", {"c": data["col"], "src": "colour"}), fr.with_data(colour=True))
        return
    # "end": the end-of-turn steps follow (rounds module)
    push(st, END_TURN)


def name_act_options(st: State, fr: Frame, seat: int) -> list[str]:
    return [f"action {a}" for a in ACTIONS]


def name_act_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    act = action.split()[1]
    _update_turn(st, act=act)
    ctx.say(f"{who(seat)} names {ACTION_TITLES[act]}.", seat)


def _update_turn(st: State, **changes: str) -> None:
    """Name what a yellow half left open on the turn frame (below the naming questions)."""
    update_frame(st, "turn", **changes)


def name_col_options(st: State, fr: Frame, seat: int) -> list[str]:
    return [f"colour {c}" for c in COLOURS]


def name_col_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    col = action.split()[1]
    _update_turn(st, col=col)
    ctx.say(f"{who(seat)} names {COLOUR_NAMES[col]}.", seat)


# ---- colour actions and Provisions (spec §7, §9.6) -------------------------------------------


def colour_options(st: State, seat: int, colour: str) -> list[str]:
    colours = COLOURS if colour == ANY else (colour,)
    out = [f"bonus {b}" for c in colours for b in st.bonus[c]]
    out += [f"step {c}" for c in legal_steps(st.players[seat], colour)]
    if st.sack:
        out.append("sack")
    return out


def colour_possible(st: State, seat: int, colour: str) -> bool:
    """Whether `colour_options` offers anything, without listing it."""
    if st.sack:
        return True
    colours = COLOURS if colour == ANY else (colour,)
    p = st.players[seat]
    return any(st.bonus[c] or step_legal(p, c) for c in colours)


def colour_frame_options(st: State, fr: Frame, seat: int) -> list[str]:
    return colour_options(st, seat, fr["c"])


def colour_prompt(st: State, fr: Frame, seat: int) -> str:
    if fr["c"] == ANY:
        return (f"{who(seat)}, Provisions: take any face-up bonus card, a step on any track, "
                "or a sack card.")
    name = COLOUR_NAMES[fr["c"]]
    return (f"{who(seat)}, {name} colour action: take a {name} bonus card, a step on the "
            f"{name} track, or a sack card.")


def colour_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    words = action.split()
    if words[0] == "bonus":
        card = words[1]
        st.bonus = {**st.bonus, card[1]: [b for b in st.bonus[card[1]] if b != card]}
        p = st.me(seat)
        p.hand.append(card)
        p.hand.sort()
        ctx.say(f"{who(seat)} takes bonus card {card}: {BONUS[card][1]}", seat)
        if has(p, "SB1-6"):
            give(st, ctx, seat, gain("1C"), "SB1-6")
    elif words[0] == "step":
        take_step(st, ctx, seat, words[1])
    else:
        draw_sack(st, ctx, seat)


# ---- track steps and special cards (spec §8) -------------------------------------------------


def step_options(st: State, fr: Frame, seat: int) -> list[str]:
    opts = [f"step {c}" for c in legal_steps(st.players[seat], fr.get("c", ANY))]
    return [*opts, "skip"] if opts else []


def step_prompt(st: State, fr: Frame, seat: int) -> str:
    n = fr.get("n", 1)
    c = fr.get("c", ANY)
    where = "a track of your choice" if c == ANY else f"the {COLOUR_NAMES[c]} track"
    count = "a step" if n == 1 else f"{n} steps, one at a time,"
    return f"{who(seat)}, take {count} on {where}."


def step_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action == "skip":
        ctx.say(f"{who(seat)} gives up a track step.", seat)
        return
    colour = action.split()[1]
    n = fr.get("n", 1)
    if n > 1:
        push(st, Frame("step", {"n": n - 1, "c": colour if fr.get("same") else fr.get("c", ANY),
                                "same": fr.get("same", False)}))
    take_step(st, ctx, seat, colour)


def special_options(st: State, fr: Frame, seat: int) -> list[str]:
    deck = st.special[f"{fr['c']}{fr['lv']}"]
    out = ["take"] if deck else []
    if len(deck) >= 2:
        out.append("search")
    return out


def special_prompt(st: State, fr: Frame, seat: int) -> str:
    deck = st.special[f"{fr['c']}{fr['lv']}"]
    top = deck[-1] if deck else "none"
    return (f"{who(seat)}, level {fr['lv']} of the {COLOUR_NAMES[fr['c']]} track: take the "
            f"face-up {top} with 1 VP and 1 coin, or search the face-down cards.")


def special_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    key = f"{fr['c']}{fr['lv']}"
    deck = st.special[key][:]  # shared between states: replaced, never changed
    st.special = {**st.special, key: deck}
    if action == "search":
        push(st, Frame("search", {"c": fr["c"], "lv": fr["lv"]}))
        ctx.revealed = True
        ctx.say(f"{who(seat)} searches the level {fr['lv']} {COLOUR_NAMES[fr['c']]} cards.",
                seat)
        ctx.tell(seat, "You see: " + ", ".join(sorted(deck[:-1])) + ".")
        return
    card = deck.pop()
    # UNCERTAIN (§8.2): "reveal the next-level top card" read as the same level's next card.
    if deck:
        ctx.revealed = True
        ctx.say(f"{deck[-1]} is turned face up.")
    ctx.say(f"{who(seat)} takes the face-up {card}.", seat)
    gain_special(st, ctx, seat, card, public=True)
    give(st, ctx, seat, gain(FACE_UP_REWARD), "face-up card")


def search_options(st: State, fr: Frame, seat: int) -> list[str]:
    return [f"pick {c}" for c in sorted(st.special[f"{fr['c']}{fr['lv']}"][:-1])]


def search_prompt(st: State, fr: Frame, seat: int) -> str:
    return f"{who(seat)}, choose the card you take from the searched deck."


def search_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    card = action.split()[1]
    key = f"{fr['c']}{fr['lv']}"
    deck = st.special[key]
    top = deck[-1]
    rest = [c for c in deck[:-1] if c != card]
    st.rng = R.shuffle(st.rng, rest)
    st.special = {**st.special, key: [*rest, top]}
    ctx.revealed = True
    public = fr["c"] != "Y"  # a searched yellow card stays private until played (§17.1)
    if public:
        ctx.say(f"{who(seat)} takes {card} from the search.", seat)
    else:
        ctx.say(f"{who(seat)} takes a yellow card from the search.", seat)
        ctx.tell(seat, f"You take {card}.")
    gain_special(st, ctx, seat, card, public=public)


def gain_special(st: State, ctx: Ctx, seat: int, card: str, public: bool) -> None:
    p = st.me(seat)
    p.gained = [*p.gained, card]
    if card in YELLOW:
        # Asked even with no starting card in hand to swap: whether one is there is hidden.
        push(st, Frame("yellow", {"card": card}))
        return
    p.specials = [*p.specials, card]
    if card in PINK:
        early = gain(PINK_EARLY[st.round])
        if early:
            give(st, ctx, seat, early, "early pink card")


def yellow_options(st: State, fr: Frame, seat: int) -> list[str]:
    starts = sorted(c for c in st.players[seat].hand if c in START_CARDS)
    return [f"swap {c}" for c in starts] + ["keep"]


def yellow_prompt(st: State, fr: Frame, seat: int) -> str:
    return (f"{who(seat)}, swap your new yellow card for a starting card in your hand (it "
            "leaves the game), or keep it until the next reset.")


def yellow_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    p = st.me(seat)
    card = fr["card"]
    if action == "keep":
        p.pending = [*p.pending, card]
        ctx.say(f"{who(seat)} keeps a yellow card for the next reset.", seat)
        return
    old = action.split()[1]
    p.hand.remove(old)
    p.removed = [*p.removed, old]
    p.hand.append(card)
    p.hand.sort()
    ctx.say(f"{who(seat)} removes starting card {old} from the game for a yellow card.", seat)


KINDS = {
    "name_act": ("name_action", name_act_options,
                 lambda st, fr, s: f"{who(s)}, name the main action of this half.",
                 name_act_handle),
    "name_col": ("name_colour", name_col_options,
                 lambda st, fr, s: f"{who(s)}, name the colour of this half.", name_col_handle),
    "colour": ("colour_action", colour_frame_options, colour_prompt, colour_handle),
    "step": ("track_step", step_options, step_prompt, step_handle),
    "special": ("special_card", special_options, special_prompt, special_handle),
    "search": ("search", search_options, search_prompt, search_handle),
    "yellow": ("yellow_swap", yellow_options, yellow_prompt, yellow_handle),
}
