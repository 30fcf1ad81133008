"""Rules-engine speed: random playouts of every registered game on one core.

Counts decisions per second, where one decision is ``decision`` + ``apply`` of a uniformly
random one of its actions: the loop every agent, test and self-play run sits on (the random
agent picks the same way). The random draws are made before each game, and the loop's own
cost per decision is measured apart (``harness_ns_per_decision``), so that
``engine_decisions_per_cpu_second`` is the engine's alone.
Also times ``determinize`` (a world sampled from what the deciding seat knows), which an agent
calls once per decision. Prints one JSON object.

Rates are given per wall-clock second and per CPU second of this process: on a shared, loaded
machine the wall figure also counts the time other processes held the core, so the CPU figure
is the one compared with the target.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from bot import engine_build
from games.core import Game, Observation, spec, specs
from games.core import rng as core_rng
from games.core.contract import Decision

# Random draws made ahead of each game, outside the timed loop; a game needing more gets more.
DRAWS_AHEAD = 2048


def draws(rng: int, count: int) -> tuple[list[int], int]:
    """The next ``count`` outputs of the generator `core_rng.below` draws from, and its state
    after them. ``x % n`` of an output is ``below``'s pick among ``n`` options (its rejection
    of the top ``2**64 % n`` outputs, once in more than 2**59 draws for up to 32 options, is
    left out)."""
    out = []
    for _ in range(count):
        rng, x = core_rng.next_u64(rng)
        out.append(x)
    return out, rng


def play(game: Game[Any], state: Any, picks: Iterator[int]) -> tuple[Any, int]:
    """Plays ``state`` to the end, each decision's option chosen by the next of ``picks``;
    returns the final state and the number of decisions. StopIteration when ``picks`` runs out
    (the state reached and the count are then lost: start again with more)."""
    decide, apply = game.decision, game.apply
    decisions = 0
    while (decision := decide(state)) is not None:
        actions = decision.actions
        state = apply(state, actions[next(picks) % len(actions)])
        decisions += 1
    return state, decisions


class _Stub:
    """A game whose every decision is the same, for timing `play`'s own work."""

    def __init__(self, decisions: int) -> None:
        self.left = decisions
        self.answer = Decision(0, "stub", "", ("a", "b", "c"))

    def decision(self, state: Any) -> Decision | None:
        self.left -= 1
        return self.answer if self.left >= 0 else None

    def apply(self, state: Any, action: str) -> Any:
        return state


def harness_seconds(decisions: int, picks: list[int]) -> float:
    """CPU seconds `play` itself spends on ``decisions`` decisions: its picks, the calls and
    the loop, with a game that does nothing."""
    stub = _Stub(decisions)
    started = time.process_time()
    play(stub, None, itertools.cycle(picks))  # type: ignore[arg-type]
    return time.process_time() - started


def playouts(
    game: Game[Any], games: int, seconds: float, seed: int = 1, players: int | None = None
) -> dict[str, Any]:
    """At least one and at most ``games`` playouts with ``players`` seats (the fewest the game
    allows by default), stopping early once ``seconds`` have passed. The engine's rate counts
    the CPU time of the playouts less the harness's own (``harness_ns_per_decision``)."""
    seats = game.min_players if players is None else players
    decisions = played = 0
    rng = core_rng.seed_state(seed)
    busy = cpu = 0.0
    picks: list[int] = []
    for n in range(games):
        start = game.new_game(seats, seed + n, game.default_options(seats))
        ahead = DRAWS_AHEAD
        while True:
            more, rng = draws(rng, ahead - len(picks))
            picks += more
            it = iter(picks)
            started, started_cpu = time.perf_counter(), time.process_time()
            try:
                _, made = play(game, start, it)
            except StopIteration:
                ahead *= 2  # a long game: play it again with more draws, and count that once
                continue
            busy += time.perf_counter() - started
            cpu += time.process_time() - started_cpu
            break
        picks = picks[made:]
        decisions += made
        played += 1
        if busy >= seconds:
            break
    harness = harness_seconds(decisions, picks or [0])
    engine_cpu = max(cpu - harness, 1e-9)
    rate = decisions / busy if busy > 0 else 0.0
    cpu_rate = decisions / cpu if cpu > 0 else rate
    result: dict[str, Any] = {
        "compiled": compiled_engine(game),
        "players": seats,
        "games": played,
        "decisions": decisions,
        "decisions_per_game": round(decisions / played, 1),
        "seconds": round(busy, 3),
        "cpu_seconds": round(cpu, 6),  # a few short games take well under a millisecond
        "decisions_per_second": round(rate),
        "decisions_per_cpu_second": round(cpu_rate),
        "harness_ns_per_decision": round(harness / decisions * 1e9) if decisions else 0,
        "engine_decisions_per_cpu_second": round(decisions / engine_cpu) if cpu > 0 else 0,
    }
    targets = spec(game.name).bench
    if targets is not None:
        result["target_decisions_per_second"] = targets.decisions_per_second
        result["meets_target"] = cpu_rate >= targets.decisions_per_second
    return result


def compiled_engine(game: Game[Any]) -> bool:
    """Whether ``game``'s engine runs as a C extension (compiled by setup.py)."""
    return bool(engine_build.compiled([sys.modules[type(game).__module__]]))


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


def run(
    games: int = 1000, seconds: float = 5.0, only: str | None = None, players: int | None = None
) -> dict[str, Any]:
    return {
        s.name: {**playouts(s.engine, games, seconds, players=players),
                 "determinize_us": determinize_us(s.engine)}
        for s in specs()
        if (only is None or s.name == only)
        and (players is None or s.engine.min_players <= players <= s.engine.max_players)
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="playouts per game at most")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game at most")
    parser.add_argument("--game", help="only this game (default: every game)")
    parser.add_argument(
        "--players", type=int, help="seats per game (default: the fewest each game allows; "
        "games that cannot seat this many are left out)")
    args = parser.parse_args(argv)
    print(json.dumps(run(args.games, args.seconds, args.game, args.players)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
