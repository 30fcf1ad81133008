"""Computer players that play any registered game through the engine contract alone."""

from games.agents.base import Agent, agent_rng, choose_for
from games.agents.greedy import GreedyAgent
from games.agents.match import MatchResult, play_match
from games.agents.random_agent import RandomAgent
from games.agents.registry import get_agent, levels

__all__ = [
    "Agent",
    "GreedyAgent",
    "MatchResult",
    "RandomAgent",
    "agent_rng",
    "choose_for",
    "get_agent",
    "levels",
    "play_match",
]
