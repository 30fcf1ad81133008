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


def test_each_resafa_area_along_a_game_equals_the_area_drawn_from_nothing() -> None:
    """A seat's workshop area, offered from every board and under its panel, is put together
    from parts kept between pictures; with what changed since the board before ringed."""
    from games.resafa.render import render_areas

    game = discovery.get("resafa")
    walk = random_walk("resafa", 3, 5)
    views = [game.view(state, None) for _, (state, _) in zip(range(STEPS), walk, strict=False)]
    pairs = list(zip(views[1:], views, strict=False))[::4]
    forget_every_picture()
    try:
        kept = [[image.tobytes() for _, image in render_areas(view, before)]
                for view, before in pairs]
        for i in range(0, len(pairs), 5):
            forget_every_picture()
            view, before = pairs[i]
            assert [image.tobytes() for _, image in render_areas(view, before)] == kept[i]
    finally:
        forget_every_picture()
