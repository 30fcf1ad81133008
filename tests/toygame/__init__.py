"""A test-only game, found like any other because the test run names it in
``CARAVANSERAI_GAMES``: it proves a game joins the bot, the CLI and the conformance suite by
existing, with no edit anywhere else."""

from games.core.spec import GameSpec
from tests.toygame.engine import ToyGame

GAME = ToyGame()
SPEC = GameSpec(
    engine=GAME,
    renderer="tests.toygame.render",
    topics={"overview": "Take a card from a market of two, then bank it or toss it."},
)
