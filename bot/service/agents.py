"""How the service asks an agent seat for its move.

An agent is a function of (level, game, observation, decision, generator state) returning the
action and the advanced generator state; the observation is what the deciding seat knows.
The generator state is derived from the table's seed, the version and the seat, so the same
table plays the same agent moves after a restart.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from games.core import Decision, Game, Observation
from games.core import rng as core_rng

AgentChooser = Callable[[str, Game[Any], Observation[Any], Decision, int], tuple[str, int]]


def agent_levels() -> list[str]:
    from games.agents import levels

    return levels()


@cache
def _agent(level: str) -> Any:
    from games.agents import get_agent

    return get_agent(level)


def choose_with_games_agents(
    level: str, game: Game[Any], observation: Observation[Any], decision: Decision, rng: int
) -> tuple[str, int]:
    """The default chooser: the agents in ``games.agents``, by level."""
    action, rng = _agent(level).choose(game, observation, decision, rng)
    return str(action), int(rng)


def move_rng(seed: int, version: int, seat: int) -> int:
    """Generator state for the agent in ``seat`` choosing the action after ``version``."""
    state = core_rng.seed_state(seed)
    for value in (version, seat):
        state, out = core_rng.next_u64((state + value) & ((1 << 64) - 1))
        state ^= out
    return state
