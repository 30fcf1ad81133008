"""Undo on the real Targi engine: direct while the same seat still decides, by consent once
the turn passed to another seat, never past a move that revealed a card or used chance.

With the fixed seed, Blue (the host, seat 0) places first; placing passes the turn without
revealing anything, the Trader's sub-decisions keep it with Blue, and the Caravan reveals a card.
"""

from __future__ import annotations

import pytest

from bot.service import (
    NotAllowed,
    StaleVersion,
    TableService,
    UndoRefused,
    UndoRequestNotFound,
)
from bot.service.history import effective_moves
from bot.service.tables import SNAPSHOT_MOVES
from tests.service.conftest import (
    GUEST,
    HOST,
    OUTSIDER,
    PLACEMENTS,
    OpenService,
    move,
    placed,
    play_moves,
    started_table,
)


def same_state(service: TableService, one: object, other: object) -> bool:
    game = service.game("targi")
    return game.to_json(one) == game.to_json(other)


async def assert_replay_invariant(service: TableService, table_id: int) -> None:
    """Every stored snapshot, and the state rebuilt at every version, equals the replay of the
    effective log up to that version; the latest snapshot is a few versions back at most."""
    info = await service.info(table_id)
    game = service.game(info.game)
    rows = await service.store.list_actions(table_id)
    kept = await service.store.snapshot_versions(table_id)
    assert 0 <= info.version - kept[-1] < SNAPSHOT_MOVES
    for version in range(info.version + 1):
        actions = [a.action for a in effective_moves(rows, version)]
        replayed = game.to_json(game.replay(len(info.seats), info.seed, info.options, actions))
        assert game.to_json(await service.state_at(table_id, version)) == replayed, version
        snapshot = await service.store.get_snapshot(table_id, version)
        assert snapshot is None or snapshot.state == replayed, f"version {version}"
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


async def test_nothing_is_undone_before_a_first_move(service: TableService) -> None:
    table_id = await started_table(service)
    for user in (HOST, GUEST):
        with pytest.raises(UndoRefused, match="no move"):
            await service.preview_undo(table_id, user)
    with pytest.raises(UndoRefused, match="no move"):
        await service.undo(table_id, HOST, "u")
    assert (await service.info(table_id)).version == 0


async def test_a_placement_is_undone_with_the_other_players_consent(
    service: TableService,
) -> None:
    table_id = await started_table(service)
    await move(service, table_id, HOST, "place 5")  # passes the turn, reveals nothing

    preview = await service.preview_undo(table_id, HOST)
    assert not preview.direct and preview.needs_consent_from == (GUEST,)
    assert preview.reason == "The turn has passed to White; White must agree to the undo."
    assert [s.action for s in preview.steps] == ["place 5"] and preview.target_version == 0
    with pytest.raises(UndoRefused, match="White must agree"):
        await service.undo(table_id, HOST, "direct")

    await move(service, table_id, GUEST, "place 2")  # the other player moved since
    preview = await service.preview_undo(table_id, HOST)
    assert preview.reason == "White has moved since; White must agree to the undo."
    assert [s.action for s in preview.steps] == ["place 5", "place 2"]
    assert [s.label for s in preview.steps] == ["Blue", "White"]

    request = await service.request_undo(table_id, HOST)
    assert request.status == "open" and request.waiting_for == (GUEST,)
    assert (await service.request_undo(table_id, HOST)).id == request.id  # asked once
    row = (await service.outbox.for_table(table_id))[-1]
    assert row.kind == "undo_request" and row.payload["needed"] == [GUEST]
    assert row.payload["reason"] == preview.reason
    assert (await service.table_info(table_id)).open_undo_request == request.id
    assert (await service.info(table_id)).version == 2  # nothing changes before the answer
    with pytest.raises(NotAllowed):
        await service.consent_undo(request.id, OUTSIDER)
    with pytest.raises(NotAllowed):
        await service.consent_undo(request.id, HOST)

    done = await service.consent_undo(request.id, GUEST)
    assert done.status == "applied" and done.consents == (GUEST,)
    loaded = await service.load(table_id)
    assert loaded.version == 3
    assert same_state(service, loaded.state, await service.state_at(table_id, 0))
    assert loaded.next is not None and loaded.next.user_id == HOST
    assert (await service.outbox.for_table(table_id))[-1].kind == "undo"
    with pytest.raises(UndoRequestNotFound):
        await service.consent_undo(request.id, GUEST)
    await assert_replay_invariant(service, table_id)

    # Blue chooses differently this time, and play goes on
    await move(service, table_id, HOST, "place 13")
    assert [a.action for a in effective_moves(await service.actions(table_id))] == ["place 13"]
    await assert_replay_invariant(service, table_id)


async def test_a_position_after_an_undo_past_a_snapshot_is_rebuilt_on_the_line_played(
    service: TableService, open_service: OpenService
) -> None:
    table_id = await started_table(service)
    for i, text in enumerate(PLACEMENTS[:SNAPSHOT_MOVES]):
        await move(service, table_id, HOST if i % 2 == 0 else GUEST, text)
    at_snapshot = service.game("targi").to_json((await service.load(table_id)).state)
    request = await service.request_undo(table_id, HOST)  # back before that move
    await service.consent_undo(request.id, GUEST)
    undo_version = (await service.info(table_id)).version
    await move(service, table_id, HOST, "place 11")  # another choice than the one undone
    # As if the snapshot before the undo were one of those kept every SNAPSHOT_EVERY versions
    # and the undo's own pruned: the latest snapshot is then the one the undo went back past,
    # and the rebuilt board must not show the undone "place 6" again.
    async with service.store.transaction() as tx:
        await tx.delete_snapshot(table_id, undo_version)
        await tx.put_snapshot(table_id, SNAPSHOT_MOVES, at_snapshot)

    cold = await open_service(state_cache_size=0)
    loaded = await cold.load(table_id)
    assert same_state(cold, loaded.state, (await service.load(table_id)).state)
    await assert_replay_invariant(cold, table_id)


async def test_a_sub_decision_is_undone_directly_one_move_at_a_time(
    service: TableService,
) -> None:
    table_id = await placed(service)
    before_use = (await service.load(table_id)).state
    await move(service, table_id, HOST, "use 5")  # the Trader: Blue still decides
    before_trade = await service.load(table_id)
    assert before_trade.next is not None and before_trade.next.kind == "trader"
    await move(service, table_id, HOST, "trade SS>P")

    preview = await service.preview_undo(table_id, HOST)
    assert preview.direct and preview.needs_consent_from == () and preview.reason == ""
    assert [s.action for s in preview.steps] == ["trade SS>P"]
    # White's last move was before Blue's: that would need Blue's consent
    theirs = await service.preview_undo(table_id, GUEST)
    assert not theirs.direct and theirs.needs_consent_from == (HOST,)
    assert theirs.reason == "Blue has moved since; Blue must agree to the undo."

    result = await service.undo(table_id, HOST, "undo-trade", expected_version=preview.version)
    assert [s.action for s in result.undone] == ["trade SS>P"]
    loaded = await service.load(table_id)
    assert same_state(service, loaded.state, before_trade.state)
    assert loaded.next is not None and loaded.next.kind == "trader"

    # the move before it is Blue's too, and also kept the decision with Blue
    again = await service.preview_undo(table_id, HOST)
    assert again.direct and [s.action for s in again.steps] == ["use 5"]
    await service.undo(table_id, HOST, "undo-use")
    assert same_state(service, (await service.load(table_id)).state, before_use)
    await assert_replay_invariant(service, table_id)


async def test_a_caravan_draw_is_never_undone(service: TableService) -> None:
    table_id = await placed(service)
    version = await move(service, table_id, HOST, "use 13")  # the Caravan reveals a goods card
    assert (await service.actions(table_id))[-1].revealed

    for attempt in (service.preview_undo, service.request_undo):
        with pytest.raises(UndoRefused, match="revealed hidden information or used chance, so it"):
            await attempt(table_id, HOST)
    with pytest.raises(UndoRefused, match="cannot be undone"):
        await service.undo(table_id, HOST, "u")
    # nor can White go back past it, even with Blue's agreement
    with pytest.raises(UndoRefused, match=r"Blue's move since yours .* revealed"):
        await service.request_undo(table_id, GUEST)
    assert (await service.info(table_id)).version == version
    assert await service.store.open_undo_request(table_id) is None


async def test_moves_logged_without_the_revealed_flag_are_never_undone(
    service: TableService,
) -> None:
    table_id = await placed(service)
    await move(service, table_id, HOST, "use 5")
    info = await service.info(table_id)
    # as a row written before the flag existed reads back: reversible, revealing unknown
    state = await service.state_at(table_id, info.version)
    game = service.game("targi")
    after = game.apply(state, "trade SS>P")
    async with service.store.transaction() as tx:
        await tx.advance_version(table_id, expected=info.version, new=info.version + 1)
        await tx.append_action(
            table_id, version=info.version + 1, seat=0, action="trade SS>P",
            request_id="legacy", user_id=HOST, reversible=True,
        )  # fmt: skip
        await tx.put_snapshot(table_id, info.version + 1, game.to_json(after))
    fresh = await service.store.get_action(table_id, info.version + 1)
    assert fresh is not None and fresh.reversible and fresh.revealed
    with pytest.raises(UndoRefused, match="cannot be undone"):
        await service.preview_undo(table_id, HOST)


async def test_a_declined_or_outdated_request_changes_nothing(service: TableService) -> None:
    table_id = await started_table(service)
    await move(service, table_id, HOST, "place 5")
    await move(service, table_id, GUEST, "place 2")

    asked = await service.request_undo(table_id, HOST)
    declined = await service.decline_undo(asked.id, GUEST)
    assert declined.status == "declined"
    assert (await service.outbox.for_table(table_id))[-1].kind == "undo_declined"
    assert (await service.info(table_id)).version == 2

    request = await service.request_undo(table_id, HOST)
    await move(service, table_id, HOST, "place 13")  # the game moves on before the answer
    with pytest.raises(UndoRefused, match="lapsed"):
        await service.consent_undo(request.id, GUEST)
    assert (await service.undo_request(request.id)).status == "stale"
    assert (await service.info(table_id)).version == 3


async def test_against_an_agent_no_consent_is_needed(open_service: OpenService) -> None:
    service = await open_service()
    table_id = await started_table(service, guest=None, bot="greedy")
    results = await play_moves(service, table_id, 1)
    assert results[0].followups  # the agent answered at once
    assert not any(r.revealed for r in (results[0], *results[0].followups))
    preview = await service.preview_undo(table_id, HOST)
    assert preview.direct and preview.needs_consent_from == ()
    request = await service.request_undo(table_id, HOST)
    assert request.status == "applied"
    await assert_replay_invariant(service, table_id)
