"""Seats that stall or change hands: extend, agent takeover, take seat, reclaim, leave, concede.

Once the deciding seat's deadline has passed (its ``stalled`` outbox row offers the choices),
any person seated at the table may choose, and the Discord layer shows them as buttons:

- ``extend(table, by_user)``: wait longer; the seat gets a fresh turn of the table's pace
  (new reminders and deadline).
- ``agent_takeover(table, seat, by_user)``: an agent plays the seat until its owner returns,
  by moving (``submit``) or by ``reclaim(table, user)``. A seat's own holder may hand over to
  an agent at any time, stalled or not.
- ``take_seat(table, seat, new_user, name)``: a member who holds no seat here takes it for good;
  the seat changes hands in place and ``seat_changes`` records who had it. Allowed on a stalled
  seat, or on a seat an agent holds since a person left it. The Discord layer checks that
  ``new_user`` is a member of the table's server.

A player may also ``leave_game`` or ``concede``. When at most one other person would still be
playing (always so in a two-player game), the game ends there: a ``concede`` row is appended
to the action log (the state does not change), the table is finished, and a ``result`` outbox
row says "<Label> conceded" with every other seat among the winners. Otherwise an agent takes
the seat for good and the game goes on.

Each change of holder writes a ``seat`` outbox row: ``version``, ``seat``, ``label``,
``reason`` (takeover, reclaim, take_seat, left, conceded), ``by_user``, ``from_user_id``,
``from_agent``, ``from_name``, ``user_id``, ``agent``, ``name``, ``owner_id`` and the
``next_*`` keys. ``extend`` writes an ``extended`` row: ``version``, ``seat``, ``label``,
``by_user``, ``deadline`` (Unix seconds).
"""

from __future__ import annotations

from datetime import datetime

from bot.service.errors import (
    AlreadySeated,
    NotAllowed,
    NotSeated,
    NotStalled,
    StaleVersion,
    TableNotActive,
)
from bot.service.models import TableInfo
from bot.service.pace import get_pace
from bot.service.tables import TableCore
from bot.service.timers import current_deadline, schedule_turn, unix
from storage import Transaction

TAKEOVER_LEVEL = "greedy"


class SeatOps(TableCore):
    # ---- checks ------------------------------------------------------------------------

    async def _stalled_seat(self, info: TableInfo) -> tuple[int, datetime]:
        """The deciding person's seat and its passed deadline; NotStalled otherwise."""
        engine = self.game_of(info)
        state = await self._state_at(info, engine, info.version)
        self._require_active(info, engine, state)
        decision = engine.decision(state)
        assert decision is not None
        if info.holder(decision.seat).user_id is None:
            raise NotStalled("An agent is deciding now; it does not stall.")
        timers = await self.store.list_timers(info.id, version=info.version)
        deadline = current_deadline(timers, info.version, decision.seat)
        if deadline is None or self._clock() < deadline:
            when = "" if deadline is None else f" (until {deadline:%Y-%m-%d %H:%M} UTC)"
            raise NotStalled(
                f"{info.holder(decision.seat).name} still has time to decide{when}.",
                deadline=deadline,
            )
        return decision.seat, deadline

    def _require_player(self, info: TableInfo, user_id: int) -> int:
        seat = info.seat_of(user_id)
        if seat is None:
            raise NotSeated("Only the players at this table can choose that.")
        return seat

    def _takeover_level(self) -> str:
        levels = self.agent_levels()
        return TAKEOVER_LEVEL if TAKEOVER_LEVEL in levels or not levels else levels[0]

    async def _active(self, table_id: int) -> TableInfo:
        info = await self._info(self.store, table_id)
        if info.status != "active":
            raise TableNotActive(f"Table #{table_id} is not being played.")
        return info

    # ---- stalled seats -----------------------------------------------------------------

    async def extend(self, table_id: int, by_user: int) -> datetime:
        """Give the stalled seat another turn's time; returns the new deadline."""
        async with self._lock(table_id):
            info = await self._active(table_id)
            self._require_player(info, by_user)
            seat, _ = await self._stalled_seat(info)
            engine = self.game_of(info)
            async with self.store.transaction() as tx:
                await self._same_version(tx, info)
                deadline = await schedule_turn(
                    tx,
                    table_id,
                    seat=seat,
                    version=info.version,
                    pace=get_pace(info.pace),
                    start=self._clock(),
                )
                await tx.enqueue(
                    table_id,
                    version=info.version,
                    kind="extended",
                    payload={
                        "version": info.version,
                        "seat": seat,
                        "label": engine.seat_label(seat),
                        "user_id": info.holder(seat).user_id,
                        "by_user": by_user,
                        "deadline": unix(deadline),
                    },
                )
            self._scheduled(deadline)
            return deadline

    async def agent_takeover(
        self, table_id: int, seat: int, by_user: int, level: str | None = None
    ) -> TableInfo:
        """An agent plays ``seat`` until its owner returns (moves, or ``reclaim``s it)."""
        async with self._lock(table_id):
            info = await self._active(table_id)
            if not 0 <= seat < len(info.seats):
                raise NotSeated(f"Table #{table_id} has no seat {seat + 1}.")
            holder = info.holder(seat)
            if holder.user_id is None:
                raise NotAllowed(f"{holder.name} is already played by an agent.")
            if holder.user_id != by_user:
                self._require_player(info, by_user)
                stalled, _ = await self._stalled_seat(info)
                if stalled != seat:
                    raise NotStalled(f"{holder.name} is not the seat that stalled.")
            info = await self._hand_to_agent(
                info, seat, by_user, "takeover", owner=holder.user_id, level=level
            )
            return await self._after_seat_change(info)

    async def reclaim(self, table_id: int, user_id: int) -> TableInfo:
        """Take back the seat an agent has been playing for ``user_id``."""
        async with self._lock(table_id):
            info = await self._active(table_id)
            seat = info.owned_by(user_id)
            if seat is None:
                raise NotAllowed("No agent is keeping a seat for you at this table.")
            return await self._return_seat(info, seat, user_id)

    async def take_seat(self, table_id: int, seat: int, new_user: int, name: str = "") -> TableInfo:
        """``new_user`` (a member holding no seat here) replaces the holder of ``seat``."""
        async with self._lock(table_id):
            info = await self._active(table_id)
            if not 0 <= seat < len(info.seats):
                raise NotSeated(f"Table #{table_id} has no seat {seat + 1}.")
            if info.seat_of(new_user) is not None or info.owned_by(new_user) is not None:
                raise AlreadySeated("You already have a seat at this table.")
            holder = info.holder(seat)
            if holder.user_id is not None:
                stalled, _ = await self._stalled_seat(info)
                if stalled != seat:
                    raise NotStalled(f"{holder.name} is not the seat that stalled.")
            else:
                changes = await self.store.list_seat_changes(table_id)
                if not any(c.seat == seat and c.from_user is not None for c in changes):
                    raise NotAllowed(
                        f"{holder.name} was seated when the game began; only a seat a person "
                        "left can be taken."
                    )
            label = self.game_of(info).seat_label(seat)
            decision = await self._decision(info)
            async with self.store.transaction() as tx:
                await self._same_version(tx, info)
                info = await self._change_seat(
                    tx,
                    info,
                    seat,
                    user_id=new_user,
                    agent=None,
                    name=(name.strip() or label)[:100],
                    owner_id=None,
                    reason="take_seat",
                    by_user=new_user,
                    decision=decision,
                )
            return info

    # ---- leaving -----------------------------------------------------------------------

    async def leave_game(self, table_id: int, user_id: int) -> TableInfo:
        """Leave a game being played: an agent takes the seat for good, or the game ends."""
        return await self._quit(table_id, user_id, "left")

    async def concede(self, table_id: int, user_id: int) -> TableInfo:
        """Give up: the game ends with this seat losing, or goes on with an agent in it."""
        return await self._quit(table_id, user_id, "conceded")

    async def _quit(self, table_id: int, user_id: int, reason: str) -> TableInfo:
        async with self._lock(table_id):
            info = await self._active(table_id)
            seat = info.seat_of(user_id)
            if seat is None:
                seat = info.owned_by(user_id)
            if seat is None:
                raise NotSeated("You have no seat at this table.")
            others = [s for s in info.seats if s.seat != seat and s.user_id is not None]
            if len(others) <= 1:
                return await self._end_by_concession(info, seat, user_id)
            info = await self._hand_to_agent(info, seat, user_id, reason, owner=None)
            return await self._after_seat_change(info)

    async def _end_by_concession(self, info: TableInfo, seat: int, user_id: int) -> TableInfo:
        engine = self.game_of(info)
        state = await self._state_at(info, engine, info.version)
        label = engine.seat_label(seat)
        outcome = self._concession(engine, info, state, seat)
        winners = list(outcome.winners)
        new_version = info.version + 1
        async with self.store.transaction() as tx:
            await self._same_version(tx, info)
            await tx.advance_version(info.id, expected=info.version, new=new_version)
            await tx.append_action(
                info.id,
                version=new_version,
                seat=seat,
                action="concede",
                request_id=f"concede:{info.id}:{new_version}",
                user_id=user_id,
                kind="concede",
                events=[f"{label} conceded the game."],
                description="Concede",
            )
            await self._put_snapshot(tx, info.id, new_version, engine.to_json(state))
            await tx.set_status(info.id, "finished", expected="active")
            await tx.cancel_timers(info.id)
            await tx.enqueue(
                info.id,
                version=new_version,
                kind="result",
                payload={
                    "version": new_version,
                    "scores": list(outcome.scores),
                    "breakdown": [dict(b) for b in outcome.breakdown],
                    "winners": winners,
                    "winner_user_ids": [
                        info.holder(w).user_id for w in winners if info.holder(w).user_id
                    ],
                    "reason": outcome.reason,
                    "tiebreak": None,
                    "conceded_seat": seat,
                    "conceded_by": user_id,
                    "seats": self._seats_payload(engine, info),
                },
            )
            await self._archive_later(tx, info, new_version)
        self._states.pop(info.id, None)
        return await self._info(self.store, info.id)

    # ---- shared ------------------------------------------------------------------------

    async def _same_version(self, tx: Transaction, info: TableInfo) -> None:
        """Refuse when another process changed the table since ``info`` was read."""
        await tx.lock_table(info.id)  # and keep it from changing until this commits
        current = await tx.get_table(info.id)
        if current is None or current.status != "active":
            raise TableNotActive(f"Table #{info.id} is not being played any more.")
        if current.version != info.version:
            raise StaleVersion(
                "The game moved on meanwhile; look at the latest board and choose again.",
                expected=info.version,
                actual=current.version,
            )

    async def _hand_to_agent(
        self,
        info: TableInfo,
        seat: int,
        by_user: int,
        reason: str,
        *,
        owner: int | None,
        level: str | None = None,
    ) -> TableInfo:
        chosen = (level or self._takeover_level()).strip().lower()
        if chosen not in self.agent_levels():
            chosen = self._takeover_level()
        name = f"{info.holder(seat).name} ({chosen} bot)"[:100]
        decision = await self._decision(info)
        async with self.store.transaction() as tx:
            await self._same_version(tx, info)
            return await self._change_seat(
                tx,
                info,
                seat,
                user_id=None,
                agent=chosen,
                name=name,
                owner_id=owner,
                reason=reason,
                by_user=by_user,
                decision=decision,
            )

    async def _after_seat_change(self, info: TableInfo) -> TableInfo:
        """Let agent seats move if one of them decides now; returns the table after."""
        engine = self.game_of(info)
        state = await self._state_at(info, engine, info.version)
        await self._agents_answer(info, engine, state, info.version)
        return await self._info(self.store, info.id)
