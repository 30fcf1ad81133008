"""Tables stored before snapshot schema 2 stay playable: their action logs replay.

`data/schema1_logs.json` holds four seeded random games played to the end by the schema 1
engine (Supervisor walked with `step W` ... `done`, Shop delivery by `quarter` then `cube`,
discount cards after the building, every single option resolved at once), with the final
scores, holdings and hands that engine reached.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.core import SchemaError
from games.yspahan import GAME
from tests.service import conftest as service_fixtures
from tests.service.conftest import CHANNEL, GUEST, GUILD, HOST, OUTSIDER

# The service tests' fixtures: a real service on a real SQLite file.
clock, db_url = service_fixtures.clock, service_fixtures.db_url
open_service = service_fixtures.open_service

LOGS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "schema1_logs.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("game", LOGS, ids=[f"{g['players']}p-seed{g['seed']}" for g in LOGS])
def test_a_finished_schema_1_game_replays_to_the_same_end(game: dict[str, Any]) -> None:
    assert any(a.startswith("step ") for a in game["actions"])  # the old notation is there
    state = GAME.replay(game["players"], game["seed"], None, game["actions"])
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert list(outcome.scores) == game["scores"]
    assert [dict(b) for b in outcome.breakdown] == game["breakdown"]
    assert (state.gold, state.camels) == (game["gold"], game["camels"])
    assert (state.hands, state.built) == (game["hands"], game["built"])


def test_a_schema_1_game_cut_anywhere_replays_and_plays_on_in_the_new_notation() -> None:
    game = LOGS[2]
    old = game["actions"]
    for cut in range(0, len(old), 7):
        state = GAME.replay(game["players"], game["seed"], None, old[:cut])
        decision = GAME.decision(state)
        assert decision is not None
        # The table goes on: new actions are appended to the old log, which still replays.
        new = decision.actions[0]
        replayed = GAME.replay(game["players"], game["seed"], None, [*old[:cut], new])
        assert GAME.to_json(replayed) == GAME.to_json(GAME.apply(state, new))


def test_an_old_snapshot_is_refused_so_the_log_is_replayed() -> None:
    state = GAME.new_game(3, 1)
    data = GAME.to_json(state)
    with pytest.raises(SchemaError, match="replay the action log"):
        GAME.from_json({**data, "schema": 1})


# ---- a stored table, through the real service on a real SQLite file -------------------------

TABLE: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "schema1_table.json").read_text(encoding="utf-8")
)


async def test_a_stored_schema_1_table_is_replayed_by_the_service_and_plays_on(
    open_service: Any,
) -> None:
    """A three-player table whose 80 moves and last snapshot were written by the schema 1
    engine (`data/schema1_table.json`): the service refuses the snapshot, replays the log,
    and the table goes on."""
    service = await open_service()
    info = await service.create_table(
        "yspahan", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana"
    )
    await service.join(info.id, GUEST, "Gus")
    await service.join(info.id, OUTSIDER, "Olga")
    info = await service.start(info.id, HOST)
    assert info.seed == TABLE["seed"]
    moves = TABLE["moves"]
    async with service.store.transaction() as tx:
        for n, (action, seat) in enumerate(moves, start=1):
            await tx.append_action(info.id, version=n, seat=seat, action=action,
                                   request_id=f"old-{n}", user_id=None)
        await tx.advance_version(info.id, expected=0, new=len(moves))
        await tx.put_snapshot(info.id, len(moves), TABLE["snapshot"])
    fresh = await open_service()  # a restarted bot: nothing cached
    loaded = await fresh.load(info.id)
    expected = GAME.replay(3, TABLE["seed"], info.options, [a for a, _ in moves])
    assert GAME.to_json(loaded.state) == GAME.to_json(expected)
    old = TABLE["snapshot"]["state"]
    assert (loaded.state.gold, loaded.state.hands) == (old["gold"], old["hands"])
    decision = GAME.decision(loaded.state)
    assert decision is not None
    user = (HOST, GUEST, OUTSIDER)[decision.seat]
    await fresh.submit(info.id, user, decision.actions[0], "new-1")
    assert await fresh.replay_matches(info.id)
