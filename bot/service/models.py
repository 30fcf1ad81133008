"""What the service hands back: plain frozen data, safe to pass to any layer."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from games.core import Decision, Event, Game, Outcome
from storage import SeatRecord, TableRecord, TableStatus


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    user_id: int | None  # a person, or
    agent: str | None  # an agent level such as "greedy"
    name: str
    owner_id: int | None = None  # the person an agent stands in for, who may reclaim the seat

    @property
    def is_agent(self) -> bool:
        return self.agent is not None

    @classmethod
    def from_record(cls, record: SeatRecord) -> SeatInfo:
        return cls(record.seat, record.user_id, record.agent, record.name, record.owner_id)


@dataclass(frozen=True, slots=True)
class TableInfo:
    id: int
    game: str
    guild_id: int | None
    channel_id: int | None
    lobby_message_id: int | None
    thread_id: int | None
    status: TableStatus
    options: dict[str, Any]
    seed: int
    host_id: int
    version: int  # number of actions applied since the start
    seats: tuple[SeatInfo, ...]  # in seat order, which is join order
    created_at: datetime
    updated_at: datetime
    pace: str = "daily"  # a name in bot.service.pace.PACES
    broken: str | None = None  # why the table is quarantined, if it is
    revision: int = 0  # counts changes to the row and seats other than moves

    @classmethod
    def from_record(cls, record: TableRecord) -> TableInfo:
        return cls(
            id=record.id,
            game=record.game,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            lobby_message_id=record.lobby_message_id,
            thread_id=record.thread_id,
            status=record.status,
            options=record.options,
            seed=record.seed,
            host_id=record.host_id,
            version=record.version,
            seats=tuple(SeatInfo.from_record(s) for s in record.seats),
            created_at=record.created_at,
            updated_at=record.updated_at,
            pace=record.pace,
            broken=record.broken,
            revision=record.revision,
        )

    def seat_of(self, user_id: int) -> int | None:
        """The seat a user holds here, or None."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def owned_by(self, user_id: int) -> int | None:
        """The seat an agent holds for this user (who may take it back), or None."""
        for seat in self.seats:
            if seat.owner_id == user_id and seat.agent is not None:
                return seat.seat
        return None

    def holder(self, seat: int) -> SeatInfo:
        return self.seats[seat]

    @property
    def user_ids(self) -> tuple[int, ...]:
        return tuple(s.user_id for s in self.seats if s.user_id is not None)


@dataclass(frozen=True, slots=True)
class NextDecision:
    """Who decides next and between what (the holder of the seat included)."""

    seat: int
    label: str  # how the rules name the seat, e.g. "Blue"
    user_id: int | None
    agent: str | None
    name: str
    kind: str
    prompt: str
    actions: tuple[str, ...]

    @property
    def is_agent(self) -> bool:
        return self.agent is not None

    @classmethod
    def of(cls, game: Game[Any], info: TableInfo, decision: Decision) -> NextDecision:
        holder = info.holder(decision.seat)
        return cls(
            seat=decision.seat,
            label=game.seat_label(decision.seat),
            user_id=holder.user_id,
            agent=holder.agent,
            name=holder.name,
            kind=decision.kind,
            prompt=decision.prompt,
            actions=decision.actions,
        )


@dataclass(frozen=True, slots=True)
class LoadedTable:
    info: TableInfo
    game: Game[Any]
    state: Any  # None while the table is in its lobby
    version: int

    @property
    def decision(self) -> Decision | None:
        return None if self.state is None else self.game.decision(self.state)

    @property
    def next(self) -> NextDecision | None:
        decision = self.decision
        return None if decision is None else NextDecision.of(self.game, self.info, decision)


@dataclass(frozen=True, slots=True)
class MovePreview:
    """What a move would do, worked out before it is made (nothing is stored).

    Shown with Confirm / Back when ``irreversible``: the player could not take it back alone.
    """

    table_id: int
    version: int  # the table's version now; pass it to ``submit`` as expected_version
    seat: int
    action: str  # canonical notation, what to submit on Confirm
    description: str  # short label of the action, e.g. "Place on #5 Trader"
    events: tuple[str, ...]  # what it would say; empty when it reveals something
    irreversible: bool  # undoing it would need the others' consent, or is impossible
    revealed: bool = False  # it reveals hidden information or uses chance: never undone
    passes_turn: bool = False  # another seat decides after it, or the game ends
    warning: str = ""  # one sentence on why it cannot simply be taken back; empty if it can


@dataclass(frozen=True, slots=True)
class MoveResult:
    """One applied action; ``followups`` are the agent moves it triggered, in order.

    A ``duplicate`` result is rebuilt from the log: it describes the first application of the
    request and carries no followups (``load`` tells where the table stands now).
    """

    table_id: int
    version: int  # the table version this action produced
    seat: int
    user_id: int | None  # None for an agent's move
    action: str  # canonical notation
    description: str  # short label of the action, e.g. "Place on #5 Trader"
    events: tuple[Event, ...]  # with their audiences: show each only to whom it is for
    reversible: bool
    next: NextDecision | None  # None once the game is over
    outcome: Outcome | None  # set once the game is over
    duplicate: bool = False  # the request id had already been applied; nothing changed now
    followups: tuple[MoveResult, ...] = field(default_factory=tuple)
    revealed: bool = False  # it revealed hidden information or used chance: never undone
    # it posts nothing (the same seat decides again): its outbox row is only its record
    recorded_only: bool = False

    @property
    def posts(self) -> bool:
        """Whether the thread gets a post from this move or an agent's move it led to (a
        repeated request may still have its post to deliver)."""
        return self.duplicate or any(not r.recorded_only for r in (self, *self.followups))

    @property
    def final(self) -> MoveResult:
        """The last move of the chain: where the table stands now."""
        return self.followups[-1] if self.followups else self
