"""Previewing a move before it is made: what it would do, whether it could be taken back,
and nothing stored; a move that reveals a card shows nothing of what it would reveal."""

from __future__ import annotations

import dataclasses

import pytest

from bot.service import NotSeated, NotYourTurn, TableNotActive, TableService
from games.core import AmbiguousAction, IllegalAction, NotationError
from tests.service.conftest import (
    GUEST,
    HOST,
    OUTSIDER,
    OpenService,
    move,
    new_table,
    placed,
    started_table,
)


async def footprint(service: TableService, table_id: int) -> tuple[object, ...]:
    """Everything a move would change in storage."""
    info = await service.info(table_id)
    snapshot = await service.store.get_snapshot(table_id)
    return (
        info.version,
        len(await service.store.list_actions(table_id)),
        len(await service.outbox.for_table(table_id)),
        len(await service.store.list_timers(table_id)),
        None if snapshot is None else snapshot.version,
    )


async def test_a_placement_preview_says_it_passes_the_turn_and_stores_nothing(
    service: TableService,
) -> None:
    table_id = await started_table(service)
    before = await footprint(service, table_id)

    preview = await service.preview_move(table_id, HOST, "Place #5")
    assert (preview.action, preview.description) == ("place 5", "Place on #5 Trader")
    assert preview.events == ("Blue placed a Targi on #5 Trader.",)
    assert preview.irreversible and preview.passes_turn and not preview.revealed
    assert preview.warning == (
        "This move passes the turn to White; undoing it would need their agreement."
    )
    assert preview.version == 0 and preview.seat == 0
    assert await footprint(service, table_id) == before

    # Confirm: submitting it at the previewed version does what the preview said
    result = await service.submit(table_id, HOST, preview.action, "confirm", preview.version)
    assert (result.action, result.description, tuple(e.text for e in result.events)) == (
        preview.action, preview.description, preview.events,
    )  # fmt: skip
    assert not result.reversible and not result.revealed


async def test_a_sub_decision_preview_can_be_taken_back_freely(service: TableService) -> None:
    table_id = await placed(service)
    preview = await service.preview_move(table_id, HOST, "use 5")
    assert not preview.irreversible and not preview.passes_turn and not preview.revealed
    assert preview.warning == "" and preview.events == ("Blue used #5 Trader.",)


async def test_a_revealing_move_is_previewed_without_what_it_would_reveal(
    service: TableService,
) -> None:
    table_id = await placed(service)
    game = service.game("targi")
    state = (await service.load(table_id)).state
    before = await footprint(service, table_id)

    preview = await service.preview_move(table_id, HOST, "use 13")
    assert preview.revealed and preview.irreversible and not preview.passes_turn
    assert preview.warning == (
        "This move turns up hidden cards or uses chance, so it cannot be undone."
    )
    assert preview.events == ()
    hidden = game.hidden_from(state, 0)
    shown = " ".join(str(v) for v in dataclasses.astuple(preview))
    assert not [h for h in hidden if h in shown]
    assert await footprint(service, table_id) == before

    # the move itself does reveal the card, which the preview kept back
    result = await service.submit(table_id, HOST, "use 13", "caravan", preview.version)
    assert result.revealed and [h for h in hidden if h in " ".join(e.text for e in result.events)]


async def test_a_preview_is_refused_as_the_move_would_be(service: TableService) -> None:
    lobby = await new_table(service)
    with pytest.raises(TableNotActive):
        await service.preview_move(lobby, HOST, "place 5")
    table_id = await started_table(service)
    with pytest.raises(NotSeated):
        await service.preview_move(table_id, OUTSIDER, "place 5")
    with pytest.raises(NotYourTurn, match="Hana's turn"):
        await service.preview_move(table_id, GUEST, "place 5")
    with pytest.raises(NotationError):
        await service.preview_move(table_id, HOST, "fly to the moon")
    with pytest.raises(AmbiguousAction):
        await service.preview_move(table_id, HOST, "place")
    with pytest.raises(IllegalAction):
        await service.preview_move(table_id, HOST, "place 1")  # not open to a figure now
    await move(service, table_id, HOST, "place 5")
    with pytest.raises(IllegalAction):
        await service.preview_move(table_id, GUEST, "place 5")  # taken
    assert (await service.info(table_id)).version == 1


async def test_passing_the_turn_to_a_bot_says_so(open_service: OpenService) -> None:
    service = await open_service()
    table_id = await started_table(service, guest=None, bot="greedy")
    preview = await service.preview_move(table_id, HOST, "place 5")
    assert preview.passes_turn and preview.irreversible
    assert preview.warning == "This move passes the turn to White, played by a bot."
