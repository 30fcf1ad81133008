"""A golden transcript of one seeded four-player Yspahan game, compared line by line.

Regenerate after an intended rules change with
`UPDATE_GOLDEN=1 python -m pytest tests/games/yspahan` and review the diff like code.
"""

from __future__ import annotations

import os
from pathlib import Path

from games.core import rng
from games.yspahan import GAME

GOLDEN = Path(__file__).resolve().parent.parent / "playthroughs" / "yspahan_seed1_4p.txt"
SEED = 1
PLAYERS = 4


def transcript(seed: int = SEED, players: int = PLAYERS) -> list[str]:
    """Seeded-random legal moves to the end: the board at each new day, every decision."""
    state = GAME.new_game(players, seed)
    generator = rng.seed_state(seed)
    lines = [f"Yspahan, {players} players, seed {seed}", *state.log]
    last_day = None
    step_no = 0
    while (decision := GAME.decision(state)) is not None:
        day = (state.week, state.day)
        if day != last_day:
            lines += ["", *GAME.text(state, None).splitlines()]
            last_day = day
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


def test_golden_transcript_seed_1_four_players() -> None:
    lines = transcript()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"line {number} differs:\n  got:  {got}\n  want: {want}"
    assert len(lines) == len(expected), f"{len(lines)} lines, golden has {len(expected)}"
