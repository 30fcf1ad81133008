"""The private panel's reminders and its Undo offer read the end of the log, not all of it.

Both are asked for after every decision a person makes, so their cost must not grow with the
game: late in a long game they read a bounded number of log rows, and say exactly what a
reading of the whole log says, also right after an undo. The newest rows a process wrote or
read are kept, so a panel after a move made here reads none; a move another process made is
read from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from bot.service import TableService, UndoRefused
from bot.service.history import LOG_TAIL, RecentLog, effective_moves
from bot.service.inbox import _visible
from tests.service.conftest import HOST, OpenService, play_moves, started_table


class RowsRead:
    """Counts the log rows the service reads through ``list_actions``."""

    def __init__(self, service: TableService) -> None:
        self.rows = 0
        self.reads: list[int] = []  # where each read started
        self._read = service.store.list_actions

        async def counted(table_id: int, *, after: int = 0) -> Any:
            found = await self._read(table_id, after=after)
            self.rows += len(found)
            self.reads.append(after)
            return found

        service.store.list_actions = counted  # type: ignore[method-assign]


async def whole_log_answers(service: TableService, table_id: int) -> dict[int, Any]:
    """Per seat: the undo steps and the private reminders, read from the whole log."""
    chain = effective_moves(await service.store.list_actions(table_id))
    info = await service.info(table_id)
    answers = {}
    for seat in info.seats:
        mine = [i for i, r in enumerate(chain) if r.seat == seat.seat]
        start = mine[-1] if mine else 0
        while start > 0 and chain[start - 1].seat == seat.seat:
            start -= 1
        secrets = [
            e.text for r in chain[start:] for e in _visible(r.events, seat.seat) if not e.public
        ]
        steps = [r.version for r in chain[mine[-1]:]] if mine else None
        answers[seat.seat] = (steps, secrets[-8:])
    return answers


async def tail_answers(service: TableService, table_id: int) -> dict[int, Any]:
    info = await service.info(table_id)
    answers = {}
    for seat in info.seats:
        assert seat.user_id is not None
        try:
            preview = await service.preview_undo(table_id, seat.user_id)
            steps: list[int] | None = [s.version for s in preview.steps]
        except Exception as refused:  # e.g. a move since revealed a card: no steps offered
            steps = None if "no move here" in str(refused) else [-1]
        secrets = await service.private_events(table_id, seat.seat, at=info.version)
        answers[seat.seat] = (steps, secrets)
    return answers


def comparable(answers: dict[int, Any], tail: dict[int, Any]) -> dict[int, Any]:
    """The whole log's answers where the tail's preview was refused for another reason."""
    return {
        seat: ([-1] if tail[seat][0] == [-1] else steps, secrets)
        for seat, (steps, secrets) in answers.items()
    }


async def test_late_in_a_long_game_the_panel_reads_a_bounded_tail(
    service: TableService, open_service: OpenService
) -> None:
    table_id = await started_table(service)
    await play_moves(service, table_id, 5 * LOG_TAIL)
    info = await service.info(table_id)
    assert info.version >= 5 * LOG_TAIL
    restarted = await open_service()  # keeps no rows yet

    counter = RowsRead(restarted)
    tail = await tail_answers(restarted, table_id)
    reads = counter.rows

    assert 0 < reads <= 2 * 2 * LOG_TAIL, f"read {reads} rows of a {info.version}-move log"
    whole = await whole_log_answers(restarted, table_id)
    assert tail == comparable(whole, tail)


async def test_the_panel_after_moves_made_here_reads_no_log_rows(
    service: TableService,
) -> None:
    table_id = await started_table(service)
    await play_moves(service, table_id, 3 * LOG_TAIL)

    counter = RowsRead(service)
    tail = await tail_answers(service, table_id)

    assert counter.reads == []
    assert tail == comparable(await whole_log_answers(service, table_id), tail)


async def test_a_move_another_process_made_is_read_and_told(
    service: TableService, open_service: OpenService
) -> None:
    table_id = await started_table(service)
    await play_moves(service, table_id, 2 * LOG_TAIL)
    await tail_answers(service, table_id)  # this process keeps the log's newest rows
    other = await open_service()
    for round_ in range(6):
        await play_moves(other, table_id, 1, seed=round_)

        counter = RowsRead(service)
        tail = await tail_answers(service, table_id)

        assert counter.reads, "the other process's move was never read"
        assert tail == comparable(await whole_log_answers(service, table_id), tail)


async def test_after_an_undo_the_tail_says_what_the_whole_log_says(
    service: TableService,
) -> None:
    table_id = await started_table(service)
    checked = undone = 0
    for round_ in range(4 * LOG_TAIL):
        await play_moves(service, table_id, 1, seed=round_)
        loaded = await service.load(table_id)
        if loaded.next is None:
            break
        if loaded.version > LOG_TAIL and round_ % 3 == 0 and loaded.next.user_id == HOST:
            with contextlib.suppress(UndoRefused):
                await service.undo(table_id, HOST, f"undo-{round_}", loaded.version)
                undone += 1
        tail = await tail_answers(service, table_id)
        assert tail == comparable(await whole_log_answers(service, table_id), tail)
        checked += 1
    assert checked > LOG_TAIL and undone > 0


async def test_a_panel_reads_the_log_once_for_its_reminders_and_its_undo(
    service: TableService, open_service: OpenService
) -> None:
    table_id = await started_table(service)
    await play_moves(service, table_id, 3 * LOG_TAIL)
    info = await service.info(table_id)
    for seat in info.seats:
        assert seat.user_id is not None
        alone_service = await open_service()  # as after a restart
        alone = await asyncio.gather(
            alone_service.private_events(table_id, seat.seat, at=info.version),
            alone_service.preview_undo(table_id, seat.user_id, info=info),
            return_exceptions=True,
        )
        shared = RowsRead(restarted := await open_service())
        log = restarted.shared_log()
        together = await asyncio.gather(
            restarted.private_events(table_id, seat.seat, at=info.version, log=log),
            restarted.preview_undo(table_id, seat.user_id, info=info, log=log),
            return_exceptions=True,
        )
        # each window of the log is read once, however many of the questions read it
        assert shared.reads == [info.version - LOG_TAIL]
        assert [repr(answer) for answer in together] == [repr(answer) for answer in alone]


async def test_the_rows_kept_are_bounded_per_table_and_in_all(service: TableService) -> None:
    """A process serving many tables keeps a bounded number of rows; what it let go is read
    again, and answers stay the same."""
    tables = [await started_table(service) for _ in range(3)]
    for table_id in tables:
        await play_moves(service, table_id, 3 * LOG_TAIL)
    log = RecentLog(service.store, per_table=LOG_TAIL, rows=2 * LOG_TAIL)
    counter = RowsRead(service)
    for table_id in tables:
        version = (await service.info(table_id)).version
        log.add(await service.store.list_actions(table_id))
        assert sum(map(len, log._kept.values())) <= 2 * LOG_TAIL
        assert all(len(rows) <= LOG_TAIL for rows in log._kept.values())
        newest = await log.list_actions(table_id, after=version - LOG_TAIL, upto=version)
        assert [r.version for r in newest] == list(range(version - LOG_TAIL + 1, version + 1))
    counter.reads = []

    first = tables[0]  # the table used longest ago was let go: its rows are read again
    version = (await service.info(first)).version
    rows = await log.list_actions(first, after=version - LOG_TAIL, upto=version)
    assert counter.reads == [version - LOG_TAIL]
    assert rows == await service.store.list_actions(first, after=version - LOG_TAIL)
