"""Fixtures that run a discord.py client against the loopback fake Discord."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl

from bot.bot import CaravanBot, create_bot
from bot.settings import Settings
from storage import open_store

from .fakediscord import FakeDiscord, Network

START_TIMEOUT = 10.0


@pytest.fixture
def network() -> Network:
    """How the fake's network behaves; a test parametrizes ``network`` to make it slow or
    strict."""
    return Network()


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    """Settings of the bot under test beyond the defaults; parametrize to change them."""
    return {}


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch, network: Network) -> AsyncIterator[FakeDiscord]:
    """A fake Discord on 127.0.0.1, with discord.py's REST base and gateway pointed at it."""
    server = FakeDiscord(network)
    await server.start()
    # monkeypatch restores both class attributes after the test
    monkeypatch.setattr(discord.http.Route, "BASE", server.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway_url)
    )
    yield server
    await server.close()
    assert not server.errors, f"the fake itself failed: {server.errors}"
    assert not server.unmodelled, f"the bot used routes the fake lacks: {server.unmodelled}"


class _ErrorLog(logging.Handler):
    """Collects ERROR records: discord.py logs a failing view or command instead of raising."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def summary(self) -> list[str]:
        return [
            f"{r.name}: {r.getMessage()}" + (f" ({r.exc_info[1]!r})" if r.exc_info else "")
            for r in self.records
        ]


@contextlib.asynccontextmanager
async def running(client: discord.Client, fake: FakeDiscord) -> AsyncIterator[discord.Client]:
    """Start ``client`` against ``fake``, wait until it is ready, and close it afterwards.

    Fails the test if anything logged an error while the client ran.
    """
    errors = _ErrorLog()
    logging.getLogger().addHandler(errors)
    # without this, every start waits 2 s for guilds that the fake has already sent
    client._connection.guild_ready_timeout = 0.01
    task = asyncio.create_task(client.start("fake-token"), name="discord-client")
    ready = asyncio.create_task(client.wait_until_ready())
    try:
        done, _ = await asyncio.wait(
            {task, ready}, timeout=START_TIMEOUT, return_when=asyncio.FIRST_COMPLETED
        )
        if task in done:
            task.result()  # re-raise why the client stopped
            raise AssertionError("the client stopped before it was ready")
        if ready not in done:
            raise AssertionError(f"the client was not ready after {START_TIMEOUT} s")
        try:
            yield client
        except BaseException as failure:
            if errors.records:
                failure.add_note(f"errors logged meanwhile: {errors.summary()}")
            raise
    finally:
        ready.cancel()
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, timeout=START_TIMEOUT)
        logging.getLogger().removeHandler(errors)
    assert not errors.records, f"errors were logged while the client ran: {errors.summary()}"


@pytest.fixture
async def caravan(
    fake: FakeDiscord, tmp_path: Path, bot_settings: dict[str, Any]
) -> AsyncIterator[CaravanBot]:
    """The real Caravanserai bot on a fresh SQLite file, connected to the fake and ready."""
    db = tmp_path / "caravanserai.db"
    settings = Settings(
        discord_token="fake-token",
        database_url=f"sqlite:///{db}",
        # every turn is delivered right after the move; the background pass is for crashes
        outbox_poll_seconds=3600.0,
        # pictures are drawn in threads, as a fresh pool of processes would draw each test's
        # first boards cold; tests of the pool ask for processes
        **{"render_processes": 0, **bot_settings},
    )
    store = await open_store(settings.database_url)
    try:
        async with running(create_bot(settings, store), fake) as client:
            assert isinstance(client, CaravanBot)
            yield client
    finally:
        await store.close()
