"""Pieces of `Game.view` that read the same in every game."""

from __future__ import annotations

from games.core.contract import JSON, Decision, Outcome


def decision_json(decision: Decision | None, seat: int | None) -> JSON | None:
    """The view's "decision" entry; its actions are listed only in the deciding seat's view."""
    if decision is None:
        return None
    return {
        "seat": decision.seat,
        "kind": decision.kind,
        "prompt": decision.prompt,
        "actions": list(decision.actions) if seat == decision.seat else [],
    }


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
