"""Plays tables through the fake Discord while the bot is SIGKILLed and restarted, then checks.

Simulated people act only through Discord: ``/newgame`` and the lobby buttons, then, for each
move, autocomplete of ``/play`` to learn who must move and what is legal, and either ``/play``
or the "Your move" panel's buttons. A move is *acknowledged* when the bot answered the
interaction (or edited its deferred answer) with the ✔ confirmation; the service records the
interaction id as the move's request id, which is how the final check finds it in the log.

The checks, on the database once the bot is stopped: every acknowledged move is in its table's
effective log; every stored state equals the replay of that log; every table has ended or waits
on a person (or still sits in its lobby); every committed board was posted (no outbox row left
undelivered); and no thread shows the same board twice (same nonce, or same text and image).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import re
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.exts.play._posts import answered_at_once
from bot.service import TableService
from bot.service.history import effective_moves
from storage import open_store, utc_now
from tests.e2e.wire.fakediscord import EPHEMERAL, Call, custom_ids

from .harness import BotProcess, CrashFake
from .processes import BotGroup, ShardedCrashFake

Json = dict[str, Any]

ANSWER_SECONDS = 15.0  # an interaction's final answer (a board render may be queued before it)
UP_SECONDS = 90.0  # waiting for the bot to be back after a kill
QUIET_SECONDS = 60.0  # after the last kill, for the outbox to empty
MAX_IDLE = 120  # rounds (about a second each) in which nobody could move
MAX_STRETCH_SECONDS = 120.0  # the longest the last stretch waits for min_acknowledged
PACE = "relaxed"  # no reminder or deadline falls inside a run
PEOPLE = ("alice", "bob", "carol")
CONFIRMED = "✔"


def _board_post(call: Call) -> bool:
    return call.method == "POST" and any(name == "board.png" for name, _ in call.files)


def _move_answer(call: Call) -> bool:
    """A move's ✔ answer: the interaction's reply itself, or the edit of a deferred one."""
    body = call.json if isinstance(call.json, dict) else {}
    if call.path.startswith("/interactions/"):
        body = body.get("data") or {}
    elif call.method != "PATCH":
        return False
    return CONFIRMED in str(body.get("content") or "")


def _commit_reply(call: Call) -> bool:
    body = call.json if isinstance(call.json, dict) else {}
    return call.path.startswith("/interactions/") and body.get("type") in (5, 6)


RESULT = -1  # stands for the result post among a thread's expected board versions
BOARD_MARKER = re.compile(
    r"-# Table #(?P<table>\d+) · move (?P<moves>\d+)(?: · version (?P<version>\d+))?$"
)


def posts_board(kind: str, payload: Json) -> bool:
    """Whether an outbox row shows a board: the start, an undo, and every move that passes
    the turn or ends the game (a seat's sub-decisions only change its private panel)."""
    if kind == "turn":
        return bool(payload.get("passes_turn", True) or payload.get("game_over"))
    return kind in ("start", "undo")


# How a kill is timed: after a random pause, or the moment the fake has taken a board post
# (posted, but the bot never hears so), a move's ✔ answer, or a deferred interaction (the bot
# is about to commit a move or start a table).
KILL_MODES: dict[str, Callable[[Call], bool]] = {
    "random": lambda call: False,
    "on_board_post": _board_post,
    "on_move_answer": _move_answer,
    "on_defer": _commit_reply,
}


def _due(row: Any) -> bool:
    """Undelivered and due: a finished game's thread archiving waits for its hour."""
    return row.delivered_at is None and (row.not_before is None or row.not_before <= utc_now())


@dataclass(frozen=True)
class TableSpec:
    game: str
    host: str
    others: tuple[str, ...]  # people who join after the host
    agents: int


def table_specs(count: int) -> list[TableSpec]:
    """Targi and Yspahan tables in turn, some all-human and some with agent seats."""
    shapes = [
        TableSpec("targi", "alice", ("bob",), 0),
        TableSpec("yspahan", "bob", ("carol",), 1),
        TableSpec("targi", "carol", (), 1),
        TableSpec("yspahan", "alice", ("bob", "carol"), 0),
        TableSpec("targi", "bob", ("carol",), 0),
        TableSpec("yspahan", "carol", (), 1),
    ]
    return [shapes[i % len(shapes)] for i in range(count)]


@dataclass
class Ack:
    table_id: int
    interaction_id: str
    user: str
    how: str  # "play" or "panel"
    move: str | None  # the notation sent with /play; None for a panel choice


@dataclass
class Table:
    spec: TableSpec
    id: int | None = None
    thread_id: str | None = None
    finished: bool = False
    acked: list[Ack] = field(default_factory=list)
    tries: int = 0


@dataclass
class Figures:
    kills: int = 0
    kills_by_mode: dict[str, int] = field(default_factory=dict)
    kills_while_playing: int = 0
    starts: int = 0
    tables: int = 0
    tables_ended: int = 0
    tables_waiting: int = 0
    tables_in_lobby: int = 0
    stuck: list[str] = field(default_factory=list)
    moves: int = 0
    human_moves: int = 0
    agent_moves: int = 0
    sent: int = 0
    acknowledged: int = 0
    lost: list[str] = field(default_factory=list)
    replay_mismatches: list[int] = field(default_factory=list)
    board_posts: int = 0
    duplicates: list[str] = field(default_factory=list)
    boards_missing: list[str] = field(default_factory=list)
    out_of_order: list[str] = field(default_factory=list)
    undelivered: int = 0
    dropped_events: int = 0
    nonce_dedups: int = 0
    unmodelled: list[str] = field(default_factory=list)
    driver_errors: list[str] = field(default_factory=list)  # the harness failed, not the bot
    wall_seconds: float = 0.0
    processes: int = 1
    database: str = "sqlite"
    timers_made_due: int = 0
    timers_fired: int = 0
    timers_unfinished: list[str] = field(default_factory=list)
    notices_doubled: list[str] = field(default_factory=list)
    answered_by: dict[int, int] = field(default_factory=dict)  # per bot process
    posted_by: dict[int, int] = field(default_factory=dict)

    def as_json(self) -> Json:
        return {
            "kills": self.kills,
            "kills_by_moment": self.kills_by_mode,
            "kills_while_tables_played": self.kills_while_playing,
            "bot_starts": self.starts,
            "tables": self.tables,
            "tables_ended": self.tables_ended,
            "tables_waiting_on_a_person": self.tables_waiting,
            "tables_in_lobby": self.tables_in_lobby,
            "stuck": self.stuck,
            "moves": self.moves,
            "human_moves": self.human_moves,
            "agent_moves": self.agent_moves,
            "interactions_sent": self.sent,
            "acknowledged": self.acknowledged,
            "lost": len(self.lost),
            "lost_detail": self.lost,
            "replay_mismatches": self.replay_mismatches,
            "board_posts": self.board_posts,
            "duplicates": len(self.duplicates),
            "duplicate_detail": self.duplicates,
            "boards_missing": self.boards_missing,
            "boards_out_of_order": self.out_of_order,
            "undelivered_outbox_rows": self.undelivered,
            "posts_dropped_by_enforced_nonce": self.nonce_dedups,
            "unmodelled_routes": self.unmodelled,
            "driver_errors": self.driver_errors,
            "wall_seconds": round(self.wall_seconds, 1),
            "bot_processes": self.processes,
            "database": self.database,
            "timers_made_due": self.timers_made_due,
            "timers_fired": self.timers_fired,
            "timers_unfinished": self.timers_unfinished,
            "notices_doubled": self.notices_doubled,
            "interactions_answered_by_process": self.answered_by,
            "messages_posted_by_process": self.posted_by,
        }

    @property
    def ok(self) -> bool:
        return not (
            self.lost
            or self.duplicates
            or self.boards_missing
            or self.out_of_order
            or self.replay_mismatches
            or self.stuck
            or self.undelivered
            or self.driver_errors
            or self.timers_unfinished
            or self.notices_doubled
        )


class CrashTest:
    def __init__(
        self,
        *,
        kills: int,
        tables: int,
        seed: int,
        workdir: Path,
        max_gap: float = 3.0,
        max_moves_per_table: int = 400,
        max_seconds: float = 1800.0,
        moments: Sequence[str] = (),
        play_out: bool = False,
        database_url: str | None = None,
        processes: int = 1,
        due_timers: bool = False,
        min_acknowledged: int = 0,
        min_agent_moves: int = 0,
    ) -> None:
        self.kills = kills
        self.min_acknowledged = min_acknowledged
        self.min_agent_moves = min_agent_moves
        self.rng = random.Random(seed)
        self.seed = seed
        self.workdir = workdir
        self.max_gap = max_gap
        self.max_moves = max_moves_per_table
        self.max_seconds = max_seconds
        assert set(moments) <= set(KILL_MODES), moments
        self.play_out = play_out
        self.moments = list(moments)  # kill moments in turn; empty: chosen at random
        self.tables = [Table(spec) for spec in table_specs(tables)]
        self.processes = processes
        self.fake = CrashFake() if processes == 1 else ShardedCrashFake(seed)
        self.database = workdir / "caravanserai.db"
        self.database_url = database_url or f"sqlite:///{self.database}"
        self.due_timers = due_timers
        self.made_due: list[int] = []  # timers this test made due while the bots ran
        self.log_path = workdir / "bot.log"
        self.bot: BotProcess | BotGroup
        self.stop = asyncio.Event()
        self.figures = Figures()
        self.kills_by_mode: Counter[str] = Counter()
        self.kills_while_playing = 0
        self.sent = 0  # interactions sent as people

    # -- the run -----------------------------------------------------------------------------

    async def run(self) -> Figures:
        began = time.monotonic()
        # a bot killed in the middle of an upload leaves the fake's server a broken request
        logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)
        await self.fake.start()
        with self.log_path.open("ab") as log:
            if isinstance(self.fake, ShardedCrashFake):
                self.bot = BotGroup(
                    self.fake, self.database_url, log, self.processes, self.seed
                )
            else:
                self.bot = BotProcess(
                    self.fake, self.database, log, database_url=self.database_url
                )
            try:
                await self.bot.start()
                players = [
                    asyncio.create_task(self.play(t, random.Random(self.seed * 1000 + i)))
                    for i, t in enumerate(self.tables)
                ]
                if self.due_timers:
                    players.append(asyncio.create_task(self.make_timers_due()))
                try:
                    async with asyncio.timeout(self.max_seconds):
                        await self.kill_loop()
                        if self.play_out:  # every table plays on to its end or its move cap
                            await asyncio.wait(players)
                except TimeoutError:
                    self.figures.driver_errors.append(f"the run took over {self.max_seconds} s")
                finally:
                    self.stop.set()
                    done, pending = await asyncio.wait(players, timeout=ANSWER_SECONDS * 4)
                    for task in pending:
                        task.cancel()
                    for task in done:
                        if not task.cancelled() and task.exception() is not None:
                            self.figures.driver_errors.append(repr(task.exception()))
                await self.quiesce()
            finally:
                await self.bot.kill(count=False)
                await self.fake.close()
        self.figures.kills = self.bot.kills
        self.figures.kills_by_mode = dict(sorted(self.kills_by_mode.items()))
        self.figures.kills_while_playing = self.kills_while_playing
        self.figures.starts = self.bot.starts
        self.figures.sent = self.sent
        self.figures.dropped_events = self.fake.dropped_events
        self.figures.nonce_dedups = self.fake.nonce_dedups
        self.figures.unmodelled = sorted(set(self.fake.unmodelled))
        self.figures.driver_errors += [f"fake Discord: {e}" for e in self.fake.errors]
        self.figures.processes = self.processes
        if isinstance(self.fake, ShardedCrashFake):
            self.figures.answered_by = dict(sorted(self.fake.answered_by.items()))
            self.figures.posted_by = dict(sorted(self.fake.posted_by.items()))
        self.figures.database = self.database_url.split(":", 1)[0]
        await self.check()
        if self.due_timers:
            await self.check_timers()
        self.figures.wall_seconds = time.monotonic() - began
        return self.figures

    async def kill_loop(self) -> None:
        for number in range(self.kills):
            if self.moments:
                mode = self.moments[number % len(self.moments)]
            else:
                mode = self.rng.choice(sorted(KILL_MODES))
            if mode == "random":
                await asyncio.sleep(self.rng.uniform(0.2, self.max_gap))
            elif not await self.kill_on(KILL_MODES[mode]):
                mode = "random"  # no such call came in time: the kill fell where it fell
            self.kills_by_mode[mode] += 1
            self.kills_while_playing += any(not t.finished for t in self.tables)
            await self.bot.kill()
            await asyncio.sleep(self.rng.uniform(0.0, 0.3))
            await self.bot.start()
        # a last stretch of play without kills, so the end state is not all recovery; on a
        # slow machine it lasts until enough moves were answered and agents had their turns
        # (within MAX_STRETCH_SECONDS)
        await asyncio.sleep(self.max_gap)
        loop = asyncio.get_running_loop()
        until = loop.time() + MAX_STRETCH_SECONDS
        while (sum(len(t.acked) for t in self.tables) < self.min_acknowledged
               or await self.agent_moves() < self.min_agent_moves):
            if loop.time() > until or all(t.finished for t in self.tables):
                break
            await asyncio.sleep(0.5)

    async def agent_moves(self) -> int:
        """How many moves agents have made so far, read from the database."""
        if not self.min_agent_moves:
            return 0
        store = await open_store(self.database_url)
        try:
            moves = 0
            for record in await store.list_tables():
                rows = await store.list_actions(record.id)
                moves += sum(1 for r in effective_moves(rows) if r.user_id is None)
            return moves
        finally:
            await store.close()

    async def kill_on(self, predicate: Callable[[Call], bool]) -> bool:
        """Kill the bot the moment the fake has handled a matching call, before it answers
        (or after ``3 * max_gap`` seconds if no such call comes)."""
        fired = asyncio.Event()

        def kill() -> None:
            self.bot.signal_kill()
            fired.set()

        self.fake.arm(predicate, kill)
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(fired.wait(), self.max_gap * 3)
        finally:
            self.fake.disarm()
        return fired.is_set()

    async def quiesce(self) -> None:
        """Wait until every committed post has gone out (the bot's background pass), and every
        timer made due has fired."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + QUIET_SECONDS
        store = await open_store(self.database_url)
        try:
            while loop.time() < deadline:
                pending = 0
                for table in await store.list_tables():
                    rows = await store.list_outbox(table.id)
                    pending += sum(1 for r in rows if _due(r))
                    timers = await store.list_timers(table.id, pending=True)
                    pending += sum(1 for t in timers if t.id in self.made_due)
                if pending == 0:
                    return
                await asyncio.sleep(0.5)
        finally:
            await store.close()

    async def make_timers_due(self) -> None:
        """Now and then bring a table's running deadline forward to now, so timers come due
        while the bots run (and die): each must fire once, whichever process gets it."""
        rng = random.Random(self.seed * 7)
        store = await open_store(self.database_url)
        try:
            while not self.stop.is_set():
                await asyncio.sleep(rng.uniform(0.5, self.max_gap))
                active = await store.list_tables(statuses=["active"])
                if not active:
                    continue
                table = rng.choice(active)
                pending = await store.list_timers(table.id, version=table.version, pending=True)
                deadlines = [t for t in pending if t.kind == "deadline"]
                if not deadlines:
                    continue
                with contextlib.suppress(Exception):  # the table moved on meanwhile
                    async with store.transaction() as tx:
                        await tx.postpone_timer(deadlines[-1].id, datetime.now(UTC))
                    self.made_due.append(deadlines[-1].id)
        finally:
            await store.close()

    async def check_timers(self) -> None:
        """Every timer made due was finished (fired, or stale once its table moved on), and
        no stall was announced twice."""
        figures = self.figures
        figures.timers_made_due = len(self.made_due)
        store = await open_store(self.database_url)
        try:
            for table in await store.list_tables():
                timers = {t.id: t for t in await store.list_timers(table.id)}
                for timer_id in self.made_due:
                    timer = timers.get(timer_id)
                    if timer is None:
                        continue
                    if timer.pending:
                        figures.timers_unfinished.append(f"table {table.id}: timer {timer_id}")
                    figures.timers_fired += timer.outcome == "fired"
                stalls = Counter(
                    (r.version, r.payload.get("seat"))
                    for r in await store.list_outbox(table.id)
                    if r.kind == "stalled"
                )
                figures.notices_doubled += [
                    f"table {table.id}: {n} stall notices for move {version}, seat {seat}"
                    for (version, seat), n in stalls.items() if n > 1
                ]
        finally:
            await store.close()

    # -- acting as people --------------------------------------------------------------------

    async def answer(self, interaction_id: str, after: int, generation: int) -> Json | None:
        """What the user finally sees for an interaction, or None if the bot never answered."""
        alive = self.bot.alive(generation)
        prefix = f"/interactions/{interaction_id}/"
        callback = await self.fake.find_call(
            lambda c: c.path.startswith(prefix), after=after, seconds=ANSWER_SECONDS, alive=alive
        )
        if callback is None or callback.status != 200:
            return None
        kind = callback.json["type"]
        if kind in (4, 7):
            return dict(callback.response["resource"]["message"])
        if kind == 8:
            return {"choices": callback.json["data"]["choices"]}
        token = f"/webhooks/{self.fake.app_id}/token-{interaction_id}"
        index = self.fake.calls.index(callback)
        follow = await self.fake.find_call(
            lambda c: c.path.startswith(token) and c.method in ("POST", "PATCH"),
            after=index,
            seconds=ANSWER_SECONDS,
            alive=alive,
        )
        if follow is None or follow.status != 200:
            return None
        return dict(follow.response)

    async def slash(self, generation: int, name: str, **options: Any) -> Json | None:
        after = len(self.fake.calls)
        self.sent += 1
        iid = await self.fake.slash(name, **options)
        return await self.answer(iid, after, generation)

    async def click(
        self, generation: int, message: Json, custom_id: str, user: str, values: list[str] | None
    ) -> tuple[str, Json | None]:
        after = len(self.fake.calls)
        self.sent += 1
        iid = await self.fake.click(message, custom_id, user=user, values=values)
        return iid, await self.answer(iid, after, generation)

    async def up(self) -> int:
        generation = await self.bot.up(UP_SECONDS)
        if generation is None:
            raise RuntimeError(f"the bot was not back within {UP_SECONDS} s")
        return generation

    # -- one table ---------------------------------------------------------------------------

    async def play(self, table: Table, rng: random.Random) -> None:
        await self.open(table, rng)
        idle = 0
        moves = 0
        while not self.stop.is_set() and moves < self.max_moves and table.thread_id:
            if self.game_over(table):
                table.finished = True
                return
            generation = await self.up()
            mover = await self.mover(table, generation)
            if mover is None:
                if idle >= MAX_IDLE:
                    return  # nobody can move for a long while: the check says why
                idle += 1
                await asyncio.sleep(min(0.1 * idle, 1.0))
                continue
            idle = 0
            user, choices = mover
            # half the moves go through the panel; if it is not there, /play instead
            moved = rng.random() < 0.5 and await self.move_by_panel(table, generation, user, rng)
            moved = moved or await self.move_by_play(table, generation, user, rng.choice(choices))
            moves += moved

    async def open(self, table: Table, rng: random.Random) -> None:
        """/newgame, joins, agents, Start; retried from scratch if the lobby is lost to a kill."""
        spec = table.spec
        for _ in range(10):
            if self.stop.is_set():
                return
            generation = await self.up()
            lobby = await self.slash(
                generation, "newgame", user=spec.host, game=spec.game, pace=PACE
            )
            join = [i for i in custom_ids(lobby or {}) if re.fullmatch(r"cv:lobby:\d+:join", i)]
            if lobby is None or not join:
                continue
            table.id = int(join[0].split(":")[2])
            lobby_id = str(lobby["id"])
            steps = [(who, "join") for who in spec.others] + [(spec.host, "bot")] * spec.agents
            for who, verb in steps:
                for _ in range(5):
                    message = self.fake.messages[lobby_id]
                    generation = await self.up()
                    _, answer = await self.click(
                        generation, message, f"cv:lobby:{table.id}:{verb}", who, None
                    )
                    if answer is not None:
                        break
            if await self.start(table, lobby_id):
                return
        table.id = None

    async def start(self, table: Table, lobby_id: str) -> bool:
        """Press Start until the thread shows its first board."""
        start = f"cv:lobby:{table.id}:start"
        for _ in range(10):
            if self.boards(lobby_id):
                table.thread_id = lobby_id  # the thread hangs off the lobby message
                return True
            if self.stop.is_set():
                return False
            message = self.fake.messages[lobby_id]
            generation = await self.up()
            if start in custom_ids(message):
                await self.click(generation, message, start, table.spec.host, None)
            await self.wait_for_board(lobby_id, generation)
        return False

    async def wait_for_board(self, thread_id: str, generation: int) -> None:
        await self.fake.find_call(
            lambda c: c.method == "POST" and c.path == f"/channels/{thread_id}/messages",
            after=0,
            seconds=ANSWER_SECONDS,
            alive=self.bot.alive(generation),
        )

    def boards(self, thread_id: str) -> list[Json]:
        return [
            m
            for m in self.fake.thread_messages(thread_id)
            if any(a["filename"] == "board.png" for a in m["attachments"])
        ]

    def game_over(self, table: Table) -> bool:
        assert table.thread_id is not None
        return any("Game over" in m["content"] for m in self.fake.thread_messages(table.thread_id))

    async def mover(self, table: Table, generation: int) -> tuple[str, list[str]] | None:
        """Who must move and their legal moves, as /play's autocomplete offers them."""
        for user in PEOPLE:
            after = len(self.fake.calls)
            self.sent += 1
            iid = await self.fake.autocomplete(
                "play", "move", user=user, channel_id=table.thread_id, move=""
            )
            answer = await self.answer(iid, after, generation)
            if answer is None:
                return None
            choices = [str(c["value"]) for c in answer["choices"]]
            if choices:
                return user, choices
        return None

    async def move_by_play(self, table: Table, generation: int, user: str, move: str) -> bool:
        after = len(self.fake.calls)
        self.sent += 1
        iid = await self.fake.slash("play", user=user, channel_id=table.thread_id, move=move)
        answer = await self.answer(iid, after, generation)
        return self.acknowledge(table, iid, user, "play", answer, move)

    async def move_by_panel(
        self, table: Table, generation: int, user: str, rng: random.Random
    ) -> bool:
        """'Your move' on the newest board, then one of the panel's choices."""
        assert table.thread_id is not None
        boards = [b for b in self.boards(table.thread_id) if self.panel_id(b)]
        if not boards:
            return False
        board = boards[-1]
        _, panel = await self.click(generation, board, self.panel_id(board) or "", user, None)
        if panel is None or not panel["flags"] & EPHEMERAL:
            return False
        choices = [c for c in custom_ids(panel) if re.match(r"cv:(act|pick):", c)]
        if not choices:
            return False
        chosen = rng.choice(choices)
        values = None
        if chosen.startswith("cv:pick:"):
            options = self.select_options(panel, chosen)
            if not options:
                return False
            values = [rng.choice(options)]
        iid, answer = await self.click(generation, panel, chosen, user, values)
        return self.acknowledge(table, iid, user, "panel", answer)

    @staticmethod
    def panel_id(board: Json) -> str | None:
        return next((c for c in custom_ids(board) if c.startswith("cv:panel:")), None)

    @staticmethod
    def select_options(message: Json, custom_id: str) -> list[str]:
        for row in message.get("components") or []:
            for item in row.get("components") or []:
                if item.get("custom_id") == custom_id:
                    return [str(o["value"]) for o in item.get("options") or []]
        return []

    def acknowledge(
        self,
        table: Table,
        iid: str,
        user: str,
        how: str,
        answer: Json | None,
        move: str | None = None,
    ) -> bool:
        if answer is None or CONFIRMED not in str(answer.get("content") or ""):
            return False
        assert table.id is not None
        table.acked.append(Ack(table.id, iid, user, how, move))
        return True

    # -- the verdict -------------------------------------------------------------------------

    async def check(self) -> None:
        figures = self.figures
        acked = [a for t in self.tables for a in t.acked]
        figures.acknowledged = len(acked)
        store = await open_store(self.database_url)
        try:
            service = TableService(store)
            records = await store.list_tables()
            figures.tables = len(records)
            logged: dict[int, dict[str, str]] = {}  # table -> request id -> action
            threads: dict[int, tuple[str, set[int]]] = {}  # table -> thread, board versions
            for record in records:
                rows = await store.list_actions(record.id)
                chain = effective_moves(rows)
                logged[record.id] = {r.request_id: r.action for r in chain}
                figures.moves += len(chain)
                figures.agent_moves += sum(1 for r in chain if r.user_id is None)
                figures.human_moves += sum(1 for r in chain if r.user_id is not None)
                if not await service.replay_matches(record.id):
                    figures.replay_mismatches.append(record.id)
                outbox = await store.list_outbox(record.id)
                figures.undelivered += sum(1 for r in outbox if _due(r))
                if record.thread_id is not None:
                    boards = {
                        r.version
                        for r in outbox
                        if posts_board(r.kind, r.payload) and not answered_at_once(outbox, r)
                    }
                    if record.status == "finished":
                        boards.add(RESULT)
                    threads[record.id] = (str(record.thread_id), boards)
                await self.classify(service, record.id)
            for ack in acked:
                action = logged.get(ack.table_id, {}).get(ack.interaction_id)
                if action is None or (ack.move is not None and action != ack.move):
                    figures.lost.append(
                        f"table {ack.table_id}: {ack.user}'s {ack.how} move {ack.move or ''}, "
                        f"interaction {ack.interaction_id}, logged as {action}"
                    )
        finally:
            await store.close()
        for table_id, (thread_id, versions) in threads.items():
            self.count_boards(table_id, thread_id, versions)

    async def classify(self, service: TableService, table_id: int) -> None:
        loaded = await service.load(table_id)
        info = loaded.info
        if info.status == "lobby":
            self.figures.tables_in_lobby += 1
            return
        decision = loaded.game.decision(loaded.state)
        if info.status in ("finished", "cancelled") or decision is None:
            if info.status == "active":
                self.figures.stuck.append(f"table {table_id}: game over but still active")
            else:
                self.figures.tables_ended += 1
            return
        holder = info.holder(decision.seat)
        if holder.agent is not None:
            self.figures.stuck.append(
                f"table {table_id} (v{loaded.version}): waiting on agent seat {decision.seat}"
            )
        else:
            self.figures.tables_waiting += 1

    def count_boards(self, table_id: int, thread_id: str, versions: set[int]) -> None:
        """Each committed board in the thread once, in order: no post for the same version, the
        same nonce (one outbox row posted twice) or the same words over the same image twice.
        Other posts with a nonce, and the result, must not be there twice either."""
        seen: Counter[tuple[str, ...]] = Counter()
        shown: list[int] = []
        shown_result = False
        boards = self.boards(thread_id)
        for message in boards:
            self.figures.board_posts += 1
            marker = BOARD_MARKER.match(message["content"].splitlines()[-1])
            if marker is not None and int(marker["table"]) == table_id:
                version = marker["version"] or marker["moves"]
                shown.append(int(version))
                seen["move", version] += 1
            nonce = self.fake.call_nonce(str(message["id"]))
            if nonce is not None:
                seen["nonce", nonce] += 1
            images = [self.fake.attachments[a["id"]].decode() for a in message["attachments"]]
            seen["board", message["content"], *images] += 1
        # any other post of the outbox (the result, notices) once too
        for message in self.fake.thread_messages(thread_id):
            if message in boards:
                continue
            nonce = self.fake.call_nonce(str(message["id"]))
            if nonce is not None:
                seen["nonce", nonce] += 1
            if "Game over" in message["content"]:
                seen["result", "Game over"] += 1
                shown_result = True
        for key, count in seen.items():
            if count > 1:
                what = key[1] if key[0] != "board" else key[1].splitlines()[-1]
                self.figures.duplicates.append(
                    f"table {table_id}: {count} posts of the board for {key[0]} {what!r}"
                )
        for version in sorted(versions - set(shown) - {RESULT}):
            self.figures.boards_missing.append(f"table {table_id}: no board for move {version}")
        if RESULT in versions and not shown_result:
            self.figures.boards_missing.append(f"table {table_id}: finished, but no result post")
        if shown != sorted(shown):
            self.figures.out_of_order.append(f"table {table_id}: boards in order {shown}")


async def run(
    *, kills: int, tables: int, seed: int, workdir: Path | None = None, **options: Any
) -> Figures:
    """Run the crash test in ``workdir`` (a temporary directory by default)."""
    with contextlib.ExitStack() as stack:
        if workdir is None:
            workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="crash-")))
        workdir.mkdir(parents=True, exist_ok=True)
        test = CrashTest(kills=kills, tables=tables, seed=seed, workdir=workdir, **options)
        return await test.run()
    raise AssertionError("unreachable")
