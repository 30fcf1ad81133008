"""Pieces of `Game.view` that read the same in every game."""

from __future__ import annotations

from games.core.contract import JSON, Outcome


def outcome_json(outcome: Outcome | None) -> JSON | None:
    """The view's "outcome" entry: scores, breakdown, winners, reason and tie-break, or None."""
    if outcome is None:
        return None
    return {
        "scores": list(outcome.scores),
        "breakdown": [dict(b) for b in outcome.breakdown],
        "winners": list(outcome.winners),
        "reason": outcome.reason,
        "tiebreak": outcome.tiebreak,
    }
