"""Forty-five seeded random games, two to four seats, fingerprinted step by step: every
decision (seat, kind, prompt, options), the move chosen, the public log after it and the events
people are told, then the final state as JSON and the outcome. The engine may be rebuilt for
speed; what it says and decides must not change.

After an intended rules change, regenerate with
`UPDATE_GOLDEN=1 python -m pytest tests/games/sahwari/test_playout_trace.py` and say why.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from games.core import rng as core_rng
from games.sahwari import GAME

TRACES = Path(__file__).with_name("playout_traces.json")
GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(1, 16)]


def trace(players: int, seed: int) -> list[Any]:
    """The game's record; events are read on every third game (the path people see), the
    log alone on the others (the playout path)."""
    options = {"leader_choice": seed % 3 == 0 and players < 4}
    with_events = seed % 3 == 1
    state = GAME.new_game(players, seed, options)
    out: list[Any] = [list(state.log_text())]
    rng = core_rng.seed_state(seed)
    while (dec := GAME.decision(state)) is not None:
        rng, i = core_rng.below(rng, len(dec.actions))
        action = dec.actions[i]
        out.append([dec.seat, dec.kind, dec.prompt, list(dec.actions), action])
        if with_events:
            step = GAME.step(state, action)
            state = step.state
            out.append([e.to_json() for e in step.events])
            out.append([step.reversible, step.revealed])
        else:
            state = GAME.apply(state, action)
        out.append(list(state.log_text()))
    outcome = GAME.outcome(state)
    assert outcome is not None
    out.append(GAME.to_json(state))
    out.append([outcome.scores, [dict(b) for b in outcome.breakdown], outcome.winners,
                outcome.reason, outcome.tiebreak, [dict(t) for t in outcome.tiebreak_values],
                outcome.result])
    return out


def fingerprint(players: int, seed: int) -> str:
    text = json.dumps(trace(players, seed), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def test_seeded_games_play_and_read_as_recorded() -> None:
    found = {f"{players}p seed {seed}": fingerprint(players, seed) for players, seed in GAMES}
    if os.environ.get("UPDATE_GOLDEN"):
        TRACES.write_text(json.dumps(found, indent=1) + "\n")
    recorded = json.loads(TRACES.read_text())
    changed = [name for name in found if found[name] != recorded.get(name)]
    assert not changed, f"these games now play or read differently: {changed}"
