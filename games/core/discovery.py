"""Every installed game, found by itself: no hand-kept list.

A game is a package that exports ``SPEC`` (a ``GameSpec``). Three places are searched, in
order: the subpackages of ``games`` (a package walk), the ``caravanserai.games`` entry points
of installed distributions, and the module names listed, comma-separated, in the environment
variable ``CARAVANSERAI_GAMES`` (how a test suite adds a game of its own). A package that fails
to import is recorded in ``failures()`` and skipped, so one broken game never hides the rest.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import lru_cache
from importlib import metadata
from typing import Any

import games
from games.core.contract import Game
from games.core.spec import GameSpec

ENTRY_POINT_GROUP = "caravanserai.games"
EXTRA_ENV = "CARAVANSERAI_GAMES"
NOT_GAMES = frozenset({"core", "agents"})

_failures: dict[str, str] = {}


class UnknownGame(KeyError):
    """No installed game has this name (it may have been uninstalled since a table began)."""

    def __init__(self, name: str, known: list[str]) -> None:
        self.name = name
        self.reason = (
            f"No game called {name[:40]!r} is installed. "
            f"Known games: {', '.join(known) or 'none'}."
        )
        super().__init__(self.reason)

    def __str__(self) -> str:
        return self.reason


def _module_names() -> list[str]:
    names = [
        f"games.{m.name}" for m in pkgutil.iter_modules(games.__path__)
        if m.ispkg and m.name not in NOT_GAMES
    ]
    names += [ep.value for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)]
    names += [n.strip() for n in os.environ.get(EXTRA_ENV, "").split(",") if n.strip()]
    return list(dict.fromkeys(names))


@lru_cache(maxsize=1)
def _specs() -> dict[str, GameSpec]:
    found: dict[str, GameSpec] = {}
    _failures.clear()
    for module_name in _module_names():
        try:
            spec = importlib.import_module(module_name).SPEC
        except Exception as error:  # a broken package must not hide the others
            _failures[module_name] = f"{type(error).__name__}: {error}"
            continue
        if not isinstance(spec, GameSpec):
            _failures[module_name] = "SPEC is not a GameSpec"
            continue
        if spec.name in found:
            _failures[module_name] = f"a second game called {spec.name!r}"
            continue
        found[spec.name] = spec
    return dict(sorted(found.items()))


def rediscover() -> None:
    """Search again (after the environment or the installed packages changed)."""
    _specs.cache_clear()


def failures() -> dict[str, str]:
    """Game packages that could not be loaded, with the reason."""
    _specs()
    return dict(_failures)


def spec(name: str) -> GameSpec:
    specs = _specs()
    try:
        return specs[name.lower()]
    except KeyError:
        raise UnknownGame(name, list(specs)) from None


def specs() -> list[GameSpec]:
    return list(_specs().values())


def get(name: str) -> Game[Any]:
    """The engine of the game called ``name``; UnknownGame if none is installed."""
    return spec(name).engine


def all_games() -> list[Game[Any]]:
    return [s.engine for s in _specs().values()]
