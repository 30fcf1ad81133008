"""Yspahan for 2 to 4 players; importing this package registers the game as "yspahan"."""

from games.core.registry import register
from games.yspahan.rules import Yspahan

GAME = Yspahan()
register(GAME)

__all__ = ["GAME", "Yspahan"]
