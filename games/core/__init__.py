"""The rules-engine contract shared by every game, and the discovery of installed games."""

from games.core.contract import (
    JSON,
    MAX_OPTIONS,
    Decision,
    Event,
    Game,
    GameInfo,
    Observation,
    Option,
    OptionSpec,
    Outcome,
    Step,
    ranked_winners,
)
from games.core.discovery import UnknownGame, all_games, get, spec, specs
from games.core.errors import (
    AmbiguousAction,
    GameError,
    GameOver,
    IllegalAction,
    NotationError,
    OptionError,
    SchemaError,
)
from games.core.spec import BenchTargets, GameSpec

__all__ = [
    "JSON",
    "MAX_OPTIONS",
    "AmbiguousAction",
    "BenchTargets",
    "Decision",
    "Event",
    "Game",
    "GameError",
    "GameInfo",
    "GameOver",
    "GameSpec",
    "IllegalAction",
    "NotationError",
    "Observation",
    "Option",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "SchemaError",
    "Step",
    "UnknownGame",
    "all_games",
    "get",
    "ranked_winners",
    "spec",
    "specs",
]
