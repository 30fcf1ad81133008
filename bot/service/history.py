"""The effective action log: which rows of the append-only log make the current state.

Each row is committed on top of the state at the version before it. A ``move`` applies its
action; an ``undo`` row's state is the state at its ``undo_to`` version, an earlier version
of the effective log, so the moves after that version are skipped from then on; a
``concede`` row ends the game and changes nothing on the board. The invariant the service
keeps: every stored snapshot equals ``game.replay`` of ``effective_moves`` up to its version.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Protocol, TypeVar

from storage import ActionRecord, LoggedMove


def moves_before(
    rows: Sequence[ActionRecord], chain: Sequence[ActionRecord], base: int
) -> int | None:
    """How many of ``chain``'s moves (``effective_moves`` of some version) make the position
    at ``base``, when ``base`` lies on that line of play (no undo since went back past it);
    else None."""
    line = [r.version for r in effective_moves(rows, base)]
    if line != [r.version for r in chain[: len(line)]]:
        return None
    return len(line)


def effective_moves(rows: Sequence[ActionRecord], upto: int | None = None) -> list[ActionRecord]:
    """The moves, in order, whose replay gives the state at version ``upto`` (default: last)."""
    ordered = sorted(rows, key=lambda r: r.version)
    chain = _line(r for r in ordered if upto is None or r.version <= upto)
    assert chain is not None  # without a floor, no undo goes below it
    return chain


def moves_after(rows: Sequence[LoggedMove], base: int) -> list[LoggedMove] | None:
    """The moves, in order, that make the state at the last of ``rows`` (the log after
    version ``base``, in order) from the state at ``base``; None when an undo among them goes
    back before ``base``, so that state is not on the line of play."""
    return _line(rows, floor=base)


def moves_since(rows: Sequence[ActionRecord], base: int) -> int | None:
    """How many moves the log after version ``base`` (``rows``, in order) adds to the line of
    play at ``base``; None when an undo among them goes back before ``base``."""
    chain = _line(rows, floor=base)
    return None if chain is None else len(chain)


Row = TypeVar("Row", ActionRecord, LoggedMove)

# Log rows read first from the end when only the newest moves matter; a game's whole log grows
# to hundreds of rows, and a person's panel is drawn after every decision.
LOG_TAIL = 32


def _line(rows: Iterable[Row], floor: int | None = None) -> list[Row] | None:
    """The moves of ``rows`` (in version order) that an undo among them did not take back;
    None when an undo goes back before version ``floor``."""
    chain: list[Row] = []
    for row in rows:
        if row.kind == "move":
            chain.append(row)
        elif row.kind == "undo" and row.undo_to is not None:
            if floor is not None and row.undo_to < floor:
                return None
            while chain and chain[-1].version > row.undo_to:
                chain.pop()
    return chain


class LogReader(Protocol):
    """What ``line_tail`` reads the log with: a ``RecentLog`` or a ``SharedLog``."""

    def list_actions(
        self, table_id: int, *, after: int, upto: int
    ) -> Awaitable[list[ActionRecord]]: ...


class StoredLog(Protocol):
    def list_actions(self, table_id: int, *, after: int = 0) -> Awaitable[list[ActionRecord]]: ...


# Rows kept per table, and in all, by ``RecentLog``: a panel reads the newest ``LOG_TAIL``
# rows, and a row of a game's log takes about a kilobyte, so 20 MB in all.
KEPT_PER_TABLE = 2 * LOG_TAIL
KEPT_ROWS = 20_000


class RecentLog:
    """The newest rows of each table's log, as this process wrote or read them last.

    The log is append-only, one row per version, and a row never changes once written
    (only ``prune`` shortens the words of a long-closed table's moves, and a row kept from
    before says more of the same history). So a kept row is always true, even beside other
    processes: a question about the versions ``(after, upto]`` is answered here when every
    one of them is kept, and otherwise by reading the store from the first one missing.
    ``upto`` is a version the asker saw the table reach: the rows asked for exist."""

    def __init__(
        self, store: StoredLog, *, per_table: int = KEPT_PER_TABLE, rows: int = KEPT_ROWS
    ) -> None:
        self._store = store
        self._per_table = per_table
        self._rows = rows
        self._kept: OrderedDict[int, dict[int, ActionRecord]] = OrderedDict()
        self._count = 0

    def add(self, rows: Iterable[ActionRecord]) -> None:
        """Keep ``rows``, as stored."""
        touched: set[int] = set()
        for row in rows:
            kept = self._kept.get(row.table_id)
            if kept is None:
                kept = self._kept[row.table_id] = {}
            if row.version not in kept:
                kept[row.version] = row
                self._count += 1
            touched.add(row.table_id)
        for table_id in touched:
            kept = self._kept[table_id]
            self._kept.move_to_end(table_id)
            if len(kept) > self._per_table:
                floor = max(kept) - self._per_table
                for version in [v for v in kept if v <= floor]:
                    del kept[version]
                    self._count -= 1
        while self._count > self._rows:
            _, dropped = self._kept.popitem(last=False)
            self._count -= len(dropped)

    def kept(self, table_id: int, *, after: int, upto: int) -> list[ActionRecord] | None:
        """The log rows after version ``after`` up to ``upto``, in order, when every one is
        kept; else None (nothing is read)."""
        kept = self._kept.get(table_id, {})
        versions = range(after + 1, upto + 1)
        if any(v not in kept for v in versions):
            return None
        return [kept[v] for v in versions]

    async def list_actions(
        self, table_id: int, *, after: int, upto: int
    ) -> list[ActionRecord]:
        """The log rows after version ``after`` up to ``upto``, in order."""
        kept = self._kept.get(table_id, {})
        first = after + 1
        while first <= upto and first in kept:
            first += 1
        if first <= upto:
            read = await self._store.list_actions(table_id, after=first - 1)
            self.add(read)
            fresh = {row.version: row for row in read}
            kept = {**kept, **fresh}
        elif kept:
            self._kept.move_to_end(table_id)
        return [kept[v] for v in range(after + 1, upto + 1) if v in kept]


class SharedLog:
    """The log reads of one answer, each made once however many questions ask it: a
    person's panel asks for their private notes and for their Undo at the same moment, and
    both start from the same end of the log."""

    def __init__(self, reader: LogReader) -> None:
        self._reader = reader
        self._reads: dict[tuple[int, int, int], asyncio.Future[list[ActionRecord]]] = {}

    def list_actions(
        self, table_id: int, *, after: int, upto: int
    ) -> Awaitable[list[ActionRecord]]:
        key = (table_id, after, upto)
        read = self._reads.get(key)
        if read is None:
            read = asyncio.ensure_future(
                self._reader.list_actions(table_id, after=after, upto=upto)
            )
            self._reads[key] = read
        return read


async def line_tail(
    reader: LogReader,
    table_id: int,
    version: int,
    enough: Callable[[list[ActionRecord]], bool],
) -> list[ActionRecord]:
    """The newest moves of the line of play at ``version`` (the end of ``effective_moves``),
    reaching back at least as far as ``enough`` asks. The log is read from the end in
    growing windows: one window answers nearly every question, and the whole log is read
    when none does."""
    span = LOG_TAIL
    while version - span > 0:
        base = version - span
        rows = await reader.list_actions(table_id, after=base, upto=version)
        chain = _line(rows, floor=base)
        if chain is not None and enough(chain):
            return chain
        span *= 4
    return effective_moves(await reader.list_actions(table_id, after=0, upto=version))
