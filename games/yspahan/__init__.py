"""Yspahan for 2 to 4 players: engine, pictures, /rules text and benchmark targets."""

from games.core.spec import BenchTargets, GameSpec
from games.yspahan import reference
from games.yspahan.engine.rules import Yspahan

GAME = Yspahan()
SPEC = GameSpec(
    engine=GAME,
    renderer="games.yspahan.render",
    topics=reference.TOPICS,
    bench=BenchTargets(decisions_per_second=80_000, render_players=(2, 3, 4)),
    # a Supervisor stop or a card's shop can be any of 20-odd; every other kind offers fewer
    menu_kinds=frozenset({"supervisor", "card_shop"}),
)

__all__ = ["GAME", "SPEC", "Yspahan"]
