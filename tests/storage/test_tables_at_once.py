"""Many tables read at once (as every move reads its own): each reader gets its own table,
with its own seats, whichever backend answers and however the reads are grouped."""

from __future__ import annotations

import asyncio

from storage import Store
from tests.storage.test_contract import new_table


async def test_tables_read_at_once_each_get_their_own_seats(store: Store) -> None:
    tables = [await new_table(store, host=100 + n) for n in range(12)]
    async with store.transaction() as tx:
        for n, table_id in enumerate(tables[::2]):
            await tx.add_seat(table_id, user_id=500 + n, agent=None, name=f"Guest {n}")
    asked = tables + tables[:3] + [999_999]  # some twice, one that does not exist
    found = await asyncio.gather(*map(store.get_table, asked))

    assert found[-1] is None
    for table_id, record in zip(asked[:-1], found[:-1], strict=True):
        assert record is not None and record.id == table_id
        n = tables.index(table_id)
        expected = [(0, 100 + n)] + ([(1, 500 + n // 2)] if n % 2 == 0 else [])
        assert [(s.seat, s.user_id) for s in record.seats] == expected
        assert record.host_id == 100 + n


async def test_states_read_at_once_each_get_their_own_snapshot_and_moves(store: Store) -> None:
    tables = [await new_table(store, host=100 + n) for n in range(8)]
    for n, table_id in enumerate(tables):
        async with store.transaction() as tx:
            await tx.put_snapshot(table_id, 0, {"table": n})
        for version in range(1, n + 1):  # table n has n moves, a snapshot at 2 when n > 2
            async with store.transaction() as tx:
                await tx.advance_version(table_id, expected=version - 1, new=version)
                await tx.append_action(
                    table_id, version=version, seat=0, action=f"t{n} m{version}",
                    request_id=f"r{version}", user_id=100 + n,
                )
                if version == 2:
                    await tx.put_snapshot(table_id, 2, {"table": n, "at": 2})
    asked = [(t, n) for n, t in enumerate(tables)] + [(tables[5], 1), (tables[5], 5), (999, 0)]
    found = await asyncio.gather(*(store.replay_source(t, v) for t, v in asked))

    assert found[-1] is None
    for (table_id, version), source in zip(asked[:-1], found[:-1], strict=True):
        n = tables.index(table_id)
        base = 2 if version >= 2 else 0
        assert source is not None
        assert source.snapshot.table_id == table_id and source.snapshot.version == base
        assert source.snapshot.state == ({"table": n, "at": 2} if base else {"table": n})
        assert [m.action for m in source.after] == [
            f"t{n} m{v}" for v in range(base + 1, version + 1)
        ]


async def test_a_corrupt_snapshot_fails_only_its_own_tables_read(store: Store) -> None:
    tables = [await new_table(store, host=100 + n) for n in range(8)]
    async with store.transaction() as tx:
        for n, table_id in enumerate(tables):
            await tx.put_snapshot(table_id, 0, {"table": n})
        # a row damaged outside the bot: its state is not JSON any more (the last table's, so
        # that on a backend that groups reads it is read together with others)
        await tx._db.execute(
            "UPDATE snapshots SET state = ? WHERE table_id = ?", ("{not json", tables[-1])
        )
    found = await asyncio.gather(
        *(store.replay_source(t, 0) for t in tables), return_exceptions=True
    )

    assert isinstance(found[-1], ValueError)
    for n, source in enumerate(found[:-1]):
        assert not isinstance(source, BaseException) and source is not None, (n, source)
        assert source.snapshot.state == {"table": n}
