"""Pieces of `Game.view` that read the same in every game."""

from __future__ import annotations

from collections.abc import Iterable

from games.core.contract import JSON, Decision, Option, Outcome


def option_json(option: Option) -> JSON:
    """One option as the view lists it: notation, label and targets."""
    return {"notation": option.notation, "label": option.label, "targets": dict(option.targets)}


def decision_json(
    decision: Decision | None, seat: int | None, options: Iterable[Option]
) -> JSON | None:
    """The view's "decision" entry. Its actions and options (``Game.options``) are listed only
    in the deciding seat's view; a game may pass no options for the other seats, as it need
    not build them there."""
    if decision is None:
        return None
    mine = seat == decision.seat
    return {
        "seat": decision.seat,
        "kind": decision.kind,
        "prompt": decision.prompt,
        "actions": list(decision.actions) if mine else [],
        "options": [option_json(o) for o in options] if mine else [],
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
