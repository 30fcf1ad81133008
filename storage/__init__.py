"""Persistence behind a small async protocol; ``open_store(url)`` picks the backend."""

from __future__ import annotations

from storage.base import (
    OPEN_STATUSES,
    POOL_SIZE,
    ActionKind,
    ActionRecord,
    AgentJobRecord,
    AwayPeriod,
    Clock,
    Conflict,
    DuplicateRequest,
    Inbox,
    LoggedMove,
    ModerationRecord,
    MoveCommit,
    NotifyMethod,
    OutboxRecord,
    Reader,
    RecordConflict,
    ReplaySource,
    SeatChangeRecord,
    SeatConflict,
    SeatedTable,
    SeatRecord,
    SnapshotRecord,
    StatusConflict,
    StorageError,
    Store,
    TableRecord,
    TableStatus,
    TimerKind,
    TimerOutcome,
    TimerRecord,
    Transaction,
    TurnPings,
    TurnTime,
    UndoRequestRecord,
    UndoStatus,
    UserSettingsRecord,
    VersionConflict,
    utc_now,
)
from storage.sqlite import SqliteStore

SQLITE_PREFIX = "sqlite://"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


def sqlite_path(url: str) -> str:
    """The database path in an SQLite URL.

    ``sqlite:///games.db`` is relative to the working directory, ``sqlite:////var/db/games.db``
    is absolute, and ``sqlite://:memory:`` (or ``sqlite:///:memory:``) is a private in-memory
    database that disappears on close.
    """
    if not url.startswith(SQLITE_PREFIX):
        raise ValueError(f"not an SQLite URL: {url!r} (expected sqlite:///path.db)")
    rest = url[len(SQLITE_PREFIX) :].partition("?")[0]
    if rest in (":memory:", "/:memory:"):
        return ":memory:"
    if not rest.startswith("/") or rest == "/":
        raise ValueError(f"{url!r} has no path; write sqlite:///relative.db or sqlite:////abs.db")
    return rest[1:]


def sqlite_synchronous(url: str) -> str:
    """How hard a commit is pushed to disk: ``NORMAL`` (the default) or, with
    ``?synchronous=full``, ``FULL``.

    Both survive a crash of the bot itself with every committed move. FULL also syncs the
    write-ahead log at every commit, so a committed move survives a power cut or an OS crash;
    NORMAL syncs only at checkpoints, so those may lose the last commits (never corrupt the
    file). On the benchmark machine FULL did not keep the p95 of a submit within 5 ms: with
    the disk quiet an fsync took about 0.4 ms and the p95 was 4.8-5.8 ms (NORMAL 4.2 ms);
    with the disk shared an fsync took 3-4 ms and the p95 24-34 ms (NORMAL about 20 ms). So
    NORMAL stays the default, and FULL is there for hosts whose disks sync fast or where every
    move matters more than speed. ``python -m bench.submit`` measures both on your disk."""
    query = url.partition("?")[2]
    if not query:
        return "NORMAL"
    key, _, value = query.partition("=")
    if key != "synchronous" or value.lower() not in ("full", "normal"):
        raise ValueError(
            f"unknown SQLite URL option {query!r}; the one option is synchronous=full or "
            "synchronous=normal"
        )
    return value.upper()


async def open_store(url: str, *, clock: Clock = utc_now, pool_size: int = POOL_SIZE) -> Store:
    """Open the database named by ``url`` and bring its schema up to date.

    ``sqlite:///path.db`` is the embedded backend, for one bot process; ``postgresql://user:pass
    @host/db`` (``?host=/run/postgresql`` for a Unix socket) the shared one, for several.
    """
    if url.startswith(SQLITE_PREFIX):
        return await SqliteStore.open(
            sqlite_path(url), clock=clock, synchronous=sqlite_synchronous(url)
        )
    if url.startswith(POSTGRES_PREFIXES):
        from storage.postgres import PostgresStore

        return await PostgresStore.open(url, clock=clock, pool_size=pool_size)
    scheme = url.split(":", 1)[0]
    raise ValueError(
        f"no storage backend for {scheme!r} URLs; use sqlite:///path.db or "
        "postgresql://user:password@host/database"
    )


__all__ = [
    "OPEN_STATUSES",
    "POOL_SIZE",
    "ActionKind",
    "ActionRecord",
    "AgentJobRecord",
    "AwayPeriod",
    "Clock",
    "Conflict",
    "DuplicateRequest",
    "Inbox",
    "LoggedMove",
    "ModerationRecord",
    "MoveCommit",
    "NotifyMethod",
    "OutboxRecord",
    "Reader",
    "RecordConflict",
    "ReplaySource",
    "SeatChangeRecord",
    "SeatConflict",
    "SeatRecord",
    "SeatedTable",
    "SnapshotRecord",
    "StatusConflict",
    "StorageError",
    "Store",
    "TableRecord",
    "TableStatus",
    "TimerKind",
    "TimerOutcome",
    "TimerRecord",
    "Transaction",
    "TurnPings",
    "TurnTime",
    "UndoRequestRecord",
    "UndoStatus",
    "UserSettingsRecord",
    "VersionConflict",
    "open_store",
    "sqlite_path",
    "sqlite_synchronous",
    "utc_now",
]
