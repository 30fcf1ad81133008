"""Per-user notification settings: time zone, quiet hours and how to be reminded.

Settings belong to a Discord user across every server and table. Values arrive as the text a
member typed, so each is validated here and refused with an ``InvalidSetting`` reason:

- ``time_zone``: an IANA name such as ``Europe/Paris`` (any case); ``UTC`` by default.
- ``quiet_hours``: ``"22:00-07:30"`` in the user's local time (may wrap midnight; ``10pm`` and
  ``7`` are understood too), or ``off`` / ``none`` to have none. A reminder due inside quiet
  hours is held until they end; deadlines and table posts are not held.
- ``notify``: ``thread`` (a ping in the game thread, the default) or ``dm`` (a direct message).
- ``turn_pings``: ``every_turn`` (the default: a ping when a turn starts while the member is
  away from the table), ``reminders`` (no ping when a turn starts; the pace's reminders still
  come) or ``digest`` (neither: a daily digest lists the games waiting on them). Quiet hours
  hold turn pings too, until they end.
- ``daily_digest``: opted in to one direct message a day, in the morning of their time zone,
  listing every game waiting on them (``bot.service.digest``); off by default.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from bot.service.errors import InvalidSetting
from storage import NotifyMethod, TurnPings, UserSettingsRecord

log = logging.getLogger(__name__)

NOTIFY_METHODS: tuple[NotifyMethod, ...] = ("thread", "dm")
_NOTIFY_ALIASES: dict[str, NotifyMethod] = {
    "thread": "thread",
    "ping": "thread",
    "channel": "thread",
    "dm": "dm",
    "direct": "dm",
    "direct message": "dm",
}
TURN_PINGS: tuple[TurnPings, ...] = ("every_turn", "reminders", "digest")
_TURN_PING_ALIASES: dict[str, TurnPings] = {
    "every turn": "every_turn",
    "every_turn": "every_turn",
    "turns": "every_turn",
    "reminders": "reminders",
    "reminders only": "reminders",
    "digest": "digest",
    "daily digest": "digest",
}
_TIME = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$")
_OFF = {"", "off", "none", "no"}
MAX_INPUT = 100


@cache
def _zones() -> dict[str, str]:
    """Lower-case name → IANA name of every zone this machine knows."""
    zones = {name.lower(): name for name in available_timezones()}
    zones.setdefault("utc", "UTC")
    return zones


def parse_time_zone(text: str) -> str:
    key = text.strip().lower() if isinstance(text, str) else ""
    name = _zones().get(key) if len(key) <= MAX_INPUT else None
    if name is None:
        raise InvalidSetting(
            f"{str(text)[:40]!r} is not a time zone I know. Use a name like Europe/Paris, "
            "America/New_York or Asia/Tokyo."
        )
    return name


def parse_clock_time(text: str) -> time:
    """``"22:00"``, ``"7:30"``, ``"7"``, ``"10pm"`` → a time of day."""
    match = _TIME.match(text.strip().lower()) if isinstance(text, str) else None
    if match is None:
        raise InvalidSetting(f"{str(text)[:40]!r} is not a time of day; write it like 22:00.")
    hour, minute = int(match.group(1)), int(match.group(2) or 0)
    meridiem = match.group(3)
    if meridiem is not None:
        if not 1 <= hour <= 12:
            raise InvalidSetting(f"{text.strip()!r}: with am/pm the hour is 1 to 12.")
        hour = hour % 12 + (12 if meridiem == "pm" else 0)
    if hour > 23 or minute > 59:
        raise InvalidSetting(f"{text.strip()!r} is not a time of day; write it like 22:00.")
    return time(hour, minute)


def parse_quiet_hours(text: str) -> tuple[time, time] | None:
    """``"22:00-07:00"`` → (start, end); ``"off"`` → None."""
    if not isinstance(text, str) or len(text) > MAX_INPUT:
        raise InvalidSetting("Write quiet hours like 22:00-07:00, or off.")
    if text.strip().lower() in _OFF:
        return None
    parts = re.split(r"\s*(?:-|–|to)\s*", text.strip().lower())
    if len(parts) != 2:
        raise InvalidSetting("Write quiet hours like 22:00-07:00, or off.")
    start, end = parse_clock_time(parts[0]), parse_clock_time(parts[1])
    if start == end:
        raise InvalidSetting("Quiet hours must start and end at different times.")
    return start, end


def parse_notify(text: str) -> NotifyMethod:
    key = " ".join(text.strip().lower().split()) if isinstance(text, str) else ""
    method = _NOTIFY_ALIASES.get(key)
    if method is None:
        raise InvalidSetting("Choose how to be reminded: thread (a ping in the game) or dm.")
    return method


def parse_turn_pings(text: str) -> TurnPings:
    key = " ".join(text.strip().lower().split()) if isinstance(text, str) else ""
    choice = _TURN_PING_ALIASES.get(key[:MAX_INPUT])
    if choice is None:
        raise InvalidSetting(
            "Choose which turns ping you: every turn, reminders only, or daily digest."
        )
    return choice


def _offset(zone: ZoneInfo, ts: int) -> timedelta | None:
    return datetime.fromtimestamp(ts, zone).utcoffset()


def _offset_changes(zone: ZoneInfo, start: datetime, end: datetime) -> list[datetime]:
    """The instants between ``start`` and ``end`` at which the zone's UTC offset changes,
    to the second (offsets never change twice within an hour)."""
    found = []
    ts, last = int(start.timestamp()), int(end.timestamp())
    while ts < last:
        lo, hi = ts, min(ts + 3600, last)
        if _offset(zone, lo) != _offset(zone, hi):
            while hi - lo > 1:
                mid = (lo + hi) // 2
                lo, hi = (mid, hi) if _offset(zone, mid) == _offset(zone, lo) else (lo, mid)
            found.append(datetime.fromtimestamp(hi, UTC))
        ts += 3600
    return found


def _time_or_none(text: str | None) -> time | None:
    return None if text is None else time.fromisoformat(text)


def _hhmm(value: time) -> str:
    return value.strftime("%H:%M")


@dataclass(frozen=True, slots=True)
class UserSettings:
    user_id: int
    time_zone: str = "UTC"
    quiet_start: time | None = None  # local time; both set or neither
    quiet_end: time | None = None
    notify: NotifyMethod = "thread"
    turn_pings: TurnPings = "every_turn"
    daily_digest: bool = False

    @classmethod
    def from_record(cls, record: UserSettingsRecord | None, user_id: int) -> UserSettings:
        """The stored settings; a time zone this machine no longer knows is read as UTC, so
        one user's setting never stops a reminder."""
        if record is None:
            return cls(user_id)
        zone = record.time_zone or "UTC"
        if zone.lower() not in _zones():
            log.warning("user %s: time zone %r is unknown here; using UTC", user_id, zone)
            zone = "UTC"
        return cls(
            user_id=user_id,
            time_zone=zone,
            quiet_start=_time_or_none(record.quiet_start),
            quiet_end=_time_or_none(record.quiet_end),
            notify=record.notify,
            turn_pings=record.turn_pings,
            daily_digest=record.daily_digest,
        )

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)

    @property
    def quiet_hours(self) -> str | None:
        """``"22:00-07:00"``, or None when the user has none."""
        if self.quiet_start is None or self.quiet_end is None:
            return None
        return f"{_hhmm(self.quiet_start)}-{_hhmm(self.quiet_end)}"

    def is_quiet(self, at: datetime) -> bool:
        """Whether ``at`` (any aware time) falls inside the user's quiet hours."""
        if self.quiet_start is None or self.quiet_end is None:
            return False
        local = at.astimezone(self.zone).time().replace(tzinfo=None)
        if self.quiet_start < self.quiet_end:
            return self.quiet_start <= local < self.quiet_end
        return local >= self.quiet_start or local < self.quiet_end

    def quiet_until(self, at: datetime) -> datetime:
        """When the quiet hours around ``at`` end (UTC); ``at`` itself when not quiet.

        The end is the first instant whose local time is no longer quiet. The local clock
        reaches the end of quiet hours either by running (at the wall time ``quiet_end``, of
        which a repeated autumn hour has two instants) or by jumping at a change of offset
        (a skipped spring hour), so the answer is the earliest of those candidates that is
        not quiet. Comparing in UTC keeps the fold apart: in one zone Python compares wall
        times and ignores it."""
        if not self.is_quiet(at) or self.quiet_end is None:
            return at
        zone = self.zone
        start = at.astimezone(UTC)
        today = start.astimezone(zone).date()
        candidates = [
            datetime.combine(today + timedelta(days=d), self.quiet_end.replace(fold=f), zone)
            .astimezone(UTC)
            for d in (-1, 0, 1, 2)
            for f in (0, 1)
        ]
        candidates += _offset_changes(zone, start, start + timedelta(days=2))
        for moment in sorted(c for c in candidates if c > start):
            if not self.is_quiet(moment):
                return moment
        raise AssertionError("quiet hours last less than a day")

    def stored(self) -> dict[str, str | None]:
        """The values as the store keeps them."""
        return {
            "time_zone": self.time_zone,
            "quiet_start": None if self.quiet_start is None else _hhmm(self.quiet_start),
            "quiet_end": None if self.quiet_end is None else _hhmm(self.quiet_end),
            "notify": self.notify,
        }
