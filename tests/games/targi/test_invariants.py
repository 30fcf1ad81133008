"""Invariants that must hold after every step of seeded playouts."""

from __future__ import annotations

import pytest

from games.core import rng
from games.targi import GAME
from games.targi.engine.state import NO, TargiState
from games.targi.testing import check_cards

PREFERRED = ("play", "hand", "row", "alt", "omit", "choose", "take")


def check(st: TargiState) -> None:
    check_cards(st)
    if st.phase == "placement" and st.placements == 0:
        assert all(st.face_up) and st.border.count(NO) == 17
        for seat in (0, 1):
            assert sum(st.res[seat][:3]) <= 10 and st.res[seat][3] <= 3


@pytest.mark.parametrize("eager", [False, True], ids=["random", "card-hungry"])
def test_invariants_hold_through_seeded_playouts(eager: bool) -> None:
    for seed in range(25):
        st = GAME.new_game(2, seed)
        gen = rng.seed_state(seed + 77)
        check(st)
        while (decision := GAME.decision(st)) is not None:
            options = list(decision.actions)
            if eager:
                keen = [a for a in options if a.split()[0] in PREFERRED or a.startswith("use")]
                options = keen or options
            gen, pick = rng.below(gen, len(options))
            st = GAME.apply(st, options[pick])
            check(st)
        assert GAME.outcome(st) is not None
