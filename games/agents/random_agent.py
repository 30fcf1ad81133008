"""The baseline: a uniformly random legal action."""

from __future__ import annotations

from typing import Any

from games.agents.base import Agent
from games.core import Decision, Game, Observation
from games.core import rng as core_rng


class RandomAgent(Agent):
    level = "random"
    needs_observation = False

    def choose(
        self, game: Game[Any], observation: Observation[Any], decision: Decision, rng: int
    ) -> tuple[str, int]:
        rng, i = core_rng.below(rng, len(decision.actions))
        return decision.actions[i], rng
