"""Game options: checked against the game's schema when a table opens, kept with the table,
and trimmed to the player count when it starts."""

from __future__ import annotations

import pytest

from bot.service import TableService
from games.core import OptionError
from tests.service.conftest import CHANNEL, GUEST, GUILD, HOST


async def open_toy(service: TableService, options: dict[str, str] | None) -> int:
    info = await service.create_table(
        "toy", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana",
        options=options,
    )
    return info.id


async def test_a_chosen_option_is_kept_and_played_with(service: TableService) -> None:
    table_id = await open_toy(service, {"toss_penalty": "2"})
    assert (await service.info(table_id)).options == {"toss_penalty": 2}
    await service.join(table_id, GUEST, "Gus")
    await service.start(table_id, HOST)
    await service.submit(table_id, HOST, "take 1", "a")
    await service.submit(table_id, HOST, "toss", "b")
    assert (await service.load(table_id)).state.scores == (0, -2)
    assert await service.replay_matches(table_id)  # the log replays with the same options


async def test_no_options_means_the_defaults(service: TableService) -> None:
    table_id = await open_toy(service, None)
    assert (await service.info(table_id)).options == {"toss_penalty": 1}


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"toss_penality": "2"}, "Toy has no option `toss_penality`. Options: toss_penalty."),
        ({"toss_penalty": "5"}, "`5` is not a value of option `toss_penalty`. Allowed: 1, 2."),
    ],
)
async def test_an_unknown_option_or_value_is_refused_naming_what_is_allowed(
    service: TableService, options: dict[str, str], said: str
) -> None:
    with pytest.raises(OptionError) as refused:
        await open_toy(service, options)
    assert refused.value.reason == said
    assert await service.tables(guild_id=GUILD) == []


async def test_an_option_for_another_player_count_is_dropped_at_the_start(
    service: TableService,
) -> None:
    info = await service.create_table(
        "yspahan", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana",
        options={"three_player_ascending_last_day": "yes"},
    )
    assert info.options == {"three_player_ascending_last_day": True}
    await service.join(info.id, GUEST, "Gus")
    await service.start(info.id, HOST)
    assert (await service.info(info.id)).options == {}
    assert await service.replay_matches(info.id)
