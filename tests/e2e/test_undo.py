"""Taking a move back with /undo: preview, confirm, and the restored board in the thread."""

from __future__ import annotations

import random
import re
from typing import Any

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import ids_in, open_table, said


async def test_nothing_to_undo_at_the_start(world: World) -> None:
    await open_table(world, world.alice, world.bob)
    for member in (world.alice, world.bob):
        result = await member.slash(world.thread(), "undo")
        assert "no move here that could be undone" in said(result)
    world.env.errors  # noqa: B018


async def test_undo_a_reversible_move_after_a_preview(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob, seed=1)
    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(11)
    # play on until the player to move has a move that keeps the decision with them
    for _ in range(400):
        loaded = await service.load(table_id)
        assert loaded.decision is not None
        game, state = loaded.game, loaded.state
        keeps = [a for a in loaded.decision.actions if game.step(state, a).reversible]
        actor = actors[loaded.info.holder(loaded.decision.seat).user_id or 0]
        if keeps:
            break
        await actor.slash(world.thread(), "play", move=rng.choice(loaded.decision.actions))
    else:
        raise AssertionError("no reversible move came up")

    before = loaded
    await actor.slash(world.thread(), "play", move=keeps[0])
    assert (await service.load(table_id)).version == before.version + 1
    boards = len(world.boards())

    preview = await actor.slash(world.thread(), "undo")
    assert preview.response is not None and preview.response.ephemeral
    assert preview.response.content.startswith("Take back:")
    described = game.describe(state, keeps[0])
    assert described in preview.response.content
    button = ids.undo(table_id, before.version + 1)
    assert ids_in(preview.response) == [button, ids.keep(table_id)]

    await actor.click(preview.response, custom_id=button)

    after = await service.load(table_id)
    assert after.version == before.version + 2  # the undo is itself a logged step
    assert game.to_json(after.state) == game.to_json(before.state)
    assert len(world.boards()) == boards + 1
    assert "took back 1 move" in world.boards()[-1].content
    assert ids_in(preview.response) == [], "the confirmation is replaced by the outcome"


async def test_an_undo_request_can_be_declined_with_its_buttons(world: World) -> None:
    """An undo that needs consent, as the service would record and announce it."""
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    async with world.store.transaction() as tx:
        request = await tx.create_undo_request(
            table_id,
            requested_by=world.alice.id,
            seat=0,
            at_version=0,
            target_version=0,
            needed=[world.bob.id],
        )
        payload = {
            "request": request,
            "version": 0,
            "by_user": world.alice.id,
            "seat": 0,
            "label": "Blue",
            "needed": [world.bob.id],
            "undone": [
                {
                    "version": 1,
                    "seat": 0,
                    "label": "Blue",
                    "action": "place 5",
                    "description": "Place on #5 Trader",
                }
            ],
        }
        await tx.enqueue(table_id, version=0, kind="undo_request", payload=payload)
    await world.bot.outbox.drain()
    await world.env.settle()

    asked = world.thread().history()[-1]
    assert asked.content == (
        f"↩️ **Blue** (<@{world.alice.id}>) asks to take back: Blue: Place on #5 Trader. "
        f"<@{world.bob.id}>, do you agree?"
    )
    assert ids_in(asked) == [ids.consent(request, "yes"), ids.consent(request, "no")]

    stranger = await world.carol.click(asked, custom_id=ids.consent(request, "no"))
    assert said(stranger) and (await service.undo_request(request)).status == "open"
    await world.bob.click(asked, custom_id=ids.consent(request, "no"))

    assert (await service.undo_request(request)).status == "declined"
    answered = next(m for m in world.thread().history() if m.id == asked.id)
    assert ids_in(answered) == [] and f"→ <@{world.bob.id}> declined." in answered.content
    assert world.thread().history()[-1].content.startswith(f"✋ <@{world.bob.id}> declined")


async def _placed(world: World) -> tuple[int, Any, Any, Any]:
    """A table where the first player has placed a figure (the turn passed to the other)."""
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    before = await service.load(table_id)
    assert before.decision is not None and before.decision.kind == "place_targi"
    mover_id = before.info.holder(before.decision.seat).user_id
    first = world.alice if mover_id == world.alice.id else world.bob
    other = world.bob if first is world.alice else world.alice
    await first.slash(world.thread(), "play", move=before.decision.actions[0])
    return table_id, first, other, before


async def test_a_placement_is_undone_when_the_other_player_agrees(world: World) -> None:
    service = world.bot.service
    table_id, first, other, before = await _placed(world)
    game = before.game
    assert (await service.load(table_id)).version == 1

    preview = await first.slash(world.thread(), "undo")
    assert preview.response is not None and preview.response.ephemeral
    text = preview.response.content
    assert "The turn has passed to" in text and "must agree" in text
    assert ids_in(preview.response) == [ids.undo(table_id, 1), ids.keep(table_id)]
    assert "Ask to undo" in str(preview.response.components)

    await first.click(preview.response, custom_id=ids.undo(table_id, 1))
    asked = world.thread().history()[-1]
    assert asked.content.startswith(f"↩️ **{game.seat_label(before.decision.seat)}**")
    assert f"<@{other.id}>, do you agree?" in asked.content
    assert "must agree" in asked.content
    assert (await service.load(table_id)).version == 1, "nothing is undone before consent"
    boards = len(world.boards())

    agree = next(c for c in ids_in(asked) if c.endswith(":yes"))
    refused = await first.click(asked, custom_id=agree)
    assert "does not wait for your answer" in said(refused)
    await other.click(asked, custom_id=agree)

    after = await service.load(table_id)
    assert after.version == 2
    assert game.to_json(after.state) == game.to_json(before.state)
    assert len(world.boards()) == boards + 1 and "took back 1 move" in world.boards()[-1].content
    answered = next(m for m in world.thread().history() if m.id == asked.id)
    assert ids_in(answered) == [] and f"→ <@{other.id}> agreed." in answered.content
    assert await service.replay_matches(table_id)


async def test_a_real_undo_request_declined_leaves_the_game_as_it_was(world: World) -> None:
    service = world.bot.service
    table_id, first, other, _ = await _placed(world)
    preview = await first.slash(world.thread(), "undo")
    assert preview.response is not None
    await first.click(preview.response, custom_id=ids.undo(table_id, 1))
    asked = world.thread().history()[-1]

    await other.click(asked, custom_id=next(c for c in ids_in(asked) if c.endswith(":no")))

    assert (await service.load(table_id)).version == 1
    assert world.thread().history()[-1].content.startswith(f"✋ <@{other.id}> declined")


async def test_back_on_an_undo_preview_takes_nothing_back(world: World) -> None:
    table_id, first, _, _ = await _placed(world)
    preview = await first.slash(world.thread(), "undo")
    assert preview.response is not None

    back = await first.click(preview.response, custom_id=ids.keep(table_id))

    assert back.response is not None and back.response.content == "Nothing was taken back."
    assert ids_in(back.response) == []
    assert (await world.bot.service.load(table_id)).version == 1


def _move_number(board: Any) -> int:
    """The move number a board post's last line shows ("Table #N · move M …")."""
    match = re.match(r"-# Table #\d+ · move (\d+)", board.content.splitlines()[-1])
    assert match, board.content
    return int(match[1])


async def test_after_an_undo_the_board_counts_moves_as_game_info_does(world: World) -> None:
    service = world.bot.service
    table_id, first, other, before = await _placed(world)
    preview = await first.slash(world.thread(), "undo")
    assert preview.response is not None
    await first.click(preview.response, custom_id=ids.undo(table_id, 1))
    asked = world.thread().history()[-1]
    await other.click(asked, custom_id=next(c for c in ids_in(asked) if c.endswith(":yes")))
    assert _move_number(world.boards()[-1]) == 0, "the move taken back is not counted"

    await first.slash(world.thread(), "play", move=before.decision.actions[0])
    assert (await service.load(table_id)).version == 3
    info = await other.slash(world.thread(), "game info")
    assert info.response is not None
    embed = info.response.embeds[0]
    status = " ".join([embed.description or "", *(str(f.value) for f in embed.fields)])
    counted = re.search(r"(\d+) moves? so far", status)
    assert counted and int(counted[1]) == 1
    assert _move_number(world.boards()[-1]) == 1
