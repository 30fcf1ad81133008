"""A board that shows a person's move answers that move's interaction, once, and falls back to
a post in the thread when the interaction no longer takes it."""

from __future__ import annotations

import asyncio
import importlib
from typing import Any

import pytest

from bot.bot import CaravanBot

from .fakediscord import EPHEMERAL, FakeDiscord, custom_ids
from .test_calls import settled
from .test_wire import board_posts, board_text, mover_of, open_table


async def play_one(fake: FakeDiscord, caravan: CaravanBot) -> tuple[Any, str]:
    table = await open_table(fake)
    await settled(caravan, table.id)
    loaded = await caravan.service.load(table.id)
    assert loaded.decision is not None
    iid = await fake.slash(
        "play", user=mover_of(fake, loaded), channel_id=table.thread_id,
        move=loaded.decision.actions[0],
    )
    return table, iid


async def test_a_board_answered_before_a_crash_is_not_posted_again(
    fake: FakeDiscord, caravan: CaravanBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    outbox = caravan.service.outbox
    mark_delivered = outbox.mark_delivered
    crashed: list[int] = []
    cut_short = asyncio.Event()

    async def crash_once(outbox_id: int, message_id: int | None = None) -> None:
        # the board has been sent, but the process dies before the row is marked delivered
        if message_id is not None and not crashed and outbox_id > 2:
            crashed.append(outbox_id)
            cut_short.set()
            raise RuntimeError("killed before marking the row delivered")
        await mark_delivered(outbox_id, message_id)

    monkeypatch.setattr(outbox, "mark_delivered", crash_once)
    table, iid = await play_one(fake, caravan)
    await fake.reply_to(iid)
    await fake.wait_for(lambda c: c.path.startswith("/interactions/") and bool(c.files),
                        what="the board as the move's answer")
    await asyncio.wait_for(cut_short.wait(), 10)
    rows = await outbox.for_table(table.id)
    assert any(r.id == crashed[0] and r.delivered_at is None for r in rows)

    await caravan.outbox.drain()  # the row is handed out again, as after a restart
    await settled(caravan, table.id)
    boards = board_posts(fake, table.thread_id)
    assert len(boards) == 2, [b.route for b in boards]  # the start's and the move's, once
    assert boards[-1].path.startswith("/interactions/")


async def test_a_board_whose_interaction_is_gone_is_posted_in_the_thread(
    fake: FakeDiscord, caravan: CaravanBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    callback = fake._callback

    async def expired(iid: str, token: str, body: Any, files: Any) -> Any:
        if files:
            return 404, {"message": "Unknown interaction", "code": 10062}
        return await callback(iid, token, body, files)

    monkeypatch.setattr(fake, "_callback", expired)
    table, iid = await play_one(fake, caravan)
    answered = await fake.wait_for(
        lambda c: c.path.startswith(f"/interactions/{iid}/") and c.status == 200,
        what="the mover's answer without the board",
    )
    await settled(caravan, table.id)
    assert answered.json["data"]["flags"] & EPHEMERAL
    boards = board_posts(fake, table.thread_id)
    assert [b.route for b in boards][-1] == f"POST /channels/{table.thread_id}/messages"
    assert len(boards) == 2


async def test_a_move_played_with_play_is_answered_by_its_board(
    fake: FakeDiscord, caravan: CaravanBot
) -> None:
    table, iid = await play_one(fake, caravan)
    callback = await fake.callback_for(iid)
    await settled(caravan, table.id)

    # the move's one answer is the new board, public in the thread, with its buttons
    assert callback.json["type"] == 4
    assert any(name == "board.png" for name, _ in callback.files)
    assert not int((callback.json.get("data") or {}).get("flags") or 0) & EPHEMERAL
    answer = callback.response["resource"]["message"]
    assert answer["channel_id"] == table.thread_id and custom_ids(answer)
    boards = board_posts(fake, table.thread_id)
    assert len(boards) == 2 and boards[-1] is callback  # the start's, then the move's, once


async def test_a_move_shown_thinking_above_the_previous_board_gets_its_board_below_it(
    fake: FakeDiscord, caravan: CaravanBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Arrange: the first move's board is held back (as a restart holds back a pending board)
    table = await open_table(fake)
    await settled(caravan, table.id)
    # the module the running bot loaded: each bot that closes unloads its extensions, and
    # the next one imports them anew
    posts = importlib.import_module("bot.exts.play._posts")
    held, drawn = asyncio.Event(), posts.board_file
    drawing = asyncio.Event()
    seen: list[Any] = []
    was_offered = asyncio.Event()

    async def held_back(*args: Any, **how: Any) -> Any:
        drawing.set()
        await held.wait()
        return await drawn(*args, **how)

    monkeypatch.setattr(posts, "board_file", held_back)
    first = await caravan.service.load(table.id)
    assert first.decision is not None
    await caravan.service.submit(
        table.id, first.info.holder(first.decision.seat).user_id,
        first.decision.actions[0], request_id="typed-1",
    )
    caravan.outbox.kick()
    await asyncio.wait_for(drawing.wait(), 10)
    offer = caravan.move_answers.offer

    def offered(table_id: int, version: int, answer: Any) -> None:
        seen.append(answer)
        offer(table_id, version, answer)
        was_offered.set()

    monkeypatch.setattr(caravan.move_answers, "offer", offered)

    # Act: the next move is shown "thinking" in public while that board is still held back
    second = await caravan.service.load(table.id)
    assert second.decision is not None
    iid = await fake.slash(
        "play", user=mover_of(fake, second), channel_id=table.thread_id,
        move=second.decision.actions[0],
    )
    await asyncio.wait_for(was_offered.wait(), 10)
    await seen[0]._defer_later(0, thinking=True)  # what the timer does when the board is late
    assert (await fake.callback_for(iid)).json == {"type": 5}
    held.set()
    await settled(caravan, table.id)

    # Assert: the boards stand in the thread in the order of the moves, the second one below
    # the first; the "thinking" answer above them says where its board is
    ordered = [
        m for m in fake.messages.values()
        if m["channel_id"] == table.thread_id
        and any(a["filename"] == "board.png" for a in m["attachments"])
    ]
    assert [m["content"].splitlines()[-1] for m in ordered] == [
        board_text(b).splitlines()[-1] for b in board_posts(fake, table.thread_id)
    ]
    assert len(ordered) == 3 and int(ordered[-1]["id"]) > int(ordered[-2]["id"])
    # the "thinking" answer gets its words once the board is in the thread
    await fake.wait_for(
        lambda c: c.route.startswith("PATCH ") and "board follows" in str(c.json),
        what="the thinking answer's words",
    )
    placeholder = fake.messages[str(seen[0].placeholder_id)]
    assert "board follows in the thread" in placeholder["content"]
