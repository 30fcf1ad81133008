"""The service's side of outbox delivery: which rows are due, and the retry policy.

Rows are written by the service in the same transaction as the move they announce; the
Discord layer posts them and reports back here. A failed row is retried with a growing delay
and holds back the later rows of its table, so a thread never shows turns out of order. After
``MAX_ATTEMPTS`` failures the row is given up (marked delivered with no message and its last
error kept) so one broken thread cannot stall its table for ever.

Row kinds and their payloads (JSON; user ids are Discord user ids, None for an agent):

``start`` (version 0)
    ``seats``: [{seat, label, user_id, agent, name}], plus the ``next_*`` keys below.
``turn`` (one per action, agents' included)
    ``version``, ``seat``, ``label``, ``user_id``, ``agent``, ``name`` (who moved),
    ``action`` (notation), ``description`` (short label), ``events`` (sentences),
    ``reversible``, ``passes_turn`` (someone else decides next, or the game ended),
    ``game_over``, plus the ``next_*`` keys.
``result`` (after the last ``turn``)
    ``version``, ``scores``, ``breakdown`` ([{category: points}] per seat), ``winners`` (seats),
    ``winner_user_ids``, ``reason``, ``tiebreak``, ``seats``.
``cancel``
    ``version``, ``by_user``.

The ``next_*`` keys say who decides now: ``next_seat``, ``next_label``, ``next_user_id``,
``next_agent``, ``next_name``, ``is_agent``, ``next_kind``, ``next_prompt`` (all None, and
``is_agent`` false, once the game is over).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from storage import Clock, OutboxRecord, StorageError, Store

log = logging.getLogger(__name__)

FIRST_RETRY_SECONDS = 5.0
MAX_RETRY_SECONDS = 15 * 60.0
MAX_ATTEMPTS = 12


def retry_delay(attempts: int) -> timedelta:
    """The wait after the ``attempts``-th failure: 5 s, 10 s, 20 s, … at most 15 minutes."""
    seconds = FIRST_RETRY_SECONDS * 2 ** max(0, attempts - 1)
    return timedelta(seconds=min(seconds, MAX_RETRY_SECONDS))


class Outbox:
    def __init__(self, store: Store, clock: Clock) -> None:
        self._store = store
        self._clock = clock

    async def pending(self, limit: int = 50) -> list[OutboxRecord]:
        """Due rows, oldest first, never one that would overtake an earlier row of its table."""
        return await self._store.pending_outbox(limit, now=self._clock())

    async def mark_delivered(self, outbox_id: int, message_id: int | None = None) -> None:
        await self._store.mark_delivered(outbox_id, message_id=message_id, at=self._clock())

    async def mark_failed(self, outbox_id: int, error: str) -> None:
        row = await self._store.get_outbox(outbox_id)
        if row is None:
            raise StorageError(f"no outbox row {outbox_id}")
        attempts = row.attempts + 1
        now = self._clock()
        await self._store.mark_failed(outbox_id, error[:1000], retry_at=now + retry_delay(attempts))
        if attempts >= MAX_ATTEMPTS:
            log.warning(
                "giving up outbox row %s (%s of table %s) after %s attempts: %s",
                outbox_id,
                row.kind,
                row.table_id,
                attempts,
                error,
            )
            await self._store.mark_delivered(outbox_id, message_id=None, at=now)

    async def for_table(self, table_id: int) -> list[OutboxRecord]:
        """Every row of a table, delivered or not (for checks and tests)."""
        return await self._store.list_outbox(table_id)
