"""A state the engine has handed out never changes (spec §17.2: replays and undo rely on it),
although states share the lists an action does not change."""

from __future__ import annotations

import json

from games.core import rng as R
from games.resafa import GAME


def test_no_state_changes_after_it_is_handed_out() -> None:
    rng = R.seed_state(5)
    for game in range(16):  # enough games that every rule that writes a shared list runs
        players = 1 + game % 4
        state = GAME.new_game(players, 50 + game, GAME.default_options(players))
        seen = []
        while (decision := GAME.decision(state)) is not None:
            seen.append((state, json.dumps(GAME.to_json(state))))
            rng, i = R.below(rng, len(decision.actions))
            state = GAME.apply(state, decision.actions[i])
        changed = [n for n, (st, snap) in enumerate(seen) if json.dumps(GAME.to_json(st)) != snap]
        assert not changed, f"{players} players: states {changed[:5]} changed afterwards"


def test_apply_leads_to_the_same_state_as_step() -> None:
    """`apply` (playouts, replays) skips the events, but the state and its log are the same."""
    rng = R.seed_state(9)
    for game in range(4):
        players = 1 + game
        state = GAME.new_game(players, 70 + game, GAME.default_options(players))
        while (decision := GAME.decision(state)) is not None:
            rng, i = R.below(rng, len(decision.actions))
            action = decision.actions[i]
            applied, stepped = GAME.apply(state, action), GAME.step(state, action).state
            assert GAME.to_json(applied) == GAME.to_json(stepped), action
            assert GAME.decision(applied) == GAME.decision(stepped), action
            state = applied
