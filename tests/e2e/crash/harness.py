"""The pieces of the crash test: a fake Discord that outlives the bot, and the bot's process.

The fake runs in the driver's process, as Discord would: it keeps every message, thread and
interaction while the bot is dead, drops gateway events that have nobody to receive them, and
answers the next connection with a fresh READY. Uploaded files are kept as SHA-256 digests,
so hundreds of board images cost a few bytes each and two posts of the same board compare equal.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import hashlib
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from aiohttp import web

from tests.e2e.wire.fakediscord import EPHEMERAL, Call, FakeDiscord

ROOT = Path(__file__).resolve().parents[3]
START_SECONDS = 60.0  # from spawning the bot to its gateway IDENTIFY (imports, migrations)
PR_SET_PDEATHSIG = 1

Json = dict[str, Any]


class CrashFake(FakeDiscord):
    """The loopback fake, made to survive its client being killed at any moment."""

    def __init__(self) -> None:
        super().__init__()
        self.dropped_events = 0  # gateway events sent while no bot was connected
        self.nonce_dedups = 0  # posts Discord itself dropped as repeats of an enforced nonce
        self.nonces: dict[tuple[str, str], str] = {}  # (channel, nonce) -> message id
        self._trigger: tuple[Callable[[Call], bool], Callable[[], None]] | None = None

    async def dispatch(self, event: str, data: Json) -> None:
        ws = self._ws
        if ws is None or ws.closed:
            self.dropped_events += 1
            return
        try:
            await super().dispatch(event, data)
        except (ConnectionError, RuntimeError):
            # the bot died between the check and the write; Discord would drop it too
            self.dropped_events += 1

    @staticmethod
    async def _read_body(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
        body, files = await FakeDiscord._read_body(request)
        return body, [(name, hashlib.sha256(data).hexdigest().encode()) for name, data in files]

    def arm(self, predicate: Callable[[Call], bool], action: Callable[[], None]) -> None:
        """Run ``action`` once, right after the fake has done what the first call matching
        ``predicate`` asked and before it answers: e.g. kill the bot when a post has landed but
        the bot has not heard back, the window where a retry could post it twice."""
        self._trigger = (predicate, action)

    def disarm(self) -> None:
        self._trigger = None

    async def _route(self, call: Call, seg: list[str]) -> tuple[int, Any]:
        result = await self._route_more(call, seg)
        trigger = self._trigger
        if trigger is not None and result[0] < 300 and trigger[0](call):
            self._trigger = None
            trigger[1]()
        return result

    async def _route_more(self, call: Call, seg: list[str]) -> tuple[int, Any]:
        if len(seg) == 3 and seg[0] == "channels" and seg[2] == "messages":
            if seg[1] in self.channels and call.method == "GET":
                return 200, self.history(seg[1], call.query)
            if seg[1] in self.channels and call.method == "POST":
                earlier = self._same_nonce(seg[1], call.json or {})
                if earlier is not None:
                    self.nonce_dedups += 1
                    return 200, earlier
                status, posted = await super()._route(call, seg)
                nonce = (call.json or {}).get("nonce")
                if status == 200 and nonce is not None:
                    self.nonces[(seg[1], str(nonce))] = posted["id"]
                return status, posted
        return await super()._route(call, seg)

    def history(self, channel_id: str, query: dict[str, str]) -> list[Json]:
        """GET /channels/{id}/messages: up to ``limit`` messages before or after an id, or the
        newest; newest first either way, as Discord answers. Ephemeral messages are not in it."""
        limit = max(1, min(100, int(query.get("limit", "50"))))
        found = [
            m
            for m in self.messages.values()
            if m["channel_id"] == channel_id and not m["flags"] & EPHEMERAL
        ]
        found.sort(key=lambda m: int(m["id"]))
        if "after" in query:
            found = [m for m in found if int(m["id"]) > int(query["after"])][:limit]
        elif "before" in query:
            found = [m for m in found if int(m["id"]) < int(query["before"])][-limit:]
        elif "around" in query:
            pivot = next(
                (i for i, m in enumerate(found) if int(m["id"]) >= int(query["around"])),
                len(found),
            )
            found = found[max(0, pivot - limit // 2) : pivot - limit // 2 + limit]
        else:
            found = found[-limit:]
        return list(reversed(found))

    def _same_nonce(self, channel_id: str, body: Json) -> Json | None:
        """With ``enforce_nonce``, Discord returns the earlier message sent with the nonce."""
        nonce = body.get("nonce")
        if nonce is None or not body.get("enforce_nonce"):
            return None
        message_id = self.nonces.get((channel_id, str(nonce)))
        return self.messages.get(message_id) if message_id is not None else None

    def identifies(self) -> int:
        """How many times a client has identified on the gateway (one per bot start)."""
        return sum(1 for payload in self.gateway_log if payload.get("op") == 2)

    async def find_call(
        self,
        predicate: Callable[[Call], bool],
        *,
        after: int,
        seconds: float,
        alive: Callable[[], bool] = lambda: True,
    ) -> Call | None:
        """The first call from index ``after`` that matches, or None once ``seconds`` pass or
        ``alive()`` turns false (the bot that should answer was killed)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        index = after
        async with self._changed:
            while True:
                while index < len(self.calls):
                    call = self.calls[index]
                    index += 1
                    if predicate(call):
                        return call
                remaining = deadline - loop.time()
                if remaining <= 0 or not alive():
                    return None
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), min(remaining, 0.25))

    def thread_messages(self, thread_id: str) -> list[Json]:
        return [m for m in self.messages.values() if m["channel_id"] == thread_id]

    def call_nonce(self, message_id: str) -> str | None:
        """The nonce the bot sent with the post that created ``message_id``, if any."""
        for call in self.calls:
            if (
                call.method == "POST"
                and isinstance(call.response, dict)
                and call.response.get("id") == message_id
                and isinstance(call.json, dict)
            ):
                nonce = call.json.get("nonce")
                return str(nonce) if nonce is not None else None
        return None


def _die_with_parent() -> None:
    """In the child: get SIGKILL if the driver dies, so no bot outlives a crashed test run."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


class BotProcess:
    """The real bot in a child process; ``kill`` is a SIGKILL, ``start`` waits for IDENTIFY."""

    def __init__(
        self,
        fake: CrashFake,
        database: Path,
        log: IO[bytes],
        *,
        database_url: str | None = None,
        shard: tuple[int, int] | None = None,
    ) -> None:
        self.fake = fake
        self.database = database
        self.database_url = database_url or f"sqlite:///{database}"
        self.shard = shard  # (this process's shard, the shards in all), or None for one
        self.log = log
        self.proc: asyncio.subprocess.Process | None = None
        self.generation = 0  # bumped on every start and kill
        self.starts = 0
        self.kills = 0
        self._up = asyncio.Event()

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    def alive(self, generation: int) -> Callable[[], bool]:
        return lambda: self.generation == generation and self.running

    async def start(self) -> None:
        assert not self.running, "the bot is already running"
        before = self.fake.identifies()
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.e2e.crash.botproc",
            str(self.fake.port),
            self.database_url,
            *(() if self.shard is None else map(str, self.shard)),
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=self.log,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            preexec_fn=_die_with_parent if sys.platform == "linux" else None,
        )
        self.starts += 1
        loop = asyncio.get_running_loop()
        deadline = loop.time() + START_SECONDS
        while self.fake.identifies() <= before:
            if self.proc.returncode is not None:
                raise RuntimeError(f"the bot exited with {self.proc.returncode} before connecting")
            if loop.time() > deadline:
                await self.kill(count=False)
                raise RuntimeError(f"the bot did not connect within {START_SECONDS} s")
            await asyncio.sleep(0.02)
        # READY and GUILD_CREATE follow the IDENTIFY at once; let the client take them in
        await asyncio.sleep(0.2)
        self.generation += 1
        self._up.set()

    def signal_kill(self) -> None:
        """SIGKILL the bot at once, from synchronous code; ``kill`` then reaps it."""
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(signal.SIGKILL)
            self._up.clear()
            self.generation += 1

    async def kill(self, *, count: bool = True) -> None:
        """SIGKILL the bot and reap it; ``count`` says whether it is one of the test's kills."""
        self._up.clear()
        self.generation += 1
        if self.proc is None:
            return
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(signal.SIGKILL)
            self.kills += count
        await self.proc.wait()
        self.proc = None

    async def up(self, seconds: float) -> int | None:
        """Wait until the bot is connected; its generation, or None after ``seconds``."""
        try:
            await asyncio.wait_for(self._up.wait(), seconds)
        except TimeoutError:
            return None
        return self.generation
