"""One-move greedy play with a short look-ahead through the same seat's follow-up decisions.

Many decisions are sub-steps (pick a card, then a row, then a cost alternative) whose points
only show once the whole action is finished, so an action is valued by the best result the
same seat can reach from it within a few more of its own decisions.

The agent sees only its seat's observation. It values positions in one world sampled from
it (``determinize``): what it cannot see is re-dealt at random, so its choice is the same
whatever the hidden cards really are. The look-ahead still stops at any step that reveals
information or uses chance (``Step.reversible`` is false): past it, the sampled world's
draws are guesses. It never takes ``back`` to an earlier question of a nested prompt: it
valued that question's options when it answered it, and a second look with a different
look-ahead could send it back and forth for ever.
"""

from __future__ import annotations

from typing import Any

from games.agents.base import Agent
from games.core import Decision, Game, Observation, Step
from games.core import rng as core_rng
from games.core.stack import BACK

WIN = 1_000_000  # outweighs any score margin: a won game beats a better-looking position


class GreedyAgent(Agent):
    level = "greedy"

    def __init__(self, depth: int = 3, budget: int = 96) -> None:
        """``depth``: extra own decisions to follow; ``budget``: steps tried per decision."""
        self.depth = depth
        self.budget = budget

    def choose(
        self, game: Game[Any], observation: Observation[Any], decision: Decision, rng: int
    ) -> tuple[str, int]:
        actions = tuple(a for a in decision.actions if a != BACK) or decision.actions
        if len(actions) == 1:
            return actions[0], rng
        state, rng = game.determinize(observation, rng)
        seat = decision.seat
        share = max(0, self.budget - len(actions)) // len(actions)
        best: list[str] = []
        best_value = -WIN * 10.0
        for action in actions:
            value = self._value(game, game.step(state, action), seat, self.depth, share)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        rng, i = core_rng.below(rng, len(best))
        return best[i], rng

    def _value(self, game: Game[Any], step: Step, seat: int, depth: int, budget: int) -> float:
        if depth > 0 and step.reversible:
            follow = game.decision(step.state)
            if follow is not None and len(follow.actions) <= budget:
                share = (budget - len(follow.actions)) // len(follow.actions)
                return max(
                    self._value(game, game.step(step.state, a), seat, depth - 1, share)
                    for a in follow.actions
                )
        return evaluate(game, step.state, seat)


def evaluate(game: Game[Any], state: Any, seat: int) -> float:
    """Own value minus the best opponent's (``Game.evaluate``); a finished game counts its
    result first."""
    outcome = game.outcome(state)
    if outcome is None:
        values = [game.evaluate(state, s) for s in range(len(game.provisional_scores(state, seat)))]
        others = [v for s, v in enumerate(values) if s != seat]
        return values[seat] - (max(others) if others else 0.0)
    scores = outcome.scores
    others_final = [v for s, v in enumerate(scores) if s != seat]
    margin = scores[seat] - (max(others_final) if others_final else 0)
    if seat not in outcome.winners:
        return margin - WIN
    return margin + (WIN if len(outcome.winners) == 1 else WIN // 2)
