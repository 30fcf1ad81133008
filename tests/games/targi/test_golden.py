"""A golden transcript of one seeded Targi game, compared line by line.

Regenerate after an intended rules change with `UPDATE_GOLDEN=1 python -m pytest tests/games/targi`
and review the diff like code.
"""

from __future__ import annotations

import os
from pathlib import Path

from games.core import rng
from games.targi import GAME

GOLDEN = Path(__file__).resolve().parent.parent / "playthroughs" / "targi_seed1.txt"
SEED = 1


def transcript(seed: int = SEED) -> list[str]:
    """Seeded-random legal moves to the end: board at each phase change, every decision."""
    state = GAME.new_game(2, seed)
    generator = rng.seed_state(seed)
    lines = [f"Targi, seed {seed}"]
    last_phase = None
    step_no = 0
    while (decision := GAME.decision(state)) is not None:
        phase = (state.round, state.phase, state.acting)
        if phase != last_phase:
            lines += ["", *GAME.text(state, None).splitlines()]
            last_phase = phase
        step_no += 1
        generator, pick = rng.below(generator, len(decision.actions))
        action = decision.actions[pick]
        lines.append(
            f"{step_no}. {GAME.seat_label(decision.seat)} [{decision.kind}] {decision.prompt}"
        )
        lines.append("   options: " + " | ".join(decision.actions))
        lines.append(f"   -> {action}  ({GAME.describe(state, action)})")
        step = GAME.step(state, action)
        lines += [f"   * {event.text}" for event in step.events]
        state = step.state
    outcome = GAME.outcome(state)
    assert outcome is not None
    lines += ["", *GAME.text(state, None).splitlines(), f"Reason: {outcome.reason}"]
    for seat, breakdown in enumerate(outcome.breakdown):
        parts = ", ".join(f"{k} {v}" for k, v in breakdown.items())
        lines.append(f"{GAME.seat_label(seat)}: {outcome.scores[seat]} ({parts})")
    winners = " and ".join(GAME.seat_label(w) for w in outcome.winners)
    lines.append(f"Winner: {winners}; tie-break: {outcome.tiebreak or 'none'}")
    return lines


def test_golden_transcript_seed_1() -> None:
    lines = transcript()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"line {number} differs:\n  got:  {got}\n  want: {want}"
    assert len(lines) == len(expected), f"{len(lines)} lines, golden has {len(expected)}"
