"""The bot process of the crash test: the real bot on a database, talking to a loopback fake.

``python -m tests.e2e.crash.botproc PORT DATABASE_URL [SHARD COUNT]`` points discord.py's REST
base and gateway at ``127.0.0.1:PORT`` and runs the bot until it is killed, as shard SHARD of
COUNT when given (one of several processes; its REST calls say ``process/SHARD``). It is meant
to be SIGKILLed: nothing here cleans up, exactly like a crash.
"""

from __future__ import annotations

import asyncio
import logging
import sys

import discord
import yarl

from bot.bot import create_bot
from bot.settings import Settings
from storage import open_store

# Short enough that rows left pending by a kill go out soon after the restart.
OUTBOX_POLL_SECONDS = 1.0
TIMER_LOOK_SECONDS = 1.0


async def serve(port: int, database_url: str, shard: tuple[int, int] | None) -> None:
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")
    settings = Settings(
        discord_token="fake-token",
        database_url=database_url,
        outbox_poll_seconds=OUTBOX_POLL_SECONDS,
        max_open_tables_per_guild=1000,
        shard_count=None if shard is None else shard[1],
        shard_ids=None if shard is None else (shard[0],),
    )
    store = await open_store(settings.database_url)
    client = create_bot(settings, store)
    if shard is not None:
        client.http.user_agent += f" process/{shard[0]}"
    if client.timers is not None:
        # The test makes timers due behind the bot's back (as another process would).
        client.timers.max_sleep = TIMER_LOOK_SECONDS
    # the fake sends its one guild at once; do not wait 2 s for more
    client._connection.guild_ready_timeout = 0.01
    async with client:
        await client.start("fake-token")


def main(argv: list[str]) -> int:
    port, database = int(argv[0]), argv[1]
    shard = (int(argv[2]), int(argv[3])) if len(argv) > 2 else None
    logging.basicConfig(
        level=logging.INFO,
        stream=sys.stderr,
        format="%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("discord").setLevel(logging.WARNING)
    asyncio.run(serve(port, database, shard))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
