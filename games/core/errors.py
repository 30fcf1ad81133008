"""The errors an engine raises. Each carries a sentence a player can read."""

from __future__ import annotations


class GameError(Exception):
    """Base class of every error an engine raises on purpose."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotationError(GameError):
    """The text is not a move in this game's notation at all (bad syntax)."""


class IllegalAction(GameError):
    """A well-formed move that the rules forbid now; `reason` names the rule."""


class AmbiguousAction(GameError):
    """The text fits more than one legal move; `candidates` lists them in notation."""

    def __init__(self, reason: str, candidates: list[str]) -> None:
        super().__init__(reason)
        self.candidates = candidates


class GameOver(IllegalAction):
    """A move was submitted after the game ended."""


class SchemaError(GameError):
    """A serialised state cannot be loaded (wrong game, unknown schema version, bad data)."""


class OptionError(GameError):
    """A game option is unknown, out of range or not for this player count; names the allowed."""
