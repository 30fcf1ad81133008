"""The crash test with several bot processes on one PostgreSQL database.

``ShardedCrashFake`` takes one gateway connection per process (each identifies as its shard
of SHARD_COUNT) and hands every interaction to one of them, chosen at random among those
connected, while every other event reaches them all, so each process knows every thread.
That is harsher than Discord, which sends a server's interactions to its own shard: here
both processes answer moves of the same tables at the same moments. ``BotGroup`` runs the
processes behind the interface the driver uses for one: a kill takes one of them (the one
that made the call, for a kill on a call), and a restart brings back whichever is down.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from aiohttp import WSMsgType, web

from .harness import BotProcess, CrashFake

Json = dict[str, Any]
PROCESS_HEADER = "User-Agent"  # each bot process adds "process/N" to its user agent
INTERACTION = re.compile(r"^/api/v10/(?:interactions/(\d+)/|webhooks/\d+/token-(\d+))")
_caller: contextvars.ContextVar[int | None] = contextvars.ContextVar("caller", default=None)


class ShardedCrashFake(CrashFake):
    def __init__(self, seed: int) -> None:
        super().__init__()
        self._connections: list[web.WebSocketResponse] = []
        self._pick = random.Random(seed)
        self._shards: dict[web.WebSocketResponse, int] = {}  # connection -> its shard
        self._receiver: dict[str, int] = {}  # interaction id -> the shard it was sent to
        self.answered_by: Counter[int] = Counter()  # interactions handed to each process
        self.posted_by: Counter[int] = Counter()  # messages posted by each process

    @property
    def caller(self) -> int | None:
        """The bot process whose REST call is being handled (from its user agent)."""
        return _caller.get()

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        agent = request.headers.get(PROCESS_HEADER, "")
        _, found, number = agent.rpartition("process/")
        caller = int(number) if found and number.isdigit() else None
        if caller is None:
            # Interaction answers go through discord.py's webhook client, which sends no
            # user agent of the bot's: the process is the one the interaction was sent to.
            interaction = INTERACTION.search(request.path)
            if interaction is not None:
                caller = self._receiver.get(interaction.group(1) or interaction.group(2))
        _caller.set(caller)
        if caller is not None and request.method == "POST" and request.path.endswith("/messages"):
            self.posted_by[caller] += 1
        return await super()._rest(request)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._connections.append(ws)
        self._ws = ws  # what the base class checks to see that a bot is connected
        try:
            await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                self.gateway_log.append(payload)
                op = payload["op"]
                if op == 1:
                    await ws.send_str(json.dumps({"op": 11}))
                elif op == 2:
                    shard = payload["d"].get("shard")
                    self._shards[ws] = shard[0] if shard else 0
                    await self._send(ws, "READY", {
                        "v": 10,
                        "user": self.bot_user,
                        "session_id": f"fake-session-{shard}",
                        "resume_gateway_url": self.gateway_url,
                        "private_channels": [],
                        "relationships": [],
                        "guilds": [{"id": self.guild_id, "unavailable": True}],
                        "application": {"id": self.app_id, "flags": 0},
                        "shard": shard,
                    })
                    await self._send(ws, "GUILD_CREATE", self.guild_payload())
                elif op == 6:
                    await self._send(ws, "RESUMED", {})
                elif op == 8:
                    await self._send(ws, "GUILD_MEMBERS_CHUNK", {
                        "guild_id": self.guild_id,
                        "chunk_index": 0,
                        "chunk_count": 1,
                        "members": self.guild_payload()["members"],
                        "nonce": payload["d"].get("nonce"),
                    })
        finally:
            self._connections.remove(ws)
        return ws

    async def _send(self, ws: web.WebSocketResponse, event: str, data: Json) -> None:
        self._seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": self._seq, "d": data}))

    async def dispatch(self, event: str, data: Json) -> None:
        open_ = [ws for ws in self._connections if not ws.closed]
        if not open_:
            self.dropped_events += 1
            return
        targets = [self._pick.choice(open_)] if event == "INTERACTION_CREATE" else open_
        if event == "INTERACTION_CREATE":
            shard = self._shards.get(targets[0], 0)
            self._receiver[str(data["id"])] = shard
            self.answered_by[shard] += 1
        for ws in targets:
            try:
                await self._send(ws, event, data)
            except (ConnectionError, RuntimeError):
                self.dropped_events += 1  # that process died meanwhile


class BotGroup:
    """Several ``BotProcess``es, one per shard, behind the interface of one."""

    def __init__(
        self, fake: ShardedCrashFake, database_url: str, log: IO[bytes], count: int, seed: int
    ) -> None:
        self.fake = fake
        self.bots = [
            BotProcess(fake, Path(), log, database_url=database_url, shard=(i, count))
            for i in range(count)
        ]
        self._pick = random.Random(seed)
        self._signalled: BotProcess | None = None  # killed from a call, not reaped yet
        self.generation = 0
        self._up = asyncio.Event()

    @property
    def starts(self) -> int:
        return sum(b.starts for b in self.bots)

    @property
    def kills(self) -> int:
        return sum(b.kills for b in self.bots)

    @property
    def running(self) -> bool:
        return all(b.running for b in self.bots)

    def alive(self, generation: int) -> Callable[[], bool]:
        return lambda: self.generation == generation and self.running

    async def start(self) -> None:
        for bot in self.bots:
            if not bot.running:
                await bot.start()
        self.generation += 1
        self._up.set()

    def _victim(self) -> BotProcess:
        caller = self.fake.caller
        running = [b for b in self.bots if b.running]
        if caller is not None and self.bots[caller].running:
            return self.bots[caller]
        return self._pick.choice(running or self.bots)

    def signal_kill(self) -> None:
        self._up.clear()
        self.generation += 1
        self._signalled = self._victim()
        self._signalled.signal_kill()

    async def kill(self, *, count: bool = True) -> None:
        self._up.clear()
        self.generation += 1
        if not count:  # the end of the run: stop them all
            for bot in self.bots:
                await bot.kill(count=False)
            return
        victim, self._signalled = self._signalled or self._victim(), None
        await victim.kill()

    async def up(self, seconds: float) -> int | None:
        try:
            await asyncio.wait_for(self._up.wait(), seconds)
        except TimeoutError:
            return None
        return self.generation
