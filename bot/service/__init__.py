"""The Discord-free application core: tables, seats, moves, timers, undo and the outbox.

``TableService(store)`` is the one entry point; ``bot.service.service`` lists its whole API
and each module documents its part:

- ``bot.service.tables``: the lobby and moves (``submit`` returns a ``MoveResult``; its
  ``final`` is where the table stands after any agent replies, so a new button should carry
  ``result.final.version``; ``preview_move`` says what a move would do before it is made);
- ``bot.service.pace`` and ``bot.service.timers``: pace presets, reminders, deadlines and the
  ``TimerService`` scheduler;
- ``bot.service.stalls``: extend, agent takeover, take seat, reclaim, leave and concede;
- ``bot.service.undo``: preview, direct undo and undo by consent;
- ``bot.service.inbox``: ``my_tables``, ``game_log``, ``table_info`` and user settings
  (``bot.service.settings``);
- ``bot.service.outbox``: delivery (``pending``, ``begin``, ``mark_delivered``,
  ``mark_failed``) and the payload of each row kind.

Every refusal is a ``ServiceError`` with a ``reason`` for the player; engine errors
(NotationError, IllegalAction, AmbiguousAction) pass through unchanged.
"""

from bot.service.errors import (
    AlreadySeated,
    GameUnavailable,
    InvalidSetting,
    LobbyClosed,
    NotAllowed,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    NotStalled,
    NotYourTurn,
    RecordChanged,
    SeatsChanged,
    ServiceError,
    StaleVersion,
    StillBroken,
    TableBroken,
    TableFull,
    TableNotActive,
    TableNotFound,
    ThreadTaken,
    TooManyTables,
    UndoRefused,
    UndoRequestNotFound,
    UnknownAgentLevel,
    UnknownGame,
    UnknownPace,
)
from bot.service.history import SharedLog
from bot.service.inbox import InboxEntry, InboxPage, LogEntry, TableDetails
from bot.service.models import (
    LoadedTable,
    MovePreview,
    MoveResult,
    NextDecision,
    SeatInfo,
    TableInfo,
)
from bot.service.outbox import Attempt, Outbox
from bot.service.pace import PACES, Pace
from bot.service.service import TableService
from bot.service.settings import UserSettings
from bot.service.timers import TimerService
from bot.service.undo import UndoPreview, UndoRequestInfo, UndoResult, UndoStep

__all__ = [
    "PACES",
    "AlreadySeated",
    "Attempt",
    "GameUnavailable",
    "InboxEntry",
    "InboxPage",
    "InvalidSetting",
    "LoadedTable",
    "LobbyClosed",
    "LogEntry",
    "MovePreview",
    "MoveResult",
    "NextDecision",
    "NotAllowed",
    "NotEnoughPlayers",
    "NotHost",
    "NotSeated",
    "NotStalled",
    "NotYourTurn",
    "Outbox",
    "Pace",
    "RecordChanged",
    "SeatInfo",
    "SeatsChanged",
    "ServiceError",
    "SharedLog",
    "StaleVersion",
    "StillBroken",
    "TableBroken",
    "TableDetails",
    "TableFull",
    "TableInfo",
    "TableNotActive",
    "TableNotFound",
    "TableService",
    "ThreadTaken",
    "TimerService",
    "TooManyTables",
    "UndoPreview",
    "UndoRefused",
    "UndoRequestInfo",
    "UndoRequestNotFound",
    "UndoResult",
    "UndoStep",
    "UnknownAgentLevel",
    "UnknownGame",
    "UnknownPace",
    "UserSettings",
]
