from __future__ import annotations

from bot.exts.play._layout import OPTIONS_PER_SELECT, layout


def test_few_short_options_become_buttons() -> None:
    shape = layout(["play", "hand", "discard"], ["Play it", "Take to hand", "Discard"])
    assert [c.notation for c in shape.buttons] == ["play", "hand", "discard"]
    assert shape.menus == ()


def test_long_labels_go_into_a_menu() -> None:
    labels = ["Pay one date, one salt and one pepper for the Oasis card"] * 3
    shape = layout(["a", "b", "c"], labels)
    assert shape.buttons == ()
    assert [[c.index for c in m] for m in shape.menus] == [[0, 1, 2]]


def test_many_options_are_split_into_menus_of_25_keeping_every_index() -> None:
    actions = [f"place {n}" for n in range(1, 41)]
    shape = layout(actions, [f"Place on #{n}" for n in range(1, 41)])
    assert [len(m) for m in shape.menus] == [OPTIONS_PER_SELECT, 15]
    assert [c.index for m in shape.menus for c in m] == list(range(40))
    assert shape.shown == 40
