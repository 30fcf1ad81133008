"""A golden transcript of one seeded three-player Sahwari game, compared line by line.

Regenerate after an intended rules change with
`UPDATE_GOLDEN=1 python -m pytest tests/games/sahwari` and review the diff like code.
"""

from __future__ import annotations

from games.sahwari import GAME
from tests.games import golden

SEED = 1
PLAYERS = 3
GOLDEN = golden.PLAYTHROUGHS / f"sahwari_seed{SEED}_{PLAYERS}p.txt"


def transcript(seed: int = SEED, players: int = PLAYERS) -> list[str]:
    """Seeded-random legal moves to the end: the board at each new turn, every decision."""
    state = GAME.new_game(players, seed)
    return golden.transcript(
        GAME,
        state,
        seed,
        [f"Sahwari, {players} players, seed {seed}", *state.log],
        golden.random_choice,
        lambda state: state.turnno,
    )


def test_golden_transcript_seed_1_three_players() -> None:
    golden.assert_matches_golden(transcript(), GOLDEN)
