"""Composition root: settings → logging → storage → service → bot → start."""

from __future__ import annotations

import asyncio
import logging
import sys

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


async def serve(settings: Settings) -> None:
    """Open storage, build the bot and run it until it is closed."""
    from bot.bot import create_bot
    from storage import open_store

    store = await open_store(settings.database_url)
    try:
        client = create_bot(settings, store)
        async with client:
            await client.start(settings.token or "")
    finally:
        await store.close()


def run(env_file: str = ".env") -> int:
    try:
        settings = Settings.load(env_file)
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if settings.token is None:
        print(NO_TOKEN, file=sys.stderr)
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
