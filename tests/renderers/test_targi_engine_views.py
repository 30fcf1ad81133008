"""Every kind of decision in real seeded Targi games renders, on the board and on the panel."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.core import discovery
from games.targi import SPEC as TARGI
from games.targi.render import board as targi
from games.targi.render import colours
from tests.renderers.walk import random_walk

SEEDS = (3, 11, 2026)
EVERY = 6  # render every sixth decision, plus the first of each kind and the final position


def states(seed: int) -> Iterator[tuple[Any, Any]]:
    return random_walk("targi", 2, seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_board_and_panel_render_along_a_whole_game(seed: int) -> None:
    game = discovery.get("targi")
    seen: set[str] = set()
    rendered = 0
    for n, (state, decision) in enumerate(states(seed)):
        first_of_kind = decision is not None and decision.kind not in seen
        if not (first_of_kind or decision is None or n % EVERY == 0):
            continue
        board = TARGI.render_board(game.view(state, None))
        assert board.size == (targi.WIDTH, targi.HEIGHT)
        if decision is not None:
            seen.add(decision.kind)
            view = game.view(state, decision.seat)
            panel = TARGI.render_panel(view)
            assert panel.width >= 900
            # the panel is the deciding seat's: its header wears that seat's colour
            header = panel.convert("RGB").getpixel((panel.width // 2, 4))
            assert isinstance(header, tuple)
            assert all(abs(a - b) <= 2 for a, b in zip(header, colours.seat_fill(decision.seat),
                                                       strict=False))
            assert len(view["decision"]["actions"]) == len(decision.actions)
        rendered += 1
    assert decision is None  # the game was played to the end
    assert {"place_targi", "action_menu"} <= seen
    assert rendered > 20


def test_the_final_board_shows_the_outcome_of_a_real_game() -> None:
    game = discovery.get("targi")
    *_, (final, decision) = states(SEEDS[0])
    assert decision is None
    view = game.view(final, None)
    assert view["outcome"] is not None
    image = TARGI.render_board(view)
    data = TARGI.encode_png(image)
    assert len(data) <= 500 * 1024
    # the winner's figure stands in the prompt box
    winners = view["outcome"]["winners"]
    x0, y0, _, _ = targi.PROMPT_BOX
    body = image.convert("RGB").getpixel((x0 + 12 + 20, y0 + 10 + 22))
    assert isinstance(body, tuple)
    if len(winners) == 1:
        want = colours.seat_fill(winners[0])
        assert all(abs(a - b) <= 12 for a, b in zip(body, want, strict=False))
