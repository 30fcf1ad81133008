"""Imports only point down: bot -> games / renderers / storage; renderers -> games.

The rules engines stay pure (no I/O, clocks, global randomness or event loop) so that a game
replays identically anywhere; renderers never reach into Discord or the database.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN: dict[str, frozenset[str]] = {
    "games": frozenset({
        "discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "random", "time", "socket", "os",
        "bot", "renderers", "storage",
    }),
    "renderers": frozenset({"discord", "storage", "aiosqlite", "bot"}),
    "storage": frozenset({"discord", "bot", "renderers"}),
    "bot/service": frozenset({"discord"}),
}


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


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_only_point_down(layer: str) -> None:
    forbidden = frozenset(f.replace("/", ".") for f in FORBIDDEN[layer])
    bad = {}
    for path in python_files(layer):
        found = violations(
            path.read_text(encoding="utf-8"), module_name(path), forbidden,
            path.name == "__init__.py",
        )
        if found:
            bad[str(path.relative_to(ROOT))] = found
    assert not bad, f"{layer} imports what it must not: {bad}"


def test_the_engines_exist_to_be_checked() -> None:
    assert python_files("games/core"), "nothing to check under games/"


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
    assert violations(source, "games.targi.rules", FORBIDDEN["games"], False)


def test_allowed_imports_pass() -> None:
    source = "import json\nfrom games.core import rng\nfrom . import data\nfrom .. import core\n"
    assert violations(source, "games.targi.rules", FORBIDDEN["games"], False) == []
