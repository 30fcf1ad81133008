"""Rules-engine speed: random playouts of every registered game on one core.

Counts decisions per second, where one decision is ``decision`` + ``legal_actions`` + ``apply``
of a uniformly random legal action: the loop every agent, test and self-play run sits on.
The rate is given by the wall clock and by the process's CPU time: on a shared, loaded
machine only the CPU figure compares one run with another. Also times ``determinize`` (a world
sampled from what the deciding seat knows), which an agent calls once per decision. Prints one
JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from typing import Any

from games.core import Game, Observation, spec, specs
from games.core import rng as core_rng


def playouts(game: Game[Any], games: int, seconds: float, seed: int = 1) -> dict[str, Any]:
    """At least one and at most ``games`` playouts, stopping early once ``seconds`` have passed."""
    decisions = played = 0
    rng = core_rng.seed_state(seed)
    busy = cpu = 0.0
    for n in range(games):
        state = game.new_game(game.min_players, seed + n, game.default_options(game.min_players))
        started, cpu_started = time.perf_counter(), time.process_time()
        while game.decision(state) is not None:
            actions = game.legal_actions(state)
            rng, i = core_rng.below(rng, len(actions))
            state = game.apply(state, actions[i])
            decisions += 1
        busy += time.perf_counter() - started
        cpu += time.process_time() - cpu_started
        played += 1
        if busy >= seconds:
            break
    rate = decisions / busy if busy > 0 else 0.0
    result: dict[str, Any] = {
        "games": played,
        "decisions": decisions,
        "decisions_per_game": round(decisions / played, 1),
        "seconds": round(busy, 3),
        "decisions_per_second": round(rate),
        "cpu_seconds": round(cpu, 3),
        "cpu_decisions_per_second": round(decisions / cpu) if cpu > 0 else 0,
    }
    targets = spec(game.name).bench
    if targets is not None:
        result["target_decisions_per_second"] = targets.decisions_per_second
        result["meets_target"] = rate >= targets.decisions_per_second
    return result


def determinize_us(game: Game[Any], positions: int = 300, every: int = 7, seed: int = 1) -> float:
    """Median microseconds of one ``determinize`` call, over the deciding seat's observations
    at every ``every``-th position of random playouts."""
    observations: list[Observation[Any]] = []
    rng = core_rng.seed_state(seed)
    n = 0
    while len(observations) < positions:
        state = game.new_game(game.min_players, seed + n, game.default_options(game.min_players))
        step = 0
        while (decision := game.decision(state)) is not None:
            if step % every == 0:
                observations.append(game.observe(state, decision.seat))
            rng, i = core_rng.below(rng, len(decision.actions))
            state = game.apply(state, decision.actions[i])
            step += 1
        n += 1
    times = []
    for observation in observations[:positions]:
        started = time.perf_counter()
        _, rng = game.determinize(observation, rng)
        times.append(time.perf_counter() - started)
    return round(statistics.median(times) * 1e6, 1)


def run(games: int = 1000, seconds: float = 5.0) -> dict[str, Any]:
    return {
        s.name: {**playouts(s.engine, games, seconds), "determinize_us": determinize_us(s.engine)}
        for s in specs()
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="playouts per game at most")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game at most")
    args = parser.parse_args(argv)
    print(json.dumps(run(args.games, args.seconds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
