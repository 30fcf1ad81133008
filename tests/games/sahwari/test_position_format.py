"""The position format: `games/sahwari/position.schema.json` describes every snapshot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import games.sahwari
from games.core import rng
from games.sahwari import GAME
from games.sahwari.engine.data import CARAVANS, CARDS
from games.sahwari.engine.rules import HANDLERS, WINDOWS
from games.sahwari.testing import ORANGE, PURPLE, play, position
from tests.games import json_schema

SCHEMA = json.loads((Path(games.sahwari.__file__).parent / "position.schema.json").read_text())


def test_the_schema_names_every_card_caravan_step_and_question_of_the_engine() -> None:
    defs = SCHEMA["$defs"]
    assert defs["card"]["enum"] == [c.id for c in CARDS]
    assert defs["caravan"]["enum"] == [c.id for c in CARAVANS]
    framed = {f["prefixItems"][0]["const"] for f in defs["frame"]["anyOf"]}
    steps = set(defs["state"]["properties"]["step"]["enum"])
    # Icons resolve by themselves; "collecting" closes by itself once its questions are answered.
    assert framed | steps == set(HANDLERS) | {"over", "icon", "collecting"}
    assert set(WINDOWS) <= steps
    assert SCHEMA["properties"]["schema"]["const"] == GAME.schema_version


def test_snapshots_of_random_playouts_follow_the_schema() -> None:
    for seed in range(4):
        players = 2 + seed % 3
        options = GAME.validate_options({"leader_choice": seed % 2 == 0}, players)
        st, gen = GAME.new_game(players, seed, options), rng.seed_state(seed)
        n = 0
        while True:
            if n % 3 == 0:
                snapshot = json.loads(json.dumps(GAME.to_json(st)))
                assert json_schema.errors(snapshot, SCHEMA) == []
            d = GAME.decision(st)
            if d is None:
                break
            gen, pick = rng.below(gen, len(d.actions))
            st = GAME.apply(st, d.actions[pick])
            n += 1


def test_nested_questions_are_frames_on_the_stack() -> None:
    st = position(step="w0", camels={"P1a": "B2", "P2a": "B3"}, strategy={ORANGE: 1},
                  storage={PURPLE: 1})
    st, _ = play(st, "attack", "attack B2 camel P2a")
    snapshot = GAME.to_json(st)
    assert snapshot["state"]["stack"] == [["push", {"c": 3}]]
    assert json_schema.errors(snapshot, SCHEMA) == []
    rebuilt = GAME.from_json(json.loads(json.dumps(snapshot)))
    assert GAME.legal_actions(rebuilt) == GAME.legal_actions(st)


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda s: s["kind"].pop(), "$.state.kind: fewer than 25 items"),
        (lambda s: s["cars"][0].append("c99"), "$.state.cars[0][0]"),
        (lambda s: s["stack"].append(["whirl", {"c": "G1"}]), "$.state.stack[0]"),
        (lambda s: s.__setitem__("phase", "x"), "$.state: unexpected 'phase'"),
        (lambda s: s.__setitem__("supply", 41), "$.state.supply"),
    ],
)
def test_the_schema_refuses_a_malformed_snapshot(change: Any, complaint: str) -> None:
    snapshot = GAME.to_json(position())
    change(snapshot["state"])
    found = json_schema.errors(snapshot, SCHEMA)
    assert any(e.startswith(complaint) for e in found), found
