"""A short reference per game and topic for ``/rules``, from the rules specs and the engines.

The words summarise the rules specifications; the card list and the notation examples are read
from the engine itself (a new game's public view and its first decisions), so they stay in step
with what the bot actually plays. A game without written topics still gets an overview and its
notation from the engine.
"""

from __future__ import annotations

import random
from typing import Any

from games.core import Game

TOPICS = ("overview", "turn", "scoring", "ending", "notation", "cards")
SAMPLE_SEED = 1
SAMPLE_DECISIONS = 400  # how far a sample game is played to collect notation examples

_WRITTEN: dict[str, dict[str, str]] = {
    "targi": {
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
    },
    "yspahan": {
        "overview": (
            "Merchants in Yspahan collect camels and gold, place goods cubes in the shops of the "
            "city's souks, send goods to the Caravan and build on their own board. The game "
            "lasts 3 weeks of 7 days; most victory points after the third week wins."
        ),
        "turn": (
            "Each day the first player may buy yellow dice and rolls; the dice are sorted onto "
            "the Tower by value. In turn, players take one group of dice and either take camels "
            "or gold, place cubes in the matching quarter, move the Supervisor (goods next to "
            "where it stops go to the Caravan), or take a card. A building may be bought too. "
            "With two players the first player has two actions a day."
        ),
        "scoring": (
            "Complete souks score their printed value at the end of each week; the Caravan "
            "scores as it fills and at the end of the game; some buildings and cards give "
            "points too."
        ),
        "ending": "After the third week's seventh day and its scoring, the game is over.",
    },
}


def topics_for(game: Game[Any]) -> list[str]:
    written = _WRITTEN.get(game.name, {})
    found = [t for t in TOPICS if t in written or t in ("overview", "notation")]
    if game.name == "targi":
        found.append("cards")
    return list(dict.fromkeys(found))


def reference(game: Game[Any], topic: str) -> str:
    """The text of ``topic`` for ``game``; a sentence listing the topics when it has none."""
    topic = topic.strip().lower()
    written = _WRITTEN.get(game.name, {})
    if topic == "notation":
        return notation(game)
    if topic == "cards" and game.name == "targi":
        return targi_cards(game)
    if topic in written:
        return written[topic]
    if topic == "overview":
        return (
            f"{game.title} is played by {players(game)}. Use the board in the game's thread "
            "and your private panel; /play takes moves in notation."
        )
    return f"{game.title} has no '{topic}' topic. Topics: {', '.join(topics_for(game))}."


def players(game: Game[Any]) -> str:
    if game.min_players == game.max_players:
        return f"{game.max_players} players"
    return f"{game.min_players} to {game.max_players} players"


def notation(game: Game[Any]) -> str:
    """One example per kind of decision, from a sample game the engine plays against itself."""
    state = game.new_game(game.min_players, SAMPLE_SEED, game.default_options())
    rng = random.Random(SAMPLE_SEED)
    examples: dict[str, tuple[str, str]] = {}
    for _ in range(SAMPLE_DECISIONS):
        decision = game.decision(state)
        if decision is None:
            break
        if decision.kind not in examples:
            action = decision.actions[0]
            examples[decision.kind] = (action, game.describe(state, action))
        state = game.apply(state, rng.choice(decision.actions))
    lines = [
        "Every choice has a short typed form for /play (or a message in the thread). "
        "Case and extra spaces do not matter. Examples:"
    ]
    lines += [f"• `{action}` — {words}" for action, words in examples.values()]
    lines.append("On your panel, **What can I do?** lists every option of your decision.")
    return "\n".join(lines)


def targi_cards(game: Game[Any]) -> str:
    view = game.view(game.new_game(2, SAMPLE_SEED, game.default_options()), None)
    lines = [f"**#{c['number']} {c['name']}** — {c['text']}" for c in view["border"]]
    return "The 16 border cards:\n" + "\n".join(lines)
