"""An agent's turn that a crash cut short is finished when the bot starts again."""

from __future__ import annotations

from typing import Any

import pytest

from tests.service.conftest import HOST, OpenService, started_table


async def test_agent_turn_cut_short_by_a_crash_is_played_at_start_up(
    open_service: OpenService, monkeypatch: pytest.MonkeyPatch
) -> None:
    crashed = await open_service()
    table_id = await started_table(crashed, guest=None, bot="greedy")

    # the process dies right after the person's move is committed, before the agent answers
    async def died(*args: Any, **kwargs: Any) -> list[Any]:
        return []

    monkeypatch.setattr(crashed, "_agents_move", died)
    loaded = await crashed.load(table_id)
    assert loaded.next is not None and loaded.next.user_id == HOST
    await crashed.submit(table_id, HOST, loaded.next.actions[0], "req-1", loaded.version)
    stuck = await crashed.load(table_id)
    assert stuck.next is not None and stuck.next.is_agent

    restarted = await open_service()
    assert await restarted.resume_agents() >= 1
    resumed = await restarted.load(table_id)
    assert resumed.version > stuck.version
    assert resumed.next is not None and resumed.next.user_id == HOST
    assert await restarted.replay_matches(table_id)
    assert await restarted.resume_agents() == 0  # nothing is waiting on an agent any more
