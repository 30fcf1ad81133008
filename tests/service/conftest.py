"""A real service on a real SQLite file, playing the real Targi engine."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.service import MoveResult, TableService
from storage import Store, open_store
from tests.storage.conftest import FakeClock

GUILD = 900_000_000_000_000_001
CHANNEL = 900_000_000_000_000_002
HOST, GUEST, OUTSIDER = 101, 202, 303
SEED = 20_260_301

OpenService = Callable[..., Awaitable[TableService]]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'service.db'}"


@pytest.fixture
async def open_service(db_url: str, clock: FakeClock) -> AsyncIterator[OpenService]:
    """Opens services on the same database file; each has its own store (like a process)."""
    stores: list[Store] = []

    async def _open(**options: object) -> TableService:
        store = await open_store(db_url, clock=clock)
        stores.append(store)
        options.setdefault("seed_source", lambda: SEED)
        return TableService(store, clock=clock, **options)  # type: ignore[arg-type]

    yield _open
    for store in stores:
        await store.close()


@pytest.fixture
async def service(open_service: OpenService) -> TableService:
    return await open_service()


async def new_table(
    service: TableService, *, guest: int | None = GUEST, bot: str | None = None
) -> int:
    info = await service.create_table(
        "targi", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana"
    )
    if guest is not None:
        await service.join(info.id, guest, "Gus")
    if bot is not None:
        await service.add_agent(info.id, HOST, bot)
    return info.id


async def started_table(service: TableService, **kwargs: object) -> int:
    table_id = await new_table(service, **kwargs)  # type: ignore[arg-type]
    await service.start(table_id, HOST)
    return table_id


async def play_moves(
    service: TableService, table_id: int, count: int | None = None, *, seed: int = 7
) -> list[MoveResult]:
    """Submit ``count`` moves (or until the game ends) for whichever person must decide."""
    rng = random.Random(seed)
    results: list[MoveResult] = []
    while count is None or len(results) < count:
        loaded = await service.load(table_id)
        nxt = loaded.next
        if nxt is None:
            break
        assert nxt.user_id is not None, "an agent seat was left to decide"
        action = rng.choice(nxt.actions)
        results.append(
            await service.submit(
                table_id, nxt.user_id, action, f"req-{loaded.version}", loaded.version
            )
        )
    return results


# With SEED, Blue (the host, seat 0) places first. Blue goes on #5 Trader, #13 Caravan and #6,
# White on #2, #3 and #9: no marker, nothing revealed, and Blue then starts the action phase.
PLACEMENTS = ("place 5", "place 2", "place 13", "place 3", "place 6", "place 9")


async def move(service: TableService, table_id: int, user: int, text: str) -> int:
    """Submit ``text`` for ``user`` at the current version; returns the version after it."""
    version = (await service.info(table_id)).version
    result = await service.submit(table_id, user, text, f"{text}@{version}", version)
    return result.final.version


async def placed(service: TableService) -> int:
    """A started table where both have placed and Blue (the host) chooses an action."""
    table_id = await started_table(service)
    for i, text in enumerate(PLACEMENTS):
        await move(service, table_id, HOST if i % 2 == 0 else GUEST, text)
    loaded = await service.load(table_id)
    assert loaded.next is not None and loaded.next.user_id == HOST
    assert loaded.next.kind == "action_menu" and "use 5" in loaded.next.actions
    return table_id
