"""The test session's own PostgreSQL server, where none is given (``TRIPEAKS_POSTGRES_URL``) and
Debian's server is installed: started by the first test that needs it, in whichever pytest-xdist
worker, shared by every worker (a lock file in the session's folder), and stopped when the
session ends. Standard library only: ``conftest.py`` uses it before the package is imported."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

CI_POSTGRES = Path(__file__).resolve().parents[2] / ".ci" / "postgres"
FOLDER = "TRIPEAKS_POSTGRES_SESSION"  # the session's folder for its server, which its workers inherit


def cannot_start() -> str | None:
    """Why no throwaway server can be started here, or None."""
    if not any(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        return "Debian's PostgreSQL server is not installed (apt-get install postgresql)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "as root the server runs as another user, and runuser is missing"
    return None


def begin() -> Path | None:
    """At the session's start, in pytest's main process: where no server is given, a folder for
    the session's own, which the workers inherit; the session owns it (``end``). None where a
    server is given, one cannot be started, or an enclosing session's folder is inherited."""
    if os.environ.get("TRIPEAKS_POSTGRES_URL", "").strip() or FOLDER in os.environ or cannot_start():
        return None
    folder = Path(tempfile.mkdtemp(prefix="tripeaks-pg-session-"))
    os.environ[FOLDER] = str(folder)
    return folder


def url() -> str:
    """The URL of the session's own server, started now if no test has needed it yet; "" when the
    session has none. Raises ``RuntimeError`` saying why, when it could not be started."""
    folder_path = Path(os.environ.get(FOLDER, ""))
    if not os.environ.get(FOLDER) or not folder_path.is_dir():
        return ""
    with open(folder_path / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one start for every worker; released when the file closes
        said, failed = folder_path / "url", folder_path / "failed"
        if not said.exists() and not failed.exists():
            server = tempfile.mkdtemp(prefix="tripeaks-pg-")  # its own: the server's user may not enter ours
            (folder_path / "server").write_text(server, encoding="utf-8")
            done = subprocess.run([str(CI_POSTGRES), "start", server], capture_output=True, text=True, timeout=120)
            if done.returncode == 0:
                said.write_text(done.stdout.strip().splitlines()[-1], encoding="utf-8")
            else:
                failed.write_text(" ".join(done.stderr.split())[-300:], encoding="utf-8")
        if failed.exists():
            said_why = failed.read_text(encoding="utf-8")
            raise RuntimeError(f"the session's own PostgreSQL server did not start: {said_why}")
        return said.read_text(encoding="utf-8")


def end(folder: Path) -> None:
    """At the session's end: stop its server, if a test started it, and remove its folder."""
    if (folder / "server").exists():
        server = (folder / "server").read_text(encoding="utf-8")
        subprocess.run([str(CI_POSTGRES), "stop", server], capture_output=True, timeout=120)
    shutil.rmtree(folder, ignore_errors=True)


def header() -> str:
    """What the session's PostgreSQL tests run against, for the top of pytest's report."""
    if os.environ.get("TRIPEAKS_POSTGRES_URL", "").strip():
        return "PostgreSQL: the server at TRIPEAKS_POSTGRES_URL"
    if FOLDER in os.environ:
        return "PostgreSQL: none given; the first test that needs one starts a throwaway server, stopped at the end"
    return f"PostgreSQL: none given, and {cannot_start()}: the PostgreSQL tests skip (see README)"
