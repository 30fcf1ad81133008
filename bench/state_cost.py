"""What a game state costs the service: memory while cached, CPU when it is not.

Per game, over positions sampled from seeded random games (each cut at a random depth):

``memory``
    Bytes a decoded state holds (``tracemalloc``, over many states decoded from their snapshots,
    so they share nothing but what the game shares on purpose), and the resident memory a
    process grows by when it holds ``--states`` of them (``/proc/self/statm``, in a child
    process of its own): what ``STATE_CACHE_SIZE`` states cost.
``miss``
    The CPU of rebuilding a state the cache does not hold, in parts: decoding the snapshot's
    JSON text, building the state from it (``from_json``) and replaying each logged move after
    it (``apply``); beside them encoding a snapshot (``to_json`` and the text), which a move
    pays every ``SNAPSHOT_MOVES`` versions. Medians in microseconds.

The database's share of a miss is measured by ``bench.load`` (``--state-cache`` small and
large). Prints one JSON object.
"""

from __future__ import annotations

import argparse
import gc
import json
import multiprocessing
import os
import random
import statistics
import time
import tracemalloc
from collections.abc import Sequence
from typing import Any

from bot.service.tables import SNAPSHOT_MOVES
from games.core import Game, discovery

PAGE = os.sysconf("SC_PAGE_SIZE")


def positions(game: Game[Any], players: int, count: int, seed: int) -> list[tuple[Any, list[str]]]:
    """``count`` states cut at a random depth of seeded random games, each with the moves
    that follow it (up to ``SNAPSHOT_MOVES - 1``, as a snapshot is followed at most)."""
    rng = random.Random(seed)
    found = []
    for n in range(count):
        state = game.new_game(players, seed + n, game.default_options(players))
        line = [state]
        actions: list[str] = []
        while (decision := game.decision(state)) is not None:
            actions.append(rng.choice(decision.actions))
            state = game.apply(state, actions[-1])
            line.append(state)
        cut = rng.randrange(len(line))
        found.append((line[cut], actions[cut : cut + SNAPSHOT_MOVES - 1]))
    return found


def _median_us(samples: Sequence[float]) -> float:
    return round(statistics.median(samples) * 1e6, 1)


def miss_cost(game: Game[Any], sample: Sequence[tuple[Any, list[str]]]) -> dict[str, Any]:
    decode, build, encode, replay, sizes = [], [], [], [], []
    clock = time.process_time  # CPU time: the machine may be shared
    for state, after in sample:
        began = clock()
        text = json.dumps(game.to_json(state), separators=(",", ":"))
        encode.append(clock() - began)
        sizes.append(len(text.encode()))
        began = clock()
        data = json.loads(text)
        decode.append(clock() - began)
        began = clock()
        rebuilt = game.from_json(data)
        build.append(clock() - began)
        for action in after:
            began = clock()
            rebuilt = game.apply(rebuilt, action)
            replay.append(clock() - began)
    return {
        "snapshot_bytes_median": int(statistics.median(sizes)),
        "snapshot_bytes_max": max(sizes),
        "json_decode_us": _median_us(decode),
        "from_json_us": _median_us(build),
        "replay_move_us": _median_us(replay) if replay else None,
        # each position replays this many; a miss replays half as many on average, as a
        # snapshot is 0 to SNAPSHOT_MOVES - 1 versions back
        "replayed_per_position": round(statistics.mean(len(a) for _, a in sample), 2),
        "encode_us": _median_us(encode),
    }


def traced_bytes(game: Game[Any], texts: Sequence[str], count: int) -> dict[str, int]:
    """Bytes per decoded state, median and largest over the sample, as ``tracemalloc`` sees
    them; each state is decoded ``count // len(texts)`` times and held."""
    per_state = []
    repeat = max(1, count // len(texts))
    for text in texts:
        gc.collect()
        tracemalloc.start()
        held = [game.from_json(json.loads(text)) for _ in range(repeat)]
        size = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        per_state.append(size / len(held))
        del held
    return {
        "bytes_per_state_median": int(statistics.median(per_state)),
        "bytes_per_state_max": int(max(per_state)),
    }


def _rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


def _rss_growth(name: str, texts: Sequence[str], states: int, out: Any) -> None:
    game = discovery.get(name)
    gc.collect()
    before = _rss()
    held = [game.from_json(json.loads(texts[n % len(texts)])) for n in range(states)]
    gc.collect()
    out.put(_rss() - before)
    del held


def rss_growth(name: str, texts: Sequence[str], states: int) -> int:
    """How much a fresh child process's resident memory grows holding ``states`` states."""
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    child = context.Process(target=_rss_growth, args=(name, texts, states, out))
    child.start()
    grown = int(out.get())
    child.join()
    return grown


def measure(name: str, players: int, sample: int, states: int, seed: int) -> dict[str, Any]:
    game = discovery.get(name)
    found = positions(game, players, sample, seed)
    texts = [json.dumps(game.to_json(s), separators=(",", ":")) for s, _ in found]
    grown = rss_growth(name, texts, states)
    return {
        "players": players,
        "positions": len(found),
        "miss": miss_cost(game, found),
        "memory": {
            **traced_bytes(game, texts, 2000),
            f"rss_mb_for_{states}_states": round(grown / 2**20, 1),
            "rss_bytes_per_state": grown // states,
        },
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.state_cost", description=__doc__)
    parser.add_argument("--games", default=None, help="comma-separated (default: every game)")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--states", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    names = args.games.split(",") if args.games else [s.name for s in discovery.specs()]
    result: dict[str, Any] = {"load_average_before": os.getloadavg()[0]}
    for name in names:
        game = discovery.get(name)
        counts = sorted({max(2, game.min_players), game.max_players})
        result[name] = [
            measure(name, players, args.positions, args.states, args.seed) for players in counts
        ]
    result["load_average_after"] = os.getloadavg()[0]
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
