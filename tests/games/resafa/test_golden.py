"""Golden transcripts of a seeded three-player Resafa game and a seeded solo game, compared line
by line.

Regenerate after an intended rules change with
`UPDATE_GOLDEN=1 python -m pytest tests/games/resafa/test_golden.py` and review the diff like
code.
"""

from __future__ import annotations

from typing import Any

from games.core import rng
from games.core.contract import Decision
from games.resafa import GAME
from tests.games import golden

PASSIVE = ("end", "skip", "none", "stop", "keep", "back", "cards")


def busy_choice(state: Any, decision: Decision, generator: int) -> tuple[int, str]:
    """A seeded pick that prefers doing something over ending, skipping or declining, so the
    transcript walks through the actions rather than past them."""
    active = [a for a in decision.actions if a.split()[0] not in PASSIVE
              and not a.startswith("drop ")]
    pool = active or list(decision.actions)
    generator, pick = rng.below(generator, len(pool))
    return generator, pool[pick]


def transcript(players: int, seed: int) -> list[str]:
    state = GAME.new_game(players, seed)
    lines = golden.transcript(
        GAME, state, seed, [f"Resafa, {players} player{'s' if players > 1 else ''}, seed {seed}"],
        busy_choice, lambda state: state.round,
    )
    if players == 1:  # a solo game ends in a rank: replay the same picks to read it
        generator = rng.seed_state(seed)
        while (decision := GAME.decision(state)) is not None:
            generator, action = busy_choice(state, decision, generator)
            state = GAME.apply(state, action)
        outcome = GAME.outcome(state)
        assert outcome is not None
        lines.append(f"Result: {outcome.result}")
    return lines


def test_golden_transcript_seed_3_three_players() -> None:
    golden.assert_matches_golden(transcript(3, 3), golden.PLAYTHROUGHS / "resafa_seed3_3p.txt")


def test_golden_transcript_seed_5_solo() -> None:
    lines = transcript(1, 5)
    assert any(line.startswith("Ochre: ") for line in lines)
    golden.assert_matches_golden(lines, golden.PLAYTHROUGHS / "resafa_seed5_solo.txt")
