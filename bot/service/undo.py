"""Undo: free while the same seat still decides, by consent once the turn passed, never past chance.

What can be undone is always the user's own last move in the effective log together with
every move since. Each logged move says whether it was ``reversible`` (nothing revealed, no
chance used, the same seat deciding after it) and whether it ``revealed`` hidden information
or used chance. Over those moves:

- Never, when any of them revealed something: what was seen cannot be unseen and chance
  cannot be drawn again. Moves logged before the flag existed count as revealing.
- Direct, when every one of them was reversible, or when no other person plays at the table
  (agents do not need to agree): ``preview_undo(table, user)`` says what would be undone
  (``UndoPreview``, with notation and words for a Confirm / Back prompt);
  ``undo(table, user, request_id)`` does it.
- By consent otherwise (the decision passed to another seat, nothing revealed):
  ``request_undo(table, user)`` opens an ``UndoRequestInfo`` that every other person seated
  must accept (``consent_undo(request, user)``) or may refuse (``decline_undo``). The last
  consent rewinds the table. A request is stale, and can no longer be accepted, once the
  table moves on from the version it was asked at. ``UndoPreview.reason`` says why consent
  is needed, e.g. "White has moved since; White must agree to the undo."

Rewinding appends an ``undo`` row to the log (it never deletes or edits one) whose state is
the state before the undone move; its snapshot is written like any move's and the version
keeps increasing, so a button from before the undo stays stale. See ``bot.service.history``.

Outbox rows: ``undo`` (post the rewound board) with ``version``, ``by_user``, ``seat``,
``label``, ``restored_version``, ``undone`` ([{version, seat, label, action, description}]),
``request`` (the undo request id, or None) and the ``next_*`` keys; ``undo_request`` with
``request``, ``version``, ``by_user``, ``seat``, ``label``, ``undone``, ``needed`` (user ids)
and ``reason`` (why their consent is needed);
``undo_declined`` with ``request``, ``version``, ``by_user``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.service.errors import (
    NotAllowed,
    NotSeated,
    StaleVersion,
    TableNotActive,
    UndoRefused,
    UndoRequestNotFound,
)
from bot.service.history import SharedLog, effective_moves, line_tail
from bot.service.models import MoveResult, NextDecision, SeatInfo, TableInfo
from bot.service.tables import TableCore
from games.core import Game
from storage import (
    ActionRecord,
    DuplicateRequest,
    StatusConflict,
    UndoRequestRecord,
    UndoStatus,
    VersionConflict,
)


@dataclass(frozen=True, slots=True)
class UndoStep:
    version: int
    seat: int
    label: str
    action: str  # notation
    description: str  # words


@dataclass(frozen=True, slots=True)
class UndoPreview:
    table_id: int
    version: int  # the table's version now; pass it back to ``undo`` as expected_version
    target_version: int  # the version whose state the undo restores
    steps: tuple[UndoStep, ...]  # what would be undone, oldest first
    direct: bool  # True: ``undo`` may do it now; False: it needs ``request_undo``
    needs_consent_from: tuple[int, ...]  # user ids, when not direct
    reason: str = ""  # when not direct: why the others must agree, in words

    @property
    def summary(self) -> str:
        return "; ".join(f"{s.label}: {s.description or s.action}" for s in self.steps)


@dataclass(frozen=True, slots=True)
class UndoResult:
    table_id: int
    version: int  # the version of the undo row
    target_version: int
    undone: tuple[UndoStep, ...]
    next: NextDecision | None
    duplicate: bool = False
    followups: tuple[MoveResult, ...] = ()  # agent moves made after the rewind


@dataclass(frozen=True, slots=True)
class UndoRequestInfo:
    id: int
    table_id: int
    requested_by: int
    at_version: int
    target_version: int
    needed: tuple[int, ...]
    consents: tuple[int, ...]
    status: UndoStatus  # open, applied, declined or stale
    steps: tuple[UndoStep, ...]

    @property
    def waiting_for(self) -> tuple[int, ...]:
        return tuple(u for u in self.needed if u not in self.consents)


def _steps(game: Game[Any], rows: list[ActionRecord]) -> tuple[UndoStep, ...]:
    return tuple(
        UndoStep(r.version, r.seat, game.seat_label(r.seat), r.action, r.description) for r in rows
    )


class UndoOps(TableCore):
    async def _plan(
        self, info: TableInfo, user_id: int, log: SharedLog | None = None
    ) -> tuple[UndoPreview, list[ActionRecord]]:
        engine = self.game_of(info)
        state = await self._state_at(info, engine, info.version)
        self._require_active(info, engine, state)
        seat = info.seat_of(user_id)
        if seat is None:
            raise NotSeated("Only a player seated at this table can undo.")
        def by_them(row: ActionRecord) -> bool:
            return row.seat == seat and row.user_id == user_id

        chain = await line_tail(
            log or self._log, info.id, info.version, lambda tail: any(map(by_them, tail))
        )
        mine = [i for i, r in enumerate(chain) if by_them(r)]
        if not mine:
            raise UndoRefused("You have no move here that could be undone.")
        since = chain[mine[-1] :]
        revealing = [r for r in since if r.revealed]
        if revealing:
            raise UndoRefused(_revealed_reason(engine, revealing[0], since[0]))
        others = [s for s in info.seats if s.user_id is not None and s.user_id != user_id]
        free = all(r.reversible for r in since)
        direct = free or not others
        preview = UndoPreview(
            table_id=info.id,
            version=info.version,
            target_version=since[0].version - 1,
            steps=_steps(engine, since),
            direct=direct,
            needs_consent_from=() if direct else tuple(s.user_id for s in others if s.user_id),
            reason="" if direct else _consent_reason(engine, state, seat, since, others),
        )
        return preview, since

    async def preview_undo(
        self,
        table_id: int,
        user_id: int,
        *,
        info: TableInfo | None = None,
        log: SharedLog | None = None,
    ) -> UndoPreview:
        """What ``undo`` would take back now, and whether it needs the others' consent;
        ``info``, when the caller has just read the table, spares reading it again; ``log``:
        reads shared with other questions asked at once (``shared_log``)."""
        if info is None or info.id != table_id:
            info = await self._info(self.store, table_id)
        preview, _ = await self._plan(info, user_id, log)
        return preview

    async def undo(
        self,
        table_id: int,
        user_id: int,
        request_id: str,
        expected_version: int | None = None,
    ) -> UndoResult:
        """Undo the user's last move (and any of theirs since) when no consent is needed.

        Idempotent by ``request_id``; ``expected_version`` is the preview's ``version``."""
        async with self._lock(table_id):
            earlier = await self.store.action_by_request(table_id, request_id)
            if earlier is not None and earlier.kind == "undo":
                return await self._undo_replayed(earlier)
            info = await self._info(self.store, table_id)
            if expected_version is not None and expected_version != info.version:
                raise StaleVersion(
                    "The game moved on since you asked; look again before undoing.",
                    expected=expected_version,
                    actual=info.version,
                )
            preview, _ = await self._plan(info, user_id)
            if not preview.direct:
                raise UndoRefused(f"{preview.reason} Ask with an undo request.")
            return await self._rewind(info, preview, user_id, request_id, None)

    async def request_undo(self, table_id: int, user_id: int) -> UndoRequestInfo:
        """Ask the other players to agree to undo; applied at once when no one must agree."""
        async with self._lock(table_id):
            info = await self._info(self.store, table_id)
            preview, _ = await self._plan(info, user_id)
            engine = self.game_of(info)
            open_request = await self.store.open_undo_request(table_id)
            if open_request is not None and open_request.at_version == info.version:
                if open_request.requested_by == user_id:
                    return self._request_info(open_request, preview.steps)
                raise UndoRefused("Another undo request is waiting for answers at this table.")
            seat = info.seat_of(user_id)
            assert seat is not None
            needed = () if preview.direct else preview.needs_consent_from
            async with self.store.transaction() as tx:
                if open_request is not None:
                    await tx.update_undo_request(
                        open_request.id, consents=open_request.consents, status="stale"
                    )
                request = await tx.create_undo_request(
                    table_id,
                    requested_by=user_id,
                    seat=seat,
                    at_version=info.version,
                    target_version=preview.target_version,
                    needed=needed,
                )
                if needed:
                    await tx.enqueue(
                        table_id,
                        version=info.version,
                        kind="undo_request",
                        payload={
                            "request": request,
                            "version": info.version,
                            "by_user": user_id,
                            "seat": seat,
                            "label": engine.seat_label(seat),
                            "undone": [_step_payload(s) for s in preview.steps],
                            "needed": list(needed),
                            "reason": preview.reason,
                        },
                    )
            if not needed:
                await self._rewind(info, preview, user_id, f"undo-request:{request}", request)
            record = await self.store.get_undo_request(request)
            assert record is not None
            return self._request_info(record, preview.steps)

    async def consent_undo(self, request_id: int, user_id: int) -> UndoRequestInfo:
        """Agree to an undo request; the last consent needed rewinds the table."""
        return await self._answer(request_id, user_id, agree=True)

    async def decline_undo(self, request_id: int, user_id: int) -> UndoRequestInfo:
        """Refuse an undo request; it is closed and the game goes on."""
        return await self._answer(request_id, user_id, agree=False)

    async def undo_request(self, request_id: int) -> UndoRequestInfo:
        record = await self.store.get_undo_request(request_id)
        if record is None:
            raise UndoRequestNotFound("There is no such undo request.")
        return self._request_info(record, await self._request_steps(record))

    async def _answer(self, request_id: int, user_id: int, *, agree: bool) -> UndoRequestInfo:
        record = await self.store.get_undo_request(request_id)
        if record is None:
            raise UndoRequestNotFound("There is no such undo request.")
        async with self._lock(record.table_id):
            record = await self.store.get_undo_request(request_id)
            assert record is not None
            if record.status != "open":
                raise UndoRequestNotFound(f"This undo request is already {record.status}.")
            if user_id not in record.needed:
                raise NotAllowed("This undo request does not wait for your answer.")
            info = await self._info(self.store, record.table_id)
            if info.version != record.at_version or info.status != "active":
                async with self.store.transaction() as tx:
                    await tx.update_undo_request(
                        request_id, consents=record.consents, status="stale"
                    )
                raise UndoRefused("The game moved on since this undo was asked; it has lapsed.")
            steps = await self._request_steps(record)
            if not agree:
                async with self.store.transaction() as tx:
                    await tx.update_undo_request(
                        request_id, consents=record.consents, status="declined"
                    )
                    await tx.enqueue(
                        info.id,
                        version=info.version,
                        kind="undo_declined",
                        payload={
                            "request": request_id,
                            "version": info.version,
                            "by_user": user_id,
                        },
                    )
            else:
                consents = tuple(sorted({*record.consents, user_id}))
                if set(record.needed) <= set(consents):
                    preview, _ = await self._plan(info, record.requested_by)
                    async with self.store.transaction() as tx:
                        await tx.update_undo_request(request_id, consents=consents, status="open")
                    await self._rewind(
                        info, preview, record.requested_by, f"undo-request:{request_id}", request_id
                    )
                else:
                    async with self.store.transaction() as tx:
                        await tx.update_undo_request(request_id, consents=consents, status="open")
            done = await self.store.get_undo_request(request_id)
            assert done is not None
            return self._request_info(done, steps)

    async def _request_steps(self, record: UndoRequestRecord) -> tuple[UndoStep, ...]:
        info = await self._info(self.store, record.table_id)
        chain = effective_moves(await self.store.list_actions(record.table_id), record.at_version)
        rows = [r for r in chain if r.version > record.target_version]
        return _steps(self.game_of(info), rows)

    @staticmethod
    def _request_info(record: UndoRequestRecord, steps: tuple[UndoStep, ...]) -> UndoRequestInfo:
        return UndoRequestInfo(
            id=record.id,
            table_id=record.table_id,
            requested_by=record.requested_by,
            at_version=record.at_version,
            target_version=record.target_version,
            needed=record.needed,
            consents=record.consents,
            status=record.status,
            steps=steps,
        )

    async def _rewind(
        self,
        info: TableInfo,
        preview: UndoPreview,
        user_id: int,
        request_id: str,
        undo_request: int | None,
    ) -> UndoResult:
        """Append the undo row: the state goes back to ``preview.target_version``."""
        engine = self.game_of(info)
        state = await self._state_at(info, engine, preview.target_version)
        seat = info.seat_of(user_id)
        assert seat is not None
        new_version = info.version + 1
        decision = engine.decision(state)
        label = engine.seat_label(seat)
        count = len(preview.steps)
        sentence = f"{label} took back {count} move{'s' if count > 1 else ''}."
        try:
            async with self.store.transaction() as tx:
                await tx.advance_version(info.id, expected=info.version, new=new_version)
                await tx.append_action(
                    info.id,
                    version=new_version,
                    seat=seat,
                    action="undo",
                    request_id=request_id,
                    user_id=user_id,
                    kind="undo",
                    events=[sentence],
                    description=f"Undo {preview.summary}",
                    undo_to=preview.target_version,
                )
                await self._put_snapshot(tx, info.id, new_version, engine.to_json(state))
                await tx.set_status(info.id, "active", expected="active")
                deadline = await self._schedule(tx, info, decision, new_version)
                if undo_request is not None:
                    request = await tx.get_undo_request(undo_request)
                    assert request is not None
                    await tx.update_undo_request(
                        undo_request, consents=request.consents, status="applied"
                    )
                await tx.enqueue(
                    info.id,
                    version=new_version,
                    kind="undo",
                    payload={
                        "version": new_version,
                        "by_user": user_id,
                        "seat": seat,
                        "label": label,
                        "restored_version": preview.target_version,
                        "undone": [_step_payload(s) for s in preview.steps],
                        "events": [sentence],
                        "request": undo_request,
                        **self._next_payload(engine, info, decision, deadline),
                    },
                )
        except StatusConflict as conflict:
            self._states.pop(info.id, None)
            raise TableNotActive(f"Table #{info.id} is {conflict.actual} now.") from conflict
        except (VersionConflict, DuplicateRequest) as conflict:
            self._states.pop(info.id, None)
            raise StaleVersion(
                "Someone moved at the same moment; look at the latest board and try again.",
                expected=info.version,
                actual=info.version + 1,
            ) from conflict
        self._scheduled(deadline)
        self._remember(info.id, new_version, state)
        followups = await self._agents_answer(info, engine, state, new_version)
        return UndoResult(
            table_id=info.id,
            version=new_version,
            target_version=preview.target_version,
            undone=preview.steps,
            next=None if decision is None else NextDecision.of(engine, info, decision),
            followups=tuple(followups),
        )

    async def _undo_replayed(self, row: ActionRecord) -> UndoResult:
        info = await self._info(self.store, row.table_id)
        engine = self.game_of(info)
        assert row.undo_to is not None
        rows = await self.store.list_actions(info.id)
        before = effective_moves(rows, row.version - 1)
        undone = [r for r in before if r.version > row.undo_to]
        state = await self._state_at(info, engine, row.version)
        decision = engine.decision(state)
        return UndoResult(
            table_id=info.id,
            version=row.version,
            target_version=row.undo_to,
            undone=_steps(engine, undone),
            next=None if decision is None else NextDecision.of(engine, info, decision),
            duplicate=True,
        )


def _revealed_reason(game: Game[Any], row: ActionRecord, own: ActionRecord) -> str:
    what = row.description or row.action
    if row.version == own.version:
        return (
            f"That move ({what}) revealed hidden information or used chance, "
            "so it cannot be undone."
        )
    return (
        f"{game.seat_label(row.seat)}'s move since yours ({what}) revealed hidden information "
        "or used chance, so your move can no longer be undone."
    )


def _consent_reason(
    game: Game[Any], state: Any, seat: int, since: list[ActionRecord], others: list[SeatInfo]
) -> str:
    """Why the other players must agree: they moved since, or the turn passed to them."""
    moved = list(dict.fromkeys(game.seat_label(r.seat) for r in since if r.seat != seat))
    needed = _and([game.seat_label(s.seat) for s in others])
    if moved:
        verb = "has" if len(moved) == 1 else "have"
        return f"{_and(moved)} {verb} moved since; {needed} must agree to the undo."
    decision = game.decision(state)
    now = "another player" if decision is None else game.seat_label(decision.seat)
    return f"The turn has passed to {now}; {needed} must agree to the undo."


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _step_payload(step: UndoStep) -> dict[str, Any]:
    return {
        "version": step.version,
        "seat": step.seat,
        "label": step.label,
        "action": step.action,
        "description": step.description,
    }


__all__ = ["UndoOps", "UndoPreview", "UndoRequestInfo", "UndoResult", "UndoStep"]
