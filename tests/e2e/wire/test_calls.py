"""No wasted REST calls: what a move costs the bot in requests to Discord."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from bot.bot import CaravanBot

from .fakediscord import Call, FakeDiscord
from .test_wire import (
    board_message,
    board_posts,
    board_text,
    component,
    ids_matching,
    mover_of,
    open_table,
)

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
    boards = [board_text(c) for c in board_posts(fake, thread_id)][1:]
    assert boards, "the moves were posted"
    waiting_on_the_bot = [b for b in boards if "(Greedy bot) is to move" in b]
    assert waiting_on_the_bot == [], "a board for the person's move and one for the bot's"
    assert any("Greedy bot" in b or "White" in b for b in boards)


def kind(call: Call) -> str:
    """What a request was for, as a move's cost is counted."""
    board = any(name == "board.png" for name, _ in call.files)
    if call.path.startswith("/interactions/"):
        return "board answer" if board else "answer"
    if call.path.startswith("/webhooks/"):
        return "board follow-up" if board else f"{call.method} through the answer"
    if call.method == "POST" and call.path.endswith("/messages"):
        return "board post" if board else "post"
    if call.method == "PATCH" and (call.json or {}).get("content", "").startswith("📌"):
        return "summary edit"
    return f"{call.method} {'/'.join(call.path.split('/')[:2])}"


async def move_costs(
    fake: FakeDiscord, caravan: CaravanBot, move: Callable[[Any, str], Awaitable[str]]
) -> list[list[str]]:
    """Play MOVES moves of a new two-person table with ``move(loaded, mover)``; each move's
    requests by kind, up to the last one the move caused (its board's follow-ups included)."""
    table = await open_table(fake)
    await settled(caravan, table.id)
    await caravan.outbox.drain()
    costs: list[list[str]] = []
    for _ in range(MOVES):
        loaded = await caravan.service.load(table.id)
        assert loaded.decision is not None
        mark = len(fake.calls)
        await fake.callback_for(await move(loaded, mover_of(fake, loaded)))
        await settled(caravan, table.id)
        await caravan.outbox.drain()  # the old board's buttons, the summary
        costs.append([kind(c) for c in fake.calls[mark:]])
    return costs


async def test_a_move_made_on_the_board_costs_at_most_three_requests(
    fake: FakeDiscord, caravan: CaravanBot
) -> None:
    async def click(loaded: Any, mover: str) -> str:
        thread_id = str(loaded.info.thread_id)
        board = fake.messages[board_message(board_posts(fake, thread_id)[-1])["id"]]
        choice = ids_matching(board, rf"cv:(act|pick):{loaded.info.id}:\d+:\d+")[0]
        values = [component(board, choice)["options"][0]["value"]] if ":pick:" in choice else None
        return await fake.click(board, choice, user=mover, values=values)

    costs = await move_costs(fake, caravan, click)
    # the click's answer takes the buttons off the board clicked; the new board answers it
    assert all(cost[:2] == ["answer", "board follow-up"] for cost in costs), costs
    assert [cost for cost in costs if len(cost) > 3] == [], "a move cost more than 3 requests"


async def test_a_move_played_with_play_costs_at_most_two_requests(
    fake: FakeDiscord, caravan: CaravanBot
) -> None:
    async def play(loaded: Any, mover: str) -> str:
        return await fake.slash(
            "play", user=mover, channel_id=str(loaded.info.thread_id),
            move=loaded.decision.actions[0],
        )

    costs = await move_costs(fake, caravan, play)
    # the board is the move's answer; the old board's buttons go with one edit
    assert all(cost[0] == "board answer" for cost in costs), costs
    assert not any("board post" in cost or "board follow-up" in cost for cost in costs), costs
    assert [cost for cost in costs if len(cost) > 2] == [], "a move cost more than 2 requests"


async def test_a_board_that_answered_a_move_loses_its_buttons_through_that_answer(
    fake: FakeDiscord, caravan: CaravanBot
) -> None:
    """Retiring an old board's buttons spends neither the bot's global budget nor the
    thread's edit limit when that board was a move's answer: it is edited through that
    interaction, whose token still lives."""

    async def play(loaded: Any, mover: str) -> str:
        return await fake.slash(
            "play", user=mover, channel_id=str(loaded.info.thread_id),
            move=loaded.decision.actions[0],
        )

    costs = await move_costs(fake, caravan, play)
    # the first move's old board is the opening one, posted into the thread
    assert costs[0][1:] == ["PATCH /channels"], costs
    assert all(cost[1:] == ["PATCH through the answer"] for cost in costs[1:]), costs
