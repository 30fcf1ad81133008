"""Imports only point down: bot -> games / renderers / storage; a game's renderer -> the kit.

The rules engines stay pure (no I/O, clocks, global randomness or event loop) so that a game
replays identically anywhere; a game's renderer reads only its game's views (never the
engine, never another game); the kit and everything outside a game's folder know no game.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from games.core import discovery

ROOT = Path(__file__).resolve().parent.parent

ENGINE_FORBIDDEN = frozenset({
    "discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "random", "time", "socket", "os",
    "bot", "renderers", "storage",
})
FORBIDDEN: dict[str, frozenset[str]] = {
    "games/core": ENGINE_FORBIDDEN,
    "games/agents": ENGINE_FORBIDDEN,
    "renderers": frozenset({"discord", "storage", "aiosqlite", "bot", "games"}),
    "storage": frozenset({"discord", "bot", "renderers"}),
    "bot/service": frozenset({"discord"}),
}
# Discovery reads one environment variable (extra game packages); nothing else in games/ may.
ALLOWED: dict[str, frozenset[str]] = {"games/core/discovery.py": frozenset({"os"})}


def game_packages() -> list[str]:
    return sorted(
        p.name for p in (ROOT / "games").iterdir()
        if (p / "__init__.py").is_file() and p.name not in ("core", "agents")
    )


def game_layers() -> dict[str, frozenset[str]]:
    """Per game: the engine is pure; the renderer reads views only (no engine, no other game);
    the package's own modules (spec, reference, helpers) draw nothing."""
    layers: dict[str, frozenset[str]] = {}
    names = game_packages()
    for name in names:
        others = frozenset(f"games.{n}" for n in names if n != name)
        layers[f"games/{name}/engine"] = ENGINE_FORBIDDEN | others
        layers[f"games/{name}/render"] = frozenset({
            "discord", "storage", "aiosqlite", "bot", "games.core", "games.agents",
            f"games.{name}.engine", *others,
        })
    return layers


def all_layers() -> dict[str, frozenset[str]]:
    return {**FORBIDDEN, **game_layers()}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(source: str, module: str, is_package: bool = False) -> set[str]:
    """Absolute names of every module imported by ``source`` (relative imports resolved)."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                prefix = ".".join(base)
                name = f"{prefix}.{node.module}" if node.module else prefix
            else:
                name = node.module or ""
            found.add(name)
    return found


def violations(source: str, module: str, forbidden: frozenset[str], is_package: bool) -> list[str]:
    return sorted(
        name for name in imported_modules(source, module, is_package)
        if name.split(".")[0] in forbidden or name in forbidden
        or any(name.startswith(f + ".") for f in forbidden if "." in f)
    )


def python_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(all_layers()))
def test_layer_imports_only_point_down(layer: str) -> None:
    forbidden = frozenset(f.replace("/", ".") for f in all_layers()[layer])
    bad = {}
    for path in python_files(layer):
        where = str(path.relative_to(ROOT))
        found = [
            name for name in violations(
                path.read_text(encoding="utf-8"), module_name(path), forbidden,
                path.name == "__init__.py",
            )
            if name.split(".")[0] not in ALLOWED.get(where, frozenset())
        ]
        if found:
            bad[where] = found
    assert not bad, f"{layer} imports what it must not: {bad}"


@pytest.mark.parametrize("name", game_packages())
def test_a_game_package_loads_no_drawing_code_until_asked(name: str) -> None:
    """The spec names its renderer by module, so engine-only processes never import PIL."""
    forbidden = ENGINE_FORBIDDEN | {f"games.{name}.render"}
    package = ROOT / "games" / name
    for path in sorted(package.glob("*.py")):
        found = violations(
            path.read_text(encoding="utf-8"), module_name(path), forbidden,
            path.name == "__init__.py",
        )
        assert not found, f"{path.relative_to(ROOT)} imports {found}"


def test_the_engines_exist_to_be_checked() -> None:
    assert python_files("games/core"), "nothing to check under games/"
    assert game_packages(), "no game package under games/"
    for name in game_packages():
        assert python_files(f"games/{name}/engine"), f"games/{name} has no engine/"


@pytest.mark.parametrize(
    "source",
    [
        "import random",
        "import os.path",
        "from time import monotonic",
        "from PIL import Image",
        "def f():\n    import asyncio\n",
        "import discord.ext.commands",
    ],
)
def test_forbidden_imports_are_found(source: str) -> None:
    assert violations(source, "games.core.rules", ENGINE_FORBIDDEN, False)


def test_allowed_imports_pass() -> None:
    source = "import json\nfrom games.core import rng\nfrom . import data\nfrom .. import core\n"
    assert violations(source, "games.core.rules", ENGINE_FORBIDDEN, False) == []


# ---- nothing outside a game's folder names the game ---------------------------------------

# Production code shared by every game: it learns of games from discovery, never by name.
SHARED = ("bot", "storage", "renderers", "games/core", "games/agents", "bench", "Makefile")
BINARY_SUFFIXES = frozenset({".png", ".ttf", ".pyc", ".db", ".sqlite"})


def game_names() -> dict[str, re.Pattern[str]]:
    """Each game's name and title as a whole word, ignoring case."""
    words: dict[str, set[str]] = {name: {name} for name in game_packages()}
    for spec in discovery.specs():
        words.setdefault(spec.name, set()).update({spec.name, spec.title})
    return {
        name: re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(ws))) + r")\b", re.IGNORECASE)
        for name, ws in sorted(words.items())
    }


def shared_files() -> list[Path]:
    found: list[Path] = []
    for entry in SHARED:
        path = ROOT / entry
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        found += [
            p for p in candidates
            if p.is_file() and p.suffix not in BINARY_SUFFIXES and "__pycache__" not in p.parts
        ]
    return found


def mentions(text: str, pattern: re.Pattern[str]) -> list[tuple[int, str]]:
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
            if pattern.search(line)]


def test_nothing_outside_a_games_folder_names_the_game() -> None:
    files = shared_files()
    assert any(p.suffix == ".py" for p in files), "no shared code found to check"
    found = [
        f"{path.relative_to(ROOT)}:{n}: names {name}: {line}"
        for path in files
        for name, pattern in game_names().items()
        for n, line in mentions(path.read_text(encoding="utf-8", errors="replace"), pattern)
    ]
    assert not found, "shared code names a game:\n" + "\n".join(found)


def test_a_games_name_is_found_as_a_word_in_any_case() -> None:
    pattern = game_names()["targi"]
    text = "# every Targi placement\nx = 1\nGAME = 'TARGI'\nTARGIA = (1, 2, 3)\n"
    assert [n for n, _ in mentions(text, pattern)] == [1, 3]


# ---- renderers read options, never notation ------------------------------------------------

NOTATION_WORDS = ("action", "notation", "target")


def notation_parsing(source: str) -> list[str]:
    """Where a renderer module imports ``re`` or splits what reads as an action's notation
    (a receiver named like an action, a notation or a part of one)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import) and any(a.name == "re" for a in node.names):
            found.append(f"line {node.lineno}: import re")
        elif isinstance(node, ast.ImportFrom) and node.module == "re":
            found.append(f"line {node.lineno}: from re import")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in ("split", "rsplit", "partition", "rpartition")):
            receiver = ast.unparse(node.func.value).lower()
            if any(word in receiver for word in NOTATION_WORDS):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def renderer_files() -> list[Path]:
    return sorted(p for name in game_packages() for p in python_files(f"games/{name}/render"))


def test_renderers_take_options_from_targets_and_never_parse_notation() -> None:
    assert renderer_files(), "no renderer module to check"
    bad = {str(p.relative_to(ROOT)): notation_parsing(p.read_text(encoding="utf-8"))
           for p in renderer_files()}
    bad = {where: found for where, found in bad.items() if found}
    assert not bad, f"renderers parse notation instead of reading targets: {bad}"


@pytest.mark.parametrize(
    "source",
    [
        "import re",
        "from re import compile",
        "verb, target = action.split()",
        "parts = str(option['notation']).split(' ')",
        "a, b = target.split('>')",
        "verb, _, arg = action.partition(' ')",
    ],
)
def test_notation_parsing_is_found(source: str) -> None:
    assert notation_parsing(source)


def test_splitting_other_text_passes() -> None:
    assert notation_parsing("words = name.split()\nq = shop_id.split('-')\n") == []
