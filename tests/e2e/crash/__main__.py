"""``python -m tests.e2e.crash --kills 40 --tables 8 --seed 1``: run the crash test, print JSON."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from .driver import run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.e2e.crash", description=__doc__)
    parser.add_argument("--kills", type=int, default=40, help="SIGKILLs of the bot (default 40)")
    parser.add_argument("--tables", type=int, default=8, help="tables to open (default 8)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the kill times and the moves")
    parser.add_argument(
        "--max-gap", type=float, default=3.0, help="most seconds between kills (default 3)"
    )
    parser.add_argument(
        "--workdir", type=Path, help="keep the database and the bot's log here (default: temporary)"
    )
    parser.add_argument(
        "--play-out",
        action="store_true",
        help="after the last kill, play every table to its end before checking",
    )
    parser.add_argument(
        "--database-url",
        help="the bots' database (default: an SQLite file in the workdir); an empty one",
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="bot processes, one shard each (default 1)"
    )
    parser.add_argument(
        "--due-timers",
        action="store_true",
        help="now and then make a table's deadline due while the bots run",
    )
    args = parser.parse_args(argv)
    figures = asyncio.run(
        run(
            kills=args.kills,
            tables=args.tables,
            seed=args.seed,
            workdir=args.workdir,
            max_gap=args.max_gap,
            play_out=args.play_out,
            database_url=args.database_url,
            processes=args.processes,
            due_timers=args.due_timers,
        )
    )
    print(json.dumps(figures.as_json(), indent=2))
    return 0 if figures.ok else 1


if __name__ == "__main__":
    sys.exit(main())
