"""Fixtures for the browser tests: one JupyterLab server and one Chromium per session.

Without Debian's Chromium (``/usr/bin/chromium``) these tests are skipped, unless
``TRIPEAKS_E2E=required`` is set: then a missing browser is a failure.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import urllib.request

import pytest

from labdriver import CHROMIUM, DEAL, IMPORT, STATE, Board, Notebook, chromium_available, launch_chromium, start_lab

HERE = pathlib.Path(__file__).parent
ARTIFACTS = HERE / "artifacts"
REQUIRED = os.environ.get("TRIPEAKS_E2E", "").strip().lower() == "required"
VIEWPORT = {"width": 1280, "height": 1000}

def pytest_collection_modifyitems(config, items):
    for item in items:
        if pathlib.Path(str(item.fspath)).is_relative_to(HERE):
            item.add_marker(pytest.mark.e2e)


def _unavailable(reason: str):
    if REQUIRED:
        pytest.fail(f"TRIPEAKS_E2E=required, but {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason} (set TRIPEAKS_E2E=required to make this a failure)")


@pytest.fixture(scope="session")
def e2e_ready():
    if not chromium_available():
        _unavailable(f"Debian's Chromium is not at {CHROMIUM} (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _unavailable("the Python package 'playwright' is not installed (pip install -e '.[test]')")
    return True


@pytest.fixture(scope="session")
def lab(e2e_ready, tmp_path_factory):
    server = start_lab(tmp_path_factory.mktemp("notebooks"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser(e2e_ready):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = launch_chromium(p)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser, lab, request):
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(20_000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    pg.on("console", lambda msg: errors.append(f"console.error: {msg.text}") if msg.type == "error" else None)
    pg.errors = errors
    yield pg
    try:
        if getattr(request.node, "rep_call_failed", False):
            ARTIFACTS.mkdir(exist_ok=True)
            pg.screenshot(path=str(ARTIFACTS / f"FAILED-{_slug(request.node.name)}.png"), full_page=True)
    finally:
        context.close()
        _shutdown_kernels(lab)
    # Uncaught exceptions in the page (the widget's or Lab's) fail the test that caused them.
    widget_errors = [e for e in errors if e.startswith("pageerror")]
    assert not widget_errors, "errors in the page:\n" + "\n".join(widget_errors)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.rep_call_failed = report.failed


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text)[:80]


def _shutdown_kernels(lab) -> None:
    try:
        with urllib.request.urlopen(f"{lab.url}/api/sessions", timeout=5) as reply:
            sessions = json.load(reply)
        for s in sessions:
            req = urllib.request.Request(f"{lab.url}/api/sessions/{s['id']}", method="DELETE")
            urllib.request.urlopen(req, timeout=10).close()
    except Exception:  # best effort: the server goes away at the end of the session anyway
        pass


@pytest.fixture
def open_notebook(page, lab, request):
    """Write a notebook with these cells, open it in Lab, and wait for its kernel to be idle."""

    def opener(cells, name: str | None = None) -> Notebook:
        name = name or f"{_slug(request.node.name)}.ipynb"
        lab.write_notebook(name, cells)
        return Notebook.open(page, lab, name)

    return opener


@pytest.fixture
def shot(page):
    """Save a screenshot of a locator (or the page) to tests/e2e/artifacts/<name>.png."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(name: str, locator=None) -> pathlib.Path:
        path = ARTIFACTS / f"{name}.png"
        page.wait_for_timeout(350)  # let the card animations (240-260 ms) finish
        if locator is None:
            page.screenshot(path=str(path))
        else:
            locator.screenshot(path=str(path))
        return path

    return take


@pytest.fixture
def board_nb(open_notebook):
    """The reference deal TP1-E-AAAAAAB shown once, with a cell (index 2) that prints the
    Python state as JSON. Returns (notebook, board, python_state)."""
    nb = open_notebook([IMPORT, DEAL, STATE])
    nb.run(0, 1)
    root = nb.cell(1).locator(".tp-root")
    root.wait_for(state="visible")
    board = Board(root)
    board.card("K♣").wait_for(state="visible")

    def python_state() -> dict:
        nb.run(2)
        text = nb.output_text(2).strip()
        return json.loads(text.splitlines()[-1])

    return nb, board, python_state
