"""The Discord-free application core: tables, seats, moves and the outbox."""

from bot.service.errors import (
    AlreadySeated,
    LobbyClosed,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    NotYourTurn,
    ServiceError,
    StaleVersion,
    TableFull,
    TableNotActive,
    TableNotFound,
    TooManyTables,
    UnknownAgentLevel,
    UnknownGame,
)
from bot.service.models import LoadedTable, MoveResult, NextDecision, SeatInfo, TableInfo
from bot.service.outbox import Outbox
from bot.service.tables import TableService

__all__ = [
    "AlreadySeated",
    "LoadedTable",
    "LobbyClosed",
    "MoveResult",
    "NextDecision",
    "NotEnoughPlayers",
    "NotHost",
    "NotSeated",
    "NotYourTurn",
    "Outbox",
    "SeatInfo",
    "ServiceError",
    "StaleVersion",
    "TableFull",
    "TableInfo",
    "TableNotActive",
    "TableNotFound",
    "TableService",
    "TooManyTables",
    "UnknownAgentLevel",
    "UnknownGame",
]
