"""The daily digest: one direct message a day listing every game waiting on a member.

A member opts in with ``/settings digest:True`` (``user_settings.daily_digest``). Their digest
is due once a day from ``DIGEST_HOUR`` in their own time zone; ``digests_due(now)`` returns
each due member's games waiting on them (each entry carries what a link to its board needs)
and records the digest as sent before it goes out, so a crash can lose one digest but never
send two. A member with nothing waiting gets no message that day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta

from bot.service.inbox import InboxEntry, InfoOps
from bot.service.settings import UserSettings

DIGEST_HOUR = time(9, 0)  # local time
MAX_ENTRIES = 25
CHECK_EVERY = timedelta(minutes=1)


@dataclass(frozen=True, slots=True)
class Digest:
    user_id: int
    entries: tuple[InboxEntry, ...]


def digest_start(settings: UserSettings, now: datetime) -> datetime:
    """The latest ``DIGEST_HOUR`` in the member's time zone at or before ``now``."""
    local = now.astimezone(settings.zone)
    start = datetime.combine(local.date(), DIGEST_HOUR, settings.zone)
    if start > local:
        start = datetime.combine(local.date() - timedelta(days=1), DIGEST_HOUR, settings.zone)
    return start


class DigestOps(InfoOps):
    _digests_checked: datetime | None = None

    async def digests_due(self, now: datetime | None = None) -> list[Digest]:
        """The digests due now. Asked after every timer pass, which moves make frequent, so
        the subscribers are looked at once every ``CHECK_EVERY`` at most."""
        now = now or self._clock()
        if self._digests_checked is not None and now - self._digests_checked < CHECK_EVERY:
            return []
        self._digests_checked = now
        due = []
        for record in await self.store.digest_subscribers():
            settings = UserSettings.from_record(record, record.user_id)
            start = digest_start(settings, now)
            if record.digest_sent_at is not None and record.digest_sent_at >= start:
                continue
            async with self.store.transaction() as tx:
                await tx.mark_digest_sent(record.user_id, now)
            page = await self.my_tables(record.user_id, per_page=MAX_ENTRIES)
            waiting = tuple(e for e in page.entries if e.waiting_on_me)
            if waiting:
                due.append(Digest(record.user_id, waiting))
        return due
