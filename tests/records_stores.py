"""Where the records tests keep their stores: an SQLite file, and a PostgreSQL database.

``location`` is a parametrised fixture, so a test that takes it (or ``store``) runs on both.
The PostgreSQL store is a fresh schema of the database at ``$TRIPEAKS_POSTGRES_URL`` (``.ci/run``
starts a server and sets it; ``.ci/postgres start DIR`` does the same by hand), dropped after
the test. Without a server those tests skip, except under ``TRIPEAKS_POSTGRES=required``,
where a skip is a failure.
"""

from __future__ import annotations

import os
import uuid
from urllib.parse import quote

import pytest

from tripeaks_widget.records import Records

POSTGRES_URL = os.environ.get("TRIPEAKS_POSTGRES_URL", "").strip()
POSTGRES_REQUIRED = os.environ.get("TRIPEAKS_POSTGRES", "").strip().lower() == "required"
BACKENDS = ("sqlite", "postgresql")


def need_postgres() -> str:
    """The server's URL, or a skip (a failure under TRIPEAKS_POSTGRES=required)."""
    why = None
    if not POSTGRES_URL:
        why = "no PostgreSQL server: set TRIPEAKS_POSTGRES_URL (see .ci/postgres)"
    else:
        try:
            import psycopg

            psycopg.connect(POSTGRES_URL, connect_timeout=5).close()
        except Exception as error:
            why = f"the PostgreSQL server at TRIPEAKS_POSTGRES_URL cannot be reached: {type(error).__name__}"
    if why:
        if POSTGRES_REQUIRED:
            pytest.fail(f"TRIPEAKS_POSTGRES=required, but {why}")
        pytest.skip(why)
    return POSTGRES_URL


def with_schema(url: str, name: str) -> str:
    """The URL of the same database, with tables made and looked for in schema ``name``."""
    return f"{url}{'&' if '?' in url else '?'}options={quote(f'-csearch_path={name}')}"


class PostgresSchema:
    """A schema of its own in the test database: made on entry, dropped with its tables on exit."""

    def __init__(self) -> None:
        import psycopg

        self.base = need_postgres()
        self.name = f"test_{uuid.uuid4().hex[:12]}"
        self.admin = psycopg.connect(self.base, autocommit=True)
        self.admin.execute(f"CREATE SCHEMA {self.name}")
        self.url = with_schema(self.base, self.name)

    def connect(self):
        import psycopg

        return psycopg.connect(self.url, autocommit=True)

    def close(self) -> None:
        self.admin.execute(f"DROP SCHEMA {self.name} CASCADE")
        self.admin.close()


@pytest.fixture(params=BACKENDS)
def location(request, tmp_path):
    """Where a store is: an SQLite file's path, or a PostgreSQL URL (a fresh schema)."""
    if request.param == "sqlite":
        yield tmp_path / "records.sqlite3"
        return
    schema = PostgresSchema()
    try:
        yield schema.url
    finally:
        schema.close()


@pytest.fixture
def postgres():
    """A PostgreSQL schema of its own (skips without a server)."""
    schema = PostgresSchema()
    try:
        yield schema
    finally:
        schema.close()


@pytest.fixture
def store(location):
    with Records(location) as records:
        yield records
