"""The ``caravanserai`` command line as a person or a script uses it."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot import cli
from games.core import discovery
from tests.games.toy import ToyGame, ToyState

ROOT = Path(__file__).resolve().parent.parent


class BrokenOnSeedFour(ToyGame):
    name = "brokentoy"

    def new_game(self, players: int, seed: int, options: Any = None) -> ToyState:
        if seed == 4:
            raise ValueError("the deck fell on the floor")
        return super().new_game(players, seed, options)


class Undrawn(ToyGame):
    name = "blindtoy"


@pytest.fixture(autouse=True)
def broken_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken game installed beside the real ones, for the error paths."""
    found = {s.name: s for s in discovery.specs()}
    assert "toy" in found, "the test-only toy game is discovered like any game"
    broken = replace(found["toy"], engine=BrokenOnSeedFour())
    blind = replace(found["toy"], engine=Undrawn(), renderer="tests.toygame.no_such_renderer")
    monkeypatch.setattr(
        discovery, "_specs", lambda: {**found, "brokentoy": broken, "blindtoy": blind}
    )


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def selfplay_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, _ = run_cli(capsys, "selfplay", *argv, "--json")
    assert code == 0
    assert len(out.strip().splitlines()) == 1, "one JSON object on one line"
    result: dict[str, Any] = json.loads(out)
    return result


def test_selfplay_prints_one_documented_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    result = selfplay_json(capsys, "toy", "--games", "12", "--seed", "3", "--agents",
                           "greedy,random")
    assert set(result) == {
        "game", "agents", "seed", "games", "completed", "errors", "first_error", "decisions",
        "mean_decisions_per_game", "scores", "wall_seconds", "decisions_per_second",
    }
    assert (result["game"], result["games"], result["completed"], result["errors"]) == (
        "toy", 12, 12, 0)
    assert result["agents"] == ["greedy", "random"] and result["first_error"] is None
    assert result["decisions"] == 12 * 24  # every toy game is 12 takes and 12 banks/tosses
    assert result["mean_decisions_per_game"] == 24
    scores = result["scores"]
    assert sum(scores["wins"]) + scores["draws"] == 12
    assert scores["wins"][0] > scores["wins"][1], "greedy should beat random"
    assert scores["mean"][0] > scores["mean"][1]
    assert result["wall_seconds"] > 0 and result["decisions_per_second"] > 0


def test_selfplay_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    timing = ("wall_seconds", "decisions_per_second")
    first = selfplay_json(capsys, "toy", "--games", "6", "--seed", "9")
    again = selfplay_json(capsys, "toy", "--games", "6", "--seed", "9")
    other = selfplay_json(capsys, "toy", "--games", "6", "--seed", "10")
    strip = lambda r: {k: v for k, v in r.items() if k not in timing}  # noqa: E731
    assert strip(first) == strip(again)
    assert strip(first) != strip(other)


def test_selfplay_counts_errors_instead_of_stopping(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "selfplay", "brokentoy", "--games", "6", "--json")
    result = json.loads(out)
    assert code == 1
    assert (result["completed"], result["errors"]) == (5, 1)
    assert result["first_error"] == "seed 4: ValueError: the deck fell on the floor"


def test_selfplay_without_json_is_readable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "selfplay", "toy", "--games", "3", "--agents", "greedy")
    assert code == 0
    assert "3 of 3 games completed, 0 errors" in out
    assert "Player 1 (greedy): mean score" in out


def test_play_between_agents_needs_no_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, _ = run_cli(capsys, "play", "toy", "--seats", "greedy,random", "--seed", "5")
    assert code == 0
    assert out.startswith("Toy, seed 5: Player 1 (greedy), Player 2 (random)")
    assert "Game over: market empty" in out and "Winner: " in out


def test_play_for_a_person(capsys: pytest.CaptureFixture[str]) -> None:
    typed = iter(["take 3", "9", "2", "bank"] + ["1"] * 200)
    code = cli.Terminal(ToyGame(), ["human", "random"], 5, None, lambda _: next(typed),
                        sys.stdout).run()
    out = capsys.readouterr().out
    assert code == 0
    assert "Player 1 (human) — Take a card from the market." in out
    assert "   1. Take " in out and "[take 1]" in out  # numbered, labelled, with notation
    assert "`take 3` is not a move: try `take 1`, `bank` or `toss`." in out
    assert "There is no choice 9: choose 1–2." in out  # a number off the list names the range
    assert "Winner: " in out


def test_play_stops_cleanly_when_input_ends(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    code, out, _ = run_cli(capsys, "play", "toy", "--seats", "human,random", "--seed", "2")
    assert code == 1
    assert "Game abandoned." in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "the following arguments are required: COMMAND"),
        (["selfplay", "chess"], "No game called 'chess'"),
        (["selfplay", "toy", "--games", "0"], "must be at least 1"),
        (["selfplay", "toy", "--games", "many"], "'many' is not a whole number"),
        (["selfplay", "toy", "--agents", "human"],
         "unknown agent level 'human'; choose from random, greedy"),
        (["selfplay", "toy", "--agents", "foo"],
         "unknown agent level 'foo'; choose from random, greedy"),
        (["play", "toy", "--seats", "human,wizard"],
         "unknown seat 'wizard'; choose from human, random, greedy"),
        (["play", "toy", "--seats", "greedy,greedy,greedy"], "Toy needs 2 seats, not 3"),
        (["render", "toy", "--steps", "3"], "the following arguments are required: --out"),
        (["db", "upgrade"], "invalid choice: 'upgrade'"),
        (["db", "check", "--database-url", "mysql://x/y"], "no storage backend for 'mysql'"),
    ],
)
def test_bad_arguments_explain_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "usage: caravanserai" in err


@pytest.mark.parametrize(
    ("argv", "usage"),
    [
        (["selfplay", "toy", "--agents", "foo"], "usage: caravanserai selfplay"),
        (["play", "toy", "--seats", "human,human,human"], "usage: caravanserai play"),
        (["render", "chess", "--out", "x.png"], "usage: caravanserai render"),
        (["bench", "--seconds", "0"], "usage: caravanserai bench"),
    ],
)
def test_a_subcommands_error_prints_that_subcommands_usage(
    capsys: pytest.CaptureFixture[str], argv: list[str], usage: str
) -> None:
    with pytest.raises(SystemExit):
        cli.main(argv)
    assert capsys.readouterr().err.startswith(usage)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib import metadata

    with pytest.raises(SystemExit) as stopped:
        cli.main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"caravanserai {metadata.version('caravanserai')}\n"


def test_bench_passes_its_limits_on_and_prints_a_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import bench.__main__ as runner

    asked: list[tuple[str, list[str]]] = []

    def run_one(name: str, games: int | None = None, seconds: float | None = None) -> Any:
        asked.append((name, runner.arguments(name, games, seconds)))
        return {"targi": {"decisions_per_second": 25000, "meets_target": True}}

    monkeypatch.setattr(runner, "run_one", run_one)
    code, out, _ = run_cli(capsys, "bench", "--games", "2", "--seconds", "0.5")
    assert code == 0
    passed = dict(asked)
    assert passed["engine"] == ["--games", "2", "--seconds", "0.5"]
    assert passed["agents"] == ["--games", "2"] and passed["submit"] == []
    lines = out.splitlines()
    assert lines[0] == "engine"
    assert lines[1].split() == ["targi.decisions_per_second", "25000"]
    assert lines[2].split() == ["targi.meets_target", "true"]
    code, out, _ = run_cli(capsys, "bench", "--json")
    assert json.loads(out)["engine"]["targi"]["meets_target"] is True


def test_the_benchmarks_are_part_of_the_installed_package() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "bench*" in project["tool"]["setuptools"]["packages"]["find"]["include"]
    assert isinstance(project["project"]["license"], str), "an SPDX expression"
    assert "sys.path" not in (ROOT / "bot" / "cli.py").read_text(encoding="utf-8")


def test_db_migrate_then_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/games.db"
    code, out, _ = run_cli(capsys, "db", "migrate", "--database-url", url)
    migrated = json.loads(out)
    assert code == 0 and migrated["schema_version"] == migrated["latest_schema_version"] >= 1
    code, out, _ = run_cli(capsys, "db", "check", "--database-url", url)
    checked = json.loads(out)
    assert code == 0 and checked["schema_version"] == migrated["schema_version"]
    assert checked["tables"] == {"lobby": 0, "active": 0, "finished": 0, "cancelled": 0}
    assert checked["outbox_pending"] == 0


def test_db_reads_database_url_from_the_env_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    env = tmp_path / "bot.env"
    env.write_text(f"DATABASE_URL=sqlite:///{tmp_path}/from-env.db\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, "db", "check", "--env-file", str(env))
    assert code == 0 and json.loads(out)["database"].endswith("/from-env.db")
    assert (tmp_path / "from-env.db").is_file()


# ---- with the real engine and renderer -------------------------------------------------


def test_render_writes_a_png_that_opens(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from PIL import Image

    out = tmp_path / "boards" / "targi.png"
    code, printed, _ = run_cli(capsys, "render", "targi", "--seed", "4", "--steps", "10",
                               "--out", str(out))
    assert code == 0 and printed.strip() == f"wrote {out}"
    with Image.open(out) as image:
        assert image.format == "PNG" and image.width >= 1200


def test_targi_play_between_agents_with_stdin_closed(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "play", "targi", "--seats", "greedy,random",
         "--seed", "8", "--out", str(tmp_path)],
        cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Winner: " in done.stdout
    assert sorted(tmp_path.glob("targi-8-turn*.png")), "no board images written"


def test_targi_selfplay_completes(capsys: pytest.CaptureFixture[str]) -> None:
    result = selfplay_json(capsys, "targi", "--games", "3", "--agents", "greedy,random")
    assert (result["completed"], result["errors"]) == (3, 0), result["first_error"]


def test_play_goes_on_without_images_for_a_game_nobody_draws(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, _ = run_cli(capsys, "play", "blindtoy", "--seats", "random", "--out",
                           str(tmp_path))
    assert code == 0
    assert "(no board images: No module named 'tests.toygame.no_such_renderer'" in out
    assert "Winner: " in out and not list(tmp_path.iterdir())


def test_help_lists_the_choices_again(capsys: pytest.CaptureFixture[str]) -> None:
    typed = iter(["?", "quit"])
    code = cli.Terminal(ToyGame(), ["human", "human"], 1, None, lambda _: next(typed),
                        sys.stdout).run()
    out = capsys.readouterr().out
    assert code == 1
    assert out.count("Player 1 (human) — Take a card from the market.") == 2
    assert out.count("`?` or `help` shows the choices again; `quit` stops.") == 2
    assert "Game abandoned." in out


def test_the_first_prompt_says_how_to_get_help_and_stop(
    capsys: pytest.CaptureFixture[str],
) -> None:
    typed = iter(["quit"])
    cli.Terminal(ToyGame(), ["human", "random"], 1, None, lambda _: next(typed),
                 sys.stdout).run()
    out = capsys.readouterr().out
    shown = out.index("Player 1 (human) — Take a card from the market.")
    assert "`?` or `help` shows the choices again; `quit` stops." in out[shown:]


def test_an_option_changes_the_game_in_selfplay_play_and_render(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    plain = selfplay_json(capsys, "toy", "--games", "5")
    harsh = selfplay_json(capsys, "toy", "--games", "5", "--option", "toss_penalty=2")
    assert harsh["completed"] == 5 and harsh["scores"]["mean"] != plain["scores"]["mean"]

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, _ = run_cli(capsys, "play", "toy", "--seats", "random", "--seed", "3",
                           "--option", "toss_penalty=2")
    assert code == 0 and "Winner: " in out
    code, _, _ = run_cli(capsys, "render", "toy", "--steps", "3", "--out",
                         str(tmp_path / "toy.png"), "--option", "toss_penalty=2")
    assert code == 0 and (tmp_path / "toy.png").is_file()


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("toss_penalty=9", "`9` is not a value of option `toss_penalty`. Allowed: 1, 2."),
        ("speed=3", "Toy has no option `speed`. Options: toss_penalty."),
        ("toss_penalty", "write an option as key=value"),
    ],
)
def test_a_wrong_option_is_refused_naming_what_is_allowed(
    capsys: pytest.CaptureFixture[str], option: str, said: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["selfplay", "toy", "--games", "1", "--option", option])
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err


def test_play_takes_only_ascii_numbers_as_choices(capsys: pytest.CaptureFixture[str]) -> None:
    typed = iter(["²", "1", "bank"] + ["1"] * 200)
    code = cli.Terminal(ToyGame(), ["human", "random"], 5, None, lambda _: next(typed),
                        sys.stdout).run()
    assert code == 0
    assert "`²` is not a move" in capsys.readouterr().out


def test_play_shows_private_events_only_to_their_seat(capsys: pytest.CaptureFixture[str]) -> None:
    cli.Terminal(ToyGame(), ["random", "random"], 5, None, lambda _: "", sys.stdout).run()
    watched = capsys.readouterr().out
    assert "the market was refilled" in watched and "You drew" not in watched

    typed = iter(["1", "bank"] * 20)
    cli.Terminal(ToyGame(), ["human", "random"], 5, None, lambda _: next(typed),
                 sys.stdout).run()
    played = capsys.readouterr().out.splitlines()
    drawn = [i for i, line in enumerate(played) if "You drew" in line]
    assert drawn, "the person sees what they drew"
    for i in drawn:  # and only after their own move, never after the agent's
        mover = next(line for line in reversed(played[:i]) if not line.startswith("  "))
        assert not mover.startswith("Player 2"), mover


def test_the_installed_command_finds_every_game_from_any_directory(tmp_path: Path) -> None:
    # `make run` starts the console script, whose path is the venv's bin, not the checkout:
    # every game, compiled or not, must load from the installed package alone
    script = Path(sys.executable).with_name("caravanserai")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CARAVANSERAI_GAMES")}
    done = subprocess.run(
        [str(script), "selfplay", "sahwari", "--games", "2", "--seed", "1", "--json"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["completed"] == 2
