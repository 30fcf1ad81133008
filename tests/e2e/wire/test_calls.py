"""No wasted REST calls: what a move costs the bot in requests to Discord."""

from __future__ import annotations

import asyncio

from bot.bot import CaravanBot

from .fakediscord import FakeDiscord
from .test_wire import board_posts, ids_matching

MOVES = 6


async def settled(caravan: CaravanBot, table_id: int) -> None:
    """Wait until a person (or nobody) decides and every row of the table is delivered."""
    service = caravan.service
    async with asyncio.timeout(20):
        while True:
            loaded = await service.load(table_id)
            decision = loaded.decision
            waits_on_agent = (
                decision is not None and loaded.info.holder(decision.seat).agent is not None
            )
            rows = await service.outbox.for_table(table_id)
            if not waits_on_agent and all(r.delivered_at is not None for r in rows):
                return
            await asyncio.sleep(0.01)


async def open_bot_table(fake: FakeDiscord, caravan: CaravanBot) -> tuple[int, str]:
    """/newgame targi by alice, a bot takes the other seat, alice starts."""
    lobby = await fake.reply_to(await fake.slash("newgame", game="targi", user="alice"))
    (add,) = ids_matching(lobby, r"cv:lobby:\d+:(bot|agent|add_bot|addbot)")
    table_id = int(add.split(":")[2])
    await fake.reply_to(await fake.click(lobby, add, user="alice"))
    await fake.click(fake.messages[lobby["id"]], f"cv:lobby:{table_id}:start")
    thread = await fake.wait_for(
        lambda c: c.route.startswith("POST /channels/") and c.path.endswith("/threads"),
        what="a game thread",
    )
    await settled(caravan, table_id)
    return table_id, thread.response["id"]


async def play_against_the_bot(fake: FakeDiscord, caravan: CaravanBot, moves: int) -> tuple[
    int, str
]:
    table_id, thread_id = await open_bot_table(fake, caravan)
    for _ in range(moves):
        loaded = await caravan.service.load(table_id)
        if loaded.decision is None:
            break
        iid = await fake.slash(
            "play", user="alice", channel_id=thread_id, move=loaded.decision.actions[0]
        )
        await fake.reply_to(iid)
        await settled(caravan, table_id)
    return table_id, thread_id


async def test_buttons_are_only_taken_off_boards_that_have_them(
    fake: FakeDiscord, caravan: CaravanBot
) -> None:
    await play_against_the_bot(fake, caravan, MOVES)
    patches = [c for c in fake.calls if c.method == "PATCH" and c.path.startswith("/channels/")]
    assert patches, "old boards did lose their buttons"
    assert fake.idle_edits == [], "an edit took buttons off a message that had none"


async def test_a_move_the_bot_answers_at_once_gets_one_board(
    fake: FakeDiscord, caravan: CaravanBot
) -> None:
    _, thread_id = await play_against_the_bot(fake, caravan, MOVES)
    boards = [c.json["content"] for c in board_posts(fake, thread_id)][1:]
    assert boards, "the moves were posted"
    waiting_on_the_bot = [b for b in boards if "(Greedy bot) is to move" in b]
    assert waiting_on_the_bot == [], "a board for the person's move and one for the bot's"
    assert any("Greedy bot" in b or "White" in b for b in boards)
