"""The front end's own checks, run from the one test command: the JS unit tests (``node --test``)
and the check that the files shipped in ``tripeaks_widget/static`` are what ``js/src`` builds."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "js"
NPM = shutil.which("npm")

if NPM is None and os.environ.get("TRIPEAKS_E2E") != "required":
    pytest.skip("Node.js and npm are needed for the front-end tests", allow_module_level=True)


def npm(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([NPM, *args], cwd=JS, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def installed():
    lock = JS / "package-lock.json"
    stamp = JS / "node_modules" / ".package-lock.json"
    if not stamp.exists() or stamp.stat().st_mtime < lock.stat().st_mtime:
        done = npm("ci", "--no-audit", "--no-fund")
        assert done.returncode == 0, done.stdout + done.stderr


def test_js_unit_tests_pass(installed):
    done = npm("test")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert "# fail 0" in done.stdout


def test_shipped_bundle_is_what_the_sources_build(installed):
    done = npm("run", "check")
    assert done.returncode == 0, done.stdout + done.stderr


def test_js_type_checks(installed):
    """``tsc --checkJs`` over js/src: the front end reads the snapshot as its generated types say."""
    done = npm("run", "typecheck")
    assert done.returncode == 0, done.stdout + done.stderr
