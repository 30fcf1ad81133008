"""Board-image speed: render + PNG encode of real views, as the bot does after every move.

Views come from seeded random games of every installed game, at the player counts each game's
spec names for this benchmark, sampled across every phase. The first render of each game in a
process (static layer, sprites, palette) is reported apart from the steady state. Beside them,
``along_tables``: the panels and boards of tables moving in turn, as the drawing processes get
them (``--tables``, ``--decisions``). Prints one JSON object with the figures of each game
under its name.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from PIL import Image

from games.core import GameSpec, discovery
from games.core import rng as core_rng
from renderers.kit import compose, layers, png
from renderers.kit.quantize import PNG_COMPRESS_LEVEL

TARGETS = {"median_ms": 60.0, "p95_ms": 100.0, "max_bytes": 500 * 1024, "min_width": 1200}


def benched() -> list[str]:
    """Games whose spec names player counts for this benchmark."""
    return [s.name for s in discovery.specs() if s.bench is not None]


def player_counts(spec: GameSpec) -> tuple[int, ...]:
    return spec.bench.render_players if spec.bench else (spec.engine.min_players,)


def _positions(games: int, every: int, seed: int, name: str) -> Iterator[tuple[Any, Any, Any]]:
    """(state, decision, state at the start of the turn before) every ``every`` decisions of
    seeded random games, and each game's final position (decision None)."""
    spec = discovery.spec(name)
    game = spec.engine
    counts = player_counts(spec)
    r = core_rng.seed_state(seed)
    for g in range(games):
        state = game.new_game(counts[g % len(counts)], seed + g)
        n = 0
        last_turn = this_turn = state
        deciding = None
        while (decision := game.decision(state)) is not None:
            if decision.seat != deciding:
                last_turn, this_turn, deciding = this_turn, state, decision.seat
            if n % every == 0:
                yield state, decision, last_turn
            r, i = core_rng.below(r, len(decision.actions))
            state = game.apply(state, decision.actions[i])
            n += 1
        yield state, None, this_turn


def sample_views(games: int, every: int, seed: int, name: str) -> tuple[list[Any], list[Any]]:
    """Spectator views for the board and deciding-seat views for the panel; the games cycle
    through the player counts the game's spec names."""
    game = discovery.spec(name).engine
    boards: list[Any] = []
    panels: list[Any] = []
    for state, decision, _ in _positions(games, every, seed, name):
        boards.append(game.view(state, None))
        if decision is not None:
            panels.append(game.view(state, decision.seat))
    return boards, panels


def sample_boards(games: int, every: int, seed: int, name: str) -> list[tuple[Any, Any]]:
    """The boards of ``sample_views``, each with the view of the board before it (the start of
    the previous turn), as the bot draws them: marking what the last turn changed."""
    game = discovery.spec(name).engine
    return [
        (game.view(state, None), game.view(before, None))
        for state, _, before in _positions(games, every, seed, name)
    ]


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(
    render: Callable[[Any], Image.Image], encode: Callable[[Image.Image], bytes],
    views: Sequence[Any],
) -> dict[str, Any]:
    times: list[float] = []
    cpu: list[float] = []  # this process's CPU time: steadier than the clock on a shared machine
    sizes: list[int] = []
    widths: set[int] = set()
    heights: set[int] = set()
    for view in views:
        started, cpu_started = time.perf_counter(), time.process_time()
        image = render(view)
        data = encode(image)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - cpu_started) * 1000)
        sizes.append(len(data))
        widths.add(image.width)
        heights.add(image.height)
    return {
        "renders": len(views),
        "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(_percentile(times, 0.95), 1),
        "max_ms": round(max(times), 1),
        "cpu_median_ms": round(statistics.median(cpu), 1),
        "cpu_p95_ms": round(_percentile(cpu, 0.95), 1),
        "median_bytes": round(statistics.median(sizes)),
        "max_bytes": max(sizes),
        "width": min(widths),
        "height": max(heights),
    }


def compare_levels(views: Sequence[Any], name: str) -> dict[str, Any]:
    """Encode time and size per zlib level, on palette images and on plain RGB."""
    spec = discovery.spec(name)
    images = [spec.render_board(v) for v in views]
    palette = spec.render_module().PALETTE
    out: dict[str, Any] = {}
    for mode in ("palette", "rgb"):
        prepared = [on_palette(im, palette) if mode == "palette" else im.convert("RGB")
                    for im in images]
        for level in (1, 2, 3, 6, 9):
            times, sizes = [], []
            for im in prepared:
                buffer = io.BytesIO()
                started = time.perf_counter()
                im.save(buffer, format="PNG", compress_level=level)
                times.append((time.perf_counter() - started) * 1000)
                sizes.append(buffer.tell())
            out[f"{mode}_level_{level}"] = {
                "median_ms": round(statistics.median(times), 1),
                "median_kib": round(statistics.median(sizes) / 1024, 1),
            }
    return out


def on_palette(image: Image.Image, palette: Any) -> Image.Image:
    """``image`` as posted: a board already drawn on its palette stays as it is."""
    return image if image.mode == "P" else palette.quantize(image)


def uncached_median(name: str, views: Sequence[Any]) -> float:
    """Median board render+encode when the static layer and every part must be drawn again
    every time."""
    spec = discovery.spec(name)
    times: list[float] = []
    for view in views:
        layers.clear()
        compose.grounds.clear()
        compose.parts.clear()
        started = time.perf_counter()
        spec.encode_png(spec.render_board(view))
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 1)


def along_tables(name: str, tables: int, decisions: int, seed: int = 1) -> dict[str, Any]:
    """The drawing process's work as the bot gives it: ``tables`` seeded games moving in turn,
    one random decision at a time, each decision's panel drawn from its state for the deciding
    seat (view, render, encode) and each board drawn when the turn passes, marking what changed
    since the table's last board. Consecutive decisions of one table share most of their
    parts, while the tables in between take room in the caches, as in the bot. CPU times."""
    spec = discovery.spec(name)
    game = spec.engine
    counts = player_counts(spec)
    states = [game.new_game(counts[t % len(counts)], seed + t) for t in range(tables)]
    shown = [game.view(state, None) for state in states]
    r = core_rng.seed_state(seed)
    panel_cpu: list[float] = []
    board_cpu: list[float] = []
    misses = compose.parts.misses
    started_games = tables
    while len(panel_cpu) < decisions:
        for t in range(tables):
            decision = game.decision(states[t])
            if decision is None:
                states[t] = game.new_game(counts[started_games % len(counts)],
                                          seed + started_games)
                started_games += 1
                shown[t] = game.view(states[t], None)
                continue
            cpu = time.process_time()
            spec.encode_png(spec.render_panel(game.view(states[t], decision.seat)))
            panel_cpu.append((time.process_time() - cpu) * 1000)
            r, i = core_rng.below(r, len(decision.actions))
            states[t] = game.apply(states[t], decision.actions[i])
            after = game.decision(states[t])
            if after is None or after.seat != decision.seat:
                cpu = time.process_time()
                view = game.view(states[t], None)
                spec.encode_png(spec.render_board(view, shown[t]))
                board_cpu.append((time.process_time() - cpu) * 1000)
                shown[t] = view
    return {
        "tables": tables,
        "decisions": len(panel_cpu),
        "boards": len(board_cpu),
        "panel_cpu_mean_ms": round(statistics.fmean(panel_cpu), 2),
        "panel_cpu_median_ms": round(statistics.median(panel_cpu), 2),
        "board_cpu_mean_ms": round(statistics.fmean(board_cpu), 2) if board_cpu else None,
        "cpu_per_decision_ms": round((sum(panel_cpu) + sum(board_cpu)) / len(panel_cpu), 2),
        "parts_drawn_per_decision": round((compose.parts.misses - misses) / len(panel_cpu), 2),
    }


def run_game(name: str, games: int, every: int, levels: bool = False) -> dict[str, Any]:
    spec = discovery.spec(name)
    counts = player_counts(spec)
    boards, panels = sample_views(games, every, 1, name)
    turns = sample_boards(games, every, 1, name)
    started = time.perf_counter()
    spec.encode_png(spec.render_board(*turns[0]))
    first_ms = (time.perf_counter() - started) * 1000
    board = measure(lambda turn: spec.render_board(*turn), spec.encode_png, turns)
    panel = measure(spec.render_panel, spec.encode_png, panels)
    result: dict[str, Any] = {
        "players": sorted({counts[g % len(counts)] for g in range(games)}),
        "png_compress_level": spec.render_module().PALETTE.compress_level,
        "first_render_ms": round(first_ms, 1),
        "board_without_layer_cache_ms": uncached_median(name, boards[:: max(1, len(boards) // 10)]),
        "board": board,
        "panel": panel,
        "meets_targets": (
            board["median_ms"] <= TARGETS["median_ms"]
            and board["p95_ms"] <= TARGETS["p95_ms"]
            and board["max_bytes"] <= TARGETS["max_bytes"]
            and board["width"] >= TARGETS["min_width"]
            and panel["max_bytes"] <= TARGETS["max_bytes"]
        ),
    }
    targets = spec.bench
    if targets is not None and targets.board_median_ms is not None:
        # the game's own targets, on CPU time: wall time measures the machine's other work too
        result["board_target_median_ms"] = targets.board_median_ms
        result["board_target_max_bytes"] = targets.board_max_bytes
        result["meets_board_targets"] = board["cpu_median_ms"] <= targets.board_median_ms and (
            targets.board_max_bytes is None or board["max_bytes"] <= targets.board_max_bytes)
    if levels:
        result["encode_levels"] = compare_levels(boards[:: max(1, len(boards) // 20)], name)
    return result


def run(
    games: int = 3, every: int = 6, levels: bool = False, names: Sequence[str] | None = None,
    tables: int = 20, decisions: int = 400,
) -> dict[str, Any]:
    names = list(names or benched())
    result: dict[str, Any] = {
        "png_compress_level": PNG_COMPRESS_LEVEL,
        "png_deflate": png.BACKEND,
        "targets": TARGETS,
    }
    for name in names:
        result[name] = run_game(name, games, every, levels)
        if decisions:
            result[name]["along_tables"] = along_tables(name, tables, decisions)
    result["meets_targets"] = all(result[name]["meets_targets"] for name in names)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games to sample views from")
    parser.add_argument("--every", type=int, default=6, help="keep every Nth decision's view")
    parser.add_argument("--levels", action="store_true", help="also compare PNG zlib levels")
    parser.add_argument("--game", action="append", choices=benched(),
                        help="benchmark only this game (repeatable; default: all)")
    parser.add_argument("--tables", type=int, default=20,
                        help="tables moving in turn for the panels along tables")
    parser.add_argument("--decisions", type=int, default=400,
                        help="panels to draw along tables (0: skip them)")
    args = parser.parse_args(argv)
    print(json.dumps(run(args.games, args.every, args.levels, args.game, args.tables,
                         args.decisions)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
