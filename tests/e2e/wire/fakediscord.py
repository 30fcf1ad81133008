"""A loopback fake of the Discord HTTP API v10 and gateway, for wire-level tests.

The real discord.py client talks to it over aiohttp and a websocket, exactly as it would talk to
Discord: only ``discord.http.Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY`` are pointed at
``127.0.0.1``. The fake keeps one guild with one text channel and a few members, records every REST
call for assertions, and lets a test act as a user (slash commands, component clicks).

Behaviours that discord.py relies on and that are easy to get wrong are modelled on purpose:
responses carry ``Content-Type: application/json`` exactly; interaction callbacks answer
``?with_response=1`` with an InteractionCallbackResponse; the first follow-up after a thinking
defer edits the "thinking" message instead of posting a new one; ephemeral messages are never
dispatched over the gateway. Unknown routes get a JSON 404 that names the route.

The network can be made slower and stricter (``Network``): a delay before every REST answer,
and Discord's rate limits with their headers. Requests made with the bot token share a global
budget per second; message posts and edits are limited per channel. Going over answers 429
with ``retry_after`` (and ``global`` when the global budget is spent), as Discord does, and is
recorded in ``rate_limited``. As Discord's documentation says, interaction endpoints (the
callback, follow-ups, edits of the answer) are not bound to the global limit, and per-route
limits count per top-level resource: a channel for a channel's messages, a webhook's id and
token for messages sent through an interaction's token. So follow-ups never use up the channel's
message limit; each interaction's token has a limit of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote

from aiohttp import WSMsgType, web

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
ACK_DEADLINE_SECONDS = 3.0  # Discord drops an interaction not acknowledged within 3 s
ADMINISTRATOR = 1 << 3
EVERYONE_PERMISSIONS = 0x0006_3584_0E40  # view, send, threads, attach, history, slash commands

Json = dict[str, Any]


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _json(obj: Any, status: int = 200) -> web.Response:
    # discord.py only parses a body whose Content-Type is exactly "application/json";
    # aiohttp's json_response would append "; charset=utf-8".
    return web.Response(
        body=json.dumps(obj).encode(), status=status, content_type="application/json"
    )


@dataclass(frozen=True)
class Network:
    """How the fake's REST side behaves beyond being correct; the default is instant and
    unlimited."""

    delay: float = 0.0  # seconds before every REST answer, like a round trip
    global_per_second: int | None = None  # Discord: 50 requests per second per bot
    channel_limit: int | None = None  # message posts (and, separately, edits) per channel …
    channel_window: float = 5.0  # … per this many seconds (Discord: 5 per 5 s)


@dataclass
class _Bucket:
    limit: int
    window: float
    used: int = 0
    resets: float = 0.0

    def take(self, now: float) -> float:
        """0 when a request may go now (and counts it); else the seconds until it may."""
        if now >= self.resets:
            self.used, self.resets = 0, now + self.window
        if self.used >= self.limit:
            return self.resets - now
        self.used += 1
        return 0.0

    def headers(self, name: str, now: float) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.limit - self.used)),
            "X-RateLimit-Reset": f"{time.time() + self.resets - now:.3f}",
            "X-RateLimit-Reset-After": f"{self.resets - now:.3f}",
            "X-RateLimit-Bucket": name,
        }


@dataclass
class Call:
    """One REST request the bot made."""

    method: str
    path: str  # below /api/v10, e.g. "/channels/1/messages"
    query: dict[str, str]
    json: Any
    files: list[tuple[str, bytes]] = field(default_factory=list)
    status: int = 200
    response: Any = None
    received_at: float = field(default_factory=time.monotonic)  # before the network's delay

    @property
    def route(self) -> str:
        return f"{self.method} {self.path}"


@dataclass
class _Interaction:
    id: str
    token: str
    channel_id: str
    message_id: str | None = None  # the component's message, for types 6/7
    original_id: str | None = None  # the response message ("@original")
    deferred_thinking: bool = False
    acknowledged: bool = False
    created: float = field(default_factory=time.monotonic)


class FakeDiscord:
    """The fake server plus a small driver API used by the tests."""

    def __init__(self, network: Network | None = None) -> None:
        self.network = network or Network()
        self._buckets: dict[str, _Bucket] = {}
        self.rate_limited: list[Call] = []  # requests answered 429
        self.answered_at: list[tuple[float, Call]] = []  # when each call was answered
        self._ids = itertools.count()
        self.app_id = self.snowflake()
        self.guild_id = self.snowflake()
        self.channel_id = self.snowflake()
        self.bot_role_id = self.snowflake()
        self.bot_user = self._user(self.app_id, "Caravanserai", bot=True)
        self.users: dict[str, Json] = {"bot": self.bot_user}
        for name in ("alice", "bob", "carol"):
            self.users[name] = self._user(self.snowflake(), name)
        self.channels: dict[str, Json] = {
            self.channel_id: {
                "id": self.channel_id,
                "type": 0,
                "guild_id": self.guild_id,
                "name": "tavern",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
                "rate_limit_per_user": 0,
                "topic": None,
                "last_message_id": None,
            }
        }
        self.messages: dict[str, Json] = {}
        self.attachments: dict[str, bytes] = {}
        self.commands: dict[str, Json] = {}  # name -> registered command (global or guild)
        self.calls: list[Call] = []
        self.errors: list[str] = []  # exceptions raised inside the fake itself
        self.unmodelled: list[str] = []  # requests that no route of the fake answers
        self.idle_edits: list[str] = []  # edits that took buttons off a message that had none
        self.gateway_log: list[Json] = []  # every payload the client sent on the websocket
        self._interactions: dict[str, _Interaction] = {}
        self._by_token: dict[str, _Interaction] = {}  # the same interactions, by their token
        self._callbacks: dict[str, int] = {}  # interaction id -> index of its first callback
        self._nonces: dict[tuple[str, str], str] = {}  # (channel, nonce) -> message id
        self._changed = asyncio.Condition()
        self._ws: web.WebSocketResponse | None = None
        self._seq = 0
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{aid}/{filename}", self._attachment)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def close(self) -> None:
        if self._ws is not None and not self._ws.closed:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- payload builders --------------------------------------------------------------------

    def snowflake(self) -> str:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return str((ms << 22) | (next(self._ids) & 0x3FFFFF))

    @staticmethod
    def _user(uid: str, name: str, *, bot: bool = False) -> Json:
        return {
            "id": uid,
            "username": name,
            "global_name": name.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": bot,
            "flags": 0,
            "public_flags": 0,
        }

    def member(self, who: str) -> Json:
        user = self.users[who]
        roles = [self.bot_role_id] if user["bot"] else []
        perms = ADMINISTRATOR if user["bot"] else EVERYONE_PERMISSIONS
        return {
            "user": user,
            "roles": roles,
            "joined_at": _now(),
            "flags": 0,
            "deaf": False,
            "mute": False,
            "nick": None,
            "permissions": str(perms),
        }

    def guild_payload(self) -> Json:
        roles = [
            # discord.py finds @everyone as the role whose id equals the guild id
            {
                "id": self.guild_id,
                "name": "@everyone",
                "permissions": str(EVERYONE_PERMISSIONS),
                "position": 0,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": False,
            },
            {
                "id": self.bot_role_id,
                "name": "Caravanserai",
                "permissions": str(ADMINISTRATOR),
                "position": 1,
                "color": 0,
                "hoist": False,
                "managed": True,
                "mentionable": False,
            },
        ]
        members = [
            {k: v for k, v in self.member(n).items() if k != "permissions"} for n in self.users
        ]
        return {
            "id": self.guild_id,
            "name": "Oasis",
            "icon": None,
            "owner_id": self.users["alice"]["id"],
            "roles": roles,
            "emojis": [],
            "stickers": [],
            "features": [],
            "members": members,
            "member_count": len(members),
            "channels": [c for c in self.channels.values() if c["type"] not in (11, 12)],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "afk_timeout": 300,
            "system_channel_id": None,
            "joined_at": _now(),
        }

    def _app_info(self) -> Json:
        return {
            "id": self.app_id,
            "name": "Caravanserai",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "flags": 0,
            "owner": self.users["alice"],
            "verify_key": "0" * 64,
            "bot": self.bot_user,
        }

    # -- gateway -----------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws = ws
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
                await self.dispatch(
                    "READY",
                    {
                        "v": 10,
                        "user": self.bot_user,
                        "session_id": "fake-session",
                        "resume_gateway_url": self.gateway_url,
                        "private_channels": [],
                        "relationships": [],
                        "guilds": [{"id": self.guild_id, "unavailable": True}],
                        "application": {"id": self.app_id, "flags": 0},
                    },
                )
                await self.dispatch("GUILD_CREATE", self.guild_payload())
            elif op == 6:
                await self.dispatch("RESUMED", {})
            elif op == 8:
                await self.dispatch(
                    "GUILD_MEMBERS_CHUNK",
                    {
                        "guild_id": self.guild_id,
                        "chunk_index": 0,
                        "chunk_count": 1,
                        "members": self.guild_payload()["members"],
                        "nonce": payload["d"].get("nonce"),
                    },
                )
        return ws

    async def dispatch(self, event: str, data: Json) -> None:
        assert self._ws is not None, "the bot has not connected to the gateway"
        self._seq += 1
        # a bot that closed its gateway connection is shutting down: nobody to tell
        with contextlib.suppress(ConnectionResetError):
            await self._ws.send_str(json.dumps({"op": 0, "t": event, "s": self._seq, "d": data}))

    # -- REST --------------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["path"]
        body, files = await self._read_body(request)
        call = Call(request.method, path, dict(request.query), body, files)
        if self.network.delay:
            await asyncio.sleep(self.network.delay)
        headers: dict[str, str] = {}
        limited = self._over_limit(call, headers)
        try:
            if limited is not None:
                status, response = 429, limited
            else:
                status, response = await self._route(call, path.strip("/").split("/"))
        except Exception as exc:  # a bug in the fake: answer 400 (no retry) and keep the cause
            self.errors.append(f"{call.route}: {exc!r}")
            status, response = 400, {"message": f"fake discord error: {exc!r}", "code": 0}
        call.status, call.response = status, response
        async with self._changed:
            if path.startswith("/interactions/"):
                self._callbacks.setdefault(path.split("/")[2], len(self.calls))
            self.calls.append(call)
            self.answered_at.append((time.monotonic(), call))
            if status == 429:
                self.rate_limited.append(call)
            self._changed.notify_all()
        if status == 204:
            return web.Response(status=204, headers=headers)
        answer = _json(response, status)
        answer.headers.update(headers)
        return answer

    def _over_limit(self, call: Call, headers: dict[str, str]) -> Json | None:
        """The 429 body when ``call`` goes over a rate limit; fills in the bucket's headers."""
        seg = call.path.strip("/").split("/")
        now = time.monotonic()
        net = self.network
        if seg[0] in ("interactions", "webhooks"):
            return self._over_token_limit(call, seg, now, headers)
        if net.global_per_second is not None:
            bucket = self._buckets.setdefault("global", _Bucket(net.global_per_second, 1.0))
            wait = bucket.take(now)
            if wait:
                headers.update({"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global",
                                "Retry-After": f"{wait:.3f}", "Via": "1.1 google"})
                return {"message": "You are being rate limited.", "retry_after": wait,
                        "global": True, "code": 0}
        if (
            net.channel_limit is not None
            and seg[0] == "channels"
            and len(seg) in (3, 4)
            and seg[2] == "messages"
            and (call.method, len(seg)) in (("POST", 3), ("PATCH", 4))
        ):
            name = f"{call.method}-messages-{seg[1]}"
            bucket = self._buckets.setdefault(
                name, _Bucket(net.channel_limit, net.channel_window)
            )
            wait = bucket.take(now)
            headers.update(bucket.headers(name, now))
            if wait:
                headers.update({"X-RateLimit-Scope": "user", "Retry-After": f"{wait:.3f}",
                                "Via": "1.1 google"})
                return {"message": "You are being rate limited.", "retry_after": wait,
                        "global": False, "code": 0}
        return None

    def _over_token_limit(
        self, call: Call, seg: list[str], now: float, headers: dict[str, str]
    ) -> Json | None:
        """Interaction endpoints are outside the bot's global limit; their per-route limits
        count per top-level resource, which for a webhook is its id and token: messages sent
        and edited through one interaction's token share a bucket of their own, never the
        channel's."""
        if self.network.channel_limit is None or seg[0] != "webhooks" or len(seg) < 3:
            return None
        if call.method not in ("POST", "PATCH"):
            return None
        name = f"{call.method}-webhook-{seg[2]}"
        bucket = self._buckets.setdefault(
            name, _Bucket(self.network.channel_limit, self.network.channel_window)
        )
        wait = bucket.take(now)
        headers.update(bucket.headers(name, now))
        if not wait:
            return None
        headers.update({"X-RateLimit-Scope": "user", "Retry-After": f"{wait:.3f}"})
        return {"message": "You are being rate limited.", "retry_after": wait, "global": False,
                "code": 0}

    @staticmethod
    async def _read_body(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
        kind = request.headers.get("Content-Type", "")
        if kind.startswith("multipart/"):
            return _form(await request.read(), kind)
        if request.can_read_body:
            raw = await request.read()
            return (json.loads(raw) if raw else None), []
        return None, []

    async def _route(self, call: Call, seg: list[str]) -> tuple[int, Any]:
        m, n = call.method, len(seg)
        body = call.json or {}
        if seg == ["users", "@me"] and m == "GET":
            return 200, self.bot_user
        if seg == ["oauth2", "applications", "@me"] and m == "GET":
            return 200, self._app_info()
        if seg == ["gateway", "bot"]:
            return 200, {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        if seg[0] == "applications" and seg[-1] == "commands":
            return self._commands(m, body, guild=seg[2] if n == 5 else None)
        if seg[0] == "interactions" and n == 4 and seg[3] == "callback" and m == "POST":
            return await self._callback(seg[1], seg[2], body, call.files)
        if seg[0] == "webhooks" and n >= 3:
            return await self._webhook(m, seg[2], seg[3:], body, call.files)
        if seg[0] == "channels" and seg[1] in self.channels:
            return await self._channel(m, seg[1], seg[2:], body, call.files, call.query)
        if seg[:3] == ["guilds", self.guild_id, "members"] and n == 4 and m == "GET":
            who = self.user_name(seg[3])
            if who is not None:
                return 200, {k: v for k, v in self.member(who).items() if k != "permissions"}
        if seg[0] == "users" and n == 2 and m == "GET":
            who = self.user_name(seg[1])
            if who is not None:
                return 200, self.users[who]
        return self._not_found(call.route)

    def _not_found(self, route: str) -> tuple[int, Json]:
        self.unmodelled.append(route)
        return 404, {"message": f"fake discord: no route for {route}", "code": 10000}

    def user_name(self, uid: str) -> str | None:
        """The name a test acts as for the user with id ``uid``."""
        return next((k for k, u in self.users.items() if u["id"] == uid), None)

    def _commands(self, method: str, body: Any, guild: str | None) -> tuple[int, Any]:
        if method == "PUT":
            out = []
            for cmd in body:
                stored = {
                    "id": self.snowflake(),
                    "application_id": self.app_id,
                    "version": "1",
                    "type": 1,
                    "description": "",
                    "options": [],
                    "default_member_permissions": None,
                    "nsfw": False,
                    **cmd,
                }
                if guild is not None:
                    stored["guild_id"] = guild
                self.commands[stored["name"]] = stored
                out.append(stored)
            return 200, out
        if method == "GET":
            return 200, [c for c in self.commands.values() if c.get("guild_id") == guild]
        return self._not_found(f"{method} commands")

    # messages ------------------------------------------------------------------------------

    def _make_attachments(self, files: list[tuple[str, bytes]], meta: list[Json]) -> list[Json]:
        out = []
        for index, (filename, data) in enumerate(files):
            aid = self.snowflake()
            self.attachments[aid] = data
            desc = next((a for a in meta if str(a.get("id")) == str(index)), {})
            url = f"{self.base}/attachments/{aid}/{filename}"
            out.append(
                {
                    "id": aid,
                    "filename": filename,
                    "size": len(data),
                    "url": url,
                    "proxy_url": url,
                    "content_type": _content_type(filename),
                    "description": desc.get("description"),
                }
            )
        return out

    def _new_message(
        self,
        channel_id: str,
        body: Json,
        files: list[tuple[str, bytes]],
        *,
        flags: int = 0,
        interaction: _Interaction | None = None,
    ) -> Json:
        msg: Json = {
            "id": self.snowflake(),
            "channel_id": channel_id,
            "guild_id": self.guild_id,
            "author": self.bot_user,
            "content": body.get("content") or "",
            "timestamp": _now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "embeds": body.get("embeds") or [],
            "pinned": False,
            "type": 0 if interaction is None else 20,
            "components": body.get("components") or [],
            "flags": flags | int(body.get("flags") or 0),
            "attachments": self._make_attachments(files, body.get("attachments", [])),
        }
        if interaction is not None:
            msg["webhook_id"] = self.app_id
            msg["application_id"] = self.app_id
        if body.get("message_reference"):
            msg["message_reference"] = body["message_reference"]
        self.messages[msg["id"]] = msg
        self.channels[channel_id]["last_message_id"] = msg["id"]
        return msg

    def _edit_message(self, msg: Json, body: Json, files: list[tuple[str, bytes]]) -> Json:
        for key in ("content", "embeds", "components"):
            if key in body:
                msg[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if "flags" in body and body["flags"] is not None:
            msg["flags"] = int(body["flags"]) | (msg["flags"] & EPHEMERAL)
        msg["flags"] &= ~LOADING
        if "attachments" in body:
            # existing attachments are kept only when listed; new files are listed by index
            keep = {str(a["id"]) for a in body["attachments"] or []}
            msg["attachments"] = [a for a in msg["attachments"] if a["id"] in keep]
        if files:
            meta = body.get("attachments") or []
            msg["attachments"] = msg["attachments"] + self._make_attachments(files, meta)
        msg["edited_timestamp"] = _now()
        return msg

    async def _announce(self, event: str, msg: Json) -> None:
        if not msg["flags"] & EPHEMERAL:  # ephemeral messages never reach the gateway
            await self.dispatch(event, msg)

    async def _channel(
        self,
        method: str,
        cid: str,
        rest: list[str],
        body: Json,
        files: list[tuple[str, bytes]],
        query: dict[str, str],
    ) -> tuple[int, Any]:
        if not rest:
            if method == "GET":
                return 200, self.channels[cid]
        elif rest == ["messages"] and method == "POST":
            nonce = str(body.get("nonce") or "")
            if nonce and body.get("enforce_nonce") and (cid, nonce) in self._nonces:
                # Discord answers a repeated nonce with the message it already created
                return 200, self.messages[self._nonces[cid, nonce]]
            msg = self._new_message(cid, body, files)
            if nonce:
                msg["nonce"] = nonce
                self._nonces[cid, nonce] = msg["id"]
            await self._announce("MESSAGE_CREATE", msg)
            return 200, msg
        elif rest == ["messages"] and method == "GET":
            return 200, self._history(cid, query)
        elif rest == ["typing"]:
            return 204, None
        elif rest[:2] == ["messages", "pins"] and len(rest) == 3 and method == "PUT":
            if rest[2] not in self.messages:
                return self._not_found(f"PUT /channels/{cid}/messages/pins/{rest[2]}")
            self.messages[rest[2]]["pinned"] = True
            return 204, None
        elif rest[0] == "messages" and len(rest) >= 2 and rest[1] in self.messages:
            msg = self.messages[rest[1]]
            if len(rest) == 2 and method == "GET":
                return 200, msg
            if len(rest) == 2 and method == "PATCH":
                if body.keys() - {"tts"} == {"components"} and not (
                    body["components"] or msg["components"]
                ):
                    self.idle_edits.append(f"{method} /channels/{cid}/messages/{rest[1]}")
                await self._announce("MESSAGE_UPDATE", self._edit_message(msg, body, files))
                return 200, msg
            if len(rest) == 2 and method == "DELETE":
                del self.messages[rest[1]]
                await self.dispatch(
                    "MESSAGE_DELETE", {"id": rest[1], "channel_id": cid, "guild_id": self.guild_id}
                )
                return 204, None
            if rest[2:] == ["threads"] and method == "POST":
                thread = await self._new_thread(cid, body, 11, message_id=rest[1])
                return 201, thread
            if rest[2] == "reactions":
                return 204, None
        elif rest == ["threads"] and method == "POST":
            return 201, await self._new_thread(cid, body, int(body.get("type") or 11))
        elif rest[0] == "thread-members" and method in ("PUT", "DELETE"):
            return 204, None
        return self._not_found(f"{method} /channels/{cid}/{'/'.join(rest)}")

    def _history(self, cid: str, query: dict[str, str]) -> list[Json]:
        """A channel's messages, newest first, as ``GET /channels/{id}/messages`` pages them."""
        found = [
            m
            for m in self.messages.values()
            if m["channel_id"] == cid and not m["flags"] & EPHEMERAL
        ]
        found.sort(key=lambda m: int(m["id"]), reverse=True)
        if "before" in query:
            found = [m for m in found if int(m["id"]) < int(query["before"])]
        if "after" in query:
            found = [m for m in found if int(m["id"]) > int(query["after"])]
        return found[: int(query.get("limit", 50))]

    async def _new_thread(
        self, parent: str, body: Json, kind: int, message_id: str | None = None
    ) -> Json:
        tid = message_id or self.snowflake()  # Discord reuses the starter message's id
        thread = {
            "id": tid,
            "type": kind,
            "guild_id": self.guild_id,
            "parent_id": parent,
            "owner_id": self.app_id,
            "name": body["name"],
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "flags": 0,
            "last_message_id": None,
            "thread_metadata": {
                "archived": False,
                "locked": False,
                "invitable": True,
                "auto_archive_duration": body.get("auto_archive_duration", 1440),
                "archive_timestamp": _now(),
                "create_timestamp": _now(),
            },
            "member": {"id": tid, "user_id": self.app_id, "join_timestamp": _now(), "flags": 0},
        }
        self.channels[tid] = thread
        await self.dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        return thread

    # interactions ----------------------------------------------------------------------------

    async def _callback(
        self, iid: str, token: str, body: Json, files: list[tuple[str, bytes]]
    ) -> tuple[int, Any]:
        inter = self._interactions.get(iid)
        if inter is None or inter.token != token:
            return 404, {"message": "Unknown interaction", "code": 10062}
        if inter.acknowledged:
            return 400, {"message": "Interaction has already been acknowledged.", "code": 40060}
        if time.monotonic() - inter.created > ACK_DEADLINE_SECONDS:
            # what the user sees as "This interaction failed"
            return 404, {"message": "Unknown interaction", "code": 10062}
        inter.acknowledged = True
        kind, data = body["type"], body.get("data") or {}
        message: Json | None = None
        if kind == 4:
            message = self._new_message(inter.channel_id, data, files, interaction=inter)
            await self._announce("MESSAGE_CREATE", message)
        elif kind == 5:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self._new_message(inter.channel_id, {}, [], flags=flags, interaction=inter)
            inter.deferred_thinking = True
            await self._announce("MESSAGE_CREATE", message)
        elif kind == 7 and inter.message_id is not None:
            message = self._edit_message(self.messages[inter.message_id], data, files)
            await self._announce("MESSAGE_UPDATE", message)
        elif kind == 6 and inter.message_id is not None:
            inter.original_id = inter.message_id
        if message is not None:
            inter.original_id = message["id"]
        resource: Json = {"type": kind}
        if message is not None:
            resource["message"] = message
        return 200, {
            "interaction": {
                "id": iid,
                "type": 2,
                "response_message_id": inter.original_id,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message["flags"] & EPHEMERAL),
            },
            "resource": resource,
        }

    async def _webhook(
        self, method: str, token: str, rest: list[str], body: Json, files: list[tuple[str, bytes]]
    ) -> tuple[int, Any]:
        inter = self._by_token.get(token)
        if inter is None:
            return 404, {"message": "Unknown Webhook", "code": 10015}
        if not rest and method == "POST":
            original = self.messages.get(inter.original_id or "")
            if inter.deferred_thinking and original and original["flags"] & LOADING:
                # the first follow-up after a thinking defer replaces the "thinking" message
                msg = self._edit_message(original, body, files)
                await self._announce("MESSAGE_UPDATE", msg)
                return 200, msg
            msg = self._new_message(inter.channel_id, body, files, interaction=inter)
            await self._announce("MESSAGE_CREATE", msg)
            return 200, msg
        if len(rest) == 2 and rest[0] == "messages":
            mid = inter.original_id if rest[1] == "@original" else rest[1]
            target = self.messages.get(mid or "")
            if target is None:
                return 404, {"message": "Unknown Message", "code": 10008}
            if method == "GET":
                return 200, target
            if method == "PATCH":
                await self._announce("MESSAGE_UPDATE", self._edit_message(target, body, files))
                return 200, target
            if method == "DELETE":
                del self.messages[target["id"]]
                return 204, None
        return self._not_found(f"{method} /webhooks/{{app}}/{{token}}/{'/'.join(rest)}")

    async def _attachment(self, request: web.Request) -> web.Response:
        data = self.attachments.get(request.match_info["aid"])
        if data is None:
            return _json({"message": "Unknown attachment"}, 404)
        return web.Response(body=data, content_type=_content_type(request.match_info["filename"]))

    # -- driver API: act as a user -------------------------------------------------------------

    def _interaction(
        self, kind: int, data: Json, who: str, channel_id: str, message: Json | None = None
    ) -> Json:
        iid = self.snowflake()
        inter = _Interaction(
            iid, f"token-{iid}", channel_id, message_id=message["id"] if message else None
        )
        self._interactions[iid] = self._by_token[inter.token] = inter
        payload: Json = {
            "id": iid,
            "type": kind,
            "token": inter.token,
            "version": 1,
            "application_id": self.app_id,
            "guild_id": self.guild_id,
            "channel_id": channel_id,
            "channel": self.channels[channel_id],
            "member": self.member(who),
            "data": data,
            "locale": "en-US",
            "guild_locale": "en-US",
            "app_permissions": str(ADMINISTRATOR),
            "attachment_size_limit": 10 * 1024 * 1024,
            "entitlements": [],
            "authorizing_integration_owners": {"0": self.guild_id},
            "context": 0,
        }
        if message is not None:
            payload["message"] = message
        return payload

    async def slash(
        self, name: str, *, user: str = "alice", channel_id: str | None = None, **options: Any
    ) -> str:
        """Run ``/name`` (``"group sub"`` for subcommands) as ``user``; returns the interaction id.

        Option types are taken from the commands the bot registered.
        """
        return await self._command(2, name, user, channel_id, options, focused=None)

    async def autocomplete(
        self,
        name: str,
        focused: str,
        *,
        user: str = "alice",
        channel_id: str | None = None,
        **options: Any,
    ) -> str:
        """Type into option ``focused`` of ``/name``; the bot answers with callback type 8."""
        return await self._command(4, name, user, channel_id, options, focused=focused)

    async def _command(
        self,
        kind: int,
        name: str,
        user: str,
        channel_id: str | None,
        options: dict[str, Any],
        focused: str | None,
    ) -> str:
        root, *subs = name.split()
        command = self.commands.get(root)
        assert command is not None, f"/{root} was never registered: {sorted(self.commands)}"
        schema = command.get("options") or []
        for sub in subs:
            schema = next(o for o in schema if o["name"] == sub).get("options") or []
        opts: list[Json] = []
        for key, value in options.items():
            option = {
                "name": key,
                "value": value,
                "type": next((o["type"] for o in schema if o["name"] == key), 3),
            }
            if key == focused:
                option["focused"] = True
            opts.append(option)
        for sub in reversed(subs):
            opts = [{"name": sub, "type": 1 if sub == subs[-1] else 2, "options": opts}]
        data: Json = {"id": command["id"], "name": root, "type": 1, "options": opts}
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        payload = self._interaction(kind, data, user, channel_id or self.channel_id)
        await self.dispatch("INTERACTION_CREATE", payload)
        return str(payload["id"])

    def old_bot_message(self, custom_ids: list[str], *, channel_id: str | None = None) -> Json:
        """A bot message with buttons that no longer match the bot's data, as if it had been
        posted before the database was restored; stored without a gateway event."""
        rows = [
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 1, "label": cid, "custom_id": cid} for cid in custom_ids
                ],
            }
        ]
        return self._new_message(
            channel_id or self.channel_id, {"content": "an old message", "components": rows}, []
        )

    async def click(
        self, message: Json, custom_id: str, *, user: str = "alice", values: list[str] | None = None
    ) -> str:
        """Press a button (or pick ``values`` in a select menu) on ``message`` as ``user``."""
        # Discord only sends clicks for components that are on the message, and discord.py
        # drops a persistent item's click when its id is not there
        assert custom_id in custom_ids(message), f"{custom_id} is not on message {message['id']}"
        data: Json = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
        if values is not None:
            data["values"] = values
        payload = self._interaction(3, data, user, message["channel_id"], message=message)
        await self.dispatch("INTERACTION_CREATE", payload)
        return str(payload["id"])

    # -- assertions --------------------------------------------------------------------------

    async def wait_for(
        self,
        predicate: Callable[[Call], bool],
        *,
        after: int = 0,
        seconds: float = 10.0,
        what: str = "a matching REST call",
    ) -> Call:
        """Return the first recorded call (from index ``after``) that satisfies ``predicate``,
        a test of the call alone: a call it refused is not looked at again."""
        looked = after
        try:
            async with asyncio.timeout(seconds), self._changed:
                while True:
                    for call in itertools.islice(self.calls, looked, None):
                        if predicate(call):
                            return call
                    looked = max(looked, len(self.calls))
                    await self._changed.wait()
        except TimeoutError:
            seen = "\n  ".join(f"{c.route} -> {c.status}" for c in self.calls[after:])
            raise AssertionError(
                f"timed out waiting for {what}; calls seen:\n  {seen}\nfake errors: {self.errors}"
            ) from None

    async def callback_for(self, interaction_id: str, *, seconds: float = 10.0) -> Call:
        """The bot's interaction callback for ``interaction_id``."""
        try:
            async with asyncio.timeout(seconds), self._changed:
                await self._changed.wait_for(lambda: interaction_id in self._callbacks)
        except TimeoutError:
            raise AssertionError(
                f"timed out waiting for the callback of interaction {interaction_id}; "
                f"fake errors: {self.errors}"
            ) from None
        return self.calls[self._callbacks[interaction_id]]

    async def reply_to(self, interaction_id: str, *, seconds: float = 10.0) -> Json:
        """The message a user sees as the answer to an interaction, once it is final.

        For a deferred answer (types 5 and 6) this waits for the follow-up or edit that replaces
        the "thinking" state; for type 7 it is the updated component message.
        """
        callback = await self.callback_for(interaction_id, seconds=seconds)
        assert callback.status == 200, f"callback rejected: {callback.response}"
        kind = callback.json["type"]
        if kind in (4, 7):
            return dict(callback.response["resource"]["message"])
        token = self._interactions[interaction_id].token
        prefix = f"/webhooks/{self.app_id}/{token}"
        index = self._callbacks[interaction_id]
        edit = await self.wait_for(
            lambda c: c.path.startswith(prefix) and c.method in ("POST", "PATCH"),
            after=index,
            seconds=seconds,
            what=f"the answer after deferring interaction {interaction_id}",
        )
        assert edit.status == 200, f"follow-up rejected: {edit.response}"
        return dict(edit.response)

    def channel_of_webhook(self, path: str) -> str | None:
        """The channel of the interaction whose token a ``/webhooks/…`` path (a follow-up or
        an edit of the answer) or ``/interactions/…/callback`` path (the answer) carries."""
        seg = path.strip("/").split("/")
        if len(seg) < 3 or seg[0] not in ("webhooks", "interactions"):
            return None
        inter = self._by_token.get(seg[2])
        return None if inter is None else inter.channel_id

    def message_with(self, custom_id_prefix: str) -> Json | None:
        """The newest message holding a component whose custom id starts with the prefix."""
        for msg in reversed(list(self.messages.values())):
            if any(cid.startswith(custom_id_prefix) for cid in custom_ids(msg)):
                return msg
        return None


def custom_ids(message: Json) -> list[str]:
    """Every component custom id in a message, depth first."""
    out: list[str] = []
    stack = list(reversed(message.get("components") or []))
    while stack:
        comp = stack.pop()
        if "custom_id" in comp:
            out.append(comp["custom_id"])
        stack.extend(reversed(comp.get("components") or []))
        if "accessory" in comp:
            stack.append(comp["accessory"])
    return out


_NAME = re.compile(rb'(?:^|;)\s*name="([^"]*)"', re.IGNORECASE)
_FILENAME = re.compile(rb'(?:^|;)\s*filename="([^"]*)"', re.IGNORECASE)


def _form(raw: bytes, content_type: str) -> tuple[Any, list[tuple[str, bytes]]]:
    """The ``payload_json`` part and the files of a multipart/form-data body, read with a few
    splits: an upload is parsed on every board, and a general parser cost the fake more CPU
    than anything else it does per move."""
    boundary = content_type.split("boundary=", 1)[1].split(";", 1)[0].strip('"')
    payload: Any = {}
    files: list[tuple[str, bytes]] = []
    for part in raw.split(b"--" + boundary.encode())[1:-1]:
        head, _, body = part.partition(b"\r\n\r\n")
        body = body[:-2]  # the line break before the next boundary
        disposition = next(
            (line for line in head.split(b"\r\n")
             if line.lower().startswith(b"content-disposition:")),
            b"",
        ).partition(b":")[2]
        name, filename = _NAME.search(disposition), _FILENAME.search(disposition)
        if name is not None and name.group(1) == b"payload_json":
            payload = json.loads(body)
        else:
            files.append((unquote(filename.group(1).decode()) if filename else "", body))
    return payload, files


def _content_type(filename: str) -> str:
    ext = filename.rsplit(".", 1)[-1].lower()
    return {
        "png": "image/png",
        "webp": "image/webp",
        "jpg": "image/jpeg",
        "txt": "text/plain",
        "json": "application/json",
    }.get(ext, "application/octet-stream")
