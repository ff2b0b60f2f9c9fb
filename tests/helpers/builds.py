"""The two builds of the searches, as the tests run them: a mark for tests that need the compiled
one, and a Python process with either build."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tripeaks_widget import _builds, solver

REPO = Path(__file__).resolve().parents[2]


needs_compiled = pytest.mark.skipif(
    solver.BACKEND != "compiled" and os.environ.get("TRIPEAKS_COMPILED") != "required",
    reason="the compiled search is not built here (no C compiler when installed)",
)


def run_python(code: str, pure: bool, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != _builds.FORCE_VARIABLE}
    if pure:
        env[_builds.FORCE_VARIABLE] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(REPO / "tests"), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, *(["-c", code] if code else []), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=timeout,
    )
