"""Simulated Discord (simcord) around the real bot, a real SQLite file and the real engines."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import discord
import pytest
import simcord

from bot.bot import CaravanBot, create_bot
from bot.settings import Settings
from storage import Store, open_store, utc_now

# The background pass only matters after a crash; in tests every turn is delivered directly.
POLL_SECONDS = 3600.0
SETTLE_SECONDS = 60.0
FOREVER = 10.0**7


async def parked(delay: float) -> None:
    """The timer task's sleep in tests: time passes only when a test moves the clock and
    wakes the task (``World.tick``), so what fires when is decided by the test alone."""
    await asyncio.sleep(FOREVER)


def make_bot(settings: Settings, store: Store, clock: TestClock) -> CaravanBot:
    bot = create_bot(settings, store, clock=clock, sleep=parked)
    assert bot.timers is not None
    bot.timers.max_sleep = FOREVER  # so the recorded delays say when the next timer is due
    return bot


def settings_for(
    db: Path, *, message_content: bool = True, max_tables: int = 20, dev_guild: int | None = None
) -> Settings:
    return Settings(
        discord_token=None,
        database_url=f"sqlite:///{db}",
        message_content_intent=message_content,
        max_open_tables_per_guild=max_tables,
        dev_guild_id=dev_guild,
        outbox_poll_seconds=POLL_SECONDS,
        # simcord runs the clock itself, which the wait for a drawing process cannot follow
        render_processes=0,
    )


class TestClock:
    """Wall-clock time plus an offset the test can move forward (e.g. past a retry delay)."""

    def __init__(self) -> None:
        self.offset = timedelta()

    def __call__(self) -> datetime:
        return utc_now() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += timedelta(seconds=seconds)


@dataclass
class World:
    env: simcord.Env
    bot: CaravanBot
    store: Store
    db: Path
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor
    clock: TestClock
    stores: list[Store] = field(default_factory=list)

    async def restart(self) -> None:
        """Stop the bot as a crash or deploy would, then start a new one on the same database."""
        old_bot, old_store = self.bot, self.store
        await old_bot.outbox.stop()
        store = await open_store(f"sqlite:///{self.db}", clock=self.clock)
        self.stores.append(store)
        self.bot = make_bot(settings_for(self.db), store, self.clock)
        self.store = store
        await self.env.restart_bot(self.bot)
        self.stores.remove(old_store)
        await old_store.close()

    async def tick(self, seconds: float = 0.0) -> None:
        """Move the clock on, wake the timer task as the end of its sleep would, and settle."""
        self.clock.advance(seconds)
        assert self.bot.timers is not None
        self.bot.timers.wake()
        await self.env.settle()

    def thread(self) -> simcord.ChannelHandle:
        threads = self.channel.threads
        assert len(threads) == 1, threads
        return threads[0]

    def boards(self) -> list[discord.Message]:
        """Every board post in the game thread, oldest first."""
        history = self.thread().history()
        return [m for m in history if any(a.filename == "board.png" for a in m.attachments)]


async def open_world(
    tmp_path: Path,
    *,
    message_content: bool = True,
    max_tables: int = 20,
    dev_guild: int | None = None,
) -> tuple[simcord.Env, World]:
    db = tmp_path / "caravanserai.db"
    clock = TestClock()
    # the store stamps rows by the same clock, as one process does: times per turn need it
    store = await open_store(f"sqlite:///{db}", clock=clock)
    settings = settings_for(
        db, message_content=message_content, max_tables=max_tables, dev_guild=dev_guild
    )
    bot = make_bot(settings, store, clock)
    approved = discord.Intents.default()
    approved.message_content = message_content
    env = simcord.Env(bot, settle_timeout=SETTLE_SECONDS, approved_intents=approved)
    guild = env.create_guild("Oasis", id=dev_guild)
    channel = guild.create_text_channel("games")
    await env.start()
    world = World(
        env=env,
        bot=bot,
        store=store,
        db=db,
        guild=guild,
        channel=channel,
        alice=guild.add_member(env.create_user("alice")),
        bob=guild.add_member(env.create_user("bob")),
        carol=guild.add_member(env.create_user("carol")),
        clock=clock,
        stores=[store],
    )
    return env, world


class ErrorLog(logging.Handler):
    """Collects ERROR records: an unexpected failure is logged, not raised, by the bot."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.asynccontextmanager
async def running_world(
    tmp_path: Path,
    *,
    message_content: bool = True,
    max_tables: int = 20,
    dev_guild: int | None = None,
) -> AsyncIterator[tuple[simcord.Env, World]]:
    """A started world; on exit everything is shut down and no error may have been logged."""
    errors = ErrorLog()
    logging.getLogger().addHandler(errors)
    env, world = await open_world(
        tmp_path, message_content=message_content, max_tables=max_tables, dev_guild=dev_guild
    )
    try:
        yield env, world
    finally:
        # as the bot's own close does first: a table's delivery cut short by the shutdown
        # would otherwise start the next pass, which would find the store closed
        await world.bot.outbox.stop()
        await env.shutdown()
        for store in world.stores:
            await store.close()
        logging.getLogger().removeHandler(errors)
    logged = [f"{r.name}: {r.getMessage()}" for r in errors.records]
    assert not logged, f"errors were logged: {logged}"


@pytest.fixture
async def env_world(tmp_path: Path) -> AsyncIterator[tuple[simcord.Env, World]]:
    async with running_world(tmp_path) as pair:
        yield pair


@pytest.fixture
def env(env_world: tuple[simcord.Env, World]) -> simcord.Env:
    return env_world[0]


@pytest.fixture
def world(env: simcord.Env, env_world: tuple[simcord.Env, World]) -> World:
    # Depending on ``env`` puts the Env among the test's fixtures, so simcord's plugin sets its
    # clock for the test body and attaches its transcript when a test fails.
    return env_world[1]
