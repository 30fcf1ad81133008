"""Run every benchmark under bench/ and print one JSON object keyed by benchmark.

Each benchmark runs in its own interpreter (``python -m bench.<name>``) so that one's caches
and imports do not flatter the next, and one that fails is reported without stopping the rest.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

BENCHMARKS = ("engine", "render", "submit", "agents", "hostile", "catchup")
# The limits each benchmark takes from ``python -m bench --games N --seconds S``.
TAKES: dict[str, tuple[str, ...]] = {
    "engine": ("games", "seconds"),
    "render": ("games",),
    "agents": ("games",),
}
HERE = Path(__file__).resolve().parent


def arguments(name: str, games: int | None = None, seconds: float | None = None) -> list[str]:
    """The command-line limits passed on to benchmark ``name``: only those it takes."""
    given = {"games": games, "seconds": seconds}
    return [
        part
        for limit in TAKES.get(name, ())
        if given[limit] is not None
        for part in (f"--{limit}", str(given[limit]))
    ]


def run_one(name: str, games: int | None = None, seconds: float | None = None) -> Any:
    # From the folder holding this package, so a checkout needs no install; an installed
    # package is found there too.
    done = subprocess.run(
        [sys.executable, "-m", f"bench.{name}", *arguments(name, games, seconds)],
        cwd=HERE.parent, capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        return {"error": f"exit status {done.returncode}: {tail[0]}"}
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    for line in reversed(lines):  # the JSON object is the last thing a benchmark prints
        try:
            return json.loads(line)
        except json.JSONDecodeError:
            continue
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError:
        return {"error": "printed no JSON"}


def run_all(games: int | None = None, seconds: float | None = None) -> dict[str, Any]:
    return {
        name: run_one(name, games, seconds)
        for name in BENCHMARKS
        if (HERE / f"{name}.py").is_file()
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="games, where a benchmark plays")
    parser.add_argument("--seconds", type=float, default=None, help="time per game, where limited")
    args = parser.parse_args(argv)
    results = run_all(args.games, args.seconds)
    print(json.dumps(results))
    return 0 if all(not (isinstance(r, dict) and "error" in r) for r in results.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
