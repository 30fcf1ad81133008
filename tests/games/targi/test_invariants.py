"""Invariants that must hold after every step of seeded playouts."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import rng
from games.targi import GAME
from games.targi.engine.data import GOODS_IDS, TRIBE_IDS
from games.targi.engine.state import NO, TargiState

EVERY_CARD = Counter((*GOODS_IDS, *TRIBE_IDS))
PREFERRED = ("play", "hand", "row", "alt", "omit", "choose", "take")


def check(st: TargiState) -> None:
    places = [
        *st.goods_deck, *st.tribe_deck, *st.goods_discard, *st.tribe_discard, *st.revealed,
        *(c for c in st.cells if c is not None),
        *(c for seat in (0, 1) for row in st.display[seat] for c in row),
        *(c for c in st.hand if c is not None),
    ]  # fmt: skip
    assert Counter(places) == EVERY_CARD, "a card was lost or duplicated"
    for seat in (0, 1):
        assert min(st.res[seat]) >= 0
        assert all(len(row) <= 4 for row in st.display[seat])
        for i in st.markers[seat]:
            assert st.marker_at[i] == seat
        for n in st.figures[seat]:
            assert st.border[n] == seat
    assert sum(1 for m in st.marker_at if m != NO) == len(st.markers[0]) + len(st.markers[1])
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
