"""Whether the board that starts a person's turn pings them.

A ping is for someone who is not looking: a player who moved at the table in the last few
minutes is still there and sees the new board anyway, so they are not pinged (in a quick
game, that is nearly every turn). A member who chose ``reminders`` or ``digest`` is never
pinged when a turn starts (see ``bot.service.settings``). Inside the member's quiet hours the
ping waits: a reminder is scheduled for the moment they end, unless the deadline comes first.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service.settings import UserSettings
from storage import Transaction

ACTIVE_WINDOW = timedelta(minutes=5)
# How far back the log is read for the member's last move: a turn's moves and the others'
# since are far fewer, and a bound keeps the cost of a move flat however long the game.
RECENT_MOVES = 60
QUIET_END_REMINDER = 0  # the reminder number of a ping held through quiet hours


async def moved_lately(tx: Transaction, table_id: int, user_id: int) -> bool:
    """Whether ``user_id`` moved at the table within ``ACTIVE_WINDOW`` before its latest move
    (the one that starts their turn). Times are compared with times the store wrote, so the
    answer does not depend on two clocks agreeing."""
    table = await tx.get_table(table_id)
    if table is None:
        return False
    recent = await tx.list_actions(table_id, after=max(0, table.version - RECENT_MOVES))
    if not recent:
        return False
    since = max(a.created_at for a in recent) - ACTIVE_WINDOW
    return any(a.user_id == user_id and a.created_at >= since for a in recent)


async def turn_ping(
    tx: Transaction,
    table_id: int,
    *,
    user_id: int,
    seat: int,
    version: int,
    now: datetime,
    deadline: datetime | None,
) -> bool:
    """Whether to ping ``user_id`` now that their turn starts at ``version``; when their quiet
    hours hold the ping back, a reminder is added for when they end."""
    settings = UserSettings.from_record(await tx.get_user_settings(user_id), user_id)
    if settings.turn_pings != "every_turn":
        return False
    if await moved_lately(tx, table_id, user_id):
        return False
    if settings.is_quiet(now):
        until = settings.quiet_until(now)
        if now < until and (deadline is None or until < deadline):
            await tx.add_timer(
                table_id, seat=seat, version=version, kind="reminder",
                number=QUIET_END_REMINDER, due_at=until,
            )  # fmt: skip
        return False
    return True
