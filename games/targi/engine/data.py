"""Targi component tables (rules spec sections 3-6), kept apart from the rules code.

Values marked UNCERTAIN come from a single unofficial source; effects marked STAND-IN were
invented for the spec and are not from the published game. Both can be replaced here without
touching the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

# Resource indices used throughout the engine.
D, S, P, G = 0, 1, 2, 3
GOODS_LETTERS = "DSP"
RES_NAMES = ("date", "salt", "pepper", "gold")
RES_PLURALS = ("dates", "salt", "pepper", "gold")

SEAT_LABELS = ("Blue", "White")

# ---- board geometry (section 3) -----------------------------------------------------------

CORNERS = frozenset({4, 8, 12, 16})
RAID_OF_CORNER = {4: 1, 8: 2, 12: 3, 16: 4}
PLACEABLE = (1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15)
# The robber walks the border one card a round; after the twelfth round it reaches the last
# raid, which ends the game: that raid belongs to no round of its own.
LAST_ROUND = 12

_OPP = {1: 11, 2: 10, 3: 9, 5: 15, 6: 14, 7: 13}
OPPOSITE: dict[int, int] = {**_OPP, **{v: k for k, v in _OPP.items()}}

# Line each placeable border card defines: ("col", c) or ("row", r), central index 1..3.
LINE: dict[int, tuple[str, int]] = {
    1: ("col", 1), 2: ("col", 2), 3: ("col", 3),
    11: ("col", 1), 10: ("col", 2), 9: ("col", 3),
    15: ("row", 1), 14: ("row", 2), 13: ("row", 3),
    5: ("row", 1), 6: ("row", 2), 7: ("row", 3),
}  # fmt: skip

CELLS = ("C11", "C12", "C13", "C21", "C22", "C23", "C31", "C32", "C33")
CELL_INDEX = {c: i for i, c in enumerate(CELLS)}
# Setup pattern (section 7 step 3): "G" goods card, "T" tribe card.
CENTRE_PATTERN = ("G", "T", "G", "T", "G", "T", "G", "T", "G")

# ---- border cards (section 4) --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BorderCard:
    number: int
    name: str
    kind: str  # "action" | "goods" | "raid"
    text: str
    good: int | None = None  # goods border cards: which good they give


BORDER: dict[int, BorderCard] = {
    1: BorderCard(1, "Noble", "action", "Play or discard the hand card held since round start"),
    2: BorderCard(2, "Dates", "goods", "Take 1 date", D),
    3: BorderCard(3, "Salt", "goods", "Take 1 salt", S),
    4: BorderCard(4, "Raid 1", "raid", "Raid: 1 good or 1 VP"),
    5: BorderCard(5, "Trader", "action", "3 goods of a kind -> 1 gold; 2 of a kind -> 1 other"),
    6: BorderCard(6, "Pepper", "goods", "Take 1 pepper", P),
    7: BorderCard(7, "Dates", "goods", "Take 1 date", D),
    8: BorderCard(8, "Raid 2", "raid", "Raid: 2 goods or 1 VP"),
    9: BorderCard(9, "Fata Morgana", "action", "Move one of your tribe markers"),
    10: BorderCard(10, "Silversmith", "action", "2 goods->1VP, 4 goods->3VP, 1 gold->2VP, 2->4"),
    11: BorderCard(11, "Pepper", "goods", "Take 1 pepper", P),
    12: BorderCard(12, "Raid 3", "raid", "Raid: 3 goods or 2 VP"),
    13: BorderCard(13, "Caravan", "action", "Reveal a goods card and take it"),
    14: BorderCard(14, "Tribal Expansion", "action", "Reveal a tribe card: play, hand or discard"),
    15: BorderCard(15, "Salt", "goods", "Take 1 salt", S),
    16: BorderCard(16, "Raid 4", "raid", "Raid: 1 gold or 3 VP; then the game ends"),
}
# UNCERTAIN: which good sits on which goods border card (spec section 16 item 4).

# Raids (section 4): option A amount (goods count, or gold for raid 4) and option B VP.
RAID_GOODS = {1: 1, 2: 2, 3: 3, 4: 0}
RAID_GOLD = {1: 0, 2: 0, 3: 0, 4: 1}
RAID_VP = {1: 1, 2: 1, 3: 2, 4: 3}

# ---- goods cards (section 5) ---------------------------------------------------------------

# UNCERTAIN: distribution from one unofficial source; two-kind cards give both goods.


@dataclass(frozen=True, slots=True)
class GoodsCard:
    id: str
    gives: tuple[int, int, int, int]  # dates, salt, pepper, gold
    vp: int = 0
    choice: bool = False  # GX: one good of the user's choice


def _g(cid: str, d: int = 0, s: int = 0, p: int = 0, g: int = 0, vp: int = 0,
       choice: bool = False) -> GoodsCard:  # fmt: skip
    return GoodsCard(cid, (d, s, p, g), vp, choice)


GOODS_CARDS: dict[str, GoodsCard] = {
    c.id: c
    for c in (
        _g("GD1", d=1), _g("GD2", d=1), _g("GS1", s=1), _g("GS2", s=1),
        _g("GP1", p=1), _g("GP2", p=1), _g("GDD", d=2), _g("GSS", s=2), _g("GPP", p=2),
        _g("GPS", s=1, p=1), _g("GDP", d=1, p=1), _g("GSD", d=1, s=1),
        _g("GX1", choice=True), _g("GX2", choice=True), _g("GX3", choice=True),
        _g("GAU1", g=1), _g("GAU2", g=1), _g("GAU3", g=1), _g("GVP", vp=1),
    )
}  # fmt: skip
GOODS_IDS: tuple[str, ...] = tuple(GOODS_CARDS)


def goods_text(card: GoodsCard) -> str:
    if card.choice:
        return "1 date / salt / pepper"
    if card.vp:
        return f"{card.vp} VP"
    return amounts_text(card.gives)


# ---- tribe cards (section 6) ---------------------------------------------------------------

SYMBOLS = ("OASIS", "CAMEL", "WELL", "TENT", "TARGIA")


@dataclass(frozen=True, slots=True)
class Effect:
    id: str  # e.g. "P-BORDER"
    kind: str  # "immediate" | "permanent" | "end"
    text: str
    param: str | None = None  # symbol for E-TYPE, good letter for P-BORDER
    stand_in: bool = True  # every effect in spec 6.3 is STAND-IN (not from the published game)


EFFECT_TEXT = {
    "I-GOODS2": ("immediate", "Take 2 goods of your choice."),
    "I-GOLD": ("immediate", "Take 1 gold."),
    "I-SET": ("immediate", "Take 1 date, 1 salt and 1 pepper."),
    "I-VP2": ("immediate", "Take 2 VP tokens."),
    "P-RAID": ("permanent", "Pay nothing in later raids."),
    "P-BORDER": ("permanent", "+1 {good} each time you use a {good} border card."),
    "P-SILVER": ("permanent", "+1 VP each time you make a Silversmith exchange."),
    "P-TRADER": ("permanent", "At the Trader you may also trade 2 goods of a kind for 1 gold."),
    "P-CARAVAN": ("permanent", "At the Caravan reveal 2 goods cards and take one."),
    "P-EXPANSION": ("permanent", "At Tribal Expansion reveal 2 tribe cards and resolve one."),
    "P-DISCOUNT": ("permanent", "Omit 1 good of the cost of each tribe card you play."),
    "E-TYPE": ("end", "+1 VP per {symbol} card in your display."),
    "E-VARIETY": ("end", "+2 VP if your display holds all 5 symbols."),
    "E-ROWS": ("end", "+1 VP per full row in your display."),
    "E-GOLD": ("end", "+1 VP per gold you hold at the end."),
}


def _effect(eid: str, param: str | None = None) -> Effect:
    kind, text = EFFECT_TEXT[eid]
    if eid == "P-BORDER" and param is not None:
        text = text.format(good=RES_NAMES[GOODS_LETTERS.index(param)])
    if eid == "E-TYPE" and param is not None:
        text = text.format(symbol=param.capitalize())
    return Effect(eid, kind, text, param)


@dataclass(frozen=True, slots=True)
class TribeCard:
    id: str
    symbol: str
    costs: tuple[tuple[int, int, int, int], ...]  # slash alternatives, each (D, S, P, G)
    vp: int
    effect: Effect | None

    @property
    def cost_text(self) -> str:
        return " / ".join(cost_text(c) for c in self.costs)


def _cost(text: str) -> tuple[tuple[int, int, int, int], ...]:
    """'1D + (2P / 1G)' -> ((1,0,2,0), (1,0,0,1))."""
    fixed = [0, 0, 0, 0]
    alts: list[list[int]] = []
    if "(" in text:
        head, _, rest = text.partition("(")
        text = head
        for alt in rest.rstrip(")").split("/"):
            part = [0, 0, 0, 0]
            _add_terms(part, alt)
            alts.append(part)
    _add_terms(fixed, text)
    if not alts:
        return (tuple(fixed),)  # type: ignore[return-value]
    return tuple(tuple(f + a for f, a in zip(fixed, alt, strict=True)) for alt in alts)  # type: ignore[misc]


def _add_terms(acc: list[int], text: str) -> None:
    for term in text.replace("+", " ").split():
        n = int(term[0])
        unit = term[1:]
        acc[{"D": D, "S": S, "P": P, "G": G}[unit]] += n


# UNCERTAIN (spec 6.2): symbol/cost/VP from one unofficial source; TE6/TA6 slash position.
_TRIBE_ROWS = (
    ("OA1", "OASIS", "1P + 1G", 2, None, None),
    ("OA2", "OASIS", "1S + 1D + 1G", 3, None, None),
    ("OA3", "OASIS", "1S + 2P + 2D", 3, None, None),
    ("OA4", "OASIS", "1P + 1G", 1, "E-TYPE", "OASIS"),
    ("OA5", "OASIS", "2S + 1D", 1, "I-GOODS2", None),
    ("OA6", "OASIS", "1S + 1P + 1G", 1, "P-BORDER", "D"),
    ("OA7", "OASIS", "2S + 1P", 1, "E-VARIETY", None),
    ("OA8", "OASIS", "1D + 1P + 1G", 2, "P-SILVER", None),
    ("OA9", "OASIS", "1S + 1P + 1G", 2, "I-SET", None),
    ("CA1", "CAMEL", "1D + 1S + 1G", 3, None, None),
    ("CA2", "CAMEL", "1D + 1P + 2S", 2, None, None),
    ("CA3", "CAMEL", "1D + 2P + 2S", 3, None, None),
    ("CA4", "CAMEL", "1S + 1G", 1, "E-TYPE", "CAMEL"),
    ("CA5", "CAMEL", "1G", 1, "P-RAID", None),
    ("CA6", "CAMEL", "2S + 2D + 1P", 2, "I-GOODS2", None),
    ("CA7", "CAMEL", "1G", 1, "P-RAID", None),
    ("CA8", "CAMEL", "2P + 1G", 2, "P-CARAVAN", None),
    ("CA9", "CAMEL", "2D + 1S", 1, "I-GOLD", None),
    ("WE1", "WELL", "1S + 1D + 1G", 3, None, None),
    ("WE2", "WELL", "1S + 1P + 2D", 2, None, None),
    ("WE3", "WELL", "1S + 2P + 2D", 3, None, None),
    ("WE4", "WELL", "1S + 1G", 1, "E-TYPE", "WELL"),
    ("WE5", "WELL", "2S + 1D", 1, "P-BORDER", "S"),
    ("WE6", "WELL", "1D + 1G", 1, "I-GOLD", None),
    ("WE7", "WELL", "2S + 1D + 1P", 2, "P-SILVER", None),
    ("WE8", "WELL", "1P + 1S + 1G", 2, "P-TRADER", None),
    ("WE9", "WELL", "1D + 1G", 1, "I-GOODS2", None),
    ("TE1", "TENT", "1P + 1G", 2, None, None),
    ("TE2", "TENT", "1P + 1D + 1G", 3, None, None),
    ("TE3", "TENT", "1P + 2D + 2S", 3, None, None),
    ("TE4", "TENT", "1D + 1G", 1, "E-TYPE", "TENT"),
    ("TE5", "TENT", "1P + 1D", 1, "P-BORDER", "P"),
    ("TE6", "TENT", "1D + (2P / 1G)", 1, "I-GOODS2", None),
    ("TE7", "TENT", "1D + 1G", 2, "E-ROWS", None),
    ("TE8", "TENT", "1D + 1G", 1, "I-VP2", None),
    ("TE9", "TENT", "1S + 1D + 2P", 2, "P-DISCOUNT", None),
    ("TA1", "TARGIA", "1D + 1P + 1G", 3, None, None),
    ("TA2", "TARGIA", "1D + 1S + 2P", 2, None, None),
    ("TA3", "TARGIA", "1D + 2S + 2P", 3, None, None),
    ("TA4", "TARGIA", "1P + 1G", 1, "E-TYPE", "TARGIA"),
    ("TA5", "TARGIA", "2P + 1G", 1, "E-GOLD", None),
    ("TA6", "TARGIA", "1D + (2S / 1G)", 1, "I-VP2", None),
    ("TA7", "TARGIA", "1D + 1G", 1, "I-VP2", None),
    ("TA8", "TARGIA", "2D + 1G", 2, "P-EXPANSION", None),
    ("TA9", "TARGIA", "1S + 1D + 2P", 3, "P-SILVER", None),
)

TRIBE_CARDS: dict[str, TribeCard] = {
    cid: TribeCard(cid, sym, _cost(cost), vp, _effect(eff, par) if eff else None)
    for cid, sym, cost, vp, eff, par in _TRIBE_ROWS
}
TRIBE_IDS: tuple[str, ...] = tuple(TRIBE_CARDS)


def amounts_text(amounts: tuple[int, ...] | list[int]) -> str:
    parts = []
    for i, n in enumerate(amounts[:4]):
        if n:
            parts.append(f"{n} {RES_PLURALS[i] if n > 1 else RES_NAMES[i]}")
    return " + ".join(parts) if parts else "nothing"


def cost_text(cost: tuple[int, ...]) -> str:
    units = ("D", "S", "P", "G")
    parts = [f"{n}{units[i]}" for i, n in enumerate(cost) if n]
    return " + ".join(parts) if parts else "free"


def card_name(cid: str) -> str:
    t = TRIBE_CARDS.get(cid)
    if t is not None:
        return f"{t.symbol.capitalize()} {cid}"
    return cid


def check_tables() -> None:
    """Counts stated in the spec (audit note 2); raises if the tables drift."""
    assert len(BORDER) == 16 and len(PLACEABLE) == 12
    assert len(GOODS_CARDS) == 19
    assert len(TRIBE_CARDS) == 45
    for sym in SYMBOLS:
        assert sum(1 for t in TRIBE_CARDS.values() if t.symbol == sym) == 9
    assert sum(t.vp for t in TRIBE_CARDS.values()) == 81
    assert sum(1 for t in TRIBE_CARDS.values() if t.effect is None) == 15
