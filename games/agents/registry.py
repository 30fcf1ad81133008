"""Agent levels by name, weakest first."""

from __future__ import annotations

from games.agents.base import Agent
from games.agents.greedy import GreedyAgent
from games.agents.random_agent import RandomAgent

LEVELS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}


def levels() -> list[str]:
    """Names accepted by ``get_agent``, weakest first."""
    return list(LEVELS)


def get_agent(level: str) -> Agent:
    """A fresh agent of the named level ("random" or "greedy")."""
    try:
        return LEVELS[level.strip().lower()]()
    except KeyError:
        known = ", ".join(LEVELS)
        raise ValueError(f"No agent level called {level!r}. Known levels: {known}.") from None
