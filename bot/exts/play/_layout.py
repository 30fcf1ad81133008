"""How a decision's options become components: a few short ones as buttons, else select menus.

Discord allows 5 rows per message, 5 buttons per row or one select per row, and 25 options per
select, so at most 125 options fit; a decision is cut small enough by the engines that this is
never reached in practice, and anything beyond is still reachable with ``/play``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import Option, discovery

# Up to four rows of buttons (the fifth row holds the panel's or the board's own buttons), so
# that a kind of decision keeps one kind of control: placements or an action menu of a dozen
# options are always buttons; a decision that can offer more than twenty is a menu.
MAX_BUTTONS = 20
SHORT_LABEL = 45
OPTIONS_PER_SELECT = 25
MAX_SELECTS = 5
BUTTON_LABEL_LIMIT = 80
OPTION_TEXT_LIMIT = 100


@dataclass(frozen=True, slots=True)
class Choice:
    index: int  # position in the decision's action list
    label: str
    notation: str
    detail: str = ""  # a menu line's second line: the notation, and the cost when it has one


@dataclass(frozen=True, slots=True)
class Layout:
    buttons: tuple[Choice, ...] = ()
    menus: tuple[tuple[Choice, ...], ...] = ()  # one tuple of ≤ 25 choices per select

    @property
    def shown(self) -> int:
        return len(self.buttons) + sum(len(m) for m in self.menus)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def cost_text(targets: Mapping[str, Any]) -> str:
    """" · costs 2 gold, 1 salt" from an option's targets; empty when it names no cost."""
    cost = targets.get("cost")
    if not isinstance(cost, Mapping) or not cost:
        return ""
    return " · costs " + ", ".join(f"{amount} {what}" for what, amount in cost.items())


def searchable(option: Option) -> str:
    """What /play autocomplete matches typed text against: the label, the notation and what
    the option points at (a card, a space), lower case."""
    words = [option.label, option.notation, *_flat(option.targets)]
    return " ".join(words).lower()


def _flat(value: Any) -> list[str]:
    if isinstance(value, Mapping):
        return [w for v in value.values() for w in _flat(v)]
    if isinstance(value, list | tuple):
        return [w for v in value for w in _flat(v)]
    return [str(value)]


def layout(
    options: Sequence[Option], only: Sequence[Option] | None = None, max_selects: int = MAX_SELECTS,
    menu: bool | None = None,
) -> Layout:
    """The decision's options (``Game.options``: notation, label, targets) as components; with
    ``only``, just those of them (a board shows the public ones), keeping each option's index
    in the whole list. ``menu`` is what the decision's kind always uses (``kind_uses_menu``);
    None decides by these options' count and labels."""
    wanted = None if only is None else {o.notation for o in only}
    choices = [
        Choice(i, o.label, o.notation, o.notation + cost_text(o.targets))
        for i, o in enumerate(options)
        if wanted is None or o.notation in wanted
    ]
    buttons = all(len(c.label) <= SHORT_LABEL for c in choices) if menu is None else not menu
    if buttons and len(choices) <= MAX_BUTTONS:
        return Layout(buttons=tuple(choices))
    menus = tuple(
        tuple(choices[start : start + OPTIONS_PER_SELECT])
        for start in range(0, len(choices), OPTIONS_PER_SELECT)
    )
    return Layout(menus=menus[:max_selects])


def menu_placeholder(menu: Sequence[Choice], part: int, parts: int) -> str:
    if parts == 1:
        return "Choose your move…"
    return clip(f"Choose ({part + 1}/{parts}): {menu[0].label} … {menu[-1].label}", 150)


def kind_uses_menu(game_name: str, kind: str) -> bool | None:
    """Whether a decision of ``kind`` always shows a menu (True) or buttons (False), when the
    game names its kinds that can offer more options than buttons hold; else None."""
    spec = discovery.spec(game_name)
    if spec.menu_kinds is None:
        return None
    return kind in spec.menu_kinds


def layout_for(game_name: str, kind: str, options: Sequence[Option], **kwargs: Any) -> Layout:
    """``layout`` with the control the decision's kind always uses, so that a player sees the
    same kind of control for the same kind of question all game long."""
    return layout(options, menu=kind_uses_menu(game_name, kind), **kwargs)
