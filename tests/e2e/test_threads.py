"""Tidy threads: a pinned summary edited in place, finished threads archived after the
server's set time, and an archived thread of a game in play reopened when asked about."""

from __future__ import annotations

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import ids_in, open_table, said

HOUR = 3600.0


def archived(world: World) -> bool:
    metadata = world.env.backend.get_channel(world.thread().id).thread_metadata
    assert metadata is not None
    return bool(metadata.archived)


async def test_the_pinned_summary_follows_the_game_in_place(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    pinned = world.thread().pinned_messages()
    assert len(pinned) == 1
    summary = pinned[0]
    loaded = await service.load(table_id)
    assert loaded.next is not None and loaded.decision is not None
    lines = summary.content.splitlines()
    assert lines[0] == f"📌 **Targi** · table #{table_id} · Daily (24 hours a turn)"
    assert lines[-1].startswith(f"To move: **{loaded.next.label}** (<@{loaded.next.user_id}>)")
    assert "· deadline <t:" in lines[-1]

    mover = world.alice if loaded.next.user_id == world.alice.id else world.bob
    await mover.slash(world.thread(), "play", move=loaded.decision.actions[0])
    now = await service.load(table_id)
    assert now.next is not None
    # a quick game's summary is brought up to date once per window, not after every move
    edited = next(m for m in world.thread().history() if m.id == summary.id)
    assert edited.content == summary.content
    await world.env.advance_time(world.bot.settings.summary_edit_seconds)
    await world.bot.outbox.run_once()  # the background pass after the window
    edited = next(m for m in world.thread().history() if m.id == summary.id)
    assert edited.content.splitlines()[-1].startswith(f"To move: **{now.next.label}**")
    assert [m.id for m in world.thread().pinned_messages()] == [summary.id]


async def test_a_finished_games_thread_is_archived_after_the_servers_set_time(
    world: World,
) -> None:
    async with world.store.transaction() as tx:
        await tx.put_guild_settings(world.guild.id, {"archive_hours": 6})
    table_id, _ = await open_table(world, world.alice, world.bob)
    asked = await world.bob.slash(world.thread(), "concede")
    assert asked.response is not None
    await world.bob.click(asked.response, custom_id=ids.concede(table_id))
    summary = world.thread().pinned_messages()[0]
    assert summary.content.splitlines()[-1].startswith("🏆 Finished: ")

    world.clock.advance(5 * HOUR)
    await world.bot.outbox.drain()
    assert not archived(world)
    world.clock.advance(1 * HOUR + 1)
    await world.bot.outbox.drain()
    assert archived(world)


async def test_asking_about_a_game_whose_thread_was_archived_reopens_it(world: World) -> None:
    table_id, _ = await open_table(world, world.alice, world.bob)
    world.env.backend.edit_channel(world.thread().id, {}, thread_metadata={"archived": True})
    await world.env.settle()
    assert archived(world)

    answer = await world.carol.slash(world.channel, "game info", table=table_id)

    assert answer.response is not None
    assert answer.response.content == (
        f"Its thread had been archived; I reopened it: <#{world.thread().id}>"
    )
    assert not archived(world)


async def test_at_discords_limit_of_active_threads_the_table_waits_for_room(
    world: World,
) -> None:
    for path in ("/channels/*/messages/*/threads", "/channels/*/threads"):
        world.env.inject_error(
            "POST", path, status=400, code=160006,
            message="Maximum number of active threads reached",
        )
    opened = await world.alice.slash(world.channel, "newgame", game="targi")
    assert opened.response is not None
    table_id = int(ids_in(opened.response)[0].split(":")[2])
    await world.bob.click(opened.response, label="Join")

    full = await world.alice.click(opened.response, label="Start")

    assert "as many active threads as Discord allows" in said(full)
    assert "archived 24 h after the end" in said(full)
    assert (await world.bot.service.info(table_id)).status == "active"
    assert world.channel.threads == []
    await world.alice.click(opened.response, label="Start")  # there is room again
    assert (await world.bot.service.info(table_id)).thread_id == world.thread().id
    assert len(world.boards()) == 1
