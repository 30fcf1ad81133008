"""Reminders, stall notices and seat changes that the service queues between moves."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import button_version, ids_in, open_table, said

DEADLINE = 1_900_000_000


async def _queue(world: World, table_id: int, version: int, kind: str, payload: Any) -> None:
    """Write an outbox row as the service's timers would, then let the dispatcher run."""
    async with world.store.transaction() as tx:
        await tx.enqueue(table_id, version=version, kind=kind, payload=payload)
    await world.bot.outbox.drain()
    await world.env.settle()


async def _mover(world: World, table_id: int) -> tuple[int, str]:
    loaded = await world.bot.service.load(table_id)
    assert loaded.decision is not None
    seat = loaded.decision.seat
    return seat, loaded.game.seat_label(seat)


async def test_a_reminder_pings_the_player_with_a_working_button(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    seat, label = await _mover(world, table_id)
    user_id = (await world.bot.service.info(table_id)).holder(seat).user_id
    payload = {
        "version": 0,
        "seat": seat,
        "label": label,
        "user_id": user_id,
        "name": "x",
        "notify": "thread",
        "number": 1,
        "of": 2,
        "deadline": DEADLINE,
    }
    await _queue(world, table_id, 0, "reminder", payload)

    reminder = world.thread().history()[-1]
    assert reminder.content == (
        f"⏰ <@{user_id}>, your move as **{label}** is waiting (reminder 1 of 2). "
        f"The deadline is <t:{DEADLINE}:R>."
    )
    assert button_version(reminder) == 0
    mover = world.alice if user_id == world.alice.id else world.bob
    panel = await mover.click(reminder, custom_id=ids.panel(table_id, 0))
    assert panel.response is not None and ids_in(panel.response)


async def test_a_reminder_for_a_move_already_made_is_dropped(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    before = [m.id for m in world.thread().history()]
    payload = {"version": 7, "seat": 0, "label": "Blue", "user_id": world.alice.id}
    await _queue(world, table_id, 7, "reminder", payload)
    assert [m.id for m in world.thread().history()] == before
    rows = await world.bot.service.outbox.for_table(table_id)
    assert rows[-1].kind == "reminder" and rows[-1].delivered_at is not None


async def test_a_reminder_by_direct_message(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    seat, label = await _mover(world, table_id)
    user_id = (await world.bot.service.info(table_id)).holder(seat).user_id
    mover = world.alice if user_id == world.alice.id else world.bob
    payload = {"version": 0, "seat": seat, "label": label, "user_id": user_id, "notify": "dm"}
    thread_before = len(world.thread().history())

    await _queue(world, table_id, 0, "reminder", payload)

    dms = mover.user.dm_channel.history()
    assert len(dms) == 1 and f"your move as **{label}**" in dms[0].content
    assert f"/{world.thread().id}/{world.boards()[-1].id}" in dms[0].content
    assert len(world.thread().history()) == thread_before, "the thread is not pinged as well"


async def test_stall_and_seat_change_notices(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    seat, label = await _mover(world, table_id)
    user_id = (await world.bot.service.info(table_id)).holder(seat).user_id
    stalled = {
        "version": 0,
        "seat": seat,
        "label": label,
        "user_id": user_id,
        "deadline": DEADLINE,
        "choices": ["extend", "agent_takeover", "take_seat"],
    }
    await _queue(world, table_id, 0, "stalled", stalled)
    assert (
        world.thread()
        .history()[-1]
        .content.startswith(f"⌛ **{label}** (<@{user_id}>) did not move by the deadline.")
    )

    change = {
        "version": 0,
        "seat": seat,
        "label": label,
        "reason": "agent takeover",
        "from_user_id": user_id,
        "from_name": "alice",
        "user_id": None,
        "agent": "greedy",
        "name": "Greedy bot",
    }
    await _queue(world, table_id, 0, "seat", change)
    assert world.thread().history()[-1].content == (
        f"🔁 **{label}** passes from <@{user_id}> to Greedy bot (agent takeover)."
    )


async def test_reminders_fire_from_the_timers_when_the_turn_waits(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    seat, label = await _mover(world, table_id)
    user_id = (await world.bot.service.info(table_id)).holder(seat).user_id
    deadline = await world.bot.service.deadline(table_id)
    assert deadline is not None
    before = len(world.thread().history())

    await world.tick()
    assert len(world.thread().history()) == before, "nothing is due yet"

    await world.tick((deadline - world.clock()).total_seconds() * 0.5)

    reminder = world.thread().history()[-1]
    assert reminder.content.startswith(f"⏰ <@{user_id}>, your move as **{label}** is waiting")
    assert f"<t:{int(deadline.timestamp())}:R>" in reminder.content
    assert button_version(reminder) == 0


async def test_the_timer_task_sleeps_until_the_earliest_timer_and_a_move_does_not_wake_it(
    world: World,
) -> None:
    service = world.bot.service
    timers = world.bot.timers
    assert timers is not None
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await service.load(table_id)
    deadline = await service.deadline(table_id)
    assert loaded.decision is not None and deadline is not None
    turn = (deadline - world.clock()).total_seconds()
    # daily pace: the first reminder is due a quarter of the way to the deadline
    assert abs(timers.delays[-1] - turn * 0.25) < 5, timers.delays
    woken = len(timers.delays)

    mover_id = loaded.info.holder(loaded.decision.seat).user_id
    mover = world.alice if mover_id == world.alice.id else world.bob
    world.clock.advance(turn * 0.2)
    await mover.slash(world.thread(), "play", move=loaded.decision.actions[0])
    await world.env.settle()
    # the move replaced the timers by the next seat's, all due after the task's planned
    # wake-up: the task sleeps on (a move costs it no pass)
    assert len(timers.delays) == woken
    before = len(world.thread().history())

    await world.tick(turn * 0.05 + 1)  # the planned wake-up, the old seat's first reminder
    assert len(world.thread().history()) == before, "a replaced reminder never fires"
    # it now sleeps until the new seat's first reminder
    assert abs(timers.delays[-1] - turn * 0.2) < 5, timers.delays

    await world.tick(turn * 0.2)
    reminder = world.thread().history()[-1]
    assert len(world.thread().history()) == before + 1 and reminder.content.startswith("⏰")
    assert abs(timers.delays[-1] - turn * (0.6 - 0.25)) < 5, "then until the second reminder"

    # stopped and started again (a restart), the due timers still fire once, from the rows
    await world.restart()
    await world.tick()
    assert len(world.thread().history()) == before + 1, "a fired reminder never fires again"


async def test_a_reminder_due_in_quiet_hours_waits_until_they_end(world: World) -> None:
    """Set through /settings in a non-UTC zone: the reminder arrives when the quiet hours end."""
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await service.load(table_id)
    deadline = await service.deadline(table_id)
    assert loaded.decision is not None and deadline is not None
    mover_id = loaded.info.holder(loaded.decision.seat).user_id
    mover = world.alice if mover_id == world.alice.id else world.bob
    first = world.clock() + (deadline - world.clock()) * 0.25  # daily pace: first reminder
    tokyo = ZoneInfo("Asia/Tokyo")
    start = (first - timedelta(hours=1)).astimezone(tokyo)
    end = (first + timedelta(hours=2)).astimezone(tokyo)
    saved = await mover.slash(
        world.thread(),
        "settings",
        time_zone="Asia/Tokyo",
        quiet_hours=f"{start:%H:%M}-{end:%H:%M}",
    )
    assert "Asia/Tokyo" in said(saved)
    before = len(world.thread().history())

    await world.tick((first - world.clock()).total_seconds() + 1)
    assert len(world.thread().history()) == before, "quiet: no ping yet"

    quiet_end = end.replace(second=0, microsecond=0)
    await world.tick((quiet_end - world.clock()).total_seconds() + 1)
    reminder = world.thread().history()[-1]
    assert len(world.thread().history()) == before + 1
    assert reminder.content.startswith(f"⏰ <@{mover.id}>")


async def test_a_quarantined_table_tells_its_players_once(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    assert await world.bot.service.quarantine(table_id, "KeyError: 'np'")
    await world.bot.outbox.drain()
    await world.env.settle()

    notice = world.thread().history()[-1]
    assert notice.content.startswith(f"⚠️ <@{world.alice.id}> <@{world.bob.id}> ")
    assert "paused" in notice.content and "Nothing that was played is lost" in notice.content
    assert "KeyError" not in notice.content  # the reason may quote hidden parts of the game
    assert {m.id for m in notice.mentions} == {world.alice.id, world.bob.id}


async def test_the_posts_a_quarantined_table_can_no_longer_draw_do_not_hold_back_its_notice(
    world: World,
) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    service = world.bot.service
    loaded = await service.load(table_id)
    assert loaded.next is not None and loaded.next.user_id is not None
    await service.submit(table_id, loaded.next.user_id, loaded.next.actions[0], "m1", 0)
    assert await service.quarantine(table_id, "ValueError: the log does not replay")
    await world.bot.outbox.drain()
    await world.env.settle()

    assert "This table is paused" in world.thread().history()[-1].content
    rows = await service.outbox.for_table(table_id)
    assert all(r.delivered_at is not None for r in rows)
    turn = next(r for r in rows if r.kind == "turn")
    assert turn.message_id is None and "TableBroken" in (turn.last_error or "")
