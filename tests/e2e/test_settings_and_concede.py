"""/settings for reminders, and /concede to end a game early."""

from __future__ import annotations

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import fresh, ids_in, open_table, said


async def test_settings_show_change_and_refuse_bad_values(world: World) -> None:
    shown = await world.alice.slash(world.channel, "settings")
    assert shown.response is not None and shown.response.ephemeral
    assert "Time zone: **UTC**" in said(shown) and "in the game thread" in said(shown)

    saved = await world.alice.slash(
        world.channel, "settings", time_zone="Europe/Paris", quiet_hours="22:00-07:00", notify="dm"
    )
    assert said(saved).startswith("Saved.")
    assert "**Europe/Paris**" in said(saved) and "**22:00-07:00**" in said(saved)
    assert "by direct message" in said(saved)
    stored = await world.bot.service.user_settings(world.alice.id)
    assert stored.time_zone == "Europe/Paris" and stored.notify == "dm"

    bad = await world.alice.slash(world.channel, "settings", quiet_hours="whenever")
    assert "22:00-07:00" in said(bad) and bad.response is not None and bad.response.ephemeral
    assert (await world.bot.service.user_settings(world.alice.id)).quiet_hours == "22:00-07:00"
    world.env.errors  # noqa: B018


async def test_concede_after_confirmation_ends_the_game(world: World) -> None:
    service = world.bot.service
    table_id, lobby = await open_table(world, world.alice, world.bob)

    stranger = await world.carol.slash(world.thread(), "concede")
    assert "You are not playing at table" in said(stranger)

    asked = await world.bob.slash(world.thread(), "concede")
    assert asked.response is not None and asked.response.ephemeral
    assert "cannot be taken back" in said(asked)
    assert (await service.info(table_id)).status == "active"
    await world.bob.click(asked.response, custom_id=ids.concede(table_id))

    assert (await service.info(table_id)).status == "finished"
    assert ids_in(asked.response) == [] and said(asked) == "You conceded."
    result = world.thread().history()[-1]
    assert result.content.startswith("🏆 **Game over")
    assert f"<@{world.alice.id}>" in result.content.splitlines()[0]
    assert "Finished" in fresh(world, lobby).embeds[0].fields[-1].value
    world.env.errors  # noqa: B018
