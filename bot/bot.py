"""The Discord client: loads the feature extensions, owns the outbox dispatcher and timer loop."""

from __future__ import annotations

import asyncio
import logging
import pkgutil
import socket
from collections.abc import Callable, Iterator
from typing import Any

import discord
from discord.ext import commands

import bot.exts
from bot.budget import GlobalBudget
from bot.components import answer_unknown
from bot.drawing import Drawing
from bot.images import prepare
from bot.memory import settle
from bot.mentions import NOBODY
from bot.move_answers import MoveAnswers
from bot.outbox import OutboxDispatcher
from bot.service import TableService
from bot.service.agent_jobs import AgentWorker
from bot.service.timers import TimerService
from bot.settings import Settings
from bot.timers import Sleep, TimerLoop
from bot.tree import CaravanTree
from storage import Clock, Store, utc_now

log = logging.getLogger(__name__)


def build_intents(settings: Settings) -> discord.Intents:
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    # Privileged: without it the bot cannot read moves typed as plain messages.
    intents.message_content = settings.message_content_intent
    return intents


def find_extensions() -> Iterator[str]:
    """Every feature package under ``bot.exts``; modules starting with ``_`` are internal."""
    for module in pkgutil.iter_modules(bot.exts.__path__, f"{bot.exts.__name__}."):
        if module.ispkg and not module.name.rsplit(".", 1)[-1].startswith("_"):
            yield module.name


def read_peoples_messages_only(parsers: dict[str, Callable[[Any], None]]) -> None:
    """Drop the gateway's message events about a bot's message before discord.py builds a
    ``Message`` of them. The bot reads only people's messages (moves typed in a thread), and
    most message events it is sent are its own boards being posted and edited: parsing them
    was about a twentieth of its CPU per move on the wire benchmark."""
    for event in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
        parse = parsers[event]

        def parse_peoples(data: Any, parse: Callable[[Any], None] = parse) -> None:
            if not (data.get("author") or {}).get("bot"):
                parse(data)

        parsers[event] = parse_peoples


class CaravanBot(commands.Bot):
    """Everything Discord-facing hangs off this object; the game logic lives in ``service``."""

    def __init__(
        self,
        settings: Settings,
        service: TableService,
        timers: TimerLoop | None = None,
        agents: AgentWorker | None = None,
        **sharding: Any,
    ) -> None:
        # The bot never joins a voice channel: no warnings about voice libraries at start-up.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=build_intents(settings),
            tree_cls=CaravanTree,
            help_command=None,
            allowed_mentions=NOBODY,  # each message names whom it may ping
            # No listener reads a cached message (edits, deletions, reactions): a cache of the
            # last 1,000 messages would only hold boards in memory and be scanned at every edit.
            max_messages=None,
            **sharding,
        )
        read_peoples_messages_only(self._connection.parsers)
        self.settings = settings
        self.service = service
        self.drawing = Drawing(settings.render_processes)
        self._warming: asyncio.Task[None] | None = None
        # Bursts are kept small so that a burst plus a second at full pace stays under the limit.
        rate = settings.rest_requests_per_second
        self.rest_budget = GlobalBudget(rate, burst=max(1, int(rate // 10)))
        # every request made with the bot token waits for its turn in the budget
        setattr(self.http, "request", self.rest_budget.wrap(self.http.request))  # noqa: B010
        # Delivery retries on its own poll; reminders and deadlines wake one timer task
        # exactly when the earliest is due, and what they write is delivered at once.
        self.outbox = OutboxDispatcher(self, poll_seconds=settings.outbox_poll_seconds)
        self.move_answers = MoveAnswers()
        self.timers = timers
        if timers is not None:
            timers.on_fired = self.outbox.drain
            timers.ready = self.wait_until_ready
        # Agent seats move from queued jobs; their boards go out as soon as they have moved.
        self.agents = agents
        if agents is not None:
            agents.on_moved = self.outbox.kick

    async def _warm_up(self) -> None:
        try:
            await self.drawing.warm_up(prepare)
        except Exception:  # the first picture starts them instead
            log.warning("could not start the drawing processes early", exc_info=True)

    @property
    def reads_message_content(self) -> bool:
        """Whether plain messages arrive with their text (the privileged intent is on)."""
        return self.intents.message_content

    async def setup_hook(self) -> None:
        for name in find_extensions():
            await self.load_extension(name)
        try:
            # turns of agent seats that a crash cut short; their posts go out with the outbox
            await self.service.resume_agents()
        except Exception:
            log.exception("could not resume the agent seats; their tables wait for a restart")
        if self.agents is not None:
            self.agents.start()
        self.outbox.start()
        self._warming = asyncio.create_task(self._warm_up(), name="caravanserai-drawing")
        if self.timers is not None:
            self.timers.start()
        if self.settings.sync_commands:
            await self.sync_commands()
        settle()

    async def sync_commands(self) -> None:
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def on_message(self, message: discord.Message, /) -> None:
        # Everything is a slash command or a component; plain messages only matter to the
        # listeners of the feature cogs (typed moves), never as prefix commands.
        return

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await answer_unknown(interaction)

    async def close(self) -> None:
        if self.agents is not None:
            await self.agents.stop()
        if self.timers is not None:
            await self.timers.stop()
        await self.outbox.stop()
        if self._warming is not None:
            self._warming.cancel()
            await asyncio.gather(self._warming, return_exceptions=True)
        await self.drawing.close()
        await super().close()


class ShardedCaravanBot(CaravanBot, commands.AutoShardedBot):
    """The bot on a range of Discord's shards (SHARD_COUNT, SHARD_IDS): one process of
    several, each answering its own servers' interactions, all sharing one database."""


def claimer_name(settings: Settings) -> str:
    """The name this process claims posts under: one per host and shard range, so a restarted
    process takes its own claims back at once."""
    if settings.shard_ids is None:
        shards = "all shards" if settings.shard_count is None else f"all {settings.shard_count}"
    else:
        shards = "shards " + ",".join(map(str, settings.shard_ids))
    return f"{socket.gethostname()}/{shards}"


def create_bot(
    settings: Settings, store: Store, *, clock: Clock = utc_now, sleep: Sleep = asyncio.sleep
) -> CaravanBot:
    """The bot wired to a service over ``store``; the caller owns (and closes) the store.

    ``clock`` and ``sleep`` are what the timers use, so tests can decide when time passes."""
    timers = TimerLoop(TimerService(store, clock=clock), sleep=sleep)
    service = TableService(
        store,
        clock=clock,
        max_open_tables_per_guild=settings.max_open_tables_per_guild,
        on_schedule=timers.wake,
        claimer=claimer_name(settings),
        claim_seconds=settings.claim_seconds,
        agents_inline=False,
        state_cache_size=settings.state_cache_size,
    )
    # Without a worker here, another process (``caravanserai agents``) plays the agent seats.
    agents = (
        AgentWorker(
            service,
            clock=clock,
            poll_seconds=settings.outbox_poll_seconds,
            claim_seconds=settings.claim_seconds,
        )
        if settings.run_agents
        else None
    )
    if agents is not None:
        service.on_agent_job = agents.wake
    if settings.shard_count is None:
        return CaravanBot(settings, service, timers, agents)
    shard_ids = None if settings.shard_ids is None else list(settings.shard_ids)
    return ShardedCaravanBot(
        settings, service, timers, agents, shard_count=settings.shard_count, shard_ids=shard_ids
    )
