"""Tables, seats and moves: the application core the Discord layer, the CLI and tests drive.

Every change to a table happens under that table's asyncio lock and inside one store
transaction, and every move is also a compare-and-set on the table's version, so neither a
double click nor a second bot process can apply a move twice. A process decides its next move
at a table on the record (table and seats) it last read or its last move there left, without
reading it again; the move's compare-and-set also checks that record's revision, which every
other change to the table or its seats counts, so a move is never decided on seats another
process has changed. A move's action row, snapshot and outbox rows commit together; the
outbox is how the Discord layer learns what to post.

Rules chosen here:
- the host takes the first seat at creation; seats keep join order, and the game's own seeded
  start-player draw decides who begins;
- only the host may start, cancel or remove someone else's seat; the host or any seated player
  may add a bot;
- if the host leaves the lobby, the earliest-joined remaining person becomes host, and a lobby
  left with no person in it is cancelled;
- a new table must respect its server's settings (``bot.service.server``): the /newgame
  channel, the open-tables cap (tables in the lobby or being played), the lobby cap and the
  cap of open tables per member (which joining respects too);
- a table that ends with a thread gets an ``archive`` outbox row, due ``archive_hours``
  after the end; attaching the thread writes its ``summary`` row (the pinned summary);
- each table has a pace (``bot.service.pace``). Every action (and the start) cancels the
  table's timers and, when a person decides next, schedules that seat's reminders and
  deadline for the new version in the same transaction (``bot.service.timers``): each action
  restarts the clock of the seat to decide, and a reminder never outlives the move;
- the action log is append-only and undo-aware (``bot.service.history``): each row records
  whether it was reversible, whether it revealed information or used chance, and the
  sentences it produced;
- a person whose seat an agent holds for them takes it back by moving (or ``reclaim``).

``TableCore`` is the lobby and the moves; ``bot.service.service.TableService`` adds stalled
seats, undo and the inbox queries on top of it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from bot.service.agents import AgentChooser, agent_levels, choose_with_games_agents, move_rng
from bot.service.errors import (
    AlreadySeated,
    GameUnavailable,
    LobbyClosed,
    NotAllowed,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    NotYourTurn,
    RecordChanged,
    SeatsChanged,
    ServiceError,
    StaleVersion,
    StillBroken,
    TableBroken,
    TableFull,
    TableNotActive,
    TableNotFound,
    ThreadTaken,
    TooManyTables,
    UnknownAgentLevel,
    UnknownGame,
)
from bot.service.history import (
    RecentLog,
    SharedLog,
    effective_moves,
    moves_after,
    moves_before,
    moves_since,
)
from bot.service.models import (
    LoadedTable,
    MovePreview,
    MoveResult,
    NextDecision,
    SeatInfo,
    TableInfo,
)
from bot.service.outbox import CLAIM_SECONDS, Outbox
from bot.service.pace import DEFAULT_PACE, get_pace
from bot.service.pings import QUIET_END_REMINDER, recent, turn_ping
from bot.service.quarantine import describe, quarantine, tell_players
from bot.service.server import DEFAULT_ARCHIVE_HOURS, ServerSettings
from bot.service.timers import current_deadline, schedule_turn, turn_timers, unix
from games.core import Game, GameError, Outcome, SchemaError, Step, discovery
from storage import (
    OPEN_STATUSES,
    ActionRecord,
    Clock,
    DuplicateRequest,
    MoveCommit,
    Reader,
    RecordConflict,
    SeatConflict,
    SnapshotRecord,
    StatusConflict,
    Store,
    TableStatus,
    TimerKind,
    Transaction,
    VersionConflict,
    utc_now,
)

log = logging.getLogger(__name__)

GameLookup = Callable[[str], Game[Any]]
# Game states a process keeps; each takes 5 to 40 KB in memory, by game and seats
# (``bench.state_cost``), and a move at a table not kept costs the bot more CPU than the move
# itself, reading and decoding its snapshot.
STATE_CACHE_SIZE = 10_000
MAX_AGENT_MOVES = 10_000  # per submit; only a broken engine could need more
# Reads of a table's record for one move, when each changes before the move's commit
RECORD_READS = 3
SNAPSHOT_EVERY = 25  # versions between snapshots that vacuum keeps; the latest is kept too
# A move stores the state only at every this many versions (and when the game ends, or after a
# snapshot the game could not read), since encoding and writing it was a fifth of a move's
# cost; in between, the state is the last snapshot with the log's later moves replayed (a
# process keeps its tables' states in memory anyway).
SNAPSHOT_MOVES = 5


def _replaced(version: int) -> bool:
    """Whether the snapshot at ``version`` gives way to the next one: it is not one of those
    kept every ``SNAPSHOT_EVERY`` versions (nor the first)."""
    return version > 0 and version % SNAPSHOT_EVERY != 0


def secure_seed() -> int:
    """A fresh table seed from the operating system's secure source (fits a signed 64-bit)."""
    return secrets.randbits(63)


class TableCore:
    def __init__(
        self,
        store: Store,
        *,
        games: GameLookup = discovery.get,
        agents: AgentChooser = choose_with_games_agents,
        levels: Sequence[str] | None = None,
        clock: Clock = utc_now,
        max_open_tables_per_guild: int = 20,
        seed_source: Callable[[], int] = secure_seed,
        state_cache_size: int = STATE_CACHE_SIZE,
        on_schedule: Callable[[datetime | None], None] | None = None,
        claimer: str | None = None,
        claim_seconds: float = CLAIM_SECONDS,
        agents_inline: bool = True,
        on_agent_job: Callable[[], None] | None = None,
    ) -> None:
        self.store = store
        # Called after a commit that scheduled timers, e.g. ``TimerService.wake``.
        self.on_schedule = on_schedule
        # Agent seats answer inside the call that gave them the turn (inline), or as queued
        # jobs that a worker (``AgentWorker``, here or in another process) claims; then a
        # person's move is answered as soon as it is committed. ``on_agent_job`` is called
        # when a job is queued, e.g. ``AgentWorker.wake``.
        self.agents_inline = agents_inline
        self.on_agent_job = on_agent_job
        self.outbox = Outbox(store, clock, claimer=claimer, claim_seconds=claim_seconds)
        self.max_open_tables_per_guild = max_open_tables_per_guild
        self._games = games
        self._agents = agents
        self._levels = list(levels) if levels is not None else None
        self._clock = clock
        self._seed_source = seed_source
        self.state_cache_size = state_cache_size
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # Latest state per table, keyed by version; the database stays the source of truth.
        # Beside it, the table's record as last read or as a move made here left it: the next
        # move is decided on it, and its commit checks the record is still current.
        self._states: OrderedDict[int, tuple[int, Any, TableInfo | None]] = OrderedDict()
        # Tables with a snapshot the game could not read: their next move stores its state.
        self._unreadable: set[int] = set()
        # Which table each thread hosts, as last found: a command in a thread then reads the
        # table by its id, a read a busy bot shares between many tables at once.
        self._threads: OrderedDict[int, int] = OrderedDict()
        # The newest rows of each table's log, as moves made here wrote them or reads found
        # them: a panel's notes and Undo, and a board's move count, read them here.
        self._log = RecentLog(store)

    # ---- helpers -----------------------------------------------------------------------

    def _lock(self, table_id: int) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[table_id] = lock
        return lock

    def game(self, name: str) -> Game[Any]:
        try:
            return self._games(name)
        except KeyError:
            raise UnknownGame(f"There is no game called {name!r}.") from None

    def game_of(self, info: TableInfo) -> Game[Any]:
        """The engine of a stored table; GameUnavailable if its game is not installed now."""
        try:
            return self._games(info.game)
        except KeyError:
            raise GameUnavailable(info.id, info.game) from None

    def agent_levels(self) -> list[str]:
        return list(self._levels) if self._levels is not None else agent_levels()

    async def _info(self, reader: Reader, table_id: int) -> TableInfo:
        record = await reader.get_table(table_id)
        if record is None:
            raise TableNotFound(table_id)
        return TableInfo.from_record(record)

    def _remember(
        self, table_id: int, version: int, state: Any, info: TableInfo | None = None
    ) -> None:
        self._states[table_id] = (version, state, info)
        self._states.move_to_end(table_id)
        while len(self._states) > self.state_cache_size:
            self._states.popitem(last=False)

    async def _state_at(self, info: TableInfo, game: Game[Any], version: int) -> Any:
        cached = self._states.get(info.id)
        if cached is not None and cached[0] == version:
            return cached[1]
        if info.broken is not None:
            raise TableBroken(info.id)
        try:
            state = await self._rebuild(info, game, version)
        except Exception as error:
            log.exception("table %s: its log does not replay to move %s", info.id, version)
            await self.quarantine(info.id, describe(error))
            raise TableBroken(info.id) from error
        if version == info.version:
            self._remember(info.id, version, state)
        return state

    async def _rebuild(self, info: TableInfo, game: Game[Any], version: int) -> Any:
        """The state at ``version``: the latest snapshot at or before it with the moves after
        it applied, read in one query; else, when that snapshot cannot be read or an undo went
        back past it, as ``_rebuild_from_log`` finds it."""
        source = await self.store.replay_source(info.id, version)
        if source is not None:
            moves = moves_after(source.after, source.snapshot.version)
            if moves is not None:
                state = self._decoded(info, game, source.snapshot)
                if state is not None:
                    return game.replay_onto(state, [move.action for move in moves])
        return await self._rebuild_from_log(info, game, version)

    async def _rebuild_from_log(self, info: TableInfo, game: Game[Any], version: int) -> Any:
        """The state at ``version``: its snapshot, else the nearest earlier snapshot on the
        same line of play (no undo since went back past it) with the moves after it applied,
        else the whole log replayed. A snapshot any game cannot read is passed over."""
        exact = await self._snapshot(info, game, version)
        if exact is not None:
            return exact
        rows = await self.store.list_actions(info.id)
        chain = effective_moves(rows, version)
        for base in reversed(await self.store.snapshot_versions(info.id)):
            done = None if base >= version else moves_before(rows, chain, base)
            if done is None:
                continue
            state = await self._snapshot(info, game, base)
            if state is not None:
                return game.replay_onto(state, [row.action for row in chain[done:]])
        actions = [a.action for a in chain]
        return game.replay(len(info.seats), info.seed, info.options, actions)

    async def _snapshot(self, info: TableInfo, game: Game[Any], version: int) -> Any:
        """The state stored at ``version``; None when there is none or it cannot be read."""
        snapshot = await self.store.get_snapshot(info.id, version)
        if snapshot is None:
            return None
        return self._decoded(info, game, snapshot)

    def _decoded(self, info: TableInfo, game: Game[Any], snapshot: SnapshotRecord) -> Any:
        """The state a stored snapshot holds; None when the game cannot read it."""
        version = snapshot.version
        try:
            return game.from_json(snapshot.state)
        except SchemaError:
            self._unreadable.add(info.id)
            log.info("table %s: snapshot %s has an old schema; replaying", info.id, version)
        except Exception as error:
            self._unreadable.add(info.id)
            log.warning(
                "table %s: snapshot %s cannot be read (%s); replaying",
                info.id, version, describe(error),
            )
        return None

    async def _put_snapshot(
        self, tx: Transaction, table_id: int, version: int, state: dict[str, Any]
    ) -> None:
        """Store the state at ``version`` and drop the previous latest unless it is one of
        the snapshots kept every ``SNAPSHOT_EVERY`` versions: any version in between is
        rebuilt from the one before it."""
        previous = version - 1
        if _replaced(previous):
            await tx.move_snapshot(table_id, old=previous, new=version, state=state)
        else:
            await tx.put_snapshot(table_id, version, state)

    async def quarantine(self, table_id: int, reason: str) -> bool:
        """Set a table aside whose stored data cannot be read or played (see
        ``bot.service.quarantine``); False when it already was."""
        self._states.pop(table_id, None)
        return await quarantine(self.store, table_id, reason)

    async def release(self, table_id: int) -> TableInfo:
        """End a table's quarantine once its stored game reads and replays again (after a
        repair): the seat to move gets a fresh turn's time and the players are told.

        TableNotActive if the table is not paused; StillBroken, with the error, if its game
        still cannot be rebuilt (it then stays paused)."""
        async with self._lock(table_id):
            info = await self._info(self.store, table_id)
            if info.broken is None:
                raise TableNotActive(f"Table #{table_id} is not paused.")
            game = self.game_of(info)
            try:
                state = await self._rebuild(info, game, info.version)
            except Exception as error:
                raise StillBroken(table_id, describe(error)) from error
            async with self.store.transaction() as tx:
                await tx.clear_broken(table_id)
                if info.status == "active":
                    await self._schedule(tx, info, game.decision(state), info.version)
                record = await tx.get_table(table_id)
                assert record is not None
                await tell_players(tx, record, "released")
            self._states.pop(table_id, None)
            log.info("table %s is released from quarantine", table_id)
            return await self._info(self.store, table_id)

    # ---- tables and seats --------------------------------------------------------------

    async def create_table(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int,
        host_name: str,
        options: dict[str, Any] | None = None,
        pace: str = DEFAULT_PACE,
    ) -> TableInfo:
        engine = self.game(game)
        chosen_pace = get_pace(pace)
        chosen = engine.validate_options(options)  # OptionError names what is allowed
        async with self.store.transaction() as tx:
            if guild_id is not None:
                await self._check_caps(tx, guild_id, channel_id, host_id)
            table_id = await tx.create_table(
                game=engine.name,
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                seed=self._seed_source(),
                options=chosen,
                pace=chosen_pace.name,
            )
            await tx.add_seat(table_id, user_id=host_id, agent=None, name=host_name)
            return await self._info(tx, table_id)

    async def server_settings(self, guild_id: int, reader: Reader | None = None) -> ServerSettings:
        stored = await (reader or self.store).get_guild_settings(guild_id)
        return ServerSettings.from_stored(
            guild_id, stored, max_open_tables=self.max_open_tables_per_guild
        )

    async def _check_caps(
        self, tx: Transaction, guild_id: int, channel_id: int | None, host_id: int
    ) -> None:
        """Refuse a new table where the server's moderators do not allow one."""
        server = await self.server_settings(guild_id, tx)
        if server.newgame_channel_id is not None and channel_id != server.newgame_channel_id:
            raise NotAllowed(
                f"On this server new games are opened in <#{server.newgame_channel_id}>."
            )
        open_tables = await tx.count_open_tables(guild_id)
        if open_tables >= server.max_open_tables:
            raise TooManyTables(
                f"This server already has {open_tables} open tables, the most it may "
                "have. Finish or cancel one before opening another."
            )
        if server.max_lobbies is not None:
            lobbies = await tx.list_tables(guild_id=guild_id, statuses=("lobby",))
            if len(lobbies) >= server.max_lobbies:
                raise TooManyTables(
                    f"This server already has {len(lobbies)} lobbies waiting for players, the "
                    "most it may have. Join one of them, or wait for one to start or close."
                )
        await self._check_member_cap(tx, guild_id, host_id, "open another", server)

    async def _check_member_cap(
        self,
        tx: Transaction,
        guild_id: int,
        user_id: int,
        doing: str,
        server: ServerSettings | None = None,
    ) -> None:
        server = server or await self.server_settings(guild_id, tx)
        if server.max_tables_per_member is None:
            return
        mine = await tx.list_tables(guild_id=guild_id, user_id=user_id, statuses=OPEN_STATUSES)
        if len(mine) >= server.max_tables_per_member:
            raise TooManyTables(
                f"You already sit at {len(mine)} open tables on this server, the most a "
                f"member may. Finish one before you {doing}."
            )

    def _require_lobby(self, info: TableInfo) -> None:
        if info.status == "active":
            raise LobbyClosed("The game has already started; seats are fixed until it ends.")
        if info.status != "lobby":
            raise LobbyClosed(f"Table #{info.id} is {info.status}; its seats no longer change.")

    async def join(self, table_id: int, user_id: int, name: str) -> TableInfo:
        async with self._lock(table_id), self.store.transaction() as tx:
            await tx.lock_table(table_id)  # and in every other process
            info = await self._info(tx, table_id)
            self._require_lobby(info)
            if info.seat_of(user_id) is not None:
                raise AlreadySeated("You already have a seat at this table.")
            engine = self.game_of(info)
            if len(info.seats) >= engine.max_players:
                raise TableFull(f"All {engine.max_players} seats at table #{table_id} are taken.")
            if info.guild_id is not None:
                await self._check_member_cap(tx, info.guild_id, user_id, "join another")
            await tx.add_seat(table_id, user_id=user_id, agent=None, name=name)
            return await self._info(tx, table_id)

    async def leave(self, table_id: int, user_id: int) -> TableInfo:
        async with self._lock(table_id), self.store.transaction() as tx:
            await tx.lock_table(table_id)  # and in every other process
            info = await self._info(tx, table_id)
            self._require_lobby(info)
            seat = info.seat_of(user_id)
            if seat is None:
                raise NotSeated("You have no seat at this table.")
            await tx.remove_seat(table_id, seat)
            if user_id == info.host_id:
                people = [s for s in info.seats if s.user_id is not None and s.user_id != user_id]
                if people:
                    assert people[0].user_id is not None
                    await tx.set_host(table_id, people[0].user_id)
                else:
                    await tx.set_status(table_id, "cancelled", expected="lobby")
            return await self._info(tx, table_id)

    async def add_agent(self, table_id: int, by_user: int, level: str = "greedy") -> TableInfo:
        level = level.strip().lower()
        known = self.agent_levels()
        if level not in known:
            raise UnknownAgentLevel(
                f"There is no {level!r} bot. Choose one of: {', '.join(known)}."
            )
        async with self._lock(table_id), self.store.transaction() as tx:
            await tx.lock_table(table_id)  # and in every other process
            info = await self._info(tx, table_id)
            self._require_lobby(info)
            if info.seat_of(by_user) is None:
                raise NotSeated("Only players seated at the table can add a bot.")
            engine = self.game_of(info)
            if len(info.seats) >= engine.max_players:
                raise TableFull(f"All {engine.max_players} seats at table #{table_id} are taken.")
            base = f"{level.capitalize()} bot"
            names = {s.name for s in info.seats}
            name, n = base, 1
            while name in names:
                n += 1
                name = f"{base} {n}"
            await tx.add_seat(table_id, user_id=None, agent=level, name=name)
            return await self._info(tx, table_id)

    async def remove_seat(self, table_id: int, by_user: int, seat: int) -> TableInfo:
        """The host frees another seat of the lobby (a bot added by mistake, a no-show)."""
        async with self._lock(table_id), self.store.transaction() as tx:
            await tx.lock_table(table_id)  # and in every other process
            info = await self._info(tx, table_id)
            if by_user != info.host_id:
                raise NotHost("Only the host can remove a seat.")
            self._require_lobby(info)
            if not 0 <= seat < len(info.seats):
                raise NotSeated(f"Table #{table_id} has no seat {seat + 1}.")
            if info.seats[seat].user_id == by_user:
                raise NotHost("To give up your own seat, leave the table instead.")
            await tx.remove_seat(table_id, seat)
            return await self._info(tx, table_id)

    async def start(self, table_id: int, by_user: int) -> TableInfo:
        async with self._lock(table_id):
            info = await self._info(self.store, table_id)
            if by_user != info.host_id:
                raise NotHost("Only the host can start the game.")
            self._require_lobby(info)
            engine = self.game_of(info)
            if len(info.seats) < engine.min_players:
                missing = engine.min_players - len(info.seats)
                raise NotEnoughPlayers(
                    f"{engine.title} needs at least {engine.min_players} players; "
                    f"{missing} more seat{'s' if missing > 1 else ''} to fill. "
                    "Wait for someone to join, or add a bot."
                )
            # Options chosen for a player count the table did not reach are dropped.
            options = engine.validate_options(info.options, len(info.seats))
            state = engine.new_game(len(info.seats), info.seed, options)
            decision = engine.decision(state)
            async with self.store.transaction() as tx:
                await tx.lock_table(table_id)  # no one joins or leaves in another process now
                if (await self._info(tx, table_id)).seats != info.seats:
                    raise SeatsChanged(
                        "Someone joined or left just as you pressed Start; look at the seats "
                        "and press Start again."
                    )
                try:
                    await tx.set_status(table_id, "active", expected="lobby")
                except StatusConflict:
                    raise LobbyClosed(
                        f"Table #{table_id} closed before it started; open a new one with "
                        "/newgame."
                    ) from None
                await tx.set_options(table_id, options)
                await tx.put_snapshot(table_id, 0, engine.to_json(state))
                deadline = await self._schedule(tx, info, decision, 0)
                payload: dict[str, Any] = {
                    "version": 0,
                    "started_by": by_user,
                    "seats": self._seats_payload(engine, info),
                    **self._next_payload(engine, info, decision, deadline),
                }
                await tx.enqueue(table_id, version=0, kind="start", payload=payload)
            self._scheduled(deadline)
            self._remember(table_id, 0, state)
            info = await self._info(self.store, table_id)
            await self._agents_answer(info, engine, state, 0)
            return await self._info(self.store, table_id)

    async def cancel(self, table_id: int, by_user: int) -> TableInfo:
        async with self._lock(table_id), self.store.transaction() as tx:
            await tx.lock_table(table_id)  # and in every other process
            info = await self._info(tx, table_id)
            if by_user != info.host_id:
                raise NotHost("Only the host can cancel this table.")
            if info.status not in ("lobby", "active"):
                raise TableNotActive(f"Table #{table_id} is already {info.status}.")
            await tx.set_status(table_id, "cancelled", expected=info.status)
            await tx.cancel_timers(table_id)
            if info.status == "active":
                await tx.enqueue(
                    table_id,
                    version=info.version,
                    kind="cancel",
                    payload={"version": info.version, "by_user": by_user},
                )
                await self._archive_later(tx, info, info.version)
            cancelled = await self._info(tx, table_id)
        self._keep_record(cancelled)  # a move here is refused at once, as it is everywhere
        return cancelled

    async def set_lobby_message(self, table_id: int, message_id: int) -> TableInfo:
        async with self.store.transaction() as tx:
            await self._info(tx, table_id)
            await tx.set_lobby_message(table_id, message_id)
            return await self._info(tx, table_id)

    async def set_thread(self, table_id: int, thread_id: int) -> TableInfo:
        async with self.store.transaction() as tx:
            before = await self._info(tx, table_id)
            other = await tx.table_for_thread(thread_id)
            if other is not None and other.id != table_id:
                raise ThreadTaken(f"This thread already hosts table #{other.id}.")
            await tx.set_thread(table_id, thread_id)
            info = await self._info(tx, table_id)
            if before.thread_id != thread_id:
                # the thread's pinned summary, edited in place from then on
                await tx.enqueue(
                    table_id, version=info.version, kind="summary",
                    payload={"version": info.version},
                )
        # a thread hosts one table at most: its first /play need not look it up, nor read the
        # table again when this process keeps it
        self._know_thread(thread_id, table_id)
        self._keep_record(info)
        return info

    # ---- queries -----------------------------------------------------------------------

    async def info(self, table_id: int) -> TableInfo:
        return await self._info(self.store, table_id)

    def _kept(self, table_id: int) -> LoadedTable | None:
        """The table as this process last read it or moved there, without reading it; None
        when there is no such record. Only for a move, whose commit checks the record."""
        kept = self._states.get(table_id)
        if kept is None:
            return None
        version, state, info = kept
        if info is None:
            return None
        return LoadedTable(info=info, game=self.game_of(info), state=state, version=version)

    def held(self, table_id: int, version: int) -> LoadedTable | None:
        """The table at ``version`` if this process holds it there (its own move just took it
        there, checked against the record as it committed), without reading anything; else
        None."""
        kept = self._kept(table_id)
        if kept is None or kept.version != version:
            return None
        return kept

    async def load(self, table_id: int) -> LoadedTable:
        info = await self._info(self.store, table_id)
        engine = self.game_of(info)
        state = None
        if info.status != "lobby":
            state = await self._state_at(info, engine, info.version)
            kept = self._states.get(table_id)
            if kept is None or kept[0] <= info.version:  # not passed by a move made meanwhile
                self._remember(table_id, info.version, state, info)
        return LoadedTable(info=info, game=engine, state=state, version=info.version)

    async def state_at(self, table_id: int, version: int) -> Any:
        """The game state at any past version, e.g. to draw an old board again."""
        info = await self._info(self.store, table_id)
        if info.status == "lobby" or not 0 <= version <= info.version:
            raise TableNotActive(f"Table #{table_id} has no move {version}.")
        return await self._state_at(info, self.game_of(info), version)

    async def moves_at(
        self, table_id: int, version: int, *, known: tuple[int, int] | None = None
    ) -> int:
        """How many moves make the position at ``version``, as /game info and /game log count
        them: a move taken back and the undo itself are not counted. ``known`` is an earlier
        version and its count (a board's before): then only the log after it is read."""
        if known is not None and known[0] <= version:
            base, count = known
            rows = await self._log.list_actions(table_id, after=base, upto=version)
            since = moves_since(rows, base)
            if since is not None:
                return count + since
        return len(effective_moves(await self._log.list_actions(table_id, after=0, upto=version)))

    async def table_for_thread(self, thread_id: int, *, kept: bool = False) -> TableInfo | None:
        """The table whose game is played in the thread, if any. ``kept``: the caller is
        about to move there, and a move's commit checks the record it was decided on, so the
        record this process keeps of an active table in that thread answers without a read."""
        known = self._threads.get(thread_id)
        if known is not None:
            held = self._kept(known) if kept else None
            if held is not None and held.info.thread_id == thread_id and (
                held.info.status == "active"
            ):
                return held.info
            record = await self.store.get_table(known)
            if record is not None and record.thread_id == thread_id:
                return TableInfo.from_record(record)
            self._threads.pop(thread_id, None)  # the table moved to another thread, or is gone
        record = await self.store.table_for_thread(thread_id)
        if record is None:
            return None
        self._know_thread(thread_id, record.id)
        return TableInfo.from_record(record)

    def _keep_record(self, info: TableInfo) -> None:
        """Keep ``info``, the table's record as just written, with the state this process
        keeps of the table at its version (if it keeps one)."""
        kept = self._states.get(info.id)
        if kept is not None and kept[0] == info.version:
            self._remember(info.id, info.version, kept[1], info)

    def _know_thread(self, thread_id: int, table_id: int) -> None:
        self._threads[thread_id] = table_id
        self._threads.move_to_end(thread_id)
        while len(self._threads) > self.state_cache_size:
            self._threads.popitem(last=False)  # the oldest found goes first

    async def tables(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        statuses: Sequence[TableStatus] | None = None,
    ) -> list[TableInfo]:
        records = await self.store.list_tables(
            guild_id=guild_id, user_id=user_id, statuses=statuses
        )
        return [TableInfo.from_record(r) for r in records]

    async def seat_of(self, table_id: int, user_id: int) -> int | None:
        return (await self.info(table_id)).seat_of(user_id)

    async def holder(self, table_id: int, seat: int) -> SeatInfo:
        info = await self.info(table_id)
        if not 0 <= seat < len(info.seats):
            raise NotSeated(f"Table #{table_id} has no seat {seat + 1}.")
        return info.holder(seat)

    async def waiting_on(self, user_id: int, *, guild_id: int | None = None) -> list[LoadedTable]:
        """Active tables where this user must decide now, oldest first."""
        waiting = []
        for info in await self.tables(guild_id=guild_id, user_id=user_id, statuses=["active"]):
            try:
                loaded = await self.load(info.id)
            except GameUnavailable:
                continue  # nobody can move there until its game is installed again
            decision = loaded.decision
            if decision is not None and info.holder(decision.seat).user_id == user_id:
                waiting.append(loaded)
        return waiting

    def shared_log(self) -> SharedLog:
        """Log reads to share between questions asked at the same moment, such as
        ``private_events`` and ``preview_undo`` for one panel: each read is made once."""
        return SharedLog(self._log)

    async def actions(self, table_id: int) -> list[ActionRecord]:
        """The action log, in order."""
        await self.info(table_id)
        return await self.store.list_actions(table_id)

    # ---- moves -------------------------------------------------------------------------

    async def submit(
        self,
        table_id: int,
        user_id: int,
        text: str,
        request_id: str,
        expected_version: int | None = None,
    ) -> MoveResult:
        """Apply what ``user_id`` typed or clicked, then let agent seats answer.

        Idempotent by ``request_id``: a repeat returns the first result marked ``duplicate``,
        whatever the table's version is now. Engine errors (NotationError, IllegalAction,
        AmbiguousAction) pass through unchanged.
        """
        try:
            return await self._submit(table_id, user_id, text, request_id, expected_version)
        except (ServiceError, GameError):
            # Another process may have committed this very request since we looked it up:
            # the version moved, the turn passed, the game ended. Its answer comes first.
            earlier = await self.store.action_by_request(table_id, request_id)
            if earlier is None:
                raise
            return await self._replayed(earlier)

    async def _submit(
        self,
        table_id: int,
        user_id: int,
        text: str,
        request_id: str,
        expected_version: int | None,
    ) -> MoveResult:
        # A repeated request is not looked up first, which would cost every move a query:
        # it fails on the table as it is now, or on the log's unique request id, and ``submit``
        # then answers with the first result.
        async with self._lock(table_id):
            kept = self._kept(table_id)
            if kept is not None:
                result = await self._move(
                    kept, user_id, text, request_id, expected_version, kept=True
                )
                if result is not None:
                    return result
            # A record read may change before the commit without any move (a thread is
            # attached, a seat handed over): the move is then decided again on a new read.
            for attempt in range(RECORD_READS):
                result = await self._move(
                    await self.load(table_id), user_id, text, request_id, expected_version,
                    kept=False, last=attempt + 1 == RECORD_READS,
                )  # fmt: skip
                if result is not None:
                    return result
            raise AssertionError("the last read's refusal is raised")

    async def _move(
        self,
        loaded: LoadedTable,
        user_id: int,
        text: str,
        request_id: str,
        expected_version: int | None,
        *,
        kept: bool,
        last: bool = False,
    ) -> MoveResult | None:
        """``submit`` at ``loaded`` (the caller holds the lock); ``kept``: ``loaded`` is the
        record this process kept from an earlier read or move (``_kept``), not one just read.
        None when that record may be what refused and nothing was written, for the caller to
        read the table again: a kept one (another process moved, or changed a seat), or,
        unless ``last``, one read that changed before the commit."""
        info, engine, state = loaded.info, loaded.game, loaded.state
        table_id = info.id
        try:
            self._require_active(info, engine, state)
            seat = info.seat_of(user_id)
            owned = info.owned_by(user_id)
            if seat is None and owned is not None and not kept:
                # Moving is how a person takes back the seat an agent kept for them.
                info = await self._return_seat(info, owned, user_id)
                seat = owned
            if seat is None:
                raise NotSeated(
                    f"You are not playing at table #{table_id}; you can follow it in its thread."
                )
            if expected_version is not None and expected_version != info.version:
                raise StaleVersion(
                    f"The board has moved on since you chose (move {expected_version}, now move "
                    f"{info.version}). Look at the latest board and choose again.",
                    expected=expected_version,
                    actual=info.version,
                )
            self._require_turn(info, engine, state, seat)
            action = engine.parse(state, text)
            step = engine.step(state, action)
            result = await self._commit(
                info, engine, state, info.version, seat, user_id, action, step, request_id
            )
        except DuplicateRequest:
            found = await self.store.action_by_request(table_id, request_id)
            assert found is not None
            return await self._replayed(found)
        except RecordChanged:
            if last:
                raise
            return None
        except (ServiceError, GameError):
            if kept:
                return None
            raise
        followups = await self._agents_answer(
            info, engine, step.state, result.version, queued=True
        )
        if not followups:
            return result
        return replace(result, followups=tuple(followups))

    async def preview_move(self, table_id: int, user_id: int, text: str) -> MovePreview:
        """What ``submit`` would do with ``text`` now, computed purely: nothing is stored.

        Raises what ``submit`` would (NotSeated, NotYourTurn, engine errors). A move that
        reveals information or uses chance shows no events, so its outcome is not seen before
        it is made. Pass ``version`` back to ``submit`` as ``expected_version`` on Confirm.
        """
        loaded = await self.load(table_id)
        info, engine, state = loaded.info, loaded.game, loaded.state
        self._require_active(info, engine, state)
        seat = info.seat_of(user_id)
        if seat is None:
            seat = info.owned_by(user_id)
        if seat is None:
            raise NotSeated(
                f"You are not playing at table #{table_id}; you can follow it in its thread."
            )
        self._require_turn(info, engine, state, seat)
        action = engine.parse(state, text)
        step = engine.step(state, action)
        after = engine.decision(step.state)
        return MovePreview(
            table_id=info.id,
            version=loaded.version,
            seat=seat,
            action=action,
            description=engine.describe(state, action),
            events=() if step.revealed else tuple(
                e.text for e in step.events if e.visible_to(seat)
            ),
            irreversible=not step.reversible,
            revealed=step.revealed,
            passes_turn=after is None or after.seat != seat,
            warning=self._move_warning(engine, info, seat, step.revealed, after),
        )

    @staticmethod
    def _move_warning(
        engine: Game[Any], info: TableInfo, seat: int, revealed: bool, after: Any
    ) -> str:
        """Why a move could not simply be taken back afterwards, naming what it does that a
        player might not expect; empty when it could."""
        if after is None:
            return "This move ends the game; it cannot be undone."
        label = engine.seat_label(after.seat)
        if revealed and after.seat != seat:
            return (
                f"This move ends your turn ({label} decides next) and turns up hidden cards or "
                "uses chance, so it cannot be undone."
            )
        if revealed:
            return "This move turns up hidden cards or uses chance, so it cannot be undone."
        if after.seat == seat:
            return ""
        if info.holder(after.seat).agent is not None:
            return f"This move passes the turn to {label}, played by a bot."
        return f"This move passes the turn to {label}; undoing it would need their agreement."

    def _require_turn(self, info: TableInfo, engine: Game[Any], state: Any, seat: int) -> None:
        decision = engine.decision(state)
        assert decision is not None
        if decision.seat != seat:
            holder = info.holder(decision.seat)
            raise NotYourTurn(
                f"It is {holder.name}'s turn ({engine.seat_label(decision.seat)}) to "
                "decide, not yours."
            )

    def _require_active(self, info: TableInfo, engine: Game[Any], state: Any) -> None:
        if info.broken is not None:
            raise TableBroken(info.id)
        if info.status == "lobby":
            raise TableNotActive("The game has not started yet.")
        if info.status == "cancelled":
            raise TableNotActive(f"Table #{info.id} was cancelled; no more moves can be made.")
        if info.status == "finished" or engine.decision(state) is None:
            raise TableNotActive(
                f"The game at table #{info.id} is over; no more moves can be made."
            )

    async def resume_agents(self) -> int:
        """Let agent seats finish turns a crash cut short; returns how many moves they made.

        Each agent move is its own commit after the move that gave it the turn, so a process
        that dies between them leaves a table waiting on an agent that nothing would wake.
        Run it at start-up, before anyone can move. A table that fails is quarantined and the
        others still resume.
        """
        moved = 0
        for table in await self.tables(statuses=("active",)):
            if table.broken is not None:
                continue
            try:
                moved += await self._resume_agent(table.id)
            except GameUnavailable as unavailable:
                log.warning("%s", unavailable)  # it waits for its game; the others go on
            except TableBroken:
                continue  # already quarantined, and logged, by the load
            except Exception as error:
                log.exception("table %s: its agent seat could not resume", table.id)
                await self.quarantine(table.id, describe(error))
        return moved

    async def _resume_agent(self, table_id: int) -> int:
        async with self._lock(table_id):
            loaded = await self.load(table_id)
            decision = loaded.game.decision(loaded.state)
            if decision is None or loaded.info.holder(decision.seat).agent is None:
                return 0
            log.info(
                "table %s: agent seat %s resumes at move %s",
                table_id,
                decision.seat,
                loaded.version,
            )
            results = await self._agents_answer(
                loaded.info, loaded.game, loaded.state, loaded.version
            )
            return len(results) if self.agents_inline else 1

    async def _agents_answer(
        self, info: TableInfo, engine: Game[Any], state: Any, version: int, *, queued: bool = False
    ) -> list[MoveResult]:
        """Let agent seats answer now (inline), or leave them a job; ``queued``: the commit
        that reached ``version`` already wrote the job."""
        if self.agents_inline:
            return await self._agents_move(info, engine, state, version)
        decision = engine.decision(state)
        if decision is not None and info.holder(decision.seat).agent is not None:
            if not queued:
                async with self.store.transaction() as tx:
                    await tx.set_agent_job(info.id, version)
            if self.on_agent_job is not None:
                self.on_agent_job()
        return []

    async def answer_agent_job(self, table_id: int, version: int) -> int:
        """Play the agent seats of a queued job; returns how many moves they made. A job the
        table has moved past is dropped."""
        moved: list[MoveResult] = []
        async with self._lock(table_id):
            loaded = await self.load(table_id)
            decision = loaded.game.decision(loaded.state)
            if (
                loaded.version == version
                and loaded.info.status == "active"
                and decision is not None
                and loaded.info.holder(decision.seat).agent is not None
            ):
                moved = await self._agents_move(
                    loaded.info, loaded.game, loaded.state, loaded.version
                )
        # Each agent move re-queued or cleared the job itself; only a stale one is left here.
        await self.store.finish_agent_job(table_id, version)
        return len(moved)

    async def _agents_move(
        self, info: TableInfo, engine: Game[Any], state: Any, version: int
    ) -> list[MoveResult]:
        """Let agent seats decide until a person must, or the game ends."""
        results: list[MoveResult] = []
        reads = 1
        for _ in range(MAX_AGENT_MOVES):
            decision = engine.decision(state)
            if decision is None:
                break
            holder = info.holder(decision.seat)
            if holder.agent is None:
                break
            rng = move_rng(info.seed, version, decision.seat)
            try:
                action, _ = await asyncio.to_thread(
                    self._agents, holder.agent, engine, engine.observe(state, decision.seat),
                    decision, rng,
                )
                if action not in decision.actions:
                    raise ValueError(f"chose {action!r}, which is not legal")
            except Exception:
                log.exception(
                    "table %s: %s agent failed; playing its first option", info.id, holder.agent
                )
                action = decision.actions[0]
            step = engine.step(state, action)
            request_id = f"agent:{info.id}:{version + 1}"
            try:
                result = await self._commit(
                    info, engine, state, version, decision.seat, None, action, step, request_id
                )
            except RecordChanged:
                # e.g. the thread was attached meanwhile, or the seat given back to a person:
                # decided again on a new read. Past the last, a queued job waits for its claim
                # to run out and is tried again.
                reads += 1
                if reads > RECORD_READS:
                    raise
                info = await self._info(self.store, info.id)
                continue
            except (DuplicateRequest, StaleVersion, TableNotActive):
                break  # another process moved or closed this table meanwhile
            results.append(result)
            state, version = step.state, result.version
        return results

    async def _commit(
        self,
        info: TableInfo,
        engine: Game[Any],
        before: Any,
        version: int,
        seat: int,
        user_id: int | None,
        action: str,
        step: Step,
        request_id: str,
    ) -> MoveResult:
        """Commit one action applied to ``before`` (the state at ``version``)."""
        new_version = version + 1
        result = self._result(info, engine, before, new_version, seat, user_id, action, step)
        holder = info.holder(seat)
        after = engine.decision(step.state)
        turn: dict[str, Any] = {
            "version": new_version,
            "seat": seat,
            "label": engine.seat_label(seat),
            "user_id": user_id,
            "agent": holder.agent,
            "name": holder.name,
            "action": action,
            "description": result.description,
            "events": [e.text for e in result.events if e.public],  # the thread's
            "headlines": [e.text for e in result.events if e.public and e.headline],
            "reversible": step.reversible,
            "revealed": step.revealed,
            "passes_turn": result.next is None or result.next.seat != seat
            # alone at the table nobody else moves: its board is posted whenever chance or a
            # reveal changes it, so the player still sees the public board as it goes
            or (len(info.seats) == 1 and step.revealed),
            "game_over": result.outcome is not None,
        }
        ending = result.outcome is not None
        # the same seat decides again: nothing is posted, the row is the turn's record for
        # its board (``bot.exts.play._posts.turn_events``)
        recorded_only = not turn["passes_turn"] and not ending
        # A move after a snapshot that could not be read stores a fresh one at once.
        stored = ending or new_version % SNAPSHOT_MOVES == 0 or info.id in self._unreadable
        timer_seat, timers, deadline = self._turn_timers(info, after)
        turn.update(self._next_payload(engine, info, after, deadline))
        turn["ping"], held_until = await self._pings_next(
            info, after, new_version, mover=user_id, turn_starts=turn["passes_turn"],
            deadline=deadline,
        )  # fmt: skip
        if held_until is not None:
            timers.append(("reminder", QUIET_END_REMINDER, held_until))
        outbox: list[tuple[str, dict[str, Any], datetime | None]] = [("turn", turn, None)]
        if result.outcome is not None:
            payload = self._result_payload(engine, info, new_version, result.outcome)
            outbox.append(("result", payload, None))
            archive = await self._archive_row(info, new_version)
            if archive is not None:
                outbox.append(archive)
        try:
            # One write: a compare-and-set on the version and on the status (so a table
            # cancelled by another process takes no more moves) with everything else the
            # move changes.
            logged = await self.store.commit_move(
                MoveCommit(
                    table_id=info.id,
                    expected=version,
                    status="finished" if ending else "active",
                    seat=seat,
                    action=action,
                    request_id=request_id,
                    user_id=user_id,
                    reversible=step.reversible,
                    revealed=step.revealed,
                    events=[e.to_json() for e in result.events],
                    description=result.description,
                    state=engine.to_json(step.state) if stored else None,
                    snapshot_replaces=None,
                    timer_seat=timer_seat,
                    timers=timers,
                    agent_job=after is not None and info.holder(after.seat).agent is not None,
                    outbox=outbox,
                    recorded_only=recorded_only,
                    revision=info.revision,
                )
            )
        except StatusConflict as conflict:
            self._states.pop(info.id, None)
            raise TableNotActive(
                f"Table #{info.id} is {conflict.actual} now; no more moves can be made."
            ) from conflict
        except VersionConflict as conflict:
            self._states.pop(info.id, None)
            actual = conflict.actual if conflict.actual is not None else version
            raise StaleVersion(
                "Someone moved at the same moment; look at the latest board and choose again.",
                expected=version,
                actual=actual,
            ) from conflict
        except RecordConflict as conflict:
            self._states.pop(info.id, None)
            raise RecordChanged(
                "The table changed at the same moment (a seat changed hands, for example); "
                "look at the latest board and choose again.",
                expected=version,
                actual=version,
            ) from conflict
        self._log.add([logged])
        if stored:
            self._unreadable.discard(info.id)
        self._scheduled(deadline, min((due for _, _, due in timers), default=None))
        status: TableStatus = "finished" if ending else info.status
        self._remember(
            info.id, new_version, step.state, replace(info, version=new_version, status=status)
        )
        return replace(result, recorded_only=recorded_only) if recorded_only else result

    async def _archive_row(
        self, info: TableInfo, version: int, reader: Reader | None = None
    ) -> tuple[str, dict[str, Any], datetime] | None:
        """The ``archive`` outbox row (kind, payload, due) of a game that ends at ``version``,
        due once the server's ``archive_hours`` have passed: its thread then leaves the
        channel's list of active threads. None without a thread."""
        if info.thread_id is None:
            return None
        hours = DEFAULT_ARCHIVE_HOURS
        if info.guild_id is not None:
            hours = (await self.server_settings(info.guild_id, reader)).archive_hours
        return "archive", {"version": version}, self._clock() + timedelta(hours=hours)

    async def _archive_later(self, tx: Transaction, info: TableInfo, version: int) -> None:
        """Enqueue the ``archive`` row of a game that ends at ``version`` (``_archive_row``)."""
        row = await self._archive_row(info, version, tx)
        if row is not None:
            kind, payload, due = row
            await tx.enqueue(info.id, version=version, kind=kind, payload=payload, not_before=due)

    # ---- timers and seats changing hands -----------------------------------------------

    async def _schedule(
        self, tx: Transaction, info: TableInfo, decision: Any, version: int
    ) -> datetime | None:
        """Cancel the table's timers; schedule the deciding person's. Returns their deadline."""
        if decision is None or info.holder(decision.seat).user_id is None:
            await tx.cancel_timers(info.id)
            return None
        return await schedule_turn(
            tx,
            info.id,
            seat=decision.seat,
            version=version,
            pace=get_pace(info.pace),
            start=self._clock(),
        )

    def _turn_timers(
        self, info: TableInfo, decision: Any
    ) -> tuple[int | None, list[tuple[TimerKind, int, datetime]], datetime | None]:
        """The seat whose timers a move sets, those timers and its deadline: a person's turn
        gets reminders and a deadline; an agent's turn or the end gets none."""
        if decision is None or info.holder(decision.seat).user_id is None:
            return None, [], None
        timers = turn_timers(get_pace(info.pace), self._clock())
        return decision.seat, timers, timers[-1][2]

    async def _pings_next(
        self,
        info: TableInfo,
        decision: Any,
        version: int,
        *,
        mover: int | None,
        turn_starts: bool,
        deadline: datetime | None,
    ) -> tuple[bool, datetime | None]:
        """Whether the board of this move pings the person to decide next (``bot.service.
        pings``): only when their turn starts now, and never for their own move; and when
        their quiet hours hold the ping back, the moment they end."""
        if decision is None or not turn_starts:
            return False, None
        user_id = info.holder(decision.seat).user_id
        if user_id is None or user_id == mover:
            return False, None
        after, upto = recent(version)
        return await turn_ping(
            self.store, info.id, user_id=user_id, version=version, now=self._clock(),
            deadline=deadline, kept=self._log.kept(info.id, after=after, upto=upto),
        )  # fmt: skip

    def _scheduled(self, deadline: datetime | None, earliest: datetime | None = None) -> None:
        """Tell the timer loop about the timers just written (a turn's, up to ``deadline``):
        when the earliest is due, if known."""
        if deadline is not None and self.on_schedule is not None:
            self.on_schedule(earliest)

    async def deadline(self, table_id: int) -> datetime | None:
        """When the seat deciding now must have decided, or None (no person must decide)."""
        loaded = await self.load(table_id)
        decision = loaded.decision
        if loaded.info.status != "active" or decision is None:
            return None
        timers = await self.store.list_timers(table_id, version=loaded.version)
        return current_deadline(timers, loaded.version, decision.seat)

    async def _change_seat(
        self,
        tx: Transaction,
        info: TableInfo,
        seat: int,
        *,
        user_id: int | None,
        agent: str | None,
        name: str,
        owner_id: int | None,
        reason: str,
        by_user: int | None,
        decision: Any,
    ) -> TableInfo:
        """Give ``seat`` to another holder, announce it, and reschedule the table's timers.

        ``decision`` is the table's current one (read before the transaction began)."""
        engine = self.game_of(info)
        before = info.holder(seat)
        try:
            await tx.replace_seat(
                info.id,
                seat,
                user_id=user_id,
                agent=agent,
                name=name,
                owner_id=owner_id,
                reason=reason,
                by_user=by_user,
                version=info.version,
            )
        except SeatConflict:
            raise AlreadySeated("You already have a seat at this table.") from None
        after = await self._info(tx, info.id)
        deadline = None
        if decision is not None and decision.seat == seat:
            deadline = await self._schedule(tx, after, decision, after.version)
        await tx.enqueue(
            info.id,
            version=info.version,
            kind="seat",
            payload={
                "version": info.version,
                "seat": seat,
                "label": engine.seat_label(seat),
                "reason": reason,
                "by_user": by_user,
                "from_user_id": before.user_id,
                "from_agent": before.agent,
                "from_name": before.name,
                "user_id": user_id,
                "agent": agent,
                "name": name,
                "owner_id": owner_id,
                **self._next_payload(engine, after, decision, deadline),
            },
        )
        self._scheduled(deadline)
        return after

    async def _decision(self, info: TableInfo) -> Any:
        engine = self.game_of(info)
        return engine.decision(await self._state_at(info, engine, info.version))

    async def _return_seat(self, info: TableInfo, seat: int, user_id: int) -> TableInfo:
        """The person an agent stood in for takes their seat back (caller holds the lock)."""
        decision = await self._decision(info)
        async with self.store.transaction() as tx:
            current = await self._info(tx, info.id)
            holder = current.holder(seat)
            if holder.owner_id != user_id or holder.agent is None:
                return current
            name = self._owner_name(await tx.list_seat_changes(info.id), seat, user_id)
            return await self._change_seat(
                tx,
                current,
                seat,
                user_id=user_id,
                agent=None,
                name=name,
                owner_id=None,
                reason="reclaim",
                by_user=user_id,
                decision=decision,
            )

    @staticmethod
    def _owner_name(changes: Sequence[Any], seat: int, user_id: int) -> str:
        """The name a person had at a seat before an agent took it over."""
        for change in reversed(changes):
            if change.seat == seat and change.from_user == user_id:
                return str(change.from_name)
        return "Player"

    def _result(
        self,
        info: TableInfo,
        engine: Game[Any],
        before: Any,
        version: int,
        seat: int,
        user_id: int | None,
        action: str,
        step: Step,
        duplicate: bool = False,
    ) -> MoveResult:
        after = engine.decision(step.state)
        return MoveResult(
            table_id=info.id,
            version=version,
            seat=seat,
            user_id=user_id,
            action=action,
            description=engine.describe(before, action),
            events=step.events,
            reversible=step.reversible,
            next=None if after is None else NextDecision.of(engine, info, after),
            outcome=engine.outcome(step.state) if after is None else None,
            duplicate=duplicate,
            revealed=step.revealed,
        )

    async def _replayed(self, record: ActionRecord) -> MoveResult:
        """The result of an already-applied action, rebuilt from the snapshot before it."""
        info = await self._info(self.store, record.table_id)
        engine = self.game_of(info)
        before = await self._state_at(info, engine, record.version - 1)
        step = engine.step(before, record.action)
        return self._result(
            info,
            engine,
            before,
            record.version,
            record.seat,
            record.user_id,
            record.action,
            step,
            duplicate=True,
        )

    # ---- outbox payloads ---------------------------------------------------------------

    @staticmethod
    def _concession(engine: Game[Any], info: TableInfo, state: Any, seat: int) -> Outcome:
        """The result of ``seat`` conceding: every other seat wins, and the real final scores
        are given (the game is over), each seat scored as it knows itself, its own hidden
        holdings included, by the game's own scoring categories."""
        seats = range(len(info.seats))
        return Outcome(
            scores=tuple(engine.provisional_scores(state, s)[s] for s in seats),
            breakdown=tuple(engine.provisional_breakdown(state, s)[s] for s in seats),
            winners=tuple(s.seat for s in info.seats if s.seat != seat),
            reason=f"{engine.seat_label(seat)} conceded",
            tiebreak=None,
        )

    @staticmethod
    def _seats_payload(engine: Game[Any], info: TableInfo) -> list[dict[str, Any]]:
        return [
            {
                "seat": s.seat,
                "label": engine.seat_label(s.seat),
                "user_id": s.user_id,
                "agent": s.agent,
                "name": s.name,
            }
            for s in info.seats
        ]

    @staticmethod
    def _next_payload(
        engine: Game[Any], info: TableInfo, decision: Any, deadline: datetime | None = None
    ) -> dict[str, Any]:
        if decision is None:
            return {
                "next_seat": None,
                "next_label": None,
                "next_user_id": None,
                "next_agent": None,
                "next_name": None,
                "is_agent": False,
                "next_kind": None,
                "next_prompt": None,
                "next_deadline": None,
            }
        holder = info.holder(decision.seat)
        return {
            "next_seat": decision.seat,
            "next_label": engine.seat_label(decision.seat),
            "next_user_id": holder.user_id,
            "next_agent": holder.agent,
            "next_name": holder.name,
            "is_agent": holder.agent is not None,
            "next_kind": decision.kind,
            "next_prompt": decision.prompt,
            "next_deadline": None if deadline is None else unix(deadline),
        }

    def _result_payload(
        self, engine: Game[Any], info: TableInfo, version: int, outcome: Outcome
    ) -> dict[str, Any]:
        return {
            "version": version,
            "scores": list(outcome.scores),
            "breakdown": [dict(b) for b in outcome.breakdown],
            "winners": list(outcome.winners),
            "winner_user_ids": [
                info.holder(w).user_id for w in outcome.winners if info.holder(w).user_id
            ],
            "reason": outcome.reason,
            "tiebreak": outcome.tiebreak,
            "result": outcome.result,
            "seats": self._seats_payload(engine, info),
        }
