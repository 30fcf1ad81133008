"""Play a whole game between agents: the loop behind self-play, benchmarks and tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.agents.base import Agent, agent_rng, choose_for
from games.core import Decision, Game, Outcome


@dataclass(frozen=True)
class MatchResult:
    state: Any
    actions: tuple[str, ...]
    outcome: Outcome | None  # None only when the decision limit stopped the game


def play_match(
    game: Game[Any],
    agents: Sequence[Agent],
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    limit: int = 100_000,
    on_decision: Callable[[Any, Decision, str], None] | None = None,
) -> MatchResult:
    """One game with ``agents[seat]`` playing each seat, deterministic for ``seed``.

    ``on_decision(state, decision, action)`` is called before each action is applied.
    """
    state = game.new_game(len(agents), seed, options)
    rngs = [agent_rng(seed, seat) for seat in range(len(agents))]
    actions: list[str] = []
    for _ in range(limit):
        decision = game.decision(state)
        if decision is None:
            break
        action, rngs[decision.seat] = choose_for(
            agents[decision.seat], game, state, decision, rngs[decision.seat]
        )
        if on_decision is not None:
            on_decision(state, decision, action)
        state = game.apply(state, action)
        actions.append(action)
    return MatchResult(state, tuple(actions), game.outcome(state))
