"""A PostgreSQL database for tests, on the server named by ``TEST_POSTGRES_URL``, which
``make test`` and ``.ci/run`` set after starting a throwaway cluster (``.ci/with-postgres``).
Without it the PostgreSQL tests are skipped, saying how to get one.

Each test gets a schema of its own. Migrating a new schema takes a fifth of a second or
more, so a schema a test is done with is emptied (TRUNCATE) and handed to the next test;
``empty_schema`` gives one never migrated, for the migration tests."""

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

_free: list[str] = []  # migrated schemas, emptied, waiting for a test
made: list[str] = []  # every schema made here, dropped when the session ends


def server_url() -> str:
    url = os.environ.get(URL_VARIABLE, "")
    if not url:
        if os.environ.get("CARAVANSERAI_REQUIRE_POSTGRES"):
            pytest.fail(HOW_TO_INSTALL)  # continuous integration runs them or fails
        pytest.skip(HOW_TO_INSTALL)
    return url


def with_schema(url: str, schema: str) -> str:
    """The URL with ``search_path`` set, so everything it opens lives in ``schema``."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    query.append(("search_path", schema))
    return urlunsplit(parts._replace(query=urlencode(query)))


async def empty_schema() -> AsyncIterator[str]:
    """A URL on a new schema with nothing in it, dropped afterwards."""
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


async def reused_schema() -> AsyncIterator[str]:
    """A URL on a schema of its own that may already be migrated, with no rows in it."""
    import asyncpg

    url = server_url()
    if _free:
        schema = _free.pop()
    else:
        schema = f"test_{uuid.uuid4().hex[:12]}"
        made.append(schema)
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(f"CREATE SCHEMA {schema}")
        finally:
            await conn.close()
    yield with_schema(url, schema)
    conn = await asyncpg.connect(url, server_settings={"lock_timeout": "5s"})
    try:
        tables = [
            f"{schema}.{row[0]}"
            for row in await conn.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = $1"
                " AND tablename != 'schema_migrations'",
                schema,
            )
        ]
        if tables:
            await conn.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
        _free.append(schema)
    except asyncpg.PostgresError:
        pass  # still in use by something the test left behind: not handed on
    finally:
        await conn.close()


async def drop_schemas() -> None:
    import asyncpg

    conn = await asyncpg.connect(os.environ[URL_VARIABLE])
    try:
        for schema in made:
            await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await conn.close()
