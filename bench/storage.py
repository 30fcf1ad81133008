"""Storage at scale: a database of 10,000 tables and about 500,000 moves, and what it costs.

The database is built in bulk, row by row as the service writes them (tables, seats, actions,
snapshots, outbox rows and timers), from real games the engines play with random moves; going
through the full service for half a million moves would take hours. Then it measures, through
the real store and service:

- ``mygames``: ``TableService.my_tables`` for a user seated at ``--heavy`` open tables (p95);
- ``lookups``: each per-table read the bot makes on a post or a move (p95 of each);
- ``size``: the file before and after ``prune`` + ``vacuum`` (``caravanserai db vacuum``);
- ``finished_game_kb``: database bytes per finished game of 200 moves, after pruning.

``--tables`` and ``--moves`` make it smaller (e.g. ``--tables 1000 --moves 50000``);
``--snapshot-every 1`` builds the old layout (a snapshot per version). Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from games.core import Game, specs
from games.core import rng as core_rng

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
HEAVY_USER = 1
TARGETS = {"mygames_p95_ms": 50.0, "lookup_p95_ms": 1.0, "finished_game_kb": 30.0}
SNAPSHOT_EVERY = 25  # bot.service.tables.SNAPSHOT_EVERY; repeated so the old layout can be built


def ts(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass(frozen=True, slots=True)
class Move:
    seat: int
    action: str
    description: str
    events: tuple[str, ...]
    reversible: bool
    revealed: bool
    state: str  # the snapshot JSON after it
    next_seat: int | None
    next_kind: str | None
    next_prompt: str | None


@dataclass(frozen=True, slots=True)
class Template:
    game: str
    players: int
    seed: int
    start: str  # the snapshot JSON at version 0
    moves: tuple[Move, ...]


def play(game: Game[Any], players: int, seed: int) -> Template:
    """A whole game with uniformly random legal moves, recorded as the service stores it."""
    state = game.new_game(players, seed, game.default_options())
    start = json.dumps(game.to_json(state), separators=(",", ":"))
    rng = core_rng.seed_state(seed)
    moves = []
    while (decision := game.decision(state)) is not None:
        rng, i = core_rng.below(rng, len(decision.actions))
        action = decision.actions[i]
        step = game.step(state, action)
        after = game.decision(step.state)
        moves.append(
            Move(
                decision.seat,
                action,
                game.describe(state, action),
                tuple(e.text for e in step.events),
                step.reversible,
                step.revealed,
                json.dumps(game.to_json(step.state), separators=(",", ":")),
                None if after is None else after.seat,
                None if after is None else after.kind,
                None if after is None else after.prompt,
            )
        )
        state = step.state
    return Template(game.name, players, seed, start, tuple(moves))


def templates(count: int) -> list[Template]:
    """``count`` seeded games of each installed game with benchmark targets, cycling through
    the player counts its spec names."""
    found = []
    for g, spec in enumerate(s for s in specs() if s.bench is not None):
        counts = spec.bench.render_players if spec.bench else (spec.engine.min_players,)
        for n in range(count):
            found.append(play(spec.engine, counts[n % len(counts)], 1000 * (g + 1) + n))
    return found


class Builder:
    """Writes the rows of one table at a time into lists, flushed in bulk."""

    def __init__(self, conn: sqlite3.Connection, snapshot_every: int, rng: random.Random) -> None:
        self.conn = conn
        self.every = snapshot_every
        self.rng = rng
        self.rows: dict[str, list[dict[str, Any]]] = {}
        self.outbox_id = self.timer_id = 0

    def add(self, table: str, **row: Any) -> None:
        self.rows.setdefault(table, []).append(row)

    def flush(self) -> None:
        """Insert by column name, so columns added later keep their defaults."""
        for table, rows in self.rows.items():
            columns = list(rows[0])
            marks = ",".join("?" * len(columns))
            self.conn.executemany(
                f"INSERT INTO {table} ({','.join(columns)}) VALUES ({marks})",
                [tuple(row[c] for c in columns) for row in rows],
            )
        self.rows.clear()

    def table(
        self, table_id: int, template: Template, moves: int, users: list[int], began: datetime
    ) -> None:
        finished = moves == len(template.moves)
        step = timedelta(hours=self.rng.uniform(0.25, 12))
        updated = began + step * moves
        host = users[0]
        self.add(
            "game_tables", id=table_id, game=template.game, guild_id=1, channel_id=2,
            lobby_message_id=3_000_000 + table_id, thread_id=4_000_000 + table_id,
            status="finished" if finished else "active", options="{}", seed=template.seed,
            host_id=host, version=moves, created_at=ts(began), updated_at=ts(updated),
            pace="daily",
        )
        for seat, user in enumerate(users):
            self.add(
                "seats", table_id=table_id, seat=seat, user_id=user, agent=None,
                name=f"Player {user}", joined_at=ts(began),
            )
        self.snapshot(table_id, 0, template.start, began, moves)
        self.outbox(table_id, 0, "start", {"version": 0, "seats": users}, began)
        for version, move in enumerate(template.moves[:moves], 1):
            at = began + step * version
            request = str(self.rng.randrange(10**18, 10**19))
            self.add(
                "actions", table_id=table_id, version=version, seat=move.seat,
                action=move.action, request_id=request, user_id=users[move.seat],
                created_at=ts(at), kind="move", reversible=int(move.reversible),
                events=json.dumps(list(move.events)), description=move.description,
                revealed=int(move.revealed),
            )
            self.snapshot(table_id, version, move.state, at, moves)
            self.outbox(table_id, version, "turn", self.turn(version, move, users), at)
            self.timers(table_id, version - 1, move.seat, at - step, at)
        if finished:
            self.outbox(table_id, moves, "result", {"version": moves, "winners": [0]}, updated)
        else:
            last = template.moves[moves - 1] if moves else None
            seat = last.next_seat if last and last.next_seat is not None else 0
            self.timers(table_id, moves, seat, updated, None)

    def snapshot(self, table_id: int, version: int, state: str, at: datetime, last: int) -> None:
        if version % self.every == 0 or version == last:
            self.add(
                "snapshots", table_id=table_id, version=version, state=state, created_at=ts(at)
            )

    def outbox(
        self, table_id: int, version: int, kind: str, payload: dict[str, Any], at: datetime
    ) -> None:
        self.outbox_id += 1
        delivered = at + timedelta(seconds=2)
        self.add(
            "outbox", id=self.outbox_id, table_id=table_id, version=version, kind=kind,
            payload=json.dumps(payload), created_at=ts(at), delivered_at=ts(delivered),
            attempts=1, message_id=5_000_000_000 + self.outbox_id, attempted_at=ts(at),
        )

    @staticmethod
    def turn(version: int, move: Move, users: list[int]) -> dict[str, Any]:
        nxt = move.next_seat
        return {
            "version": version, "seat": move.seat, "label": f"Seat {move.seat}",
            "user_id": users[move.seat], "agent": None, "name": f"Player {users[move.seat]}",
            "action": move.action, "description": move.description,
            "events": list(move.events), "reversible": move.reversible,
            "revealed": move.revealed, "passes_turn": nxt != move.seat,
            "game_over": nxt is None, "next_seat": nxt,
            "next_label": None if nxt is None else f"Seat {nxt}",
            "next_user_id": None if nxt is None else users[nxt], "next_agent": None,
            "next_name": None if nxt is None else f"Player {users[nxt]}", "is_agent": False,
            "next_kind": move.next_kind, "next_prompt": move.next_prompt,
            "next_deadline": 1_900_000_000,
        }

    def timers(
        self, table_id: int, version: int, seat: int, start: datetime, ended: datetime | None
    ) -> None:
        """A daily seat's three reminders and deadline; cancelled by the move that ``ended``
        its turn (what had fallen due by then fired), pending while it is still to move."""
        for number, fraction in ((1, 0.25), (2, 0.6), (3, 0.9), (0, 1.0)):
            due = start + timedelta(hours=24 * fraction)
            self.timer_id += 1
            if ended is None:
                fired, outcome = None, None
            elif due <= ended:
                fired, outcome = ts(due), "fired"
            else:
                fired, outcome = ts(ended), "cancelled"
            kind = "deadline" if number == 0 else "reminder"
            self.add(
                "timers", id=self.timer_id, table_id=table_id, seat=seat, version=version,
                kind=kind, number=number, due_at=ts(due), wake_at=ts(due), created_at=ts(start),
                fired_at=fired, outcome=outcome,
            )


def build(path: Path, tables: int, moves: int, heavy: int, snapshot_every: int) -> dict[str, Any]:
    from storage import open_store

    async def migrate() -> None:
        store = await open_store(f"sqlite:///{path}")
        await store.close()

    asyncio.run(migrate())
    started = time.perf_counter()
    rng = random.Random(7)
    games = templates(6)
    finished_share = 0.15
    finished_moves = sum(len(t.moves) for t in games) / len(games) * finished_share * tables
    active_mean = max(1.0, (moves - finished_moves) / max(1, tables * (1 - finished_share)))
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = OFF")
    builder = Builder(conn, snapshot_every, rng)
    made = 0
    heavy_tables = set(rng.sample(range(1, tables + 1), min(heavy, tables)))
    for table_id in range(1, tables + 1):
        template = rng.choice(games)
        finished = rng.random() < finished_share and table_id not in heavy_tables
        count = len(template.moves) if finished else min(
            len(template.moves) - 1, int(rng.uniform(1, 2 * active_mean))
        )
        users = rng.sample(range(2, 40_000), template.players)
        if table_id in heavy_tables:
            users[rng.randrange(template.players)] = HEAVY_USER
        began = NOW - timedelta(days=rng.uniform(1, 365))
        if finished:
            began -= timedelta(days=100)  # it ended before now
        builder.table(table_id, template, count, users, began)
        made += count
        if table_id % 500 == 0:
            builder.flush()
    builder.flush()
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return {"tables": tables, "moves": made, "seconds": round(time.perf_counter() - started, 1)}


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "p50_ms": round(ordered[len(ordered) // 2], 3),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
        "mean_ms": round(statistics.fmean(ordered), 3),
    }


async def timed(call: Callable[[], Awaitable[object]], times: int) -> dict[str, float]:
    """Wall time, and the CPU time of the process (all threads): on a shared machine the
    second shows the cost of the call without the waits for a core."""
    samples, cpu = [], []
    await call()  # the first call reads the file into the page cache
    for _ in range(times):
        started, used = time.perf_counter(), time.process_time()
        await call()
        samples.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - used) * 1000)
    return {**summary(samples), "cpu_p95_ms": summary(cpu)["p95_ms"]}


def sample_tables(path: Path, count: int) -> list[tuple[int, int, str]]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT id, version, thread_id FROM game_tables WHERE status = 'active'"
        ).fetchall()
    return random.Random(3).sample(rows, min(count, len(rows)))


async def measure(path: Path, repeats: int) -> dict[str, Any]:
    from bot.service import TableService
    from storage import open_store

    store = await open_store(f"sqlite:///{path}", clock=lambda: NOW)
    try:
        service = TableService(store, clock=lambda: NOW, state_cache_size=0)
        mygames = await timed(lambda: service.my_tables(HEAVY_USER), repeats)
        heavy = await service.my_tables(HEAVY_USER)
        sample = sample_tables(path, 200)

        def each(lookup: Callable[[int, int, str], Awaitable[object]]) -> Callable[[], Any]:
            tables: Iterator[tuple[int, int, str]] = iter(sample * 10)
            return lambda: lookup(*next(tables))

        lookups: dict[str, Callable[[int, int, str], Awaitable[object]]] = {
            "get_table": lambda t, v, th: store.get_table(t),
            "table_for_thread": lambda t, v, th: store.table_for_thread(int(th)),
            "action_by_request": lambda t, v, th: store.action_by_request(t, "nope"),
            "get_action": lambda t, v, th: store.get_action(t, v),
            "get_snapshot_latest": lambda t, v, th: store.get_snapshot(t),
            "list_timers": lambda t, v, th: store.list_timers(t),
            "list_outbox": lambda t, v, th: store.list_outbox(t),
            "open_undo_request": lambda t, v, th: store.open_undo_request(t),
            "list_seat_changes": lambda t, v, th: store.list_seat_changes(t),
            "pending_outbox": lambda t, v, th: store.pending_outbox(50, now=NOW),
            "next_timer_due": lambda t, v, th: store.next_timer_due(),
        }
        measured = {name: await timed(each(call), len(sample)) for name, call in lookups.items()}
        load = await timed(each(lambda t, v, th: service.load(t)), len(sample))
    finally:
        await store.close()
    return {
        "mygames": {**mygames, "tables": heavy.total},
        "lookups": measured,
        "load_cold": load,
    }


def file_kb(path: Path) -> float:
    size = path.stat().st_size
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        size += wal.stat().st_size
    return round(size / 1024, 1)


async def prune_and_vacuum(path: Path) -> dict[str, Any]:
    from bot.cli import db_command

    started = time.perf_counter()
    report = await db_command("vacuum", f"sqlite:///{path}", now=NOW)
    return {**report.get("pruned", {}), "seconds": round(time.perf_counter() - started, 1)}


def finished_game_kb(folder: Path, snapshot_every: int, games: int = 100) -> float:
    """Database bytes per finished 200-move game once pruned: a file of only such games."""
    path = folder / "finished.db"
    template = templates(1)[0]
    build_finished(path, template, games, snapshot_every)
    empty = folder / "empty.db"
    build_finished(empty, template, 0, snapshot_every)
    asyncio.run(prune_and_vacuum(path))
    asyncio.run(prune_and_vacuum(empty))
    per_move = (file_kb(path) - file_kb(empty)) / (games * len(template.moves))
    return round(per_move * 200, 1)


def build_finished(path: Path, template: Template, games: int, snapshot_every: int) -> None:
    from storage import open_store

    async def migrate() -> None:
        store = await open_store(f"sqlite:///{path}")
        await store.close()

    asyncio.run(migrate())
    conn = sqlite3.connect(path)
    builder = Builder(conn, snapshot_every, random.Random(1))
    for table_id in range(1, games + 1):
        builder.table(
            table_id, template, len(template.moves), [10, 11], NOW - timedelta(days=400)
        )
    if games:
        builder.flush()
    conn.commit()
    conn.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000, help="tables (default: 10000)")
    parser.add_argument("--moves", type=int, default=500_000, help="moves in all (default: 500000)")
    parser.add_argument("--heavy", type=int, default=2_000,
                        help="open tables of the busiest user (default: 2000)")
    parser.add_argument("--snapshot-every", type=int, default=SNAPSHOT_EVERY,
                        help=f"keep a snapshot every K versions (default: {SNAPSHOT_EVERY})")
    parser.add_argument("--repeats", type=int, default=20, help="timed /mygames calls")
    parser.add_argument("--keep", type=Path, default=None, help="also copy the database here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        path = folder / "scale.db"
        built = build(path, args.tables, args.moves, args.heavy, args.snapshot_every)
        built["file_kb"] = file_kb(path)
        measured = asyncio.run(measure(path, args.repeats))
        pruned = asyncio.run(prune_and_vacuum(path))
        pruned["file_kb"] = file_kb(path)
        after = asyncio.run(measure(path, args.repeats))
        if args.keep is not None:
            args.keep.write_bytes(path.read_bytes())
        finished = finished_game_kb(folder, args.snapshot_every)
    worst_lookup = max(m["p95_ms"] for m in after["lookups"].values())
    result = {
        "built": built,
        "before_prune": measured,
        "prune": pruned,
        "after_prune": after,
        "finished_game_kb": finished,
        "targets": TARGETS,
    }
    result["meets_targets"] = (
        after["mygames"]["p95_ms"] <= TARGETS["mygames_p95_ms"]
        and worst_lookup <= TARGETS["lookup_p95_ms"]
        and finished <= TARGETS["finished_game_kb"]
    )
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
