"""Targi for two players: engine, pictures, /rules text and benchmark targets."""

from games.core.spec import BenchTargets, GameSpec
from games.targi import reference
from games.targi.engine.rules import Targi

GAME = Targi()
SPEC = GameSpec(
    engine=GAME,
    renderer="games.targi.render",
    topics=reference.TOPICS,
    bench=BenchTargets(decisions_per_second=80_000, render_players=(2,)),
)

__all__ = ["GAME", "SPEC", "Targi"]
