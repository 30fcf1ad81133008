"""The names Yspahan's moves and posts use are the names on its board."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import ImageDraw

from games.core import discovery
from games.yspahan.render import render_board, text
from renderers.kit import compose, layers
from tests.renderers.walk import random_walk


def drawn_texts(view: Any, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Every string drawn on the board, static layer included."""
    seen: set[str] = set()
    plain = ImageDraw.ImageDraw.text
    cached = text._mask

    def record(self: Any, xy: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
        seen.add(str(value))
        return plain(self, xy, value, *args, **kwargs)

    def record_mask(value: str, *args: Any) -> Any:
        seen.add(value)
        return cached(value, *args)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    monkeypatch.setattr(text, "_mask", record_mask)
    layers.clear()
    compose.parts.clear()  # every part drawn afresh, not pasted from an earlier board
    render_board(view)
    return seen


def test_every_space_shop_group_and_building_a_move_names_is_on_the_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = discovery.get("yspahan")
    checked = 0
    for state, decision in random_walk("yspahan", 2, 4):
        if decision is None or decision.kind not in {"supervisor", "supervisor_arm", "place_cube"}:
            continue
        checked += 1
        if checked > 12:
            break
        view = game.view(state, None)
        drawn = drawn_texts(view, monkeypatch)
        for option in game.options(state):
            targets = option.targets
            if "space" in targets:
                assert targets["space"] in drawn
            if "shop" in targets:  # SACK-B2: "B2" in its quarter, which says how to read it
                quarter, short = str(targets["shop"]).split("-")
                assert short in drawn
                assert f"B2 here is {quarter}-B2" in drawn
    start = game.view(game.new_game(2, 1), None)
    drawn = drawn_texts(start, monkeypatch)
    assert {"Camels", "Sack", "Barrel", "Chest", "Vase", "Gold"} <= drawn  # the Tower's groups
    assert {b["name"] for b in start["buildings"]} <= drawn  # as the Build options name them
