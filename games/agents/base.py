"""The agent interface.

An agent is stateless: its only memory is the generator state it is handed and hands back,
so a table that is saved and restored between moves plays on exactly as if it never stopped.
It is handed only what its seat knows (an ``Observation``), never the real state, so it
cannot play on a hidden card or the deck's order.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from games.core import Decision, Game, Observation
from games.core import rng as core_rng


class Agent(ABC):
    """Chooses one legal action for the seat that must decide."""

    level: ClassVar[str]
    # False for an agent that chooses from the decision alone: it is then handed an
    # observation without a state, and nobody pays for building one.
    needs_observation: ClassVar[bool] = True

    @abstractmethod
    def choose(
        self, game: Game[Any], observation: Observation[Any], decision: Decision, rng: int
    ) -> tuple[str, int]:
        """One action from ``decision.actions``, knowing only ``observation`` (what the
        deciding seat knows), and the advanced generator state."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level!r}>"


def choose_for(
    agent: Agent, game: Game[Any], state: Any, decision: Decision, rng: int
) -> tuple[str, int]:
    """``agent``'s action for the seat deciding in ``state``, shown only that seat's view."""
    observation = (
        game.observe(state, decision.seat)
        if agent.needs_observation
        else Observation(decision.seat, None)
    )
    return agent.choose(game, observation, decision, rng)


def agent_rng(seed: int, seat: int) -> int:
    """Generator state of the agent in ``seat`` for a match seeded with ``seed``.

    Distinct from the game's own generator (which uses ``seed_state(seed)``), so an agent's
    coin flips never mirror the deck shuffles.
    """
    state = core_rng.seed_state(seed)
    for _ in range(seat + 1):
        state, out = core_rng.next_u64(state)
    return core_rng.seed_state(out)
