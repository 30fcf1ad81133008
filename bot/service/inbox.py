"""Read-only views for a member: their tables, a table's log and facts, their settings.

- ``my_tables(user, page=0)``: one page (``InboxPage``) of the user's tables in the lobby or
  being played, on every server, those waiting on them first (earliest deadline first), then
  the rest, newest activity first; only the tables on the page are loaded. Each
  ``InboxEntry`` carries what a jump link needs: ``guild_id`` (None outside a server),
  ``channel_id``, ``thread_id`` and ``board_message_id`` (the newest board post, when known).
- ``game_log(table, viewer)``: the effective moves in order (undone moves left out), each with
  its version, seat, notation, words and the events ``viewer`` (a seat, or None for anyone
  else) may read, plus a closing ``concede`` entry.
- ``private_events(table, seat)``: what the log told that seat alone since its last move.
- ``table_info(table)``: game, pace, seats, who decides now, their deadline, whether the seat
  is stalled, an open undo request and, once finished, the result.
- ``replay_matches(table)``: the stored state equals the replay of the effective log.
- ``user_settings(user)`` / ``set_user_settings(user, time_zone=…, quiet_hours=…, notify=…)``;
  see ``bot.service.settings`` for the accepted values.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.service.errors import GameUnavailable, ServiceError
from bot.service.history import SharedLog, effective_moves, line_tail, moves_before
from bot.service.models import NextDecision, SeatInfo, TableInfo
from bot.service.pace import get_pace
from bot.service.settings import (
    UserSettings,
    parse_notify,
    parse_quiet_hours,
    parse_time_zone,
    parse_turn_pings,
)
from bot.service.tables import TableCore
from bot.service.timers import current_deadline
from games.core import Event, Outcome
from storage import ActionRecord, SeatedTable, TableStatus

log = logging.getLogger(__name__)


def _visible(stored: tuple[Any, ...], viewer: int | None) -> tuple[Event, ...]:
    """The stored events ``viewer`` (a seat, or None for anyone else) may read."""
    events = (Event.from_json(e) for e in stored)
    return tuple(e for e in events if e.visible_to(viewer))


@dataclass(frozen=True, slots=True)
class InboxEntry:
    table_id: int
    game: str
    title: str  # the game's title, as people read it
    status: TableStatus
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    board_message_id: int | None  # the newest board posted in the thread, if any
    seat: int | None  # the user's seat (None while an agent keeps it for them)
    label: str | None
    waiting_on_me: bool
    next: NextDecision | None
    deadline: datetime | None  # of the seat deciding now
    version: int
    updated_at: datetime
    unavailable: bool = False  # its game is not installed now (title is then the game's name)


@dataclass(frozen=True, slots=True)
class LogEntry:
    version: int
    kind: str  # "move" or "concede"
    seat: int
    label: str
    name: str  # who holds the seat now
    user_id: int | None  # who made the move (None for an agent)
    action: str  # notation
    description: str
    events: tuple[Event, ...]  # only those the viewer the log was made for may read
    reversible: bool
    at: datetime
    revealed: bool = True  # it revealed hidden information or used chance (or is not known)


@dataclass(frozen=True, slots=True)
class TableDetails:
    info: TableInfo
    title: str
    pace: str
    pace_title: str
    seats: tuple[SeatInfo, ...]
    labels: tuple[str, ...]  # seat labels in seat order
    next: NextDecision | None
    deadline: datetime | None
    stalled: bool  # the deadline has passed; the stall choices are open
    open_undo_request: int | None
    outcome: Outcome | None  # once finished (a concession included)
    moves: int  # effective moves so far
    unavailable: str | None = None  # why nothing more is known: its game is not installed now
    away: dict[int, datetime] = field(default_factory=dict)  # seated members away, until when


@dataclass(frozen=True, slots=True)
class InboxPage:
    entries: tuple[InboxEntry, ...]
    page: int  # from 0; a page past the end shows the last one
    pages: int
    total: int  # open tables of the user
    waiting: int  # of which waiting on them


PAGE_SIZE = 10
BOARD_KINDS = ("start", "turn", "undo")
OPEN: tuple[TableStatus, ...] = ("lobby", "active")


class InfoOps(TableCore):
    async def my_tables(
        self, user_id: int, *, page: int = 0, per_page: int = PAGE_SIZE
    ) -> InboxPage:
        """One page of the user's open tables, those waiting on them first.

        Ordering needs no game state: one query orders every table by the seat whose
        deadline runs now and returns the page, so only its tables are loaded."""
        per_page = max(1, per_page)
        found = await self.store.inbox(
            user_id, OPEN, offset=max(0, page) * per_page, limit=per_page
        )
        pages = max(1, -(-found.total // per_page))
        if not found.rows and page >= pages and found.total:  # past the end: the last page
            page = pages - 1
            found = await self.store.inbox(user_id, OPEN, offset=page * per_page, limit=per_page)
        page = min(max(0, page), pages - 1)
        shown = found.rows
        ids = [r.table_id for r in shown]
        records = {t.id: t for t in await self.store.list_tables(ids=ids)}
        boards = await self.store.latest_messages(ids, BOARD_KINDS)
        entries = []
        for row in shown:
            record = records.get(row.table_id)
            if record is None:
                continue
            try:
                info = TableInfo.from_record(record)
                entries.append(await self._entry(info, user_id, row, boards.get(info.id)))
            except ServiceError as error:  # a table that cannot be read is left out
                log.info("table %s is left out of an inbox: %s", row.table_id, error.reason)
        return InboxPage(tuple(entries), page, pages, found.total, found.waiting)

    async def _entry(
        self, info: TableInfo, user_id: int, row: SeatedTable, board: int | None
    ) -> InboxEntry:
        try:
            engine = self.game_of(info)
        except GameUnavailable:
            return self._unavailable_entry(info, user_id)
        seat = info.seat_of(user_id)
        nxt: NextDecision | None = None
        deadline = None
        if info.status == "active":
            state = await self._state_at(info, engine, info.version)
            decision = engine.decision(state)
            if decision is not None:
                nxt = NextDecision.of(engine, info, decision)
                if row.deadline_seat == decision.seat:
                    deadline = row.deadline
        return InboxEntry(
            table_id=info.id,
            game=info.game,
            title=engine.title,
            status=info.status,
            guild_id=info.guild_id,
            channel_id=info.channel_id,
            thread_id=info.thread_id,
            lobby_message_id=info.lobby_message_id,
            board_message_id=board if info.status == "active" else None,
            seat=seat,
            label=None if seat is None else engine.seat_label(seat),
            waiting_on_me=nxt is not None and nxt.user_id == user_id,
            next=nxt,
            deadline=deadline,
            version=info.version,
            updated_at=info.updated_at,
        )

    @staticmethod
    def _unavailable_entry(info: TableInfo, user_id: int) -> InboxEntry:
        return InboxEntry(
            table_id=info.id,
            game=info.game,
            title=info.game,
            status=info.status,
            guild_id=info.guild_id,
            channel_id=info.channel_id,
            thread_id=info.thread_id,
            lobby_message_id=info.lobby_message_id,
            board_message_id=None,
            seat=info.seat_of(user_id),
            label=None,
            waiting_on_me=False,
            next=None,
            deadline=None,
            version=info.version,
            updated_at=info.updated_at,
            unavailable=True,
        )

    async def game_log(self, table_id: int, viewer: int | None = None) -> list[LogEntry]:
        info = await self._info(self.store, table_id)
        engine = self.game_of(info)
        rows = await self.store.list_actions(table_id)
        moves = effective_moves(rows)
        words = self._words(info, engine, moves)
        shown = moves + [r for r in rows if r.kind == "concede"]
        return [
            LogEntry(
                version=r.version,
                kind=r.kind,
                seat=r.seat,
                label=engine.seat_label(r.seat),
                name=info.holder(r.seat).name if 0 <= r.seat < len(info.seats) else "",
                user_id=r.user_id,
                action=r.action,
                description=words.get(r.version, (r.description, r.events))[0],
                events=_visible(words.get(r.version, (r.description, r.events))[1], viewer),
                reversible=r.reversible,
                at=r.created_at,
                revealed=r.revealed,
            )
            for r in shown
        ]

    async def private_events(
        self,
        table_id: int,
        seat: int,
        limit: int = 8,
        *,
        at: int,
        log: SharedLog | None = None,
    ) -> list[str]:
        """The newest events only ``seat`` (and perhaps some others) could read, from the start
        of its latest turn on, as the table stood at version ``at``: what its panel reminds it
        of. ``log``: reads shared with other questions asked at once (``shared_log``)."""
        def turn_start(rows: list[ActionRecord]) -> int:
            start = max((i for i, r in enumerate(rows) if r.seat == seat), default=0)
            while start > 0 and rows[start - 1].seat == seat:
                start -= 1
            return start

        rows = await line_tail(
            log or self._log, table_id, at, lambda tail: turn_start(tail) > 0
        )
        start = turn_start(rows)
        found = [
            e.text for r in rows[start:] for e in _visible(r.events, seat) if not e.public
        ]
        return found[-limit:]

    @staticmethod
    def _words(
        info: TableInfo, engine: Any, moves: list[ActionRecord]
    ) -> dict[int, tuple[str, tuple[Any, ...]]]:
        """The words and events (as stored, audiences included) of moves stored without them
        (a finished game after the retention period, or a move logged before they were
        kept), by replaying."""
        if all(m.description for m in moves):
            return {}
        words = {}
        state = engine.new_game(len(info.seats), info.seed, info.options)
        for move in moves:
            step = engine.step(state, move.action)
            words[move.version] = (
                engine.describe(state, move.action),
                tuple(e.to_json() for e in step.events),
            )
            state = step.state
        return words

    async def table_info(self, table_id: int) -> TableDetails:
        info = await self._info(self.store, table_id)
        pace = get_pace(info.pace)
        try:
            engine = self.game_of(info)
        except GameUnavailable as unavailable:
            return TableDetails(
                info=info, title=info.game, pace=pace.name, pace_title=pace.title,
                seats=info.seats, labels=tuple(f"Seat {s.seat + 1}" for s in info.seats),
                next=None, deadline=None, stalled=False, open_undo_request=None, outcome=None,
                moves=info.version, unavailable=str(unavailable),
            )
        nxt: NextDecision | None = None
        deadline = None
        outcome = None
        moves = 0
        undo_request = None
        if info.status != "lobby":
            state = await self._state_at(info, engine, info.version)
            rows = await self.store.list_actions(table_id)
            moves = len(effective_moves(rows))
            decision = engine.decision(state)
            conceded = [r for r in rows if r.kind == "concede"]
            if conceded:
                outcome = self._concession(engine, info, state, conceded[-1].seat)
            elif decision is None:
                outcome = engine.outcome(state)
            elif info.status == "active":
                nxt = NextDecision.of(engine, info, decision)
                if nxt.user_id is not None:
                    timers = await self.store.list_timers(table_id, version=info.version)
                    deadline = current_deadline(timers, info.version, decision.seat)
                request = await self.store.open_undo_request(table_id)
                if request is not None and request.at_version == info.version:
                    undo_request = request.id
        now = self._clock()
        periods = await self.store.away_periods(list(info.user_ids), ends_after=now)
        return TableDetails(
            away={p.user_id: p.ends_at for p in periods if p.starts_at <= now},
            info=info,
            title=engine.title,
            pace=pace.name,
            pace_title=pace.title,
            seats=info.seats,
            labels=tuple(engine.seat_label(s.seat) for s in info.seats),
            next=nxt,
            deadline=deadline,
            stalled=deadline is not None and self._clock() >= deadline,
            open_undo_request=undo_request,
            outcome=outcome,
            moves=moves,
        )

    async def replay_matches(self, table_id: int) -> bool:
        """Whether the stored state equals the replay of the effective log (a health check):
        the log replays to the table's version, and the latest snapshot on its line of play
        (a move stores one only every few versions) equals the replay up to that snapshot."""
        info = await self._info(self.store, table_id)
        if info.status == "lobby":
            return True
        engine = self.game_of(info)
        rows = await self.store.list_actions(table_id)
        chain = effective_moves(rows, info.version)
        actions = [r.action for r in chain]
        engine.replay(len(info.seats), info.seed, info.options, actions)
        for base in reversed(await self.store.snapshot_versions(table_id)):
            done = None if base > info.version else moves_before(rows, chain, base)
            if done is None:
                continue
            snapshot = await self.store.get_snapshot(table_id, base)
            replayed = engine.replay(len(info.seats), info.seed, info.options, actions[:done])
            return snapshot is not None and engine.to_json(replayed) == snapshot.state
        return False

    # ---- settings ----------------------------------------------------------------------

    async def user_settings(self, user_id: int) -> UserSettings:
        return UserSettings.from_record(await self.store.get_user_settings(user_id), user_id)

    async def set_user_settings(
        self,
        user_id: int,
        *,
        time_zone: str | None = None,
        quiet_hours: str | None = None,
        notify: str | None = None,
        daily_digest: bool | None = None,
        turn_pings: str | None = None,
    ) -> UserSettings:
        """Change the given settings (None keeps a value); InvalidSetting if one is refused."""
        current = await self.user_settings(user_id)
        zone = current.time_zone if time_zone is None else parse_time_zone(time_zone)
        quiet = (
            (current.quiet_start, current.quiet_end)
            if quiet_hours is None
            else parse_quiet_hours(quiet_hours) or (None, None)
        )
        method = current.notify if notify is None else parse_notify(notify)
        digest = current.daily_digest if daily_digest is None else daily_digest
        pinged = current.turn_pings if turn_pings is None else parse_turn_pings(turn_pings)
        updated = UserSettings(
            user_id, zone, quiet[0], quiet[1], method, turn_pings=pinged, daily_digest=digest
        )
        stored = updated.stored()
        async with self.store.transaction() as tx:
            await tx.put_user_settings(
                user_id,
                time_zone=stored["time_zone"],
                quiet_start=stored["quiet_start"],
                quiet_end=stored["quiet_end"],
                notify=method,
            )
            if daily_digest is not None:
                await tx.set_daily_digest(user_id, daily_digest)
            if pinged != current.turn_pings:
                await tx.set_turn_pings(user_id, pinged)
        return updated
