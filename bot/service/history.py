"""The effective action log: which rows of the append-only log make the current state.

Each row is committed on top of the state at the version before it. A ``move`` applies its
action; an ``undo`` row's state is the state at its ``undo_to`` version, an earlier version
of the effective log, so the moves after that version are skipped from then on; a
``concede`` row ends the game and changes nothing on the board. The invariant the service
keeps: every stored snapshot equals ``game.replay`` of ``effective_moves`` up to its version.
"""

from __future__ import annotations

import asyncio
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
    """What ``line_tail`` reads the log with: the store, a transaction or a ``SharedLog``."""

    def list_actions(
        self, table_id: int, *, after: int = 0
    ) -> Awaitable[list[ActionRecord]]: ...


class SharedLog:
    """The log reads of one answer, each made once however many questions ask it: a
    person's panel asks for their private notes and for their Undo at the same moment, and
    both start from the same end of the log."""

    def __init__(self, reader: LogReader) -> None:
        self._reader = reader
        self._reads: dict[tuple[int, int], asyncio.Future[list[ActionRecord]]] = {}

    def list_actions(
        self, table_id: int, *, after: int = 0
    ) -> Awaitable[list[ActionRecord]]:
        read = self._reads.get((table_id, after))
        if read is None:
            read = asyncio.ensure_future(self._reader.list_actions(table_id, after=after))
            self._reads[(table_id, after)] = read
        return read


async def line_tail(
    reader: LogReader,
    table_id: int,
    version: int,
    enough: Callable[[list[ActionRecord]], bool],
) -> list[ActionRecord]:
    """The newest moves of the line of play (the end of ``effective_moves``), reaching back at
    least as far as ``enough`` asks; ``version`` is about the table's latest (a guess only
    sets where reading starts). The log is read from the end in growing windows: one window
    answers nearly every question, and the whole log is read when none does."""
    span = LOG_TAIL
    while version - span > 0:
        base = version - span
        chain = _line(await reader.list_actions(table_id, after=base), floor=base)
        if chain is not None and enough(chain):
            return chain
        span *= 4
    return effective_moves(await reader.list_actions(table_id))
