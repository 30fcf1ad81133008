"""Seeded fuzzing at the Discord layer: random move text, custom ids and command options.

Every input must get an answer (a reply or an acknowledged click), and nothing may be logged as
an error: the world fixture fails the test on any ERROR record, and simcord records any
exception a handler let escape.
"""

from __future__ import annotations

import random
import string
from typing import Any

import discord
import pytest
import simcord

from bot import images
from bot.exts.rules._reference import TOPICS
from games.core import discovery
from tests.e2e.conftest import World
from tests.e2e.driver import ids_in, open_table

SEED = 20261130
GAMES = [g.name for g in discovery.all_games()]
PLAY_TEXTS = 1200
CUSTOM_IDS = 150  # a click costs the harness ~50 ms, a slash ~3 ms
OPTION_SETS = 300
MESSAGES = 300
BUTTONS_PER_MESSAGE = 25  # 5 rows of 5, Discord's most

WORDS = [
    "place", "use", "skip", "end", "play", "hand", "discard", "leave", "alt", "omit", "row",
    "keep", "take", "trade", "done", "silver", "fata", "choose", "pay", "return", "none", "vp",
    "buy", "group", "cube", "step", "gold", "card", "ship", "quarter", "amount", "#", ">",
]
TOKENS = ["D", "S", "P", "G", "DD", "SS>P", "DDD>G", "C22", "C13>C22", "GD1", "0", "-1", "99",
          "1e9", "99999999999999999999", "☃", "🐪", "\u200b", "\x00", "'", '"', "`", "*", "<@1>"]
VERBS = ["lobby", "panel", "act", "pick", "undo", "consent", "concede", "stall", "sure", "back",
         "help", "keep", "quit", "nope", ""]


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
        [str(near), str(near + 1), "0", str(rng.randrange(10**9)), "9" * rng.randrange(1, 19)]
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
            "time_zone": random_text(rng)[:60],
            "quiet_hours": rng.choice([random_text(rng)[:20], "22:00-07:00", "25:00-99:00"]),
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


async def test_random_input_always_gets_an_answer_and_never_an_error(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Pictures are not what is fuzzed here; drawing hundreds of panels would only cost time.
    monkeypatch.setattr(images, "_board_png", lambda game, view: TINY_PNG)
    monkeypatch.setattr(images, "_panel_png", lambda game, view: TINY_PNG)
    rng = random.Random(SEED)
    table_id, _ = await open_table(world, world.alice, world.bob)
    thread = world.thread()
    members = [world.alice, world.bob, world.carol]

    for _ in range(PLAY_TEXTS):
        result = await rng.choice(members).slash(thread, "play", move=random_text(rng))
        assert answered(result)

    for _ in range(MESSAGES):
        await rng.choice(members).send(thread, random_text(rng)[:2000])
    await world.env.settle()

    version = (await world.bot.service.load(table_id)).version
    board = world.guild.create_text_channel("fuzz")  # copies of controls, as a client forges
    clicked = 0
    while clicked < CUSTOM_IDS:
        batch = list(
            dict.fromkeys(random_custom_id(rng, table_id, version) for _ in range(40))
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
            result = await rng.choice(members).click(message, custom_id=cid)
            assert answered(result), cid
            clicked += 1

    for _ in range(OPTION_SETS):
        command, options = random_options(rng, table_id)
        where = rng.choice([thread, world.channel])
        result = await rng.choice(members).slash(where, command, **options)
        assert answered(result), (command, options)

    # the table is still sound: its state equals the replay of its log
    assert await world.bot.service.replay_matches(table_id)
    world.env.errors  # noqa: B018 - refusals go through the error handler, which is expected
