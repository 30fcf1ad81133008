"""Server settings, away time and the digest clock, through the service over SQLite."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.errors import BotError
from bot.exts.members._text import parse_until
from bot.service import InvalidSetting, TableService
from bot.service.digest import digest_start
from bot.service.server import ServerSettings
from bot.service.settings import UserSettings
from tests.service.conftest import CHANNEL, GUEST, GUILD, HOST
from tests.storage.conftest import FakeClock


def test_damaged_stored_settings_read_as_their_defaults() -> None:
    stored = {"max_lobbies": "many", "lobby_hours": 0, "archive_hours": True, "mod_role_id": -4,
              "newgame_channel_id": 77, "max_tables_per_member": 3}
    settings = ServerSettings.from_stored(GUILD, stored, max_open_tables=20)
    assert settings == ServerSettings(
        GUILD, newgame_channel_id=77, max_tables_per_member=3, max_open_tables=20
    )
    with pytest.raises(InvalidSetting, match="between 1 and 720"):
        settings.with_changes(lobby_hours=721)


async def test_a_server_that_never_chose_an_open_tables_cap_follows_the_bots(
    service: TableService,
) -> None:
    await service.configure(GUILD, HOST, "caps", "lobbies=3", max_lobbies=3)
    assert "max_open_tables" not in await service.store.get_guild_settings(GUILD)
    await service.configure(GUILD, HOST, "caps", "open=5", max_open_tables=5)
    assert (await service.server_settings(GUILD)).max_open_tables == 5


async def test_away_time_is_granted_once_per_turn_within_the_allowance(
    service: TableService, clock: FakeClock
) -> None:
    info = await service.create_table(
        "targi", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana"
    )
    await service.join(info.id, GUEST, "Gus")
    await service.start(info.id, HOST)
    loaded = await service.load(info.id)
    assert loaded.next is not None and loaded.next.user_id is not None
    mover = loaded.next.user_id
    first = await service.deadline(info.id)
    assert first is not None

    clock.advance(3600)
    await service.set_away(mover, clock() + timedelta(days=2))
    clock.now = first + timedelta(seconds=1)
    await service_timers(service).fire_due()
    moved = await service.deadline(info.id)
    assert moved is not None and moved - first == timedelta(days=2)  # all of it this turn
    assert await service.store.away_used(info.id, mover) == int((moved - first).total_seconds())

    clock.now = moved + timedelta(seconds=1)  # back since; nothing more is granted this turn
    await service_timers(service).fire_due()
    kinds = [r.kind for r in await service.outbox.for_table(info.id)]
    assert kinds[-1] == "stalled"


def service_timers(service: TableService):  # type: ignore[no-untyped-def]
    from bot.service.timers import TimerService

    return TimerService(service.store, clock=service._clock)


def test_a_date_to_be_back_is_read_in_the_members_time_zone() -> None:
    paris = UserSettings(1, time_zone="Europe/Paris").zone
    assert parse_until("2026-12-24", paris) == datetime(2026, 12, 23, 23, 0, tzinfo=UTC)
    assert parse_until(" 2026-12-24 18:30 ", paris) == datetime(2026, 12, 24, 17, 30, tzinfo=UTC)
    assert parse_until("Back", paris) is None
    with pytest.raises(BotError, match="not a date"):
        parse_until("2026-13-01", paris)


def test_the_digest_is_due_from_nine_in_the_members_morning() -> None:
    tokyo = UserSettings(1, time_zone="Asia/Tokyo")
    early = datetime(2026, 6, 1, 23, 30, tzinfo=UTC)  # 08:30 on 2 June in Tokyo
    assert digest_start(tokyo, early) == datetime(2026, 6, 1, 0, 0, tzinfo=UTC)
    assert digest_start(tokyo, early + timedelta(hours=1)) == datetime(2026, 6, 2, 0, 0, tzinfo=UTC)
