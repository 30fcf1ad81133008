"""Sahwari for 2 to 4 players: engine, pictures, /rules text and benchmark targets."""

from games.core.spec import BenchTargets, GameSpec
from games.sahwari import reference
from games.sahwari.engine.game import Sahwari

GAME = Sahwari()
SPEC = GameSpec(
    engine=GAME,
    renderer="games.sahwari.render",
    topics=reference.TOPICS,
    bench=BenchTargets(decisions_per_second=80_000, render_players=(2, 3, 4),
                       board_median_ms=20, board_max_bytes=300 * 1024),
)

__all__ = ["GAME", "SPEC", "Sahwari"]
