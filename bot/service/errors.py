"""Why the service refused a request, each with a ``reason`` sentence a player can read.

Engine errors (NotationError, IllegalAction, AmbiguousAction) are not wrapped: they reach the
caller unchanged, with the engine's own reason.
"""

from __future__ import annotations

from datetime import datetime


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


class GameUnavailable(UnknownGame):
    """A stored table's game is not installed (any more): the table waits, untouched."""

    def __init__(self, table_id: int, game: str) -> None:
        self.table_id, self.game = table_id, game
        super().__init__(
            f"Table #{table_id} plays {game[:40]!r}, which is not installed here now. The table "
            "is kept as it is and can go on once the game is installed again."
        )


class UnknownAgentLevel(ServiceError):
    """No agent plays at that level."""


class TooManyTables(ServiceError):
    """The server already has as many open tables as it may."""


class LobbyClosed(ServiceError):
    """Seats can only change while the table is in its lobby."""


class TableFull(ServiceError):
    """Every seat is taken."""


class SeatsChanged(LobbyClosed):
    """Someone joined or left (through another bot process) as the host pressed Start."""


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


class TableBroken(ServiceError):
    """The table is quarantined: its stored data could not be read or played."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            f"Table #{table_id} is paused: its saved game could not be read. Nothing that was "
            "played is lost, and it stays paused until it has been repaired."
        )
        self.table_id = table_id


class StillBroken(ServiceError):
    """A quarantined table was to be released, but its stored game still cannot be rebuilt."""

    def __init__(self, table_id: int, error: str) -> None:
        super().__init__(f"Table #{table_id} stays paused: its game still cannot be rebuilt "
                         f"({error}).")
        self.table_id = table_id


class NotYourTurn(ServiceError):
    """Another seat must decide now."""


class StaleVersion(ServiceError):
    """The move was chosen on a board that has since moved on."""

    def __init__(self, reason: str, *, expected: int, actual: int) -> None:
        super().__init__(reason)
        self.expected = expected
        self.actual = actual


class RecordChanged(StaleVersion):
    """The table's record (its seats, thread, host or quarantine) changed between reading it
    and the move's commit, though no move was made: the move may be decided again on a fresh
    read."""


class UnknownPace(ServiceError):
    """No pace preset has that name."""


class InvalidSetting(ServiceError):
    """A user setting value was refused (unknown time zone, badly written time, …)."""


class NotStalled(ServiceError):
    """The seat's deadline has not passed yet, so the table cannot act for it."""

    def __init__(self, reason: str, *, deadline: datetime | None = None) -> None:
        super().__init__(reason)
        self.deadline = deadline  # when it will have passed, e.g. for a <t:…:R> timestamp


class NotAllowed(ServiceError):
    """The user may not do this at this table (not seated, not the owner, …)."""


class UndoRefused(ServiceError):
    """There is nothing the user may undo, or it needs the other players' consent."""


class UndoRequestNotFound(ServiceError):
    """No such undo request, or it is no longer waiting for answers."""


__all__ = [
    "AlreadySeated",
    "InvalidSetting",
    "LobbyClosed",
    "NotAllowed",
    "NotEnoughPlayers",
    "NotHost",
    "NotSeated",
    "NotStalled",
    "NotYourTurn",
    "ServiceError",
    "StaleVersion",
    "TableFull",
    "TableNotActive",
    "TableNotFound",
    "ThreadTaken",
    "TooManyTables",
    "UndoRefused",
    "UndoRequestNotFound",
    "UnknownAgentLevel",
    "UnknownGame",
    "UnknownPace",
]
