"""Errors raised by the Discord layer itself; each carries the sentence shown to the user."""

from __future__ import annotations


class BotError(Exception):
    """A user-facing problem detected in the Discord layer (not by the service or the engine)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotInGameThread(BotError):
    """A command that needs a game thread was used elsewhere."""


class UnknownComponent(BotError):
    """A component whose custom id this bot did not make (forged, or from a removed feature)."""


class StaleComponent(BotError):
    """A button or menu from an older version of the board."""
