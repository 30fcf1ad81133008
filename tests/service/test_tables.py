"""Lobby rules: creating, joining, leaving, bots, starting and cancelling tables."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import (
    AlreadySeated,
    LobbyClosed,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    TableFull,
    TableNotActive,
    TableNotFound,
    TableService,
    ThreadTaken,
    TooManyTables,
    UnknownAgentLevel,
    UnknownGame,
)
from bot.service.tables import secure_seed
from games.core import discovery
from tests.service.conftest import (
    CHANNEL,
    GUEST,
    GUILD,
    HOST,
    OUTSIDER,
    SEED,
    OpenService,
    new_table,
    play_moves,
    started_table,
)


async def test_create_table_seats_the_host_and_stores_the_seed(service: TableService) -> None:
    info = await service.create_table(
        "Targi", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana"
    )
    assert (info.game, info.status, info.version, info.host_id) == ("targi", "lobby", 0, HOST)
    assert [(s.seat, s.user_id, s.name) for s in info.seats] == [(0, HOST, "Hana")]
    assert info.seed == SEED
    assert info.options == discovery.get("targi").default_options()
    with pytest.raises(UnknownGame, match="chess"):
        await service.create_table(
            "chess", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana"
        )


async def test_default_seeds_come_from_a_secure_source_and_differ(
    open_service: OpenService,
) -> None:
    service = await open_service(seed_source=secure_seed)
    a = await service.create_table("targi", guild_id=1, channel_id=2, host_id=3, host_name="x")
    b = await service.create_table("targi", guild_id=1, channel_id=2, host_id=3, host_name="x")
    assert a.seed != b.seed
    assert 0 <= a.seed < 2**63 and 0 <= b.seed < 2**63
    assert (await service.info(a.id)).seed == a.seed


async def test_a_server_may_have_only_so_many_open_tables(open_service: OpenService) -> None:
    service = await open_service(max_open_tables_per_guild=2)
    first = await new_table(service)
    await new_table(service)
    with pytest.raises(TooManyTables) as refused:
        await new_table(service)
    assert "2 open tables" in refused.value.reason
    await service.create_table("targi", guild_id=GUILD + 1, channel_id=1, host_id=9, host_name="o")
    await service.cancel(first, HOST)
    await new_table(service)  # cancelling freed a place


async def test_join_fills_seats_in_order_until_full(service: TableService) -> None:
    table_id = await new_table(service, guest=None)
    info = await service.join(table_id, GUEST, "Gus")
    assert [(s.seat, s.user_id) for s in info.seats] == [(0, HOST), (1, GUEST)]
    with pytest.raises(AlreadySeated):
        await service.join(table_id, GUEST, "Gus again")
    with pytest.raises(TableFull, match="2 seats"):
        await service.join(table_id, OUTSIDER, "Otto")
    with pytest.raises(TableNotFound, match="#999"):
        await service.join(999, OUTSIDER, "Otto")


async def test_leaving_frees_the_seat_and_hands_on_the_host(service: TableService) -> None:
    table_id = await new_table(service)
    with pytest.raises(NotSeated):
        await service.leave(table_id, OUTSIDER)
    info = await service.leave(table_id, HOST)
    assert info.host_id == GUEST and info.status == "lobby"
    assert [(s.seat, s.user_id) for s in info.seats] == [(0, GUEST)]
    info = await service.join(table_id, HOST, "Hana")
    assert [s.user_id for s in info.seats] == [GUEST, HOST]
    await service.leave(table_id, HOST)
    info = await service.leave(table_id, GUEST)
    assert info.status == "cancelled" and info.seats == ()


async def test_a_lobby_left_to_bots_alone_is_cancelled(service: TableService) -> None:
    table_id = await new_table(service, guest=None, bot="random")
    info = await service.leave(table_id, HOST)
    assert info.status == "cancelled"


async def test_any_seated_player_can_add_a_bot_but_not_an_outsider(service: TableService) -> None:
    table_id = await new_table(service, guest=None)
    with pytest.raises(NotSeated, match="seated"):
        await service.add_agent(table_id, OUTSIDER)
    with pytest.raises(UnknownAgentLevel, match="greedy"):
        await service.add_agent(table_id, HOST, "grandmaster")
    info = await service.add_agent(table_id, HOST, "Greedy")
    assert [(s.agent, s.name, s.is_agent) for s in info.seats[1:]] == [
        ("greedy", "Greedy bot", True)
    ]
    with pytest.raises(TableFull):
        await service.add_agent(table_id, HOST, "random")
    # a guest seated at another table adds the bot there
    other = await new_table(service, guest=None)
    await service.join(other, GUEST, "Gus")
    await service.leave(other, HOST)
    info = await service.add_agent(other, GUEST, "random")
    assert [s.name for s in info.seats] == ["Gus", "Random bot"]


async def test_only_the_host_starts_and_only_with_enough_players(service: TableService) -> None:
    table_id = await new_table(service, guest=None)
    with pytest.raises(NotEnoughPlayers) as refused:
        await service.start(table_id, HOST)
    assert "at least 2 players" in refused.value.reason
    await service.join(table_id, GUEST, "Gus")
    with pytest.raises(NotHost):
        await service.start(table_id, GUEST)
    info = await service.start(table_id, HOST)
    assert (info.status, info.version) == ("active", 0)
    assert [s.user_id for s in info.seats] == [HOST, GUEST]  # join order is kept

    with pytest.raises(LobbyClosed, match="already started"):
        await service.start(table_id, HOST)
    with pytest.raises(LobbyClosed):
        await service.join(table_id, OUTSIDER, "Otto")
    with pytest.raises(LobbyClosed):
        await service.leave(table_id, GUEST)


async def test_start_snapshots_the_first_state_and_announces_it(service: TableService) -> None:
    table_id = await started_table(service)
    loaded = await service.load(table_id)
    game = loaded.game
    assert game.to_json(loaded.state) == game.to_json(game.new_game(2, SEED, loaded.info.options))
    rows = await service.outbox.for_table(table_id)
    assert [(r.kind, r.version) for r in rows] == [("start", 0)]
    payload = rows[0].payload
    assert [(s["user_id"], s["label"]) for s in payload["seats"]] == [
        (HOST, "Blue"),
        (GUEST, "White"),
    ]
    decision = loaded.decision
    assert decision is not None
    assert payload["next_seat"] == decision.seat
    assert payload["next_user_id"] == [HOST, GUEST][decision.seat]
    assert payload["is_agent"] is False
    assert payload["next_kind"] == decision.kind


async def test_only_the_host_cancels_and_the_thread_is_told(service: TableService) -> None:
    table_id = await started_table(service)
    with pytest.raises(NotHost):
        await service.cancel(table_id, GUEST)
    info = await service.cancel(table_id, HOST)
    assert info.status == "cancelled"
    rows = await service.outbox.for_table(table_id)
    assert [r.kind for r in rows] == ["start", "cancel"]
    assert rows[1].payload == {"version": 0, "by_user": HOST}
    with pytest.raises(TableNotActive, match="already cancelled"):
        await service.cancel(table_id, HOST)


async def test_a_thread_answers_for_its_table_as_it_is_now(service: TableService) -> None:
    first, second = await new_table(service), await new_table(service)
    await service.set_thread(first, 7771)
    assert (await service.table_for_thread(7771)).id == first  # type: ignore[union-attr]

    # the table is cancelled and its game moves to a new thread: the old one hosts nothing
    await service.cancel(first, HOST)
    await service.set_thread(first, 7772)
    assert await service.table_for_thread(7771) is None
    found = await service.table_for_thread(7772)
    assert found is not None and found.id == first and found.status == "cancelled"

    # another table takes the old thread: it is found, not the table that left it
    await service.set_thread(second, 7771)
    assert (await service.table_for_thread(7771)).id == second  # type: ignore[union-attr]


async def test_the_first_move_in_a_new_tables_thread_finds_its_table_without_a_read(
    service: TableService,
) -> None:
    """The process that gave the table its thread knows which table the thread hosts."""
    table_id = await started_table(service)
    await service.set_thread(table_id, 7771)
    reads: list[str] = []
    for name in ("table_for_thread", "get_table"):
        real = getattr(service.store, name)

        async def counted(*args: Any, _real: Any = real, _name: str = name) -> Any:
            reads.append(_name)
            return await _real(*args)

        setattr(service.store, name, counted)
    found = await service.table_for_thread(7771, kept=True)
    assert found is not None and found.id == table_id and found.thread_id == 7771
    assert reads == []


async def test_a_move_in_a_thread_is_checked_against_the_table_as_stored_not_as_kept(
    service: TableService, open_service: OpenService
) -> None:
    """/play finds its thread's table as this process keeps it, without a read; another
    process's moves and a cancel there are still seen, by the move's commit."""
    table_id = await started_table(service)
    await service.set_thread(table_id, 7771)
    await play_moves(service, table_id, 2)
    other = await open_service()  # another process on the same database
    await play_moves(other, table_id, 3)
    reads: list[int] = []
    read = service.store.get_table

    async def counted(table: int) -> Any:
        reads.append(table)
        return await read(table)

    service.store.get_table = counted  # type: ignore[method-assign]
    await service.table_for_thread(7771)  # the thread's table is known
    reads.clear()

    kept = await service.table_for_thread(7771, kept=True)
    assert kept is not None and kept.id == table_id and reads == []
    stored = await other.load(table_id)
    assert kept.version < stored.version  # behind the other process's moves
    assert stored.next is not None and stored.decision is not None
    result = await service.submit(
        table_id, stored.next.user_id or 0, stored.decision.actions[0], request_id="after-other"
    )
    assert result.version == stored.version + 1  # decided on the table as stored

    before = await other.load(table_id)
    assert before.next is not None and before.decision is not None
    await other.cancel(table_id, HOST)
    kept = await service.table_for_thread(7771, kept=True)
    assert kept is not None and kept.status == "active"  # as kept: not read again
    with pytest.raises(TableNotActive):  # a move legal on the table as kept
        await service.submit(
            table_id, before.next.user_id or 0, before.decision.actions[0], request_id="late"
        )
    found = await service.table_for_thread(7771, kept=True)
    assert found is not None and found.status == "cancelled"
    assert (await other.load(table_id)).version == before.version  # nothing was written


async def test_lobby_message_thread_and_lookups(service: TableService) -> None:
    table_id = await new_table(service)
    info = await service.set_lobby_message(table_id, 5551)
    assert info.lobby_message_id == 5551
    assert await service.table_for_thread(7771) is None
    info = await service.set_thread(table_id, 7771)
    found = await service.table_for_thread(7771)
    assert found is not None and found.id == table_id == info.id
    assert await service.seat_of(table_id, GUEST) == 1
    assert await service.seat_of(table_id, OUTSIDER) is None
    assert (await service.holder(table_id, 0)).user_id == HOST
    with pytest.raises(NotSeated):
        await service.holder(table_id, 5)
    assert [t.id for t in await service.tables(guild_id=GUILD, statuses=["lobby"])] == [table_id]
    assert [t.id for t in await service.tables(user_id=OUTSIDER)] == []
    with pytest.raises(TableNotFound):
        await service.set_thread(424242, 1)
    other = await new_table(service)
    with pytest.raises(ThreadTaken, match=f"#{table_id}"):
        await service.set_thread(other, 7771)
    assert (await service.set_thread(table_id, 7771)).thread_id == 7771


async def test_the_host_can_remove_a_bot_or_a_no_show_from_the_lobby(
    service: TableService,
) -> None:
    table_id = await new_table(service, guest=None, bot="greedy")
    with pytest.raises(NotHost):
        await service.remove_seat(table_id, OUTSIDER, 1)
    with pytest.raises(NotHost, match="leave"):
        await service.remove_seat(table_id, HOST, 0)
    with pytest.raises(NotSeated):
        await service.remove_seat(table_id, HOST, 4)
    info = await service.remove_seat(table_id, HOST, 1)
    assert [s.user_id for s in info.seats] == [HOST]
    await service.join(table_id, GUEST, "Gus")
    with pytest.raises(NotHost):
        await service.remove_seat(table_id, GUEST, 0)
    info = await service.remove_seat(table_id, HOST, 1)
    assert [s.user_id for s in info.seats] == [HOST]
    await service.join(table_id, GUEST, "Gus")
    await service.start(table_id, HOST)
    with pytest.raises(LobbyClosed):
        await service.remove_seat(table_id, HOST, 1)
