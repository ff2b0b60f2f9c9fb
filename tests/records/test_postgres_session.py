"""The test session's own PostgreSQL server (tests/helpers/postgres_session.py), where none is given and
Debian's server is installed: none while no test needs it, then one for the whole session however
many pytest-xdist workers share it, stopped and removed when the session ends. Each check runs a
small pytest session of its own, with the suite's conftest, over the probes below."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from helpers import postgres_session

REPO = Path(__file__).resolve().parents[2]
PROBES = """
import os, pathlib, pytest
from helpers.records_stores import need_postgres


def running():  # the servers under this session's TMPDIR: .ci/postgres keeps each in DIR/data while it runs
    return sorted(str(pid) for pid in pathlib.Path(os.environ["TMPDIR"]).glob("*/data/postmaster.pid"))


@pytest.mark.parametrize("n", range(2))
def test_without_postgres(n):
    assert running() == []


@pytest.mark.parametrize("n", range(4))
def test_with_postgres(n, worker_id):
    import psycopg

    with psycopg.connect(need_postgres()) as conn:
        port, since = conn.execute("SELECT inet_server_port(), pg_postmaster_start_time()").fetchone()
    (pathlib.Path(os.environ["PROBED"]) / f"{worker_id}-{n}").write_text(f"{port} {since}")
"""


class Probes:
    """Runs pytest sessions over the probes (in ``folder``), with the suite's conftest, two
    workers, no server given, and a TMPDIR of their own (``temp``) that the server's user may
    enter (``.ci/postgres`` runs it as another user)."""

    def __init__(self, folder: Path, temp: Path) -> None:
        self.folder, self.temp, self.probed = folder, temp, folder / "probed"
        (folder / "test_probes.py").write_text(PROBES, encoding="utf-8")
        self.probed.mkdir()
        env = {key: value for key, value in os.environ.items() if not key.startswith("TRIPEAKS_POSTGRES")}
        env |= {"TMPDIR": str(temp), "PROBED": str(self.probed)}
        env["PYTHONPATH"] = os.pathsep.join([str(REPO / "tests"), str(REPO), env.get("PYTHONPATH", "")])
        self.env = env

    def run(self, tests: str) -> subprocess.CompletedProcess:
        args = ["-m", "pytest", "-p", "conftest", "-p", "no:cacheprovider", "-n", "2", f"test_probes.py::{tests}"]
        return subprocess.run(
            [sys.executable, *args], cwd=self.folder, env=self.env, capture_output=True, text=True, timeout=300
        )


@pytest.fixture
def probes(tmp_path):
    why = postgres_session.cannot_start()
    if why:
        pytest.skip(why)
    temp = Path(tempfile.mkdtemp(prefix="tripeaks-test-session-"))
    temp.chmod(0o755)
    try:
        yield Probes(tmp_path, temp)
    finally:
        shutil.rmtree(temp, ignore_errors=True)


def test_no_server_is_started_while_no_test_needs_one(probes):
    done = probes.run("test_without_postgres")
    assert done.returncode == 0, done.stdout[-3000:]
    assert "2 passed" in done.stdout
    assert "PostgreSQL: none given; the first test that needs one starts a throwaway server" in done.stdout
    assert list(probes.temp.glob("tripeaks-pg*")) == []  # and the session's folder is gone


def test_one_server_serves_every_worker_and_is_stopped_at_the_end(probes):
    done = probes.run("test_with_postgres")
    assert done.returncode == 0, done.stdout[-3000:]
    assert "4 passed" in done.stdout and "skipped" not in done.stdout
    probed = {path.name: path.read_text() for path in probes.probed.iterdir()}
    workers = {name.split("-")[0] for name in probed}
    assert len(probed) == 4 and len(workers) == 2, probed  # both workers ran PostgreSQL tests
    assert len(set(probed.values())) == 1, probed  # on one server: one port, one start time
    assert list(probes.temp.glob("tripeaks-pg*")) == []  # stopped, and its folders removed
