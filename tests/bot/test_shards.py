"""Several bot processes: each runs the shards SHARD_COUNT and SHARD_IDS give it."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.bot import claimer_name, create_bot
from bot.settings import Settings, SettingsError
from storage import open_store


@pytest.mark.parametrize(
    ("ids", "expected"),
    [("0,1", (0, 1)), ("2-3", (2, 3)), ("0-1, 5", (0, 1, 5)), ("3", (3,))],
)
def test_shard_ids_are_listed_or_ranges(ids: str, expected: tuple[int, ...]) -> None:
    settings = Settings.from_mapping({"SHARD_COUNT": "6", "SHARD_IDS": ids})
    assert (settings.shard_count, settings.shard_ids) == (6, expected)


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, r"between 0 and 1 \(SHARD_COUNT=2\)"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "one"}, "SHARD_IDS must be numbers"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be positive"),
    ],
)
def test_bad_shard_settings_name_the_key(values: dict[str, str], words: str) -> None:
    with pytest.raises(SettingsError, match=words):
        Settings.from_mapping(values)


async def test_a_process_runs_its_range_of_shards(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'g.db'}")
    try:
        single = create_bot(Settings(), store)
        assert not isinstance(single, discord.AutoShardedClient)
        settings = Settings(shard_count=4, shard_ids=(2, 3))
        sharded = create_bot(settings, store)
        assert isinstance(sharded, discord.AutoShardedClient)
        assert (sharded.shard_count, sharded.shard_ids) == (4, [2, 3])
        assert sharded.service.outbox.claimer == claimer_name(settings)
    finally:
        await store.close()


def test_each_shard_range_claims_posts_under_its_own_name() -> None:
    names = {
        claimer_name(Settings(shard_count=4, shard_ids=ids)) for ids in [(0, 1), (2, 3)]
    }
    assert len(names) == 2
    assert claimer_name(Settings()) != claimer_name(Settings(shard_count=4, shard_ids=(0,)))
