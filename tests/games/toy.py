"""The test-only toy game's engine, for tests that subclass it to break it on purpose."""

from tests.toygame.engine import CARDS, ToyGame, ToyState

__all__ = ["CARDS", "ToyGame", "ToyState"]
