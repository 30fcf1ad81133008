"""The backend fixture: every test in this folder is a contract test run once per backend.

A new backend joins by adding its name to BACKENDS and a branch in ``db_url`` (skipping when
its server is not available); the tests themselves stay as they are.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from storage import Store, open_store

BACKENDS = ["sqlite", "postgres"]


class FakeClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    if request.param == "postgres":
        return str(request.getfixturevalue("postgres_url"))  # skipped without a server
    raise AssertionError(request.param)


OpenStore = Callable[[], Awaitable[Store]]


@pytest.fixture
async def open_db(db_url: str, clock: FakeClock) -> AsyncIterator[OpenStore]:
    """Opens (and at teardown closes) stores on the same database, for reopen tests."""
    opened: list[Store] = []

    async def _open() -> Store:
        store = await open_store(db_url, clock=clock)
        opened.append(store)
        return store

    yield _open
    for store in opened:
        await store.close()


@pytest.fixture
async def store(open_db: OpenStore) -> Store:
    return await open_db()
