"""What a returning player must read first is marked so: a new round and each raid's outcome."""

from __future__ import annotations

from games.core import rng as core_rng
from games.targi import SPEC

GAME = SPEC.engine


def test_new_rounds_and_raids_are_headlines_and_moves_are_not() -> None:
    state = GAME.new_game(2, 7)
    r = core_rng.seed_state(7)
    headlines: list[str] = []
    others: list[str] = []
    while GAME.decision(state) is not None:
        actions = GAME.legal_actions(state)
        r, i = core_rng.below(r, len(actions))
        step = GAME.step(state, actions[i])
        for event in step.events:
            (headlines if event.headline else others).append(event.text)
        state = step.state
    assert any(h.startswith("Round ") for h in headlines)
    assert any(h.startswith("Raid ") for h in headlines)
    assert all(h.startswith(("Round ", "Raid ", "After round ")) for h in headlines)
    assert not any(o.startswith(("Round ", "Raid ")) for o in others)
