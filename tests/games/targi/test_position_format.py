"""The position format: snapshots of the current schema, and those stored before it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.core import rng
from games.targi import GAME
from games.targi.testing import check_cards

SCHEMA_1 = json.loads((Path(__file__).parent / "data" / "schema1_positions.json").read_text())


@pytest.mark.parametrize("stored", SCHEMA_1, ids=[p["kind"] for p in SCHEMA_1])
def test_a_schema_1_snapshot_loads_with_the_same_decision_and_plays_on(stored: dict) -> None:
    assert stored["snapshot"]["schema"] == 1
    st = GAME.from_json(stored["snapshot"])
    d = GAME.decision(st)
    assert d is not None
    assert (d.kind, d.seat, d.prompt, list(d.actions)) == (
        stored["kind"], stored["seat"], stored["prompt"], stored["actions"]
    )
    assert GAME.to_json(st)["schema"] == 2
    gen = rng.seed_state(len(stored["actions"]))
    while (d := GAME.decision(st)) is not None:
        gen, pick = rng.below(gen, len(d.actions))
        st = GAME.apply(st, d.actions[pick])
        check_cards(st)
    assert GAME.outcome(st) is not None
