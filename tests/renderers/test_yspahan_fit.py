"""Yspahan's board and panel never shorten a text, over seeded games of every player count."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import discovery
from games.yspahan.render import render_board, render_panel
from renderers.kit.fit import watch_shortening
from tests.renderers.walk import random_walk

EVERY = 9  # keep every ninth decision of a game, and its end


def positions(players: int, seed: int) -> list[tuple[Any, Any, Any]]:
    """(board view, view of the board before it, deciding seat's view or None) along a game."""
    game = discovery.get("yspahan")
    out = []
    before = None
    for n, (state, decision) in enumerate(random_walk("yspahan", players, seed)):
        board = game.view(state, None)
        if n % EVERY == 0 or decision is None:
            panel = game.view(state, decision.seat) if decision is not None else None
            out.append((board, before, panel))
            before = board
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_text_is_shortened_on_board_or_panel(players: int) -> None:
    cut_where: list[str] = []
    for seed in (3, 11):
        for board, before, panel in positions(players, seed):
            with watch_shortening() as cut:
                render_board(board, before)
            cut_where += [f"board: {c}" for c in cut]
            if panel is not None:
                with watch_shortening() as cut:
                    render_panel(panel)
                cut_where += [f"panel: {c}" for c in cut]
    assert sorted(set(cut_where)) == []
