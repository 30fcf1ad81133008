from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

from bot.outbox import Deferred, OutboxDispatcher


@dataclass
class Row:
    id: int
    table_id: int
    kind: str = "turn"
    version: int = 0
    payload: dict[str, Any] = field(default_factory=dict)


class FakeOutbox:
    def __init__(self, rows: list[Row]) -> None:
        self.rows = rows
        self.delivered: dict[int, int | None] = {}
        self.failed: list[tuple[int, str]] = []

    async def pending(self, limit: int = 50) -> list[Row]:
        return [r for r in self.rows if r.id not in self.delivered][:limit]

    async def begin(self, outbox_id: int) -> Any:
        row = next(r for r in self.rows if r.id == outbox_id)
        return SimpleNamespace(row=row, earlier=None, nonce=f"cvs-{outbox_id}",
                               retry_after_crash=False)

    async def mark_delivered(self, outbox_id: int, message_id: int | None = None) -> None:
        self.delivered[outbox_id] = message_id

    async def mark_failed(self, outbox_id: int, error: str) -> None:
        self.failed.append((outbox_id, error))


def dispatcher(rows: list[Row]) -> tuple[OutboxDispatcher, FakeOutbox]:
    outbox = FakeOutbox(rows)
    bot: Any = SimpleNamespace(service=SimpleNamespace(outbox=outbox))
    return OutboxDispatcher(bot), outbox


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
    assert posted == [1, 2, 3]
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


async def test_discord_failing_or_rate_limiting_ends_the_pass_for_every_table() -> None:
    for status in (503, 429):
        tried: list[int] = []
        d, outbox = dispatcher([Row(1, 10), Row(2, 11), Row(3, 12)])

        async def post(row: Row, status: int = status, tried: list[int] = tried) -> int:
            tried.append(row.id)
            if row.id == 2:
                raise http_error(status)
            return row.id

        d.register("turn", post)
        assert await d.drain() == 1
        assert tried == [1, 2], f"after a {status} nothing more is tried in this pass"
        assert [f[0] for f in outbox.failed] == [2]
