"""Moves through the service: whole games, agents, refusals, double clicks, races, restarts."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from typing import Any

import pytest

from bot.service import (
    NotSeated,
    NotYourTurn,
    ServiceError,
    StaleVersion,
    TableNotActive,
    TableService,
)
from bot.service.agents import choose_with_games_agents
from games.core import AmbiguousAction, Decision, Game, IllegalAction, NotationError
from storage import sqlite_path
from tests.service.conftest import (
    GUEST,
    HOST,
    OUTSIDER,
    OpenService,
    move,
    new_table,
    play_moves,
    started_table,
)


async def deciding_user(service: TableService, table_id: int) -> tuple[int, Decision, int]:
    loaded = await service.load(table_id)
    decision = loaded.decision
    assert decision is not None
    user = loaded.info.holder(decision.seat).user_id
    assert user is not None
    return user, decision, loaded.version


async def assert_unchanged(service: TableService, table_id: int, version: int) -> None:
    info = await service.info(table_id)
    assert info.version == version
    assert len(await service.actions(table_id)) == version


async def test_two_people_play_a_whole_game_of_targi(service: TableService) -> None:
    table_id = await started_table(service)
    results = await play_moves(service, table_id)

    assert [r.version for r in results] == list(range(1, len(results) + 1))
    assert len(results) > 50
    last = results[-1]
    assert last.next is None and last.outcome is not None
    assert all(r.next is not None and r.outcome is None for r in results[:-1])
    info = await service.info(table_id)
    assert (info.status, info.version) == ("finished", len(results))

    rows = await service.outbox.for_table(table_id)
    kinds = [r.kind for r in rows]
    assert kinds == ["start"] + ["turn"] * len(results) + ["result"]
    result_row = rows[-1].payload
    assert result_row["scores"] == list(last.outcome.scores)
    assert result_row["winners"] == list(last.outcome.winners)
    assert result_row["reason"] == last.outcome.reason
    assert sum(result_row["breakdown"][0].values()) == result_row["scores"][0]
    assert result_row["winner_user_ids"] == [[HOST, GUEST][w] for w in last.outcome.winners]

    # every turn row says who moved and who is next, without re-deriving anything
    loaded = await service.load(table_id)
    for row, result in zip(rows[1:-1], results, strict=True):
        payload = row.payload
        assert (payload["version"], payload["action"], payload["seat"]) == (
            result.version, result.action, result.seat,
        )
        assert payload["user_id"] == [HOST, GUEST][result.seat]
        assert payload["events"] == [e.text for e in result.events if e.public]
        assert payload["description"] == result.description
        if result.next is not None:
            assert payload["next_seat"] == result.next.seat
            assert payload["next_user_id"] == result.next.user_id
            assert payload["passes_turn"] == (result.next.seat != result.seat)
        else:
            assert payload["next_seat"] is None and payload["game_over"] is True
        # a step within a turn posts nothing: its row is a record, delivered as it is written
        posts = payload["passes_turn"] or payload["game_over"]
        assert (row.delivered_at is None) == posts, (row.version, payload["passes_turn"])
        # … and the result says so, so the bot asks for no delivery after it
        assert result.posts == posts and result.recorded_only == (not posts)
    steps = [r for r in rows[1:-1] if not r.payload["passes_turn"]]
    assert steps and len(steps) < len(results), "a game has turns of one step and of several"
    assert loaded.decision is None

    with pytest.raises(TableNotActive, match="over"):
        await service.submit(table_id, HOST, "end", "after-the-end")


async def test_an_agent_seat_answers_by_itself(service: TableService) -> None:
    table_id = await started_table(service, guest=None, bot="greedy")
    at_start = (await service.info(table_id)).version
    results = await play_moves(service, table_id)  # fails if a person is asked to move for it

    assert results[-1].final.outcome is not None
    assert any(r.followups for r in results)
    chain = [m for r in results for m in (r, *r.followups)]
    info = await service.info(table_id)
    assert info.status == "finished"
    assert [m.version for m in chain] == list(range(at_start + 1, info.version + 1))
    assert all(m.user_id is None and m.seat == 1 for r in results for m in r.followups)

    log = await service.actions(table_id)
    agent_moves = [a for a in log if a.seat == 1]
    assert agent_moves and all(a.user_id is None for a in agent_moves)
    assert all(a.request_id == f"agent:{table_id}:{a.version}" for a in agent_moves)
    assert all(a.user_id == HOST for a in log if a.seat == 0)
    rows = await service.outbox.for_table(table_id)
    agent_turns = [r.payload for r in rows if r.kind == "turn" and r.payload["agent"] == "greedy"]
    assert len(agent_turns) == len(agent_moves)
    assert all(p["user_id"] is None and p["name"] == "Greedy bot" for p in agent_turns)


async def test_an_agent_that_moves_first_does_so_during_start(open_service: OpenService) -> None:
    for seed in range(1, 16):
        service = await open_service(seed_source=lambda seed=seed: seed)
        table_id = await new_table(service, guest=None, bot="random")
        info = await service.start(table_id, HOST)
        log = await service.actions(table_id)
        loaded = await service.load(table_id)
        assert loaded.next is not None and loaded.next.user_id == HOST
        assert info.version == len(log)
        if log and log[0].seat == 1:
            assert all(a.user_id is None for a in log)
            return
        await service.cancel(table_id, HOST)
    pytest.fail("the agent never drew the first move in these seeds")


async def test_a_broken_agent_still_moves_so_the_table_never_stalls(
    open_service: OpenService,
) -> None:
    calls: list[str] = []

    def broken(level: str, game: Game[Any], state: Any, decision: Decision, rng: int) -> Any:
        calls.append(level)
        raise RuntimeError("agent crashed")

    service = await open_service(agents=broken)
    table_id = await started_table(service, guest=None, bot="random")
    results = await play_moves(service, table_id, 40)
    assert calls and set(calls) == {"random"}
    assert sum(len(r.followups) for r in results) > 0


async def test_refusals_change_nothing(service: TableService) -> None:
    lobby = await new_table(service)
    with pytest.raises(TableNotActive, match="not started"):
        await service.submit(lobby, HOST, "place 5", "r-lobby")

    table_id = await started_table(service)
    user, decision, version = await deciding_user(service, table_id)
    other = GUEST if user == HOST else HOST

    with pytest.raises(NotSeated, match="not playing"):
        await service.submit(table_id, OUTSIDER, decision.actions[0], "r1")
    with pytest.raises(NotYourTurn) as not_yours:
        await service.submit(table_id, other, decision.actions[0], "r2")
    assert "Hana" in not_yours.value.reason or "Gus" in not_yours.value.reason
    with pytest.raises(NotationError):
        await service.submit(table_id, user, "fly to the moon", "r3")
    with pytest.raises(IllegalAction) as illegal:
        await service.submit(table_id, user, "place 1", "r4")  # a corner card: the robber's
    assert illegal.value.reason
    with pytest.raises(AmbiguousAction) as ambiguous:
        await service.submit(table_id, user, "place", "r5")
    assert len(ambiguous.value.candidates) == len(decision.actions)
    with pytest.raises(StaleVersion):
        await service.submit(table_id, user, decision.actions[0], "r6", version + 3)
    await assert_unchanged(service, table_id, version)
    assert [r.kind for r in await service.outbox.for_table(table_id)] == ["start"]

    # a refused request id is not burnt: the same id can carry a good move afterwards
    result = await service.submit(table_id, user, decision.actions[0], "r4")
    assert result.version == version + 1 and not result.duplicate

    await service.cancel(table_id, HOST)
    user, _, _ = await deciding_user(service, table_id)
    with pytest.raises(TableNotActive, match="cancelled"):
        await service.submit(table_id, user, "place 5", "r7")


async def test_typed_text_is_normalised_to_the_canonical_move(service: TableService) -> None:
    table_id = await started_table(service)
    user, decision, _ = await deciding_user(service, table_id)
    number = decision.actions[0].split()[1]
    result = await service.submit(table_id, user, f"  PLACE   #{number} ", "typed")
    assert result.action == f"place {number}"
    assert (await service.actions(table_id))[0].action == f"place {number}"


async def test_a_double_click_applies_once(service: TableService) -> None:
    table_id = await started_table(service)
    user, decision, version = await deciding_user(service, table_id)
    first, second = await asyncio.gather(
        service.submit(table_id, user, decision.actions[0], "click", version),
        service.submit(table_id, user, decision.actions[0], "click", version),
    )
    assert sorted([first.duplicate, second.duplicate]) == [False, True]
    assert (first.version, first.action, first.events) == (
        second.version, second.action, second.events,
    )
    again = await service.submit(table_id, user, "anything at all", "click")
    assert again.duplicate and again.version == version + 1
    await assert_unchanged(service, table_id, version + 1)
    assert [r.kind for r in await service.outbox.for_table(table_id)] == ["start", "turn"]


async def test_a_hundred_racing_submissions_apply_exactly_one(service: TableService) -> None:
    table_id = await started_table(service)
    await play_moves(service, table_id, 3)
    user, decision, version = await deciding_user(service, table_id)
    outcomes = await asyncio.gather(
        *(
            service.submit(table_id, user, decision.actions[0], f"race-{i}", version)
            for i in range(100)
        ),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(applied) == 1 and applied[0].version == version + 1
    assert all(isinstance(e, StaleVersion) for e in refused), {type(e) for e in refused}
    await assert_unchanged(service, table_id, version + 1)

    # without expected_version the losers are refused by the rules instead
    user, decision, version = await deciding_user(service, table_id)
    outcomes = await asyncio.gather(
        *(service.submit(table_id, user, decision.actions[0], f"free-{i}") for i in range(100)),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(applied) >= 1 and applied[0].version == version + 1
    assert all(isinstance(e, (NotYourTurn, IllegalAction, ServiceError)) for e in refused)
    actions = await service.actions(table_id)
    assert actions[version].action == decision.actions[0]
    assert len(applied) == len(actions) - version


async def test_two_processes_cannot_apply_the_same_version(open_service: OpenService) -> None:
    first = await open_service()
    second = await open_service()
    table_id = await started_table(first)
    user, decision, version = await deciding_user(first, table_id)
    await second.load(table_id)  # warm the second process's cache at the same version
    outcomes = await asyncio.gather(
        first.submit(table_id, user, decision.actions[0], "p1", version),
        second.submit(table_id, user, decision.actions[0], "p2", version),
        return_exceptions=True,
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["MoveResult", "StaleVersion"]
    assert len(await first.actions(table_id)) == 1
    # both processes see the move and carry on from it
    results = await play_moves(second, table_id, 2, seed=3)
    assert results[-1].version == 3
    assert (await first.load(table_id)).version == 3


async def test_the_game_continues_after_a_restart(open_service: OpenService) -> None:
    service = await open_service()
    table_id = await started_table(service, guest=None, bot="greedy")
    await play_moves(service, table_id, 10)
    before = await service.load(table_id)
    await service.store.close()

    restarted = await open_service()
    after = await restarted.load(table_id)
    assert after.version == before.version
    assert after.game.to_json(after.state) == before.game.to_json(before.state)
    user, _, _ = await deciding_user(restarted, table_id)
    assert user == HOST
    repeat = await restarted.submit(table_id, HOST, "whatever", "req-0")
    assert repeat.duplicate and repeat.version == 1
    results = await play_moves(restarted, table_id, seed=11)
    assert results[-1].final.outcome is not None


async def test_every_snapshot_equals_the_replayed_log(service: TableService) -> None:
    table_id = await started_table(service, guest=None, bot="random")
    await play_moves(service, table_id)
    loaded = await service.load(table_id)
    game, info = loaded.game, loaded.info
    log = [a.action for a in await service.actions(table_id)]
    assert len(log) == info.version
    kept = await service.store.snapshot_versions(table_id)
    assert kept[0] == 0 and kept[-1] == info.version  # and every SNAPSHOT_EVERY-th between
    for version in kept:
        snapshot = await service.store.get_snapshot(table_id, version)
        assert snapshot is not None
        replayed = game.replay(len(info.seats), info.seed, info.options, log[:version])
        assert snapshot.state == game.to_json(replayed), version
    old = await service.state_at(table_id, 5)
    assert game.to_json(old) == game.to_json(
        game.replay(len(info.seats), info.seed, info.options, log[:5])
    )


async def test_waiting_on_lists_the_tables_where_a_person_must_decide(
    service: TableService,
) -> None:
    a = await started_table(service)
    b = await started_table(service)
    user, _, _ = await deciding_user(service, a)
    other = GUEST if user == HOST else HOST
    waiting_user = {t.info.id for t in await service.waiting_on(user)}
    waiting_other = {t.info.id for t in await service.waiting_on(other)}
    assert a in waiting_user and a not in waiting_other
    assert {a, b} == waiting_user | waiting_other
    assert await service.waiting_on(OUTSIDER) == []


async def test_a_table_cancelled_by_another_process_takes_no_more_moves(
    open_service: OpenService,
) -> None:
    first = await open_service()
    second = await open_service()
    table_id = await started_table(first)
    user, decision, version = await deciding_user(first, table_id)  # cached in the first
    await second.cancel(table_id, HOST)
    with pytest.raises(TableNotActive, match="cancelled"):
        await first.submit(table_id, user, decision.actions[0], "late", version)
    await assert_unchanged(first, table_id, version)


async def test_a_cancel_that_lands_mid_move_wins_over_the_move(
    open_service: OpenService, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = await open_service()
    table_id = await started_table(service)
    user, decision, version = await deciding_user(service, table_id)
    game = (await service.load(table_id)).game
    parse = game.parse

    def parse_while_another_process_cancels(state: Any, text: str) -> str:
        # Another process commits a cancel after this one has checked the status.
        with sqlite3.connect(sqlite_path(db_url)) as other:
            other.execute("UPDATE game_tables SET status = 'cancelled' WHERE id = ?", (table_id,))
        return parse(state, text)

    monkeypatch.setattr(game, "parse", parse_while_another_process_cancels)
    with pytest.raises(TableNotActive, match="cancelled"):
        await service.submit(table_id, user, decision.actions[0], "raced", version)
    assert (await service.info(table_id)).version == version
    assert await service.actions(table_id) == []


def attach_thread(db_url: str, table_id: int, times: int = 1) -> Callable[[], None]:
    """What another process does the first ``times`` it is called: attach the table's
    thread (again), which changes no version but the table's record."""
    calls: list[int] = []

    def attach() -> None:
        if len(calls) < times:
            with sqlite3.connect(sqlite_path(db_url)) as other:
                other.execute(
                    "UPDATE game_tables SET thread_id = 77, revision = revision + 1 WHERE id = ?",
                    (table_id,),
                )
        calls.append(1)

    return attach


async def test_a_thread_attached_mid_move_does_not_refuse_the_move(
    open_service: OpenService, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = await open_service()
    table_id = await started_table(service)
    user, decision, version = await deciding_user(service, table_id)
    game = (await service.load(table_id)).game
    # twice: the record this process held, then the one it read again, changed before the
    # commit; the move is decided a third time
    parse, attach = game.parse, attach_thread(db_url, table_id, times=2)

    def parse_while_another_process_attaches(state: Any, text: str) -> str:
        attach()
        return parse(state, text)

    monkeypatch.setattr(game, "parse", parse_while_another_process_attaches)
    result = await service.submit(table_id, user, decision.actions[0], "raced", version)
    assert result.version == version + 1
    info = await service.info(table_id)
    assert (info.version, info.thread_id) == (version + 1, 77)


async def test_a_thread_attached_while_a_bot_thinks_does_not_stop_the_bot(
    open_service: OpenService, db_url: str
) -> None:
    attach = attach_thread(db_url, 1)

    def thinks_while_another_process_attaches(*args: Any) -> tuple[str, int]:
        attach()
        return choose_with_games_agents(*args)

    service = await open_service(agents=thinks_while_another_process_attaches)
    table_id = await started_table(service, guest=None, bot="greedy")
    assert table_id == 1
    results = await play_moves(service, table_id, 3)
    assert any(f.user_id is None for r in results for f in r.followups)
    assert (await service.info(table_id)).thread_id == 77


async def test_a_repeated_request_id_gets_the_first_answer_across_processes(
    open_service: OpenService,
) -> None:
    services = [await open_service() for _ in range(4)]
    table_id = await started_table(services[0])
    user, decision, version = await deciding_user(services[0], table_id)
    for other in services[1:]:
        await other.load(table_id)  # every process starts from the same version
    outcomes = await asyncio.gather(
        *(
            services[i % len(services)].submit(
                table_id, user, decision.actions[0], "one-click", version
            )
            for i in range(100)
        ),
        return_exceptions=True,
    )
    failed = [o for o in outcomes if isinstance(o, BaseException)]
    assert failed == [], {type(e).__name__ for e in failed}
    results = [o for o in outcomes if not isinstance(o, BaseException)]
    assert sum(not r.duplicate for r in results) == 1
    assert {(r.version, r.action) for r in results} == {(version + 1, decision.actions[0])}
    assert len(await services[0].actions(table_id)) == version + 1

    # long after, when the table has moved on, the repeat still gets that first answer
    await play_moves(services[1], table_id, 2, seed=5)
    late = await services[2].submit(table_id, user, "anything", "one-click", version)
    assert late.duplicate and late.version == version + 1


async def test_a_process_moves_on_the_table_as_it_last_read_it_or_moved_there(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = await started_table(service)
    await service.load(table_id)  # e.g. to show Blue their choices
    reads: list[int] = []
    read = service.store.get_table

    async def counted(table: int) -> Any:
        reads.append(table)
        return await read(table)

    monkeypatch.setattr(service.store, "get_table", counted)
    await service.submit(table_id, HOST, "place 5", "host-5", 0)
    result = await service.submit(table_id, GUEST, "place 2", "guest-2", 1)
    assert result.version == 2
    assert reads == []


async def test_a_move_sees_a_seat_another_process_gave_to_a_bot(
    open_service: OpenService,
) -> None:
    """The first process keeps the record its moves left; the second hands White to a bot
    while Blue decides, which changes no version. Blue's next move on the first process must
    still pass the turn to the bot, which answers at once."""
    first = await open_service()
    second = await open_service()
    table_id = await started_table(first)
    await move(first, table_id, HOST, "place 5")
    await move(first, table_id, GUEST, "place 2")
    await second.agent_takeover(table_id, 1, GUEST)

    result = await first.submit(table_id, HOST, "place 13", "host-13", 2)
    assert [(f.seat, f.user_id) for f in result.followups] == [(1, None)]
    loaded = await first.load(table_id)
    assert loaded.next is not None and loaded.next.user_id == HOST
    assert loaded.info.holder(1).agent is not None


async def test_a_person_reclaims_on_a_process_that_kept_the_record_from_before(
    open_service: OpenService,
) -> None:
    """As above with agents' turns queued: Blue's move leaves the bot its job, and White,
    moving before the bot has, takes the seat back and makes the move."""
    first = await open_service(agents_inline=False)
    second = await open_service(agents_inline=False)
    table_id = await started_table(first)
    await move(first, table_id, HOST, "place 5")
    await move(first, table_id, GUEST, "place 2")
    await second.agent_takeover(table_id, 1, GUEST)

    await first.submit(table_id, HOST, "place 13", "host-13", 2)
    assert [(j.table_id, j.version) for j in await first.store.list_agent_jobs()] == [
        (table_id, 3)
    ]
    result = await first.submit(table_id, GUEST, "place 3", "guest-3", 3)
    assert (result.seat, result.user_id) == (1, GUEST)
    info = await second.info(table_id)
    assert (info.version, info.holder(1).user_id, info.holder(1).agent) == (4, GUEST, None)
    assert [c.reason for c in await second.store.list_seat_changes(table_id)] == [
        "takeover", "reclaim",
    ]  # fmt: skip
