"""Away time: a member says they are away until a date, and their deadlines pause.

``set_away(user, until)`` records the absence (from now; a new one replaces the one under
way) and tells each table where the member holds a seat, at most once an hour so repeated
commands never flood the threads, with an ``away`` outbox row: ``user_id``, ``name``,
``until`` (Unix seconds), ``allowance`` (seconds still available at that table);
``come_back(user)`` ends it. While they are away nobody is reminded on their behalf, and when
their deadline comes the timer scheduler moves it on by the time they are away during that
turn, within what is left of the pace's allowance at that table
(``bot.service.absence.away_grant``); past it the normal stall policy applies. Away time is
left out of their time per turn (``bot.service.records``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.service.errors import InvalidSetting
from bot.service.pace import get_pace
from bot.service.tables import TableCore
from bot.service.timers import unix

MAX_AWAY = timedelta(days=365)
NOTICE_EVERY = timedelta(hours=1)  # at most one "is away" notice per table in this time


@dataclass(frozen=True, slots=True)
class AwayTable:
    table_id: int
    allowance_left: timedelta


@dataclass(frozen=True, slots=True)
class AwayNotice:
    until: datetime
    tables: tuple[AwayTable, ...]


class AwayOps(TableCore):
    async def set_away(self, user_id: int, until: datetime) -> AwayNotice:
        """Be away from now until ``until``; InvalidSetting outside now…a year from now."""
        now = self._clock()
        if not now < until <= now + MAX_AWAY:
            latest = now + MAX_AWAY
            raise InvalidSetting(
                f"Choose a date after now and at most a year ahead (by {latest:%Y-%m-%d})."
            )
        tables = await self.tables(user_id=user_id, statuses=("active",))
        recent = await self.store.away_periods([user_id], ends_after=now - NOTICE_EVERY)
        # Changing the date again soon after is not announced again: /away cannot flood threads.
        announce = not any(p.starts_at > now - NOTICE_EVERY for p in recent)
        found = []
        async with self.store.transaction() as tx:
            await tx.add_away(user_id, starts_at=now, ends_at=until)
            for info in tables:
                seat = info.seat_of(user_id)
                if seat is None:
                    continue
                pace = get_pace(info.pace)
                used = timedelta(seconds=await tx.away_used(info.id, user_id))
                left = max(timedelta(0), pace.away_allowance - used)
                found.append(AwayTable(info.id, left))
                if not announce:
                    continue
                await tx.enqueue(
                    info.id,
                    version=info.version,
                    kind="away",
                    payload={
                        "version": info.version,
                        "user_id": user_id,
                        "name": info.holder(seat).name,
                        "until": unix(until),
                        "allowance": int(left.total_seconds()),
                    },
                )
        return AwayNotice(until, tuple(found))

    async def come_back(self, user_id: int) -> None:
        """End the absence under way, if any."""
        now = self._clock()
        async with self.store.transaction() as tx:
            await tx.add_away(user_id, starts_at=now, ends_at=now)

    async def away_until(self, user_ids: list[int]) -> dict[int, datetime]:
        """Of these members, those away now and until when."""
        now = self._clock()
        periods = await self.store.away_periods(user_ids, ends_after=now)
        return {p.user_id: p.ends_at for p in periods if p.starts_at <= now}
