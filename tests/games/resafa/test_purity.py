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
