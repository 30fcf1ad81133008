"""Undo: direct while nothing was revealed, by consent past another seat, never past chance."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.service import (
    NotAllowed,
    StaleVersion,
    TableService,
    UndoRefused,
    UndoRequestNotFound,
)
from bot.service.history import effective_moves
from games.core import Game, Step
from games.core import registry as game_registry
from tests.service.conftest import GUEST, HOST, OUTSIDER, OpenService, play_moves, started_table


class EverythingReversible:
    """Targi, except that every step counts as reversible (to reach the consent path)."""

    def __init__(self, game: Game[Any]) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def step(self, state: Any, action: str) -> Step:
        return dataclasses.replace(self._game.step(state, action), reversible=True)


def permissive(name: str) -> Any:
    return EverythingReversible(game_registry.get(name))


async def assert_replay_invariant(service: TableService, table_id: int) -> None:
    """Every stored snapshot equals the replay of the effective log up to its version."""
    info = await service.info(table_id)
    game = service.game(info.game)
    rows = await service.store.list_actions(table_id)
    for version in range(info.version + 1):
        snapshot = await service.store.get_snapshot(table_id, version)
        assert snapshot is not None
        actions = [a.action for a in effective_moves(rows, version)]
        replayed = game.replay(len(info.seats), info.seed, info.options, actions)
        assert game.to_json(replayed) == snapshot.state, f"version {version}"
    assert await service.replay_matches(table_id)


async def play_until_direct_undo(service: TableService, table_id: int) -> tuple[int, int]:
    """Play until the deciding person could undo directly; returns (user, version)."""
    for i in range(200):
        loaded = await service.load(table_id)
        nxt = loaded.next
        assert nxt is not None and nxt.user_id is not None
        try:
            preview = await service.preview_undo(table_id, nxt.user_id)
        except UndoRefused:
            preview = None
        if preview is not None and preview.direct:
            return nxt.user_id, loaded.version
        await play_moves(service, table_id, 1, seed=i)
    raise AssertionError("no direct undo came up")


async def test_a_reversible_move_is_undone_directly(service: TableService) -> None:
    table_id = await started_table(service)
    user, version = await play_until_direct_undo(service, table_id)
    preview = await service.preview_undo(table_id, user)
    assert preview.version == version and preview.steps
    assert all(s.action and s.description for s in preview.steps)
    assert preview.summary
    before = await service.state_at(table_id, preview.target_version)
    game = service.game("targi")

    result = await service.undo(table_id, user, "undo-1", expected_version=version)
    assert result.version == version + 1 and result.target_version == preview.target_version
    assert result.undone == preview.steps and not result.duplicate
    loaded = await service.load(table_id)
    assert loaded.version == version + 1
    assert game.to_json(loaded.state) == game.to_json(before)

    # the log only grew; the undone moves are out of the game log, the undo row is in the log
    rows = await service.actions(table_id)
    assert len(rows) == version + 1 and rows[-1].kind == "undo"
    logged = [e.version for e in await service.game_log(table_id)]
    assert not set(logged) & {s.version for s in preview.steps}
    await assert_replay_invariant(service, table_id)

    # the same request again changes nothing; a button from before the undo is stale
    again = await service.undo(table_id, user, "undo-1")
    assert again.duplicate and again.version == version + 1
    nxt = loaded.next
    assert nxt is not None
    with pytest.raises(StaleVersion):
        await service.submit(table_id, user, nxt.actions[0], "old-button", version)
    undo_row = (await service.outbox.for_table(table_id))[-1]
    assert undo_row.kind == "undo" and undo_row.payload["restored_version"] == result.target_version
    assert undo_row.payload["version"] == version + 1
    assert [u["version"] for u in undo_row.payload["undone"]] == [s.version for s in result.undone]

    # and play goes on from the rewound state
    results = await play_moves(service, table_id, 5, seed=11)
    assert results[0].version == version + 2
    await assert_replay_invariant(service, table_id)


async def test_undo_is_refused_past_an_irreversible_step(service: TableService) -> None:
    table_id = await started_table(service)
    loaded = await service.load(table_id)
    nxt = loaded.next
    assert nxt is not None and nxt.user_id is not None
    with pytest.raises(UndoRefused, match="no move"):
        await service.preview_undo(table_id, nxt.user_id)
    await service.submit(table_id, nxt.user_id, nxt.actions[0], "place", 0)  # place: irreversible
    for attempt in (service.preview_undo, service.request_undo):
        with pytest.raises(UndoRefused, match="cannot go back before it"):
            await attempt(table_id, nxt.user_id)
    with pytest.raises(UndoRefused):
        await service.undo(table_id, nxt.user_id, "u")
    assert (await service.info(table_id)).version == 1


async def test_undo_past_another_seat_needs_their_consent(open_service: OpenService) -> None:
    service = await open_service(games=permissive)
    table_id = await started_table(service)
    first = await play_moves(service, table_id, 1)
    mover = first[0].user_id
    assert mover is not None
    opponent = GUEST if mover == HOST else HOST
    await play_moves(service, table_id, 1, seed=2)  # the opponent moved since

    preview = await service.preview_undo(table_id, mover)
    assert not preview.direct and preview.needs_consent_from == (opponent,)
    assert preview.target_version == 0 and len(preview.steps) == 2
    with pytest.raises(UndoRefused, match="must agree"):
        await service.undo(table_id, mover, "direct")

    request = await service.request_undo(table_id, mover)
    assert request.status == "open" and request.waiting_for == (opponent,)
    assert (await service.request_undo(table_id, mover)).id == request.id  # asked once
    row = (await service.outbox.for_table(table_id))[-1]
    assert row.kind == "undo_request" and row.payload["needed"] == [opponent]
    assert (await service.table_info(table_id)).open_undo_request == request.id
    with pytest.raises(NotAllowed):
        await service.consent_undo(request.id, OUTSIDER)
    with pytest.raises(NotAllowed):
        await service.consent_undo(request.id, mover)

    done = await service.consent_undo(request.id, opponent)
    assert done.status == "applied" and done.consents == (opponent,)
    info = await service.info(table_id)
    assert info.version == 3
    game = service.game("targi")
    assert game.to_json((await service.load(table_id)).state) == game.to_json(
        await service.state_at(table_id, 0)
    )
    assert (await service.outbox.for_table(table_id))[-1].kind == "undo"
    with pytest.raises(UndoRequestNotFound):
        await service.consent_undo(request.id, opponent)
    await assert_replay_invariant(service, table_id)


async def test_a_declined_or_outdated_request_changes_nothing(open_service: OpenService) -> None:
    service = await open_service(games=permissive)
    table_id = await started_table(service)
    mover = (await play_moves(service, table_id, 1))[0].user_id
    assert mover is not None
    opponent = GUEST if mover == HOST else HOST
    await play_moves(service, table_id, 1, seed=2)

    asked = await service.request_undo(table_id, mover)
    declined = await service.decline_undo(asked.id, opponent)
    assert declined.status == "declined"
    assert (await service.outbox.for_table(table_id))[-1].kind == "undo_declined"
    assert (await service.info(table_id)).version == 2

    request = await service.request_undo(table_id, mover)
    await play_moves(service, table_id, 1, seed=3)  # the game moves on before the answer
    with pytest.raises(UndoRefused, match="lapsed"):
        await service.consent_undo(request.id, opponent)
    assert (await service.undo_request(request.id)).status == "stale"
    assert (await service.info(table_id)).version == 3


async def test_against_an_agent_no_consent_is_needed(open_service: OpenService) -> None:
    service = await open_service(games=permissive)
    table_id = await started_table(service, guest=None, bot="greedy")
    results = await play_moves(service, table_id, 1)
    assert results[0].followups  # the agent answered at once
    preview = await service.preview_undo(table_id, HOST)
    assert preview.direct and preview.needs_consent_from == ()
    request = await service.request_undo(table_id, HOST)
    assert request.status == "applied"
    await assert_replay_invariant(service, table_id)
