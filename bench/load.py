"""Load: many tables moving at once, through the service and through the loopback Discord.

Two parts, one JSON object:

``service``
    ``--tables`` two-person tables of ``--game``, every table's people submitting ``--moves`` moves
    through ``TableService.submit`` at once (no Discord, no rendering): committed moves per
    second and the submit latency.
``wire``
    The real bot against the loopback fake Discord with ``--delay`` seconds added to every REST
    answer and Discord's limits modelled (50 requests per second for the bot token, 5 message
    posts per 5 s per channel). ``--wire-tables`` tables move at once; each person plays with
    /play and waits for the board before the next move. Interaction to board is measured at
    the fake: from sending the interaction to answering the board's upload. REST calls per
    move count every request the bot made during the moves (interaction answers included), and
    those made with the bot token alone (what the global limit counts).

The database is a temporary SQLite file unless ``--database-url`` names one (a PostgreSQL URL
works wherever ``storage.open_store`` understands it; give a fresh, empty database).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import random
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import discord
import yarl

from bot.service import TableService
from games.core import discovery
from storage import Store, open_store
from tests.e2e.wire.fakediscord import Call, FakeDiscord, Network, custom_ids

GLOBAL_PER_SECOND = 50
CHANNEL_LIMIT, CHANNEL_WINDOW = 5, 5.0
BOARD_SECONDS = 60.0  # a board that takes longer is counted as missing


def percentile(samples: Sequence[float], q: float) -> float | None:
    if not samples:
        return None
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


@contextlib.asynccontextmanager
async def database(url: str | None) -> AsyncIterator[Store]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(url or f"sqlite:///{Path(tmp) / 'load.db'}")
        try:
            yield store
        finally:
            await store.close()


# -- the service alone ------------------------------------------------------------------------


def benched() -> list[str]:
    """Games with benchmark targets, the first being the default."""
    return [s.name for s in discovery.specs() if s.bench is not None]


async def service_load(
    url: str | None, game: str, tables: int, moves: int, seed: int
) -> dict[str, Any]:
    async with database(url) as store:
        service = TableService(store)
        ids = []
        for n in range(tables):
            info = await service.create_table(
                game, guild_id=1 + n, channel_id=2, host_id=10_000 + 2 * n, host_name="host"
            )
            await service.join(info.id, 10_001 + 2 * n, "guest")
            await service.start(info.id, info.host_id)
            ids.append(info.id)
        latencies: list[float] = []
        rng = random.Random(seed)

        async def play(table_id: int) -> int:
            made = 0
            for _ in range(moves):
                loaded = await service.load(table_id)
                if loaded.decision is None:
                    break
                user = loaded.info.holder(loaded.decision.seat).user_id
                assert user is not None
                action = rng.choice(loaded.decision.actions)
                began = time.perf_counter()
                await service.submit(table_id, user, action, f"load-{table_id}-{loaded.version}")
                latencies.append((time.perf_counter() - began) * 1000)
                made += 1
            return made

        began = time.perf_counter()
        made = sum(await asyncio.gather(*(play(t) for t in ids)))
        seconds = time.perf_counter() - began
    return {
        "tables": tables,
        "moves": made,
        "seconds": round(seconds, 2),
        "committed_moves_per_second": round(made / seconds, 1),
        "submit_p50_ms": percentile(latencies, 0.50),
        "submit_p95_ms": percentile(latencies, 0.95),
    }


# -- through the loopback Discord -------------------------------------------------------------


def _bot_token(call: Call) -> bool:
    return not call.path.startswith(("/interactions/", "/webhooks/"))


def call_kind(call: Call) -> str:
    """What a REST call was for: an interaction answer (not in the global budget), a board
    post, another post, an edit of a message, or anything else."""
    if not _bot_token(call):
        return "interaction"
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


def _is_board(call: Call, thread_id: str) -> bool:
    return (
        call.method == "POST"
        and call.path == f"/channels/{thread_id}/messages"
        and call.status == 200
        and any(name == "board.png" for name, _ in call.files)
    )


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
    bot: Any,
    table_id: int,
    thread_id: str,
    moves: int,
    out: dict[str, list],
    think: float = 0.0,
) -> None:
    service = bot.service
    names = {int(u["id"]): name for name, u in fake.users.items()}
    for _ in range(moves):
        await asyncio.sleep(think)  # a person looks at the board before moving
        loaded = await service.load(table_id)
        if loaded.decision is None:
            return
        seat = loaded.decision.seat
        who = names[loaded.info.holder(seat).user_id]
        # the waits look at new calls only: the bench shares the bot's event loop
        mark = len(fake.calls)
        began = time.monotonic()
        iid = await fake.slash(
            "play", user=who, channel_id=thread_id, move=loaded.decision.actions[0]
        )
        try:
            await fake.reply_to(iid, seconds=BOARD_SECONDS)
        except AssertionError:  # e.g. not acknowledged within Discord's 3 s
            out["failed"].append(table_id)
            continue
        out["answer"].append((time.monotonic() - began) * 1000)
        after = await service.load(table_id)
        if after.decision is not None and after.decision.seat == seat:
            continue  # the same seat decides again: no board
        try:
            board = await fake.wait_for(
                lambda c: _is_board(c, thread_id), after=mark, seconds=BOARD_SECONDS
            )
        except AssertionError:
            out["missing"].append(table_id)
            continue
        answered = next(t for t, c in fake.answered_at if c is board)
        out["board"].append((answered - began) * 1000)


async def wire_load(
    url: str | None,
    game: str,
    tables: int,
    moves: int,
    delay: float,
    think: float = 0.0,
    channel_limit: int | None = CHANNEL_LIMIT,
) -> dict[str, Any]:
    from bot.bot import create_bot
    from bot.settings import Settings

    fake = FakeDiscord()
    await fake.start()
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    async with database(url) as store:
        settings = Settings(
            discord_token="fake-token",
            database_url="sqlite://unused",  # the store is given
            max_open_tables_per_guild=1000,
        )
        bot = create_bot(settings, store)
        bot._connection.guild_ready_timeout = 0.01
        task = asyncio.create_task(bot.start("fake-token"))
        try:
            await asyncio.wait_for(bot.wait_until_ready(), 30)
            opened = [await _open_table(fake, game) for _ in range(tables)]
            # the moves are measured on a slow, strict network
            fake.network = Network(
                delay=delay,
                global_per_second=GLOBAL_PER_SECOND,
                channel_limit=channel_limit,
                channel_window=CHANNEL_WINDOW,
            )
            mark = len(fake.calls)
            out: dict[str, list] = {"answer": [], "board": [], "missing": [], "failed": []}
            began = time.monotonic()
            await asyncio.gather(
                *(_play(fake, bot, t, th, moves, out, think) for t, th in opened)
            )
            seconds = time.monotonic() - began
            calls = fake.calls[mark:]
        finally:
            await bot.close()
            with contextlib.suppress(Exception):
                await task
            await fake.close()
    made = len(out["answer"])
    limited = [c for c in calls if c.status == 429]
    return {
        "tables": tables,
        "moves": made,
        "delay_ms": round(delay * 1000),
        "think_ms": round(think * 1000),
        "channel_limit": channel_limit,
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
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--game", choices=benched(), help="game to play (default: the first)")
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--moves", type=int, default=4)
    parser.add_argument("--wire-tables", type=int, default=20)
    parser.add_argument("--wire-moves", type=int, default=5)
    parser.add_argument("--delay", type=float, default=0.1)
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a person waits after each board"
    )
    parser.add_argument(
        "--channel-limit", type=int, default=CHANNEL_LIMIT,
        help="message posts (and edits) per channel per 5 s; 0: unlimited",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    game = args.game or benched()[0]
    url = args.database_url
    result = {
        "game": game,
        "service": asyncio.run(service_load(url, game, args.tables, args.moves, args.seed)),
        "wire": asyncio.run(
            wire_load(
                url, game, args.wire_tables, args.wire_moves, args.delay, args.think,
                args.channel_limit or None,
            )
        ),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
