"""Seeded fuzzing at the Discord layer: move text, typed messages, custom ids, command options
and stored rows corrupted as a careless migration or a hand edit could leave them.

Every input must get an answer (a reply or an acknowledged click) that fits Discord's limits
and pings nobody it is not for, and nothing may be logged as an error: the world fixture fails
the test on any ERROR record, and simcord records any exception a handler let escape. No input
may allocate more than 10 MB at once or hand a game's parser more than ``MAX_MOVE_TEXT``
characters (its cost grows with that length only), and a table nobody touched stays as it was.
"""

from __future__ import annotations

import random
import sqlite3
import string
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord
import pytest
import simcord

from bot import images
from bot.exts.play._text import CONTENT_LIMIT
from bot.exts.rules._reference import TOPICS
from games.core import discovery
from games.core.contract import MAX_MOVE_TEXT, Game, bounded_text
from tests.e2e.conftest import World
from tests.e2e.driver import ids_in, moved, open_table

SEED = 20261130
GAMES = [g.name for g in discovery.all_games()]
PLAY_TEXTS = 1200
CUSTOM_IDS = 150  # a click costs the harness ~50 ms, a slash ~3 ms
OPTION_SETS = 300
MESSAGES = 300
BUTTONS_PER_MESSAGE = 25  # 5 rows of 5, Discord's most
MEMORY_PER_INPUT = 10 * 2**20  # bytes allocated at once while one input is handled
OPTION_LIMIT = 6000  # the longest text Discord lets a slash command option carry
MESSAGE_LIMIT = 2000
HOSTILE_SHARE = 0.15
TRACED_SHARE = 0.1  # of the other inputs

WORDS = [
    "place", "use", "skip", "end", "play", "hand", "discard", "leave", "alt", "omit", "row",
    "keep", "take", "trade", "done", "silver", "fata", "choose", "pay", "return", "none", "vp",
    "buy", "group", "cube", "step", "gold", "card", "ship", "quarter", "amount", "#", ">",
]
TOKENS = ["D", "S", "P", "G", "DD", "SS>P", "DDD>G", "C22", "C13>C22", "GD1", "0", "-1", "99",
          "1e9", "99999999999999999999", "☃", "🐪", "\u200b", "\x00", "'", '"', "`", "*", "<@1>",
          "²", "³", "٣", "100000000", "30000000 d", "@everyone", "@here", "<@&1>", "||", "#5"]
VERBS = ["lobby", "panel", "act", "pick", "undo", "consent", "concede", "stall", "sure", "back",
         "help", "keep", "quit", "nope", ""]


def hostile_text(rng: random.Random) -> str:
    """Text shaped like the attacks that once cost seconds, gigabytes or a crash."""
    shape = rng.randrange(6)
    if shape == 0:
        return f"{rng.choice(['take', 'silver', 'pay', 'trade'])} {rng.randrange(5, 10**9)} d"
    if shape == 1:
        return f"{rng.choice(WORDS)} {rng.choice('²³¹⁵٣۵߂੩')}"
    if shape == 2:
        return f"{rng.choice(WORDS)} " + "9" * rng.randrange(150, 5000)
    if shape == 3:
        return "take " * rng.randrange(30, 1200) + "card"
    if shape == 4:
        return f"{rng.choice(WORDS)} <@{rng.randrange(10**17, 10**19)}> @everyone"
    return rng.choice(WORDS) + " " + "x" * rng.randrange(MAX_MOVE_TEXT - 10, OPTION_LIMIT)


def random_text(rng: random.Random) -> str:
    shape = rng.random()
    if shape < 0.45:
        parts = [rng.choice(WORDS)] + [rng.choice(TOKENS + WORDS) for _ in range(rng.randrange(3))]
        return " ".join(parts)
    if shape < 0.7:
        alphabet = string.ascii_letters + string.digits + string.punctuation + " "
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 40)))
    if shape < 0.85:
        return "".join(chr(rng.randrange(0x20, 0x2FFF)) for _ in range(rng.randrange(1, 30)))
    if shape < 0.95:
        return rng.choice(WORDS) + " " * rng.randrange(1, 50) + str(rng.randrange(-10**6, 10**6))
    return rng.choice(string.ascii_letters) * rng.randrange(100, 1500)


def number(rng: random.Random, near: int) -> str:
    return rng.choice(
        [str(near), str(near + 1), "0", str(rng.randrange(10**9)), "9" * rng.randrange(1, 19),
         "9" * rng.randrange(19, 90), "²", "٣" * rng.randrange(1, 4), f"{near}\u200b"]
    )


def random_custom_id(rng: random.Random, table_id: int, version: int) -> str:
    verb = rng.choice(VERBS)
    fields = [
        number(rng, table_id),
        number(rng, version),
        rng.choice([number(rng, 0), "yes", "no", "join", "start", "extend", "take", "bot", "x"]),
        rng.choice(["", number(rng, 1), "take"]),
    ]
    if rng.random() < 0.2:
        fields = [random_text(rng)[:20]]
    cid = ":".join(["cv", verb, *fields[: rng.randrange(0, len(fields) + 1)]]).rstrip(":")
    return cid[:100] or "cv:"


def random_options(rng: random.Random, table_id: int) -> tuple[str, dict[str, Any]]:
    choice = rng.randrange(6)
    if choice == 0:
        return "game info", {"table": rng.choice([table_id, 0, -5, 2**53 - 1, rng.randrange(99)])}
    if choice == 1:
        return "game log", {"table": rng.choice([table_id, -1, -(2**53) + 1, rng.randrange(99)])}
    if choice == 2:
        # the game and topic are choices Discord enforces; every pair must still answer
        return "rules", {"game": rng.choice(GAMES), "topic": rng.choice(TOPICS)}
    if choice == 3:
        return "settings", {
            "time_zone": rng.choice([random_text(rng)[:60], hostile_text(rng)[:OPTION_LIMIT]]),
            "quiet_hours": rng.choice(
                [random_text(rng)[:20], "22:00-07:00", "25:00-99:00",
                 "1:00 pm" + "0" * rng.randrange(2000, 5900) + "-07:00"]
            ),
            "notify": rng.choice(["thread", "dm"]),
        }
    if choice == 4:
        return "game reclaim", {"table": rng.choice([table_id, rng.randrange(-99, 99)])}
    return "undo", {}


def answered(result: Any) -> bool:
    return bool(result.acknowledged or result.response is not None or result.followups)


TINY_PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00"
    b"\x00\x00\x90wS\xde\x00\x00\x00\x0cIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7"
    b"5\x81\x84\x00\x00\x00\x00IEND\xaeB`\x82"
)


@contextmanager
def measured(costs: list[tuple[int, str]], what: str, traced: bool) -> Iterator[None]:
    """Record the most memory handling one input held at once, when ``traced``.

    Tracing triples the time of everything it watches, so only some inputs are traced: every
    hostile one, and a sample of the rest."""
    if not traced:
        yield
        return
    tracemalloc.start()
    try:
        yield
        costs.append((tracemalloc.get_traced_memory()[1], what[:60]))
    finally:
        tracemalloc.stop()


def parser_inputs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every text a game's own parser is handed, as the test goes."""
    seen: list[int] = []
    for game in discovery.all_games():
        cls = type(game)
        parse = cls.normalize.__wrapped__  # type: ignore[attr-defined]

        def spy(self: Game[Any], text: str, parse: Any = parse) -> str:
            seen.append(len(text))
            return str(parse(self, text))

        monkeypatch.setattr(cls, "normalize", bounded_text(spy))
    return seen


def thread_of(world: World, table_id: int, before: set[int]) -> simcord.ChannelHandle:
    """The thread a table just opened: the one that was not there before."""
    (thread,) = [t for t in world.channel.threads if t.id not in before]
    before.add(thread.id)
    return thread


def corrupt(world: World, table_id: int, rng: random.Random) -> None:
    """Overwrite rows of one table, as a hand edit could, with what no code path writes: names
    of thousands of characters with mentions and markdown, and a malformed snapshot."""
    huge = f"**<@{world.bob.id}>** @everyone `" + "".join(
        chr(rng.randrange(0x20, 0x2FFF)) for _ in range(3000)
    )
    with sqlite3.connect(world.db) as db:
        db.execute("UPDATE seats SET name = ? WHERE table_id = ?", (huge, table_id))
        db.execute(
            "UPDATE snapshots SET state = ? WHERE table_id = ?",
            ('{"game": "targi", "schema": 1, "state": {"phase": [1, 2]}}', table_id),
        )


async def test_random_input_always_gets_an_answer_and_never_an_error(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Pictures are not what is fuzzed here; drawing hundreds of panels would only cost time.
    monkeypatch.setattr(images, "_board_png", lambda *_: TINY_PNG)
    monkeypatch.setattr(images, "_panel_png", lambda *_: TINY_PNG)
    rng = random.Random(SEED)
    threads: set[int] = set()
    # opened first, so that ids near the fuzzed tables' (n + 1) never name it
    quiet_id, _ = await open_table(world, world.carol, world.bob)  # nobody touches it
    quiet_thread = thread_of(world, quiet_id, threads)
    table_id, _ = await open_table(world, world.alice, world.bob)
    thread = thread_of(world, table_id, threads)
    broken_id, _ = await open_table(world, world.alice, world.carol)
    broken_thread = thread_of(world, broken_id, threads)
    corrupt(world, broken_id, rng)
    await world.restart()  # as after a hand edit: nothing of the old rows is cached
    service = world.bot.service
    quiet_before = [m.id for m in quiet_thread.history()]
    quiet_state = service.game("targi").to_json((await service.load(quiet_id)).state)
    members = [world.alice, world.bob, world.carol]
    parsed = parser_inputs(monkeypatch)
    costs: list[tuple[int, str]] = []

    def pick_text(limit: int) -> tuple[str, bool]:
        """Random text up to ``limit`` characters, and whether to trace it."""
        if rng.random() < HOSTILE_SHARE:
            return hostile_text(rng)[:limit], True
        return random_text(rng)[:limit], rng.random() < TRACED_SHARE

    for _ in range(PLAY_TEXTS):
        text, traced = pick_text(OPTION_LIMIT)
        where = thread if rng.random() < 0.8 else broken_thread
        with measured(costs, text, traced):
            result = await rng.choice(members).slash(where, "play", move=text)
        assert answered(result)
        replies = [result.response, *result.followups]
        assert all(len(m.content or "") <= CONTENT_LIMIT for m in replies if m is not None)

    for _ in range(MESSAGES):
        text, traced = pick_text(MESSAGE_LIMIT)
        where = thread if rng.random() < 0.8 else broken_thread
        with measured(costs, text, traced):
            await rng.choice(members).send(where, text)
    await world.env.settle()

    version = (await service.load(table_id)).version
    board = world.guild.create_text_channel("fuzz")  # copies of controls, as a client forges
    clicked = 0
    while clicked < CUSTOM_IDS:
        target = table_id if rng.random() < 0.8 else broken_id
        batch = list(
            dict.fromkeys(random_custom_id(rng, target, version) for _ in range(40))
        )[:BUTTONS_PER_MESSAGE]
        view = discord.ui.View(timeout=None)
        for n, cid in enumerate(batch):
            view.add_item(discord.ui.Button(label=str(n), custom_id=cid))
        with discord.http.handle_message_parameters(content="fuzz", view=view) as params:
            data = await world.bot.http.send_message(board.id, params=params)
        for cid in batch:
            # a click may edit the message (e.g. Back clears its buttons): use it as it is now
            message = simcord.ResponseMessage(
                world.env, world.env.backend.get_message(board.id, int(data["id"]))
            )
            if cid not in ids_in(message):
                break
            with measured(costs, cid, rng.random() < TRACED_SHARE):
                result = await rng.choice(members).click(message, custom_id=cid)
            assert answered(result), cid
            clicked += 1

    for _ in range(OPTION_SETS):
        command, options = random_options(rng, rng.choice([table_id, table_id, broken_id]))
        where = rng.choice([thread, world.channel, broken_thread])
        with measured(costs, f"{command} {options}", rng.random() < TRACED_SHARE):
            result = await rng.choice(members).slash(where, command, **options)
        assert answered(result), (command, options)

    worst = max(costs)
    assert len(costs) > 200 and worst[0] <= MEMORY_PER_INPUT, worst
    assert parsed and max(parsed) <= MAX_MOVE_TEXT
    # every message the bot wrote fits, and pings only people seated at that table
    for channel, table in ((thread, table_id), (broken_thread, broken_id)):
        seated = {s.user_id for s in (await service.info(table)).seats}
        for m in channel.history():
            if m.author.bot and not m.is_system():
                assert len(m.content) <= CONTENT_LIMIT
                pings = world.env.backend.get_message(channel.id, m.id).ping_user_ids
                assert set(pings) <= seated, (m.content[:80], pings)
                assert not m.mention_everyone
    # the tables are still sound: their state equals the replay of their log
    assert await service.replay_matches(table_id)
    # the table nobody touched is exactly as it was, and still plays
    assert [m.id for m in quiet_thread.history()] == quiet_before, [
        m.content[:80] for m in quiet_thread.history()
    ]
    assert service.game("targi").to_json((await service.load(quiet_id)).state) == quiet_state
    loaded = await service.load(quiet_id)
    assert loaded.decision is not None
    holder = loaded.info.holder(loaded.decision.seat).user_id
    mover = world.carol if holder == world.carol.id else world.bob
    done = await mover.slash(quiet_thread, "play", move=loaded.decision.actions[0])
    assert moved(done) and (await service.load(quiet_id)).version == loaded.version + 1
    world.env.errors  # noqa: B018 - refusals go through the error handler, which is expected
