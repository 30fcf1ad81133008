"""The inbox across servers, the game log, table facts, user settings and delivery attempts."""

from __future__ import annotations

from datetime import UTC, datetime, time

import pytest

from bot.service import InvalidSetting, TableService
from tests.service.conftest import CHANNEL, GUEST, GUILD, HOST, OUTSIDER, play_moves, started_table
from tests.storage.conftest import FakeClock

OTHER_GUILD = 900_000_000_000_000_777


async def test_my_tables_lists_every_server_waiting_on_me_first(
    service: TableService, clock: FakeClock
) -> None:
    lobby = await service.create_table(
        "targi", guild_id=OTHER_GUILD, channel_id=55, host_id=HOST, host_name="Hana"
    )
    playing = []
    for guild in (GUILD, OTHER_GUILD):
        clock.advance(60)
        info = await service.create_table(
            "targi", guild_id=guild, channel_id=CHANNEL, host_id=HOST, host_name="Hana"
        )
        await service.join(info.id, GUEST, "Gus")
        await service.start(info.id, HOST)
        await service.set_thread(info.id, 7_000 + info.id)
        playing.append(info.id)
    # make sure the host must decide at the second table and not at the first
    for table_id in playing:
        nxt = (await service.load(table_id)).next
        assert nxt is not None
        if (table_id == playing[1]) != (nxt.user_id == HOST):
            await play_moves(service, table_id, 1)

    entries = (await service.my_tables(HOST)).entries
    assert entries[0].table_id == playing[1]
    assert {e.table_id for e in entries} == {lobby.id, *playing}
    first = entries[0]
    assert first.waiting_on_me and first.guild_id == OTHER_GUILD
    assert first.thread_id == 7_000 + playing[1] and first.channel_id == CHANNEL
    assert first.deadline is not None and first.title == "Targi" and first.label is not None
    assert not any(e.waiting_on_me for e in entries[1:])
    lobby_entry = next(e for e in entries if e.table_id == lobby.id)
    assert lobby_entry.status == "lobby" and lobby_entry.next is None
    assert (await service.my_tables(OUTSIDER)).entries == ()


async def test_my_tables_comes_in_pages_with_the_tables_waiting_on_me_first(
    service: TableService, clock: FakeClock
) -> None:
    waiting, other = [], []
    for n in range(13):
        table_id = await started_table(service)
        nxt = (await service.load(table_id)).next
        assert nxt is not None
        if (n % 4 == 0) != (nxt.user_id == HOST):
            await play_moves(service, table_id, 1)
        (waiting if n % 4 == 0 else other).append(table_id)
        clock.advance(60)

    first = await service.my_tables(HOST, page=0, per_page=5)
    assert (first.total, first.waiting, first.pages) == (13, 4, 3)
    assert [e.table_id for e in first.entries[:4]] == waiting  # earliest deadline first
    assert all(e.waiting_on_me for e in first.entries[:4])
    assert first.entries[4].table_id == other[-1]  # then the newest activity
    rest = [await service.my_tables(HOST, page=p, per_page=5) for p in (1, 2)]
    shown = [e.table_id for page in (first, *rest) for e in page.entries]
    assert sorted(shown) == sorted(waiting + other) and len(shown) == 13
    assert [len(page.entries) for page in rest] == [5, 3]
    beyond = await service.my_tables(HOST, page=7, per_page=5)
    assert beyond.page == 2 and [e.table_id for e in beyond.entries] == shown[10:]


async def test_game_log_has_notation_words_and_events(service: TableService) -> None:
    table_id = await started_table(service)
    results = await play_moves(service, table_id, 8)
    log = await service.game_log(table_id)
    assert [e.version for e in log] == [r.version for r in results]
    for entry, result in zip(log, results, strict=True):
        assert (entry.action, entry.description, entry.events) == (
            result.action, result.description, result.events,
        )
        assert entry.reversible == result.reversible and entry.kind == "move"
        assert entry.label in ("Blue", "White") and entry.user_id in (HOST, GUEST)
    assert any(entry.events for entry in log)


async def test_table_info_says_game_pace_seats_turn_and_deadline(
    service: TableService, clock: FakeClock
) -> None:
    lobby = await service.table_info(
        (await service.create_table(
            "targi", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana",
            pace="brisk",
        )).id
    )
    assert (lobby.pace, lobby.next, lobby.deadline, lobby.moves) == ("brisk", None, None, 0)
    assert lobby.pace_title.startswith("Brisk")

    table_id = await started_table(service)
    details = await service.table_info(table_id)
    assert details.title == "Targi" and details.pace == "daily"
    assert [s.name for s in details.seats] == ["Hana", "Gus"]
    assert details.labels == ("Blue", "White")
    assert details.next is not None and details.next.user_id in (HOST, GUEST)
    assert details.deadline == datetime(2026, 3, 2, 12, 0, 0, 123456, tzinfo=UTC)
    assert not details.stalled and details.outcome is None

    await play_moves(service, table_id)
    done = await service.table_info(table_id)
    assert done.outcome is not None and done.next is None and done.deadline is None
    assert done.moves == done.info.version


async def test_settings_default_then_change_one_at_a_time(service: TableService) -> None:
    settings = await service.user_settings(HOST)
    assert (settings.time_zone, settings.quiet_hours, settings.notify) == ("UTC", None, "thread")

    await service.set_user_settings(HOST, time_zone="  europe/paris ")
    await service.set_user_settings(HOST, quiet_hours="10pm - 7:30am")
    changed = await service.set_user_settings(HOST, notify="DM")
    assert (changed.time_zone, changed.quiet_hours, changed.notify) == (
        "Europe/Paris", "22:00-07:30", "dm",
    )
    assert await service.user_settings(HOST) == changed
    assert changed.quiet_start == time(22, 0)
    cleared = await service.set_user_settings(HOST, quiet_hours="off")
    assert cleared.quiet_hours is None and cleared.time_zone == "Europe/Paris"


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("time_zone", "Mars/Olympus", "not a time zone"),
        ("time_zone", "../../etc/passwd", "not a time zone"),
        ("quiet_hours", "22:00", "like 22:00-07:00"),
        ("quiet_hours", "25:00-07:00", "not a time of day"),
        ("quiet_hours", "22:00-22:00", "different times"),
        ("quiet_hours", "13pm-7am", "1 to 12"),
        ("notify", "carrier pigeon", "thread"),
    ],
)
async def test_bad_settings_are_refused_with_a_reason(
    service: TableService, field: str, value: str, reason: str
) -> None:
    with pytest.raises(InvalidSetting, match=reason):
        await service.set_user_settings(HOST, **{field: value})
    assert await service.store.get_user_settings(HOST) is None


async def test_quiet_hours_wrap_midnight_in_the_users_zone(service: TableService) -> None:
    tokyo = await service.set_user_settings(
        HOST, time_zone="Asia/Tokyo", quiet_hours="23:00-06:00"
    )
    assert tokyo.is_quiet(datetime(2026, 3, 1, 15, 30, tzinfo=UTC))  # 00:30 in Tokyo
    assert not tokyo.is_quiet(datetime(2026, 3, 1, 13, 59, tzinfo=UTC))  # 22:59
    assert tokyo.quiet_until(datetime(2026, 3, 1, 15, 30, tzinfo=UTC)) == datetime(
        2026, 3, 1, 21, 0, tzinfo=UTC
    )
    day = await service.set_user_settings(HOST, quiet_hours="09:00-17:00")
    assert day.is_quiet(datetime(2026, 3, 1, 0, 0, tzinfo=UTC))  # 09:00 in Tokyo
    assert not day.is_quiet(datetime(2026, 3, 1, 8, 0, tzinfo=UTC))  # 17:00


async def test_a_delivery_attempt_tells_a_restarted_dispatcher_to_check(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await started_table(service)
    (row,) = await service.outbox.pending()
    first = await service.outbox.begin(row)
    assert first.earlier is None and not first.retry_after_crash
    assert first.nonce == f"cvs-{row.id}" and len(first.nonce) <= 25
    # the process dies after posting but before mark_delivered: the row comes back …
    clock.advance(5)
    (again,) = await service.outbox.pending()
    assert again.id == row.id and again.attempted_at == first.row.attempted_at
    second = await service.outbox.begin(again)
    # … and says an earlier attempt may have landed, so the dispatcher looks before posting
    assert second.retry_after_crash and second.earlier == first.row.attempted_at
    await service.outbox.mark_delivered(row.id, 12345)
    assert await service.outbox.pending() == []
    assert (await service.outbox.for_table(table_id))[0].message_id == 12345
