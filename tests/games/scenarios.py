"""Driving a game from a hand-built state, for any game's rule scenarios."""

from __future__ import annotations

from typing import Generic, TypeVar

from games.core import Event, Game

S = TypeVar("S")


class Driver(Generic[S]):
    """Moves and questions about one game's states, for scenario tests."""

    def __init__(self, game: Game[S]) -> None:
        self.game = game

    def play(self, state: S, *actions: str) -> tuple[S, list[Event]]:
        """Apply actions in order (each must be legal); returns the final state and all events."""
        events: list[Event] = []
        for action in actions:
            step = self.game.step(state, action)
            events.extend(step.events)
            state = step.state
        return state, events

    def kind(self, state: S) -> str | None:
        """The kind of the decision now open, or None when the game is over."""
        d = self.game.decision(state)
        return d.kind if d is not None else None


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]
