"""Moves of many tables written to PostgreSQL in one statement.

A move is one statement already (``COMMIT_MOVES`` for a single move), but each statement
costs PostgreSQL a fixed share of its CPU (the round trip, starting the executor, the
commit) and the bot a round trip. So moves that arrive while earlier ones are being written
wait for them and then go together: under load the batches grow by themselves, and a lone
move waits for nobody. Each move in a batch keeps its own compare-and-set on its table's
version and status; a stale or closed one is simply not written and its caller is told why,
while the others are written whole.

A batch holds at most one move per table (the second waits for the next batch), and locks
its tables' rows in id order, so two processes' batches cannot deadlock on each other. A
batch that fails (a repeated request id breaks a constraint) is written again one move at a
time, so only the move at fault fails, as it would have alone.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

import asyncpg

from storage.base import Clock, MoveCommit, StorageError
from storage.sql import _refusal, _timer_rows, _ts

MAX_BATCH = 100  # moves in one statement
# Batches being written at once by one process: one, so that every move arriving meanwhile
# goes in the next. Two halved the batches under load and cost PostgreSQL a fifth more CPU per
# move, for no more moves per second.
MAX_IN_FLIGHT = 1

# Every part after ``moved`` writes only for the moves whose compare-and-set held (all of
# them see the rows as they were before the statement, so the timers replaced are the
# earlier ones). ``locked`` takes the tables' rows in id order before any is changed, and
# reads them as they are once locked (the latest committed, at READ COMMITTED): the
# compare-and-set is made on those. Each part names its tables' ids (``ANY``) so that the
# planner looks their rows up by key, where statistics that still count few rows (a database
# grown since it was last analysed) would have it read every active table, or every pending
# timer, to join them; and no part filters ``game_tables`` on its status, which would have it
# read the status index's every active table.
COMMIT_MOVES = """
WITH m AS (
    SELECT * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::bigint[], $6::text[],
        $7::text[], $8::bigint[], $9::bigint[], $10::text[], $11::text[], $12::bigint[],
        $13::bigint[], $14::boolean[], $15::text[], $16::bigint[], $28::bigint[])
    AS m (table_id, expected, status, seat, action, request_id, user_id, reversible, events,
        description, revealed, timer_seat, agent_job, state, snapshot_replaces, revision)
), locked AS (
    SELECT id, version, status, revision FROM game_tables WHERE id = ANY($2::bigint[])
    ORDER BY id FOR UPDATE
), moved AS (
    UPDATE game_tables g SET version = m.expected + 1, status = m.status, updated_at = $1
    FROM m JOIN locked ON locked.id = m.table_id
    WHERE g.id = ANY($2::bigint[]) AND g.id = locked.id
        AND locked.version = m.expected AND locked.status = 'active'
        AND locked.revision = COALESCE(m.revision, locked.revision)
    RETURNING m.*
), logged AS (
    INSERT INTO actions (table_id, version, seat, action, request_id, user_id, created_at,
        kind, reversible, events, description, revealed)
    SELECT table_id, expected + 1, seat, action, request_id, user_id, $1, 'move', reversible,
        events, description, revealed
    FROM moved
), replaced AS (
    DELETE FROM timers
    WHERE table_id = ANY($2::bigint[]) AND table_id IN (SELECT table_id FROM moved)
        AND fired_at IS NULL
), scheduled AS (
    INSERT INTO timers (table_id, seat, version, kind, number, due_at, wake_at, reminders,
        created_at)
    SELECT moved.table_id, moved.timer_seat, moved.expected + 1, t.kind, t.number, t.due_at,
        t.wake_at, t.reminders, $1
    FROM unnest($17::bigint[], $18::text[], $19::bigint[], $20::text[], $21::text[],
        $22::text[])
        AS t (table_id, kind, number, due_at, wake_at, reminders)
    JOIN moved ON moved.table_id = t.table_id
), job_dropped AS (
    DELETE FROM agent_jobs WHERE table_id = ANY($2::bigint[])
        AND table_id IN (SELECT table_id FROM moved WHERE NOT agent_job)
), job_queued AS (
    INSERT INTO agent_jobs (table_id, version, created_at)
    SELECT table_id, expected + 1, $1 FROM moved WHERE agent_job
    ON CONFLICT (table_id) DO UPDATE SET version = excluded.version,
        created_at = excluded.created_at, claimed_by = NULL, claimed_until = '', attempts = 0
), snapshot_moved AS (
    UPDATE snapshots s SET version = moved.expected + 1, state = moved.state, created_at = $1
    FROM moved
    WHERE s.table_id = ANY($2::bigint[]) AND s.table_id = moved.table_id
        AND s.version = moved.snapshot_replaces
        AND moved.state IS NOT NULL
    RETURNING s.table_id
), snapshot_added AS (
    INSERT INTO snapshots (table_id, version, state, created_at)
    SELECT table_id, expected + 1, state, $1 FROM moved
    WHERE state IS NOT NULL AND table_id NOT IN (SELECT table_id FROM snapshot_moved)
), posted AS (
    INSERT INTO outbox (table_id, version, kind, payload, created_at, not_before, delivered_at)
    SELECT moved.table_id, moved.expected + 1, o.kind, o.payload, $1, o.not_before,
        CASE WHEN o.recorded_only THEN $1 END
    FROM unnest($23::bigint[], $24::text[], $25::text[], $26::text[], $27::boolean[])
        WITH ORDINALITY AS o (table_id, kind, payload, not_before, recorded_only, n)
    JOIN moved ON moved.table_id = o.table_id
    ORDER BY o.n
)
SELECT table_id FROM moved
"""


def _params(moves: Sequence[MoveCommit], now: str) -> list[Any]:
    """``COMMIT_MOVES``'s parameters: a column of each field, one entry per move, then the
    timers and the posts, each naming its table."""
    rows = [
        (
            move.table_id, move.expected, move.status, move.seat, move.action,
            move.request_id, move.user_id, int(move.reversible),
            json.dumps(list(move.events)), move.description, int(move.revealed),
            move.timer_seat, move.agent_job,
            None if move.state is None else json.dumps(move.state, separators=(",", ":")),
            move.snapshot_replaces,
        )
        for move in moves
    ]
    timers = [(m.table_id, *row) for m in moves for row in _timer_rows(m.timers)]
    posts = [
        (m.table_id, kind, json.dumps(payload), None if due is None else _ts(due),
         m.recorded_only)
        for m in moves
        for kind, payload, due in m.outbox
    ]
    revisions = [move.revision for move in moves]
    return [now, *_columns(rows, 15), *_columns(timers, 6), *_columns(posts, 5), revisions]


def _columns(rows: Sequence[tuple[Any, ...]], width: int) -> list[list[Any]]:
    """``rows`` as ``width`` columns."""
    return [[row[k] for row in rows] for k in range(width)]


class GroupCommit:
    """Writes the moves given to ``commit`` in batches, as the module says."""

    def __init__(self, pool: asyncpg.Pool, clock: Clock) -> None:
        self._pool = pool
        self._clock = clock
        self._waiting: list[tuple[MoveCommit, asyncio.Future[str]]] = []
        self._writing: set[asyncio.Task[None]] = set()

    async def commit(self, move: MoveCommit) -> str:
        """Write ``move`` (``Store.commit_move``), in a batch with others arriving meanwhile;
        the time it was stored with, as stored."""
        done: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._waiting.append((move, done))
        self._start()
        return await done

    async def wait_written(self) -> None:
        """Return once every move given so far has been written or has failed."""
        while self._writing:
            await asyncio.gather(*self._writing, return_exceptions=True)

    def _start(self) -> None:
        while self._waiting and len(self._writing) < MAX_IN_FLIGHT:
            task = asyncio.create_task(self._write(self._take()))
            self._writing.add(task)
            task.add_done_callback(self._written)

    def _written(self, task: asyncio.Task[None]) -> None:
        self._writing.discard(task)
        self._start()

    def _take(self) -> list[tuple[MoveCommit, asyncio.Future[str]]]:
        """The next batch: the oldest waiting moves, one per table, at most ``MAX_BATCH``."""
        batch: list[tuple[MoveCommit, asyncio.Future[str]]] = []
        rest: list[tuple[MoveCommit, asyncio.Future[str]]] = []
        tables: set[int] = set()
        for item in self._waiting:
            if len(batch) < MAX_BATCH and item[0].table_id not in tables:
                tables.add(item[0].table_id)
                batch.append(item)
            else:
                rest.append(item)
        self._waiting = rest
        return batch

    async def _write(self, batch: list[tuple[MoveCommit, asyncio.Future[str]]]) -> None:
        unwritten = StorageError("the move was not written")
        answers: list[BaseException | None] = [unwritten] * len(batch)
        now = _ts(self._clock())
        try:
            answers = await self._send([move for move, _ in batch], now)
        except asyncpg.PostgresError as error:
            if len(batch) > 1:
                for item in batch:  # so that only the move at fault fails
                    await self._write([item])
                return
            answers = [error]
        except Exception as error:  # e.g. the connection was lost: every caller is told
            answers = [error] * len(batch)
        finally:
            for (_, done), answer in zip(batch, answers, strict=True):
                if done.done():
                    continue  # answered by the moves written one at a time, or abandoned
                if answer is None:
                    done.set_result(now)
                else:
                    done.set_exception(answer)

    async def _send(
        self, moves: Sequence[MoveCommit], now: str
    ) -> list[BaseException | None]:
        """Write ``moves`` in one statement, stamped ``now``; for each, None or why it was
        not written."""
        async with self._pool.acquire() as conn:
            rows = await conn.fetch(COMMIT_MOVES, *_params(moves, now))
            moved = {row[0] for row in rows}
            missed = [m.table_id for m in moves if m.table_id not in moved]
            found = {}
            if missed:
                found = {
                    row[0]: tuple(row)[1:]
                    for row in await conn.fetch(
                        "SELECT id, version, status, revision FROM game_tables"
                        " WHERE id = ANY($1::bigint[])",
                        missed,
                    )
                }
        return [
            None if m.table_id in moved
            else _refusal(m.table_id, m.expected, m.revision, found.get(m.table_id))
            for m in moves
        ]

