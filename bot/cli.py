"""The ``caravanserai`` command line: run the bot, play in a terminal, self-play, render, bench.

Only ``run`` and ``db`` touch Discord or the database; the other commands need nothing but the
engines (and Pillow for images), so they work without a token or network.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from importlib import metadata
from pathlib import Path
from typing import Any, TextIO

from games.agents import Agent, agent_rng, choose_for, get_agent, levels
from games.core import Decision, Game, GameError, all_games, discovery, get
from games.core.contract import is_number

HUMAN = "human"
HINT = "Type a number or a move's notation; `?` or `help` shows the choices again; `quit` stops."
DECISION_LIMIT = 100_000  # a game that has not ended by then counts as an error


class UsageError(Exception):
    """Arguments that parse but make no sense (unknown game, wrong number of seats)."""


# ---- argument helpers ----------------------------------------------------------------------


def game_named(name: str) -> Game[Any]:
    try:
        return get(name)
    except KeyError as error:
        raise UsageError(str(error.args[0])) from None


def seat_list(game: Game[Any], spec: str, *, allow_human: bool) -> list[str]:
    """Seat kinds from "human,greedy"; a single name fills every seat of a minimum table."""
    kinds = [k.strip().lower() for k in spec.split(",") if k.strip()]
    if len(kinds) == 1 and game.min_players > 1:
        kinds *= game.min_players
    allowed = [*([HUMAN] if allow_human else []), *levels()]
    what = "seat" if allow_human else "agent level"
    for kind in kinds:
        if kind not in allowed:
            raise UsageError(f"unknown {what} {kind[:40]!r}; choose from {', '.join(allowed)}")
    if not game.min_players <= len(kinds) <= game.max_players:
        wanted = (str(game.min_players) if game.min_players == game.max_players
                  else f"{game.min_players} to {game.max_players}")
        raise UsageError(f"{game.title} needs {wanted} seats, not {len(kinds)}")
    return kinds


def game_options(game: Game[Any], given: Sequence[str] | None, players: int) -> dict[str, Any]:
    """``--option key=value`` (repeatable), checked by the game for this player count."""
    chosen: dict[str, str] = {}
    for text in given or ():
        name, equals, value = text.partition("=")
        if not equals or not name.strip():
            raise UsageError(f"write an option as key=value, not {text[:40]!r}")
        chosen[name.strip().lower()] = value.strip()
    try:
        return game.validate_options(chosen, players)
    except GameError as error:  # OptionError: names what is allowed
        raise UsageError(error.reason) from None


def agents_for(kinds: Sequence[str]) -> list[Agent | None]:
    return [None if kind == HUMAN else get_agent(kind) for kind in kinds]


def message(error: BaseException) -> str:
    """An exception's own sentence (a KeyError's str() would add quotes)."""
    return str(error.args[0]) if len(error.args) == 1 else str(error)


def board_png(game: Game[Any], state: Any, previous: Any = None) -> bytes:
    """The public board image, marking what changed since the state ``previous`` when given;
    ImportError/LookupError when no renderer draws this game."""
    spec = discovery.spec(game.name)
    before = None if previous is None else game.view(previous, None)
    return spec.encode_png(spec.render_board(game.view(state, None), before))


# ---- selfplay ------------------------------------------------------------------------------


def selfplay(
    game: Game[Any], kinds: Sequence[str], games: int, seed: int,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` complete games (seeds ``seed``, ``seed + 1``, …); the JSON summary."""
    agents = [get_agent(kind) for kind in kinds]
    players = len(agents)
    totals = [0] * players
    wins = [0] * players
    completed = errors = draws = decisions = 0
    first_error: str | None = None
    started = time.perf_counter()
    for n in range(games):
        game_seed = seed + n
        played = 0
        try:
            state = game.new_game(players, game_seed, options or game.default_options(players))
            rngs = [agent_rng(game_seed, s) for s in range(players)]
            while (decision := game.decision(state)) is not None:
                if played >= DECISION_LIMIT:
                    raise RuntimeError(f"no end after {DECISION_LIMIT} decisions")
                action, rngs[decision.seat] = choose_for(
                    agents[decision.seat], game, state, decision, rngs[decision.seat]
                )
                state = game.apply(state, action)
                played += 1
            outcome = game.outcome(state)
            if outcome is None:
                raise RuntimeError("the game ended without an outcome")
        except Exception as error:  # counted and reported, so one bad seed does not hide the rest
            errors += 1
            if first_error is None:
                first_error = f"seed {game_seed}: {type(error).__name__}: {error}"
            decisions += played
            continue
        decisions += played
        completed += 1
        for s in range(players):
            totals[s] += outcome.scores[s]
        if len(outcome.winners) == 1:
            wins[outcome.winners[0]] += 1
        elif outcome.winners:
            draws += 1
    wall = time.perf_counter() - started
    return {
        "game": game.name,
        "agents": list(kinds),
        "seed": seed,
        "games": games,
        "completed": completed,
        "errors": errors,
        "first_error": first_error,
        "decisions": decisions,
        "mean_decisions_per_game": round(decisions / games, 2) if games else 0.0,
        "scores": {
            "mean": [round(t / completed, 3) if completed else None for t in totals],
            "wins": wins,
            "draws": draws,
        },
        "wall_seconds": round(wall, 3),
        "decisions_per_second": round(decisions / wall, 1) if wall > 0 else None,
    }


def print_selfplay(summary: dict[str, Any], out: TextIO) -> None:
    game = get(summary["game"])
    print(f"{game.title}: {summary['completed']} of {summary['games']} games completed, "
          f"{summary['errors']} errors", file=out)
    if summary["first_error"]:
        print(f"  first error: {summary['first_error']}", file=out)
    scores = summary["scores"]
    for seat, kind in enumerate(summary["agents"]):
        print(f"  {game.seat_label(seat)} ({kind}): mean score {scores['mean'][seat]}, "
              f"{scores['wins'][seat]} wins", file=out)
    print(f"  draws: {scores['draws']}", file=out)
    print(f"  {summary['decisions']} decisions, {summary['mean_decisions_per_game']} per game, "
          f"{summary['decisions_per_second']} per second, {summary['wall_seconds']} s", file=out)


# ---- play ----------------------------------------------------------------------------------


class Terminal:
    """A game at the terminal: humans type, agents answer at once."""

    def __init__(
        self, game: Game[Any], kinds: Sequence[str], seed: int, out_dir: Path | None,
        read: Callable[[str], str], out: TextIO, options: dict[str, Any] | None = None,
    ) -> None:
        self.game, self.kinds, self.seed = game, list(kinds), seed
        self.options = options or game.default_options(len(kinds))
        self.agents = agents_for(kinds)
        self.rngs = [agent_rng(seed, s) for s in range(len(kinds))]
        self.out_dir, self.read, self.out = out_dir, read, out
        self.images = out_dir is not None
        self.turn = 0
        self.last_board: Any = None  # the state the last saved board showed
        self.hinted = False

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def label(self, seat: int) -> str:
        return f"{self.game.seat_label(seat)} ({self.kinds[seat]})"

    def viewer(self, acting: int) -> int | None:
        """Whose private events the screen may show: the one person playing; at a hot seat,
        the person who just moved; when only agents play, nobody's (a spectator's view)."""
        humans = [s for s, kind in enumerate(self.kinds) if kind == HUMAN]
        if len(humans) == 1:
            return humans[0]
        return acting if acting in humans else None

    def run(self) -> int:
        game = self.game
        state = game.new_game(len(self.kinds), self.seed, self.options)
        self.say(f"{game.title}, seed {self.seed}: "
                 + ", ".join(self.label(s) for s in range(len(self.kinds))))
        self.save_board(state)
        while (decision := game.decision(state)) is not None:
            agent = self.agents[decision.seat]
            if agent is None:
                action = self.ask(state, decision)
                if action is None:
                    self.say("Game abandoned.")
                    return 1
            else:
                action, self.rngs[decision.seat] = choose_for(
                    agent, game, state, decision, self.rngs[decision.seat]
                )
                self.say(f"{self.label(decision.seat)}: {game.describe(state, action)} "
                         f"[{action}]")
            step = game.step(state, action)
            for event in game.events_for(step, self.viewer(decision.seat)):
                self.say(f"  {event.text}")
            state = step.state
            after = game.decision(state)
            if after is None or after.seat != decision.seat:
                self.save_board(state)
        self.finish(state)
        return 0

    def ask(self, state: Any, decision: Decision) -> str | None:
        """The human's choice: a number from the list or typed notation; None to stop."""
        self.show_choices(state, decision)
        if not self.hinted:
            self.say(HINT)
            self.hinted = True
        while True:
            try:
                text = self.read("> ").strip()
            except EOFError:
                self.say()
                return None
            if text.lower() in ("quit", "exit"):
                return None
            if text.lower() in ("?", "help"):
                self.show_choices(state, decision)
                self.say(HINT)
                continue
            if is_number(text):
                if 1 <= int(text) <= len(decision.actions):
                    return decision.actions[int(text) - 1]
                self.say(f"  There is no choice {text[:12]}: choose 1–{len(decision.actions)}.")
                continue
            if not text:
                continue
            try:
                return self.game.parse(state, text)
            except GameError as error:
                self.say(f"  {error.reason}")

    def show_choices(self, state: Any, decision: Decision) -> None:
        game = self.game
        self.say()
        self.say(game.text(state, decision.seat))
        self.say()
        self.say(f"{self.label(decision.seat)} — {decision.prompt}")
        for i, option in enumerate(game.options(state), start=1):
            self.say(f"  {i:>2}. {option.label}  [{option.notation}]")

    def save_board(self, state: Any) -> None:
        if not self.images or self.out_dir is None:
            return
        try:
            png = board_png(self.game, state, self.last_board)
        except (ImportError, LookupError, NotImplementedError) as error:
            self.say(f"(no board images: {message(error)})")
            self.images = False
            return
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"{self.game.name}-{self.seed}-turn{self.turn:03d}.png"
        path.write_bytes(png)
        self.turn += 1
        self.last_board = state

    def finish(self, state: Any) -> None:
        game = self.game
        outcome = game.outcome(state)
        self.say()
        self.say(game.text(state, None))
        self.say()
        if outcome is None:
            return
        self.say(f"Game over: {outcome.reason}")
        for seat, score in enumerate(outcome.scores):
            parts = ", ".join(f"{k} {v}" for k, v in outcome.breakdown[seat].items())
            self.say(f"  {self.label(seat)}: {score} ({parts})")
        if outcome.result is not None:  # a solo or cooperative game
            self.say(f"Result: {outcome.result}")
        else:
            names = " and ".join(self.label(s) for s in outcome.winners) or "nobody"
            tiebreak = f" on {outcome.tiebreak}" if outcome.tiebreak else ""
            self.say(f"Winner: {names}{tiebreak}")
        if self.out_dir is not None and self.images:
            self.say(f"Board images in {self.out_dir}")


# ---- render --------------------------------------------------------------------------------


def render(
    game: Game[Any], seed: int, steps: int, kinds: Sequence[str], out: Path,
    options: dict[str, Any] | None = None,
) -> int:
    """Write the public board after ``steps`` seeded agent moves; returns the moves made."""
    agents = [get_agent(k) for k in kinds]
    state = game.new_game(len(agents), seed, options or game.default_options(len(agents)))
    rngs = [agent_rng(seed, s) for s in range(len(agents))]
    made = 0
    turn_start, deciding = state, None  # the board marks what the last turn changed
    while made < steps and (decision := game.decision(state)) is not None:
        if decision.seat != deciding:
            turn_start, deciding = state, decision.seat
        action, rngs[decision.seat] = choose_for(
            agents[decision.seat], game, state, decision, rngs[decision.seat]
        )
        state = game.apply(state, action)
        made += 1
    png = board_png(game, state, turn_start if turn_start is not state else None)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(png)
    return made


# ---- db ------------------------------------------------------------------------------------


RETENTION_DAYS = 30


async def db_command(
    what: str, url: str, *, now: datetime | None = None, retention_days: int = RETENTION_DAYS,
    table: int | None = None,
) -> dict[str, Any]:
    """Open (and so migrate) the database; ``check`` adds what it holds, ``vacuum`` prunes
    what is older than the retention period and gives the space back, and ``release`` ends
    the quarantine of ``table`` once its stored game replays again (UsageError if not)."""
    from bot.service.tables import SNAPSHOT_EVERY
    from bot.service.timers import iso
    from storage import open_store
    from storage.base import TableStatus
    from storage.schema import migrations

    store = await open_store(url)
    try:
        applied = await store.applied_migrations()
        report: dict[str, Any] = {
            "database": redact(url),
            "schema_version": max(applied) if applied else 0,
            "migrations": applied,
            "latest_schema_version": max((n for n, _, _ in migrations()), default=0),
        }
        if what == "check":
            statuses: tuple[TableStatus, ...] = ("lobby", "active", "finished", "cancelled")
            report["tables"] = {
                s: len(await store.list_tables(statuses=[s])) for s in statuses
            }
            report["outbox_pending"] = len(await store.pending_outbox(limit=100_000))
            report["broken"] = [
                {
                    "table": t.id,
                    "game": t.game,
                    "reason": t.broken,
                    "since": None if t.broken_at is None else iso(t.broken_at),
                }
                for t in await store.broken_tables()
            ]
        if what == "release":
            from bot.service import ServiceError, TableService

            if table is None:
                raise UsageError("db release needs --table N (see `caravanserai db check`)")
            try:
                released = await TableService(store).release(table)
            except ServiceError as error:
                raise UsageError(error.reason) from None
            report["released"] = {"table": released.id, "game": released.game,
                                  "status": released.status}
        if what == "vacuum":
            before = (now or datetime.now(UTC)) - timedelta(days=retention_days)
            report["pruned"] = await store.prune(before, snapshot_every=SNAPSHOT_EVERY)
            report["pruned_before"] = iso(before)
            await store.vacuum()
        return report
    finally:
        await store.close()


async def db_copy(source_url: str, target_url: str) -> dict[str, Any]:
    """Copy every row of one database into another, empty one (e.g. SQLite to PostgreSQL),
    then verify the copy: the same rows per table, and every table's stored state equal to
    the replay of its log."""
    from storage import open_store
    from storage.copy import copy_rows, count_rows
    from storage.sql import SqlStore

    source = await open_store(source_url)
    try:
        target = await open_store(target_url)
        try:
            assert isinstance(source, SqlStore) and isinstance(target, SqlStore)
            copied = await copy_rows(source, target)
            counts_match = await count_rows(source) == await count_rows(target)
            replays = await verify_replays(target)
        finally:
            await target.close()
    finally:
        await source.close()
    return {
        "from": redact(source_url),
        "to": redact(target_url),
        "copied": copied,
        "counts_match": counts_match,
        **replays,
        "verified": counts_match and not replays["mismatched"],
    }


async def verify_replays(store: Any) -> dict[str, Any]:
    """How many tables' stored states equal the replay of their logs, and which do not (a
    table whose game is not installed here cannot be replayed and is listed apart)."""
    from bot.service import TableService
    from bot.service.errors import GameUnavailable

    service = TableService(store)
    replayed, mismatched, unavailable = 0, [], []
    for table in await store.list_tables():
        if table.version == 0 and await store.get_snapshot(table.id) is None:
            continue  # never started: there is nothing to replay
        try:
            matches = await service.replay_matches(table.id)
        except GameUnavailable:
            unavailable.append(table.id)
            continue
        if matches:
            replayed += 1
        else:
            mismatched.append(table.id)
    return {"replayed": replayed, "mismatched": mismatched, "unavailable": unavailable}


def redact(url: str) -> str:
    """A database URL without its password."""
    scheme, sep, rest = url.partition("://")
    creds, at, host = rest.rpartition("@")
    if not at or ":" not in creds:
        return url
    return f"{scheme}{sep}{creds.split(':', 1)[0]}:***@{host}"


# ---- bench ---------------------------------------------------------------------------------


def print_bench(results: dict[str, Any], out: TextIO) -> None:
    """Each benchmark's figures as ``name  value`` lines, nested keys joined with dots."""
    for name, result in results.items():
        print(name, file=out)
        rows = list(_leaves(result))
        width = max((len(key) for key, _ in rows), default=0)
        for key, value in rows:
            print(f"  {key:<{width}}  {value}", file=out)


def _leaves(value: Any, prefix: str = "") -> Any:
    if isinstance(value, dict) and value:
        for key, inner in value.items():
            yield from _leaves(inner, f"{prefix}.{key}" if prefix else str(key))
    else:
        plain = isinstance(value, int | float | str) and not isinstance(value, bool)
        yield prefix or "result", value if plain else json.dumps(value)


# ---- the parser ----------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="caravanserai",
        description="Caravanserai: a Discord bot for asynchronous desert-trade board games.",
    )
    parser.add_argument("--version", action="version", version=f"caravanserai {version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    names = ", ".join(g.name for g in all_games()) or "none registered"

    p = command(sub, "run", help="start the Discord bot")
    p.add_argument("--env-file", default=".env", help="settings file (default: .env)")

    p = command(sub, "play", help="play a game in the terminal against agents or hot-seat")
    p.add_argument("game", help=f"game name ({names})")
    p.add_argument("--seats", default=f"{HUMAN},greedy",
                   help="comma-separated seat kinds: human, random, greedy (default: human,greedy)")
    p.add_argument("--seed", type=int, default=None, help="game seed (default: a random one)")
    p.add_argument("--out", type=Path, default=None,
                   help="folder for a board image after every turn")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a game option (repeatable), e.g. toss_penalty=2")

    p = command(sub, "selfplay", help="agents play many complete games; summary of results")
    p.add_argument("game", help=f"game name ({names})")
    p.add_argument("--games", type=positive, default=100, help="number of games (default: 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default: 1)")
    p.add_argument("--agents", default="random",
                   help="comma-separated agent per seat, or one for all (default: random)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a game option (repeatable), e.g. toss_penalty=2")

    p = command(sub, "render", help="write the public board after K seeded agent moves")
    p.add_argument("game", help=f"game name ({names})")
    p.add_argument("--seed", type=int, default=1, help="game seed (default: 1)")
    p.add_argument("--steps", type=non_negative, default=0, help="agent moves first (default: 0)")
    p.add_argument("--agents", default="random", help="agents making the moves (default: random)")
    p.add_argument("--out", type=Path, required=True, help="PNG file to write")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a game option (repeatable), e.g. toss_penalty=2")

    p = command(sub, "bench", help="run the benchmarks under bench/")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--games", type=positive, default=None,
                   help="games per benchmark, for those that play games")
    p.add_argument("--seconds", type=positive_seconds, default=None,
                   help="time per game, for the benchmarks with a time limit")

    p = command(sub,
        "db", help="database: migrate, check version and contents, prune and vacuum, or "
        "release a repaired table from quarantine"
    )
    p.add_argument("action", choices=["migrate", "check", "vacuum", "release", "copy"])
    p.add_argument("--table", type=positive, default=None,
                   help="release: the quarantined table's number (listed by db check)")
    p.add_argument("--retention-days", type=non_negative, default=RETENTION_DAYS,
                   help="vacuum: keep fired timers and delivered posts this long "
                   f"(default: {RETENTION_DAYS})")
    p.add_argument("--env-file", default=".env", help="settings file (default: .env)")
    p.add_argument("--database-url", default=None, help="overrides DATABASE_URL")
    p.add_argument("--from", dest="source", metavar="URL", default=None,
                   help="copy: the database to copy, e.g. sqlite:///caravanserai.db")
    p.add_argument("--to", dest="target", metavar="URL", default=None,
                   help="copy: the empty database to copy into, e.g. postgresql://…")

    p = command(
        sub,
        "agents", help="play the agent seats' queued moves (beside bots run with RUN_AGENTS=false)"
    )
    p.add_argument("--once", action="store_true", help="play what is queued now, then stop")
    p.add_argument("--env-file", default=".env", help="settings file (default: .env)")
    p.add_argument("--database-url", default=None, help="overrides DATABASE_URL")
    return parser


def command(sub: Any, name: str, **kwargs: Any) -> argparse.ArgumentParser:
    """A subcommand that remembers its own parser, so its errors print its own usage."""
    p: argparse.ArgumentParser = sub.add_parser(name, **kwargs)
    p.set_defaults(usage_of=p)
    return p


async def agents_command(url: str, *, once: bool) -> int:
    """Play queued agent jobs from the database at ``url``; returns the moves made."""
    from bot.service import TableService
    from bot.service.agent_jobs import AgentWorker
    from storage import open_store

    store = await open_store(url)
    try:
        worker = AgentWorker(TableService(store, agents_inline=False))
        moved = await worker.run_due()
        while not once:
            await asyncio.sleep(worker.poll_seconds)
            moved += await worker.run_due()
        return moved
    finally:
        await store.close()


def positive(text: str) -> int:
    value = non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number of seconds") from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError("must be more than 0 and at most a day")
    return value


def non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError("must not be negative")
    return value


def version() -> str:
    try:
        return metadata.version("caravanserai")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return dispatch(args)
    except UsageError as error:
        # the subcommand's own usage, which names the arguments the reason is about
        usage: argparse.ArgumentParser = args.usage_of
        usage.error(str(error))  # prints usage and exits with status 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


def dispatch(args: argparse.Namespace) -> int:
    if args.command == "run":
        from bot.runner import run

        return run(args.env_file)
    if args.command == "play":
        game = game_named(args.game)
        kinds = seat_list(game, args.seats, allow_human=True)
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        options = game_options(game, args.option, len(kinds))
        return Terminal(game, kinds, seed, args.out, input, sys.stdout, options).run()
    if args.command == "selfplay":
        game = game_named(args.game)
        kinds = seat_list(game, args.agents, allow_human=False)
        options = game_options(game, args.option, len(kinds))
        summary = selfplay(game, kinds, args.games, args.seed, options)
        if args.json:
            print(json.dumps(summary))
        else:
            print_selfplay(summary, sys.stdout)
        return 0 if summary["errors"] == 0 else 1
    if args.command == "render":
        game = game_named(args.game)
        kinds = seat_list(game, args.agents, allow_human=False)
        try:
            made = render(game, args.seed, args.steps, kinds, args.out,
                          game_options(game, args.option, len(kinds)))
        except (ImportError, LookupError, NotImplementedError) as error:
            print(f"caravanserai render: cannot draw {game.title}: {message(error)}",
                  file=sys.stderr)
            return 1
        note = "" if made == args.steps else f" (the game ended after {made} moves)"
        print(f"wrote {args.out}{note}")
        return 0
    if args.command == "bench":
        from bench.__main__ import run_all

        results = run_all(games=args.games, seconds=args.seconds)
        if args.json:
            print(json.dumps(results))
        else:
            print_bench(results, sys.stdout)
        return 0
    if args.command == "db":
        from storage.base import StorageError

        if args.action == "copy":
            if not args.source or not args.target:
                raise UsageError("db copy needs --from URL and --to URL")
            if args.source.startswith("sqlite://"):
                from storage import sqlite_path

                path = sqlite_path(args.source)
                if path != ":memory:" and not Path(path).is_file():
                    raise UsageError(f"there is no database at {path} to copy from")
            try:
                copied = asyncio.run(db_copy(args.source, args.target))
            except (ValueError, StorageError) as error:
                raise UsageError(str(error)) from None
            print(json.dumps(copied))
            return 0 if copied["verified"] else 1
    if args.command in ("db", "agents"):
        url = args.database_url
        if url is None:
            from bot.settings import Settings, SettingsError

            try:
                url = Settings.load(args.env_file).database_url
            except SettingsError as error:
                raise UsageError(str(error)) from None
        if args.command == "agents":
            try:
                moved = asyncio.run(agents_command(url, once=args.once))
            except ValueError as error:
                raise UsageError(str(error)) from None
            print(json.dumps({"agent_moves": moved}))
            return 0
        try:
            report = asyncio.run(
                db_command(args.action, url, retention_days=args.retention_days,
                           table=args.table)
            )
        except (ValueError, StorageError) as error:  # no backend for it, or unreachable
            raise UsageError(str(error)) from None
        print(json.dumps(report))
        return 0 if report["schema_version"] == report["latest_schema_version"] else 1
    raise AssertionError(args.command)


if __name__ == "__main__":
    sys.exit(main())
