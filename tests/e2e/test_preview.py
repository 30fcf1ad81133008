"""Confirm / Back before a panel choice that can never be taken back, and "What can I do?"."""

from __future__ import annotations

import random
from typing import Any

from bot import ids
from tests.e2e.conftest import World
from tests.e2e.driver import button_version, fresh, ids_in, open_panel, open_table, pick


async def test_a_choice_that_ends_the_turn_for_good_is_previewed_and_back_undoes_nothing(
    world: World,
) -> None:
    service = world.bot.service
    # seeded: with some deals, random play never meets such a choice before the game ends
    table_id, _ = await open_table(world, world.alice, world.bob, seed=1)
    actors = {world.alice.id: world.alice, world.bob.id: world.bob}

    # the first placement only passes the turn: no preview, it is played at once
    loaded = await service.load(table_id)
    assert loaded.decision is not None and loaded.decision.kind == "place_targi"
    actor = actors[loaded.info.holder(loaded.decision.seat).user_id or 0]
    panel = await open_panel(world, actor, table_id, 0)
    played = await pick(actor, panel, table_id, 0, 0)
    assert (await service.load(table_id)).version == 1
    assert not any(c.startswith("cv:sure:") for c in ids_in(fresh(world, panel)))
    assert played.acknowledged

    def ends_turn_revealing(game: Any, state: Any, seat: int, action: str) -> bool:
        step = game.step(state, action)
        after = game.decision(step.state)
        # the game's last move is previewed as ending the game, not the turn
        return step.revealed and after is not None and after.seat != seat

    rng = random.Random(3)
    for _ in range(300):
        loaded = await service.load(table_id)
        assert loaded.decision is not None
        game, state, seat = loaded.game, loaded.state, loaded.decision.seat
        revealing = [
            i for i, a in enumerate(loaded.decision.actions)
            if ends_turn_revealing(game, state, seat, a)
        ]
        actor = actors[loaded.info.holder(seat).user_id or 0]
        if revealing:
            break
        await actor.slash(world.thread(), "play", move=rng.choice(loaded.decision.actions))
    else:
        raise AssertionError("no choice that ends a turn and reveals came up")

    version, index = loaded.version, revealing[0]
    action = loaded.decision.actions[index]
    panel = await open_panel(world, actor, table_id, button_version(world.boards()[-1]) or 0)
    shown = await pick(actor, panel, table_id, version, index)

    preview = shown.response
    assert preview is not None and preview.ephemeral
    assert preview.content.startswith(f"**{game.describe(state, action)}** (`{action}`)")
    assert "This move ends your turn" in preview.content and "cannot be undone" in preview.content
    assert ids_in(preview) == [ids.confirm(table_id, version, index), ids.back(table_id, version)]
    assert (await service.load(table_id)).version == version, "nothing is played yet"

    # Back: the choices again, still nothing played
    await actor.click(preview, custom_id=ids.back(table_id, version))
    again = fresh(world, panel)
    assert ids.action(table_id, version, index) in ids_in(again) or any(
        c.startswith(f"cv:pick:{table_id}:{version}:") for c in ids_in(again)
    )
    assert loaded.decision.prompt in again.content
    assert (await service.load(table_id)).version == version

    shown = await pick(actor, again, table_id, version, index)
    assert shown.response is not None
    await actor.click(shown.response, custom_id=ids.confirm(table_id, version, index))
    log = await service.game_log(table_id)
    assert log[-1].action == action or any(e.action == action for e in log[-3:])
    assert (await service.load(table_id)).version > version
    world.env.errors  # noqa: B018


async def test_a_choice_that_reveals_within_the_turn_is_made_at_once(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob, seed=1)
    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(5)
    for _ in range(300):
        loaded = await service.load(table_id)
        assert loaded.decision is not None
        game, state, seat = loaded.game, loaded.state, loaded.decision.seat
        within = []
        for i, a in enumerate(loaded.decision.actions):
            step = game.step(state, a)
            after = game.decision(step.state)
            if step.revealed and after is not None and after.seat == seat:
                within.append(i)
        actor = actors[loaded.info.holder(seat).user_id or 0]
        if within:
            break
        await actor.slash(world.thread(), "play", move=rng.choice(loaded.decision.actions))
    else:
        raise AssertionError("no choice that reveals within a turn came up")
    version = loaded.version
    panel = await open_panel(world, actor, table_id, button_version(world.boards()[-1]) or 0)
    await pick(actor, panel, table_id, version, within[0])
    assert (await service.load(table_id)).version == version + 1, "made without a Confirm"


async def test_what_can_i_do_explains_the_decision(world: World) -> None:
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    loaded = await service.load(table_id)
    assert loaded.decision is not None
    game, state, decision = loaded.game, loaded.state, loaded.decision
    mover_id = loaded.info.holder(decision.seat).user_id
    actor = world.alice if mover_id == world.alice.id else world.bob
    panel = await open_panel(world, actor, table_id, 0)
    assert ids.help_(table_id, 0) in ids_in(panel)

    result = await actor.click(panel, custom_id=ids.help_(table_id, 0))

    text = result.response.content if result.response is not None else ""
    assert result.response is not None and result.response.ephemeral
    assert decision.prompt in text
    for action in decision.actions:
        assert f"• {game.describe(state, action)} — `{action}`" in text
    assert f"`/play {decision.actions[0]}`" in text
    assert len(text) <= 2000
    assert (await service.load(table_id)).version == 0
