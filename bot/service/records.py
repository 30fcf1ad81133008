"""A member's record: finished games with their results, and time per turn.

- ``finished_games(user, game=None, page=0)``: the member's finished games, newest first,
  each with its date, the member's result and every seat's final score, and what a link to
  its thread needs; only the games on the page are loaded.
- ``player_stats(user)``: finished games and wins over their newest ``STATS_GAMES`` games,
  and the median time per turn over their newest ``TURNS`` turns.
- ``turn_medians(users)``: the median time per turn of each member, for the lobby.

A turn's time runs from the decision passing to the member until their move, less any time
they were away (``bot.service.away``): away time never counts against anyone.
"""

from __future__ import annotations

import logging
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.service.absence import overlap
from bot.service.digest import DigestOps
from bot.service.errors import ServiceError
from bot.service.models import NextDecision, TableInfo
from bot.service.timers import current_deadline
from games.core import Game, Outcome

log = logging.getLogger(__name__)

TURNS = 200  # newest turns a median is taken over
STATS_GAMES = 100  # newest finished games counted in /stats
PAGE = 10


@dataclass(frozen=True, slots=True)
class FinishedGame:
    table_id: int
    title: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    finished_at: datetime
    label: str | None  # the member's seat, when they still held it at the end
    result: str  # "won", "lost", "shared win", or the solo result
    headline: str  # "Blue wins! Blue 7 – White 4"


@dataclass(frozen=True, slots=True)
class HistoryPage:
    games: tuple[FinishedGame, ...]
    page: int
    pages: int
    total: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    user_id: int
    finished: int
    wins: int
    median_turn: timedelta | None
    turns: int  # how many turns the median is taken over


def describe_duration(span: timedelta) -> str:
    """``3 min``, ``5 h 20 min``, ``2 d 4 h``: short, for a lobby line."""
    minutes = int(span.total_seconds() // 60)
    if minutes < 60:
        return f"{max(minutes, 1)} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    days, hours = divmod(hours, 24)
    return f"{days} d {hours} h" if hours else f"{days} d"


class RecordOps(DigestOps):
    async def finished_games(
        self, user_id: int, *, game: str | None = None, page: int = 0, per_page: int = PAGE
    ) -> HistoryPage:
        tables = await self.tables(user_id=user_id, statuses=("finished",))
        if game is not None:
            tables = [t for t in tables if t.game == game]
        tables.sort(key=lambda t: (t.updated_at, t.id), reverse=True)
        pages = max(1, -(-len(tables) // per_page))
        page = min(max(0, page), pages - 1)
        shown = []
        for info in tables[page * per_page : (page + 1) * per_page]:
            entry = await self._finished(info, user_id)
            if entry is not None:
                shown.append(entry)
        return HistoryPage(tuple(shown), page, pages, len(tables))

    async def _finished(self, info: TableInfo, user_id: int) -> FinishedGame | None:
        try:
            engine = self.game_of(info)
            outcome = await self._final_outcome(info, engine)
        except Exception:
            log.info("table %s is left out of a history: it cannot be read", info.id)
            return None
        labels = [engine.seat_label(s.seat) for s in info.seats]
        seat = info.seat_of(user_id)
        label = None if seat is None else labels[seat]
        return FinishedGame(
            table_id=info.id,
            title=engine.title,
            guild_id=info.guild_id,
            channel_id=info.channel_id,
            thread_id=info.thread_id,
            finished_at=info.updated_at,
            label=label,
            result=self._result_for(outcome, seat),
            headline="" if outcome is None else outcome.headline(labels),
        )

    async def _final_outcome(self, info: TableInfo, engine: Game[Any]) -> Outcome | None:
        """How a finished game ended, from its last snapshot (kept by pruning) and its last
        action (a concession?), without caching its state over those of games in play."""
        state = await self._snapshot(info, engine, info.version)
        if state is None:
            state = await self._rebuild(info, engine, info.version)
        last = await self.store.get_action(info.id, info.version)
        if last is not None and last.kind == "concede":
            return self._concession(engine, info, state, last.seat)
        return engine.outcome(state)

    @staticmethod
    def _result_for(outcome: Outcome | None, seat: int | None) -> str:
        if outcome is None:
            return "unfinished"
        if outcome.result is not None:
            return outcome.result
        if seat is None:
            return "left the game"
        if seat in outcome.winners:
            return "won" if len(outcome.winners) == 1 else "shared win"
        return "lost"

    async def player_stats(self, user_id: int) -> PlayerStats:
        history = await self.finished_games(user_id, per_page=STATS_GAMES)
        wins = sum(1 for g in history.games if g.result in ("won", "shared win"))
        medians = await self.turn_medians([user_id])
        turns = await self.store.turn_times(user_id, limit=TURNS)
        return PlayerStats(user_id, history.total, wins, medians.get(user_id), len(turns))

    async def turn_medians(self, user_ids: Sequence[int]) -> dict[int, timedelta]:
        """Each member's median time per turn (those without a turn yet are left out)."""
        medians = {}
        for user_id in dict.fromkeys(user_ids):
            turns = await self.store.turn_times(user_id, limit=TURNS)
            if not turns:
                continue
            oldest = min(t.started_at for t in turns)
            periods = await self.store.away_periods([user_id], ends_after=oldest)
            spans = [
                max(timedelta(0), t.ended_at - t.started_at
                    - overlap(periods, t.started_at, t.ended_at))
                for t in turns
            ]
            medians[user_id] = statistics.median_low(spans)
        return medians


@dataclass(frozen=True, slots=True)
class DashboardRow:
    table_id: int
    title: str
    guild_id: int | None
    thread_id: int | None
    next_label: str | None
    next_user_id: int | None
    next_name: str | None
    deadline: datetime | None
    away_until: datetime | None  # the member to move is away until then


class DashboardOps(RecordOps):
    async def dashboard(self, guild_id: int) -> list[DashboardRow]:
        """The server's tables in play for its dashboard, oldest first: whose turn it is and
        the deadline. A table that cannot be read is left out. One read per table (its
        timers) besides the list; states come from the service's cache when they can."""
        found: list[tuple[TableInfo, str, NextDecision | None, datetime | None]] = []
        for info in await self.tables(guild_id=guild_id, statuses=("active",)):
            try:
                engine = self.game_of(info)
                nxt = None
                deadline = None
                if info.broken is None:
                    state = await self._state_at(info, engine, info.version)
                    decision = engine.decision(state)
                    if decision is not None:
                        nxt = NextDecision.of(engine, info, decision)
                    if nxt is not None and nxt.user_id is not None:
                        timers = await self.store.list_timers(info.id, version=info.version)
                        deadline = current_deadline(timers, info.version, nxt.seat)
            except ServiceError:
                continue
            found.append((info, engine.title, nxt, deadline))
        movers = [n.user_id for _, _, n, _ in found if n is not None and n.user_id is not None]
        now = self._clock()
        away = {
            p.user_id: p.ends_at
            for p in await self.store.away_periods(movers, ends_after=now)
            if p.starts_at <= now
        }
        return [
            DashboardRow(
                table_id=info.id, title=title, guild_id=info.guild_id, thread_id=info.thread_id,
                next_label=None if nxt is None else nxt.label,
                next_user_id=None if nxt is None else nxt.user_id,
                next_name=None if nxt is None else nxt.name,
                deadline=deadline,
                away_until=None if nxt is None or nxt.user_id is None else away.get(nxt.user_id),
            )
            for info, title, nxt, deadline in found
        ]
