"""Discord's rate limits, as the fake models them: the bot waits them out table by table and
keeps to its global budget without tripping it."""

from __future__ import annotations

import asyncio

import pytest

from bot.bot import CaravanBot

from .fakediscord import FakeDiscord, Network
from .test_calls import play_against_the_bot, settled
from .test_wire import Table, board_posts, board_text, ids_matching, mover_of


async def open_table(fake: FakeDiscord, caravan: CaravanBot) -> Table:
    """/newgame targi by alice, bob joins, alice starts; returns once the board is posted."""
    mark = len(fake.calls)
    lobby = await fake.reply_to(await fake.slash("newgame", game="targi", user="alice"))
    (join,) = ids_matching(lobby, r"cv:lobby:\d+:join")
    table_id = int(join.split(":")[2])
    await fake.reply_to(await fake.click(lobby, join, user="bob"))
    await fake.click(fake.messages[lobby["id"]], f"cv:lobby:{table_id}:start")
    thread = await fake.wait_for(
        lambda c: c.method == "POST" and c.path == f"/channels/{fake.channel_id}/messages/"
        f"{lobby['id']}/threads" and c.status == 201,
        after=mark,
        what="the table's thread",
    )
    await settled(caravan, table_id)
    thread_id = thread.response["id"]
    return Table(table_id, thread_id, board_posts(fake, thread_id)[0])


async def move(fake: FakeDiscord, caravan: CaravanBot, table_id: int, thread_id: str) -> str:
    """The seat to move plays its first option with /play and is answered; returns the
    interaction id."""
    iid = await send_move(fake, caravan, table_id, thread_id)
    await fake.reply_to(iid)
    return iid


async def send_move(fake: FakeDiscord, caravan: CaravanBot, table_id: int, thread_id: str) -> str:
    """The seat to move plays its first option with /play; returns the interaction id."""
    loaded = await caravan.service.load(table_id)
    assert loaded.decision is not None
    return await fake.slash(
        "play", user=mover_of(fake, loaded), channel_id=thread_id, move=loaded.decision.actions[0]
    )


@pytest.mark.parametrize("network", [Network(delay=0.01, channel_limit=2, channel_window=1.0)])
async def test_a_rate_limited_thread_still_gets_every_board_in_order(
    fake: FakeDiscord, caravan: CaravanBot
) -> None:
    table_id, thread_id = await play_against_the_bot(fake, caravan, 5)
    versions = [
        int(board_text(c).rsplit("move ", 1)[1]) for c in board_posts(fake, thread_id)[1:]
    ]
    assert versions == sorted(versions) and len(versions) >= 3
    rows = await caravan.service.outbox.for_table(table_id)
    assert all(r.delivered_at is not None and r.last_error is None for r in rows)


@pytest.mark.parametrize("network", [Network(channel_limit=4, channel_window=60.0)])
async def test_one_thread_waiting_out_its_limit_holds_up_no_other(
    fake: FakeDiscord, caravan: CaravanBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def gone(table_id: int, version: int) -> None:
        return None

    # the boards are posted into their threads, as when their moves' interactions are gone
    monkeypatch.setattr(caravan.move_answers, "take", gone)
    other = await open_table(fake, caravan)
    busy = await open_table(fake, caravan)
    await move(fake, caravan, busy.id, busy.thread_id)
    await settled(caravan, busy.id)
    # the start board, the pinned summary and a board are three posts; the fourth spends the
    # thread's limit: discord.py waits out the window (a minute) before it reports it as done
    await move(fake, caravan, busy.id, busy.thread_id)
    await move(fake, caravan, other.id, other.thread_id)
    await settled(caravan, other.id)
    assert len(board_posts(fake, other.thread_id)) == 2
    rows = await caravan.service.outbox.for_table(busy.id)
    assert [r.kind for r in rows if r.delivered_at is None] == ["turn"], "busy still waits"
    # and the bot then closes while that board waits: quietly (the fixture checks the log)


@pytest.mark.parametrize("network", [Network(global_per_second=6)])
@pytest.mark.parametrize("bot_settings", [{"rest_requests_per_second": 5.0}])
async def test_the_bot_keeps_to_its_global_budget(fake: FakeDiscord, caravan: CaravanBot) -> None:
    tables = [await open_table(fake, caravan) for _ in range(3)]
    for _ in range(2):
        await asyncio.gather(*(move(fake, caravan, t.id, t.thread_id) for t in tables))
    for table in tables:
        await settled(caravan, table.id)
        assert len(board_posts(fake, table.thread_id)) == 3
    assert [c.route for c in fake.rate_limited] == [], "the global limit was never hit"


async def test_closing_while_boards_are_on_their_way_is_quiet(
    fake: FakeDiscord, caravan: CaravanBot
) -> None:
    tables = [await open_table(fake, caravan) for _ in range(6)]
    fake.network = Network(delay=0.2)
    sent = await asyncio.gather(*(send_move(fake, caravan, t.id, t.thread_id) for t in tables))
    await fake.wait_for(lambda c: c.path.startswith(f"/interactions/{sent[0]}/"))
    rows = [r for t in tables for r in await caravan.service.outbox.for_table(t.id)]
    assert any(r.delivered_at is None for r in rows), "boards are on their way as the bot closes"
    # the fixture closes the bot now and fails the test if anything logged an error
