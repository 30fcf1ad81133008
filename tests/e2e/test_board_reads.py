"""A board post reads the end of its table's outbox, not every row the table ever queued.

Each board looks back at the posts before it (what the turn said, which older board loses its
buttons), and the table's outbox grows by a row for every decision: late in a game a board
must cost no more than early on, and still say and retire what it did.
"""

from __future__ import annotations

import contextvars
import random
from typing import Any

from bot.service.history import LOG_TAIL
from tests.e2e.conftest import World
from tests.e2e.driver import button_version, open_table, play_turn_by_panel

TURNS = 16


def count_rows(store: Any, method: str) -> list[int]:
    """Replaces ``store``'s read ``method`` with one that adds the rows it returns to the
    returned counter."""
    read = [0]
    real = getattr(store, method)

    async def counted(table: int, **kwargs: Any) -> Any:
        rows = await real(table, **kwargs)
        read[0] += len(rows)
        return rows

    setattr(store, method, counted)
    return read


async def test_late_boards_read_as_few_outbox_rows_as_early_ones(world: World) -> None:
    store = world.bot.service.store
    table_id, _ = await open_table(world, world.alice, world.bob)
    list_outbox = store.list_outbox
    read = count_rows(store, "list_outbox")
    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(7)
    per_turn = []
    for _ in range(TURNS):
        read[0] = 0
        await play_turn_by_panel(world, actors, table_id, rng)
        await world.tick()
        per_turn.append(read[0])
        boards = world.boards()
        assert button_version(boards[-2]) is None, "the previous board's button is retired"
    queued = len(await list_outbox(table_id))
    assert queued > TURNS, "the outbox grew by more than a row a turn"
    early, late = max(per_turn[: TURNS // 4]), max(per_turn[-TURNS // 4 :])
    assert late <= max(early, 64), f"rows read per turn grew from {early} to {late}: {per_turn}"


async def test_a_turn_reads_a_bounded_part_of_the_log_however_long_it_is(world: World) -> None:
    store = world.bot.service.store
    table_id, _ = await open_table(world, world.alice, world.bob)
    list_actions = store.list_actions
    read = count_rows(store, "list_actions")
    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(7)
    for turn in range(TURNS + 8):
        read[0] = 0
        decisions = await play_turn_by_panel(world, actors, table_id, rng)
        await world.tick()
        # each decision's panel and answer look back one window; the board, to the board before
        bound = 3 * LOG_TAIL * decisions + LOG_TAIL
        assert read[0] <= bound, f"turn {turn}: {decisions} decisions read {read[0]} log rows"
    assert len(await list_actions(table_id)) > LOG_TAIL, "the log outgrew a window"


async def test_a_board_of_a_move_made_here_reads_not_the_table(world: World) -> None:
    """The board is worded from the table as the move left it, as its picture drawn ahead
    is: its delivery reads the table's posts, not the table."""
    store = world.bot.service.store
    table_id, _ = await open_table(world, world.alice, world.bob)
    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(3)
    delivering = contextvars.ContextVar("delivering", default=False)
    handlers = world.bot.outbox._handlers
    post_turn = handlers["turn"]

    async def board(row: Any) -> Any:
        delivering.set(True)
        return await post_turn(row)

    handlers["turn"] = board
    reads: list[int] = []
    get_table = store.get_table

    async def counted(table: int) -> Any:
        if delivering.get():
            reads.append(table)
        return await get_table(table)

    store.get_table = counted
    before = len(world.boards())
    for _ in range(3):
        await play_turn_by_panel(world, actors, table_id, rng)
        await world.tick()
    assert len(world.boards()) == before + 3
    assert reads == []
