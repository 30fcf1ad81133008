"""The position format: snapshots of the current schema, and those stored before it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import games.targi
from games.core import rng
from games.targi import GAME
from games.targi.engine.actions import ANSWERS
from games.targi.engine.data import GOODS_IDS, TRIBE_IDS
from games.targi.testing import check_cards
from tests.games import json_schema

SCHEMA_1 = json.loads((Path(__file__).parent / "data" / "schema1_positions.json").read_text())
POSITION_SCHEMA = json.loads((Path(games.targi.__file__).parent / "position.schema.json")
                             .read_text())


@pytest.mark.parametrize("stored", SCHEMA_1, ids=[p["kind"] for p in SCHEMA_1])
def test_a_schema_1_snapshot_loads_with_the_same_decision_and_plays_on(stored: dict) -> None:
    assert stored["snapshot"]["schema"] == 1
    st = GAME.from_json(stored["snapshot"])
    d = GAME.decision(st)
    assert d is not None
    assert (d.kind, d.seat, d.prompt, list(d.actions)) == (
        stored["kind"], stored["seat"], stored["prompt"], stored["actions"]
    )
    assert json_schema.errors(GAME.to_json(st), POSITION_SCHEMA) == []  # schema 2 now
    gen = rng.seed_state(len(stored["actions"]))
    while (d := GAME.decision(st)) is not None:
        gen, pick = rng.below(gen, len(d.actions))
        st = GAME.apply(st, d.actions[pick])
        check_cards(st)
    assert GAME.outcome(st) is not None



def test_the_schema_names_every_card_and_decision_kind_of_the_engine() -> None:
    defs = POSITION_SCHEMA["$defs"]
    assert defs["goods_card"]["enum"] == list(GOODS_IDS)
    assert defs["tribe_card"]["enum"] == list(TRIBE_IDS)
    framed = {f["prefixItems"][0]["const"] for f in defs["frame"]["anyOf"]}
    assert framed == set(ANSWERS)


def test_snapshots_of_random_playouts_follow_the_schema() -> None:
    """Every position with an open sub-question, every fourth other one, and the end."""
    for seed in range(6):
        st, gen = GAME.new_game(2, seed), rng.seed_state(seed)
        for n in range(10_000):
            d = GAME.decision(st)
            if d is None or st.stack or n % 4 == 0:
                snapshot = json.loads(json.dumps(GAME.to_json(st)))
                assert json_schema.errors(snapshot, POSITION_SCHEMA) == []
            if d is None:
                break
            keen = [a for a in d.actions if a.split()[0] in ("use", "play", "choose", "row")]
            gen, pick = rng.below(gen, len(keen or d.actions))
            st = GAME.apply(st, (keen or list(d.actions))[pick])


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda s: s["res"][0].append(3), "$.state.res[0]: more than 5 items"),
        (lambda s: s["cells"].__setitem__(4, "XX9"), "$.state.cells[4]: matches none"),
        (lambda s: s.__setitem__("stack", [["display_row", {"card": "OA1"}]]), "$.state.stack"),
        (lambda s: s.__setitem__("pending", None), "$.state: unexpected 'pending'"),
        (lambda s: s.__setitem__("round", True), "$.state.round"),
    ],
)
def test_the_schema_refuses_a_malformed_snapshot(change: Any, complaint: str) -> None:
    snapshot = GAME.to_json(GAME.new_game(2, 1))
    change(snapshot["state"])
    found = json_schema.errors(snapshot, POSITION_SCHEMA)
    assert any(e.startswith(complaint) for e in found), found
