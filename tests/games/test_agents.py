"""Agents play legally, reproducibly, and the greedy one plays visibly better than chance."""

from __future__ import annotations

import pytest

from games.agents import Agent, GreedyAgent, RandomAgent, agent_rng, get_agent, levels, play_match
from games.core import Event
from games.core import rng as core_rng
from tests.games.toy import ToyGame, ToyState

toy = ToyGame()


def test_levels_are_named_weakest_first() -> None:
    assert levels() == ["random", "greedy"]
    assert isinstance(get_agent(" Greedy "), GreedyAgent)
    assert isinstance(get_agent("random"), RandomAgent)


def test_unknown_level_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="random, greedy"):
        get_agent("grandmaster")


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_same_seed_same_moves(level: str) -> None:
    agents = [get_agent(level), get_agent("random")]
    first = play_match(toy, agents, 11)
    assert first.outcome is not None
    assert play_match(toy, agents, 11).actions == first.actions
    assert len({play_match(toy, agents, s).actions for s in range(12, 20)}) > 1


def test_seats_get_independent_generators() -> None:
    assert len({agent_rng(5, seat) for seat in range(4)} | {core_rng.seed_state(5)}) == 5


def test_greedy_looks_through_its_own_follow_up_decision() -> None:
    # "take" changes no score by itself; only the following "bank" shows which card is worth more.
    state = ToyState(("A1",), ("A2", "B6"), (0, 0), 0, None, 0)
    decision = toy.decision(state)
    assert decision is not None
    picks = {GreedyAgent().choose(toy, state, decision, core_rng.seed_state(s))[0]
             for s in range(20)}
    assert picks == {"take 2"}
    blind = {GreedyAgent(depth=0).choose(toy, state, decision, core_rng.seed_state(s))[0]
             for s in range(20)}
    assert blind == {"take 1", "take 2"}, "without look-ahead the tie is broken at random"


def test_greedy_banks_rather_than_tosses_a_high_card() -> None:
    state = ToyState(("A1",), ("A2", "B6"), (0, 0), 1, 1, 0)
    decision = toy.decision(state)
    assert decision is not None
    assert GreedyAgent().choose(toy, state, decision, 1)[0] == "bank"


def test_greedy_beats_random_in_either_seat() -> None:
    wins = 0
    for seed in range(40):
        greedy_seat = seed % 2
        agents: list[Agent] = [RandomAgent(), RandomAgent()]
        agents[greedy_seat] = GreedyAgent()
        outcome = play_match(toy, agents, seed).outcome
        assert outcome is not None
        wins += outcome.winners == (greedy_seat,)
    assert wins >= 36


class TakingRevealsACard(ToyGame):
    """As if taking a card turned up a hidden one: the agent must not look past it."""

    def _apply(self, state: ToyState, action: str) -> tuple[ToyState, list[Event], bool]:
        new, events, revealed = super()._apply(state, action)
        return new, events, revealed or action.startswith("take ")


def test_greedy_never_looks_past_revealed_information() -> None:
    game = TakingRevealsACard()
    state = ToyState(("A1",), ("A2", "B6"), (0, 0), 0, None, 0)
    decision = game.decision(state)
    assert decision is not None
    picks = {GreedyAgent().choose(game, state, decision, core_rng.seed_state(s))[0]
             for s in range(20)}
    assert picks == {"take 1", "take 2"}
