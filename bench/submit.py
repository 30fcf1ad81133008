"""Move pipeline speed: ``TableService.submit`` on an SQLite file, without rendering.

One submit = look up the request id, load the table (and its state), check seat and turn,
parse and apply the move, and commit action + snapshot + version + outbox rows. Two people play
seeded random games of ``--game`` (by default the first installed game with benchmark targets)
until ``--submits`` moves were made. "warm" is the normal path (the latest state is cached in
memory, keyed by version); "cold" reads and decodes the snapshot from the database on every
move, as after a restart. It runs with ``synchronous=NORMAL`` (the default) and again with
``FULL`` (every commit synced to disk), to show what durability against power loss would cost.
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.service import TableService
from games.core import discovery
from storage import open_store

TARGET_P95_MS = 10.0
FULL_P95_MS = 5.0  # synchronous=FULL would be the default if it kept submits this fast
PEOPLE = (1001, 1002)


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)

    return {
        "p50_ms": pick(0.50),
        "p95_ms": pick(0.95),
        "max_ms": round(ordered[-1], 3),
        "mean_ms": round(statistics.fmean(ordered), 3),
    }


async def measure(
    service: TableService, game: str, submits: int, seed: int
) -> tuple[list[float], int]:
    """Milliseconds per submit over ``submits`` moves, and how many games they took."""
    rng = random.Random(seed)
    samples: list[float] = []
    games = 0
    while len(samples) < submits:
        info = await service.create_table(
            game, guild_id=None, channel_id=None, host_id=PEOPLE[0], host_name="A"
        )
        await service.join(info.id, PEOPLE[1], "B")
        await service.start(info.id, PEOPLE[0])
        games += 1
        nxt = (await service.load(info.id)).next
        version = 0
        while nxt is not None and len(samples) < submits:
            assert nxt.user_id is not None
            action = rng.choice(nxt.actions)
            started = time.perf_counter()
            result = await service.submit(info.id, nxt.user_id, action, f"r{version}", version)
            samples.append((time.perf_counter() - started) * 1000)
            nxt, version = result.next, result.version
    return samples, games


def benched() -> list[str]:
    """Games whose spec names benchmark targets."""
    return [s.name for s in discovery.specs() if s.bench is not None]


async def run(
    submits: int = 400, seed: int = 1, synchronous: str = "normal", game: str | None = None
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}?synchronous={synchronous}"
        return await run_on(
            url, f"sqlite file, WAL, synchronous={synchronous.upper()}", submits, seed, game
        )


async def run_on(
    url: str, database: str, submits: int, seed: int, game: str | None
) -> dict[str, Any]:
    game = game or benched()[0]
    store = await open_store(url)
    try:
        warm, games = await measure(TableService(store), game, submits, seed)
        cold, _ = await measure(TableService(store, state_cache_size=0), game, submits, seed + 1)
    finally:
        await store.close()
    result: dict[str, Any] = {
        "game": game,
        "database": database,
        "submits": len(warm),
        "games": games,
        **summary(warm),
        "cold": summary(cold),
        "target_p95_ms": TARGET_P95_MS,
    }
    result["meets_target"] = result["p95_ms"] <= TARGET_P95_MS
    return result


async def compare(submits: int, seed: int, game: str | None = None) -> dict[str, Any]:
    """NORMAL (the default) against FULL: what flushing every commit to disk would cost."""
    normal = await run(submits, seed, "normal", game)
    full = await run(submits, seed, "full", game)
    return {
        **normal,
        "full": {k: full[k] for k in ("p50_ms", "p95_ms", "max_ms", "mean_ms")},
        "full_target_p95_ms": FULL_P95_MS,
        "full_meets_target": full["p95_ms"] <= FULL_P95_MS,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--submits", type=int, default=400, help="moves to time (default: 400)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random moves")
    parser.add_argument("--game", choices=benched(), help="game to play (default: the first)")
    parser.add_argument(
        "--database-url",
        help="measure on this database instead (e.g. an empty postgresql://… one); it keeps "
        "the tables played",
    )
    args = parser.parse_args(argv)
    if args.database_url:
        scheme = args.database_url.split(":", 1)[0]
        measured = run_on(args.database_url, scheme, args.submits, args.seed, args.game)
    else:
        measured = compare(args.submits, args.seed, args.game)
    print(json.dumps(asyncio.run(measured)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
