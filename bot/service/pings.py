"""Whether the board that starts a person's turn pings them.

A ping is for someone who is not looking: a player who moved at the table in the last few
minutes is still there and sees the new board anyway, so they are not pinged (in a quick
game, that is nearly every turn). A member who chose ``reminders`` or ``digest`` is never
pinged when a turn starts (see ``bot.service.settings``). Inside the member's quiet hours the
ping waits: a reminder is scheduled for the moment they end, unless the deadline comes first.
All of it is known before the move is written, which then takes a single write: whether the
player moved lately, from the log rows this process keeps when it has them all, else read
with their settings.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import datetime, timedelta

from bot.service.settings import UserSettings
from storage import ActionRecord, Reader

ACTIVE_WINDOW = timedelta(minutes=5)
# How far back the log is read for the member's last move: a turn's moves and the others'
# since are far fewer, and a bound keeps the cost of a move flat however long the game.
RECENT_MOVES = 60
QUIET_END_REMINDER = 0  # the reminder number of a ping held through quiet hours


def moved_within(
    rows: Sequence[ActionRecord], user_id: int, now: datetime
) -> bool:
    """``moved_lately`` answered from the log's rows it reads, all of them."""
    latest = max((r.created_at for r in rows), default=None)
    theirs = max((r.created_at for r in rows if r.user_id == user_id), default=None)
    return _active(latest, theirs, now)


def _active(latest: datetime | None, theirs: datetime | None, now: datetime) -> bool:
    """Whether the member's last move (``theirs``) is within ``ACTIVE_WINDOW`` of now, or of
    the latest move (``latest``) when the clocks put that later."""
    if theirs is None:
        return False
    assert latest is not None
    return theirs >= max(now, latest) - ACTIVE_WINDOW


def recent(version: int) -> tuple[int, int]:
    """The versions (after, upto] of the log that say whether a member moved lately, before
    the move that makes ``version`` is written."""
    return max(0, version - RECENT_MOVES), version - 1


async def moved_lately(
    reader: Reader, table_id: int, user_id: int, *, version: int, now: datetime
) -> bool:
    """Whether ``user_id`` moved at the table within ``ACTIVE_WINDOW`` before the move that
    makes ``version`` at ``now`` (the one that starts their turn), read before that move is
    written."""
    latest, theirs = await reader.latest_moves(table_id, user_id, after=recent(version)[0])
    return _active(latest, theirs, now)


async def turn_ping(
    reader: Reader,
    table_id: int,
    *,
    user_id: int,
    version: int,
    now: datetime,
    deadline: datetime | None,
    kept: Sequence[ActionRecord] | None = None,
) -> tuple[bool, datetime | None]:
    """Whether to ping ``user_id`` now that their turn starts at ``version``, and when their
    quiet hours hold the ping back, the moment they end (a reminder is due then), else None.
    ``reader`` is the store, whose reads may run at the same time (not a transaction);
    ``kept``: the log's rows ``recent(version)``, when the caller has every one of them.

    A member who moved lately is answered from ``kept`` without a read: in a game played
    briskly, that is nearly every turn, and each read is a wait before the move is written."""
    if kept is not None:
        if moved_within(kept, user_id, now):
            return False, None
        record = await reader.get_user_settings(user_id)
        lately = False
    else:
        # both read at once: one wait where two in a row were two
        record, lately = await asyncio.gather(
            reader.get_user_settings(user_id),
            moved_lately(reader, table_id, user_id, version=version, now=now),
        )
    settings = UserSettings.from_record(record, user_id)
    if settings.turn_pings != "every_turn" or lately:
        return False, None
    if settings.is_quiet(now):
        until = settings.quiet_until(now)
        if now < until and (deadline is None or until < deadline):
            return False, until
        return False, None
    return True, None
