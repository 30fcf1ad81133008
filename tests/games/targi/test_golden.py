"""A golden transcript of one seeded Targi game, compared line by line, and a played 12th-card end.

The moves come from a small deterministic policy that plays like a keen beginner, so the
transcript shows tribe cards played into displays, completed rows, raids with a choice, the
Trader, the Silversmith and limit returns, not only goods being collected.

Regenerate after an intended rules change with `UPDATE_GOLDEN=1 python -m pytest tests/games/targi`
and review the diff like code.
"""

from __future__ import annotations

import pytest

from games.core import rng
from games.core.contract import Decision
from games.targi import GAME
from games.targi.engine.data import TRIBE_CARDS
from games.targi.engine.decisions import display_size, intersections
from games.targi.engine.state import TargiState
from tests.games import golden

SEED = 4
GOLDEN = golden.PLAYTHROUGHS / f"targi_seed{SEED}.txt"


def keen_choice(state: TargiState, decision: Decision, generator: int) -> tuple[int, str]:
    """Play whenever possible, else keep the card; use every piece; place for tribe markers.

    Placement prefers the border cards that complete the most intersections on tribe cards;
    the Silversmith always exchanges something; `end` is never chosen while a piece can be
    used. Everything else is a uniform pick from the seeded generator.
    """
    actions = list(decision.actions)
    for wanted in ("play", "hand"):
        if wanted in actions:
            return generator, wanted
    pool = [a for a in actions if a.startswith("use ")]
    if decision.kind == "place_targi":
        gains = {a: _new_tribe_markers(state, decision.seat, int(a[6:])) for a in actions}
        best = max(gains.values())
        pool = [a for a in actions if best and gains[a] == best]
    elif decision.kind == "silversmith":
        pool = [a for a in actions if a != "silver none"]
    pool = pool or actions
    generator, pick = rng.below(generator, len(pool))
    return generator, pool[pick]


def _new_tribe_markers(state: TargiState, seat: int, border: int) -> int:
    figures = state.figures[seat]
    new = set(intersections([*figures, border])) - set(intersections(figures))
    return sum(1 for i in new if state.cells[i] in TRIBE_CARDS)


def transcript(seed: int = SEED) -> list[str]:
    """The keen policy's moves to the end: board at each phase change, every decision."""
    return golden.transcript(
        GAME,
        GAME.new_game(2, seed),
        seed,
        [f"Targi, seed {seed}"],
        keen_choice,
        lambda state: (state.round, state.phase, state.acting),
    )


def test_golden_transcript() -> None:
    golden.assert_matches_golden(transcript(), GOLDEN)


@pytest.mark.parametrize(
    ("seed", "trigger_round", "by_starter"),
    [(704, 11, False), (751, 12, True)],
    ids=["second-player-round-11", "starting-player-round-12"],
)
def test_a_played_game_ends_after_the_round_of_the_12th_card(
    seed: int, trigger_round: int, by_starter: bool
) -> None:
    state = GAME.new_game(2, seed)
    generator = rng.seed_state(seed)
    trigger: tuple[int, int] | None = None  # (seat, robber) when the 12th card was placed
    later: list[tuple[int, str]] = []  # (seat, kind) of every decision after the trigger
    texts_after: list[str] = []
    while (decision := GAME.decision(state)) is not None:
        if trigger is not None:
            later.append((decision.seat, decision.kind))
        generator, action = keen_choice(state, decision, generator)
        step = GAME.step(state, action)
        if trigger is None and step.state.end_triggered:
            seat = decision.seat
            assert display_size(step.state, seat) == 12
            assert (state.start == seat) is by_starter and state.round == trigger_round
            said = f"{GAME.seat_label(seat)} placed a 12th tribe card: the game ends"
            assert any(event.text.startswith(said) for event in step.events)
            trigger = (seat, state.robber)
        elif trigger is not None:
            assert "play" not in decision.actions or decision.seat != trigger[0]
        if trigger is not None:
            texts_after += [event.text for event in step.events]
        state = step.state

    assert trigger is not None, "the policy no longer reaches a 12th card with this seed"
    seat, robber = trigger
    outcome = GAME.outcome(state)
    assert (
        outcome is not None
        and outcome.reason == f"{GAME.seat_label(seat)} placed a 12th tribe card."
    )
    # The round was not finished the usual way: no reveal, no new starting player, no new round.
    assert state.round == trigger_round and state.robber == robber
    assert not any("turned face up" in t or "starting-player token" in t for t in texts_after)
    assert all(kind != "place_targi" for _, kind in later)
    assert display_size(state, seat) == 12
    if by_starter:  # the other player still had their whole action phase
        assert (1 - seat, "action_menu") in later
    else:  # only the player's own remaining actions (and limit returns) followed
        assert all(s == seat or kind == "limit_return" for s, kind in later)
    # The limit check still ran before scoring.
    for s in (0, 1):
        assert sum(state.res[s][:3]) <= 10 and state.res[s][3] <= 3
    assert outcome.scores == GAME.provisional_scores(state, None)
