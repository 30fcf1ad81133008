"""A move made with /play reads its table's row no more often than it needs to.

Every read of the store is a round trip to its thread (or, on PostgreSQL, to the server), and
a busy bot answers many moves at once: the answer to a move, the next panel, the board and
the follow-ups share what the move already read instead of reading the table again.
"""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.conftest import World
from tests.e2e.driver import open_table

MOVES = 24


async def test_a_move_reads_the_table_row_a_bounded_number_of_times(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(3)
    reads = [0]
    get_table = service.store.get_table

    async def counted(table: int) -> Any:
        reads[0] += 1
        return await get_table(table)

    per_move: dict[bool, list[int]] = {True: [], False: []}
    for _ in range(MOVES):
        loaded = await service.load(table_id)
        assert loaded.decision is not None
        actor = actors[loaded.info.holder(loaded.decision.seat).user_id]  # type: ignore[index]
        move = rng.choice(loaded.decision.actions)
        reads[0] = 0
        service.store.get_table = counted  # type: ignore[method-assign]
        answer = await actor.slash(world.thread(), "play", move=move)
        await world.tick()
        service.store.get_table = get_table  # type: ignore[method-assign]
        assert answer.response is not None
        after = await service.load(table_id)
        passed = after.decision is None or after.decision.seat != loaded.decision.seat
        per_move[passed].append(reads[0])
    assert per_move[True] and per_move[False]
    # the move itself, and the board it passed the turn to (or the next panel)
    assert max(per_move[True]) <= 2, per_move
    assert max(per_move[False]) <= 2, per_move
