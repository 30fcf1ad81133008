"""The rules-engine contract shared by every game."""

from games.core.contract import JSON, Decision, Event, Game, Outcome, Step, ranked_winners
from games.core.errors import (
    AmbiguousAction,
    GameError,
    GameOver,
    IllegalAction,
    NotationError,
    SchemaError,
)
from games.core.registry import all_games, get, register

__all__ = [
    "JSON",
    "AmbiguousAction",
    "Decision",
    "Event",
    "Game",
    "GameError",
    "GameOver",
    "IllegalAction",
    "NotationError",
    "Outcome",
    "SchemaError",
    "Step",
    "all_games",
    "get",
    "ranked_winners",
    "register",
]
