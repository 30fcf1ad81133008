"""Which slash commands members see, globally and when synced to a development server."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import World, running_world
from tests.e2e.driver import said

DEV_GUILD = 1_400_000_000_000_000_000
COMMANDS = {
    "admin cancel",
    "admin caps",
    "admin channel",
    "admin dashboard",
    "admin extend",
    "admin log",
    "admin role",
    "admin seat",
    "away",
    "concede",
    "game info",
    "game leave",
    "game log",
    "game reclaim",
    "history",
    "mygames",
    "newgame",
    "play",
    "rules",
    "settings",
    "stats",
    "undo",
}


async def test_members_see_every_command_and_can_open_a_table(world: World) -> None:
    assert set(world.alice.available_commands(world.channel)) == COMMANDS
    opened = await world.alice.slash(world.channel, "newgame", game="targi")
    assert opened.response is not None and "Targi — table #1" in (
        opened.response.embeds[0].title or ""
    )


async def test_dev_guild_setting_syncs_the_commands_to_that_server(tmp_path: Path) -> None:
    async with running_world(tmp_path, dev_guild=DEV_GUILD) as (env, world):
        with env.time_context():
            assert world.guild.id == DEV_GUILD
            assert set(world.alice.available_commands(world.channel)) == COMMANDS
            synced = [r.path for r in env.http_requests if r.method == "PUT"]
            assert synced and all(f"/guilds/{DEV_GUILD}/commands" in p for p in synced)
            result = await world.alice.slash(world.channel, "play", move="place 1")
            assert "Use /play inside a game's thread" in said(result)
            env.errors  # noqa: B018


async def test_the_host_chooses_the_pace_and_the_lobby_shows_it(world: World) -> None:
    opened = await world.alice.slash(world.channel, "newgame", game="targi", pace="brisk")
    assert opened.response is not None
    assert "Brisk (2 hours a turn)" in (opened.response.embeds[0].description or "")
    table_id = int(opened.response.components[0]["components"][0]["custom_id"].split(":")[2])
    assert (await world.bot.service.info(table_id)).pace == "brisk"
    default = await world.bob.slash(world.channel, "newgame", game="targi")
    assert default.response is not None
    assert "Daily (24 hours a turn)" in (default.response.embeds[0].description or "")
