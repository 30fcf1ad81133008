"""Targi for two players; importing this package registers the game as "targi"."""

from games.core.registry import register
from games.targi.rules import Targi

GAME = Targi()
register(GAME)

__all__ = ["GAME", "Targi"]
