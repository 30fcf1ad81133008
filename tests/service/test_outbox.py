"""The outbox as the Discord layer sees it: due rows, delivery, retries and giving up."""

from __future__ import annotations

from bot.service import TableService
from bot.service.outbox import MAX_ATTEMPTS, retry_delay
from tests.service.conftest import play_moves, started_table
from tests.storage.conftest import FakeClock


def test_retry_delay_grows_and_is_capped() -> None:
    delays = [retry_delay(n).total_seconds() for n in range(1, 12)]
    assert delays[:4] == [5, 10, 20, 40]
    assert delays == sorted(delays) and max(delays) == 900


async def test_rows_come_in_order_and_leave_once_delivered(service: TableService) -> None:
    first = await started_table(service)
    second = await started_table(service)
    await play_moves(service, first, 2)
    pending = await service.outbox.pending()
    assert [(r.table_id, r.kind, r.version) for r in pending] == [
        (first, "start", 0), (second, "start", 0), (first, "turn", 1), (first, "turn", 2),
    ]
    await service.outbox.mark_delivered(pending[0].id, 987_654_321)
    assert [r.id for r in await service.outbox.pending()] == [r.id for r in pending[1:]]
    delivered = (await service.outbox.for_table(first))[0]
    assert delivered.message_id == 987_654_321 and delivered.delivered_at is not None


async def test_a_failed_row_waits_and_holds_back_its_table_only(
    service: TableService, clock: FakeClock
) -> None:
    first = await started_table(service)
    await started_table(service)
    await play_moves(service, first, 1)
    start_first, start_second, turn_first = await service.outbox.pending()

    await service.outbox.mark_failed(start_first.id, "HTTP 503")
    assert [r.id for r in await service.outbox.pending()] == [start_second.id]
    clock.advance(retry_delay(1).total_seconds())
    assert [r.id for r in await service.outbox.pending()] == [
        start_first.id, start_second.id, turn_first.id,
    ]
    row = (await service.outbox.for_table(first))[0]
    assert (row.attempts, row.last_error) == (1, "HTTP 503")


async def test_a_row_that_keeps_failing_is_given_up(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await started_table(service)
    await play_moves(service, table_id, 1)
    start, turn = await service.outbox.pending()
    for attempt in range(1, MAX_ATTEMPTS + 1):
        assert (await service.outbox.pending())[0].id == start.id
        await service.outbox.mark_failed(start.id, f"Missing Access {attempt}")
        clock.advance(retry_delay(attempt).total_seconds())
    assert [r.id for r in await service.outbox.pending()] == [turn.id]
    row = (await service.outbox.for_table(table_id))[0]
    assert row.delivered_at is not None and row.message_id is None
    assert (row.attempts, row.last_error) == (MAX_ATTEMPTS, f"Missing Access {MAX_ATTEMPTS}")
