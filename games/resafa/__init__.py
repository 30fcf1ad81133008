"""Resafa for 1 to 4 players (solo against a light rival): engine, pictures, /rules text and
benchmark targets."""

from games.core.spec import BenchTargets, GameSpec
from games.resafa import reference
from games.resafa.engine.rules import Resafa

GAME = Resafa()
SPEC = GameSpec(
    engine=GAME,
    renderer="games.resafa.render",
    topics=reference.TOPICS,
    bench=BenchTargets(decisions_per_second=20_000, render_players=(1, 2, 3, 4),
                       board_median_ms=25, board_max_bytes=300 * 1024),
)

__all__ = ["GAME", "SPEC", "Resafa"]
