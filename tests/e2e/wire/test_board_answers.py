"""A board that shows a person's move answers that move's interaction, once, and falls back to
a post in the thread when the interaction no longer takes a follow-up."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.bot import CaravanBot

from .fakediscord import FakeDiscord
from .test_calls import mover_of, settled
from .test_wire import board_posts, open_table


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
    await fake.wait_for(lambda c: c.path.startswith("/webhooks/") and bool(c.files),
                        what="the board as the move's follow-up")
    await asyncio.wait_for(cut_short.wait(), 10)
    rows = await outbox.for_table(table.id)
    assert any(r.id == crashed[0] and r.delivered_at is None for r in rows)

    await caravan.outbox.drain()  # the row is handed out again, as after a restart
    await settled(caravan, table.id)
    boards = board_posts(fake, table.thread_id)
    assert len(boards) == 2, [b.route for b in boards]  # the start's and the move's, once
    assert boards[-1].path.startswith("/webhooks/")


async def test_a_board_whose_interaction_is_gone_is_posted_in_the_thread(
    fake: FakeDiscord, caravan: CaravanBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    webhook = fake._webhook

    async def expired(method: str, token: str, rest: list[str], body: Any, files: Any) -> Any:
        if method == "POST" and not rest and files:
            return 401, {"message": "Invalid Webhook Token", "code": 50027}
        return await webhook(method, token, rest, body, files)

    monkeypatch.setattr(fake, "_webhook", expired)
    table, iid = await play_one(fake, caravan)
    await fake.reply_to(iid)
    await settled(caravan, table.id)
    boards = board_posts(fake, table.thread_id)
    assert [b.route for b in boards][-1] == f"POST /channels/{table.thread_id}/messages"
    assert len(boards) == 2
