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

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.service.absence import overlap
from bot.service.digest import DigestOps
from bot.service.errors import ServiceError
from bot.service.models import TableInfo
from games.core import Outcome

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
            details = await self.table_info(info.id)
        except ServiceError:
            return None  # a table that cannot be read is left out
        outcome = details.outcome
        seat = info.seat_of(user_id)
        label = None if seat is None else details.labels[seat]
        return FinishedGame(
            table_id=info.id,
            title=details.title,
            guild_id=info.guild_id,
            channel_id=info.channel_id,
            thread_id=info.thread_id,
            finished_at=info.updated_at,
            label=label,
            result=self._result_for(outcome, seat),
            headline="" if outcome is None else outcome.headline(details.labels),
        )

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
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    seated: int
    seats: int  # the most the game takes
    next_label: str | None
    next_user_id: int | None
    next_name: str | None
    deadline: datetime | None
    away_until: datetime | None  # the member to move is away until then


class DashboardOps(RecordOps):
    async def dashboard(self, guild_id: int) -> list[DashboardRow]:
        """The server's tables in play for its dashboard, oldest first: whose turn it is and
        the deadline. A table that cannot be read is left out."""
        rows = []
        now = self._clock()
        for info in await self.tables(guild_id=guild_id, statuses=("active",)):
            try:
                engine = self.game_of(info)
                nxt = None
                deadline = None
                if info.status == "active" and info.broken is None:
                    loaded = await self.load(info.id)
                    nxt = loaded.next
                    if nxt is not None and nxt.user_id is not None:
                        deadline = await self.deadline(info.id)
            except ServiceError:
                continue
            away = None
            if nxt is not None and nxt.user_id is not None:
                periods = await self.store.away_periods([nxt.user_id], ends_after=now)
                away = next((p.ends_at for p in periods if p.starts_at <= now), None)
            rows.append(
                DashboardRow(
                    table_id=info.id, title=engine.title,
                    guild_id=info.guild_id, channel_id=info.channel_id, thread_id=info.thread_id,
                    lobby_message_id=info.lobby_message_id, seated=len(info.seats),
                    seats=engine.max_players,
                    next_label=None if nxt is None else nxt.label,
                    next_user_id=None if nxt is None else nxt.user_id,
                    next_name=None if nxt is None else nxt.name,
                    deadline=deadline, away_until=away,
                )
            )
        return rows
