"""A private panel drawn while earlier panels' pictures are kept shows exactly what the same
panel drawn from nothing shows: whatever a game keeps between panels is kept by all it shows."""

from __future__ import annotations

import pytest

from games.core import discovery
from renderers.kit import compose, layers, sprites
from tests.renderers.walk import random_walk

PLAYERS = {"targi": 2, "yspahan": 3, "resafa": 3, "sahwari": 3}
STEPS = 160  # each seat's panel at every decision of the first this many


def forget_every_picture() -> None:
    compose.parts.clear()
    compose.grounds.clear()
    compose.flat_grounds.clear()
    layers.clear()
    sprites.clear()


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_each_panel_along_a_game_equals_the_panel_drawn_from_nothing(name: str) -> None:
    game, spec = discovery.get(name), discovery.spec(name)
    walk = random_walk(name, PLAYERS[name], 7)
    views = [game.view(state, decision.seat) for _, (state, decision)
             in zip(range(STEPS), walk, strict=False) if decision is not None]
    forget_every_picture()
    try:
        kept = [spec.encode_png(spec.render_panel(view)) for view in views]
        for i in range(0, len(views), 9):  # a sample, each drawn from nothing
            forget_every_picture()
            assert spec.encode_png(spec.render_panel(views[i])) == kept[i], f"panel {i}"
    finally:
        forget_every_picture()
