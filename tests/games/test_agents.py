"""Agents play legally, reproducibly, and the greedy one plays visibly better than chance."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.agents import (
    Agent,
    GreedyAgent,
    RandomAgent,
    agent_rng,
    choose_for,
    get_agent,
    levels,
    play_match,
)
from games.core import Decision, Event, Game, all_games
from games.core import rng as core_rng
from games.core.stack import BACK
from tests.games.toy import ToyGame, ToyState

toy = ToyGame()
REDEAL_DECISIONS = 300  # greedy decisions compared in a real and a re-dealt world, per game


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
    picks = {choose_for(GreedyAgent(), toy, state, decision, core_rng.seed_state(s))[0]
             for s in range(20)}
    assert picks == {"take 2"}
    blind = {choose_for(GreedyAgent(depth=0), toy, state, decision, core_rng.seed_state(s))[0]
             for s in range(20)}
    assert blind == {"take 1", "take 2"}, "without look-ahead the tie is broken at random"


def test_greedy_banks_rather_than_tosses_a_high_card() -> None:
    state = ToyState(("A1",), ("A2", "B6"), (0, 0), 1, 1, 0)
    decision = toy.decision(state)
    assert decision is not None
    assert choose_for(GreedyAgent(), toy, state, decision, 1)[0] == "bank"


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
    picks = {choose_for(GreedyAgent(), game, state, decision, core_rng.seed_state(s))[0]
             for s in range(20)}
    assert picks == {"take 1", "take 2"}


class TakingCanBeUndone(ToyGame):
    """``back`` puts the taken card back and asks again which card to take."""

    def decision(self, state: ToyState) -> Decision | None:
        d = super().decision(state)
        if d is None or d.kind != "resolve":
            return d
        return Decision(d.seat, d.kind, d.prompt, (*d.actions, BACK))

    def _apply(self, state: ToyState, action: str) -> tuple[ToyState, list[Event], bool]:
        if action == BACK:
            return replace(state, pending=None), [], False
        return super()._apply(state, action)

    def normalize(self, text: str) -> str:
        return BACK if text.strip().lower() == BACK else super().normalize(text)


def test_greedy_never_goes_back_to_an_earlier_question() -> None:
    # Banking the A2 it took scores 2; going back for the B6 would look better, and a second
    # look at "take" with another look-ahead could send it back and forth for ever.
    game = TakingCanBeUndone()
    state = ToyState(("A1",), ("A2", "B6"), (0, 0), 0, 0, 0)
    decision = game.decision(state)
    assert decision is not None and BACK in decision.actions
    picks = {choose_for(GreedyAgent(), game, state, decision, core_rng.seed_state(s))[0]
             for s in range(10)}
    assert picks == {"bank"}
    assert play_match(game, [GreedyAgent(), RandomAgent()], 3).outcome is not None


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_re_dealing_what_the_seat_cannot_see_changes_no_greedy_decision(
    game: Game[Any],
) -> None:
    """Greedy plays one seat against random; at each of its decisions the hidden part of the
    real state is re-dealt, and the agent must choose the same action in either world."""
    agent, decisions, changed, seed = GreedyAgent(), 0, [], 0
    while decisions < REDEAL_DECISIONS:
        players = game.min_players
        state = game.new_game(players, 4000 + seed, game.default_options(players))
        rngs = [agent_rng(seed, s) for s in range(players)]
        redeal = core_rng.seed_state(seed)
        greedy_seat = seed % players
        while (decision := game.decision(state)) is not None:
            seat = decision.seat
            if seat == greedy_seat and len(decision.actions) > 1:
                world, redeal = game.determinize(game.observe(state, seat), redeal)
                action, after = choose_for(agent, game, state, decision, rngs[seat])
                if choose_for(agent, game, world, decision, rngs[seat]) != (action, after):
                    changed.append(f"seed {seed}, {decision.kind}")
                decisions += 1
            else:
                action, after = choose_for(RandomAgent(), game, state, decision, rngs[seat])
            rngs[seat] = after
            state = game.apply(state, action)
        seed += 1
    assert not changed, f"{len(changed)} of {decisions} decisions changed: {changed[:5]}"


class CountsObservations(ToyGame):
    """Counts what building a seat's observation costs."""

    def __init__(self) -> None:
        self.observed = 0

    def _observe(self, state: ToyState, seat: int | None) -> ToyState:
        self.observed += 1
        return super()._observe(state, seat)


def test_self_play_between_random_agents_builds_no_observation() -> None:
    game = CountsObservations()
    result = play_match(game, [RandomAgent(), RandomAgent()], 5)
    assert result.outcome is not None and result.actions == play_match(
        toy, [RandomAgent(), RandomAgent()], 5
    ).actions
    assert game.observed == 0, "a random agent reads only the decision"
    play_match(game, [GreedyAgent(), RandomAgent()], 5)
    assert game.observed > 0
