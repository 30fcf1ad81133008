"""The Discord-free application core: tables, seats, moves and the outbox.

``TableService(store)`` is the one entry point (see ``bot.service.tables`` for the rules it
enforces).

- Lobby: ``create_table``, ``join``, ``leave``, ``add_agent``, ``remove_seat``, ``start``,
  ``cancel``, ``set_lobby_message``, ``set_thread``.
- Play: ``submit`` returns a ``MoveResult``; its ``final`` is where the table stands after any
  agent replies, so a new button should carry ``result.final.version``.
- Queries: ``load``, ``info``, ``state_at``, ``table_for_thread``, ``tables``, ``seat_of``,
  ``holder``, ``waiting_on``, ``actions``.
- Delivery: ``service.outbox`` (``pending``, ``mark_delivered``, ``mark_failed``); the payload
  of each row kind is described in ``bot.service.outbox``.

Every refusal is a ``ServiceError`` with a ``reason`` for the player; engine errors
(NotationError, IllegalAction, AmbiguousAction) pass through unchanged.
"""

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
    ThreadTaken,
    TooManyTables,
    UnknownAgentLevel,
    UnknownGame,
)
from bot.service.models import LoadedTable, MoveResult, NextDecision, SeatInfo, TableInfo
from bot.service.outbox import Outbox
from bot.service.service import TableService

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
    "ThreadTaken",
    "TooManyTables",
    "UnknownAgentLevel",
    "UnknownGame",
]
