"""Run every benchmark under bench/ and print one JSON object keyed by benchmark.

Each benchmark runs in its own interpreter (``python -m bench.<name>``) so that one's caches
and imports do not flatter the next, and one that fails is reported without stopping the rest.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

BENCHMARKS = ("engine", "render", "submit", "agents", "hostile", "catchup")
HERE = Path(__file__).resolve().parent


def run_one(name: str) -> Any:
    done = subprocess.run(
        [sys.executable, "-m", f"bench.{name}"],
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


def run_all() -> dict[str, Any]:
    return {name: run_one(name) for name in BENCHMARKS if (HERE / f"{name}.py").is_file()}


def main() -> int:
    results = run_all()
    print(json.dumps(results))
    return 0 if all(not (isinstance(r, dict) and "error" in r) for r in results.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
