"""Every playable game, by name. A game joins the bot, the CLI and the conformance suite here."""

from __future__ import annotations

import importlib
from typing import Any

from games.core.contract import Game

# Packages whose import registers a game. Add a new game's package here.
GAME_PACKAGES: tuple[str, ...] = ("games.targi", "games.yspahan")

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    if game.name in _GAMES and type(_GAMES[game.name]) is not type(game):
        raise ValueError(f"two games registered as {game.name!r}")
    _GAMES[game.name] = game
    return game


def _load() -> None:
    for package in GAME_PACKAGES:
        importlib.import_module(package)


def get(name: str) -> Game[Any]:
    _load()
    try:
        return _GAMES[name.lower()]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"No game called {name!r}. Known games: {known}.") from None


def all_games() -> list[Game[Any]]:
    _load()
    return [_GAMES[n] for n in sorted(_GAMES)]
