"""How a decision's options become components: a few short ones as buttons, else select menus.

Discord allows 5 rows per message, 5 buttons per row or one select per row, and 25 options per
select, so at most 125 options fit; a decision is cut small enough by the engines that this is
never reached in practice, and anything beyond is still reachable with ``/play``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MAX_BUTTONS = 10  # two rows; more and a menu reads better
SHORT_LABEL = 32
OPTIONS_PER_SELECT = 25
MAX_SELECTS = 5
BUTTON_LABEL_LIMIT = 80
OPTION_TEXT_LIMIT = 100


@dataclass(frozen=True, slots=True)
class Choice:
    index: int  # position in the decision's action list
    label: str
    notation: str


@dataclass(frozen=True, slots=True)
class Layout:
    buttons: tuple[Choice, ...] = ()
    menus: tuple[tuple[Choice, ...], ...] = ()  # one tuple of ≤ 25 choices per select

    @property
    def shown(self) -> int:
        return len(self.buttons) + sum(len(m) for m in self.menus)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def layout(actions: Sequence[str], labels: Sequence[str]) -> Layout:
    choices = [
        Choice(i, label, action)
        for i, (action, label) in enumerate(zip(actions, labels, strict=True))
    ]
    if len(choices) <= MAX_BUTTONS and all(len(c.label) <= SHORT_LABEL for c in choices):
        return Layout(buttons=tuple(choices))
    menus = tuple(
        tuple(choices[start : start + OPTIONS_PER_SELECT])
        for start in range(0, len(choices), OPTIONS_PER_SELECT)
    )
    return Layout(menus=menus[:MAX_SELECTS])


def menu_placeholder(menu: Sequence[Choice], part: int, parts: int) -> str:
    if parts == 1:
        return "Choose your move…"
    return clip(f"Choose ({part + 1}/{parts}): {menu[0].label} … {menu[-1].label}", 150)
