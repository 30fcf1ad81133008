"""Pace presets: how long a seat has to decide, and when it is reminded.

A table's pace is chosen at creation and stored by name. The clock of a seat starts when a
decision passes to it (every action restarts it); reminders fire at fixed fractions of the
turn time, escalating towards the deadline, and the deadline itself marks the seat stalled.
A member who is away (``bot.service.away``) has their deadline paused for as long as they are
away, up to the pace's ``away_allowance`` per table.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.service.errors import UnknownPace


@dataclass(frozen=True, slots=True)
class Pace:
    name: str
    title: str
    turn: timedelta  # from the decision passing to the seat until its deadline
    reminders: tuple[float, ...]  # fractions of ``turn`` at which the seat is reminded
    # how long a member's declared absence may pause their deadlines, per table
    away_allowance: timedelta = timedelta(0)

    def reminder_times(self, start: datetime) -> list[datetime]:
        return [start + self.turn * fraction for fraction in self.reminders]

    def deadline(self, start: datetime) -> datetime:
        return start + self.turn


PACES: dict[str, Pace] = {
    pace.name: pace
    for pace in (
        # a live table is played in one sitting: an absence does not pause it
        Pace("live", "Live (10 minutes a turn)", timedelta(minutes=10), (0.5, 0.9)),
        Pace("brisk", "Brisk (2 hours a turn)", timedelta(hours=2), (0.25, 0.6, 0.9),
             timedelta(days=2)),
        Pace("daily", "Daily (24 hours a turn)", timedelta(hours=24), (0.25, 0.6, 0.9),
             timedelta(days=7)),
        Pace("relaxed", "Relaxed (3 days a turn)", timedelta(hours=72), (0.25, 0.6, 0.9),
             timedelta(days=21)),
    )
}
DEFAULT_PACE = "daily"


def get_pace(name: str) -> Pace:
    """The preset called ``name`` (any case, surrounding spaces ignored)."""
    key = name.strip().lower() if isinstance(name, str) else ""
    pace = PACES.get(key)
    if pace is None:
        raise UnknownPace(f"There is no {name!r} pace. Choose one of: {', '.join(PACES)}.")
    return pace
