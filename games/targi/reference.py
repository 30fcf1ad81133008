"""Targi's /rules reference: words from the rules spec, the card list from the engine."""

from __future__ import annotations

from typing import Any

from games.core import Game
from games.core.spec import Topic

SAMPLE_SEED = 1


def cards(game: Game[Any]) -> str:
    """The 16 border cards, read from a new game's public view."""
    view = game.view(game.new_game(2, SAMPLE_SEED, game.default_options(2)), None)
    lines = [f"**#{c['number']} {c['name']}** — {c['text']}" for c in view["border"]]
    return "The 16 border cards:\n" + "\n".join(lines)


TOPICS: dict[str, Topic] = {
    "overview": (
        "Each player leads a Tuareg tribe. Over at most 12 rounds both send 3 Targi figures "
        "to the 16 border cards of a 5×5 grid. A figure's border card gives an action, and "
        "where the lines from your figures cross on the 9 central cards you use those too "
        "(tribe markers). Central cards give goods or are tribe cards you buy into your "
        "display of 3 rows of 4. A robber walks the border, blocking one card a round and "
        "raiding both players at each corner. Most victory points wins."
    ),
    "turn": (
        "A round: **1.** the robber moves (a raid at each corner: pay goods, gold or VP); "
        "**2.** placement — players alternate placing their 3 Targi figures on free border "
        "cards (not a corner, not the robber's, not opposite the other player's figure); "
        "**3.** tribe "
        "markers go where your figures' lines cross; **4.** actions — the start player "
        "uses all their cards, then the other player; **5.** end of round — new central "
        "cards, resource limits (at most 10 goods in all and 3 gold), the start player passes."
    ),
    "scoring": (
        "Your score = VP tokens + the VP printed on the tribe cards in your display + "
        "end-of-game card bonuses + row bonuses: a full row of 4 with the same symbol +4, "
        "four different symbols +2. Cards in hand and goods score nothing. Ties: more gold, "
        "then more goods, else a shared victory."
    ),
    "ending": (
        "The game ends after raid 4 (when the robber reaches #16, at the start of what "
        "would be round 13), or in the round a player lays a 12th tribe card in their "
        "display: that round's action phase is finished first."
    ),
    "cards": cards,
}
