"""Composition root: settings → logging → storage → service → bot → start."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable

import aiohttp
import discord

from bot.settings import Settings, SettingsError

log = logging.getLogger("caravanserai")

NO_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot log in.

To get a token: open https://discord.com/developers/applications, choose (or create) your
application, open the "Bot" page and press "Reset Token". Put it in a file named .env next to
where you start the bot:

    DISCORD_TOKEN=your-token-here

(or export DISCORD_TOKEN in the environment). Keep the token secret.
"""


FIRST_RETRY_SECONDS = 2.0
LONGEST_RETRY_SECONDS = 300.0
# What a start-up without a way to Discord raises: no network, no DNS, a refused or timed-out
# connection, or Discord's own servers failing.
UNREACHABLE = (aiohttp.ClientConnectionError, OSError, TimeoutError, discord.DiscordServerError)


async def serve(
    settings: Settings, *, sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
) -> None:
    """Open storage, build the bot and run it until it is closed.

    While Discord cannot be reached, one line says so and the login is tried again, waiting
    twice as long each time up to five minutes. A fresh client per attempt, because a failed
    login leaves discord.py's HTTP session half made."""
    from bot.bot import create_bot
    from storage import open_store

    store = await open_store(settings.database_url, pool_size=settings.database_pool_size)
    try:
        wait = FIRST_RETRY_SECONDS
        while True:
            client = create_bot(settings, store)
            async with client:
                try:
                    await client.login(settings.token or "")
                except UNREACHABLE as error:
                    reason = str(error) or type(error).__name__
                    log.warning("cannot reach Discord (%s); trying again in %.0f s", reason, wait)
                else:
                    await client.connect()
                    return
            await sleep(wait)
            wait = min(wait * 2, LONGEST_RETRY_SECONDS)
    finally:
        await store.close()


def stale_engine() -> list[str]:
    """The engine sources whose compiled extension was built from other code: a bot started
    without make after an edit would otherwise play by the old rules."""
    from bot import engine_build
    from games.core import discovery

    discovery.specs()  # every game imported, so its compiled modules are loaded
    return engine_build.stale()


def run(env_file: str = ".env") -> int:
    try:
        settings = Settings.load(env_file)
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if settings.token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    if stale := stale_engine():
        print(f"The compiled engine was built from older source ({', '.join(stale)}): "
              "run `make build` (or `make run`, which builds it).", file=sys.stderr)
        return 2

    from bot.log import setup_logging

    setup_logging(settings.log_level, secrets=[settings.token])
    log.info("starting with database %s", settings.database_url)
    try:
        asyncio.run(serve(settings))
    except discord.LoginFailure:
        log.error(
            "Discord rejected the token; check DISCORD_TOKEN (reset it in the developer portal)"
        )
        return 1
    except discord.PrivilegedIntentsRequired:
        log.error(
            "MESSAGE_CONTENT_INTENT is on but the Message Content intent is not enabled for this "
            "application; enable it on the developer portal's Bot page or set it to false"
        )
        return 1
    except KeyboardInterrupt:
        log.info("stopped")
    return 0
