"""The six main actions (spec §9): workshop, garden, production, canal, trading, provisions.

A main action is a "main" frame {act, perk, mods, extra, ...} with the frames of its steps on
top; "(during X)" cards add to its `mods`, and when its last step is answered the "main" frame
pays its perk and ends (rules.settle). Frames and the decision each one asks:
  ws_tile      which workshop from the offers (the cost is paid here)      "workshop_tile"
  ws_side      {tile}: front or back                                        "workshop_side"
  ws_rot       {tile}: orientation of the front                             "workshop_rotation"
  ws_cell      {tile, side, rot, row?}: the cell (or a row first if > 25)   "workshop_cell"
  garden_size  small or large (paid here)                                  "garden_size"
  garden_sq    {size, row?}: the square                                     "garden_square"
  prod         {left, done}: the next workshop to activate, or stop          "production"
  act_ws       a workshop for "activate one room"                           "activate_room"
  room         {cell, mode}: which room (twice with SB3-3)                  "room"
  canal_tile   which canal tile or tank (paid here)                          "canal_tile"
  canal_split  {tile}: how SW2-3's reduction is split, when that changes the price "canal_split"
  canal_space  {tile}: the network space                                    "canal_space"
  cbonus       {id}: use or discard the canal bonus tile                    "canal_bonus"
  cube         {to, from}: which neighbouring cube flows onto the new tile  "water_cube"
  tr_move      destination and route (the toll is paid here)                "trade_move"
  unload       how many cargo items go into the warehouse at Resafa         "unload"
  load         which item type to load at Resafa                            "load"
  load_n       {item}: how many                                             "load_count"
  tr_city      {city, sold, side}: sell, buy or neither                     "trade"
  tr_base      {city, cost}: a trading base and its box, or none            "trading_base"
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from games.core.contract import MAX_OPTIONS
from games.core.stack import Frame
from games.resafa.engine.core import (
    Ctx,
    can_pay,
    capacity,
    cost_words,
    give,
    has,
    main_frame,
    mods,
    pay,
    push,
    reduce,
    update_main,
    who,
)
from games.resafa.engine.data import (
    ACTION_TITLES,
    BASE_COST,
    BONUS,
    BOX_FREE,
    BOXES,
    CANAL_BONUS,
    CANALS,
    CELLS,
    CITIES,
    CITY_NAMES,
    DIAGONAL,
    EDGES,
    GARDEN_COST,
    GARDEN_TRACK,
    GARDEN_TRACK_LATER,
    GARDEN_UNITS,
    GATE,
    ITEM_NAMES,
    LEVEL2_ROUND,
    LEVEL2_TOKENS,
    MERCHANT_ROW,
    NEIGHBOUR,
    NET_ADJ,
    NET_SPACES,
    NO,
    NODES,
    RESAFA,
    ROTATIONS,
    SACK,
    SCARAB,
    SPACE_REWARD,
    SQUARE_UNITS,
    TANK_SQUARES,
    TRADING_TILES,
    WARE,
    WARE_INDEX,
    WAREHOUSE_CAP,
    WORKSHOP_COST,
    WORKSHOPS,
    Gain,
    cell_cr,
    cell_name,
    gain,
    gain_words,
    icon_edge,
    space_name,
    toll,
)
from games.resafa.engine.state import Player, State

OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
PERK_COIN_CUT = {"pay1C": 1, "pay2C": 2}
WORKSHOP_SIDES = tuple(tuple(j for j in NEIGHBOUR[i] if j != NO) for i in range(CELLS))


def start(st: State, ctx: Ctx, seat: int, act: str, perk: str = "", extra: str = "",
          is_extra: bool = False) -> None:
    """Begin main action ``act``: its "main" frame, then its first step on top."""
    data = {"act": act, "perk": perk, "mods": [], "extra": extra, "is_extra": is_extra}
    push(st, Frame("main", data))
    if is_extra:
        ctx.say(f"{who(seat)} takes an extra {ACTION_TITLES[act]} action.", seat)
    if act == "workshop":
        push(st, Frame("ws_tile"))
    elif act == "garden":
        push(st, Frame("garden_size"))
    elif act == "production":
        push(st, Frame("prod", {"left": activations(st, seat, perk, extra), "done": []}))
    elif act == "canal":
        push(st, Frame("canal_tile"))
    elif act == "trading":
        push(st, Frame("tr_move"))
    else:
        push(st, Frame("colour", {"c": "any", "src": "prov"}))


def _during(card: str) -> tuple[str, str] | None:
    effect = BONUS.get(card, SACK.get(card, ("", "")))[0]
    if not effect.startswith("during:"):
        return None
    _, which, mod = effect.split(":")
    return which, mod


# card -> (the main action it is played during, the modifier it adds), for "(during X)" cards
DURING_CARDS = {c: d for c in (*BONUS, *SACK) if (d := _during(c)) is not None}


def hand_mods(st: State, seat: int, act: str) -> list[str]:
    """The modifiers the "(during X)" cards in the seat's hand could add to a main action."""
    out = []
    for card in st.players[seat].hand:
        during = DURING_CARDS.get(card)
        if during is not None:
            which, mod = during
            if which == act or (which == "wsgarden" and act in ("workshop", "garden")):
                out.append(mod)
    return out


def feasible(st: State, seat: int, act: str, perk: str = "", extra: str = "") -> bool:
    """Whether ``act`` can legally be done now (spec §6.1: otherwise only the colour action),
    counting the "(during X)" cards in hand that would make it affordable. It asks what the
    first step's options would, without listing them."""
    if act == "production":
        return True
    ms = hand_mods(st, seat, act)
    p = st.players[seat]
    if act == "workshop":
        offered = any(st.offer1) or (level2_open(st, p) and any(st.offer2))
        return (offered and can_pay(p, ws_cost(p, perk, extra, ms))
                and any(not p.ws[j] for i in p.workshops() for j in DIAGONAL[i]))
    if act == "garden":
        return bool(garden_sizes(st, seat, perk, ms))
    if act == "canal":
        return next(_canal_tiles(st, seat, perk, extra, ms), None) is not None
    if act == "trading":
        return max(0, CHEAPEST_MOVE[p.loc] - toll_cut(p, perk, extra, ms)) <= p.coins
    from games.resafa.engine.turn import colour_possible

    return colour_possible(st, seat, "any")


def give_up(st: State, ctx: Ctx, seat: int) -> None:
    """The main action is given up at its first step: nothing of it was done, so its perk is
    not paid (a perk belongs to a main action performed, spec §15.2)."""
    update_main(st, given_up=True)
    ctx.say(f"{who(seat)} gives up the main action.", seat)


def finish(st: State, ctx: Ctx, seat: int, fr: Frame) -> None:
    """The "main" frame on top: its last step is done. Pay the perk and the flat mods."""
    if fr.get("given_up"):
        return
    perk = fr.get("perk", "")
    act = fr["act"]
    for mod in fr.get("mods", []):
        if mod == "2VP":
            give(st, ctx, seat, gain("2VP"), "bonus card")
    if perk.startswith("+"):
        give(st, ctx, seat, gain(perk[1:]), "yellow card")
    elif perk == "2nd_garden" and act == "garden":
        push(st, Frame("main", {"act": "garden", "perk": "", "mods": [], "extra": "",
                                "is_extra": True, "second": True}),
             Frame("garden_size", {"second": True}))
    elif perk == "2nd_prov" and act == "provisions":
        start(st, ctx, seat, "provisions", is_extra=True)


# ---- workshop construction (spec §9.1) --------------------------------------------------------


def ws_cost(p: Player, perk: str, extra: str, ms: list[str]) -> Gain:
    if perk == "free" or extra == "free":
        return ()
    coins = (1 if has(p, "SB1-1") else 0) + ms.count("nocoin") + ms.count("less1C")
    stone = (1 if perk == "nostone" else 0) + ms.count("nostone")
    if "nocoin" in ms:
        coins = 9
    if "nostone" in ms:
        stone = 9
    return reduce(gain(WORKSHOP_COST), coins, stone)


def ws_cells(p: Player) -> list[int]:
    """Empty workshop cells diagonal to one of the seat's workshops (spec §9.1 step 5)."""
    ws = p.ws
    found = {j for i in p.workshops() for j in DIAGONAL[i] if not ws[j]}
    return sorted(found)


def level2_open(st: State, p: Player) -> bool:
    return st.round >= LEVEL2_ROUND and p.tokens() >= LEVEL2_TOKENS


def ws_tiles(st: State, seat: int, perk: str, extra: str, ms: list[str]) -> list[str]:
    p = st.players[seat]
    if not can_pay(p, ws_cost(p, perk, extra, ms)) or not ws_cells(p):
        return []
    tiles = [t for t in st.offer1 if t]
    if level2_open(st, p):
        tiles += [t for t in st.offer2 if t]
    return tiles


def _main_args(st: State) -> tuple[str, str, list[str]]:
    fr = main_frame(st)
    if fr is None:
        return "", "", []
    return fr.get("perk", ""), fr.get("extra", ""), list(fr.get("mods", []))


def _or_wait(st: State, seat: int, act: str, opts: list[str]) -> list[str]:
    """A first step with nothing affordable yet, while a card in hand would change that:
    only "none" (give the action up), beside the cards the decision lists."""
    return opts or (["none"] if hand_mods(st, seat, act) else [])


def ws_tile_options(st: State, fr: Frame, seat: int) -> list[str]:
    opts = [f"tile {t}" for t in ws_tiles(st, seat, *_main_args(st))]
    return _or_wait(st, seat, "workshop", opts)


def ws_tile_prompt(st: State, fr: Frame, seat: int) -> str:
    p = st.players[seat]
    cost = ws_cost(p, *_main_args(st))
    return f"{who(seat)}, choose a workshop tile from the offer (cost: {cost_words(cost)})."


def ws_tile_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action == "none":
        give_up(st, ctx, seat)
        return
    tile = action.split()[1]
    p = st.me(seat)
    cost = ws_cost(p, *_main_args(st))
    pay(p, cost)
    level1 = tile in st.offer1
    offer, deck = (st.offer1[:], st.deck1[:]) if level1 else (st.offer2[:], st.deck2[:])
    if level1:
        st.offer1, st.deck1 = offer, deck
    else:
        st.offer2, st.deck2 = offer, deck
    slot = offer.index(tile)
    offer[slot] = deck.pop() if deck else ""
    if offer[slot]:
        ctx.revealed = True
        ctx.say(f"{offer[slot]} fills the workshop offer.")
    ctx.say(f"{who(seat)} pays {cost_words(cost)} and takes workshop {tile}.", seat)
    push(st, Frame("ws_side", {"tile": tile}))
    imm = WORKSHOPS[tile].immediate
    if imm:
        give(st, ctx, seat, imm, f"{tile} immediate reward")


def ws_side_options(st: State, fr: Frame, seat: int) -> list[str]:
    return ["front", "back"]


def ws_side_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    tile = fr["tile"]
    if action == "front" and WORKSHOPS[tile].icons:
        push(st, Frame("ws_rot", {"tile": tile}))
    else:
        push(st, Frame("ws_cell", {"tile": tile, "side": 0 if action == "front" else 1,
                                   "rot": 0}))


def ws_rot_options(st: State, fr: Frame, seat: int) -> list[str]:
    return [f"rot {r}" for r in ROTATIONS]


def ws_rot_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    push(st, Frame("ws_cell", {"tile": fr["tile"], "side": 0, "rot": int(action.split()[1])}))


def split_cells(cells: list[int], row: int | None, word: str = "cell") -> list[str]:
    """Cells as "cell d4" (or "square e4"), or rows first ("row 4") when more than a menu
    holds."""
    if row is not None:
        return [f"{word} {cell_name(i)}" for i in cells if cell_cr(i)[1] + 1 == row]
    if len(cells) <= MAX_OPTIONS:
        return [f"{word} {cell_name(i)}" for i in cells]
    return [f"row {r}" for r in sorted({cell_cr(i)[1] + 1 for i in cells})]


def ws_cell_options(st: State, fr: Frame, seat: int) -> list[str]:
    return split_cells(ws_cells(st.players[seat]), fr.get("row"))


def ws_cell_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    word, arg = action.split()
    if word == "row":
        push(st, fr.with_data(row=int(arg)))
        return
    i = cell_index(arg)
    p = st.me(seat)
    p.build(i, fr["tile"], fr["side"], fr["rot"])
    side = "front" if fr["side"] == 0 else "back"
    turned = f", turned {fr['rot']}°" if fr["rot"] else ""
    ctx.say(f"{who(seat)} builds {fr['tile']} at {arg}, {side} up{turned}.", seat)


def cell_index(name: str) -> int:
    return (int(name[1:]) - 1) * 8 + "abcdefgh".index(name[0])


# ---- garden construction (spec §9.2) -----------------------------------------------------------


def garden_squares(p: Player, size: str) -> list[int]:
    """Squares next to one of the seat's workshops with room for ``size`` (spec §9.2 step 2).

    A square holding a garden tile always touches a workshop (workshops never move), so the
    neighbours of the workshops are every candidate."""
    units = GARDEN_UNITS[size]
    small, large = p.small, p.large
    cap = SQUARE_UNITS - units
    found = {j for i in p.workshops() for j in WORKSHOP_SIDES[i]
             if small[j] + 2 * large[j] <= cap and not (units == 2 and large[j])}
    return sorted(found)


def garden_cost(p: Player, size: str, perk: str, ms: list[str]) -> Gain:
    if perk == "large_free":
        return ()
    coins = ms.count("less1C") + (9 if size == "large" and "largenocoin" in ms else 0)
    stone = 9 if perk == "nostone" else 0
    return reduce(gain(GARDEN_COST[size]), coins, stone)


def garden_sizes(st: State, seat: int, perk: str, ms: list[str]) -> list[str]:
    p = st.players[seat]
    out = []
    for size in ("small", "large"):
        if perk == "large_free" and size == "small":
            continue
        left = st.small_left if size == "small" else st.large_left
        if left and can_pay(p, garden_cost(p, size, perk, ms)) and garden_squares(p, size):
            out.append(size)
    return out


def garden_size_options(st: State, fr: Frame, seat: int) -> list[str]:
    perk, _, ms = _main_args(st)
    if fr.get("second"):
        perk = ""
    sizes = garden_sizes(st, seat, perk, ms)
    if fr.get("second"):
        return [*sizes, "none"] if sizes else []
    return _or_wait(st, seat, "garden", sizes)


def garden_size_prompt(st: State, fr: Frame, seat: int) -> str:
    extra = "a second " if fr.get("second") else "a "
    return (f"{who(seat)}, place {extra}garden: small (1 stone) or large (1 coin and "
            "1 stone).")


def garden_size_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action == "none":
        if not fr.get("second"):
            give_up(st, ctx, seat)
        return
    perk, _, ms = _main_args(st)
    if fr.get("second"):
        perk = ""
    p = st.me(seat)
    cost = garden_cost(p, action, perk, ms)
    pay(p, cost)
    ctx.say(f"{who(seat)} pays {cost_words(cost)} for a {action} garden.", seat)
    push(st, Frame("garden_sq", {"size": action}))


def garden_sq_options(st: State, fr: Frame, seat: int) -> list[str]:
    return split_cells(garden_squares(st.players[seat], fr["size"]), fr.get("row"), "square")


def garden_sq_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    word, arg = action.split()
    if word == "row":
        push(st, fr.with_data(row=int(arg)))
        return
    place_garden(st, ctx, seat, fr["size"], cell_index(arg))


def place_garden(st: State, ctx: Ctx, seat: int, size: str, i: int) -> None:
    p = st.me(seat)
    p.plant(i, size)
    if size == "small":
        st.small_left -= 1
    else:
        st.large_left -= 1
    ctx.say(f"{who(seat)} places a {size} garden on {cell_name(i)}.", seat)
    if p.units(i) >= SQUARE_UNITS:
        complete_square(st, ctx, seat, i)


def complete_square(st: State, ctx: Ctx, seat: int, i: int) -> None:
    """Edge icons facing the square (N, E, S, W neighbour), the garden track, blue cards.

    UNCERTAIN (§9.2): icons pay when the square is completed, not when a tile touches them."""
    p = st.me(seat)
    ctx.say(f"{who(seat)} completes the garden square {cell_name(i)}.", seat)
    for k, edge in enumerate(EDGES):
        w = NEIGHBOUR[i][k]
        if w == NO or not p.ws[w] or p.side[w]:
            continue
        facing = OPPOSITE[edge]
        for printed, reward in WORKSHOPS[p.ws[w]].icons:
            if icon_edge(printed, p.rot[w]) == facing:
                key = w * 4 + EDGES.index(facing)
                if key not in p.icons:
                    p.icons = [*p.icons, key]
                    give(st, ctx, seat, reward, f"icon of {p.ws[w]}")
    p.squares += 1
    n = p.squares
    track = GARDEN_TRACK[n - 1] if n <= len(GARDEN_TRACK) else GARDEN_TRACK_LATER
    give(st, ctx, seat, gain(track), f"garden square {n}")
    if has(p, "SB1-2"):
        give(st, ctx, seat, gain("1C"), "SB1-2")
    if has(p, "SB3-1"):
        give(st, ctx, seat, gain("2VP"), "SB3-1")


# ---- production (spec §9.3) ----------------------------------------------------------------


def activations(st: State, seat: int, perk: str, extra: str) -> int:
    p = st.players[seat]
    if extra.startswith("exact"):
        return int(extra[5:])
    n = 2 + sum(1 for i in p.workshops() if p.side[i] == 1)
    n += {"act1": 1, "act2": 2}.get(perk, 0)
    if has(p, "SB2-1"):
        n += 1
    return n


def rooms_of(p: Player, i: int) -> tuple:
    w = WORKSHOPS[p.ws[i]]
    return w.back if p.side[i] else w.front


def usable_rooms(p: Player, i: int, times: int = 1) -> list[int]:
    out = []
    for k, r in enumerate(rooms_of(p, i)):
        if all(_ware(p, item) >= n * times for item, n in r.cost):
            out.append(k)
    return out


def _ware(p: Player, item: str) -> int:
    return p.coins if item == "C" else p.ware[WARE_INDEX[item]]


def prod_options(st: State, fr: Frame, seat: int) -> list[str]:
    p = st.players[seat]
    done = fr.get("done", [])
    cells = [i for i in p.workshops() if i not in done and usable_rooms(p, i)]
    opts = [f"activate {cell_name(i)}" for i in cells][: MAX_OPTIONS - 1]
    return [*opts, "stop"] if opts else []


def prod_prompt(st: State, fr: Frame, seat: int) -> str:
    return (f"{who(seat)}, Production: activate a workshop ({fr['left']} activation"
            f"{'s' if fr['left'] != 1 else ''} left, each on a different workshop), or stop.")


def prod_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action == "stop":
        ctx.say(f"{who(seat)} ends production.", seat)
        return
    i = cell_index(action.split()[1])
    if fr["left"] > 1:
        push(st, fr.with_data(left=fr["left"] - 1, done=[*fr.get("done", []), i]))
    push(st, Frame("room", {"cell": i, "mode": "prod"}))


def act_ws_options(st: State, fr: Frame, seat: int) -> list[str]:
    p = st.players[seat]
    return [f"activate {cell_name(i)}" for i in p.workshops() if usable_rooms(p, i)][
        :MAX_OPTIONS]


def act_ws_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    push(st, Frame("room", {"cell": cell_index(action.split()[1]), "mode": "single"}))


def room_options(st: State, fr: Frame, seat: int) -> list[str]:
    p = st.players[seat]
    i = fr["cell"]
    out = [f"room {k + 1}" for k in usable_rooms(p, i)]
    main = main_frame(st)
    if (fr["mode"] == "prod" and has(p, "SB3-3") and main is not None
            and main["act"] == "production" and not main.get("dbl")):
        out += [f"room {k + 1} twice" for k in usable_rooms(p, i, 2)]
    return out


def room_prompt(st: State, fr: Frame, seat: int) -> str:
    p = st.players[seat]
    rooms = ", ".join(f"{k + 1}: {r.text}" for k, r in enumerate(rooms_of(p, fr["cell"])))
    return f"{who(seat)}, choose a room of {p.ws[fr['cell']]} ({rooms})."


def room_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    words = action.split()
    k = int(words[1]) - 1
    times = 2 if len(words) > 2 else 1
    p = st.me(seat)
    r = rooms_of(p, fr["cell"])[k]
    if times == 2:
        update_main(st, dbl=True)
    for _ in range(times):
        pay(p, r.cost)
        give(st, ctx, seat, r.out, f"{p.ws[fr['cell']]} room {k + 1}")


# ---- canal construction (spec §9.4) ----------------------------------------------------------


def canal_costs(p: Player, tile: str, perk: str, extra: str, ms: list[str]) -> list[Gain]:
    """What ``tile`` may cost the seat: one price, or with SW2-3 each way of splitting its
    reduction of 2 between coins and stone that gives a different price."""
    coins = PERK_COIN_CUT.get(perk, 0) + ms.count("less1C")
    coins += 1 if has(p, "SB2-3") else 0
    cost = reduce(CANALS[tile].cost, coins, ms.count("less1S"))
    if extra != "less2":
        return [cost]
    out: list[Gain] = []
    for cut in (2, 1, 0):
        split = reduce(cost, cut, 2 - cut)
        if split not in out:
            out.append(split)
    return out


def canal_cost(p: Player, tile: str, perk: str, extra: str, ms: list[str]) -> Gain:
    """The price of ``tile``: the first of its prices the seat can pay, else the first."""
    costs = canal_costs(p, tile, perk, extra, ms)
    return next((c for c in costs if can_pay(p, c)), costs[0])


def canal_spaces(st: State, tile: str) -> list[int]:
    """Empty spaces where ``tile`` connects to its vertical neighbours (spec §9.4).

    UNCERTAIN (§9.4): two closed edges may not face each other either."""
    t = CANALS[tile]
    return list(_open_spaces(tuple(st.net), t.top, t.bottom, t.kind == "tank"))


@lru_cache(maxsize=4096)
def _open_spaces(net: tuple[str, ...], top: bool, bottom: bool, tank: bool) -> tuple[int, ...]:
    """`canal_spaces` for a tile of that shape: asked for the tiles on offer at many
    decisions of a turn, while the network changes only a few times a game."""
    out = []
    for i in range(15 if tank else 0, NET_SPACES):
        if net[i]:
            continue
        if i >= 5 and net[i - 5] and not (top and CANALS[net[i - 5]].bottom):
            continue
        if i < 15 and net[i + 5] and not (bottom and CANALS[net[i + 5]].top):
            continue
        out.append(i)
    return tuple(out)


def tank_ready(p: Player) -> bool:
    return p.squares >= TANK_SQUARES and bool(p.bases)


def canal_tiles(st: State, seat: int, perk: str, extra: str, ms: list[str]) -> list[str]:
    return list(_canal_tiles(st, seat, perk, extra, ms))


def _canal_tiles(st: State, seat: int, perk: str, extra: str, ms: list[str]) -> Iterator[str]:
    p = st.players[seat]
    tiles = list(st.canal_display)
    if st.tanks and tank_ready(p):
        tiles.append(st.tanks[0])
    placeable: dict[tuple[bool, bool, bool], bool] = {}
    for t in tiles:
        if not can_pay(p, canal_cost(p, t, perk, extra, ms)):
            continue
        c = CANALS[t]
        shape = (c.top, c.bottom, c.kind == "tank")
        if shape not in placeable:
            placeable[shape] = bool(canal_spaces(st, t))
        if placeable[shape]:
            yield t


def canal_tile_options(st: State, fr: Frame, seat: int) -> list[str]:
    opts = [f"tile {t}" for t in canal_tiles(st, seat, *_main_args(st))]
    return _or_wait(st, seat, "canal", opts)


def canal_tile_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action == "none":
        give_up(st, ctx, seat)
        return
    tile = action.split()[1]
    p = st.me(seat)
    costs = [c for c in canal_costs(p, tile, *_main_args(st)) if can_pay(p, c)]
    if len(costs) > 1:
        push(st, Frame("canal_split", {"tile": tile}))
        return
    pay_canal(st, ctx, seat, tile, costs[0])


def pay_canal(st: State, ctx: Ctx, seat: int, tile: str, cost: Gain) -> None:
    p = st.me(seat)
    pay(p, cost)
    ctx.say(f"{who(seat)} pays {cost_words(cost)} for {tile}.", seat)
    push(st, Frame("canal_space", {"tile": tile}))


def split_options(st: State, fr: Frame, seat: int) -> list[str]:
    p = st.players[seat]
    costs = [c for c in canal_costs(p, fr["tile"], *_main_args(st)) if can_pay(p, c)]
    return [f"split {k + 1}" for k in range(len(costs))]


def split_prompt(st: State, fr: Frame, seat: int) -> str:
    p = st.players[seat]
    costs = [c for c in canal_costs(p, fr["tile"], *_main_args(st)) if can_pay(p, c)]
    ways = "; ".join(f"{k + 1}: {cost_words(c)}" for k, c in enumerate(costs))
    return f"{who(seat)}, choose how SW2-3 lowers the price of {fr['tile']} ({ways})."


def split_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    p = st.players[seat]
    costs = [c for c in canal_costs(p, fr["tile"], *_main_args(st)) if can_pay(p, c)]
    pay_canal(st, ctx, seat, fr["tile"], costs[int(action.split()[1]) - 1])


def canal_space_options(st: State, fr: Frame, seat: int) -> list[str]:
    return [f"space {space_name(i)}" for i in canal_spaces(st, fr["tile"])]


def canal_space_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    tile = fr["tile"]
    i = space_index(action.split()[1])
    # the board lists are shared with the state before: replace them, never change them
    st.net, st.owner, st.cbonus = st.net[:], st.owner[:], st.cbonus[:]
    st.tanks, st.canal_display, st.canal_stack = (
        st.tanks[:], st.canal_display[:], st.canal_stack[:])
    st.net[i] = tile
    st.owner[i] = seat
    if tile in st.tanks:
        st.tanks.remove(tile)
    else:
        slot = st.canal_display.index(tile)
        if st.canal_stack:
            st.canal_display[slot] = st.canal_stack.pop()
            ctx.revealed = True
            ctx.say(f"{st.canal_display[slot]} fills the canal display.")
        else:
            del st.canal_display[slot]
    ctx.say(f"{who(seat)} builds {tile} on space {space_name(i)}.", seat)
    cubes = [j for j in NET_ADJ[i] if st.cube[j]]
    if len(cubes) == 1:
        move_cube(st, ctx, cubes[0], i)
    elif cubes:
        push(st, Frame("cube", {"to": i}))
    bonus = st.cbonus[i]
    if bonus:
        st.cbonus[i] = ""
        push(st, Frame("cbonus", {"id": bonus}))
    times = 2 if "reward2" in mods(st) else 1
    for _ in range(times):
        give(st, ctx, seat, SPACE_REWARD[i], f"space {space_name(i)}")
    if has(st.players[seat], "SB1-5"):
        give(st, ctx, seat, gain("1VP"), "SB1-5")


def space_index(name: str) -> int:
    return (int(name[0]) - 1) * 5 + int(name[1]) - 1


def move_cube(st: State, ctx: Ctx, src: int, dst: int) -> None:
    st.cube = st.cube[:]
    st.cube[src] = 0
    st.cube[dst] = 2
    ctx.say(f"The water cube on {space_name(src)} flows to {space_name(dst)} and is active.")


def cube_options(st: State, fr: Frame, seat: int) -> list[str]:
    return [f"cube {space_name(j)}" for j in NET_ADJ[fr["to"]] if st.cube[j]]


def cube_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    move_cube(st, ctx, space_index(action.split()[1]), fr["to"])


def cbonus_options(st: State, fr: Frame, seat: int) -> list[str]:
    return ["use", "discard"]


def cbonus_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action == "discard":
        ctx.say(f"{who(seat)} discards canal bonus tile {fr['id']}.", seat)
        return
    give(st, ctx, seat, CANAL_BONUS[fr["id"]], f"canal bonus {fr['id']}")


# ---- trading (spec §9.5) ------------------------------------------------------------------------


def toll_cut(p: Player, perk: str, extra: str, ms: list[str]) -> int:
    if perk == "notolls" or "notolls" in ms:
        return 99
    cut = (1 if perk == "toll1" else 0) + (1 if has(p, "SB1-4") else 0) + ms.count("toll1")
    return cut + (2 if extra == "toll2" else 0)


# node -> the lowest toll of any move from there before reductions (`moves` offers each)
CHEAPEST_MOVE = {
    here: min([toll(here, d, False) for d in (RESAFA, *CITIES) if d != here]
              + [toll(here, d, True) for d in CITIES if here in CITIES])
    for here in NODES
}


def moves(st: State, seat: int, perk: str, extra: str, ms: list[str]) -> list[tuple[str, str, int]]:
    """(notation, destination, toll after reductions) of every move the seat can pay."""
    p = st.players[seat]
    cut = toll_cut(p, perk, extra, ms)
    out = []
    here = p.loc
    for dest in (RESAFA, *CITIES):
        if dest != here:
            cost = max(0, toll(here, dest, False) - cut)
            if cost <= p.coins:
                out.append((f"go {dest}", dest, cost))
    if here in CITIES:
        for dest in CITIES:
            cost = max(0, toll(here, dest, True) - cut)
            if cost <= p.coins:
                out.append((f"via {dest}", dest, cost))
    return out


def tr_move_options(st: State, fr: Frame, seat: int) -> list[str]:
    return _or_wait(st, seat, "trading", [m[0] for m in moves(st, seat, *_main_args(st))])


def tr_move_prompt(st: State, fr: Frame, seat: int) -> str:
    here = CITY_NAMES[st.players[seat].loc]
    return (f"{who(seat)}, move your caravan from {here}: directly, or via Resafa (1 coin per "
            "road segment).")


def tr_move_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action == "none":
        give_up(st, ctx, seat)
        return
    word, dest = action.split()
    found = next(m for m in moves(st, seat, *_main_args(st)) if m[0] == action)
    p = st.me(seat)
    start_at = p.loc
    p.coins -= found[2]
    p.loc = dest
    route = " via Resafa" if word == "via" else ""
    ctx.say(f"{who(seat)} moves the caravan from {CITY_NAMES[start_at]} to "
            f"{CITY_NAMES[dest]}{route}, paying {found[2]} coin"
            f"{'s' if found[2] != 1 else ''}.", seat)
    frames = []
    if start_at == RESAFA or word == "via" or dest == RESAFA:
        frames += [Frame("unload"), Frame("load")]
    if dest in CITIES:
        side = st.tile_side[CITIES.index(dest)]
        frames += [Frame("tr_city", {"city": dest, "side": side}),
                   Frame("tr_base", {"city": dest, "cost": base_cost(p)})]
    push(st, *frames)


def unload_options(st: State, fr: Frame, seat: int) -> list[str]:
    p = st.players[seat]
    if not p.cargo_n:
        return []
    room = WAREHOUSE_CAP - p.ware[WARE_INDEX[p.cargo]]
    n = min(p.cargo_n, room)  # UNCERTAIN (§9.5): what does not fit stays on the caravan
    return [f"unload {k}" for k in range(1, n + 1)] + ["none"] if n else []


def unload_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action == "none":
        return
    n = int(action.split()[1])
    p = st.me(seat)
    p.ware[WARE_INDEX[p.cargo]] += n
    ctx.say(f"{who(seat)} unloads {n} {p.cargo} at Resafa.", seat)
    p.cargo_n -= n
    if not p.cargo_n:
        p.cargo = ""


def load_options(st: State, fr: Frame, seat: int) -> list[str]:
    p = st.players[seat]
    if capacity(p) - p.cargo_n <= 0:
        return []
    items = [w for w in WARE if p.ware[WARE_INDEX[w]] and p.cargo in ("", w)]
    return [f"load {w}" for w in items] + ["none"] if items else []


def load_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action != "none":
        push(st, Frame("load_n", {"item": action.split()[1]}))


def load_n_options(st: State, fr: Frame, seat: int) -> list[str]:
    p = st.players[seat]
    n = min(capacity(p) - p.cargo_n, p.ware[WARE_INDEX[fr["item"]]])
    return [f"take {k}" for k in range(1, n + 1)]


def load_n_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    n = int(action.split()[1])
    p = st.me(seat)
    p.ware[WARE_INDEX[fr["item"]]] -= n
    p.cargo = fr["item"]
    p.cargo_n += n
    ctx.say(f"{who(seat)} loads {n} {fr['item']} onto the caravan.", seat)


def tr_city_options(st: State, fr: Frame, seat: int) -> list[str]:
    p = st.players[seat]
    sell, buy = (o for o in TRADING_TILES[fr["city"]][fr["side"]])
    out = []
    if not fr.get("sold") and p.cargo == sell.item and p.cargo_n:
        out += [f"sell {k}" for k in range(1, p.cargo_n + 1)]
    price = dict(buy.price).get("C", 0)
    room = capacity(p) - p.cargo_n
    if p.cargo in ("", buy.item) and room > 0:
        n = min(room, p.coins // price if price else room)
        out += [f"buy {k}" for k in range(1, n + 1)]
    return [*out, "none"] if out else []


def tr_city_prompt(st: State, fr: Frame, seat: int) -> str:
    sell, buy = TRADING_TILES[fr["city"]][fr["side"]]
    return (f"{who(seat)}, at {CITY_NAMES[fr['city']]}: sell {sell.item} for "
            f"{gain_words(sell.price)} each (bonus {gain_words(sell.bonus)}), buy {buy.item} "
            f"for {gain_words(buy.price)} each, or neither.")


def tr_city_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action == "none":
        if fr.get("sold"):
            flip(st, ctx, fr["city"])
        return
    word, num = action.split()
    n = int(num)
    city = fr["city"]
    sell, buy = TRADING_TILES[city][fr["side"]]
    p = st.me(seat)
    ms = mods(st)
    if word == "sell":
        p.cargo_n -= n
        if not p.cargo_n:
            p.cargo = ""
        ctx.say(f"{who(seat)} sells {n} {sell.item} at {CITY_NAMES[city]}.", seat)
        if "both" in ms:
            push(st, fr.with_data(sold=True))
        else:
            flip(st, ctx, city)
        give(st, ctx, seat, tuple((i, k * n) for i, k in sell.price), "sale")
        extra = n * ms.count("sale1C")
        if has(p, "SB2-2"):
            extra += 1
        if extra:
            give(st, ctx, seat, gain(f"{extra}C"), "sale bonus")
        if has(p, "SB3-2"):
            give(st, ctx, seat, gain(f"{n}VP"), "SB3-2")
        if sell.bonus:
            give(st, ctx, seat, sell.bonus, "golden bonus")
        return
    price = dict(buy.price).get("C", 0) * n
    p.coins -= price
    p.cargo = buy.item
    p.cargo_n += n
    ctx.say(f"{who(seat)} buys {n} {buy.item} at {CITY_NAMES[city]} for {price} coins.", seat)
    flip(st, ctx, city)
    if buy.bonus:
        give(st, ctx, seat, buy.bonus, "golden bonus")


def flip(st: State, ctx: Ctx, city: str) -> None:
    i = CITIES.index(city)
    st.tile_side = st.tile_side[:]
    st.tile_side[i] = 1 - st.tile_side[i]
    ctx.say(f"The {CITY_NAMES[city]} trading tile flips to side {'AB'[st.tile_side[i]]}.")


def base_cost(p: Player) -> str:
    return "1C" if has(p, "SB2-4") else BASE_COST


def free_boxes(st: State, city: str) -> list[int]:
    return [b for b, h in enumerate(st.boxes[city]) if h == BOX_FREE]


def base_payable(p: Player, cost: str) -> bool:
    g = gain(cost)
    if can_pay(p, g):
        return True
    stone = dict(g).get("S", 0)
    coins = dict(g).get("C", 0)
    return p.coins >= coins and p.cargo == "S" and p.cargo_n >= stone


def tr_base_options(st: State, fr: Frame, seat: int) -> list[str]:
    p = st.players[seat]
    city = fr["city"]
    if city in p.bases or not base_payable(p, fr["cost"]):
        return []
    boxes = free_boxes(st, city)
    return [f"box {b + 1}" for b in boxes] + ["none"] if boxes else []


def tr_base_prompt(st: State, fr: Frame, seat: int) -> str:
    return (f"{who(seat)}, found a trading base in {CITY_NAMES[fr['city']]} for "
            f"{gain_words(gain(fr['cost']))}: choose a box, or none.")


def tr_base_handle(st: State, ctx: Ctx, fr: Frame, seat: int, action: str) -> None:
    if action == "none":
        return
    found_base(st, ctx, seat, fr["city"], int(action.split()[1]) - 1, fr["cost"])


def found_base(st: State, ctx: Ctx, seat: int, city: str, box: int, cost: str) -> None:
    p = st.me(seat)
    g = gain(cost)
    if can_pay(p, g):
        pay(p, g)
    else:  # the stone comes from the caravan (spec §9.5)
        pay(p, tuple((i, n) for i, n in g if i != "S"))
        p.cargo_n -= dict(g).get("S", 0)
        if not p.cargo_n:
            p.cargo = ""
    st.boxes = {**st.boxes, city: [seat if b == box else h for b, h in enumerate(st.boxes[city])]}
    p.bases = [*p.bases, city]
    token, reward = BOXES[city][box]
    ctx.say(f"{who(seat)} founds a trading base in {CITY_NAMES[city]} (box {box + 1}, "
            f"{token}).", seat)
    give(st, ctx, seat, gain(reward), "box")  # the box reward first, then the token (§15.12)
    place_token(st, ctx, seat, token)


def place_token(st: State, ctx: Ctx, seat: int, token: str) -> None:
    p = st.me(seat)
    for k, (squares, reward) in enumerate(MERCHANT_ROW):
        if p.row[k] or (token != SCARAB and not squares):
            continue
        p.row = [token if j == k else t for j, t in enumerate(p.row)]
        ctx.say(f"{who(seat)} places a {token} on merchant-row space {k + 1}.", seat)
        give(st, ctx, seat, gain(reward), f"merchant row {k + 1}")
        return
    p.overflow = [*p.overflow, token]
    ctx.say(f"{who(seat)} keeps a {token} beside the full merchant row.", seat)


def after_gate(dest: str) -> int:
    return toll(GATE, dest, False)


KINDS = {
    "ws_tile": ("workshop_tile", ws_tile_options, ws_tile_prompt, ws_tile_handle),
    "ws_side": ("workshop_side", ws_side_options,
                lambda st, fr, s: f"{who(s)}, place {fr['tile']} front or back side up.",
                ws_side_handle),
    "ws_rot": ("workshop_rotation", ws_rot_options,
               lambda st, fr, s: f"{who(s)}, turn {fr['tile']} (its icons turn with it).",
               ws_rot_handle),
    "ws_cell": ("workshop_cell", ws_cell_options,
                lambda st, fr, s: f"{who(s)}, place {fr['tile']} corner to corner with one "
                                  "of your workshops.", ws_cell_handle),
    "garden_size": ("garden_size", garden_size_options, garden_size_prompt, garden_size_handle),
    "garden_sq": ("garden_square", garden_sq_options,
                  lambda st, fr, s: f"{who(s)}, choose the square for the {fr['size']} garden.",
                  garden_sq_handle),
    "prod": ("production", prod_options, prod_prompt, prod_handle),
    "act_ws": ("activate_room", act_ws_options,
               lambda st, fr, s: f"{who(s)}, choose a workshop to activate one room.",
               act_ws_handle),
    "room": ("room", room_options, room_prompt, room_handle),
    "canal_tile": ("canal_tile", canal_tile_options,
                   lambda st, fr, s: f"{who(s)}, choose a canal tile or a water tank.",
                   canal_tile_handle),
    "canal_split": ("canal_split", split_options, split_prompt, split_handle),
    "canal_space": ("canal_space", canal_space_options,
                    lambda st, fr, s: f"{who(s)}, choose the network space for {fr['tile']}.",
                    canal_space_handle),
    "cbonus": ("canal_bonus", cbonus_options,
               lambda st, fr, s: f"{who(s)}, use or discard canal bonus tile {fr['id']} "
                                 f"({gain_words(CANAL_BONUS[fr['id']])}).", cbonus_handle),
    "cube": ("water_cube", cube_options,
             lambda st, fr, s: f"{who(s)}, choose which water cube flows onto the new tile.",
             cube_handle),
    "tr_move": ("trade_move", tr_move_options, tr_move_prompt, tr_move_handle),
    "unload": ("unload", unload_options,
               lambda st, fr, s: f"{who(s)}, at Resafa: unload cargo into the warehouse?",
               unload_handle),
    "load": ("load", load_options,
             lambda st, fr, s: f"{who(s)}, at Resafa: load one item type onto the caravan?",
             load_handle),
    "load_n": ("load_count", load_n_options,
               lambda st, fr, s: f"{who(s)}, how many {ITEM_NAMES[fr['item']]} do you load?",
               load_n_handle),
    "tr_city": ("trade", tr_city_options, tr_city_prompt, tr_city_handle),
    "tr_base": ("trading_base", tr_base_options, tr_base_prompt, tr_base_handle),
}
