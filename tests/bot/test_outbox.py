from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.outbox import Deferred, OutboxDispatcher


@dataclass
class Row:
    id: int
    table_id: int
    kind: str = "turn"
    version: int = 0
    payload: dict[str, Any] = field(default_factory=dict)
    message_id: int | None = None


class FakeOutbox:
    def __init__(self, rows: list[Row]) -> None:
        self.rows = rows
        self.delivered: dict[int, int | None] = {}
        self.failed: list[tuple[int, str]] = []
        self.pending_calls = 0

    async def pending(self, limit: int = 50, held: Collection[int] = ()) -> list[Row]:
        self.pending_calls += 1
        due = [r for r in self.rows if r.id not in self.delivered and r.table_id not in held]
        return due[:limit]

    async def begin(self, row: Row) -> Any:
        return SimpleNamespace(row=row, earlier=None, nonce=f"cvs-{row.id}",
                               retry_after_crash=False)

    async def mark_delivered(self, outbox_id: int, message_id: int | None = None) -> None:
        self.delivered[outbox_id] = message_id

    async def mark_failed(self, outbox_id: int, error: str) -> None:
        self.failed.append((outbox_id, error))


def dispatcher(
    rows: list[Row], *, concurrency: int = 8
) -> tuple[OutboxDispatcher, FakeOutbox]:
    outbox = FakeOutbox(rows)
    bot: Any = SimpleNamespace(service=SimpleNamespace(outbox=outbox))
    return OutboxDispatcher(bot, concurrency=concurrency), outbox


def http_error(status: int) -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=status, reason="refused"), "refused")


async def test_rows_are_posted_in_order_and_remember_their_message() -> None:
    posted: list[int] = []
    d, outbox = dispatcher([Row(1, 10), Row(2, 11), Row(3, 10)])

    async def post(row: Row) -> int:
        posted.append(row.id)
        return 1000 + row.id

    d.register("turn", post)
    assert await d.drain() == 3
    assert [i for i in posted if i != 2] == [1, 3], "in order within table 10"
    assert outbox.delivered == {1: 1001, 2: 1002, 3: 1003}


async def test_a_failure_holds_back_only_its_own_table() -> None:
    posted: list[int] = []
    d, outbox = dispatcher([Row(1, 10), Row(2, 10), Row(3, 11)])

    async def post(row: Row) -> int:
        if row.id == 1:
            raise http_error(403)
        posted.append(row.id)
        return row.id

    d.register("turn", post)
    assert await d.drain() == 1
    assert posted == [3], "row 2 must not overtake the failed row 1 of the same table"
    assert [f[0] for f in outbox.failed] == [1] and "HTTPException" in outbox.failed[0][1]
    assert 2 not in outbox.delivered


async def test_deferred_rows_stay_pending_without_counting_a_failure() -> None:
    d, outbox = dispatcher([Row(1, 10), Row(2, 11)])

    async def post(row: Row) -> int:
        if row.table_id == 10:
            raise Deferred("no thread yet")
        return 7

    d.register("turn", post)
    await d.drain()
    assert outbox.failed == [] and outbox.delivered == {2: 7}
    assert [r.id for r in await outbox.pending()] == [1]


async def test_a_row_of_unknown_kind_is_skipped_without_holding_back_the_table() -> None:
    d, outbox = dispatcher([Row(1, 10, kind="mystery"), Row(2, 10)])

    async def post(row: Row) -> int:
        return 5

    d.register("turn", post)
    await d.drain()
    assert outbox.failed == []
    assert outbox.delivered == {1: None, 2: 5}


async def test_an_unexpected_bug_in_a_handler_is_retried_later() -> None:
    d, outbox = dispatcher([Row(1, 10)])

    async def post(row: Row) -> int:
        raise KeyError("payload")

    d.register("turn", post)
    await d.drain()
    assert [f[0] for f in outbox.failed] == [1]


async def test_discord_failing_starts_no_more_tables_in_that_pass() -> None:
    tried: list[int] = []
    d, outbox = dispatcher([Row(1, 10), Row(2, 11), Row(3, 12)], concurrency=1)

    async def post(row: Row) -> int:
        tried.append(row.id)
        if row.id == 2:
            raise http_error(503)
        return row.id

    d.register("turn", post)
    assert await d.drain() == 1
    assert tried == [1, 2], "after a 503 no other table is tried in this pass"
    assert [f[0] for f in outbox.failed] == [2]


async def test_a_rate_limited_table_holds_back_only_itself() -> None:
    d, outbox = dispatcher([Row(1, 10), Row(2, 10), Row(3, 11)], concurrency=1)

    async def post(row: Row) -> int:
        if row.id == 1:
            raise http_error(429)
        return row.id

    d.register("turn", post)
    assert await d.drain() == 1
    assert outbox.delivered == {3: 3}
    assert [f[0] for f in outbox.failed] == [1]


async def test_tables_are_delivered_concurrently_while_one_waits() -> None:
    d, outbox = dispatcher([Row(1, 10), Row(2, 10), Row(3, 11), Row(4, 12)])
    slow = asyncio.Event()

    async def post(row: Row) -> int:
        if row.id == 1:
            await slow.wait()  # e.g. its channel is rate limited
        return row.id

    d.register("turn", post)
    drain = asyncio.create_task(d.drain())
    for _ in range(50):
        await asyncio.sleep(0)
    assert outbox.delivered == {3: 3, 4: 4}, "other tables do not wait for table 10"
    slow.set()
    assert await drain == 4
    assert list(outbox.delivered) == [3, 4, 1, 2], "table 10 still in order"


async def test_a_table_being_posted_is_not_claimed_again_and_its_later_rows_follow() -> None:
    d, outbox = dispatcher([Row(1, 10), Row(2, 11)])
    slow = asyncio.Event()
    claims: list[list[int]] = []  # the tables each claim left out

    async def post(row: Row) -> int:
        if row.id == 1:
            await slow.wait()
        return row.id

    def pending(limit: int = 50, held: Collection[int] = ()) -> Any:
        claims.append(sorted(held))
        return FakeOutbox.pending(outbox, limit, held)

    outbox.pending = pending  # type: ignore[method-assign]
    d.register("turn", post)
    first = asyncio.create_task(d.drain())
    await asyncio.sleep(0.01)
    outbox.rows += [Row(3, 10), Row(4, 12)]  # moves made meanwhile
    second = asyncio.create_task(d.drain())
    await asyncio.sleep(0.01)
    assert claims[-1] == [10], "the pass left table 10, being posted, out of its claim"
    assert outbox.delivered == {2: 2, 4: 4}
    slow.set()
    await asyncio.gather(first, second)
    for _ in range(50):  # no one asks again: table 10's own end starts the pass for row 3
        await asyncio.sleep(0)
    assert list(outbox.delivered) == [2, 4, 1, 3]


async def test_one_table_is_never_posted_by_two_tasks_at_once() -> None:
    rows = [Row(i, 10) for i in range(1, 6)]
    d, outbox = dispatcher(rows)
    active: list[int] = []
    overlaps: list[int] = []

    async def post(row: Row) -> int:
        if active:
            overlaps.append(row.id)
        active.append(row.id)
        await asyncio.sleep(0.001)
        active.remove(row.id)
        return row.id

    d.register("turn", post)
    await asyncio.gather(*(d.drain() for _ in range(10)))
    assert overlaps == []
    assert list(outbox.delivered) == [1, 2, 3, 4, 5]


async def test_drains_asked_during_a_pass_share_the_next_one() -> None:
    d, outbox = dispatcher([Row(1, 10)])
    gate = asyncio.Event()

    async def post(row: Row) -> int:
        await gate.wait()
        return row.id

    d.register("turn", post)
    first = asyncio.create_task(d.drain())
    await asyncio.sleep(0.01)
    later = [asyncio.create_task(d.drain()) for _ in range(100)]
    await asyncio.sleep(0.01)
    gate.set()
    await asyncio.gather(first, *later)
    assert outbox.pending_calls <= 3, "a hundred requests cost one more pass, not a hundred"


async def test_stopping_with_drains_waiting_is_quiet_and_later_drains_do_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    d, outbox = dispatcher([Row(1, 10), Row(2, 11)])
    forever = asyncio.Event()

    async def post(row: Row) -> int:
        await forever.wait()
        return row.id

    d.register("turn", post)
    waiting = [asyncio.create_task(d.drain()) for _ in range(20)]
    await asyncio.sleep(0.01)
    await d.stop()
    assert await asyncio.gather(*waiting) == [0] * 20
    calls = outbox.pending_calls
    assert await d.drain() == 0
    assert outbox.pending_calls == calls, "a closed dispatcher no longer reads the store"
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_a_follow_up_that_waits_holds_back_neither_the_next_post_nor_other_tables() -> None:
    posted: list[int] = []
    d, _ = dispatcher([Row(1, 10), Row(2, 10), Row(3, 11)], concurrency=1)
    edit_limit_over = asyncio.Event()
    all_posted = asyncio.Event()

    async def post(row: Row) -> int:
        posted.append(row.id)
        if len(posted) == 3:
            all_posted.set()
        return 1000 + row.id

    async def retire_buttons(row: Row) -> None:
        if row.id == 1:
            await edit_limit_over.wait()  # e.g. the thread's edits wait out their limit

    d.register("turn", post)
    d.observe("turn", retire_buttons)
    drained = asyncio.create_task(d.drain())
    async with asyncio.timeout(5):
        await all_posted.wait()
    assert sorted(posted) == [1, 2, 3]
    assert not drained.done(), "a drain waits for the follow-ups too"
    edit_limit_over.set()
    assert await drained == 3


async def test_a_follow_up_is_told_the_message_its_row_became() -> None:
    # A row that posted nothing (the same seat decides again) has no older board to retire:
    # its follow-ups know that without reading the table's posts back.
    d, _ = dispatcher([Row(1, 10), Row(2, 10)])
    seen: dict[int, int | None] = {}

    async def post(row: Row) -> int | None:
        return 1000 + row.id if row.id == 1 else None

    async def follow_up(row: Row) -> None:
        seen[row.id] = row.message_id

    d.register("turn", post)
    d.observe("turn", follow_up)
    assert await d.drain() == 2
    assert seen == {1: 1001, 2: None}
