"""The end of a turn, of a round and of the game (spec §5, §6.1 step 4, §11-§14).

Automatic frames (no decision; rules.settle runs them when they reach the top):
  endturn   the draw in odd rounds, then the hand limit ("limit" if over 5)
  afterturn the solo rival's card, then the next seat or the end of the round
  newround  reset draws (after rounds 2 and 4), the start player passes, round + 1
Frames with a decision:
  limit     discard a bonus or sack card down to 5 cards                    "hand_limit"
  reset     {seat, card}: which starting card a pending yellow card replaces  "yellow_reset"
"""

from __future__ import annotations

from games.core import rng as R
from games.core.stack import Frame
from games.resafa.engine.core import AFTER_TURN, LIMIT, NEW_ROUND, TURN, Ctx, push, who
from games.resafa.engine.data import (
    BONUS,
    BOX_BLOCKED,
    BOX_FREE,
    CANALS,
    CARDS_PER_ROUND,
    CATEGORIES,
    CITIES,
    CITY_NAMES,
    COINS_PER_VP,
    COLOUR_NAMES,
    COLOURS,
    GARDEN_SQUARE_VP,
    HAND_LIMIT,
    LEVEL2,
    NET_COLS,
    NET_SPACES,
    NO,
    OFFER_SLOTS,
    RAIN_BASIN_VP,
    RAIN_CANAL_VP,
    RAIN_ROUNDS,
    RARE_GOODS,
    RESET_ROUNDS,
    RIVAL_CARDS,
    ROUNDS,
    SACK,
    SACK_DISCARD_VP,
    SCARAB_VP,
    START_CARDS,
    TANK_VP,
    WARE_INDEX,
    WORKSHOPS,
    YELLOW,
    space_name,
)
from games.resafa.engine.state import Player, State

HAND_START = 3


def hand_size(p: Player) -> int:
    return len(p.hand)  # special cards are kept apart; a yellow card in hand counts


def end_turn(st: State, ctx: Ctx, seat: int) -> None:
    p = st.me(seat)
    ctx.say(f"{who(seat)} ends the turn.", seat)
    push(st, AFTER_TURN)
    if st.round % 2 == 1 and p.deck:
        card = p.deck[-1]
        p.deck = p.deck[:-1]  # shared with the state before (`Player.copy`)
        p.hand.append(card)
        p.hand.sort()
        ctx.revealed = True
        ctx.say(f"{who(seat)} draws an action card.", seat)
        ctx.tell(seat, f"You drew {card}.")
    if hand_size(p) > HAND_LIMIT:
        push(st, LIMIT)


def limit_options(st: State, fr: Frame, seat: int) -> list[str]:
    return [f"discard {c}" for c in st.players[seat].hand if c in BONUS or c in SACK]


def limit_prompt(st: State, fr: Frame, seat: int) -> str:
    n = hand_size(st.players[seat])
    return (f"{who(seat)}, you hold {n} cards; the hand limit is {HAND_LIMIT}: discard a bonus "
            "or sack card.")


def limit_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    card = action.split()[1]
    p = st.me(seat)
    p.hand.remove(card)
    if card in SACK:
        st.sack = [card, *st.sack]
        p.vp += SACK_DISCARD_VP
        ctx.say(f"{who(seat)} discards a sack card for {SACK_DISCARD_VP} VP (hand limit).",
                seat)
    else:
        ctx.say(f"{who(seat)} discards bonus card {card} (hand limit).", seat)
    if hand_size(p) > HAND_LIMIT:
        push(st, LIMIT)


def after_turn(st: State, ctx: Ctx) -> None:
    if st.rival:
        rival_turn(st, ctx)
    st.turns += 1
    if st.turns < CARDS_PER_ROUND * st.np:
        st.current = (st.current + 1) % st.np
        push(st, TURN)
        return
    end_round(st, ctx)


# ---- the solo rival (spec §14.2) ---------------------------------------------------------------


def rival_turn(st: State, ctx: Ctx) -> None:
    if not st.rival_deck:
        cards = list(RIVAL_CARDS)
        st.rng = R.shuffle(st.rng, cards)
        st.rival_deck = cards
        st.rival_discard = []
        ctx.say("The rival deck is reshuffled.")
    # the board lists are shared with the state before: replace them, never change them
    card = st.rival_deck[-1]
    st.rival_deck, st.rival_discard = st.rival_deck[:-1], [*st.rival_discard, card]
    ctx.revealed = True
    colour, city, workshop = RIVAL_CARDS[card]
    ctx.say(f"The rival reveals {card}.")
    display = st.bonus[colour]
    st.bonus, st.bonus_deck, st.boxes = dict(st.bonus), dict(st.bonus_deck), dict(st.boxes)
    if display:
        gone = display[0]
        st.bonus[colour] = display[1:]
        st.bonus_deck[colour] = [gone, *st.bonus_deck[colour]]
        ctx.say(f"The rival removes {COLOUR_NAMES[colour]} bonus card {gone}.")
    boxes = st.boxes[city]
    if boxes[0] == BOX_FREE and boxes[1] == BOX_FREE:
        st.boxes[city] = [BOX_BLOCKED, *boxes[1:]]
        ctx.say(f"The rival blocks box 1 in {CITY_NAMES[city]}.")
    if workshop:
        rival_removes_workshop(st, ctx)


def rival_removes_workshop(st: State, ctx: Ctx) -> None:
    """The leftmost tile of the Level II offer (once open and not empty), else of Level I."""
    for level in (2, 1):
        offer = st.offer2 if level == 2 else st.offer1
        if level == 2 and (st.round < 3 or not any(offer)):
            continue
        slot = next((k for k, t in enumerate(offer) if t), None)
        if slot is None:
            continue
        offer, deck = offer[:], (st.deck2 if level == 2 else st.deck1)[:]
        if level == 2:
            st.offer2, st.deck2 = offer, deck
        else:
            st.offer1, st.deck1 = offer, deck
        st.removed_ws = [*st.removed_ws, offer[slot]]
        ctx.say(f"The rival removes workshop {offer[slot]}.")
        offer[slot] = deck.pop() if deck else ""
        if offer[slot]:
            ctx.say(f"{offer[slot]} fills the workshop offer.")
        return


# ---- the end of a round (spec §5 step 3, §11, §12) ---------------------------------------------


def end_round(st: State, ctx: Ctx) -> None:
    """UNCERTAIN (§5): the order of these steps is the spec's choice. UNCERTAIN (§11.1): one
    bonus deck per colour, the leftovers going under it."""
    ctx.say(f"Round {st.round} ends.", headline=True)
    if st.round < ROUNDS:
        st.bonus, st.bonus_deck = dict(st.bonus), dict(st.bonus_deck)
        for colour in COLOURS:
            left = st.bonus[colour]
            st.bonus_deck[colour] = [*reversed(left), *st.bonus_deck[colour]]
            deck = st.bonus_deck[colour]  # a new list: the deal may pop it
            st.bonus[colour] = [deck.pop() for _ in range(min(3, len(deck)))]
        ctx.revealed = True
    if st.round % 2 == 1:
        for s in range(st.np):
            p = st.me(s)
            p.facedown = p.facedown + [e.split(":")[0] for e in p.played]
            p.played = []
    if st.round in RAIN_ROUNDS:
        rain(st, ctx)
    push(st, NEW_ROUND)
    if st.round in RESET_ROUNDS:
        for k in reversed(range(st.np)):
            s = (st.start + k) % st.np
            for card in reversed(st.players[s].pending):
                push(st, Frame("reset", {"seat": s, "card": card}))


def reset_options(st: State, fr: Frame, seat: int) -> list[str]:
    p = st.players[fr["seat"]]
    owned = collection(p)
    return [f"replace {c}" for c in sorted(owned) if c in START_CARDS]


def reset_prompt(st: State, fr: Frame, seat: int) -> str:
    return (f"{who(fr['seat'])}, choose the starting card your yellow card replaces (it leaves "
            "the game).")


def reset_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    s = fr["seat"]
    old = action.split()[1]
    p = st.me(s)
    card = fr["card"]
    p.pending = [c for c in p.pending if c != card]
    p.facedown = [c for c in p.facedown if c != old]
    if old in p.hand:
        p.hand.remove(old)
    p.deck = [c for c in p.deck if c != old]
    p.played = [e for e in p.played if not e.startswith(old + ":")]
    p.removed = [*p.removed, old]
    p.hand.append(card)
    p.hand.sort()
    ctx.say(f"{who(s)} removes {old} from the game; a yellow card joins the hand.", s)
    ctx.tell(s, f"{card} joins your hand.")


def collection(p: Player) -> list[str]:
    """Every action card the seat owns this cycle (hand, deck, played, face down)."""
    cards = [c for c in p.hand if c in START_CARDS or c in YELLOW]
    cards += p.deck + p.facedown + [e.split(":")[0] for e in p.played]
    return cards


def new_round(st: State, ctx: Ctx) -> None:
    if st.round in RESET_ROUNDS:
        for s in range(st.np):
            p = st.me(s)
            yellow_in_hand = [c for c in p.hand if c in YELLOW]
            others = [c for c in collection(p) if c not in yellow_in_hand]
            p.hand = [c for c in p.hand if c not in START_CARDS and c not in YELLOW]
            p.facedown, p.played = [], []
            st.rng = R.shuffle(st.rng, others)
            want = max(0, HAND_START - len(yellow_in_hand))
            p.hand = sorted(p.hand + yellow_in_hand + others[:want])
            p.deck = others[want:]
            ctx.say(f"{who(s)} collects the action cards and draws to {HAND_START}.", s)
            ctx.tell(s, "Your action cards: " + ", ".join(sorted(
                c for c in p.hand if c in START_CARDS or c in YELLOW)) + ".")
        ctx.revealed = True
    for s in range(st.np):
        p = st.me(s)
        if st.round % 2 == 0:
            p.played = []
    if st.round >= ROUNDS:
        finish_game(st, ctx)
        return
    if not st.solo:
        st.start = (st.start + 1) % st.np
    st.round += 1
    st.turns = 0
    st.current = st.start
    ctx.say(f"Round {st.round} begins; {who(st.start)} starts.", headline=True)
    if st.round == 3:
        st.deck2 = st.deck2[:]
        st.offer2 = [st.deck2.pop() if st.deck2 else "" for _ in range(OFFER_SLOTS)]
        ctx.revealed = True
        ctx.say("Level II workshops enter: " + ", ".join(t for t in st.offer2 if t) + ".")
    push(st, TURN)


def rain(st: State, ctx: Ctx) -> None:
    """Score every active cube's flow, then SB2-5 and SB3-4, then all cubes go inactive."""
    ctx.say(f"Rain phase after round {st.round}.", headline=True)
    touched: list[set[int]] = [set() for _ in range(st.np)]
    for i in range(NET_SPACES):
        if st.cube[i] != 2:
            continue
        path = [i]
        while path[-1] + NET_COLS < NET_SPACES:
            below = path[-1] + NET_COLS
            here = CANALS[st.net[path[-1]]]
            if not (here.bottom and st.net[below] and CANALS[st.net[below]].top):
                break
            path.append(below)
        for j in path:
            o = st.owner[j]
            if o == NO:
                continue
            touched[o].add(i)
            tile = CANALS[st.net[j]]
            if tile.kind == "tank":
                if j == path[-1]:
                    _rain_gain(st, ctx, o, 3, 1, f"tank on {space_name(j)}")
                continue
            vp = RAIN_CANAL_VP + (RAIN_BASIN_VP if tile.kind == "basin" and j == path[-1]
                                  else 0)
            _rain_gain(st, ctx, o, vp, 0, f"canal on {space_name(j)}")
    for s in range(st.np):
        p = st.players[s]
        if "SB2-5" in p.specials and touched[s]:
            _rain_gain(st, ctx, s, len(touched[s]), 0, "SB2-5")
        if "SB3-4" in p.specials:
            tanks = sum(1 for j in range(NET_SPACES)
                        if st.owner[j] == s and st.net[j].startswith("TK"))
            if tanks:
                _rain_gain(st, ctx, s, 3 * tanks, 0, "SB3-4")
    st.cube = [1 if c else 0 for c in st.cube]


def _rain_gain(st: State, ctx: Ctx, seat: int, vp: int, coins: int, why: str) -> None:
    p = st.me(seat)
    p.vp += vp
    p.coins += coins
    extra = f" and {coins} coin" if coins else ""
    ctx.say(f"{who(seat)} scores {vp} VP{extra} in the rain ({why}).", seat)


# ---- final scoring (spec §13, §14.3) ------------------------------------------------------


def breakdown(st: State, seat: int) -> dict[str, int]:
    p = st.players[seat]
    owned = [j for j in range(NET_SPACES) if st.owner[j] == seat]
    canals = [st.net[j] for j in owned if not st.net[j].startswith("TK")]
    tanks = [st.net[j] for j in owned if st.net[j].startswith("TK")]
    goods = p.ware[1] + p.ware[2] + p.ware[3] + (p.cargo_n if p.cargo in ("M", "Sp", "A") else 0)
    rare = sum(p.ware[WARE_INDEX[g]] for g in RARE_GOODS)
    rare += p.cargo_n if p.cargo in RARE_GOODS else 0
    workshops = [p.ws[i] for i in p.workshops()]
    out = dict.fromkeys(CATEGORIES, 0)
    out["play"] = p.vp
    out["scarabs"] = SCARAB_VP * p.scarabs()
    out["workshops"] = sum(WORKSHOPS[w].end_vp for w in workshops)
    out["gardens"] = GARDEN_SQUARE_VP * p.squares
    out["canals"] = sum(CANALS[c].end_vp for c in canals)
    out["tanks"] = TANK_VP * len(tanks)
    out["rare goods"] = rare
    out["coins"] = p.coins // COINS_PER_VP
    out["sack cards"] = sum(1 for c in p.hand if c in SACK)
    pink = 0
    for card in p.specials:
        pink += {
            "SP1-1": p.squares, "SP1-2": 2 * len(p.bases), "SP1-3": len(owned),
            "SP1-4": goods // 2, "SP1-5": len(workshops), "SP1-6": 2 * (p.camels - 1),
            "SP2-1": 3 * sum(1 for w in workshops if w in LEVEL2),
            "SP2-2": 2 * p.tokens(), "SP2-3": p.coins // 3, "SP2-4": 2 * len(p.gained),
            "SP2-5": 4 * len(tanks) + len(canals), "SP3-1": 3 * len(p.bases),
            "SP3-2": 2 * p.squares, "SP3-3": 2 * len(workshops),
            "SP3-4": 3 * sum(1 for t in p.track if t >= 6),
        }.get(card, 0)
    out["pink cards"] = pink
    return out


def finish_game(st: State, ctx: Ctx) -> None:
    st.phase = "over"
    st.frames = ()
    scores = [sum(breakdown(st, s).values()) for s in range(st.np)]
    st.reason = "Six rounds and the last Rain phase are over."
    ctx.say("Final scoring: " + ", ".join(f"{who(s)} {v}" for s, v in enumerate(scores)) + ".")


__all__ = ["CITIES"]

KINDS = {
    "limit": ("hand_limit", limit_options, limit_prompt, limit_handle),
    "reset": ("yellow_reset", reset_options, reset_prompt, reset_handle),
}
