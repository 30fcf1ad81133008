"""The position format: `games/resafa/position.schema.json` describes every snapshot."""

from __future__ import annotations

import json
from pathlib import Path

import games.resafa
from games.core import rng
from games.resafa import GAME
from games.resafa.engine import rules
from games.resafa.engine.data import BONUS, SACK, SPECIAL_IDS, START_CARD_IDS
from games.resafa.testing import OCHRE, play, position
from tests.games import json_schema

SCHEMA = json.loads((Path(games.resafa.__file__).parent / "position.schema.json").read_text())


def test_the_schema_names_every_card_and_question_of_the_engine() -> None:
    defs = SCHEMA["$defs"]
    assert set(defs["card"]["enum"]) == {*START_CARD_IDS, *SPECIAL_IDS, *BONUS, *SACK}
    kinds = set(defs["frame"]["prefixItems"][0]["enum"])
    assert kinds == {*rules.KINDS, "turn", *rules.AUTOMATIC}
    assert SCHEMA["properties"]["schema"]["const"] == GAME.schema_version


def test_snapshots_of_playouts_at_every_player_count_follow_the_schema() -> None:
    for players in (1, 2, 3, 4):
        st, gen = GAME.new_game(players, players), rng.seed_state(players)
        while True:
            snapshot = json.loads(json.dumps(GAME.to_json(st)))
            assert json_schema.errors(snapshot, SCHEMA) == []
            d = GAME.decision(st)
            if d is None:
                break
            active = [a for a in d.actions if a.split()[0] not in ("end", "none", "skip")]
            gen, pick = rng.below(gen, len(active or d.actions))
            st = GAME.apply(st, (active or list(d.actions))[pick])


def test_a_snapshot_rebuilds_the_same_position_with_its_open_questions() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]})
    st, _ = play(st, "play C1 up", "main")
    snapshot = json.loads(json.dumps(GAME.to_json(st)))
    assert [f[0] for f in snapshot["state"]["stack"]] == ["turn", "main", "ws_tile"]
    rebuilt = GAME.from_json(snapshot)
    assert GAME.legal_actions(rebuilt) == GAME.legal_actions(st)
    assert GAME.to_json(rebuilt) == GAME.to_json(st)
