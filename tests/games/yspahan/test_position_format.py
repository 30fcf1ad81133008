"""The position format: `games/yspahan/position.schema.json` describes every snapshot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import games.yspahan
from games.core import rng
from games.yspahan import GAME
from games.yspahan.engine.data import CARD_IDS, SHOPS, STREET
from games.yspahan.engine.rules import HANDLERS
from games.yspahan.testing import BLUE, RED, check_cards, play, position
from tests.games import json_schema

SCHEMA = json.loads((Path(games.yspahan.__file__).parent / "position.schema.json").read_text())


def test_the_schema_names_every_card_shop_space_and_question_of_the_engine() -> None:
    defs = SCHEMA["$defs"]
    assert defs["card"]["enum"] == list(CARD_IDS)
    assert defs["shop"]["enum"] == list(SHOPS)
    assert defs["street_space"]["enum"] == list(STREET)
    framed = {f["prefixItems"][0]["const"] for f in defs["frame"]["anyOf"]}
    assert framed == set(HANDLERS)
    assert SCHEMA["properties"]["schema"]["const"] == GAME.schema_version


def test_snapshots_of_random_playouts_follow_the_schema() -> None:
    for seed in range(6):
        players = 2 + seed % 3
        st, gen = GAME.new_game(players, seed), rng.seed_state(seed)
        while True:
            snapshot = json.loads(json.dumps(GAME.to_json(st)))
            assert json_schema.errors(snapshot, SCHEMA) == []
            check_cards(st)
            d = GAME.decision(st)
            if d is None:
                break
            # Favour card plays and the Supervisor, so their nested questions are visited.
            keen = [a for a in d.actions if a.split()[0] in ("play", "supervisor", "go")]
            gen, pick = rng.below(gen, len(keen or d.actions))
            st = GAME.apply(st, (keen or list(d.actions))[pick])


def test_nested_questions_are_frames_on_the_stack() -> None:
    st = position(hands={BLUE: ["C9a"]}, tower={1: (1, 0, 2)}, camels={BLUE: 2})
    st, _ = play(st, "play C9a", "convert camels")
    snapshot = GAME.to_json(st)
    assert snapshot["state"]["stack"] == [["start"], ["camt", {"give": "camels"}]]
    assert json_schema.errors(snapshot, SCHEMA) == []
    rebuilt = GAME.from_json(json.loads(json.dumps(snapshot)))
    assert GAME.legal_actions(rebuilt) == ["amount 1", "amount 2"]


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda s: s["shops"].pop(), "$.state.shops: fewer than 47 items"),
        (lambda s: s["hands"][RED].append("C10a"), "$.state.hands[1][0]"),
        (lambda s: s["stack"].append(["arm", {"arm": "Q"}]), "$.state.stack[1]"),
        (lambda s: s.__setitem__("step", "buy"), "$.state: unexpected 'step'"),
        (lambda s: s.__setitem__("week", 4), "$.state.week"),
    ],
)
def test_the_schema_refuses_a_malformed_snapshot(change: Any, complaint: str) -> None:
    snapshot = GAME.to_json(position(players=2, hands={RED: []}))
    change(snapshot["state"])
    found = json_schema.errors(snapshot, SCHEMA)
    assert any(e.startswith(complaint) for e in found), found
