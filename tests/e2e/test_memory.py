"""A started bot keeps what start-up built out of the collector's way."""

from __future__ import annotations

import gc

from tests.e2e.conftest import World


async def test_a_started_bot_freezes_start_up_and_collects_young_objects_less_often(
    world: World,
) -> None:
    # Each move makes many short-lived objects: with the default threshold (700) young
    # collections ran several times a move, each walking the modules and caches as well.
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] >= 10_000
