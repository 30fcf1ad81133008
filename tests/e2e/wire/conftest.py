"""Fixtures that run a discord.py client against the loopback fake Discord."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import discord
import pytest
import yarl

from .fakediscord import FakeDiscord

START_TIMEOUT = 10.0


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """A fake Discord on 127.0.0.1, with discord.py's REST base and gateway pointed at it."""
    server = FakeDiscord()
    await server.start()
    # monkeypatch restores both class attributes after the test
    monkeypatch.setattr(discord.http.Route, "BASE", server.api_base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        yarl.URL(server.gateway_url))
    yield server
    await server.close()
    assert not server.errors, f"the fake itself failed: {server.errors}"


@contextlib.asynccontextmanager
async def running(client: discord.Client, fake: FakeDiscord) -> AsyncIterator[discord.Client]:
    """Start ``client`` against ``fake``, wait until it is ready, and close it afterwards."""
    # without this, every start waits 2 s for guilds that the fake has already sent
    client._connection.guild_ready_timeout = 0.01
    task = asyncio.create_task(client.start("fake-token"), name="discord-client")
    ready = asyncio.create_task(client.wait_until_ready())
    try:
        done, _ = await asyncio.wait({task, ready}, timeout=START_TIMEOUT,
                                     return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            task.result()  # re-raise why the client stopped
            raise AssertionError("the client stopped before it was ready")
        if ready not in done:
            raise AssertionError(f"the client was not ready after {START_TIMEOUT} s")
        yield client
    finally:
        ready.cancel()
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, timeout=START_TIMEOUT)
