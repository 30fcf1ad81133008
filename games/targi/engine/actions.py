"""Targi action handlers: one function per decision kind, applied to a copy of the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.stack import Frame
from games.targi.engine.data import (
    BORDER,
    CELLS,
    GOODS_CARDS,
    GOODS_LETTERS,
    RES_NAMES,
    TRIBE_CARDS,
    G,
    amounts_text,
    card_name,
)
from games.targi.engine.decisions import (
    LETTER,
    SILVER_GOLD_VP,
    SILVER_VP,
    Cost,
    border_name,
    can_play,
    discount_options,
    display_size,
    effect_count,
    fata_options,
    free_rows,
    has_discount,
    label,
    letters_text,
    payable_alternatives,
    silver_options,
    trader_options,
)
from games.targi.engine.flow import (
    Ctx,
    advance_limit,
    after_action,
    draw,
    end_action_phase,
    finish_raid,
    payment_said,
    place_markers,
    refill,
)
from games.targi.engine.state import MENU, NO, TargiState


def on_place(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    n = int(action[6:])
    st.border[n] = seat
    st.figures[seat].append(n)
    st.placements += 1
    ctx.say(f"{label(seat)} placed a Targi on {border_name(n)}.", seat)
    if st.placements == 6:
        place_markers(st, ctx)
        st.phase = "actions"
        st.acting = st.start
        st.stack = MENU


def on_menu(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    if action == "end":
        ctx.say(f"{label(seat)} ended their action phase.", seat)
        end_action_phase(st, ctx)
        return
    verb, target = action.split(" ")
    if target[0] == "C":
        i = CELLS.index(target)
        st.markers[seat].remove(i)
        st.marker_at[i] = NO
        if verb == "skip":
            ctx.say(f"{label(seat)} skipped {target}.", seat)
            after_action(st, ctx)
        else:
            use_cell(st, ctx, seat, i)
        return
    n = int(target)
    st.figures[seat].remove(n)
    st.border[n] = NO
    if verb == "skip":
        ctx.say(f"{label(seat)} skipped {border_name(n)}.", seat)
        after_action(st, ctx)
    else:
        use_border(st, ctx, seat, n)


def use_border(st: TargiState, ctx: Ctx, seat: int, n: int) -> None:
    card = BORDER[n]
    who = label(seat)
    if card.good is not None:
        k = card.good
        extra = effect_count(st, seat, "P-BORDER", GOODS_LETTERS[k])
        st.res[seat][k] += 1 + extra
        bonus = f" (+{extra} from a card effect)" if extra else ""
        ctx.say(f"{who} used {border_name(n)} and took 1 {RES_NAMES[k]}{bonus}.", seat)
        after_action(st, ctx)
        return
    if n == 1:
        cid = st.hand[seat]
        since = st.hand_since[seat]
        if cid is None or since is None or since >= st.round:
            ctx.say(f"{who} used #1 Noble with no eligible hand card; nothing happened.", seat)
            after_action(st, ctx)
            return
        ctx.say(f"{who} used #1 Noble.", seat)
        ask(st, "noble", card=cid)
        return
    if n == 5:
        if not trader_options(st.res[seat], effect_count(st, seat, "P-TRADER") > 0):
            ctx.say(f"{who} used #5 Trader with nothing to exchange.", seat)
            after_action(st, ctx)
            return
        ctx.say(f"{who} used #5 Trader.", seat)
        ask(st, "trader")
        return
    if n == 9:
        if not fata_options(st, seat):
            ctx.say(f"{who} used #9 Fata Morgana with no marker to move.", seat)
            after_action(st, ctx)
            return
        ctx.say(f"{who} used #9 Fata Morgana.", seat)
        ask(st, "fata_morgana")
        return
    if n == 10:
        if not silver_options(st.res[seat]):
            ctx.say(f"{who} used #10 Silversmith with nothing to exchange.", seat)
            after_action(st, ctx)
            return
        ctx.say(f"{who} used #10 Silversmith.", seat)
        ask(st, "silversmith")
        return
    if n == 13:
        use_caravan(st, ctx, seat)
        return
    if n == 14:
        use_expansion(st, ctx, seat)
        return
    raise AssertionError(f"border card {n} has no action")


def use_caravan(st: TargiState, ctx: Ctx, seat: int) -> None:
    who = label(seat)
    first = draw(st, ctx, "goods")
    if first is None:
        ctx.say(f"{who} used #13 Caravan, but no goods card was left.", seat)
        after_action(st, ctx)
        return
    if effect_count(st, seat, "P-CARAVAN"):
        st.revealed = [first]
        second = draw(st, ctx, "goods")
        if second is not None:
            st.revealed = [first, second]
            ask(st, "reveal_choice", deck="goods", cards=[first, second])
            ctx.say(f"{who} used #13 Caravan and revealed {first} and {second}.", seat)
            return
    take_goods_card(st, ctx, seat, first, f"{who} used #13 Caravan and revealed {first}")


def use_expansion(st: TargiState, ctx: Ctx, seat: int) -> None:
    who = label(seat)
    first = draw(st, ctx, "tribe")
    if first is None:
        ctx.say(f"{who} used #14 Tribal Expansion, but no tribe card was left.", seat)
        after_action(st, ctx)
        return
    if effect_count(st, seat, "P-EXPANSION"):
        st.revealed = [first]
        second = draw(st, ctx, "tribe")
        if second is not None:
            st.revealed = [first, second]
            ask(st, "reveal_choice", deck="tribe", cards=[first, second])
            ctx.say(
                f"{who} used #14 Tribal Expansion and revealed {card_name(first)} "
                f"and {card_name(second)}.",
                seat,
            )
            return
    ctx.say(f"{who} used #14 Tribal Expansion and revealed {card_name(first)}.", seat)
    offer_drawn_tribe(st, ctx, seat, first)


def offer_drawn_tribe(st: TargiState, ctx: Ctx, seat: int, cid: str) -> None:
    if not can_play(st, seat, cid) and st.hand[seat] is not None:
        st.tribe_discard.append(cid)
        ctx.say(
            f"{label(seat)} could neither play nor hold {card_name(cid)} and discarded it.", seat
        )
        after_action(st, ctx)
        return
    st.revealed = [cid]
    ask(st, "tribe_card", card=cid, cell=None)


def take_goods_card(
    st: TargiState, ctx: Ctx, seat: int, cid: str, intro: str, tail: str = ""
) -> None:
    """Receive a goods card's contents; `intro` + `tail` describe how it was obtained."""
    card = GOODS_CARDS[cid]
    if card.choice:
        ctx.say(f"{intro}{tail}.", seat)
        st.revealed = [cid]
        ask(st, "goods_choice", count=1, card=cid)
        return
    r = st.res[seat]
    for k in range(4):
        r[k] += card.gives[k]
    r[4] += card.vp
    st.goods_discard.append(cid)
    got = f"{card.vp} VP" if card.vp else amounts_text(card.gives)
    ctx.say(f"{intro}, taking {got}{tail}.", seat)
    after_action(st, ctx)


def use_cell(st: TargiState, ctx: Ctx, seat: int, i: int) -> None:
    cid = st.cells[i]
    who = label(seat)
    if cid is None:
        ctx.say(f"{who}'s marker on {CELLS[i]} had no card to use.", seat)
        after_action(st, ctx)
        return
    if cid in GOODS_CARDS:
        refill(st, ctx, i, "tribe")
        tail = "; a face-down tribe card replaced it"
        take_goods_card(st, ctx, seat, cid, f"{who} used {CELLS[i]} ({cid})", tail)
        return
    ask(st, "tribe_card", card=cid, cell=CELLS[i])


def on_tribe(st: TargiState, ctx: Ctx, seat: int, action: str, q: Frame) -> None:
    cid, where_from = q["card"], q["cell"]
    who = label(seat)
    name = card_name(cid)
    if action == "leave":  # UNCERTAIN (spec 8.4.1): a declined card stays face up in place
        ctx.say(f"{who} left {name} on {where_from}.", seat)
        after_action(st, ctx)
        return
    where = "at Tribal Expansion" if where_from is None else f"from {where_from}"
    if where_from is not None:
        # The card leaves its cell now, but the replacement is drawn only when the action
        # is finished (after_action), so the play sub-decisions reveal nothing and can be undone.
        i = CELLS.index(where_from)
        st.cells[i] = None
        st.awaits[i] = "goods"
        st.vacated = i
    if action == "hand":
        st.hand[seat] = cid
        st.hand_since[seat] = st.round
        ctx.say(f"{who} took {name} into hand {where}.", seat)
        after_action(st, ctx)
    elif action == "discard":
        st.tribe_discard.append(cid)
        ctx.say(f"{who} discarded {name} {where}.", seat)
        after_action(st, ctx)
    else:
        ctx.say(f"{who} chose to play {name} {where}.", seat)
        start_play(st, ctx, seat, cid)


def on_noble(st: TargiState, ctx: Ctx, seat: int, action: str, q: Frame) -> None:
    cid = q["card"]
    who = label(seat)
    if action == "keep":
        ctx.say(f"{who} kept {card_name(cid)} in hand.", seat)
        after_action(st, ctx)
        return
    st.hand[seat] = None
    st.hand_since[seat] = None
    if action == "discard":
        st.tribe_discard.append(cid)
        ctx.say(f"{who} discarded {card_name(cid)} from hand.", seat)
        after_action(st, ctx)
        return
    start_play(st, ctx, seat, cid)


# Playing a tribe card asks, each only when there is a choice: which cost alternative, which
# good the discount leaves out, which display row; then an immediate effect may ask for goods.


def start_play(st: TargiState, ctx: Ctx, seat: int, cid: str) -> None:
    st.revealed = [cid]
    alts = payable_alternatives(st, seat, cid)
    if len(alts) > 1:
        ask(st, "cost_alternative", card=cid)
        return
    choose_alt(st, ctx, seat, cid, alts[0])


def choose_alt(st: TargiState, ctx: Ctx, seat: int, cid: str, alt: int) -> None:
    cost = TRIBE_CARDS[cid].costs[alt]
    if has_discount(st, seat):
        opts = discount_options(st.res[seat], cost)
        if len(opts) > 1:
            ask(st, "discount", card=cid, alt=alt)
            return
        cost = omit(cost, opts[0])
    choose_cost(st, ctx, seat, cid, cost)


def omit(cost: Cost, action: str) -> Cost:
    letter = action[5:]
    if letter == "none":
        return cost
    c = list(cost)
    c[LETTER[letter]] -= 1
    return (c[0], c[1], c[2], c[3])


def choose_cost(st: TargiState, ctx: Ctx, seat: int, cid: str, cost: Cost) -> None:
    rows = free_rows(st, seat)
    if len(rows) > 1:
        ask(st, "display_row", card=cid, cost=list(cost))
        return
    place_card(st, ctx, seat, cid, rows[0], cost)


def place_card(st: TargiState, ctx: Ctx, seat: int, cid: str, row: int, cost: Cost) -> None:
    r = st.res[seat]
    for k in range(4):
        r[k] -= cost[k]
    st.display[seat][row].append(cid)
    st.revealed = []
    who = label(seat)
    paid = amounts_text(cost)
    ctx.say(f"{who} played {card_name(cid)} into row {row + 1}, paying {paid}.", seat)
    # UNCERTAIN (spec 11): the player still finishes their own actions; a full display only
    # stops further plays.
    if display_size(st, seat) == 12 and not st.end_triggered:
        st.end_triggered = True
        st.reason = f"{who} placed a 12th tribe card."
        ctx.say(
            f"{who} placed a 12th tribe card: the game ends when this round's actions are done.",
            seat,
        )
    eff = TRIBE_CARDS[cid].effect
    if eff is not None and eff.kind == "immediate":
        if eff.id == "I-GOODS2":
            ask(st, "goods_choice", count=2, card=None)
            return
        if eff.id == "I-GOLD":
            r[G] += 1
            ctx.say(f"{card_name(cid)} gave {who} 1 gold.", seat)
        elif eff.id == "I-SET":
            r[0] += 1
            r[1] += 1
            r[2] += 1
            ctx.say(f"{card_name(cid)} gave {who} 1 date, 1 salt and 1 pepper.", seat)
        elif eff.id == "I-VP2":
            r[4] += 2
            ctx.say(f"{card_name(cid)} gave {who} 2 VP.", seat)
    after_action(st, ctx)


def on_alt(st: TargiState, ctx: Ctx, seat: int, action: str, q: Frame) -> None:
    choose_alt(st, ctx, seat, q["card"], int(action[4:]) - 1)


def on_discount(st: TargiState, ctx: Ctx, seat: int, action: str, q: Frame) -> None:
    cid = q["card"]
    choose_cost(st, ctx, seat, cid, omit(TRIBE_CARDS[cid].costs[q["alt"]], action))


def on_row(st: TargiState, ctx: Ctx, seat: int, action: str, q: Frame) -> None:
    d, s, p, g = q["cost"]
    place_card(st, ctx, seat, q["card"], int(action[4:]) - 1, (d, s, p, g))


def on_goods_choice(st: TargiState, ctx: Ctx, seat: int, action: str, q: Frame) -> None:
    letters = action[5:]
    for ch in letters:
        st.res[seat][LETTER[ch]] += 1
    if q["card"] is not None:
        st.goods_discard.append(q["card"])
    ctx.say(f"{label(seat)} took {letters_text(letters)}.", seat)
    after_action(st, ctx)


def on_trader(st: TargiState, ctx: Ctx, seat: int, action: str, q: Frame) -> None:
    if action == "done":
        ctx.say(f"{label(seat)} finished trading.", seat)
        after_action(st, ctx)
        return
    give, get = action[6:].split(">")
    r = st.res[seat]
    r[LETTER[give[0]]] -= len(give)
    r[LETTER[get]] += 1
    ctx.say(f"{label(seat)} traded {letters_text(give)} for {letters_text(get)}.", seat)
    if trader_options(r, effect_count(st, seat, "P-TRADER") > 0):
        ask(st, "trader")  # the session goes on until `done` or nothing is left to exchange
    else:
        after_action(st, ctx)


def on_silver(st: TargiState, ctx: Ctx, seat: int, action: str, q: Frame) -> None:
    who = label(seat)
    if action == "silver none":
        ctx.say(f"{who} made no Silversmith exchange.", seat)
        after_action(st, ctx)
        return
    give = action[7:]
    r = st.res[seat]
    n = len(give)
    if give[0] == "G":
        r[3] -= n
        vp = SILVER_GOLD_VP[n]
    else:
        r[LETTER[give[0]]] -= n
        vp = SILVER_VP[n]
    bonus = effect_count(st, seat, "P-SILVER")
    r[4] += vp + bonus
    extra = f" (+{bonus} VP from card effects)" if bonus else ""
    ctx.say(f"{who} exchanged {letters_text(give)} for {vp} VP{extra}.", seat)
    after_action(st, ctx)


def on_fata(st: TargiState, ctx: Ctx, seat: int, action: str, q: Frame) -> None:
    who = label(seat)
    if action == "fata none":
        ctx.say(f"{who} moved no tribe marker.", seat)
        after_action(st, ctx)
        return
    a, b = action[5:].split(">")
    i, j = CELLS.index(a), CELLS.index(b)
    marks = st.markers[seat]
    # UNCERTAIN (spec 8.4.5): the moved marker is an ordinary unused marker for later use.
    marks[marks.index(i)] = j
    st.marker_at[i] = NO
    st.marker_at[j] = seat
    ctx.say(f"{who} moved a tribe marker from {a} to {b}.", seat)
    after_action(st, ctx)


def on_reveal(st: TargiState, ctx: Ctx, seat: int, action: str, q: Frame) -> None:
    cards = q["cards"]
    chosen = action[7:]
    other = cards[1] if cards[0] == chosen else cards[0]
    if q["deck"] == "goods":
        st.goods_discard.append(other)
        intro = f"{label(seat)} chose {chosen} and discarded {other}"
        take_goods_card(st, ctx, seat, chosen, intro)
    else:
        st.tribe_discard.append(other)
        ctx.say(f"{label(seat)} chose {card_name(chosen)} and discarded {card_name(other)}.", seat)
        offer_drawn_tribe(st, ctx, seat, chosen)


def on_raid(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    st.raid_pay[seat] = action
    ctx.say(payment_said(st, seat, action), seat, headline=True)
    st.raid_queue.pop(0)
    if not st.raid_queue:
        finish_raid(st, ctx)


def on_limit(st: TargiState, ctx: Ctx, seat: int, action: str) -> None:
    k = LETTER[action[7:]]
    st.res[seat][k] -= 1
    ctx.say(f"{label(seat)} returned 1 {RES_NAMES[k]} (only 10 goods may be kept).", seat)
    advance_limit(st, ctx)


def ask(st: TargiState, kind: str, **data: Any) -> None:
    """Open a sub-question of the current action (a decision of ``kind``)."""
    st.stack = st.stack.push(Frame(kind, data))


# Decisions of the round's flow (the stack is empty), and answers to an open sub-question
# (its frame has been popped and is passed in).
FLOW: dict[str, Callable[[TargiState, Ctx, int, str], None]] = {
    "place_targi": on_place,
    "action_menu": on_menu,
    "raid_payment": on_raid,
    "limit_return": on_limit,
}
ANSWERS: dict[str, Callable[[TargiState, Ctx, int, str, Frame], None]] = {
    "tribe_card": on_tribe,
    "noble": on_noble,
    "cost_alternative": on_alt,
    "discount": on_discount,
    "display_row": on_row,
    "goods_choice": on_goods_choice,
    "trader": on_trader,
    "silversmith": on_silver,
    "fata_morgana": on_fata,
    "reveal_choice": on_reveal,
}
