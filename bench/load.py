"""Load: many tables moving at once, through the service and through the loopback Discord.

Two parts, one JSON object:

``service``
    ``--tables`` two-person tables of ``--game``, every table's people submitting ``--moves`` moves
    through ``TableService.submit`` at once (no Discord, no rendering): committed moves per
    second and the submit latency.
``wire``
    The real bot against the loopback fake Discord with ``--delay`` seconds added to every REST
    answer and Discord's limits modelled (50 requests per second for the bot token, 5 message
    posts per 5 s per channel). ``--wire-tables`` tables move at once, each for ``--wire-turns``
    turns; each person plays every decision with /play and waits for its answer, and for the
    board when the move passed the turn, before the next move. A sub-decision of the same seat
    (a turn of some games is nine of them) gets no board, by design: it is counted in
    ``sub_decisions``, its answer in ``answer_p95_ms``, and ``turns`` counts the moves that
    awaited a board. With ``--think 0`` (the default) the loop is closed: every table moves
    again as soon as it is answered, so the p95 is bounded below by the tables times the CPU a
    move costs; with a pause, each person waits a random time averaging ``--think`` seconds
    (uniformly up to twice it), so the tables do not move in lockstep.
    Interaction to board is measured at the fake: from sending the interaction to answering
    the board's upload, and broken into its parts (``bench.wire_trace``): median milliseconds
    per part over every board and over the slowest twentieth. REST calls per move count
    every request the bot made during the moves by kind (interaction answers and follow-ups
    included), and those made with the bot token alone (what the global limit counts); 429s
    are counted by kind and limit. The fake Discord and the people run in a process of their
    own (``--discord apart``, the default), so the bot's process pays only for its own work,
    as against Discord; the people read each table once from the database and then follow
    its game with the same engine, as they would off the boards. ``--discord
    inside`` runs them in the bot's process and event loop, as the wire tests do, where
    the fake's parsing and the people's waiting count as the bot's CPU. Beside the
    latencies: the CPU per move of the bot's process, of its drawing processes and of the
    Discord side, and the parts the pictures drew per move rather than found in their
    process's cache of laid parts (``drawing_parts_per_move``; the kit's ``compose.parts``,
    not the caches a game's drawing keeps of its own).

The database is a temporary SQLite file unless ``--database-url`` names one (a PostgreSQL URL
works wherever ``storage.open_store`` understands it; give a fresh, empty database).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import itertools
import json
import logging
import multiprocessing
import os
import random
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

import discord
import yarl

from bench.boards import render_load
from bench.bulk import TEMPLATES, start_tables
from bench.wire_trace import Tracer, summarise
from bot.memory import settle
from bot.service import TableService
from bot.service.models import NextDecision
from bot.service.tables import STATE_CACHE_SIZE
from games.core import discovery
from storage import Store, open_store
from storage.postgres import is_postgres_url
from storage.sql import SqlStore
from tests.e2e.wire.fakediscord import Call, FakeDiscord, Network, custom_ids

GLOBAL_PER_SECOND = 50
CHANNEL_LIMIT, CHANNEL_WINDOW = 5, 5.0
BOARD_SECONDS = 60.0  # a board that takes longer is counted as missing
MOVES_PER_TURN = 40  # a turn of more decisions than this ends the table's play (a stuck game)


def percentile(samples: Sequence[float], q: float) -> float | None:
    if not samples:
        return None
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


@contextlib.asynccontextmanager
async def database(url: str | None) -> AsyncIterator[tuple[Store, str]]:
    """The store, and its URL for other processes to open."""
    with tempfile.TemporaryDirectory() as tmp:
        url = url or f"sqlite:///{Path(tmp) / 'load.db'}"
        store = await open_store(url)
        try:
            yield store, url
        finally:
            await store.close()


def benched() -> list[str]:
    """Games with benchmark targets, the first being the default."""
    return [s.name for s in discovery.specs() if s.bench is not None]


# -- the service alone ------------------------------------------------------------------------


ROUND_TRIPS = ("execute", "executemany", "fetch", "fetchrow", "fetchval")


def count_round_trips() -> list[int]:
    """Count, from now on in this process, every call that waits for PostgreSQL's answer
    (each query, and each BEGIN and COMMIT); the count is the list's one item."""
    import asyncpg

    counted = [0]
    for name in ROUND_TRIPS:
        method = getattr(asyncpg.Connection, name)

        async def call(self: Any, *args: Any, _method: Any = method, **kwargs: Any) -> Any:
            counted[0] += 1
            return await _method(self, *args, **kwargs)

        setattr(asyncpg.Connection, name, call)
    return counted


async def postgres_cpu(url: str) -> float | None:
    """CPU seconds the PostgreSQL server behind ``url`` has used (its postmaster, the children
    it has ended and the children still running), or None when it does not run on this
    machine as far as /proc shows."""
    if not is_postgres_url(url):
        return None
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        backend = await conn.fetchval("SELECT pg_backend_pid()")
        postmaster = _proc_stat(backend)[0]  # read while the backend runs
        total = sum(_proc_stat(postmaster)[1:])  # its own time and its ended children's
    except OSError:
        return None
    finally:
        await conn.close()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent, user, system, *_ = _proc_stat(int(entry))
            except OSError:
                continue
            if parent == postmaster:
                total += user + system
    return total / os.sysconf("SC_CLK_TCK")


def _proc_stat(pid: int) -> list[int]:
    """The parent, user, system, children's user and children's system times of ``pid``."""
    with open(f"/proc/{pid}/stat") as stat:
        text = stat.read()
    fields = text[text.rindex(")") + 2 :].split()
    return [int(fields[1])] + [int(f) for f in fields[11:15]]


async def _count_actions(url: str) -> int:
    store = await open_store(url)
    try:
        assert isinstance(store, SqlStore)
        async with store._reading() as db:
            row = await db.one("SELECT COUNT(*) FROM actions")
        return int(row[0]) if row is not None else 0
    finally:
        await store.close()


async def _start_tables(url: str, game: str, tables: int, templates: int) -> list[int]:
    store = await open_store(url)
    try:
        return await start_tables(store, game, tables, templates)
    finally:
        await store.close()


async def _play_share(
    url: str, ids: Sequence[int], rounds: int, seed: int, people: int, state_cache: int,
    ready: Any, measures_server: bool = False,
) -> dict[str, Any]:
    """One process's share of the tables: ``rounds`` rounds in which every table still being
    played gets one move, at most ``people`` moves in flight at once. The share that
    ``measures_server`` reads the server's CPU once every share has loaded its tables."""
    settle()  # the collector's settings of a bot process (which ``CaravanBot`` applies at start)
    store = await open_store(url)
    try:
        service = TableService(store, state_cache_size=state_cache)
        upcoming: dict[int, NextDecision | None] = {}
        versions: dict[int, int] = {}
        gate = asyncio.Semaphore(people)

        async def look(table_id: int) -> None:
            async with gate:
                loaded = await service.load(table_id)
            upcoming[table_id], versions[table_id] = loaded.next, loaded.version

        await asyncio.gather(*(look(t) for t in ids))
        rng = random.Random(seed)
        latencies: list[float] = []
        failed: list[str] = []

        async def move(table_id: int) -> None:
            decision = upcoming[table_id]
            if decision is None or decision.user_id is None:
                return
            action = rng.choice(decision.actions)
            async with gate:
                began = time.perf_counter()
                try:
                    result = await service.submit(
                        table_id, decision.user_id, action, f"load-{versions[table_id]}"
                    )
                except Exception as error:  # counted: every move should commit
                    failed.append(f"table {table_id}: {error!r}")
                    upcoming[table_id] = None
                    return
                latencies.append((time.perf_counter() - began) * 1000)
            upcoming[table_id], versions[table_id] = result.final.next, result.final.version

        await asyncio.to_thread(ready.wait)  # every process starts together
        server_at_start = await postgres_cpu(url) if measures_server else None
        trips = count_round_trips() if is_postgres_url(url) else None
        began = time.time()
        cpu = time.process_time()
        for _ in range(rounds):
            await asyncio.gather(*(move(t) for t in ids))
        return {
            "began": began,
            "ended": time.time(),
            "cpu_seconds": time.process_time() - cpu,
            "round_trips": None if trips is None else trips[0],
            "server_cpu_at_start": server_at_start,
            "latencies": latencies,
            "failed": failed,
        }
    finally:
        await store.close()


def _share_process(args: tuple[Any, ...], results: Any) -> None:
    logging.basicConfig(level=logging.ERROR)
    results.put(asyncio.run(_play_share(*args)))


def service_load(
    url: str | None,
    game: str,
    tables: int,
    moves: int,
    seed: int,
    processes: Sequence[int] = (1,),
    people: int = 64,
    state_cache: int = STATE_CACHE_SIZE,
    templates: int = TEMPLATES,
    repeats: int = 1,
) -> dict[str, Any]:
    """For each process count in turn, start ``tables`` tables, then play ``moves`` rounds of
    one move per table. Every count gets tables of its own, started alike, so that each plays
    the same moves of the game: a game's later moves cost more than its first ones, so counts
    that went on playing the same tables would be measured on different work.

    With ``repeats`` above one, the counts are measured in turn that many times, and the
    ratio is the median of each turn's: where the machine's speed drifts from minute to
    minute, as a shared one's does, the counts measured a minute apart are compared, not the
    first with the last. The figures of each count are those of its median run."""
    with tempfile.TemporaryDirectory() as tmp:
        url = url or f"sqlite:///{Path(tmp) / 'load.db'}"
        result: dict[str, Any] = {
            "tables": tables,
            "people_per_process": people,
            "state_cache": state_cache,
        }
        runs: dict[int, list[dict[str, Any]]] = {count: [] for count in processes}
        for _, count in itertools.product(range(repeats), processes):
            began = time.perf_counter()
            ids = asyncio.run(_start_tables(url, game, tables, templates))
            result.setdefault("create_seconds", round(time.perf_counter() - began, 2))
            before = asyncio.run(_count_actions(url))
            server_before = asyncio.run(postgres_cpu(url))
            run = _run_processes(url, ids, count, moves, seed, people, state_cache)
            server_after = asyncio.run(postgres_cpu(url))
            run["moves_committed"] = asyncio.run(_count_actions(url)) - before
            at_start = run.pop("server_cpu_at_start")
            if server_before is not None and server_after is not None and at_start is not None:
                # over the moves alone, as the bot's CPU is: not the processes' first reads
                run["postgres_cpu_ms_per_move"] = round(
                    (server_after - at_start) * 1000 / max(run["moves"], 1), 2
                )
                run["postgres_cpu_seconds_loading"] = round(at_start - server_before, 2)
                run.update(_cpu_bound(run))
            runs[count].append(run)
    for count, measured in runs.items():
        by_rate = sorted(measured, key=lambda run: run["committed_moves_per_second"] or 0)
        result[f"processes_{count}"] = by_rate[len(by_rate) // 2]
        if repeats > 1:
            result[f"processes_{count}"]["moves_per_second_of_each_repeat"] = [
                run["committed_moves_per_second"] for run in measured
            ]
    first, last = runs[processes[0]], runs[processes[-1]]
    ratios = [
        round(b["committed_moves_per_second"] / a["committed_moves_per_second"], 2)
        for a, b in zip(first, last, strict=True)
        if a["committed_moves_per_second"] and b["committed_moves_per_second"]
    ]
    if len(processes) > 1 and ratios:
        result["ratio"] = sorted(ratios)[len(ratios) // 2]
        if repeats > 1:
            result["ratio_of_each_repeat"] = ratios
    return result


def _cpu_bound(run: dict[str, Any]) -> dict[str, Any]:
    """On a machine shared with other work the wall clock counts their time too: the CPU a
    move took in the bot and in PostgreSQL, and the moves per second that CPU allows on two
    cores (one bot process can use one core at most)."""
    bot, server = run["bot_cpu_ms_per_move"], run["postgres_cpu_ms_per_move"]
    processes = len(run["per_process"])
    bound = min(2000 / (bot + server), processes * 1000 / bot) if bot and server else None
    return {
        "cpu_ms_per_move": round(bot + server, 2),
        "cpu_bound_moves_per_second_on_2_cores": None if bound is None else round(bound),
    }


def _run_processes(
    url: str, ids: Sequence[int], count: int, rounds: int, seed: int, people: int,
    state_cache: int,
) -> dict[str, Any]:
    # Forked from a process running no event loop and no threads: each starts a loop of its
    # own, with the modules already imported.
    context = multiprocessing.get_context("fork")
    ready = context.Barrier(count)
    results = context.Queue()
    workers = [
        context.Process(
            target=_share_process,
            args=(
                (url, ids[k::count], rounds, seed + k, people, state_cache, ready, k == 0),
                results,
            ),
        )
        for k in range(count)
    ]
    for worker in workers:
        worker.start()
    shares = [results.get() for _ in workers]
    for worker in workers:
        worker.join()
    began = min(s["began"] for s in shares)
    seconds = max(s["ended"] for s in shares) - began
    latencies = [x for s in shares for x in s["latencies"]]
    failed = [x for s in shares for x in s["failed"]]
    cpu = sum(s["cpu_seconds"] for s in shares)
    return {
        "moves": len(latencies),
        "began_at": round(began, 2),  # Unix time, to match the figures of other tools
        "seconds": round(seconds, 2),
        "committed_moves_per_second": round(len(latencies) / seconds, 1) if seconds else None,
        "submit_p50_ms": percentile(latencies, 0.50),
        "submit_p95_ms": percentile(latencies, 0.95),
        "bot_cpu_seconds": round(cpu, 2),
        "bot_cpu_ms_per_move": round(cpu * 1000 / max(len(latencies), 1), 2),
        "round_trips_per_move": None if shares[0]["round_trips"] is None else round(
            sum(s["round_trips"] for s in shares) / max(len(latencies), 1), 2
        ),
        "failed": len(failed),
        "first_failures": failed[:3],
        "server_cpu_at_start": next(
            (s["server_cpu_at_start"] for s in shares if s["server_cpu_at_start"] is not None),
            None,
        ),
        "per_process": _per_process(shares, began),
    }


def _per_process(shares: Sequence[dict[str, Any]], began: float) -> list[dict[str, Any]]:
    """Each process's own figures, and when it started and ended after the first began: a
    process that ends long before another leaves the machine to it alone."""
    return [
        {
            "moves": len(share["latencies"]),
            "started_after_s": round(share["began"] - began, 2),
            "ended_after_s": round(share["ended"] - began, 2),
            "bot_cpu_ms_per_move": round(
                share["cpu_seconds"] * 1000 / max(len(share["latencies"]), 1), 2
            ),
        }
        for share in shares
    ]


# -- through the loopback Discord -------------------------------------------------------------


def _bot_token(call: Call) -> bool:
    return not call.path.startswith(("/interactions/", "/webhooks/"))


def call_kind(call: Call) -> str:
    """What a REST call was for: an interaction's callback, a board or another follow-up or
    edit through the interaction's token (none in the global budget), a board post, another
    post, an edit of a message, or anything else."""
    if not _bot_token(call):
        board = any(name == "board.png" for name, _ in call.files)
        if call.path.startswith("/interactions/"):
            return "interaction_callback_board" if board else "interaction_callback"
        return "interaction_board" if board else "interaction_other"
    seg = call.path.strip("/").split("/")
    if seg[0] == "channels" and len(seg) == 3 and seg[2] == "messages" and call.method == "POST":
        return "board" if any(name == "board.png" for name, _ in call.files) else "post"
    if seg[0] == "channels" and len(seg) == 4 and seg[2] == "messages" and call.method == "PATCH":
        return "edit"
    return "other"


def calls_by_kind(calls: Sequence[Call], moves: int) -> dict[str, float]:
    """REST calls per move of each kind (see ``call_kind``)."""
    counts: dict[str, int] = {}
    for call in calls:
        counts[call_kind(call)] = counts.get(call_kind(call), 0) + 1
    return {kind: round(n / max(moves, 1), 2) for kind, n in sorted(counts.items())}


def _is_board(call: Call, thread_id: str, fake: FakeDiscord | None = None) -> bool:
    """A board landing in the thread: a post there, or an interaction's public answer or
    follow-up (or the edit of its public "thinking" answer into the board)."""
    if call.status != 200 or not any(name == "board.png" for name, _ in call.files):
        return False
    if call.method == "POST" and call.path == f"/channels/{thread_id}/messages":
        return True
    if fake is None or fake.channel_of_webhook(call.path) != thread_id:
        return False
    return call.method == "POST" or call.path.endswith("/messages/@original")


def _attempts(calls: Sequence[Call], board: Call) -> list[Call]:
    """Every attempt of the board's upload (the 429s before it included), oldest first."""
    nonce = (board.json or {}).get("nonce")
    return [
        c for c in calls
        if c.method == board.method and c.path == board.path
        and (c.json or {}).get("nonce") == nonce
        and any(name == "board.png" for name, _ in c.files)
        and c.received_at <= board.received_at
    ]


async def _open_table(fake: FakeDiscord, game: str) -> tuple[int, str]:
    mark = len(fake.calls)
    lobby = await fake.reply_to(await fake.slash("newgame", game=game, user="alice"))
    join = next(i for i in custom_ids(lobby) if i.endswith(":join"))
    table_id = int(join.split(":")[2])
    await fake.reply_to(await fake.click(lobby, join, user="bob"))
    await fake.click(fake.messages[lobby["id"]], f"cv:lobby:{table_id}:start")
    thread = await fake.wait_for(
        lambda c: c.method == "POST" and c.path.endswith(f"/messages/{lobby['id']}/threads"),
        after=mark,
        seconds=BOARD_SECONDS,
    )
    thread_id = str(thread.response["id"])
    await fake.wait_for(lambda c: _is_board(c, thread_id), after=mark, seconds=BOARD_SECONDS)
    return table_id, thread_id


async def _play(
    fake: FakeDiscord,
    service: TableService,
    table_id: int,
    thread_id: str,
    turns: int,
    out: dict[str, list],
    think: float = 0.0,
) -> None:
    """Play ``turns`` turns of the table with /play, one decision at a time. Only a move that
    passes the turn (or ends the game) gets a board: a sub-decision of the same seat (most of
    a turn, in some games) is answered to its mover alone, so its answer is timed but no board
    awaited. The people read the table once and then follow the game as the boards show it,
    each move applied by the same engine, so the database answers the bot alone; a table
    whose stored version ends elsewhere than theirs is counted as failed."""
    names = {int(u["id"]): name for name, u in fake.users.items()}
    played = 0
    pauses = random.Random(table_id)
    loaded = await service.load(table_id)
    game, state, version = loaded.game, loaded.state, loaded.version
    for _ in range(turns * MOVES_PER_TURN):
        if played == turns:
            break
        # a person looks at the board (or panel) before moving, for ``think`` seconds on
        # average; tables pausing alike would move in lockstep, twenty boards at once
        await asyncio.sleep(pauses.uniform(0, 2 * think))
        decision = game.decision(state)
        if decision is None:
            break
        seat, action = decision.seat, decision.actions[0]
        holder = loaded.info.holder(seat).user_id
        if holder is None:  # the people's tables have no computer seats
            break
        who = names[holder]
        # the waits look at new calls only, as the fake may share the bot's event loop
        mark = len(fake.calls)
        began = time.monotonic()
        iid = await fake.slash("play", user=who, channel_id=thread_id, move=action)
        try:
            await fake.reply_to(iid, seconds=BOARD_SECONDS)
        except AssertionError:  # e.g. not acknowledged within Discord's 3 s
            out["failed"].append(table_id)
            loaded = await service.load(table_id)  # where the table stands now
            state, version = loaded.state, loaded.version
            continue
        out["answer"].append((time.monotonic() - began) * 1000)
        state, version = game.step(state, action).state, version + 1
        after = game.decision(state)
        if after is not None and after.seat == seat:
            out["sub_decisions"].append(table_id)
            continue  # the same seat decides again: no board
        played += 1
        try:
            board = await fake.wait_for(
                lambda c: _is_board(c, thread_id, fake), after=mark, seconds=BOARD_SECONDS
            )
        except AssertionError:
            out["missing"].append(table_id)
            continue
        answered = next(t for t, c in itertools.islice(fake.answered_at, mark, None) if c is board)
        out["board"].append((answered - began) * 1000)
        # broken down once the run is over, when the board's handler has returned
        out["traced"].append((table_id, began, iid, _attempts(fake.calls[mark:], board), answered))
    if (await service.info(table_id)).version != version:
        out["failed"].append(table_id)  # a move refused, or made twice


WIRE_SIDES = ("apart", "inside")


async def _discord_side(
    fake: FakeDiscord, service: TableService, game: str, tables: int, turns: int,
    delay: float, think: float, channel_limit: int | None,
    on_open: Callable[[], None] = lambda: None,
) -> tuple[dict[str, list], list[Call], float]:
    """Open the tables, then (``on_open`` told) play them on a slow, strict network: what
    each person saw, every REST call made while they played, and how long they played."""
    opened = [await _open_table(fake, game) for _ in range(tables)]
    on_open()
    fake.network = Network(
        delay=delay,
        global_per_second=GLOBAL_PER_SECOND,
        channel_limit=channel_limit,
        channel_window=CHANNEL_WINDOW,
    )
    mark = len(fake.calls)
    out: dict[str, list] = {
        "answer": [], "board": [], "missing": [], "failed": [], "traced": [],
        "sub_decisions": [],
    }
    began = time.monotonic()
    await asyncio.gather(*(_play(fake, service, t, th, turns, out, think) for t, th in opened))
    return out, fake.calls[mark:], time.monotonic() - began


def _point_at(api_base: str, gateway_url: str) -> None:
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def _bot(store: Store, render_processes: int | None) -> Any:
    from bot.bot import create_bot
    from bot.settings import Settings

    settings = Settings(
        discord_token="fake-token",
        database_url="sqlite://unused",  # the store is given
        max_open_tables_per_guild=1000,
        render_processes=render_processes,
    )
    bot = create_bot(settings, store)
    bot._connection.guild_ready_timeout = 0.01
    return bot


async def wire_load(
    url: str | None,
    game: str,
    tables: int,
    turns: int,
    delay: float,
    think: float = 0.0,
    channel_limit: int | None = CHANNEL_LIMIT,
    discord_side: str = "apart",
    render_processes: int | None = None,
) -> dict[str, Any]:
    """``discord_side`` "apart" runs the fake Discord and the people in a process of their
    own, so the bot's process pays only for its own work, as it does against Discord;
    "inside" runs them in the bot's process and event loop, as the wire tests do.
    ``render_processes`` is the bot's setting (None: its default)."""
    run = _wire_apart if discord_side == "apart" else _wire_inside
    async with database(url) as (store, store_url):
        bot = _bot(store, render_processes)
        tracer = Tracer()
        out, calls, seconds, cpu = await run(bot, tracer, store_url, game, tables, turns,
                                             delay, think, channel_limit)
    result = _wire_figures(out, calls, seconds, tracer)
    made = max(result["moves"], 1)
    result.update(
        {
            "tables": tables, "delay_ms": round(delay * 1000), "think_ms": round(think * 1000),
            "channel_limit": channel_limit, "discord_side": discord_side,
            "render_processes": bot.drawing.processes,
            "bot_cpu_ms_per_move": round(cpu["bot"] * 1000 / made, 1),
            "drawing_cpu_ms_per_move": round(cpu["drawing"] * 1000 / made, 1),
            "drawing_parts_per_move": round(cpu["parts"] / made, 2),
        }
    )
    if "discord" in cpu:
        result["discord_side_cpu_ms_per_move"] = round(cpu["discord"] * 1000 / made, 1)
    return result


async def _wire_inside(
    bot: Any, tracer: Tracer, store_url: str, game: str, tables: int, turns: int,
    delay: float, think: float, channel_limit: int | None,
) -> tuple[dict[str, list], list[Call], float, dict[str, float]]:
    fake = FakeDiscord()
    await fake.start()
    _point_at(fake.api_base, fake.gateway_url)
    task = asyncio.create_task(bot.start("fake-token"))
    try:
        await asyncio.wait_for(bot.wait_until_ready(), 30)
        tracer.install(bot)
        before: list[dict[str, float]] = []
        out, calls, seconds = await _discord_side(
            fake, bot.service, game, tables, turns, delay, think, channel_limit,
            on_open=lambda: before.append(_cpu_here() | {"parts": tracer.parts_drawn}),
        )
        cpu = _since(before[0]) | {"parts": tracer.parts_drawn - before[0]["parts"]}
        await asyncio.sleep(1.0)  # the last boards' handlers return
    finally:
        await bot.close()
        with contextlib.suppress(Exception):
            await task
        await fake.close()
    return out, calls, seconds, cpu


async def _wire_apart(
    bot: Any, tracer: Tracer, store_url: str, game: str, tables: int, turns: int,
    delay: float, think: float, channel_limit: int | None,
) -> tuple[dict[str, list], list[Call], float, dict[str, float]]:
    # "spawn": a fresh interpreter, not a fork of a process running an event loop and threads
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    side = context.Process(
        target=_discord_process,
        args=(theirs, store_url, game, tables, turns, delay, think, channel_limit),
        name="fake-discord",
    )
    side.start()
    task: asyncio.Task[None] | None = None
    try:
        api_base, gateway_url = await asyncio.to_thread(ours.recv)
        _point_at(api_base, gateway_url)
        task = asyncio.create_task(bot.start("fake-token"))
        await asyncio.wait_for(bot.wait_until_ready(), 30)
        tracer.install(bot)
        ours.send("ready")
        await asyncio.to_thread(ours.recv)  # the tables are open: the moves begin
        before, parts = _cpu_here(besides=side.pid), tracer.parts_drawn
        await asyncio.to_thread(ours.recv)  # the moves are over
        # taken before the results arrive: reading them is the bench's work, not the bot's
        cpu = _since(before, besides=side.pid) | {"parts": tracer.parts_drawn - parts}
        out, calls, seconds, discord_cpu = await asyncio.to_thread(ours.recv)
        cpu["discord"] = discord_cpu
        await asyncio.sleep(1.0)  # the last boards' handlers return
    finally:
        await bot.close()
        if task is not None:
            with contextlib.suppress(Exception):
                await task
        ours.send("closed")
        await asyncio.to_thread(side.join, 30)
    return out, calls, seconds, cpu


def _discord_process(
    conn: Any, store_url: str, game: str, tables: int, turns: int, delay: float,
    think: float, channel_limit: int | None,
) -> None:
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(_discord_main(conn, store_url, game, tables, turns, delay, think, channel_limit))


async def _discord_main(
    conn: Any, store_url: str, game: str, tables: int, turns: int, delay: float,
    think: float, channel_limit: int | None,
) -> None:
    """The fake Discord and the people, in a process of their own. The people read the
    tables from the database through a service of their own (``_play``)."""
    discovery.get(game)  # the games' modules load now, not in the first move measured
    fake = FakeDiscord()
    await fake.start()
    store = await open_store(store_url)
    try:
        conn.send((fake.api_base, fake.gateway_url))
        await asyncio.to_thread(conn.recv)  # the bot is ready
        began = [0.0]

        def opened() -> None:
            began[0] = time.process_time()
            conn.send("open")

        out, calls, seconds = await _discord_side(
            fake, TableService(store), game, tables, turns, delay, think, channel_limit,
            on_open=opened,
        )
        cpu = time.process_time() - began[0]
        conn.send("done")
        conn.send((out, [_without_bytes(c) for c in calls], seconds, cpu))
        await asyncio.to_thread(conn.recv)  # the bot has closed
    finally:
        await store.close()
        await fake.close()
def _wire_figures(
    out: dict[str, list], calls: Sequence[Call], seconds: float, tracer: Tracer
) -> dict[str, Any]:
    made = len(out["answer"])
    limited = [c for c in calls if c.status == 429]
    return {
        "moves": made,
        "turns": len(out["board"]) + len(out["missing"]),  # moves that passed the turn
        "sub_decisions": len(out["sub_decisions"]),  # moves answered to their mover alone
        "seconds": round(seconds, 2),
        "moves_per_second": round(made / seconds, 1),
        "answer_p95_ms": percentile(out["answer"], 0.95),
        "interaction_to_board_p50_ms": percentile(out["board"], 0.50),
        "interaction_to_board_p95_ms": percentile(out["board"], 0.95),
        "boards_missing": len(out["missing"]),
        "interactions_failed": len(out["failed"]),
        "rest_calls_per_move": round(len(calls) / max(made, 1), 2),
        "bot_token_calls_per_move": round(sum(map(_bot_token, calls)) / max(made, 1), 2),
        "calls_per_move_by_kind": calls_by_kind(calls, made),
        "rate_limited_429": len(limited),
        "global_429": sum(1 for c in limited if (c.response or {}).get("global")),
        "rate_limited_429_by_kind": _limited_by_kind(limited),
        "interaction_to_board_breakdown": _breakdown(tracer, out["traced"]),
    }


def _without_bytes(call: Call) -> Call:
    """The call with its files' names but not their bytes, to send to another process."""
    return dataclasses.replace(call, files=[(name, b"") for name, _ in call.files])


def _cpu_here(besides: int | None = None) -> dict[str, float]:
    """CPU seconds of this process (every thread) and of its children (the drawing
    processes) but ``besides``."""
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[str, float] = {}
    me = os.getpid()
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != besides:
            try:
                parent, user, system, *_ = _proc_stat(int(entry))
            except OSError:
                continue
            if parent == me:
                children[entry] = (user + system) / tick
    return {"bot": time.process_time(), **children}


def _since(before: dict[str, float], besides: int | None = None) -> dict[str, float]:
    """CPU seconds spent since ``before`` (``_cpu_here``): the bot's own and drawing's."""
    now = _cpu_here(besides)
    drawing = sum(v - before.get(k, 0.0) for k, v in now.items() if k != "bot")
    return {"bot": now["bot"] - before["bot"], "drawing": drawing}


def _breakdown(tracer: Tracer, traced: Sequence[tuple[Any, ...]]) -> dict[str, Any]:
    parts, totals = [], []
    for table_id, began, iid, attempts, answered in traced:
        found = tracer.breakdown(table_id, began, iid, attempts, answered)
        if found is not None:
            parts.append(found)
            totals.append((answered - began) * 1000)
    return summarise(parts, totals)


def _limited_by_kind(limited: Sequence[Call]) -> dict[str, int]:
    """The 429s by what the request was for (``call_kind``) and which limit it hit."""
    counts: dict[str, int] = {}
    for call in limited:
        scope = "global" if (call.response or {}).get("global") else "route"
        key = f"{call_kind(call)}_{scope}"
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))


def _counts(text: str) -> list[int]:
    return [int(part) for part in text.split(",")]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.load", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--modes", default="service,wire", help="any of service,render,wire")
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--game", choices=benched(), help="game to play (default: the first)")
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--moves", type=int, default=4, help="moves per table")
    parser.add_argument("--processes", type=_counts, default=[1, 2],
                        help="process counts to measure in turn, e.g. 1,2")
    parser.add_argument("--repeats", type=int, default=3,
                        help="times the service mode measures the process counts in turn")
    parser.add_argument("--people", type=int, default=64,
                        help="moves in flight at once in each process")
    parser.add_argument("--state-cache", type=int, default=STATE_CACHE_SIZE,
                        help="game states each process keeps in memory")
    parser.add_argument(
        "--boards", type=int, default=1000,
        help="boards to draw per game (fewer mostly measure the caches filling)",
    )
    parser.add_argument("--wire-tables", type=int, default=20)
    # At 20 tables, 40 turns are 800 boards. The p95 of 300 boards (15 turns) moved by up to a
    # fifth between runs of the same code, and fewer turns measure drawing processes still
    # filling their caches more than a bot that has been running.
    parser.add_argument("--wire-turns", "--wire-moves", dest="wire_turns", type=int, default=40,
                        help="turns each wire table plays, every decision of a turn a /play")
    parser.add_argument("--delay", type=float, default=0.1)
    parser.add_argument(
        "--think", type=float, default=0.0,
        help="seconds a person waits after each answer, on average (uniformly 0 to twice it)",
    )
    parser.add_argument(
        "--channel-limit", type=int, default=CHANNEL_LIMIT,
        help="message posts (and edits) per channel per 5 s; 0: unlimited",
    )
    parser.add_argument(
        "--discord", choices=WIRE_SIDES, default="apart",
        help="where the wire mode's fake Discord and people run: a process of their own "
        "(apart, as Discord is) or the bot's own process and event loop (inside)",
    )
    parser.add_argument(
        "--render-processes", type=int, default=None,
        help="the wire mode's bot's RENDER_PROCESSES (default: the bot's own default)",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    modes = args.modes.split(",")
    game = args.game or benched()[0]
    url = args.database_url
    # The machine may be shared: its load says how far the figures can be trusted.
    result: dict[str, Any] = {"game": game, "load_average_before": os.getloadavg()[0]}
    if "service" in modes:
        result["service"] = service_load(
            url, game, args.tables, args.moves, args.seed, args.processes, args.people,
            args.state_cache, repeats=args.repeats,
        )
    if "render" in modes:
        games = [args.game] if args.game else benched()
        result["render"] = render_load(games, args.processes, args.boards, args.seed)
    if "wire" in modes:
        result["wire"] = asyncio.run(
            wire_load(
                url, game, args.wire_tables, args.wire_turns, args.delay, args.think,
                args.channel_limit or None, args.discord, args.render_processes,
            )
        )
    result["load_average_after"] = os.getloadavg()[0]
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
