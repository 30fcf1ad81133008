"""The service's side of outbox delivery: which rows are due, and the retry policy.

Rows are written by the service in the same transaction as the move they announce; the
Discord layer posts them and reports back here. A failed row is retried with a growing delay
and holds back the later rows of its table, so a thread never shows turns out of order. After
``MAX_ATTEMPTS`` failures the row is given up (marked delivered with no message and its last
error kept) so one broken thread cannot stall its table for ever.

Row kinds and their payloads (JSON; user ids are Discord user ids, None for an agent):

``start`` (version 0)
    ``seats``: [{seat, label, user_id, agent, name}], ``started_by`` (the host, who is not
    pinged), plus the ``next_*`` keys below.
``turn`` (one per action, agents' included; one that leaves the same seat deciding posts
nothing and is stored as delivered, a record of the turn for the board that ends it)
    ``version``, ``seat``, ``label``, ``user_id``, ``agent``, ``name`` (who moved),
    ``action`` (notation), ``description`` (short label), ``events`` (the public sentences
    only: the thread's; private events stay in the action log),
    ``reversible``, ``revealed`` (hidden information shown or chance used: never undone),
    ``passes_turn`` (someone else decides next, or the game ended),
    ``game_over``, ``ping`` (whether the board pings the person to decide next: see
    ``bot.service.pings``; a row written before it was added pings), plus the ``next_*`` keys.
``result`` (after the last ``turn``)
    ``version``, ``scores``, ``breakdown`` ([{category: points}] per seat), ``winners`` (seats),
    ``winner_user_ids``, ``reason``, ``tiebreak``, ``result`` (a solo or cooperative result in
    words, or None), ``seats``.
``cancel``
    ``version``, ``by_user``.
``reminder``, ``stalled``
    see ``bot.service.timers``.
``seat``, ``extended``
    see ``bot.service.stalls``; a concession that ends the game writes a ``result`` row with
    ``conceded_seat`` and ``conceded_by`` added and ``reason`` "<Label> conceded".
``undo``, ``undo_request``, ``undo_declined``
    see ``bot.service.undo``; ``undo`` means: post the board at ``version`` (the rewound one).

The ``next_*`` keys say who decides now: ``next_seat``, ``next_label``, ``next_user_id``,
``next_agent``, ``next_name``, ``is_agent``, ``next_kind``, ``next_prompt``, and
``next_deadline`` (Unix seconds for ``<t:…:R>``, None when no person decides); all None, and
``is_agent`` false, once the game is over.

Delivery guarantees. Rows of one table are handed out in id order and a failed row holds back
the later ones (in order per table). A row stays pending until ``mark_delivered``, so a crash
at any point means it is handed out again (at least once). To keep "again" from posting twice,
the dispatcher calls ``begin(row)`` right before it posts: it records the attempt and
returns an ``Attempt`` whose ``earlier`` is the time of a previous attempt that was never
marked delivered (None on a first attempt), and a ``nonce`` unique to the row. When
``earlier`` is set, the previous post may have landed before the crash: the dispatcher checks
the destination (e.g. the thread's recent messages for one sent with that ``nonce``, or whose
text carries it) and, if found, marks the row delivered with that message id instead of
posting again (edit-or-skip). Sending with ``nonce`` and ``enforce_nonce`` also lets Discord
drop a quick duplicate by itself.

Several processes. ``pending`` claims the rows it hands out for this process (``claimer``,
one name per process: its host and shard range) for ``CLAIM_SECONDS``, and passes over the
tables whose rows another live process holds, so each table's posts are made by one process
and in order. Each pass renews the claims; those of a process that is gone run out and are
taken over, and a process restarted under the same name takes its own back at once.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.service.quarantine import quarantine
from storage import Clock, OutboxRecord, StorageError, Store

log = logging.getLogger(__name__)

FIRST_RETRY_SECONDS = 5.0
MAX_RETRY_SECONDS = 15 * 60.0
MAX_ATTEMPTS = 12


def retry_delay(attempts: int) -> timedelta:
    """The wait after the ``attempts``-th failure: 5 s, 10 s, 20 s, … at most 15 minutes."""
    seconds = FIRST_RETRY_SECONDS * 2 ** max(0, attempts - 1)
    return timedelta(seconds=min(seconds, MAX_RETRY_SECONDS))


@dataclass(frozen=True, slots=True)
class Attempt:
    row: OutboxRecord
    earlier: datetime | None  # a previous attempt that may have landed; None on the first
    nonce: str  # unique to the row; send it with the post so a retry can recognise it

    @property
    def retry_after_crash(self) -> bool:
        return self.earlier is not None


def nonce_for(outbox_id: int) -> str:
    """A Discord message nonce (≤ 25 characters) naming the outbox row."""
    return f"cvs-{outbox_id}"


CLAIM_SECONDS = 60.0


def default_claimer() -> str:
    return f"{socket.gethostname()}/all shards"


class Outbox:
    def __init__(
        self, store: Store, clock: Clock, *, claimer: str | None = None,
        claim_seconds: float = CLAIM_SECONDS,
    ) -> None:
        self._store = store
        self._clock = clock
        self.claimer = claimer or default_claimer()
        self.claim_seconds = claim_seconds
        self._lease = timedelta(seconds=claim_seconds)

    async def pending(self, limit: int = 50, held: Collection[int] = ()) -> list[OutboxRecord]:
        """Due rows, oldest first, never one that would overtake an earlier row of its table;
        none of the tables in ``held``, whose posts this process is making now.

        A row whose payload cannot be read is given up (its error kept) and its table
        quarantined, so it holds back neither its table nor any other."""
        rows = await self._store.claim_outbox(
            self.claimer, limit=limit, now=self._clock(), lease=self._lease, held=held
        )
        readable = []
        for row in rows:
            if row.unreadable is None:
                readable.append(row)
                continue
            log.error("table %s: outbox row %s (%s) %s", row.table_id, row.id, row.kind,
                      row.unreadable)
            await self.give_up(row.id, row.unreadable)
            await quarantine(self._store, row.table_id, f"outbox row {row.id}: {row.unreadable}")
        return readable

    async def begin(self, row: OutboxRecord) -> Attempt:
        """Record that a delivery of ``row`` (as ``pending`` handed it out) starts now; call
        it right before posting."""
        now = self._clock()
        # The claim is renewed as each row's posting begins: passes leave a table being posted
        # out of their claims, so a table posted for longer than a lease still stays here.
        earlier = await self._store.mark_attempted(
            row.id, at=now, claimed_until=now + self._lease
        )
        return Attempt(
            row=replace(row, attempted_at=now), earlier=earlier, nonce=nonce_for(row.id)
        )

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

    async def postpone(self, outbox_id: int, reason: str, delay: timedelta) -> None:
        """Try the row again after ``delay``, never giving it up: its table's game is not
        installed now, and the row (with the table's later rows) waits for it."""
        await self._store.mark_failed(outbox_id, reason[:1000], retry_at=self._clock() + delay)

    async def give_up(self, outbox_id: int, error: str) -> None:
        """Stop delivering the row at once, keeping why (it is never retried)."""
        await self._store.mark_failed(outbox_id, error[:1000])
        await self._store.mark_delivered(outbox_id, message_id=None, at=self._clock())

    def age(self, row: OutboxRecord) -> timedelta:
        """How long ago the row was written."""
        return self._clock() - row.created_at

    async def for_table(self, table_id: int, *, newest: int | None = None) -> list[OutboxRecord]:
        """Every row of a table, delivered or not; with ``newest``, that many of the latest."""
        return await self._store.list_outbox(table_id, newest=newest)
