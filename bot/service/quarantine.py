"""Quarantine: a table whose stored data cannot be read or played is set aside, alone.

Every loop over many tables (due timers, outbox rows, agent seats at start-up) handles each
table on its own: a failure is logged once with the table id, the table is marked broken in
storage, its timers are finished, and a ``broken`` outbox row tells its players; the loop goes
on with the rest. A quarantined table refuses moves (``TableBroken``) until someone repairs
it, and ``caravanserai db check`` lists it.

``broken`` outbox row: ``version``, ``user_ids`` (the people seated, to be told). The reason
stays in storage and the log: it may quote hidden parts of the game.
"""

from __future__ import annotations

import logging

from storage import Store, TableRecord, Transaction

log = logging.getLogger(__name__)

MAX_REASON = 500


async def tell_players(tx: Transaction, table: TableRecord, kind: str) -> None:
    """Queue a ``kind`` notice (``broken`` or ``released``) to the table's seated people."""
    people = [s.user_id for s in table.seats if s.user_id is not None]
    await tx.enqueue(
        table.id, version=table.version, kind=kind,
        payload={"version": table.version, "user_ids": people},
    )


def describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"[:MAX_REASON]


async def quarantine(store: Store, table_id: int, reason: str) -> bool:
    """Set the table aside; False when it already was (or could not be, which is logged)."""
    try:
        async with store.transaction() as tx:
            if not await tx.mark_broken(table_id, reason[:MAX_REASON]):
                return False
            await tx.cancel_timers(table_id)
            table = await tx.get_table(table_id)
            assert table is not None
            await tell_players(tx, table, "broken")
    except Exception:
        log.exception("table %s: could not be quarantined", table_id)
        return False
    log.warning("table %s is quarantined: %s", table_id, reason)
    return True
