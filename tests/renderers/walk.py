"""Real positions for renderer tests: one seeded game played to its end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.core import discovery, rng


def random_walk(game_name: str, players: int, seed: int) -> Iterator[tuple[Any, Any]]:
    """(state, decision) along one game whose moves come from a seeded generator."""
    game = discovery.get(game_name)
    state = game.new_game(players, seed)
    r = rng.seed_state(seed ^ 0x5EED)
    while True:
        decision = game.decision(state)
        yield state, decision
        if decision is None:
            return
        r, i = rng.below(r, len(decision.actions))
        state = game.apply(state, decision.actions[i])
