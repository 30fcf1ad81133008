"""Stalled seats and seats changing hands: extend, agent takeover, take seat, leave, concede."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import (
    AlreadySeated,
    NotAllowed,
    NotSeated,
    NotStalled,
    NotYourTurn,
    TableNotActive,
    TableService,
)
from tests.service.conftest import CHANNEL, GUEST, GUILD, HOST, OUTSIDER, play_moves, started_table
from tests.storage.conftest import FakeClock

DAY = 24 * 3600


async def deciding(service: TableService, table_id: int) -> tuple[int, int]:
    """(seat, user id) of the person who must decide now."""
    nxt = (await service.load(table_id)).next
    assert nxt is not None and nxt.user_id is not None
    return nxt.seat, nxt.user_id


def other(user: int) -> int:
    return GUEST if user == HOST else HOST


async def kinds(service: TableService, table_id: int) -> list[str]:
    return [r.kind for r in await service.outbox.for_table(table_id)]


async def test_extend_only_after_the_deadline_and_only_by_players(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await started_table(service)
    seat, user = await deciding(service, table_id)
    with pytest.raises(NotStalled, match="still has time") as early:
        await service.extend(table_id, other(user))
    assert early.value.deadline == clock.now + timedelta(days=1)
    clock.advance(DAY)
    with pytest.raises(NotSeated):
        await service.extend(table_id, OUTSIDER)
    deadline = await service.extend(table_id, other(user))
    assert deadline == clock.now + timedelta(days=1)
    assert await service.deadline(table_id) == deadline
    assert not (await service.table_info(table_id)).stalled
    row = (await service.outbox.for_table(table_id))[-1]
    assert row.kind == "extended"
    assert (row.payload["seat"], row.payload["by_user"]) == (seat, other(user))
    assert row.payload["deadline"] == int(deadline.timestamp())


async def test_an_agent_plays_a_stalled_seat_until_its_owner_returns(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await started_table(service)
    seat, user = await deciding(service, table_id)
    with pytest.raises(NotStalled):
        await service.agent_takeover(table_id, seat, other(user))
    clock.advance(DAY + 1)
    with pytest.raises(NotSeated):
        await service.agent_takeover(table_id, seat, OUTSIDER)
    info = await service.agent_takeover(table_id, seat, other(user))

    holder = info.holder(seat)
    assert holder.agent is not None and holder.owner_id == user and holder.user_id is None
    # the agent moved at once, so the person left at the table decides now
    assert (await deciding(service, table_id))[1] == other(user)
    assert info.version >= 1
    seat_row = next(r for r in await service.outbox.for_table(table_id) if r.kind == "seat")
    assert seat_row.payload["reason"] == "takeover"
    assert seat_row.payload["from_user_id"] == user and seat_row.payload["owner_id"] == user
    # the owner still sees the table among theirs
    assert [e.table_id for e in (await service.my_tables(user)).entries] == [table_id]

    # the owner comes back by trying to move: the seat is theirs again
    with pytest.raises(NotYourTurn):
        await service.submit(table_id, user, "place 1", "back")
    back = await service.info(table_id)
    assert back.holder(seat).user_id == user and back.holder(seat).name in ("Hana", "Gus")
    assert back.holder(seat).owner_id is None


async def test_a_holder_may_hand_over_at_any_time_and_reclaim(service: TableService) -> None:
    table_id = await started_table(service)
    seat, user = await deciding(service, table_id)
    mine = 1 - seat
    info = await service.agent_takeover(table_id, mine, other(user))  # my own seat, not stalled
    assert info.holder(mine).agent is not None
    with pytest.raises(NotAllowed):
        await service.reclaim(table_id, user)  # nothing is being kept for the other player
    info = await service.reclaim(table_id, other(user))
    assert info.holder(mine).user_id == other(user)
    reasons = [c.reason for c in await service.store.list_seat_changes(table_id)]
    assert reasons == ["takeover", "reclaim"]


async def test_another_member_takes_a_stalled_seat(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await started_table(service)
    seat, user = await deciding(service, table_id)
    with pytest.raises(NotStalled):
        await service.take_seat(table_id, seat, OUTSIDER, "Olga")
    clock.advance(DAY)
    with pytest.raises(AlreadySeated):
        await service.take_seat(table_id, seat, other(user), "Again")
    info = await service.take_seat(table_id, seat, OUTSIDER, "Olga")
    assert info.holder(seat).user_id == OUTSIDER and info.holder(seat).name == "Olga"
    (change,) = await service.store.list_seat_changes(table_id)
    assert (change.reason, change.from_user, change.to_user, change.by_user) == (
        "take_seat", user, OUTSIDER, OUTSIDER,
    )
    # the newcomer has a fresh deadline and plays; the one replaced is no longer seated
    assert await service.deadline(table_id) == clock.now + timedelta(days=1)
    with pytest.raises(NotSeated):
        await service.submit(table_id, user, "place 1", "old")
    results = await play_moves(service, table_id, 3)
    assert any(r.user_id == OUTSIDER for r in results)


async def test_a_seat_from_the_start_held_by_an_agent_cannot_be_taken(
    service: TableService,
) -> None:
    table_id = await started_table(service, guest=None, bot="greedy")
    with pytest.raises(NotAllowed, match="only a seat a person left"):
        await service.take_seat(table_id, 1, OUTSIDER, "Olga")


async def test_conceding_a_two_player_game_ends_it_with_the_other_seat_winning(
    service: TableService,
) -> None:
    table_id = await started_table(service)
    await play_moves(service, table_id, 4)
    info = await service.info(table_id)
    guest_seat = info.seat_of(GUEST)
    assert guest_seat is not None
    label = service.game("targi").seat_label(guest_seat)

    with pytest.raises(NotSeated):
        await service.concede(table_id, OUTSIDER)
    info = await service.concede(table_id, GUEST)
    assert info.status == "finished" and info.version == 5
    result = (await service.outbox.for_table(table_id))[-1]
    assert result.kind == "result"
    assert result.payload["reason"] == f"{label} conceded"
    assert result.payload["winners"] == [1 - guest_seat]
    assert result.payload["winner_user_ids"] == [HOST]
    assert result.payload["conceded_seat"] == guest_seat

    details = await service.table_info(table_id)
    assert details.outcome is not None and details.outcome.winners == (1 - guest_seat,)
    assert details.outcome.reason == f"{label} conceded" and details.next is None
    log = await service.game_log(table_id)
    assert log[-1].kind == "concede" and log[-1].user_id == GUEST
    with pytest.raises(TableNotActive):
        await service.submit(table_id, HOST, "place 1", "late")
    assert await service.store.next_timer_due() is None  # no reminders for a finished game
    assert (await service.my_tables(HOST)).entries == ()


async def test_leaving_a_two_player_game_ends_it_too(service: TableService) -> None:
    table_id = await started_table(service)
    info = await service.leave_game(table_id, HOST)
    assert info.status == "finished"
    assert (await kinds(service, table_id))[-1] == "result"


async def test_leaving_a_three_player_game_leaves_an_agent_and_play_goes_on(
    service: TableService,
) -> None:
    info = await service.create_table(
        "yspahan", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana"
    )
    await service.join(info.id, GUEST, "Gus")
    await service.join(info.id, OUTSIDER, "Olga")
    await service.start(info.id, HOST)
    after = await service.leave_game(info.id, OUTSIDER)
    assert after.status == "active"
    seat = 2  # the third to join
    assert after.holder(seat).agent is not None and after.holder(seat).owner_id is None
    with pytest.raises(NotAllowed):
        await service.reclaim(info.id, OUTSIDER)  # leaving is for good
    # the two people left play on, the agent answering for the seat that left
    results = await play_moves(service, info.id, 30)
    assert len(results) == 30
    assert any(a.user_id is None and a.seat == seat for a in await service.actions(info.id))
    # with only one other person left, a concession now ends the game
    ended = await service.concede(info.id, GUEST)
    assert ended.status == "finished"


async def test_taking_a_seat_an_agent_keeps_ends_the_owners_claim(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await started_table(service)
    seat, user = await deciding(service, table_id)
    clock.advance(DAY)
    await service.agent_takeover(table_id, seat, other(user))
    info = await service.take_seat(table_id, seat, OUTSIDER, "Olga")
    assert info.holder(seat).user_id == OUTSIDER and info.holder(seat).owner_id is None
    with pytest.raises(NotAllowed):
        await service.reclaim(table_id, user)
    assert [c.reason for c in await service.store.list_seat_changes(table_id)] == [
        "takeover", "take_seat",
    ]
