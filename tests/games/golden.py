"""Shared parts of the golden-transcript tests: play a seeded game to its end, writing down every
decision, and compare the lines with a transcript kept in `tests/games/playthroughs/`.

Regenerate a transcript after an intended rules change with `UPDATE_GOLDEN=1 python -m pytest`
on the game's tests and review the diff like code.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from games.core import rng
from games.core.contract import Decision, Game

PLAYTHROUGHS = Path(__file__).resolve().parent / "playthroughs"

# (state, decision, generator) -> (generator, action): how the transcript's moves are picked.
Chooser = Callable[[Any, Decision, int], tuple[int, str]]


def random_choice(state: Any, decision: Decision, generator: int) -> tuple[int, str]:
    """A uniform pick among the legal actions from the seeded generator."""
    generator, pick = rng.below(generator, len(decision.actions))
    return generator, decision.actions[pick]


def transcript(
    game: Game[Any],
    state: Any,
    seed: int,
    header: list[str],
    choose: Chooser,
    section: Callable[[Any], Hashable],
) -> list[str]:
    """Play from `state` to the end; the board is printed whenever `section(state)` changes."""
    generator = rng.seed_state(seed)
    lines = list(header)
    last_section = None
    step_no = 0
    while (decision := game.decision(state)) is not None:
        current = section(state)
        if current != last_section:
            lines += ["", *game.text(state, None).splitlines()]
            last_section = current
        step_no += 1
        generator, action = choose(state, decision, generator)
        lines.append(
            f"{step_no}. {game.seat_label(decision.seat)} [{decision.kind}] {decision.prompt}"
        )
        lines.append("   options: " + " | ".join(decision.actions))
        lines.append(f"   -> {action}  ({game.describe(state, action)})")
        step = game.step(state, action)
        lines += [f"   * {event.text}" for event in step.events]
        state = step.state
    outcome = game.outcome(state)
    assert outcome is not None
    lines += ["", *game.text(state, None).splitlines(), f"Reason: {outcome.reason}"]
    for seat, breakdown in enumerate(outcome.breakdown):
        parts = ", ".join(f"{k} {v}" for k, v in breakdown.items())
        lines.append(f"{game.seat_label(seat)}: {outcome.scores[seat]} ({parts})")
    winners = " and ".join(game.seat_label(w) for w in outcome.winners)
    lines.append(f"Winner: {winners}; tie-break: {outcome.tiebreak or 'none'}")
    return lines


def assert_matches_golden(lines: list[str], golden: Path) -> None:
    """Compare line by line (rewriting the file first when UPDATE_GOLDEN is set)."""
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = golden.read_text(encoding="utf-8").splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"line {number} differs:\n  got:  {got}\n  want: {want}"
    assert len(lines) == len(expected), f"{len(lines)} lines, golden has {len(expected)}"
