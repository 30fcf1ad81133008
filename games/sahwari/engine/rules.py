"""Sahwari rules (spec sections 4-13): decisions, the handlers that answer them, the turn.

Every `_apply` copies the state once, runs the handler of the question on top, then resolves
what follows on its own (automatic steps, and decisions with a single legal option: every
option list here depends only on public facts, so resolving one tells nobody anything) until
the next real decision, which is cached on the state.

The turn's step (`state.step`) and the decision each asks:
  leader  D0 (leader choice option): keep one of two dealt leaders   "choose_leader"
  w0      ability window at the start of the turn                    "abilities"
  enter   D1 re-entry of an off-map camel                            "enter"
  move    D2 move a camel (or D4 take one off the map)               "move" / "no_move"
  w1a     Explorer: window between the first and second move         "abilities"
  explore D3 the Explorer's second move, or stay                      "second_move"
  w1      window after the move                                      "abilities"
  collect D5 which item to collect                                   "collect"
  collecting  the questions the collected item asks (frames), then w2
  w2      window after collecting                                    "abilities"
  guild   D9 move a guild camel                                      "guild_camel"
  w3      window before the end of the turn                          "abilities"
A window with no usable ability is skipped, and a skipped step merges the windows around it.

Questions asked on top of the step (`state.stack`, games.core.stack), with their data:
  stop {c, d, dests}   destination when a direction offers several     "destination"
  take {pos}           which item (collect, bird)                      "collect"
  cube {side, start}   where a gained cube goes (D6)                   "place_cube"
  card                 which market card and which end (D7)            "recruit_card"
  caravan {h}          use a gained caravan now or keep it (D8)        "use_caravan"
  icons {list}         action icons to resolve; their order (D18)      "order"
  icon {icon}          one action icon, resolved automatically or asking:
  spy / spykind        spyglass target (D13)                           "spyglass"
  bird                 bird tile (D14)                                 "bird"
  bowl                 bowl caravan (D15)                              "bowl"
  tornado / whirl {c}  tornado camel and destination (D16)             "tornado"
  attack / atkfrom {o} attack (D17), origin first when the list is long "attack"
  seal {t}             which activated space of seat t gets the lock   "lock_space"
  push {c}             where the attacked camel goes                   "push"
  spend / forge        recruit-track spending menu, forge target (D11) "spend" / "forge"
  reveal / fill        the object of a window ability, when the window is cut in two
More artifact spaces than a menu holds are offered side of the clan sheet first (`cube left`),
then a page at a time (`cube more`); `side` and `start` in the frame remember the choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from games.core import rng as R
from games.core.contract import MAX_OPTIONS, Decision, Event
from games.core.stack import BACK, Frame, Stack
from games.sahwari.engine import moves as M
from games.sahwari.engine import queries as Q
from games.sahwari.engine.data import (
    ACTIVE,
    BIRD,
    BOWL,
    CARAVAN_BY_ID,
    CARAVAN_COLOURS,
    CARD_BY_ID,
    CHEST,
    CLAN,
    CUBE,
    EMPTY,
    END_TILES,
    EXPLORER,
    FORGE,
    GUILD,
    GUILD_CUBE_SPACES,
    GUILD_PAWN_SPACES,
    GUILD_POS,
    ICON_NAMES,
    ICON_WORDS,
    LEADER_BY_KEY,
    LOCKED,
    MARKET_SIZE,
    NO,
    OASIS,
    PAWN,
    POS_INDEX,
    POS_NAMES,
    RECRUIT_CARD,
    RECRUIT_SPACES,
    REFRESH,
    RESOURCE,
    SEAT_LABELS,
    SIZE,
    SPYGLASS,
    STALL_MAX_TILES,
    STALL_ROUNDS,
    STORAGE_ICONS,
    STORAGE_SPACES,
    SWORDS,
    TILE_BY_ID,
    TORNADO,
    TURN_CAP,
    camel_ids,
    camel_owners,
    caravan_text,
)
from games.sahwari.engine.state import LogLine, SahwariState, put

LOG_LINES: Final = 10
WINDOWS: Final = frozenset(("w0", "w1a", "w1", "w2", "w3"))
# A window with no ability to offer: settled at once, like any single option.
WINDOW_DONE: Final = tuple(
    Decision(s, "abilities", f"{name}, use an ability or end this step.", ("done",))
    for s, name in enumerate(SEAT_LABELS))
# The prompts that name nobody but the deciding seat, per seat.
WINDOW_PROMPTS: Final = tuple(d.prompt for d in WINDOW_DONE)
MOVE_PROMPTS: Final = tuple(f"{name}, move one of your camels." for name in SEAT_LABELS)
GUILD_PROMPTS: Final = tuple(f"{name}, move a guild camel." for name in SEAT_LABELS)
STOP_PROMPTS: Final = tuple(f"{name}, choose where the camel stops." for name in SEAT_LABELS)
# Option strings of the most frequent decisions, built once.
STOP_ACTIONS: Final = tuple(f"stop {name}" for name in POS_NAMES)
COLLECT_PROMPTS: Final = tuple(
    tuple(f"{name}, take one item from {pos}." for pos in POS_NAMES) for name in SEAT_LABELS)
CARD_ACTIONS: Final = {c: (f"card {c} left", f"card {c} right") for c in CARD_BY_ID}
SPEND_ACTIONS: Final = {w: f"spend {w}" for w in (*ICON_WORDS.values(), FORGE)}
ICON_OF_WORD: Final = {word: icon for icon, word in ICON_WORDS.items()}


# The questions that carry no data, and one frame per action icon: frames never change, so
# every state shares these instead of building its own.
ASK: Final = {k: Frame(k) for k in ("attack", "bird", "bowl", "card", "cube", "fill", "forge",
                                    "reveal", "spend", "spy", "tornado")}
ICON_FRAMES: Final = {icon: Frame("icon", {"icon": icon}) for icon in ICON_WORDS}


class Ctx:
    """What a move tells: the public sentences, in order (`lines`; the state keeps the last
    few as its log) and, when the caller wants them (not playouts or replays), the events
    themselves."""

    def __init__(self, events: list[Event] | None = None) -> None:
        self.lines: list[str | LogLine] = []
        self.events = events
        self.revealed = False

    @classmethod
    def with_events(cls) -> Ctx:
        return cls([])

    def say(self, text: str, seat: int | None = None, headline: bool = False) -> None:
        if self.events is not None:
            self.events.append(Event(text, seat, headline=headline))
        self.lines.append(text)

    def line(
        self, text: Callable[..., str], args: tuple[Any, ...], seat: int | None = None
    ) -> None:
        """``say`` of ``text(*args)``, a frequent sentence, written out only when it is read
        (`state.LogLine`): most moves of a playout are never read."""
        if self.events is not None:
            self.say(text(*args), seat)
        else:
            self.lines.append((text, args))

    def tell(self, seat: int, text: str) -> None:
        """An event only ``seat`` may read; the public twin is said apart."""
        if self.events is not None:
            self.events.append(Event(text, seat, (seat,)))


def who(seat: int) -> str:
    """A seat's name in sentences."""
    return SEAT_LABELS[seat]

# The most frequent sentences, for `Ctx.line`.
TURN: Final = "{}'s turn {}.".format
MOVES: Final = "{} moves {} from {} to {}.".format
GUILD_MOVES: Final = "{} moves guild camel {} from {} to {}.".format
TAKES_CUBE: Final = "{} takes an artifact cube from {}.".format
TAKES_RECRUIT: Final = "{} takes a recruit from {}.".format
TAKES_CARAVAN: Final = "{} takes the {} caravan {} {}.".format
ATTACHES: Final = "{} attaches {} {} at the {} end{}.".format
STORES: Final = "{} puts the cube in storage (space {}).".format
SPENDS: Final = "{} spends a recruit pawn ({}) on: {}.".format
FLIPS: Final = "{} is empty and turns over: {}.".format


def new_cards(cards: tuple[str, ...]) -> str:
    return ("New recruit cards in the market: "
            + ", ".join(f"{c} {CARD_BY_ID[c].name}" for c in cards) + ".")


def cname(st: SahwariState, c: int) -> str:
    return CAMEL_IDS[st.np][c]


CAMEL_IDS: Final = {n: camel_ids(n) for n in (2, 3, 4)}


FACES: Final = {c.id: f"({CARAVAN_COLOURS[c.colour]}, {caravan_text(c)})"
                for c in CARAVAN_BY_ID.values()}


def face(st: SahwariState, h: str) -> str:
    return f"{h} {FACES[st.hid[h]]}"


def colour_of(st: SahwariState, h: str) -> str:
    return CARAVAN_COLOURS[st.hcol[h]]


# ---- can an ability act now (spec 4) -------------------------------------------------------


def can_act(st: SahwariState, seat: int, icon: str) -> bool:
    if icon == RECRUIT_CARD:
        return bool(st.market)
    if icon == REFRESH:
        return bool(st.market or st.deck or st.discard)
    if icon == SPYGLASS:
        return M.any_map_caravan(st) or bool(M.spy_seats(st, seat))
    if icon == CHEST:
        return st.supply > 0
    if icon == BIRD:
        return bool(M.bird_tiles(st))
    if icon == BOWL:
        return M.any_map_caravan(st)
    return True  # TORNADO, SWORDS


FIRST_STORAGE_ABILITY: Final = min(STORAGE_ICONS)


def storage_abilities(st: SahwariState, seat: int) -> list[int]:
    if not st.locks[seat] or st.store[seat] < FIRST_STORAGE_ABILITY:
        return []
    return [n for n, icon in STORAGE_ICONS.items()
            if n <= st.store[seat] and n not in st.slock[seat] and can_act(st, seat, icon)]


REVEAL_ACTIONS: Final = {f"c{i:02d}": f"reveal c{i:02d}" for i in range(1, 100)}  # per handle
LOCK_ACTIONS: Final = {n: f"lock {n}" for n in STORAGE_ICONS}


def may_act(st: SahwariState, seat: int) -> bool:
    """Whether ``seat`` holds anything an ability of `window_actions` starts from: most windows
    find nothing, and this asks only the seat's own counters to tell."""
    return bool(st.pawns[seat] or st.strat[seat] or (st.cars[seat] and M.face_down(st, seat))
                or (st.store[seat] and (st.locks[seat] or EMPTY in st.junc[seat])))


def window_actions(st: SahwariState, seat: int) -> list[str]:
    """The abilities usable now (spec 6.4), without "done"."""
    down = M.face_down(st, seat)
    reveals = [REVEAL_ACTIONS[h] for h in down] if down else []
    rest = []
    if st.strat[seat] and M.can_attack(st, seat):
        rest.append("attack")
    if st.pawns[seat]:
        rest.append("spend")
    store = st.store[seat]
    fills: list[str] = []
    if store:
        if EMPTY in st.junc[seat]:
            spaces = Q.junction_names(st.row[seat])
            fills = [f"fill {spaces[j]}" for j in Q.empty_spaces(st, seat)]
        if store >= FIRST_STORAGE_ABILITY and st.locks[seat]:
            rest.extend(LOCK_ACTIONS[n] for n in storage_abilities(st, seat))
    if len(reveals) + len(fills) + len(rest) + 1 > MAX_OPTIONS:
        if len(reveals) > 1:
            reveals = ["reveal"]
        if len(reveals) + len(fills) + len(rest) + 1 > MAX_OPTIONS:
            fills = ["fill"]
    reveals += rest
    reveals += fills
    return reveals


# ---- decisions -----------------------------------------------------------------------------


def decide(st: SahwariState, top: str | None = None) -> Decision:
    """The question ``top`` (by default the one on top of ``st``) with its options."""
    if top is None:
        top = st.top
    seat = st.seat
    # The most frequent questions first, without the names and frames the others read.
    if top == "guild":
        return Decision(seat, "guild_camel", GUILD_PROMPTS[seat], tuple(M.guild_options(st)))
    if top == "move":
        opts = M.move_options(st, seat)
        if opts:
            return Decision(seat, "move", MOVE_PROMPTS[seat], tuple(opts))
        on_map = sorted({st.cpos[c] for c in M.own_camels(st, seat) if st.cpos[c] != NO})
        return Decision(seat, "no_move",
                        f"{who(seat)}, no camel of yours can move: take one off the map.",
                        tuple(f"off {POS_NAMES[p]}" for p in on_map))
    if top == "collect":
        return Decision(seat, "collect", COLLECT_PROMPTS[seat][st.mend],
                        tuple(take_options(st, st.mend)))
    frames = st.stack.frames
    frame = frames[-1] if frames else None
    if top == "stop":
        assert frame is not None
        opts = [STOP_ACTIONS[p] for p in frame["dests"]]
        return Decision(seat, "destination", STOP_PROMPTS[seat], tuple(opts))
    name = who(seat)
    if top in WINDOWS:
        opts = window_actions(st, seat)
        if not opts:
            return WINDOW_DONE[seat]
        opts.append("done")
        return Decision(seat, "abilities", WINDOW_PROMPTS[seat], tuple(opts))
    if top == "leader":
        opts = [f"leader {k}" for k in st.dealt[seat]]
        return Decision(seat, "choose_leader", f"{name}, keep one of your two clan leaders.",
                        tuple(opts))
    if top == "enter":
        opts = [f"enter {POS_NAMES[p]}" for p in entry_tiles(st)]
        return Decision(seat, "enter", f"{name}, bring your camel onto the map.", tuple(opts))
    if top == "explore":
        opts = [M.MOVE_ACTIONS[st.mend][d] for d in M.second_moves(st)]
        return Decision(seat, "second_move",
                        f"{name}, make a second move with the same camel, or stay.",
                        (*opts, "stay"))
    if top == "take":
        assert frame is not None
        return Decision(seat, "collect", COLLECT_PROMPTS[seat][frame["pos"]],
                        tuple(take_options(st, frame["pos"])))
    assert frame is not None
    if top == "cube":
        opts = ["cube storage"] if st.store[seat] < STORAGE_SPACES else []
        opts += space_options(st, seat, "cube", MAX_OPTIONS - len(opts), frame)
        return Decision(seat, "place_cube",
                        f"{name}, put the artifact cube in storage or on an artifact space.",
                        tuple(opts))
    if top == "card":
        opts = [a for c in st.market for a in CARD_ACTIONS[c]]
        return Decision(seat, "recruit_card",
                        f"{name}, take a recruit card and attach it at one end of your row.",
                        tuple(opts))
    if top == "caravan":
        h = frame["h"]
        return Decision(seat, "use_caravan",
                        f"{name}, use the {colour_of(st, h)} caravan {h} now or keep it face down.",
                        ("use", "keep"))
    if top == "icons":
        opts = []
        for icon in frame["list"]:
            a = f"first {ICON_WORDS[icon]}"
            if a not in opts:
                opts.append(a)
        return Decision(seat, "order", f"{name}, choose which effect resolves first.",
                        tuple(opts))
    if top == "spy":
        opts = spy_options(st, seat, frame.get("kind", ""))
        return Decision(seat, "spyglass",
                        f"{name}, look at the caravans on a tile or of an opponent.",
                        tuple(opts))
    if top == "bird":
        return Decision(seat, "bird", f"{name}, take an item next to a guild camel.",
                        tuple(f"bird {POS_NAMES[p]}" for p in M.bird_tiles(st)))
    if top == "bowl":
        return Decision(seat, "bowl", f"{name}, take a caravan from anywhere on the map.",
                        tuple(f"bowl {h}" for _, h in M.map_caravans(st)))
    if top == "tornado":
        return Decision(seat, "tornado", f"{name}, choose a camel for the tornado.",
                        tuple(f"tornado {cname(st, c)}" for c in M.tornado_targets(st)))
    if top == "whirl":
        c = frame["c"]
        return Decision(seat, "tornado", f"{name}, choose where the tornado puts "
                        f"{cname(st, c)}.",
                        tuple(f"to {POS_NAMES[p]}" for p in M.tornado_destinations(st, c)))
    if top == "attack":
        opts = attack_options(st, seat, frame.get("origin", NO))
        return Decision(seat, "attack", f"{name}, choose the attack.", (*opts, BACK))
    if top == "seal":
        t = frame["t"]
        spaces = Q.junction_names(st.row[t])
        opts = [f"seal {spaces[j]}" for j in Q.active_spaces(st, t)]
        return Decision(seat, "lock_space",
                        f"{name}, choose which of {who(t)}'s artifacts is locked.",
                        tuple(opts))
    if top == "push":
        c = frame["c"]
        return Decision(seat, "push", f"{name}, push {cname(st, c)} to a free tile next "
                        "to it.", tuple(f"push {POS_NAMES[p]}" for p in
                                        M.push_destinations(st, c)))
    if top == "spend":
        opts = [SPEND_ACTIONS[w] for w in spend_menu(st, seat)]
        return Decision(seat, "spend", f"{name}, spend a recruit pawn on one effect.",
                        (*opts, BACK))
    if top == "forge":
        opts = space_options(st, seat, "forge", MAX_OPTIONS, frame)
        return Decision(seat, "forge", f"{name}, choose the artifact space for the new cube.",
                        tuple(opts))
    if top == "reveal":
        opts = [REVEAL_ACTIONS[h] for h in M.face_down(st, seat)]
        return Decision(seat, "abilities", f"{name}, choose the caravan to reveal.",
                        (*opts, BACK))
    if top == "fill":
        opts = space_options(st, seat, "fill", MAX_OPTIONS - 1, frame)
        return Decision(seat, "abilities", f"{name}, choose the artifact space to fill.",
                        (*opts, BACK))
    raise AssertionError(f"no decision for step {top!r}")


def space_options(st: SahwariState, seat: int, verb: str, room: int, frame: Frame) -> list[str]:
    """``verb`` + each empty artifact space; when they do not fit in ``room``, first the side
    of the clan sheet (``verb left`` / ``verb right``), then that side's spaces."""
    names = Q.junction_names(st.row[seat])
    spaces = Q.empty_spaces(st, seat)
    side = frame.get("side", "")
    if side or len(spaces) > room:
        clan = st.row[seat].index(CLAN)
        if not side:
            sides = {"left" if j < clan else "right" for j in spaces}
            return [f"{verb} {s}" for s in ("left", "right") if s in sides]
        spaces = [j for j in spaces if (j < clan) == (side == "left")]
    spaces = spaces[frame.get("start", 0):]
    if len(spaces) > room:  # still too many on one side: a page at a time
        return [*(f"{verb} {names[j]}" for j in spaces[: room - 1]), f"{verb} more"]
    return [f"{verb} {names[j]}" for j in spaces]


def entry_tiles(st: SahwariState) -> list[int]:
    return [p for p, k in enumerate(st.kind) if k in (GUILD, OASIS)]


def take_options(st: SahwariState, pos: int) -> list[str]:
    items = st.items[pos]
    opts = []
    if CUBE in items:
        opts.append("take cube")
    if PAWN in items:
        opts.append("take pawn")
    for i in items:
        if M.is_caravan(i):
            opts.append(TAKE_ACTIONS[i])
    return opts


TAKE_ACTIONS: Final = {f"c{i:02d}": f"take c{i:02d}" for i in range(1, 100)}  # per handle


def spy_options(st: SahwariState, seat: int, kind: str) -> list[str]:
    tiles = [f"spy {POS_NAMES[p]}" for p in M.spy_tiles(st)]
    seats = [f"spy {who(s)}" for s in M.spy_seats(st, seat)]
    if kind == "tile":
        return tiles
    if kind == "player":
        return seats
    if len(tiles) + len(seats) <= MAX_OPTIONS:
        return tiles + seats
    return ["spy tile", "spy player"]


def attack_options(st: SahwariState, seat: int, origin: int) -> list[str]:
    found = M.attacks(st, seat)
    if origin != NO:
        found = [a for a in found if a[0] == origin]
    opts = []
    for o, mode, target in found:
        name = cname(st, int(target)) if mode == "camel" else target
        opts.append(f"attack {POS_NAMES[o]} {mode} {name}")
    if origin == NO and len(opts) >= MAX_OPTIONS:
        return [f"attack {POS_NAMES[o]}" for o in dict.fromkeys(a[0] for a in found)]
    return opts


def spend_menu(st: SahwariState, seat: int) -> list[str]:
    out = [ICON_WORDS[TORNADO]]
    for icon in (SPYGLASS, REFRESH):
        if can_act(st, seat, icon):
            out.append(ICON_WORDS[icon])
    if EMPTY in st.junc[seat] and st.supply > 0:
        out.append(FORGE)
    return out


# ---- the turn ------------------------------------------------------------------------------


def begin_turn(st: SahwariState, ctx: Ctx) -> None:
    st.turnno += 1
    st.turns = put(st.turns, st.seat, st.turns[st.seat] + 1)
    st.moved, st.mdir, st.mend, st.moves, st.took = NO, "", NO, 0, False
    st.step = "w0"
    ctx.line(TURN, (SEAT_LABELS[st.seat], st.turns[st.seat]), st.seat)


def after_window(st: SahwariState, ctx: Ctx) -> None:
    """The step after the window just closed; skipped steps merge the windows around them."""
    step = st.step
    if step == "w0":
        st.step = "enter" if off_map(st) else "move"
    elif step == "w1":
        st.step = collect_or_skip(st)
    elif step == "w2":
        st.step = "guild"  # skipped at once, in settle, when no guild camel can move
    elif step == "w3":
        end_turn(st, ctx)
    else:
        st.step = "explore" if M.second_moves(st) else collect_or_skip(st)


def off_map(st: SahwariState) -> bool:
    """Whether a camel of the seat to move is off the map (it must come back first)."""
    cpos = st.cpos
    if NO not in cpos:
        return False
    return any(cpos[c] == NO for c in M.own_camels(st, st.seat))


def collect_or_skip(st: SahwariState) -> str:
    """Step 2 happens only if a move was made, the camel is still where it ended, and the
    tile holds an item (spec 6.2); otherwise the next step is the guild camel."""
    if st.moves and st.cpos[st.moved] == st.mend and st.items[st.mend]:
        return "collect"
    return "guild"


def after_move(st: SahwariState) -> None:
    if (st.moves == 1 and st.leader[st.seat] == EXPLORER and M.second_moves(st)):
        st.step = "w1a"
    else:
        st.step = "w1"


def do_move(st: SahwariState, ctx: Ctx, c: int, d: str, dest: int) -> None:
    start = st.cpos[c]
    st.cpos = put(st.cpos, c, dest)
    st.moved, st.mend = c, dest
    st.moves += 1
    if st.moves == 1:
        st.mdir = d
    ctx.line(MOVES, (SEAT_LABELS[st.seat], CAMEL_IDS[st.np][c], POS_NAMES[start],
                     POS_NAMES[dest]), st.seat)
    after_move(st)


def do_guild_move(st: SahwariState, ctx: Ctx, c: int, dest: int) -> None:
    start = st.cpos[c]
    st.cpos = put(st.cpos, c, dest)
    ctx.line(GUILD_MOVES, (SEAT_LABELS[st.seat], CAMEL_IDS[st.np][c], POS_NAMES[start],
                           POS_NAMES[dest]), st.seat)
    st.step = "w3"


def end_turn(st: SahwariState, ctx: Ctx) -> None:
    """Step 5 (spec 6.5, 12): flip, refill, the end check, the next seat."""
    kind, items = st.kind, st.items
    flipped = [p for p in range(SIZE * SIZE) if not items[p] and kind[p] == RESOURCE]
    for pos in flipped:
        st.kind = put(st.kind, pos, TILE_BY_ID[st.tiles[pos]].back)
    for pos in flipped:
        side = "an oasis" if st.kind[pos] == OASIS else "desert"
        ctx.line(FLIPS, (POS_NAMES[pos], side))
        ctx.revealed = True
    refill(st, ctx)
    st.stall = 0 if (st.took or flipped) else st.stall + 1
    seat = st.seat
    if not st.endt:
        left = Q.shows_resources(st)
        why = ""
        if left <= END_TILES:
            why = f"only {left} tiles show resources"
        elif st.stall >= STALL_ROUNDS * st.np and left <= STALL_MAX_TILES:
            why = f"nothing has left the map for {st.stall} turns"
        elif st.turns[seat] >= TURN_CAP:
            why = f"{who(seat)} has played {TURN_CAP} turns"
        if why:
            st.endt = True
            st.last = (st.first - 1) % st.np
            st.reason = why
            ctx.say(
                f"The end is near: {why}. The round is finished so that everyone has "
                "had as many turns.",
                headline=True,
            )
    if st.endt and seat == st.last:
        finish(st, ctx)
        return
    st.seat = (seat + 1) % st.np
    begin_turn(st, ctx)


def finish(st: SahwariState, ctx: Ctx) -> None:
    st.step = "over"
    st.stack = Stack()
    hidden = [h for s in range(st.np) for h in st.cars[s] if h not in st.faceup]
    st.faceup = st.faceup + tuple(hidden)
    for h in hidden:
        ctx.say(f"Final reveal: {who(owner_of(st, h))}'s caravan {face(st, h)}.")
    if hidden:
        ctx.revealed = True
    st.reason = f"The game ended because {st.reason}." if st.reason else "The game ended."
    ctx.say(st.reason)


def owner_of(st: SahwariState, h: str) -> int:
    for s, cars in enumerate(st.cars):
        if h in cars:
            return s
    return NO


def draw(st: SahwariState, ctx: Ctx) -> str | None:
    """The top card of the deck, shuffling the discard pile into a new deck when it is out."""
    if not st.deck:
        if not st.discard:
            return None
        deck = list(st.discard)
        st.rng = R.shuffle(st.rng, deck)
        st.deck, st.discard = tuple(deck), ()
        ctx.say("The recruit discard pile is shuffled into a new deck.")
    card = st.deck[-1]
    st.deck = st.deck[:-1]
    ctx.revealed = True
    return card


def refill(st: SahwariState, ctx: Ctx) -> None:
    added = []
    while len(st.market) < MARKET_SIZE:
        card = draw(st, ctx)
        if card is None:
            break
        st.market = (*st.market, card)
        added.append(card)
    if added:
        ctx.line(new_cards, (tuple(added),))


# ---- gaining things ------------------------------------------------------------------------


def push(st: SahwariState, *frames: Frame) -> None:
    """Stack.push, the first frame given asked first (built directly: it runs on most moves)."""
    st.stack = Stack(st.stack.frames + frames[::-1])


def pop(st: SahwariState) -> None:
    st.stack = Stack(st.stack.frames[:-1])


def remove_item(st: SahwariState, pos: int, item: str) -> None:
    items = list(st.items[pos])
    items.remove(item)
    st.items = put(st.items, pos, tuple(items))
    st.took = True


def learn(st: SahwariState, seat: int, handles: Iterable[str]) -> None:
    known = st.known[seat]
    new = [h for h in handles if h not in known]
    if new:
        st.known = put(st.known, seat, tuple(sorted({*known, *new})))


def collect(st: SahwariState, ctx: Ctx, seat: int, pos: int, item: str) -> None:
    """Take ``item`` from ``pos`` as a collected resource (spec 6.2)."""
    remove_item(st, pos, item)
    where = POS_NAMES[pos]
    if item == CUBE:
        ctx.line(TAKES_CUBE, (SEAT_LABELS[seat], where), seat)
        push(st, ASK["cube"])
    elif item == PAWN:
        if st.pawns[seat] < RECRUIT_SPACES:
            st.pawns = put(st.pawns, seat, st.pawns[seat] + 1)
            ctx.line(TAKES_RECRUIT, (SEAT_LABELS[seat], where), seat)
        else:
            ctx.say(f"{who(seat)} takes a recruit from {where}; the track is full, so it "
                    "leaves the game.", seat)
        if st.market:
            push(st, ASK["card"])
    else:
        gain_caravan(st, ctx, seat, item, f"from {where}")


def gain_caravan(st: SahwariState, ctx: Ctx, seat: int, h: str, whence: str) -> None:
    st.cars = put(st.cars, seat, st.cars[seat] + (h,))
    learn(st, seat, [h])
    ctx.line(TAKES_CARAVAN, (SEAT_LABELS[seat], colour_of(st, h), h, whence), seat)
    if ctx.events is not None:  # never in playouts
        ctx.tell(seat, f"You look at caravan {face(st, h)}.")
    ctx.revealed = True
    push(st, Frame("caravan", {"h": h}))


def use_caravan(st: SahwariState, ctx: Ctx, seat: int, h: str) -> None:
    st.faceup = (*st.faceup, h)
    st.used = (*st.used, h)
    ctx.say(f"{who(seat)} reveals caravan {face(st, h)}.", seat)
    ctx.revealed = True
    queue_icons(st, list(CARAVAN_BY_ID[st.hid[h]].actions))


def queue_icons(st: SahwariState, icons: list[str]) -> None:
    if len(icons) > 1 and len(set(icons)) > 1:
        push(st, Frame("icons", {"list": icons}))
    else:
        push(st, *(ICON_FRAMES[i] for i in icons))


def activate(st: SahwariState, ctx: Ctx, seat: int, j: int, how: str) -> None:
    junc = list(st.junc[seat])
    junc[j] = ACTIVE
    st.junc = put(st.junc, seat, tuple(junc))
    name = Q.junction_names(st.row[seat])[j]
    ctx.say(f"{who(seat)} {how} on artifact space {name}.", seat)
    queue_icons(st, [e for e in Q.junction_effects(st, seat, j) if not e.startswith("INF")])


def junction_index(st: SahwariState, seat: int, name: str) -> int:
    return Q.junction_names(st.row[seat]).index(name)


def attach(st: SahwariState, ctx: Ctx, seat: int, card: str, side: str) -> None:
    st.market = tuple(c for c in st.market if c != card)
    row = st.row[seat]
    if side == "left":
        state = Q.junction_state(st, seat, card, row[0])
        st.row = put(st.row, seat, (card, *row))
        st.junc = put(st.junc, seat, (state, *st.junc[seat]))
    else:
        state = Q.junction_state(st, seat, row[-1], card)
        st.row = put(st.row, seat, (*row, card))
        st.junc = put(st.junc, seat, (*st.junc[seat], state))
    space = " (a new artifact space)" if state == EMPTY else ""
    ctx.line(ATTACHES, (SEAT_LABELS[seat], card, CARD_BY_ID[card].name, side, space), seat)


def cube_away(st: SahwariState, ctx: Ctx) -> str:
    """A removed cube goes to an empty Guild artifact space, else back to the supply."""
    if st.items[GUILD_POS].count(CUBE) < GUILD_CUBE_SPACES:
        st.items = put(st.items, GUILD_POS, st.items[GUILD_POS] + (CUBE,))
        return "to the Guild tile"
    st.supply += 1
    return "back to the supply"


def refresh_market(st: SahwariState, ctx: Ctx, seat: int) -> None:
    st.discard = st.discard + st.market
    st.market = ()
    ctx.say(f"{who(seat)} refreshes the recruit market.", seat)
    refill(st, ctx)


def resolve_icon(st: SahwariState, ctx: Ctx, seat: int, icon: str) -> None:
    """One triggered action icon (spec 4); what cannot act does nothing."""
    if icon == SWORDS:
        st.strat = put(st.strat, seat, st.strat[seat] + 1)
        ctx.say(f"{who(seat)} gains a strategy token.", seat)
    elif icon == REFRESH:
        if can_act(st, seat, REFRESH):
            refresh_market(st, ctx, seat)
    elif icon == CHEST:
        if st.supply:
            st.supply -= 1
            ctx.say(f"{who(seat)} gains an artifact cube from the supply.", seat)
            push(st, ASK["cube"])
    elif icon == RECRUIT_CARD:
        if st.market:
            push(st, ASK["card"])
    elif icon == SPYGLASS:
        if can_act(st, seat, SPYGLASS):
            push(st, ASK["spy"])
    elif icon == BIRD:
        if M.bird_tiles(st):
            push(st, ASK["bird"])
    elif icon == BOWL:
        if M.map_caravans(st):
            push(st, ASK["bowl"])
    elif icon == TORNADO:
        push(st, ASK["tornado"])
    else:
        raise AssertionError(f"unknown icon {icon!r}")


# ---- handlers: the turn's steps -----------------------------------------------------------


def on_window(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    verb, _, arg = action.partition(" ")
    if action == "done":
        after_window(st, ctx)
    elif verb == "reveal":
        if arg:
            use_caravan(st, ctx, seat, arg)
        else:
            push(st, ASK["reveal"])
    elif verb == "fill":
        if arg:
            fill(st, ctx, seat, arg)
        else:
            push(st, ASK["fill"])
    elif action == "attack":
        push(st, ASK["attack"])
    elif action == "spend":
        push(st, ASK["spend"])
    elif verb == "lock":
        n = int(arg)
        st.locks = put(st.locks, seat, st.locks[seat] - 1)
        st.slock = put(st.slock, seat, (*st.slock[seat], n))
        icon = STORAGE_ICONS[n]
        ctx.say(f"{who(seat)} puts a lock token on storage space {n}: {ICON_NAMES[icon]}.",
                seat)
        resolve_icon(st, ctx, seat, icon)


def fill(st: SahwariState, ctx: Ctx, seat: int, name: str) -> None:
    st.store = put(st.store, seat, st.store[seat] - 1)
    activate(st, ctx, seat, junction_index(st, seat, name), "moves a stored cube")


def on_leader(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    key = action.split()[1]
    st.leader = put(st.leader, seat, key)
    ctx.say(f"{who(seat)} keeps the {LEADER_BY_KEY[key].name} as clan leader.", seat)
    ctx.revealed = True
    for i in range(1, st.np):
        nxt = (st.first + i) % st.np
        if not st.leader[nxt]:
            st.seat = nxt
            return
    st.seat = st.first
    begin_turn(st, ctx)


def on_enter(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    pos = POS_INDEX[action.split()[1]]
    c = next(c for c in M.own_camels(st, seat) if st.cpos[c] == NO)
    st.cpos = put(st.cpos, c, pos)
    ctx.say(f"{who(seat)} brings {cname(st, c)} onto {POS_NAMES[pos]}.", seat)


def camel_at(st: SahwariState, seat: int, pos: int) -> int:
    cpos = st.cpos
    for c in M.own_camels(st, seat):
        if cpos[c] == pos:
            return c
    raise AssertionError(f"no camel of seat {seat} on {POS_NAMES[pos]}")


# The frequent options read back without splitting them: action -> (position, direction),
# action -> (guild camel, direction), action -> position.
MOVE_PARSE: Final = {a: (p, d) for p, names in enumerate(M.MOVE_ACTIONS) for d, a in names.items()}
GUILD_PARSE: Final = {a: (c, d) for c, names in enumerate(M.GUILD_ACTIONS)
                      for d, a in names.items()}
STOP_PARSE: Final = {a: p for p, a in enumerate(STOP_ACTIONS)}


def on_move(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    move = MOVE_PARSE.get(action)
    if move is None:  # "off B2"
        c = camel_at(st, seat, POS_INDEX[action.split()[1]])
        st.cpos = put(st.cpos, c, NO)
        ctx.say(f"{who(seat)} has no legal move and takes {cname(st, c)} off the map "
                f"(no collection).", seat)
        st.step = "w1"
        return
    start_move(st, ctx, camel_at(st, seat, move[0]), move[1])


def start_move(st: SahwariState, ctx: Ctx, c: int, d: str) -> None:
    dests = M.destinations(st, c, d)
    if len(dests) == 1:
        do_move(st, ctx, c, d, dests[0])
    else:
        push(st, Frame("stop", {"c": c, "d": d, "dests": dests}))


def on_explore(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    if action == "stay":
        st.step = "w1"
        return
    start_move(st, ctx, st.moved, action.split()[2])


def on_stop(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    frame = st.stack.frames[-1]
    pop(st)
    dest = STOP_PARSE[action]
    c = frame["c"]
    if camel_owners(st.np)[c] == NO:
        do_guild_move(st, ctx, c, dest)
    else:
        do_move(st, ctx, c, frame["d"], dest)


def on_collect(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    st.step = "collecting"  # until what the item asks is answered, then the window w2
    take(st, ctx, seat, st.mend, action)


def on_take(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    frame = st.stack.frames[-1]
    pop(st)
    take(st, ctx, seat, frame["pos"], action)


def take(st: SahwariState, ctx: Ctx, seat: int, pos: int, action: str) -> None:
    what = action.split()[1]
    item = CUBE if what == "cube" else PAWN if what == "pawn" else what
    collect(st, ctx, seat, pos, item)


def on_guild(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    c, d = GUILD_PARSE[action]  # the guild camels come first among the camels
    dests = M.destinations(st, c, d)
    if len(dests) == 1:
        do_guild_move(st, ctx, c, dests[0])
    else:
        push(st, Frame("stop", {"c": c, "d": d, "dests": dests}))


# ---- handlers: effects ---------------------------------------------------------------------


def narrowed(st: SahwariState, action: str) -> bool:
    """A side of the clan sheet was chosen: the same question is asked about that side."""
    side = action.split()[-1]
    if side not in ("left", "right", "more"):
        return False
    top = st.stack.top
    assert top is not None
    if side == "more":
        shown = sum(1 for a in decide(st).actions if "|" in a)
        top = top.with_data(start=top.get("start", 0) + shown)
    else:
        top = top.with_data(side=side)
    st.stack = st.stack.replace_top(top)
    return True


def on_cube(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    if narrowed(st, action):
        return
    pop(st)
    where = action.split()[1]
    if where == "storage":
        st.store = put(st.store, seat, st.store[seat] + 1)
        ctx.line(STORES, (SEAT_LABELS[seat], st.store[seat]), seat)
    else:
        activate(st, ctx, seat, junction_index(st, seat, where), "puts the cube")


def on_card(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    pop(st)
    _, card, side = action.split()
    attach(st, ctx, seat, card, side)


def on_caravan(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    frame = st.stack.frames[-1]
    pop(st)
    h = frame["h"]
    if action == "use":
        use_caravan(st, ctx, seat, h)
    else:
        ctx.say(f"{who(seat)} keeps caravan {h} face down.", seat)


def on_order(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    frame = st.stack.frames[-1]
    pop(st)
    first = next(i for i in frame["list"] if ICON_WORDS[i] == action.split()[1])
    rest = list(frame["list"])
    rest.remove(first)
    push(st, ICON_FRAMES[first], *(ICON_FRAMES[i] for i in rest))


def on_spy(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    target = action.split()[1]
    pop(st)
    if target in ("tile", "player"):
        push(st, Frame("spy", {"kind": target}))
        return
    if target in POS_NAMES:
        pos = POS_INDEX[target]
        handles = [i for i in st.items[pos] if M.is_caravan(i)]
        ctx.say(f"{who(seat)} uses a spyglass on the caravans on {target}.", seat)
    else:
        t = [who(s) for s in range(st.np)].index(target)
        handles = list(M.face_down(st, t))
        ctx.say(f"{who(seat)} uses a spyglass on {target}'s caravans.", seat)
    learn(st, seat, handles)
    if ctx.events is not None:  # never in playouts
        ctx.tell(seat, "You see: " + "; ".join(face(st, h) for h in handles) + ".")
    ctx.revealed = True


def on_bird(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    pop(st)
    pos = POS_INDEX[action.split()[1]]
    ctx.say(f"{who(seat)} sends the bird to {POS_NAMES[pos]}.", seat)
    push(st, Frame("take", {"pos": pos}))


def on_bowl(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    pop(st)
    h = action.split()[1]
    pos = next(p for p, items in enumerate(st.items) if h in items)
    st.items = put(st.items, pos, tuple(i for i in st.items[pos] if i != h))
    st.took = True
    gain_caravan(st, ctx, seat, h, f"from {POS_NAMES[pos]} with the bowl")


def on_tornado(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    pop(st)
    c = camel_ids(st.np).index(action.split()[1])
    push(st, Frame("whirl", {"c": c}))


def on_whirl(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    frame = st.stack.frames[-1]
    pop(st)
    c = frame["c"]
    start = st.cpos[c]
    st.cpos = put(st.cpos, c, POS_INDEX[action.split()[1]])
    ctx.say(f"{who(seat)}'s tornado carries {cname(st, c)} from {POS_NAMES[start]} to "
            f"{POS_NAMES[st.cpos[c]]}.", seat)


def on_attack(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    pop(st)
    if action == BACK:
        return
    words = action.split()
    origin = POS_INDEX[words[1]]
    if len(words) == 2:
        push(st, Frame("attack", {"origin": origin}))
        return
    st.strat = put(st.strat, seat, st.strat[seat] - 1)
    mode, target = words[2], words[3]
    if mode == "caravan":
        pos = next(p for p, items in enumerate(st.items) if target in items)
        st.items = put(st.items, pos, tuple(i for i in st.items[pos] if i != target))
        st.took = True
        st.gone = (*st.gone, target)
        ctx.say(f"{who(seat)} attacks from {words[1]}: the {colour_of(st, target)} caravan "
                f"{target} on {POS_NAMES[pos]} is removed from the game unseen.", seat)
        return
    c = camel_ids(st.np).index(target)
    t = camel_owners(st.np)[c]
    ctx.say(f"{who(seat)} attacks {target} on {POS_NAMES[st.cpos[c]]} from {words[1]}.",
            seat)
    frames = []
    if t != NO:
        if st.store[t]:
            st.store = put(st.store, t, st.store[t] - 1)
            whither = cube_away(st, ctx)
            ctx.say(f"{who(t)} loses a stored artifact cube ({whither}).", t)
        elif Q.active_spaces(st, t):
            frames.append(Frame("seal", {"t": t}))
        else:
            ctx.say(f"{who(t)} has no artifact to lose.", t)
    frames.append(Frame("push", {"c": c}))
    push(st, *frames)


def on_seal(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    frame = st.stack.frames[-1]
    pop(st)
    t = frame["t"]
    name = action.split()[1]
    j = junction_index(st, t, name)
    junc = list(st.junc[t])
    junc[j] = LOCKED
    st.junc = put(st.junc, t, tuple(junc))
    whither = cube_away(st, ctx)
    ctx.say(f"{who(seat)} locks {who(t)}'s artifact space {name}; its cube goes {whither}.",
            seat)


def on_push(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    frame = st.stack.frames[-1]
    pop(st)
    c = frame["c"]
    start = st.cpos[c]
    st.cpos = put(st.cpos, c, POS_INDEX[action.split()[1]])
    ctx.say(f"{cname(st, c)} is pushed from {POS_NAMES[start]} to {POS_NAMES[st.cpos[c]]}.",
            seat)


def on_spend(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    pop(st)
    if action == BACK:
        return
    word = action.split()[1]
    st.pawns = put(st.pawns, seat, st.pawns[seat] - 1)
    if st.items[GUILD_POS].count(PAWN) < GUILD_PAWN_SPACES:
        st.items = put(st.items, GUILD_POS, st.items[GUILD_POS] + (PAWN,))
        whither = "goes to the Guild tile"
    else:
        whither = "leaves the game"
    ctx.line(SPENDS, (SEAT_LABELS[seat], whither, word), seat)
    if word == FORGE:
        push(st, ASK["forge"])
    else:
        resolve_icon(st, ctx, seat, ICON_OF_WORD[word])


def on_forge(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    if narrowed(st, action):
        return
    pop(st)
    st.supply -= 1
    activate(st, ctx, seat, junction_index(st, seat, action.split()[1]), "forges a cube")


def on_reveal(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    pop(st)
    if action != BACK:
        use_caravan(st, ctx, seat, action.split()[1])


def on_fill(st: SahwariState, ctx: Ctx, seat: int, action: str) -> None:
    if narrowed(st, action):
        return
    pop(st)
    if action != BACK:
        fill(st, ctx, seat, action.split()[1])


HANDLERS: Final = {
    **{w: on_window for w in WINDOWS},
    "leader": on_leader, "enter": on_enter, "move": on_move, "explore": on_explore,
    "collect": on_collect, "guild": on_guild, "stop": on_stop, "take": on_take,
    "cube": on_cube, "card": on_card, "caravan": on_caravan, "icons": on_order,
    "spy": on_spy, "bird": on_bird, "bowl": on_bowl, "tornado": on_tornado,
    "whirl": on_whirl, "attack": on_attack, "seal": on_seal, "push": on_push,
    "spend": on_spend, "forge": on_forge, "reveal": on_reveal, "fill": on_fill,
}  # fmt: skip


# ---- settling: automatic steps and single options ------------------------------------------


# The steps and frames that may resolve without asking (most questions are never among them).
MAYBE_AUTOMATIC: Final = frozenset(
    ("icon", "end", "collecting", "enter", "icons", "cube", "card", "push"))


def automatic(st: SahwariState, ctx: Ctx, top: str) -> bool:
    """Carry out the automatic step or frame ``top`` (one of MAYBE_AUTOMATIC) if it is one now;
    True if it did."""
    if top == "icon":
        frame = st.stack.frames[-1]
        pop(st)
        resolve_icon(st, ctx, st.seat, frame["icon"])
        return True
    if top == "end":
        end_turn(st, ctx)
        return True
    if top == "collecting":
        st.step = "w2"
        return True
    if top == "enter":
        if not off_map(st):
            st.step = "move"
            return True
        return False
    if top == "icons":
        frame = st.stack.frames[-1]
        if len(set(frame["list"])) == 1:
            pop(st)
            push(st, *(ICON_FRAMES[i] for i in frame["list"]))
            return True
        return False
    if top == "cube":
        seat = st.seat
        if st.store[seat] >= STORAGE_SPACES and not Q.empty_spaces(st, seat):
            pop(st)
            st.supply += 1
            ctx.say(f"{who(seat)} has no room for the cube: it goes back to the supply.", seat)
            return True
        return False
    if top == "card" and not st.market:
        pop(st)
        return True
    if top == "push":
        frame = st.stack.frames[-1]
        if not M.push_destinations(st, frame["c"]):
            pop(st)
            ctx.say(f"{cname(st, frame['c'])} has nowhere to go and stays.")
            return True
        return False
    return False


_FINISHED: Final = object()


def settle(st: SahwariState, ctx: Ctx) -> Decision | None:
    while True:
        frames = st.stack.frames
        top = frames[-1].kind if frames else st.step
        if top in WINDOWS:
            seat = st.seat
            if not may_act(st, seat):
                after_window(st, ctx)  # "done", the only option
                continue
            opts = window_actions(st, seat)
            if not opts:
                after_window(st, ctx)
                continue
            opts.append("done")
            st._dec = Decision(seat, "abilities", WINDOW_PROMPTS[seat], tuple(opts))
            return st._dec
        if top in MAYBE_AUTOMATIC and automatic(st, ctx, top):
            continue
        if top == "over":
            st._dec = _FINISHED
            return None
        dec = decide(st, top)
        if not dec.actions and top == "guild":
            st.step = "end"  # neither guild camel can move: step 3 is skipped
            continue
        if len(dec.actions) == 1:
            HANDLERS[top](st, ctx, dec.seat, dec.actions[0])
            continue
        st._dec = dec
        return dec
