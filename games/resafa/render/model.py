"""Reading a Resafa view: seats, colours and the small lookups every picture shares.

Every picture reads the view only through what the view lists; a key a view lacks draws as
empty rather than failing, so an old saved view still renders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.resafa.render import colours
from renderers.kit import palette as pal
from renderers.kit.palette import RGB

View = Mapping[str, Any]
COLOUR_CODES = ("Y", "W", "B", "P")
COLOUR_NAMES = {"Y": "Yellow", "W": "White", "B": "Blue", "P": "Pink"}
COLOUR_FILL: dict[str, RGB] = {
    "Y": colours.YELLOW, "W": colours.WHITE, "B": colours.BLUE, "P": colours.PINK,
}
ROMAN = {1: "I", 2: "II", 3: "III"}
ROUNDS = 6
RAIN_AFTER = (2, 4, 6)


def mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def items(value: Any) -> list[Mapping[str, Any]]:
    """The mappings in a list (anything else in it, or a missing list, gives nothing)."""
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def number(value: Any, default: int = 0) -> int:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else default


def players(view: View) -> list[Mapping[str, Any]]:
    return items(view.get("players"))


def player_of(view: View, seat: int | None) -> Mapping[str, Any] | None:
    return next((p for p in players(view) if p.get("seat") == seat), None)


def seat_label(view: View, seat: int) -> str:
    player = player_of(view, seat)
    return str(player["label"]) if player and player.get("label") else f"Seat {seat + 1}"


def seat_colours(view: View, seat: int) -> tuple[RGB, RGB, RGB]:
    """(fill, outline, ink) of a seat: Resafa's own seat colours by label, else the kit's."""
    style = colours.SEAT_STYLES.get(seat_label(view, seat))
    return style if style is not None else pal.seat_style(seat_label(view, seat), seat)


def gain(value: Any) -> str:
    """A gain as the view writes it compactly ("2C+1VP"), or "" for none."""
    if isinstance(value, Mapping):
        text = str(value.get("text") or "")
        return "" if text == "nothing" else text
    return str(value or "")


def gain_words(value: Any) -> str:
    """A gain in words ("2 coins, 1 VP"), or "" for none."""
    if isinstance(value, Mapping):
        words = str(value.get("words") or value.get("text") or "")
        return "" if words == "nothing" else words
    return str(value or "")


def decision_of(view: View) -> Mapping[str, Any] | None:
    decision = view.get("decision")
    return decision if isinstance(decision, Mapping) else None


def colour_fill(code: Any) -> RGB:
    return COLOUR_FILL.get(str(code), pal.EMPTY_CELL)


def colour_ink(code: Any) -> RGB:
    return colours.COLOUR_INK.get(str(code), pal.INK_LIGHT)


def cost_text(cost: Any) -> str:
    """A cost such as 1 coin and 2 stone as "1C 2S" ("free" when nothing)."""
    return gain(cost).replace("+", " ") or "free"


def short(text: Any) -> str:
    """An effect text without its final full stop, arrows written as arrows."""
    return str(text or "").strip().rstrip(".").replace("->", "→")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def labels(view: View, seats: Sequence[Any]) -> list[str]:
    return [seat_label(view, s) for s in seats if isinstance(s, int)]
