"""What is particular to the in-memory backend: private and named databases, no aliasing."""

from __future__ import annotations

from storage import open_store


async def test_unnamed_memory_stores_are_private_and_named_ones_shared() -> None:
    private, other = await open_store("memory://"), await open_store("memory://")
    named, same = await open_store("memory://shared-test"), await open_store("memory://shared-test")
    for store in (private, named):
        async with store.transaction() as tx:
            await tx.create_table(
                game="targi", guild_id=1, channel_id=2, host_id=3, seed=4, options={"a": [1]}
            )
    assert len(await private.list_tables()) == 1 and await other.list_tables() == []
    assert len(await same.list_tables()) == 1


async def test_changing_a_returned_record_does_not_change_the_store() -> None:
    store = await open_store("memory://")
    async with store.transaction() as tx:
        table_id = await tx.create_table(
            game="targi", guild_id=1, channel_id=2, host_id=3, seed=4, options={"a": [1]}
        )
        await tx.put_snapshot(table_id, 0, {"deck": [1, 2]})
        await tx.enqueue(table_id, version=0, kind="start", payload={"seats": [1]})
    table = await store.get_table(table_id)
    snapshot = await store.get_snapshot(table_id)
    assert table is not None and snapshot is not None
    table.options["a"].append(2)
    snapshot.state["deck"].clear()
    (await store.pending_outbox())[0].payload["seats"].append(9)
    again = await store.get_table(table_id)
    assert again is not None and again.options == {"a": [1]}
    assert (await store.get_snapshot(table_id)).state == {"deck": [1, 2]}  # type: ignore[union-attr]
    assert (await store.pending_outbox())[0].payload == {"seats": [1]}
