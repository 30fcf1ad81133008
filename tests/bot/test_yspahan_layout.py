"""A Yspahan decision of one kind always gets the same kind of control in the panel."""

from __future__ import annotations

from collections import defaultdict

from bot.exts.play._layout import layout, layout_for
from games.core import discovery
from tests.renderers.walk import random_walk


def test_each_decision_kind_keeps_one_kind_of_control_over_whole_games() -> None:
    game = discovery.get("yspahan")
    controls: dict[str, set[str]] = defaultdict(set)
    for players in (2, 3, 4):
        for seed in (1, 5, 9):
            for state, decision in random_walk("yspahan", players, seed):
                if decision is None:
                    continue
                shape = layout_for("yspahan", decision.kind, game.options(state))
                assert shape.shown == len(decision.actions), decision.kind
                controls[decision.kind].add("menu" if shape.menus else "buttons")
    assert {"supervisor", "place_cube", "choose_group"} <= set(controls)
    assert {kind: kinds for kind, kinds in controls.items() if len(kinds) > 1} == {}
    assert controls["supervisor"] == {"menu"}
    assert controls["place_cube"] == {"buttons"}


def test_a_game_that_names_no_kinds_keeps_the_count_and_length_rule() -> None:
    game = discovery.get("targi")
    state = game.new_game(2, 1)
    decision = game.decision(state)
    assert decision is not None
    options = game.options(state)

    assert layout_for("targi", decision.kind, options) == layout(options)
