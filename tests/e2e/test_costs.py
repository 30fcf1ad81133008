"""What playing costs through Discord, against the targets: one click per placement, no click
in an action phase beyond its decisions and at most one confirmation, and pings only for a
player who is away. ``python -m tests.e2e.costs`` plays whole games and prints the figures
(a median action phase of whole greedy games is what the engine asks plus those clicks)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.conftest import World, running_world
from tests.e2e.costs import play_game

HOUR = 3600.0


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as (_, world):
        yield world


async def test_quick_players_click_little_and_are_hardly_pinged(world: World) -> None:
    costs = await play_game(world, seed=3, answer_after=20.0, rounds=3)
    figures = costs.figures()
    assert figures["clicks_per_placement"] == 1, "a placement is one click on the board"
    actions = [turn for turn in costs.turns if turn.phase == "actions"]
    assert actions and all(t.clicks <= t.decisions + 1 for t in actions), [
        (t.clicks, t.decisions) for t in actions
    ]
    assert figures["confirmations_per_turn"] <= 1
    assert all(turn.confirmations <= 1 for turn in costs.turns), "at most one, at a turn's end"
    assert max(figures["pings"].values()) <= 2, figures["pings"]
    texts = " ".join(costs.confirm_texts)
    assert "reveals hidden information or uses chance" not in texts, "each says why"


async def test_a_day_between_turns_pings_once_a_turn_plus_the_reminders(world: World) -> None:
    # The daily pace reminds at 6 h and 14.4 h into a turn; an answer after 20 h gets both.
    costs = await play_game(world, seed=4, answer_after=20 * HOUR, rounds=1)
    turns = len(costs.turns)
    assert sum(costs.pings.values()) <= turns * (1 + 2), costs.pings
    assert sum(costs.pings.values()) >= turns, "someone away is pinged"
