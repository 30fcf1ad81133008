from __future__ import annotations

from bot.exts.play._layout import OPTIONS_PER_SELECT, layout, searchable
from games.core import Option


def options(actions: list[str], labels: list[str]) -> list[Option]:
    return [Option(a, label) for a, label in zip(actions, labels, strict=True)]


def test_few_short_options_become_buttons() -> None:
    shape = layout(options(["play", "hand", "discard"], ["Play it", "Take to hand", "Discard"]))
    assert [c.notation for c in shape.buttons] == ["play", "hand", "discard"]
    assert shape.menus == ()


def test_long_labels_go_into_a_menu() -> None:
    labels = ["Pay one date, one salt and one pepper for the Oasis card"] * 3
    shape = layout(options(["a", "b", "c"], labels))
    assert shape.buttons == ()
    assert [[c.index for c in m] for m in shape.menus] == [[0, 1, 2]]


def test_many_options_are_split_into_menus_of_25_keeping_every_index() -> None:
    actions = [f"place {n}" for n in range(1, 41)]
    shape = layout(options(actions, [f"Place on #{n}" for n in range(1, 41)]))
    assert [len(m) for m in shape.menus] == [OPTIONS_PER_SELECT, 15]
    assert [c.index for m in shape.menus for c in m] == list(range(40))
    assert shape.shown == 40


def test_a_menu_line_names_the_notation_and_the_cost_from_the_targets() -> None:
    shape = layout([
        Option("row 1", "Put it in row 1 of your display (0 cards so far)",
               {"row": 1, "cost": {"gold": 1}}),
        Option("row 2", "Put it in row 2 of your display (1 card so far)",
               {"row": 2, "cost": {"gold": 2, "salt": 1}}),
        Option("row 3", "Put it in row 3 of your display (2 cards so far)", {"row": 3}),
    ])
    details = [c.detail for c in shape.menus[0]]
    assert details == ["row 1 · costs 1 gold", "row 2 · costs 2 gold, 1 salt", "row 3"]


def test_play_autocomplete_finds_an_option_by_what_it_points_at() -> None:
    option = Option("play", "Play it", {"card": "CA5", "cost": {"gold": 1}})
    text = searchable(option)
    assert "ca5" in text and "play it" in text and "gold" not in text
