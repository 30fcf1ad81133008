"""Board-image speed: render + PNG encode of real views, as the bot does after every move.

Views come from seeded random games of the real engines (Targi; Yspahan with 2, 3 and 4
players), sampled across every phase. The first render of each game in a process (static layer,
sprites, palette) is reported apart from the steady state. Prints one JSON object with the
figures of each game under its name.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image

import renderers
from games.core import registry
from games.core import rng as core_rng
from renderers.kit import layers
from renderers.kit.quantize import to_palette

TARGETS = {"median_ms": 60.0, "p95_ms": 100.0, "max_bytes": 500 * 1024, "min_width": 1200}
PLAYERS: dict[str, tuple[int, ...]] = {"targi": (2,), "yspahan": (2, 3, 4)}


def sample_views(
    games: int, every: int, seed: int = 1, name: str = "targi"
) -> tuple[list[Any], list[Any]]:
    """Spectator views for the board and deciding-seat views for the panel; the games cycle
    through the player counts the game supports."""
    game = registry.get(name)
    counts = PLAYERS.get(name, (2,))
    boards: list[Any] = []
    panels: list[Any] = []
    r = core_rng.seed_state(seed)
    for g in range(games):
        state = game.new_game(counts[g % len(counts)], seed + g)
        n = 0
        while (decision := game.decision(state)) is not None:
            if n % every == 0:
                boards.append(game.view(state, None))
                panels.append(game.view(state, decision.seat))
            r, i = core_rng.below(r, len(decision.actions))
            state = game.apply(state, decision.actions[i])
            n += 1
        boards.append(game.view(state, None))
    return boards, panels


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(render: Callable[[Any], Image.Image], views: Sequence[Any]) -> dict[str, Any]:
    times: list[float] = []
    sizes: list[int] = []
    widths: set[int] = set()
    heights: set[int] = set()
    for view in views:
        started = time.perf_counter()
        image = render(view)
        data = renderers.encode_png(image)
        times.append((time.perf_counter() - started) * 1000)
        sizes.append(len(data))
        widths.add(image.width)
        heights.add(image.height)
    return {
        "renders": len(views),
        "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(_percentile(times, 0.95), 1),
        "max_ms": round(max(times), 1),
        "median_bytes": round(statistics.median(sizes)),
        "max_bytes": max(sizes),
        "width": min(widths),
        "height": max(heights),
    }


def compare_levels(views: Sequence[Any], name: str = "targi") -> dict[str, Any]:
    """Encode time and size per zlib level, on palette images and on plain RGB."""
    images = [renderers.render_board(name, v) for v in views]
    out: dict[str, Any] = {}
    for mode in ("palette", "rgb"):
        prepared = [to_palette(im) if mode == "palette" else im for im in images]
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


def uncached_median(name: str, views: Sequence[Any]) -> float:
    """Median board render+encode when the static layer must be drawn again every time."""
    times: list[float] = []
    for view in views:
        layers.clear()
        started = time.perf_counter()
        renderers.encode_png(renderers.render_board(name, view))
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 1)


def run_game(name: str, games: int, every: int, levels: bool = False) -> dict[str, Any]:
    boards, panels = sample_views(games, every, name=name)
    started = time.perf_counter()
    renderers.encode_png(renderers.render_board(name, boards[0]))
    first_ms = (time.perf_counter() - started) * 1000
    board = measure(lambda v: renderers.render_board(name, v), boards)
    panel = measure(lambda v: renderers.render_panel(name, v), panels)
    result: dict[str, Any] = {
        "players": sorted({len(v["players"]) for v in boards}),
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
    if levels:
        result["encode_levels"] = compare_levels(boards[:: max(1, len(boards) // 20)], name)
    return result


def run(
    games: int = 3, every: int = 6, levels: bool = False, names: Sequence[str] = tuple(PLAYERS)
) -> dict[str, Any]:
    result: dict[str, Any] = {
        "png_compress_level": renderers.PNG_COMPRESS_LEVEL,
        "targets": TARGETS,
    }
    for name in names:
        result[name] = run_game(name, games, every, levels)
    result["meets_targets"] = all(result[name]["meets_targets"] for name in names)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games to sample views from")
    parser.add_argument("--every", type=int, default=6, help="keep every Nth decision's view")
    parser.add_argument("--levels", action="store_true", help="also compare PNG zlib levels")
    parser.add_argument("--game", action="append", choices=sorted(PLAYERS),
                        help="benchmark only this game (repeatable; default: all)")
    args = parser.parse_args(argv)
    print(json.dumps(run(args.games, args.every, args.levels, args.game or tuple(PLAYERS))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
