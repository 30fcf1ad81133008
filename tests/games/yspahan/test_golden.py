"""A golden transcript of one seeded four-player Yspahan game, compared line by line.

Regenerate after an intended rules change with
`UPDATE_GOLDEN=1 python -m pytest tests/games/yspahan` and review the diff like code.
"""

from __future__ import annotations

from games.yspahan import GAME
from tests.games import golden

SEED = 1
PLAYERS = 4
GOLDEN = golden.PLAYTHROUGHS / f"yspahan_seed{SEED}_{PLAYERS}p.txt"


def transcript(seed: int = SEED, players: int = PLAYERS) -> list[str]:
    """Seeded-random legal moves to the end: the board at each new day, every decision."""
    state = GAME.new_game(players, seed)
    return golden.transcript(
        GAME,
        state,
        seed,
        [f"Yspahan, {players} players, seed {seed}", *state.log],
        golden.random_choice,
        lambda state: (state.week, state.day),
    )


def test_golden_transcript_seed_1_four_players() -> None:
    golden.assert_matches_golden(transcript(), GOLDEN)
