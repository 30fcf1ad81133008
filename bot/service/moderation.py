"""What a server's moderators may do, each recorded in the server's moderation log.

Who is a moderator (Manage Server, or the role ``/admin role`` sets) is Discord's to know; the
Discord layer checks it before calling. The service checks that the table belongs to the
moderator's server, so a moderator of one server never reaches another server's tables.

- ``configure(guild, by_user, action, detail, **changes)``: server settings and caps
  (``bot.service.server``);
- ``moderator_cancel(table, guild, by_user, reason)``: a lobby or a game in play ends; a
  ``cancel`` outbox row carries the reason to the thread and the lobby message;
- ``moderator_seat(table, seat, guild, by_user, free=...)``: a bot plays the seat for good, or
  (``free``) plays it only until a member takes it with "Take this seat";
- ``moderator_extend(table, guild, by_user, hours)``: the deciding seat's deadline moves on.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from bot.service.errors import (
    InvalidSetting,
    NotAllowed,
    NotSeated,
    TableNotActive,
    TableNotFound,
)
from bot.service.models import TableInfo
from bot.service.pace import get_pace
from bot.service.server import ServerSettings
from bot.service.stalls import SeatOps
from bot.service.timers import current_deadline, schedule_deadline, unix
from storage import ModerationRecord, Reader

REASON_LENGTH = 300
FREED = "freed by a moderator"  # the seat notice then offers "Take this seat"
REPLACED = "replaced by a moderator"
MAX_EXTEND_HOURS = 24 * 14


class ModOps(SeatOps):
    async def _server_table(
        self, table_id: int, guild_id: int, reader: Reader | None = None
    ) -> TableInfo:
        info = await self._info(reader or self.store, table_id)
        if info.guild_id != guild_id:
            raise TableNotFound(table_id)  # another server's table does not exist here
        return info

    async def configure(
        self, guild_id: int, by_user: int, action: str, detail: str, **changes: Any
    ) -> ServerSettings:
        """Change server settings (checked) and log it as ``action`` with ``detail``."""
        async with self.store.transaction() as tx:
            current = await self.server_settings(guild_id, tx)
            updated = current.with_changes(**changes)
            await tx.put_guild_settings(
                guild_id, updated.stored(self.max_open_tables_per_guild)
            )
            await tx.log_moderation(
                guild_id, user_id=by_user, table_id=None, action=action, detail=detail[:200]
            )
        return updated

    async def set_dashboard_message(self, guild_id: int, message_id: int | None) -> None:
        """Remember the dashboard's message (it was posted again after someone deleted it)."""
        async with self.store.transaction() as tx:
            current = await self.server_settings(guild_id, tx)
            updated = current.with_changes(dashboard_message_id=message_id)
            await tx.put_guild_settings(
                guild_id, updated.stored(self.max_open_tables_per_guild)
            )

    async def moderator_cancel(
        self, table_id: int, guild_id: int, by_user: int, reason: str
    ) -> TableInfo:
        reason = " ".join(reason.split())
        if not 1 <= len(reason) <= REASON_LENGTH:
            raise InvalidSetting(f"Give a reason of 1 to {REASON_LENGTH} characters.")
        async with self._lock(table_id), self.store.transaction() as tx:
            info = await self._server_table(table_id, guild_id, tx)
            if info.status not in ("lobby", "active"):
                raise TableNotActive(f"Table #{table_id} is already {info.status}.")
            await tx.set_status(table_id, "cancelled", expected=info.status)
            await tx.cancel_timers(table_id)
            await tx.enqueue(
                table_id,
                version=info.version,
                kind="cancel",
                payload={"version": info.version, "by_user": by_user, "reason": reason,
                         "moderator": True},
            )
            await tx.log_moderation(
                guild_id, user_id=by_user, table_id=table_id, action="cancel", detail=reason
            )
            if info.status == "active":
                await self._archive_later(tx, info, info.version)
            self._states.pop(table_id, None)
            return await self._info(tx, table_id)

    async def moderator_seat(
        self, table_id: int, seat: int, guild_id: int, by_user: int, *, free: bool
    ) -> TableInfo:
        """A bot takes ``seat`` for good; with ``free``, until a member takes the seat."""
        async with self._lock(table_id):
            info = await self._server_table(table_id, guild_id)
            if info.status != "active":
                raise TableNotActive(f"Table #{table_id} is not being played.")
            if not 0 <= seat < len(info.seats):
                raise NotSeated(f"Table #{table_id} has no seat {seat + 1}.")
            holder = info.holder(seat)
            if holder.user_id is None:
                raise NotAllowed(f"Seat {seat + 1} ({holder.name}) is already played by a bot.")
            reason = FREED if free else REPLACED
            info = await self._hand_to_agent(info, seat, by_user, reason, owner=None)
            await self._log_seat(guild_id, by_user, table_id, seat, free)
            return await self._after_seat_change(info)

    async def _log_seat(
        self, guild_id: int, by_user: int, table_id: int, seat: int, free: bool
    ) -> None:
        async with self.store.transaction() as tx:
            await tx.log_moderation(
                guild_id, user_id=by_user, table_id=table_id,
                action="free_seat" if free else "bot_seat", detail=f"seat {seat + 1}",
            )

    async def moderator_extend(
        self, table_id: int, guild_id: int, by_user: int, hours: int | None = None
    ) -> datetime:
        """Move the deciding seat's deadline on by ``hours`` (default: one turn of the pace),
        counted from the later of now and the current deadline; returns the new deadline."""
        if hours is not None and not 1 <= hours <= MAX_EXTEND_HOURS:
            raise InvalidSetting(f"Extend by 1 to {MAX_EXTEND_HOURS} hours.")
        async with self._lock(table_id):
            info = await self._server_table(table_id, guild_id)
            if info.status != "active":
                raise TableNotActive(f"Table #{table_id} is not being played.")
            decision = await self._decision(info)
            if decision is None or info.holder(decision.seat).user_id is None:
                raise TableNotActive("No person is deciding at this table now.")
            pace = get_pace(info.pace)
            timers = await self.store.list_timers(table_id, version=info.version)
            now = self._clock()
            current = current_deadline(timers, info.version, decision.seat) or now
            extra = pace.turn if hours is None else timedelta(hours=hours)
            target = max(current, now) + extra
            engine = self.game_of(info)
            async with self.store.transaction() as tx:
                await self._same_version(tx, info)
                deadline = await schedule_deadline(
                    tx, table_id, seat=decision.seat, version=info.version, pace=pace,
                    deadline=target, now=now,
                )
                await tx.enqueue(
                    table_id,
                    version=info.version,
                    kind="extended",
                    payload={
                        "version": info.version,
                        "seat": decision.seat,
                        "label": engine.seat_label(decision.seat),
                        "user_id": info.holder(decision.seat).user_id,
                        "by_user": by_user,
                        "deadline": unix(deadline),
                    },
                )
                await tx.log_moderation(
                    guild_id, user_id=by_user, table_id=table_id, action="extend",
                    detail=f"deadline {deadline:%Y-%m-%d %H:%M} UTC",
                )
            self._scheduled(deadline)
            return deadline

    async def moderation_log(self, guild_id: int, limit: int = 20) -> list[ModerationRecord]:
        return await self.store.moderation_log(guild_id, limit=max(1, min(limit, 50)))
