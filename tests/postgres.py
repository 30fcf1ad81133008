"""A PostgreSQL database for tests: one fresh schema per test on the server named by
``TEST_POSTGRES_URL``, which ``make test`` and ``.ci/run`` set after starting a throwaway
cluster (``.ci/with-postgres``). Without it the PostgreSQL tests are skipped, saying how to
get one."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest

URL_VARIABLE = "TEST_POSTGRES_URL"
HOW_TO_INSTALL = (
    f"no PostgreSQL server for the tests: {URL_VARIABLE} is not set. Install PostgreSQL "
    "(Debian/Ubuntu: apt-get install postgresql) and run `make test`, which starts a "
    f"throwaway cluster, or set {URL_VARIABLE}=postgresql://user@host/database"
)


def server_url() -> str:
    url = os.environ.get(URL_VARIABLE, "")
    if not url:
        pytest.skip(HOW_TO_INSTALL)
    return url


def with_schema(url: str, schema: str) -> str:
    """The URL with ``search_path`` set, so everything it opens lives in ``schema``."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    query.append(("search_path", schema))
    return urlunsplit(parts._replace(query=urlencode(query)))


async def fresh_schema() -> AsyncIterator[str]:
    """A URL whose tables live in a new, empty schema, dropped afterwards."""
    import asyncpg

    url = server_url()
    schema = f"test_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
        yield with_schema(url, schema)
        await conn.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await conn.close()
