"""Pure rules of away time, shared by the timer scheduler and the statistics."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service.pace import get_pace
from storage import AwayPeriod, Reader, TableRecord, TimerRecord


def overlap(periods: list[AwayPeriod], start: datetime, end: datetime) -> timedelta:
    """How much of ``start``…``end`` the periods cover (they never overlap each other)."""
    total = timedelta(0)
    for period in periods:
        covered = min(period.ends_at, end) - max(period.starts_at, start)
        if covered > timedelta(0):
            total += covered
    return total


def away_now(periods: list[AwayPeriod], now: datetime) -> AwayPeriod | None:
    return next((p for p in periods if p.starts_at <= now < p.ends_at), None)


async def away_grant(
    reader: Reader, table: TableRecord, user_id: int, deadline: TimerRecord, now: datetime
) -> timedelta:
    """How far the deadline timer of a member should move for their away time this turn: the
    time they are away between the start of the turn and the end of each absence that began
    before the deadline, less what was granted already this turn, within the allowance."""
    pace = get_pace(table.pace)
    left = pace.away_allowance - timedelta(seconds=await reader.away_used(table.id, user_id))
    if left <= timedelta(0):
        return timedelta(0)
    turn_start = deadline.created_at
    periods = [
        p for p in await reader.away_periods([user_id], ends_after=turn_start)
        if p.starts_at < deadline.due_at
    ]
    if not periods:
        return timedelta(0)
    paused = overlap(periods, turn_start, max(p.ends_at for p in periods))
    granted = max(timedelta(0), deadline.due_at - (turn_start + pace.turn))
    return max(timedelta(0), min(paused - granted, left))
