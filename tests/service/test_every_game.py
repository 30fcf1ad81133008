"""Every registered game can be hosted: a person and random bots play it to the end."""

from __future__ import annotations

import pytest

from bot.service import TableService
from games.core import all_games
from tests.service.conftest import CHANNEL, GUILD, HOST, play_moves


@pytest.mark.parametrize("name", [g.name for g in all_games()])
async def test_a_person_and_bots_finish_a_game(service: TableService, name: str) -> None:
    game = service.game(name)
    info = await service.create_table(
        name, guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana"
    )
    for _ in range(max(game.min_players, 2) - 1):
        await service.add_agent(info.id, HOST, "random")
    await service.start(info.id, HOST)
    results = await play_moves(service, info.id)

    info = await service.info(info.id)
    assert info.status == "finished"
    assert results[-1].final.outcome == game.outcome((await service.load(info.id)).state)
    log = [a.action for a in await service.actions(info.id)]
    replayed = game.replay(len(info.seats), info.seed, info.options, log)
    final = await service.store.get_snapshot(info.id)
    assert final is not None and final.version == info.version
    assert final.state == game.to_json(replayed)
    kinds = [r.kind for r in await service.outbox.for_table(info.id)]
    assert kinds == ["start"] + ["turn"] * info.version + ["result"]
