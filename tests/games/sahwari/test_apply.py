"""`apply`, the path playouts and replays take, skips the events but is the same move as
`step`: the same next state, and the same refusals."""

from __future__ import annotations

import pytest

from games.core import GameOver, IllegalAction
from games.core import rng as core_rng
from games.sahwari import GAME


def test_apply_reaches_the_state_step_reaches_for_every_move_of_a_game() -> None:
    state = GAME.new_game(3, 11, GAME.default_options(3))
    rng = core_rng.seed_state(11)
    while (decision := GAME.decision(state)) is not None:
        rng, i = core_rng.below(rng, len(decision.actions))
        action = decision.actions[i]
        applied = GAME.apply(state, action)
        stepped = GAME.step(state, action).state
        assert GAME.to_json(applied) == GAME.to_json(stepped), action
        assert GAME.decision(applied) == GAME.decision(stepped), action
        state = applied
    with pytest.raises(GameOver):
        GAME.apply(state, "done")


def test_apply_refuses_a_move_that_is_not_legal_now_with_the_reason_step_gives() -> None:
    state = GAME.new_game(2, 4, GAME.default_options(2))
    decision = GAME.decision(state)
    assert decision is not None and "guild G1 N" not in decision.actions
    with pytest.raises(IllegalAction) as by_step:
        GAME.step(state, "guild G1 N")
    with pytest.raises(IllegalAction) as by_apply:
        GAME.apply(state, "guild G1 N")
    assert str(by_apply.value) == str(by_step.value)
