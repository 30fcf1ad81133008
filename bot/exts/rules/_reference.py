"""A short reference per game and topic for ``/rules``, from the rules specs and the engines.

Each game writes its own topics in its package (``GameSpec.topics``); the notation examples
are read from the engine itself (its first decisions in a sample game), so they stay in step
with what the bot actually plays. A game without written topics still gets an overview and its
notation from the engine.
"""

from __future__ import annotations

import random
from typing import Any

from games.core import Game
from games.core.spec import GameSpec

TOPICS = ("overview", "turn", "scoring", "ending", "notation")
SAMPLE_SEED = 1
SAMPLE_DECISIONS = 400  # how far a sample game is played to collect notation examples

def topics_for(spec: GameSpec) -> list[str]:
    """The game's own topics in the usual order first, then any others it writes."""
    found = [t for t in TOPICS if t in spec.topics or t in ("overview", "notation")]
    found += [t for t in spec.topics if t not in found]
    return found


def reference(spec: GameSpec, topic: str) -> str:
    """The text of ``topic`` for the game; a sentence listing the topics when it has none."""
    topic = topic.strip().lower()
    game = spec.engine
    if topic == "notation":
        return notation(game)
    written = spec.topic(topic)
    if written is not None:
        return written
    if topic == "overview":
        return (
            f"{game.title} is played by {players(game)}. {game.info.blurb} Use the board in "
            "the game's thread and your private panel; /play takes moves in notation."
        )
    return f"{game.title} has no '{topic[:40]}' topic. Topics: {', '.join(topics_for(spec))}."


def players(game: Game[Any]) -> str:
    if game.max_players == 1:
        return "one player"
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

