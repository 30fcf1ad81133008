"""The contract every registered game must honour, checked over seeded playouts to the end.

A game joins this suite by existing: every game that discovery finds is checked.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.agents import GreedyAgent, RandomAgent, play_match
from games.core import Game, all_games
from tests.games import conformance
from tests.games.toy import ToyGame, ToyState

GAMES = all_games()
FULL_RANDOM_GAMES = 10  # every check at every step
FULL_GREEDY_GAMES = 4
LIGHT_RANDOM_GAMES = 170  # legality every step, purity every 4th, outcome and replay at the end

random_agent, greedy_agent = RandomAgent(), GreedyAgent()


def seat_counts(game: Game[Any]) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def by_name(games: list[Game[Any]]) -> Any:
    return pytest.mark.parametrize("game", games, ids=[g.name for g in games])


def test_games_are_registered() -> None:
    assert GAMES, "no game is registered"
    for game in GAMES:
        assert game.min_players <= game.max_players


@by_name(GAMES)
def test_random_playouts_with_every_check(game: Game[Any]) -> None:
    for seed in range(FULL_RANDOM_GAMES):
        players = seat_counts(game)[seed % len(seat_counts(game))]
        conformance.playout(game, [random_agent] * players, seed)


@by_name(GAMES)
def test_greedy_playouts_with_every_check(game: Game[Any]) -> None:
    for seed in range(FULL_GREEDY_GAMES):
        players = seat_counts(game)[seed % len(seat_counts(game))]
        agents = [greedy_agent if (seat + seed) % 2 == 0 else random_agent
                  for seat in range(players)]
        conformance.playout(game, agents, 1000 + seed, apply_all_every=3)


@by_name(GAMES)
def test_many_random_playouts_reach_a_consistent_end(game: Game[Any]) -> None:
    for seed in range(LIGHT_RANDOM_GAMES):
        players = seat_counts(game)[seed % len(seat_counts(game))]
        conformance.playout(game, [random_agent] * players, 5000 + seed, full=False,
                             purity_every=4)


@by_name(GAMES)
def test_same_seed_same_game_and_different_seeds_differ(game: Game[Any]) -> None:
    players = game.min_players
    agents = [greedy_agent] + [random_agent] * (players - 1)
    first = play_match(game, agents, 77)
    again = play_match(game, agents, 77)
    assert first.actions == again.actions
    assert game.to_json(first.state) == game.to_json(again.state)
    others = {play_match(game, agents, seed).actions for seed in range(78, 83)}
    assert len(others | {first.actions}) > 1, "five seeds all played the same game"


# ---- the checks themselves must catch broken games ------------------------------------


class LeakyView(ToyGame):
    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "next": state.deck[:1]}


class ForgetfulJson(ToyGame):
    def _from_json(self, data: dict[str, Any]) -> ToyState:
        return super()._from_json({**data, "rng": 0})


class ShowsEveryoneTheActions(ToyGame):
    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return super().view(state, 0 if seat is None else state.turn)


class BlankLabels(ToyGame):
    def describe(self, state: ToyState, action: str) -> str:
        return "" if action == "toss" else super().describe(state, action)


class WordyLabels(ToyGame):
    def describe(self, state: ToyState, action: str) -> str:
        return super().describe(state, action) + " — a choice worth thinking about" * 3


class WrongBreakdown(ToyGame):
    def outcome(self, state: ToyState) -> Any:
        o = super().outcome(state)
        return None if o is None else type(o)(o.scores, ({"cards": 0}, {"cards": 0}),
                                              o.winners, o.reason)


class UnreplayableSeed(ToyGame):
    calls = 0

    def new_game(self, players: int, seed: int, options: Any = None) -> ToyState:
        UnreplayableSeed.calls += 1
        return super().new_game(players, seed + UnreplayableSeed.calls, options)


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (LeakyView, "shows hidden"),
        (ForgetfulJson, "from_json"),
        (ShowsEveryoneTheActions, "offers"),
        (BlankLabels, "no label"),
        (WordyLabels, "too long for a button"),
        (WrongBreakdown, "breakdown sums"),
        (UnreplayableSeed, "same seed"),
    ],
)
def test_checks_catch_a_broken_game(broken: type[ToyGame], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        for seed in range(5):
            conformance.playout(broken(), [random_agent, random_agent], seed)


def test_the_toy_game_passes() -> None:
    for seed in range(20):
        conformance.playout(ToyGame(), [greedy_agent, random_agent], seed)
