"""No wasted REST calls: what a move costs the bot in requests to Discord."""

from __future__ import annotations

import asyncio

from bot.bot import CaravanBot

from .fakediscord import FakeDiscord
from .test_wire import board_posts, component, ids_matching, open_table

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


async def test_a_move_made_on_the_board_costs_at_most_three_requests(
    fake: FakeDiscord, caravan: CaravanBot
) -> None:
    table = await open_table(fake)
    await settled(caravan, table.id)
    service = caravan.service
    costs: list[list[str]] = []
    for _ in range(MOVES):
        loaded = await service.load(table.id)
        assert loaded.decision is not None
        mover = next(
            name
            for name, user in fake.users.items()
            if user["id"] == str(loaded.info.holder(loaded.decision.seat).user_id)
        )
        board = fake.messages[board_posts(fake, table.thread_id)[-1].response["id"]]
        choice = ids_matching(board, rf"cv:(act|pick):{table.id}:\d+:\d+")[0]
        values = [component(board, choice)["options"][0]["value"]] if ":pick:" in choice else None
        mark, boards = len(fake.calls), len(board_posts(fake, table.thread_id))
        await fake.callback_for(await fake.click(board, choice, user=mover, values=values))
        await settled(caravan, table.id)
        if len(board_posts(fake, table.thread_id)) > boards:
            # the pinned summary is brought up to date last, after the new board
            await fake.wait_for(
                lambda c: c.method == "PATCH" and c.json.get("content", "").startswith("📌"),
                after=fake.calls.index(board_posts(fake, table.thread_id)[-1]),
                what="the pinned summary brought up to date",
            )
        costs.append([c.route for c in fake.calls[mark:]])
    assert any(any(r.startswith("POST /channels/") for r in cost) for cost in costs), "boards"
    assert [cost for cost in costs if len(cost) > 3] == [], "a move cost more than 3 requests"

