"""Root test configuration: the repository is importable, the test-only toy game is installed
(through the same discovery every game uses), and library chatter stays quiet."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

for noisy in ("discord", "aiosqlite", "asyncio", "PIL", "simcord"):
    logging.getLogger(noisy).setLevel(logging.WARNING)


TEST_GAMES = "tests.toygame"
_extra = [n for n in os.environ.get("CARAVANSERAI_GAMES", "").split(",") if n.strip()]
os.environ["CARAVANSERAI_GAMES"] = ",".join(dict.fromkeys([*_extra, TEST_GAMES]))
os.environ.setdefault("PYTHONPATH", str(ROOT))  # lets the CLI in a subprocess find tests.toygame

from games.core import discovery  # noqa: E402  (after the environment names the test game)

discovery.rediscover()


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    """A PostgreSQL URL on a schema of its own, without rows (skipped without a server)."""
    from tests.postgres import reused_schema

    async for url in reused_schema():
        yield url


@pytest.fixture
async def empty_postgres_url() -> AsyncIterator[str]:
    """A PostgreSQL URL on a new schema that has not been migrated."""
    from tests.postgres import empty_schema

    async for url in empty_schema():
        yield url


def pytest_sessionfinish(session: pytest.Session) -> None:
    from tests import postgres

    if postgres.made:
        import asyncio

        asyncio.run(postgres.drop_schemas())


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Which engine modules ran compiled (setup.py): the form these tests checked."""
    from bot import engine_build

    names = engine_build.compiled()
    terminalreporter.write_line(
        f"engines compiled with mypyc: {', '.join(names)}" if names else "engines: pure Python")
