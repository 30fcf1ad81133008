"""How long a computer seat thinks: the greedy agent's time per decision over whole games.

A bot seat moves inside the bot process, so its slowest decision is what a player waits for.
Prints one JSON object with one entry per game and seat count (``name@2``): median, p95 and
slowest milliseconds per decision (and the CPU median and p95), at every seat count the game
allows or at those of ``--players``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from typing import Any

from games.agents.greedy import GreedyAgent
from games.core import Game, all_games

SLOWEST_TARGET_MS = 500.0  # a bot turn should feel instant in a chat
P95_TARGET_MS = 50.0


def think_times(game: Game[Any], players: int, games: int, seed: int = 1) -> dict[str, Any]:
    agent = GreedyAgent()
    times: list[float] = []
    cpu: list[float] = []
    for n in range(games):
        state = game.new_game(players, seed + n, game.default_options())
        rng = seed + n
        while (decision := game.decision(state)) is not None:
            started, started_cpu = time.perf_counter(), time.process_time()
            action, rng = agent.choose(game, game.observe(state, decision.seat), decision, rng)
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
            state = game.apply(state, action)
    times.sort()
    cpu.sort()
    slowest = times[-1]
    p95 = times[int(0.95 * (len(times) - 1))]
    # On a shared, loaded machine the wall clock also counts the time other processes held
    # the core; the CPU figure is this process's own work.
    cpu_p95 = cpu[int(0.95 * (len(cpu) - 1))]
    return {
        "players": players,
        "games": games,
        "decisions": len(times),
        "median_ms": round(statistics.median(times), 3),
        "p95_ms": round(p95, 3),
        "slowest_ms": round(slowest, 2),
        "cpu_median_ms": round(statistics.median(cpu), 3),
        "cpu_p95_ms": round(cpu_p95, 3),
        "meets_target": slowest <= SLOWEST_TARGET_MS,
        "meets_p95_target": p95 <= P95_TARGET_MS,
        "meets_cpu_p95_target": cpu_p95 <= P95_TARGET_MS,
    }


def seat_counts(game: Game[Any], players: Sequence[int]) -> tuple[int, ...]:
    """The counts of ``players`` the game allows, or every count it allows: a game of more
    seats gives the agent more to weigh, so each is measured."""
    allowed = range(game.min_players, game.max_players + 1)
    return tuple(n for n in players if n in allowed) if players else tuple(allowed)


def run(games: int = 5, players: Sequence[int] = (), only: str | None = None) -> dict[str, Any]:
    """Each game at every seat count it allows, or at each count of ``players`` it allows."""
    return {
        f"{game.name}@{n}": think_times(game, n, games)
        for game in all_games() if only is None or game.name == only
        for n in seat_counts(game, players)
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="whole games per game")
    parser.add_argument("--players", type=int, nargs="*", default=(),
                        help="seat counts to time, each on its own (default: every one)")
    parser.add_argument("--game", help="only this game (default: every game)")
    args = parser.parse_args(argv)
    print(json.dumps(run(args.games, args.players, args.game)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
