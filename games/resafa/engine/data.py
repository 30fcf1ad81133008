"""Resafa component tables (rules spec sections 3, 4, 10, 13-15), apart from the rules code.

Almost every value here is STAND-IN (not from the published game): card texts, tile contents,
the road map, prices, boxes, the merchant row, the water network, final scoring and the solo
rival. Each table says so in `STAND_IN`, which the view passes on so a player can tell. Real
values can replace these without touching the rules.

Gains are written as short strings, parsed once at import into `Gain` tuples of (item, n):
items C coin, S stone, M marble, Sp spice, A amphora, Cam camel, VP, step (a step on a track of
the player's choice), sack (a sack card).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

SEAT_LABELS = ("Ochre", "Teal", "Crimson", "Violet")
NO = -1  # no seat / empty

# Tables whose values are STAND-IN (spec §0); the view lists them so no reader mistakes them.
STAND_IN = (
    "action-card colours", "special cards", "bonus cards", "sack cards", "workshop tiles",
    "garden split", "garden track", "water network", "canal tiles", "canal bonus tiles",
    "road map", "trading tiles", "trading-base boxes", "merchant row", "rain scoring",
    "final scoring", "tie-break", "solo rival", "solo score bands", "starting supplies",
)

ROUNDS = 6
RAIN_ROUNDS = (2, 4, 6)
RESET_ROUNDS = (2, 4)
HAND_LIMIT = 5
CARDS_PER_ROUND = 3

# ---- items -----------------------------------------------------------------------------------

GOODS = ("M", "Sp", "A")  # "goods" never includes stone (spec §2.1)
WARE = ("S", "M", "Sp", "A")  # warehouse slots, in this order
WARE_INDEX = {w: i for i, w in enumerate(WARE)}
WAREHOUSE_CAP = 6
MAX_CAMELS = 4
CAPACITY_PER_CAMEL = 2  # UNCERTAIN (§15.13): only "capacity grows" is published
ITEM_NAMES = {
    "C": "coin", "S": "stone", "M": "marble", "Sp": "spice", "A": "amphora", "Cam": "camel",
    "VP": "VP", "step": "track step", "sack": "sack card",
}
ITEMS = tuple(ITEM_NAMES)

Gain = tuple[tuple[str, int], ...]


@lru_cache(maxsize=512)
def gain(text: str) -> Gain:
    """"2C+3VP" -> (("C", 2), ("VP", 3)); "" -> (); a bare item means one ("step", "sack")."""
    out: list[tuple[str, int]] = []
    for part in text.split("+"):
        part = part.strip()
        if not part:
            continue
        digits = ""
        while part and part[0].isdigit():
            digits, part = digits + part[0], part[1:]
        if part not in ITEM_NAMES:
            raise ValueError(f"unknown item in {text!r}")
        out.append((part, int(digits or 1)))
    return tuple(out)


def gain_text(g: Gain) -> str:
    """(("C", 2), ("VP", 3)) -> "2C+3VP"; the inverse of `gain`."""
    return "+".join(f"{n}{item}" if n != 1 or item in ("C", "S", "M", "Sp", "A", "VP", "Cam")
                    else item for item, n in g) or "nothing"


def gain_words(g: Gain) -> str:
    parts = []
    for item, n in g:
        name = ITEM_NAMES[item]
        if item == "step":
            parts.append("a track step" if n == 1 else f"{n} track steps")
        elif item == "sack":
            parts.append("a sack card" if n == 1 else f"{n} sack cards")
        elif item == "VP":
            parts.append(f"{n} VP")
        else:
            parts.append(f"{n} {name}" + ("s" if n != 1 and name != "VP" else ""))
    return ", ".join(parts) or "nothing"


# ---- colours, actions, action cards (spec §7, §9, §15.1) -------------------------------------

COLOURS = ("Y", "W", "B", "P")
COLOUR_NAMES = {"Y": "yellow", "W": "white", "B": "blue", "P": "pink"}
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}

ACTIONS = ("workshop", "garden", "production", "canal", "trading", "provisions")
ACTION_TITLES = {a: a.capitalize() for a in ACTIONS}

# Every player's six cards: (upper action, lower action) [PUBLISHED pairs].
START_CARDS = {
    "C1": ("workshop", "production"),
    "C2": ("garden", "trading"),
    "C3": ("canal", "provisions"),
    "C4": ("production", "trading"),
    "C5": ("workshop", "canal"),
    "C6": ("garden", "provisions"),
}
START_CARD_IDS = tuple(START_CARDS)
# STAND-IN colour sets by seat: card -> (upper colour, lower colour).
COLOUR_SETS = (
    {"C1": "YW", "C2": "BP", "C3": "WY", "C4": "BY", "C5": "PB", "C6": "WP"},  # A, seat 1
    {"C1": "WB", "C2": "PY", "C3": "BW", "C4": "PW", "C5": "YP", "C6": "BY"},  # B, seat 2
    {"C1": "BP", "C2": "YW", "C3": "PB", "C4": "YB", "C5": "WY", "C6": "PW"},  # C, seat 3
    {"C1": "PY", "C2": "WB", "C3": "YP", "C4": "WP", "C5": "BW", "C6": "YB"},  # D, seat 4
)
START_SUPPLY = {"C": 3, "S": 2}  # STAND-IN
SEAT_COMPENSATION = ("", "1C", "2C", "2C+1VP")  # STAND-IN, by seat number 1..4

# ---- special cards (spec §8, §15.2-15.5), all STAND-IN --------------------------------------

TRACK_STEPS = 9  # UNCERTAIN (§8.1): no source states the length; 3 levels of 3 steps
LEVEL_STEPS = {3: 1, 6: 2, 9: 3}  # track step -> level reached
ANY = "any"


@dataclass(frozen=True)
class YellowHalf:
    action: str  # one of ACTIONS, or ANY
    colour: str  # one of COLOURS, or ANY
    perk: str  # key into the perk table of the rules ("" = none)
    text: str


# Perk keys: +C n / +VP n (after the action), act n (+activations), toll0 first segment free,
# notolls, nostone, pay1C (1 coin less), pay2C, free (pay nothing), 2nd_garden, large_free,
# 2nd_prov.
YELLOW: dict[str, tuple[int, YellowHalf, YellowHalf]] = {
    "SY1-1": (1, YellowHalf("workshop", "W", "+1C", "afterwards +1 C"),
              YellowHalf("production", "B", "act1", "+1 activation")),
    "SY1-2": (1, YellowHalf("garden", "P", "+1VP", "+1 VP"),
              YellowHalf("trading", "Y", "toll1", "the first segment costs nothing")),
    "SY1-3": (1, YellowHalf("canal", "B", "pay1C", "pay 1 C less"),
              YellowHalf("provisions", "W", "+1C", "+1 C")),
    "SY1-4": (1, YellowHalf("production", "P", "act1", "+1 activation"),
              YellowHalf("trading", "W", "+1C", "+1 C after the trade")),
    "SY1-5": (1, YellowHalf("workshop", "B", "nostone", "pay no stone"),
              YellowHalf("canal", "Y", "+1VP", "+1 VP")),
    "SY1-6": (1, YellowHalf("garden", "W", "nostone", "pay no stone"),
              YellowHalf("provisions", "P", "+1VP", "+1 VP")),
    "SY2-1": (2, YellowHalf(ANY, ANY, "", "any action, any colour"),
              YellowHalf("production", "Y", "act1", "+1 activation")),
    "SY2-2": (2, YellowHalf(ANY, "P", "", "any action"),
              YellowHalf("garden", "W", "2nd_garden",
                         "you may place a second garden tile, paying for it")),
    "SY2-3": (2, YellowHalf(ANY, "W", "", "any action"),
              YellowHalf("trading", "B", "+2C", "+2 C")),
    "SY2-4": (2, YellowHalf(ANY, "B", "", "any action"),
              YellowHalf("workshop", "P", "free", "pay nothing")),
    "SY2-5": (2, YellowHalf(ANY, "Y", "", "any action"),
              YellowHalf("canal", "W", "+2VP", "+2 VP")),
    "SY3-1": (3, YellowHalf("production", ANY, "act2", "+2 activations"),
              YellowHalf(ANY, ANY, "+1VP", "+1 VP")),
    "SY3-2": (3, YellowHalf("trading", ANY, "notolls", "no tolls"),
              YellowHalf("workshop", ANY, "+2VP", "+2 VP")),
    "SY3-3": (3, YellowHalf("canal", ANY, "pay2C", "pay 2 C less"),
              YellowHalf("garden", ANY, "large_free", "one large garden, pay nothing")),
    "SY3-4": (3, YellowHalf("provisions", "P", "2nd_prov", "then a second Provisions"),
              YellowHalf(ANY, ANY, "", "any action, any colour")),
}

# White: one-shot effects. Keys read by the rules: gain:<gain>, goods2, extra:<action>:<mod>,
# any1, any2diff, garden:small|large(+gain), steps2.
WHITE: dict[str, tuple[int, str, str]] = {
    "SW1-1": (1, "gain:3C", "Gain 3 C."),
    "SW1-2": (1, "gain:2S", "Gain 2 S."),
    "SW1-3": (1, "extra:production:exact1", "Extra Production action with exactly 1 activation."),
    "SW1-4": (1, "garden:small", "Place one small garden at no cost."),
    "SW1-5": (1, "extra:trading:toll2", "Extra Trading action; up to 2 segments toll-free."),
    "SW1-6": (1, "goods2", "Gain 2 goods of one type (M, Sp or A)."),
    "SW2-1": (2, "any1", "Take any one main action."),
    "SW2-2": (2, "extra:workshop:free", "Extra Workshop action at no cost."),
    "SW2-3": (2, "extra:canal:less2", "Extra Canal action, paying up to 2 less."),
    "SW2-4": (2, "gain:1Cam+3C", "Gain 1 camel and 3 C."),
    "SW2-5": (2, "steps2", "2 steps on one track of your choice."),
    "SW3-1": (3, "any2diff", "Take two different main actions, one after the other."),
    "SW3-2": (3, "extra:production:exact3", "Extra Production action with 3 activations."),
    "SW3-3": (3, "gain:6C", "Gain 6 C."),
    "SW3-4": (3, "garden:large:3VP", "Place one large garden at no cost, and gain 3 VP."),
}

BLUE: dict[str, tuple[int, str]] = {
    "SB1-1": (1, "Workshop construction costs you no coin."),
    "SB1-2": (1, "Whenever you complete a garden square: +1 C."),
    "SB1-3": (1, "Caravan capacity +2."),
    "SB1-4": (1, "In each Trading action, the first segment is toll-free."),
    "SB1-5": (1, "Whenever you place a canal or tank tile: +1 VP."),
    "SB1-6": (1, "+1 C whenever a colour action or Provisions takes a bonus card."),
    "SB2-1": (2, "Every Production action: +1 activation."),
    "SB2-2": (2, "Each Trading action in which you sell: +1 C."),
    "SB2-3": (2, "Canal and tank tiles cost you 1 C less."),
    "SB2-4": (2, "A trading base costs you only 1 C (no stone)."),
    "SB2-5": (2, "Each Rain phase: +1 VP per cube whose flow passes your tiles."),
    "SB3-1": (3, "Whenever you complete a garden square: +2 VP."),
    "SB3-2": (3, "Whenever you sell: +1 VP per item sold."),
    "SB3-3": (3, "In each Production action, one room produces twice."),
    "SB3-4": (3, "Each Rain phase: +3 VP for each tank you own."),
}

PINK: dict[str, tuple[int, str]] = {
    "SP1-1": (1, "1 VP per complete garden square."),
    "SP1-2": (1, "2 VP per trading base."),
    "SP1-3": (1, "1 VP per owned canal or tank tile."),
    "SP1-4": (1, "1 VP per 2 goods in warehouse and caravan."),
    "SP1-5": (1, "1 VP per workshop."),
    "SP1-6": (1, "2 VP per camel beyond the first."),
    "SP2-1": (2, "3 VP per Level II workshop."),
    "SP2-2": (2, "2 VP per merchant token."),
    "SP2-3": (2, "1 VP per 3 coins."),
    "SP2-4": (2, "2 VP per special card you have gained."),
    "SP2-5": (2, "4 VP per owned tank plus 1 VP per owned canal tile."),
    "SP3-1": (3, "3 VP per trading base."),
    "SP3-2": (3, "2 VP per complete garden square."),
    "SP3-3": (3, "2 VP per workshop."),
    "SP3-4": (3, "3 VP per track on which your marker is at step 6 or higher."),
}
PINK_EARLY = {1: "2C+3VP", 2: "2C+3VP", 3: "1C+1VP", 4: "1C+1VP", 5: "", 6: ""}
FACE_UP_REWARD = "1VP+1C"


def special_level(card: str) -> int:
    return int(card[2])


def special_colour(card: str) -> str:
    return card[1]


SPECIAL_IDS = (*YELLOW, *WHITE, *BLUE, *PINK)
SPECIAL_DECKS = {
    (c, lv): tuple(k for k in SPECIAL_IDS if k[1] == c and int(k[2]) == lv)
    for c in COLOURS for lv in (1, 2, 3)
}


def special_text(card: str) -> str:
    if card in YELLOW:
        _, up, low = YELLOW[card]
        return f"Action card. Upper: {half_text(up)}. Lower: {half_text(low)}."
    if card in WHITE:
        return WHITE[card][2]
    if card in BLUE:
        return BLUE[card][1]
    return PINK[card][1]


def half_text(h: YellowHalf) -> str:
    action = "any action" if h.action == ANY else ACTION_TITLES[h.action]
    colour = "any colour" if h.colour == ANY else COLOUR_NAMES[h.colour]
    perk = f"; {h.text}" if h.perk else ""
    return f"{action} ({colour}){perk}"


# ---- bonus and sack cards (spec §15.6, §15.7), STAND-IN -------------------------------------

# Effect keys read by the rules:
#   gain:<gain>            a flat gain
#   during:<action>:<mod>  a modifier of one main action of that type in progress
#   act1                   activate one room (may repeat a workshop)
#   camels                 (reserved)
#   base1C                 BY10: found a base where the caravan stands, paying 1 C
#   swap2                  BY12: swap goods up to twice
#   garden:small           BW05: place one small garden at no cost
#   ws4:<n>/<m>            BW12: m VP with 4+ workshops, else n
#   extra:canal:full       BB05
#   cube                   BB06: move a water cube
#   cubes                  BB08: 1 VP per active cube (max 3)
#   step:B                 BB09
#   sq2:<n>/<m>            BP02: m VP with 2+ squares, else n
#   bases                  BP05: 1 VP per base (max 4)
BONUS: dict[str, tuple[str, str]] = {
    "BY01": ("gain:2C", "Gain 2 C."),
    "BY02": ("gain:3C", "Gain 3 C."),
    "BY03": ("during:trading:notolls", "(during Trading) Pay no tolls."),
    "BY04": ("during:trading:sale1C", "(during Trading) +1 C per item sold."),
    "BY05": ("gain:1Cam", "Gain 1 camel."),
    "BY06": ("gain:1M+1C", "Gain 1 M and 1 C."),
    "BY07": ("gain:1Sp+1C", "Gain 1 Sp and 1 C."),
    "BY08": ("gain:1A+1C", "Gain 1 A and 1 C."),
    "BY09": ("during:trading:both", "(during Trading) Sell one type, then buy one type."),
    "BY10": ("base1C", "Found a base where your caravan stands, paying only 1 C."),
    "BY11": ("gain:2C+1VP", "Gain 2 C and 1 VP."),
    "BY12": ("swap2", "Swap 1 good for 1 good of another type (up to twice)."),
    "BW01": ("gain:1S", "Gain 1 S."),
    "BW02": ("gain:2S", "Gain 2 S."),
    "BW03": ("during:workshop:nocoin", "(during Workshop) Pay no coin."),
    "BW04": ("during:workshop:2VP", "(during Workshop) +2 VP."),
    "BW05": ("garden:small", "Place one small garden at no cost."),
    "BW06": ("during:garden:extra_small", "(during Garden) Place one extra small garden, 1 S."),
    "BW07": ("gain:1S+1C", "Gain 1 S and 1 C."),
    "BW08": ("during:production:act1", "(during Production) +1 activation."),
    "BW09": ("act1", "Activate one room on any of your workshops."),
    "BW10": ("gain:1S+1VP", "Gain 1 S and 1 VP."),
    "BW11": ("during:workshop:nostone", "(during Workshop) Pay no stone."),
    "BW12": ("ws4:1/2", "Gain 2 VP with at least 4 workshops, otherwise 1 VP."),
    "BB01": ("during:canal:less1C", "(during Canal) Pay 1 C less."),
    "BB02": ("during:canal:less1S", "(during Canal) Pay 1 S less."),
    "BB03": ("during:canal:2VP", "(during Canal) +2 VP."),
    "BB04": ("gain:1C+1S", "Gain 1 C and 1 S."),
    "BB05": ("extra:canal:full", "Extra Canal action, paying full cost."),
    "BB06": ("cube", "Move a water cube to a next tile with no cube; it is active."),
    "BB07": ("gain:2VP", "Gain 2 VP."),
    "BB08": ("cubes", "Gain 1 VP per active cube on the network (max 3)."),
    "BB09": ("step:B", "1 step on the blue track."),
    "BB10": ("during:canal:reward2", "(during Canal) Gain the space reward twice."),
    "BB11": ("gain:2C", "Gain 2 C."),
    "BB12": ("gain:1S+1VP", "Gain 1 S and 1 VP."),
    "BP01": ("gain:2VP", "Gain 2 VP."),
    "BP02": ("sq2:1/3", "Gain 3 VP with 2+ complete garden squares, otherwise 1 VP."),
    "BP03": ("during:production:act1", "(during Production) +1 activation."),
    "BP04": ("act1", "Activate one room on any of your workshops."),
    "BP05": ("bases", "Gain 1 VP per trading base you have (max 4)."),
    "BP06": ("gain:step", "1 step on any track."),
    "BP07": ("gain:sack+1VP", "Gain 1 sack card and 1 VP."),
    "BP08": ("gain:1Sp", "Gain 1 Sp."),
    "BP09": ("gain:1A", "Gain 1 A."),
    "BP10": ("gain:1M+1VP", "Gain 1 M and 1 VP."),
    "BP11": ("during:garden:largenocoin", "(during Garden) A large garden costs no coin."),
    "BP12": ("gain:1VP+1C", "Gain 1 VP and 1 C."),
}
BONUS_DECKS = {c: tuple(k for k in BONUS if k[1] == c) for c in COLOURS}


def _sack() -> dict[str, tuple[str, str]]:
    spec = (
        (4, "gain:1C", "Gain 1 C."),
        (3, "gain:1S", "Gain 1 S."),
        (2, "gain:1M", "Gain 1 M."),
        (2, "gain:1Sp", "Gain 1 Sp."),
        (2, "gain:1A", "Gain 1 A."),
        (1, "gain:1Cam", "Gain 1 camel."),
        (2, "during:trading:toll1", "(during Trading) One segment is toll-free."),
        (2, "during:wsgarden:less1C", "(during Workshop or Garden) Pay 1 C less."),
        (1, "gain:step", "1 step on any track."),
        (1, "gain:1VP+1C", "Gain 1 VP and 1 C."),
    )
    out, n = {}, 0
    for copies, effect, text in spec:
        for _ in range(copies):
            n += 1
            out[f"SK{n:02d}"] = (effect, text)
    return out


SACK = _sack()
SACK_DISCARD_VP = 1

# Free actions that grant a main action, place a garden, found a base or move a cube may start
# only between actions (spec §6.3 points a and b).
BETWEEN_ONLY = frozenset({
    "SW1-3", "SW1-4", "SW1-5", "SW2-1", "SW2-2", "SW2-3", "SW3-1", "SW3-2", "SW3-4",
    "BW05", "BB05", "BB06", "BY10",
})


def card_effect(card: str) -> str:
    if card in BONUS:
        return BONUS[card][0]
    if card in SACK:
        return SACK[card][0]
    return WHITE[card][1]


# The whole effect of each card whose table text above is abridged for menus and the log, in
# the words of spec §15 (where the engine's reading is wider, as SB2-3 on tanks, it says so).
FULL_TEXT = {
    "BY09": "(during Trading) At the destination you may sell one type and then buy one type, "
            "both from the tile side that was face up when you arrived; each offer's golden "
            "bonus once; flip the tile once, after both.",
    "BY10": "Found a trading base in the trading city where your caravan now stands, paying "
            "only 1 C, without moving (normal \"one base per city\" rule; not possible in "
            "Resafa).",
    "BY12": "Swap 1 good of one type for 1 good of another type in your warehouse (up to "
            "twice). Goods are M, Sp and A; stone cannot be swapped.",
    "BW06": "(during Garden) Place one extra small garden, paying 1 S.",
    "BW08": "(during Production) +1 activation (different workshop).",
    "BW09": "Activate one room on any of your workshops; it may be one already activated this "
            "turn.",
    "BW12": "Gain 2 VP if you own at least 4 workshops, otherwise 1 VP.",
    "BB06": "Move one water cube from its tile to an orthogonally adjacent space that holds a "
            "tile (canal, tank or neutral) and no cube; the cube becomes active.",
    "BP02": "Gain 3 VP if you have at least 2 complete garden squares, otherwise 1 VP.",
    "BP03": "(during Production) +1 activation (different workshop).",
    "BP04": "Activate one room on any of your workshops; it may be one already activated this "
            "turn.",
    "SW1-4": "Place one small garden at no cost (normal placement rules).",
    "SW1-5": "Extra Trading action; up to 2 segments travelled are toll-free.",
    "SW2-3": "Extra Canal action, paying up to 2 less (coins and/or stone).",
    "SB1-1": "Workshop construction costs you no coin (1 S only).",
    "SB1-3": "Caravan capacity +2 (this is not a camel).",
    "SB1-4": "In each Trading action, the first segment travelled is toll-free.",
    "SB1-6": "Whenever you take a bonus card through a colour action or Provisions: +1 C.",
    "SB2-1": "Every Production action you take: +1 activation (different workshop).",
    "SB2-2": "Each Trading action in which you sell: +1 C (once).",
    "SB2-3": "Canal and tank tiles cost you 1 C less (the coin part cannot drop below 0).",
    "SB2-5": "Each Rain phase: +1 VP for every cube whose path includes at least one of your "
             "tiles.",
    "SB3-3": "In each Production action, one chosen room produces twice; a conversion room "
             "needs its input paid twice.",
    "SB3-4": "Each Rain phase: +3 VP for each tank you own, even if it receives no water.",
    "SP1-4": "1 VP per 2 goods (M, Sp, A together) in warehouse plus caravan.",
    "SP1-5": "1 VP per workshop (starting ones included).",
    "SP2-2": "2 VP per merchant token (square or scarab).",
    "SP2-3": "1 VP per 3 coins (on top of normal coin scoring).",
    "SP2-4": "2 VP per special card you have gained, this one included (used white cards and "
             "yellow cards count).",
    "SP3-4": "3 VP per track (of the four) on which your marker is at step 6 or higher.",
}


def card_text(card: str) -> str:
    """A card's whole effect (the view's card text)."""
    return FULL_TEXT.get(card) or card_short(card)


def card_short(card: str) -> str:
    """A card's effect in the fewest words that keep it whole enough for a menu or the log."""
    if card in BONUS:
        return BONUS[card][1]
    if card in SACK:
        return SACK[card][1]
    if card in START_CARDS:
        up, low = START_CARDS[card]
        return f"{ACTION_TITLES[up]} / {ACTION_TITLES[low]}"
    return special_text(card)


# ---- workshop area (spec §9.1, §15.8) --------------------------------------------------------

GRID = 8
CELLS = GRID * GRID
EDGES = ("N", "E", "S", "W")
EDGE_DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
START_CELLS = ((3, 3), (4, 4))  # STA, STB


def cell(c: int, r: int) -> int:
    return r * GRID + c


def cell_cr(i: int) -> tuple[int, int]:
    return i % GRID, i // GRID


def cell_name(i: int) -> str:
    """Cell (c, r) as a chess-like name: column letter a-h, row number 1-8 (r + 1)."""
    c, r = cell_cr(i)
    return f"{'abcdefgh'[c]}{r + 1}"


def is_workshop_cell(i: int) -> bool:
    c, r = cell_cr(i)
    return (c + r) % 2 == 0


def _edge_neighbour(i: int, edge: str) -> int:
    c, r = cell_cr(i)
    dc, dr = EDGE_DELTA[edge]
    c, r = c + dc, r + dr
    return cell(c, r) if 0 <= c < GRID and 0 <= r < GRID else NO


NEIGHBOUR = tuple(tuple(_edge_neighbour(i, e) for e in EDGES) for i in range(CELLS))
DIAGONAL = tuple(
    tuple(
        cell(c + dc, r + dr)
        for dc, dr in ((-1, -1), (1, -1), (-1, 1), (1, 1))
        if 0 <= c + dc < GRID and 0 <= r + dr < GRID
    )
    for c, r in (cell_cr(i) for i in range(CELLS))
)
ROTATIONS = (0, 90, 180, 270)


@dataclass(frozen=True)
class Room:
    cost: Gain  # paid from the warehouse (a conversion), () for a plain room
    out: Gain

    @property
    def text(self) -> str:
        return (f"{gain_text(self.cost)}→" if self.cost else "") + gain_text(self.out)


def room(text: str) -> Room:
    if "→" in text:
        cost, out = text.split("→")
        return Room(gain(cost), gain(out))
    return Room((), gain(text))


@dataclass(frozen=True)
class Workshop:
    id: str
    level: int  # 0 starting, 1, 2
    front: tuple[Room, ...]
    icons: tuple[tuple[str, Gain], ...]  # (edge at 0°, reward) on the front
    back: tuple[Room, ...]  # every back side carries the extra-production symbol
    end_vp: int
    immediate: Gain = ()


def _ws(
    id_: str, level: int, front: str, icons: str, back: str, vp: int, imm: str = ""
) -> Workshop:
    return Workshop(
        id_, level, tuple(room(r) for r in front.split("|")),
        tuple((e.split(":")[0], gain(e.split(":")[1])) for e in icons.split(",") if e),
        tuple(room(r) for r in back.split("|")), vp, gain(imm),
    )


WORKSHOPS: dict[str, Workshop] = {w.id: w for w in (
    _ws("STA", 0, "1S|2C", "E:1C,S:1VP", "1S", 0),
    _ws("STB", 0, "1M|1Sp", "N:1VP,W:1S", "1A", 0),
    _ws("W1-01", 1, "2S|1M", "E:1C", "1S", 1),
    _ws("W1-02", 1, "1Sp|2C", "N:1VP,S:1S", "1Sp", 1),
    _ws("W1-03", 1, "1A|1S", "W:step", "2C", 1),
    _ws("W1-04", 1, "1Cam|1C", "E:1VP", "1M", 1),
    _ws("W1-05", 1, "1M|1Sp", "N:1C,W:1VP", "1S", 1),
    _ws("W1-06", 1, "2VP|1S", "S:sack", "1A", 1),
    _ws("W1-07", 1, "1S→1A+1VP|2C", "E:1S", "1C+1VP", 1),
    _ws("W1-08", 1, "1A|1M", "N:2VP", "1S", 1),
    _ws("W1-09", 1, "3C|1Sp", "W:1C", "2C", 1),
    _ws("W1-10", 1, "1Cam|1S", "S:1C,E:1VP", "1Sp", 1),
    _ws("W1-11", 1, "1M→3C|1S", "N:step", "1M", 1),
    _ws("W1-12", 1, "1Sp|1A", "E:1C", "2C", 1),
    _ws("W1-13", 1, "2S|2VP", "W:1Sp", "1A", 1),
    _ws("W1-14", 1, "1C+1S|1M", "N:1Cam", "1S", 1),
    _ws("W2-01", 2, "2M|1Sp+1VP|3C", "N:2VP,E:step", "1M|2C", 2, "2VP"),
    _ws("W2-02", 2, "2A|1S→2Sp|2VP", "S:1Cam,W:1C", "1A|1S", 2, "1Cam"),
    _ws("W2-03", 2, "3VP|2S|1M+1Sp", "E:2VP,W:1S", "2VP|1Sp", 2, "3C"),
    _ws("W2-04", 2, "1Sp→3VP|2Sp|1Cam", "N:sack,S:2C", "1Sp|1C", 2, "step"),
    _ws("W2-05", 2, "1A+1M|4C|2S", "N:1VP,E:1VP", "2C|1S", 2, "2S"),
    _ws("W2-06", 2, "2M|2A|1VP+1C", "W:2VP,S:step", "1M|1A", 2, "sack+1C"),
    _ws("W2-07", 2, "1A→2VP+2C|2Sp|1S+1C", "E:1Cam,N:1C", "1VP|1Sp", 2, "2VP"),
    _ws("W2-08", 2, "3C|2VP|1Cam", "S:2VP,W:step", "2C|1VP", 2, "1A+1Sp"),
    _ws("W2-09", 2, "2S|1M+1A|2VP", "N:1S,E:2C", "1S|1M", 2, "1Cam"),
    _ws("W2-10", 2, "1M→4C+1VP|2Sp|1A", "S:1VP,W:sack", "1Sp|2C", 2, "3C"),
    _ws("W2-11", 2, "4VP|1Cam|2M", "N:1VP,E:1Sp", "2VP|1M", 2, "step"),
    _ws("W2-12", 2, "2A|3C|1S+1Sp", "W:2VP,S:1C", "1A|1C+1S", 2, "2VP"),
)}
LEVEL1 = tuple(k for k, w in WORKSHOPS.items() if w.level == 1)
LEVEL2 = tuple(k for k, w in WORKSHOPS.items() if w.level == 2)
WORKSHOP_COST = "1C+1S"
LEVEL2_ROUND = 3
LEVEL2_TOKENS = 2
OFFER_SLOTS = 3


def icon_edge(edge: str, rotation: int) -> str:
    """Where an icon printed on ``edge`` at 0° faces after turning the tile clockwise."""
    return EDGES[(EDGES.index(edge) + rotation // 90) % 4]


# ---- gardens (spec §9.2, §15.9, §15.10) ------------------------------------------------------

GARDEN_UNITS = {"small": 1, "large": 2}
SQUARE_UNITS = 3
GARDEN_SUPPLY = {"small": 24, "large": 15}  # STAND-IN split of the published 39
GARDEN_COST = {"small": "1S", "large": "1C+1S"}
# UNCERTAIN (§15.10): "one colour-track step" read as a step on any track.
GARDEN_TRACK = ("step", "step+2VP", "2step+3VP", "2step+4VP")  # 1st..4th square
GARDEN_TRACK_LATER = "5VP"  # 5th and each later square
TANK_SQUARES = 2

# ---- merchant row (spec §10), STAND-IN -------------------------------------------------------

SQUARE, SCARAB = "square", "scarab"
MERCHANT_ROW = (  # (accepts squares, reward)
    (True, "1C"), (True, ""), (False, "2VP"), (True, "step"), (False, "3VP"), (True, "4VP"),
)

# ---- water network (spec §12, §15.11), STAND-IN ----------------------------------------------

NET_ROWS, NET_COLS = 4, 5
NET_SPACES = NET_ROWS * NET_COLS
TANK_ROW = 4


def space(row: int, col: int) -> int:
    """Network space (row 1-4, column 1-5) as an index 0-19."""
    return (row - 1) * NET_COLS + (col - 1)


def space_rc(i: int) -> tuple[int, int]:
    return i // NET_COLS + 1, i % NET_COLS + 1


def space_name(i: int) -> str:
    r, c = space_rc(i)
    return f"{r}{c}"


SPACE_REWARD = tuple(gain(t) for t in (
    "1C", "1S", "1VP", "1S", "1C",
    "1VP", "step", "2C", "step", "1VP",
    "1S+1C", "2VP", "sack", "2VP", "1S+1C",
    "2VP", "1Cam", "3VP", "1Cam", "2VP",
))
NET_ADJ = tuple(
    tuple(
        space(r + dr, c + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
        if 1 <= r + dr <= NET_ROWS and 1 <= c + dc <= NET_COLS
    )
    for r, c in (space_rc(i) for i in range(NET_SPACES))
)
NEUTRAL = "N"  # a neutral through-tile placed by the set-up card
SETUP_CARDS = {
    "X": (((1, 1), (1, 3), (1, 5)), ((2, 2), (3, 4), (4, 1), (4, 5))),
    "Y": (((1, 2), (1, 4), (2, 3)), ((2, 1), (3, 3), (2, 5), (4, 4))),
    "Z": (((1, 1), (1, 4), (2, 5)), ((3, 2), (2, 3), (4, 3), (3, 5))),
}


@dataclass(frozen=True)
class Canal:
    id: str
    top: bool
    bottom: bool
    cost: Gain
    end_vp: int
    kind: str  # through, head, basin, grand, tank, neutral


def _cn(n: int, openings: str, cost: str, vp: int, kind: str) -> Canal:
    return Canal(f"CN{n:02d}", "T" in openings, "B" in openings, gain(cost), vp, kind)


CANALS: dict[str, Canal] = {c.id: c for c in (
    _cn(1, "TB", "1C", 0, "through"), _cn(2, "TB", "1C", 0, "through"),
    _cn(3, "TB", "1S", 0, "through"), _cn(4, "TB", "1S", 0, "through"),
    _cn(5, "TB", "1C+1S", 1, "through"), _cn(6, "TB", "1C+1S", 1, "through"),
    _cn(7, "TB", "2C", 1, "through"), _cn(8, "TB", "2S", 1, "through"),
    _cn(9, "TB", "2C+1S", 2, "through"), _cn(10, "TB", "1C+2S", 2, "through"),
    _cn(11, "B", "1C", 0, "head"), _cn(12, "B", "1S", 0, "head"),
    _cn(13, "B", "1C+1S", 1, "head"), _cn(14, "B", "2C", 1, "head"),
    _cn(15, "T", "1C", 0, "basin"), _cn(16, "T", "1S", 0, "basin"),
    _cn(17, "T", "1C+1S", 1, "basin"), _cn(18, "T", "2S", 1, "basin"),
    _cn(19, "TB", "3C", 3, "grand"), _cn(20, "TB", "2C+2S", 3, "grand"),
    Canal("TK1", True, False, gain("2C+2S"), 4, "tank"),
    Canal("TK2", True, False, gain("2C+2S"), 4, "tank"),
    Canal(NEUTRAL, True, True, (), 0, "neutral"),
)}
CANAL_IDS = tuple(k for k in CANALS if k.startswith("CN"))
TANK_IDS = ("TK1", "TK2")
CANAL_DISPLAY = 4
CANAL_BONUS = {
    "CB1": gain("2C"), "CB2": gain("2VP"), "CB3": gain("1Cam"), "CB4": gain("step"),
    "CB5": gain("1S+1C"), "CB6": gain("sack"), "CB7": gain("1Sp"), "CB8": gain("3VP"),
}
RAIN_CANAL_VP = 1
RAIN_BASIN_VP = 1  # on top of the canal's 1
RAIN_TANK = gain("3VP+1C")
CUBE_NONE, CUBE_INACTIVE, CUBE_ACTIVE = 0, 1, 2

# ---- road map (spec §9.5, §15.12), STAND-IN --------------------------------------------------

RESAFA, GATE = "R", "G"
CITIES = ("SU", "CA", "PA", "BA", "BE", "EM")
CITY_NAMES = {
    "R": "Resafa", "G": "Gate", "SU": "Sura", "CA": "Callinicum", "PA": "Palmyra",
    "BA": "Barbalissos", "BE": "Beroea", "EM": "Emesa",
}
NODES = ("R", "G", *CITIES)
ROADS = (("R", "G"), ("G", "SU"), ("G", "CA"), ("G", "PA"), ("SU", "CA"), ("SU", "BA"),
         ("BA", "BE"), ("BE", "EM"), ("EM", "PA"))


def _distances() -> dict[str, dict[str, int]]:
    adj: dict[str, list[str]] = {n: [] for n in NODES}
    for a, b in ROADS:
        adj[a].append(b)
        adj[b].append(a)
    out = {}
    for start in NODES:
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for n in frontier:
                for m in adj[n]:
                    if m not in dist:
                        dist[m] = dist[n] + 1
                        nxt.append(m)
            frontier = nxt
        out[start] = dist
    return out


DIST = _distances()


def toll(start: str, dest: str, via_resafa: bool) -> int:
    """The toll of a move before reductions (spec §15.12 table)."""
    if not via_resafa:
        return DIST[start][dest]
    if dest == start:
        return 1  # the Resafa round trip
    # UNCERTAIN (§9.5): any other route via Resafa pays the Resafa segment once per visit.
    return DIST[start][GATE] + 1 + DIST[GATE][dest]


@dataclass(frozen=True)
class Offer:
    sell: bool  # True: the city takes this item from you; False: it sells to you
    item: str
    price: Gain  # per item: what you receive when selling, what you pay (coins) when buying
    bonus: Gain  # golden bonus, () on the plain offer


def _offer(text: str, bonus: str = "") -> Offer:
    verb, item, price = text.split()
    return Offer(verb == "sell", item, gain(price), gain(bonus))


# city -> (side A, side B), each (gold offer, plain offer)
TRADING_TILES: dict[str, tuple[tuple[Offer, Offer], tuple[Offer, Offer]]] = {
    "SU": ((_offer("sell M 3C", "2VP"), _offer("buy Sp 2C")),
           (_offer("sell A 2C+1VP", "1Cam"), _offer("buy S 1C"))),
    "CA": ((_offer("sell Sp 2VP", "step"), _offer("buy M 2C")),
           (_offer("sell S 2C", "2C"), _offer("buy A 2C"))),
    "PA": ((_offer("sell Sp 4C", "3VP"), _offer("buy A 2C")),
           (_offer("sell M 2C+1VP", "sack"), _offer("buy Sp 3C"))),
    "BA": ((_offer("sell A 3C", "2VP"), _offer("buy M 1C")),
           (_offer("sell S 1VP", "1Cam"), _offer("buy Sp 2C"))),
    "BE": ((_offer("sell M 4C", "3VP"), _offer("buy A 1C")),
           (_offer("sell Sp 3VP", "step"), _offer("buy S 1C"))),
    "EM": ((_offer("sell A 2VP", "2C"), _offer("buy M 2C")),
           (_offer("sell M 3C", "1Cam"), _offer("buy Sp 2C"))),
}
# city -> three boxes: (token, extra reward)
BOXES: dict[str, tuple[tuple[str, str], ...]] = {
    "SU": ((SQUARE, "2C"), (SCARAB, "1VP"), (SQUARE, "1Cam")),
    "CA": ((SQUARE, "step"), (SCARAB, "1C"), (SQUARE, "1S+1C")),
    "PA": ((SCARAB, "2VP"), (SQUARE, "2C"), (SCARAB, "")),
    "BA": ((SQUARE, "1M+1C"), (SCARAB, "1VP"), (SQUARE, "sack")),
    "BE": ((SCARAB, "3VP"), (SCARAB, "1Cam"), (SQUARE, "3C")),
    "EM": ((SQUARE, "1Sp+1C"), (SCARAB, "step"), (SQUARE, "2VP")),
}
BASE_COST = "1C+1S"
BOX_FREE, BOX_BLOCKED, BOX_UNUSED = -1, -2, -3  # else the seat holding it

# ---- final scoring (spec §13), STAND-IN ------------------------------------------------------

CATEGORIES = (
    "play", "scarabs", "workshops", "gardens", "canals", "tanks", "rare goods", "coins",
    "sack cards", "pink cards",
)
SCARAB_VP = 2
GARDEN_SQUARE_VP = 1
TANK_VP = 4
RARE_GOODS = ("Sp", "A")
COINS_PER_VP = 3

# ---- solo (spec §14), STAND-IN ---------------------------------------------------------------

RIVAL_CARDS = {  # id -> (bonus colour removed, city box blocked, workshop removed)
    "R01": ("Y", "SU", True), "R02": ("W", "CA", False), "R03": ("B", "PA", True),
    "R04": ("P", "BA", False), "R05": ("Y", "BE", False), "R06": ("W", "EM", True),
    "R07": ("B", "SU", False), "R08": ("P", "CA", True), "R09": ("Y", "PA", False),
    "R10": ("W", "BA", True), "R11": ("B", "BE", True), "R12": ("P", "EM", False),
}
SOLO_BANDS = ((130, "Legendary merchant"), (110, "Master merchant"), (90, "Trader"),
              (0, "Apprentice"))


def solo_band(score: int) -> str:
    return next(name for floor, name in SOLO_BANDS if score >= floor)

# Display positions of the road-map nodes (x east, y south, in map units; no rules meaning).
MAP_XY = {
    "R": (3, 0), "G": (3, 1), "SU": (1, 2), "CA": (3, 3), "PA": (5, 2),
    "BA": (0, 4), "BE": (2, 5), "EM": (5, 4),
}
