"""Boards per second: the board images of one game drawn and PNG-encoded by a pool of processes.

Drawing is CPU-bound, so the bot spreads it over processes; this measures what a number of them
renders per second. Each process samples spectator views as ``bench.render`` does (seeded random
games, every third decision) and draws its first board before the clock starts, so the figures
are the steady state, without the one-off drawing of the static layer. It samples as many games
as it takes for every board to show a position not drawn before: a board drawn again would be
pasted whole from the parts the renderers keep, which a live table never asks for.
"""

from __future__ import annotations

import multiprocessing
import time
from typing import Any

from bench.render import sample_views
from games.core import discovery

_views: list[Any] = []
_game = ""


def _prepare(game: str, seed: int, count: int, ready: Any) -> None:
    global _game
    _game = game
    spec = discovery.spec(game)
    games = 2
    boards, _ = sample_views(games, 3, seed, game)
    while len(boards) <= 2 * count:  # a pool may draw a little past the count
        games *= 2
        boards, _ = sample_views(games, 3, seed, game)
    _views[:] = boards[1:]
    spec.encode_png(spec.render_board(boards[0]))
    ready.wait()


def _draw(first: int, count: int) -> tuple[int, float]:
    """Boards drawn and the CPU seconds they took."""
    spec = discovery.spec(_game)
    cpu = time.process_time()
    for n in range(first, first + count):
        spec.encode_png(spec.render_board(_views[n % len(_views)]))
    return count, time.process_time() - cpu


def boards_per_second(game: str, processes: int, boards: int, seed: int = 1) -> dict[str, Any]:
    """Draw ``boards`` boards of ``game`` over ``processes`` processes."""
    context = multiprocessing.get_context("fork")  # the games are imported already
    ready = context.Barrier(processes + 1)
    chunk = max(1, boards // (processes * 8))
    with context.Pool(processes, initializer=_prepare,
                      initargs=(game, seed, boards, ready)) as pool:
        ready.wait()
        began = time.perf_counter()
        parts = pool.starmap(_draw, [(n, chunk) for n in range(0, boards, chunk)])
        seconds = time.perf_counter() - began
    drawn = sum(n for n, _ in parts)
    cpu_ms = sum(cpu for _, cpu in parts) * 1000 / drawn
    return {
        "boards": drawn,
        "seconds": round(seconds, 2),
        "boards_per_second": round(drawn / seconds, 1),
        # what a board costs whatever else the machine runs: 2 cores draw at most 2000 / this
        "cpu_ms_per_board": round(cpu_ms, 1),
        "boards_per_second_on_two_idle_cores": round(2000 / cpu_ms, 1),
    }


def render_load(
    games: list[str], processes: list[int], boards: int, seed: int = 1
) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for game in games:
        figures: dict[str, Any] = {
            f"processes_{n}": boards_per_second(game, n, boards, seed) for n in processes
        }
        rates = [figures[f"processes_{n}"]["boards_per_second"] for n in processes]
        if len(processes) > 1 and rates[0]:
            figures["ratio"] = round(rates[-1] / rates[0], 2)
        result[game] = figures
    return result
