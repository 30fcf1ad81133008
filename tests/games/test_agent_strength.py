"""The greedy agent is a real opponent in the shipped games, and its position estimates are sound.

Thresholds were measured over 200 seeded games and set with a safety margin: Targi greedy beat
random in 200 of 200 games (about 28 to 4 points) and greedy mirror matches averaged about 28
points a seat, where comparing provisional scores alone had averaged about 8.
"""

from __future__ import annotations

from typing import Any

import games.targi
import games.yspahan
from games.agents import Agent, GreedyAgent, RandomAgent, play_match
from games.core import Game
from games.targi.engine.state import TargiState

targi: Game[Any] = games.targi.GAME
yspahan: Game[Any] = games.yspahan.GAME


def test_greedy_beats_random_at_targi() -> None:
    wins = 0
    for seed in range(40):
        greedy_seat = seed % 2
        agents: list[Agent] = [RandomAgent(), RandomAgent()]
        agents[greedy_seat] = GreedyAgent()
        outcome = play_match(targi, agents, 1000 + seed).outcome
        assert outcome is not None
        wins += outcome.winners == (greedy_seat,)
    assert wins >= 34, f"greedy won only {wins} of 40 games against random"


def test_greedy_mirror_matches_at_targi_score_like_players() -> None:
    scores: list[int] = []
    for seed in range(8):
        outcome = play_match(targi, [GreedyAgent(), GreedyAgent()], 2000 + seed).outcome
        assert outcome is not None
        scores.extend(outcome.scores)
    mean = sum(scores) / len(scores)
    assert mean >= 20, f"greedy mirror matches averaged only {mean:.1f} points a seat"


def test_greedy_beats_random_at_yspahan_with_three_players() -> None:
    wins = 0
    for seed in range(12):
        agents: list[Agent] = [RandomAgent(), RandomAgent(), RandomAgent()]
        agents[seed % 3] = GreedyAgent()
        outcome = play_match(yspahan, agents, 3000 + seed).outcome
        assert outcome is not None
        wins += seed % 3 in outcome.winners
    assert wins >= 10, f"greedy won only {wins} of 12 three-player games against random"


def _midgame(game: Game[Any], players: int, seed: int, moves: int) -> Any:
    agents: list[Agent] = [RandomAgent() for _ in range(players)]
    return play_match(game, agents, seed, limit=moves).state


def test_evaluate_is_deterministic_and_leaves_the_state_alone() -> None:
    for game, players in ((targi, 2), (yspahan, 2), (yspahan, 4)):
        for seed, moves in ((1, 0), (2, 40), (3, 120)):
            state = _midgame(game, players, seed, moves)
            before = game.to_json(state)
            first = [game.evaluate(state, s) for s in range(players)]
            again = [game.evaluate(game.from_json(before), s) for s in range(players)]
            assert first == again
            assert game.to_json(state) == before


def test_evaluate_of_a_finished_game_is_its_score() -> None:
    for game, players in ((targi, 2), (yspahan, 3)):
        result = play_match(game, [RandomAgent() for _ in range(players)], 5)
        assert result.outcome is not None
        values = tuple(game.evaluate(result.state, s) for s in range(players))
        assert values == tuple(float(v) for v in result.outcome.scores)


def test_targi_values_goods_and_gold_that_do_not_score_yet() -> None:
    state: TargiState = targi.new_game(2, 9)
    richer = state.copy()
    richer.res[0][0] += 2  # two more dates: about one Silversmith point
    gold = state.copy()
    gold.res[0][3] += 1  # one more gold: nearly two Silversmith points
    assert targi.provisional_scores(richer, None) == targi.provisional_scores(state, None)
    base = targi.evaluate(state, 0)
    assert base < targi.evaluate(richer, 0) < targi.evaluate(gold, 0) < base + 2
    assert targi.evaluate(richer, 1) == targi.evaluate(state, 1)
