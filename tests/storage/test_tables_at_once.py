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
