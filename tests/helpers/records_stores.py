"""Where the records tests keep their stores: an SQLite file, and a PostgreSQL database.

``location`` is a parametrised fixture, so a test that takes it (or ``store``) runs on both.
The PostgreSQL store is a fresh schema of the database at ``$TRIPEAKS_POSTGRES_URL`` (``.ci/run``
starts a server and sets it; ``.ci/postgres start DIR`` does the same by hand), or else of the
session's own server (``postgres_session``), dropped after the test. Without a server those
tests skip, except under ``TRIPEAKS_POSTGRES=required``, where a skip is a failure.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import pytest

from helpers import postgres_session
from helpers.postgres_session import CI_POSTGRES
from tripeaks_widget.records import HAND, Records

POSTGRES_URL = os.environ.get("TRIPEAKS_POSTGRES_URL", "").strip()
POSTGRES_REQUIRED = os.environ.get("TRIPEAKS_POSTGRES", "").strip().lower() == "required"
BACKENDS = ("sqlite", "postgresql")


def need_postgres() -> str:
    """The server's URL (the one given, or the session's own, started now if need be), or a skip
    (a failure under TRIPEAKS_POSTGRES=required)."""
    why = None
    try:
        url = POSTGRES_URL or postgres_session.url()
    except RuntimeError as error:
        url, why = "", str(error)
    if why is None and not url:
        why = f"no PostgreSQL server: none given (TRIPEAKS_POSTGRES_URL), and {postgres_session.cannot_start()}"
    elif why is None:
        try:
            import psycopg

            psycopg.connect(url, connect_timeout=5).close()
        except Exception as error:
            why = f"the PostgreSQL server at TRIPEAKS_POSTGRES_URL cannot be reached: {type(error).__name__}"
    if why:
        if POSTGRES_REQUIRED:
            pytest.fail(f"TRIPEAKS_POSTGRES=required, but {why}")
        pytest.skip(why)
    return url


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
        # A connection a failed test left in a transaction would hold its locks, and the drop would
        # wait on it for ever: it fails the teardown within a minute instead.
        self.admin.execute("SET lock_timeout = '60s'")
        self.admin.execute(f"DROP SCHEMA {self.name} CASCADE")
        self.admin.close()


def rows(table) -> list[dict]:
    """A leaderboard's rows as dicts of plain values, whether a ``pandas.DataFrame`` or the plain list."""
    if not hasattr(table, "to_dict"):
        return table
    return [{k: v.item() if hasattr(v, "item") else v for k, v in row.items()} for row in table.to_dict("records")]


def by_hand(store, game, **options):
    """Record ``game`` as a board records one played by hand (clicks and keys): its notices."""
    return store.submit(game, category=HAND, **options).result(30)


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


# -- a server of the test's own, to stop, pause and restart ----------------------------------------


class OwnServer:
    """A throwaway PostgreSQL server of its own (``.ci/postgres``), which a test may stop, start
    again, restart, or pause (SIGSTOP) without touching the suite's shared one."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.url = self._run("start").strip().splitlines()[-1]

    def _run(self, action: str) -> str:
        done = subprocess.run([str(CI_POSTGRES), action, str(self.folder)], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f".ci/postgres {action} failed: {done.stderr.strip()}")
        return done.stdout

    def down(self) -> None:
        self._run("down")

    def up(self) -> None:
        self._run("up")

    def restart(self) -> None:
        self._run("restart")

    def stop(self) -> None:
        self._run("stop")

    def fresh(self) -> str:
        """The URL of a new, empty schema on this server, for one test's store."""
        import psycopg

        name = f"test_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return with_schema(self.url, name)

    def postmaster(self) -> int:
        return int((self.folder / "data" / "postmaster.pid").read_text().split()[0])

    def backends(self, application: str = "tripeaks-widget") -> list[int]:
        """The server processes of the connections an application holds."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
            rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE application_name = %s", (application,))
            return [row[0] for row in rows]

    @contextmanager
    def paused(self, pids):
        """The processes ``pids`` stopped (SIGSTOP) inside the block, and always let go after it."""
        pids = list(pids)
        try:
            for pid in pids:
                os.kill(pid, signal.SIGSTOP)
            yield pids
        finally:
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGCONT)
                except ProcessLookupError:
                    pass


def postgres_binaries() -> bool:
    """Whether a throwaway server can be started here."""
    return postgres_session.cannot_start() is None


@pytest.fixture(scope="module")
def own_server(tmp_path_factory):
    """A PostgreSQL server of this test module's own (skips without PostgreSQL installed, except
    under TRIPEAKS_POSTGRES=required)."""
    why = postgres_session.cannot_start()
    if why:
        if POSTGRES_REQUIRED:
            pytest.fail(f"TRIPEAKS_POSTGRES=required, but {why}")
        pytest.skip(f"no server of this module's own: {why}")
    server = OwnServer(Path(tempfile.mkdtemp(prefix="tripeaks-pg-")))
    try:
        yield server
    finally:
        server.stop()


def within(seconds: float, job, what: str = "the call"):
    """``job()`` run in a thread of its own, which must end within ``seconds``: a call that hangs
    fails the test instead of the suite. Returns its answer or raises its error."""
    answer: dict = {}

    def run():
        try:
            answer["value"] = job()
        except BaseException as error:
            answer["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    started = time.monotonic()
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"{what} did not return within {seconds:g} s")
    answer["took"] = time.monotonic() - started
    if "error" in answer:
        raise answer["error"]
    return answer["value"]


@pytest.fixture
def class_store(postgres, tmp_path):
    """A store set up by the command, with a players' role and two students: (players' URL,
    {student: URL}, the owner's URL)."""
    with made_class_store(postgres, tmp_path) as made:
        yield made


@contextmanager
def made_class_store(postgres, tmp_path):
    """What ``class_store`` gives, in the schema ``postgres`` (a ``PostgresSchema``)."""
    role = f"tp_{uuid.uuid4().hex[:8]}"
    names = [f"{role}_ana", f"{role}_bob"]
    (tmp_path / "students.txt").write_text("\n".join(names) + "\n")
    done = run_setup(postgres.url, "--role", role, "--students", str(tmp_path / "students.txt"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    students = dict(line.split("\t") for line in lines[:-1])
    assert sorted(students) == names and lines[-1].startswith("postgresql://")
    owner_password = postgres.url.split("://", 1)[1].split("@", 1)[0].split(":", 1)[1]
    assert owner_password not in done.stdout
    try:
        yield lines[-1], students, postgres.url
    finally:
        postgres.admin.execute(f"DROP SCHEMA {postgres.name} CASCADE")
        postgres.admin.execute(f"CREATE SCHEMA {postgres.name}")  # the fixture drops it again
        for name in [*names, f"{role}_students", f"{role}_writer", role]:
            postgres.admin.execute(f'DROP ROLE IF EXISTS "{name}"')


def run_setup(url: str, *args: str) -> subprocess.CompletedProcess:
    """``python -m tripeaks_widget.records setup URL ARGS``, as a teacher's script runs it."""
    return subprocess.run(
        [sys.executable, "-m", "tripeaks_widget.records", "setup", url, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": ":".join(sys.path), "PATH": "/usr/bin:/bin"},
    )


def connect_as(url):
    import psycopg

    return psycopg.connect(url, autocommit=True, connect_timeout=5)


GOOD_ROW = {
    "player": "ana",
    "rules": "easy",
    "number": 1,
    "outcome": "blocked",
    "cards_left": 22,
    "moves": 9,
    "score": 100,
    "draws": 3,
    "longest_run": 2,
    "assists": "",
    "finished_at": "2026-12-03T16:00:00+00:00",
    "category": "hand",
    "layout": "THREE-PEAKS",
    "token": "0" * 32,
}


def call_record(conn, **changed):
    from tripeaks_widget.records import writes

    row = GOOD_ROW | changed
    return conn.execute(
        f"SELECT stored FROM tripeaks_record({', '.join(['%s'] * len(writes.WRITTEN))})",
        tuple(row[c] for c in writes.WRITTEN),
    ).fetchone()


def role_url(base: str, user: str, password: str, database: str) -> str:
    parts = urlsplit(base)
    netloc = f"{quote(user, safe='')}:{quote(password, safe='')}@{parts.netloc.rsplit('@', 1)[-1]}"
    return urlunsplit((parts.scheme, netloc, f"/{database}", "", ""))


@pytest.fixture
def school():
    """A database of its own, owned by a new role: ``make(options)`` makes the role (``options``
    as CREATE ROLE takes them) and gives its URL; everything is dropped after the test."""
    base = need_postgres()
    prefix = f"tp_{uuid.uuid4().hex[:8]}"
    database = f"{prefix}_school"
    made: list[str] = []

    def make(options: str, owns: bool = True) -> str:
        user, password = f"{prefix}_teacher{len(made)}", uuid.uuid4().hex
        with connect_as(base) as conn:
            conn.execute(f"CREATE ROLE \"{user}\" {options} PASSWORD '{password}'")
            made.append(user)
            if len(made) == 1:
                conn.execute(f'CREATE DATABASE "{database}" OWNER "{user if owns else "tripeaks"}"')
        return role_url(base, user, password, database)

    try:
        yield prefix, make
    finally:
        with connect_as(base) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
            rows = conn.execute("SELECT rolname FROM pg_roles WHERE rolname LIKE %s", (f"{prefix}%",)).fetchall()
            for (name,) in rows:
                conn.execute(f'DROP ROLE IF EXISTS "{name}"')
