"""Why the service refused a request, each with a ``reason`` sentence a player can read.

Engine errors (NotationError, IllegalAction, AmbiguousAction) are not wrapped: they reach the
caller unchanged, with the engine's own reason.
"""

from __future__ import annotations


class ServiceError(Exception):
    """Base class: the request was refused and nothing changed."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class TableNotFound(ServiceError):
    def __init__(self, table_id: int) -> None:
        super().__init__(f"There is no table #{table_id}.")
        self.table_id = table_id


class UnknownGame(ServiceError):
    """No registered game has that name."""


class UnknownAgentLevel(ServiceError):
    """No agent plays at that level."""


class TooManyTables(ServiceError):
    """The server already has as many open tables as it may."""


class LobbyClosed(ServiceError):
    """Seats can only change while the table is in its lobby."""


class TableFull(ServiceError):
    """Every seat is taken."""


class AlreadySeated(ServiceError):
    """The user already holds a seat at this table."""


class NotSeated(ServiceError):
    """The user holds no seat at this table."""


class NotHost(ServiceError):
    """Only the host may do this."""


class NotEnoughPlayers(ServiceError):
    """The game needs more seats filled before it can start."""


class ThreadTaken(ServiceError):
    """A thread hosts one table only."""


class TableNotActive(ServiceError):
    """Moves are only possible while the game is being played."""


class NotYourTurn(ServiceError):
    """Another seat must decide now."""


class StaleVersion(ServiceError):
    """The move was chosen on a board that has since moved on."""

    def __init__(self, reason: str, *, expected: int, actual: int) -> None:
        super().__init__(reason)
        self.expected = expected
        self.actual = actual


__all__ = [
    "AlreadySeated",
    "LobbyClosed",
    "NotEnoughPlayers",
    "NotHost",
    "NotSeated",
    "NotYourTurn",
    "ServiceError",
    "StaleVersion",
    "TableFull",
    "TableNotActive",
    "TableNotFound",
    "ThreadTaken",
    "TooManyTables",
    "UnknownAgentLevel",
    "UnknownGame",
]
