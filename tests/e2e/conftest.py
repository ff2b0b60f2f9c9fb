"""Fixtures for the browser tests: one JupyterLab server and one Chromium per session; the
other hosts (Notebook 7, Voila, marimo: hostdriver.py) start once per test module.

Without Debian's Chromium (``/usr/bin/chromium``) these tests are skipped, unless
``TRIPEAKS_E2E=required`` is set: then a missing browser is a failure.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import re

import pytest
from helpers.labdriver import (
    ARTIFACTS,
    CHROMIUM,
    DEAL,
    IMPORT,
    STATE,
    VIEWPORT,
    Board,
    Notebook,
    chromium_available,
    launch_chromium,
    open_lab,
    screenshot,
    start_lab,
)

HERE = pathlib.Path(__file__).parent
REQUIRED = os.environ.get("TRIPEAKS_E2E", "").strip().lower() == "required"
# The session's Lab server, Chromium and Lab page: closed once the last browser test is done (a Lab
# page left open keeps its renderer busy while the rest of the suite runs), or at the session's end.
_session_hosts = contextlib.ExitStack()
_last_browser_test: list[str] = []


def pytest_collection_modifyitems(config, items):
    ours = [item for item in items if pathlib.Path(str(item.fspath)).is_relative_to(HERE)]
    for item in ours:
        item.add_marker(pytest.mark.e2e)


def pytest_collection_finish(session):
    """The last browser test that runs, found once ``-k`` and ``-m`` have deselected theirs."""
    ours = [item for item in session.items if pathlib.Path(str(item.fspath)).is_relative_to(HERE)]
    _last_browser_test[:] = [ours[-1].nodeid] if ours else []


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    yield
    # In a pytest-xdist worker, the collection's last browser test need not be the worker's last:
    # its hosts stay open until its session ends.
    if [item.nodeid] == _last_browser_test and not hasattr(item.config, "workerinput"):
        _session_hosts.close()


def pytest_sessionfinish(session):
    _session_hosts.close()  # when the last browser test was not run to its teardown


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
    return _session_hosts.enter_context(start_lab(tmp_path_factory.mktemp("notebooks")))


@pytest.fixture(scope="session")
def browser(e2e_ready):
    from playwright.sync_api import sync_playwright

    chromium = launch_chromium(_session_hosts.enter_context(sync_playwright()))
    _session_hosts.callback(chromium.close)
    return chromium


@pytest.fixture(scope="session")
def _lab_page(browser, lab):
    """One Chromium page with JupyterLab loaded once for the whole session; notebooks
    open and close inside it (a fresh Lab load costs seconds per test)."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(20_000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    pg.on("console", lambda msg: errors.append(f"console.error: {msg.text}") if msg.type == "error" else None)
    _session_hosts.callback(context.close)
    return {"page": pg, "errors": errors, "dirty": False, "board": None, "opened": 0}


@pytest.fixture
def page(_lab_page, lab, request):
    """The session's Lab page. A failing test leaves a screenshot and a reloaded Lab behind it;
    an uncaught exception in the page fails the test during which it happened."""
    pg = _lab_page["page"]
    if _lab_page["dirty"]:
        _lab_page["dirty"] = False
        _lab_page["board"] = None
        open_lab(pg, lab)
    seen = len(_lab_page["errors"])
    yield pg
    if getattr(request.node, "rep_call_failed", False):
        _lab_page["dirty"] = True
        ARTIFACTS.mkdir(exist_ok=True)
        with contextlib.suppress(Exception):
            pg.screenshot(path=str(ARTIFACTS / f"FAILED-{_slug(request.node.name)}.png"), full_page=True)
    new = [e for e in _lab_page["errors"][seen:] if e.startswith("pageerror")]
    if new:
        _lab_page["dirty"] = True
    assert not new, "uncaught errors in the page:\n" + "\n".join(new)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.rep_call_failed = report.failed


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text)[:80]


@pytest.fixture
def open_notebook(page, lab, _lab_page, request):
    """Write a notebook with these cells and open it in Lab (closing the one open before,
    and shutting its kernel down); wait for its kernel to be idle."""

    def opener(cells, name: str | None = None) -> Notebook:
        _lab_page["opened"] += 1
        name = name or f"{_lab_page['opened']:02d}-{_slug(request.node.name)}.ipynb"
        lab.write_notebook(name, cells)
        _lab_page["board"] = None
        return Notebook.open(page, lab, name)

    return opener


@pytest.fixture
def shot(page):
    """Save a screenshot of a locator (or the page) to tests/e2e/artifacts/<name>.png."""
    return lambda name, locator=None: screenshot(page, name, locator)


@pytest.fixture(scope="module")
def host_page(browser):
    """A page factory for the other hosts' tests: a fresh browser context per page, which keeps
    the page's uncaught exceptions in ``page.e2e_errors`` (see :func:`page_errors`); every
    context closes with the module."""
    contexts = []

    def make():
        context = browser.new_context(viewport=VIEWPORT)
        context.set_default_timeout(30_000)
        contexts.append(context)
        pg = context.new_page()
        pg.e2e_errors = []
        pg.on("pageerror", lambda exc: pg.e2e_errors.append(exc))
        return pg

    try:
        yield make
    finally:
        for context in contexts:
            context.close()


BOARD_CELLS = [IMPORT, DEAL, STATE]


@pytest.fixture
def board_nb(open_notebook, _lab_page):
    """A fresh widget on the reference deal TP1-E-AAAAAAB (cell 1), and a cell (2) that prints
    its Python state as JSON. Returns (notebook, board, python_state).

    The notebook and its kernel are shared by the tests that use this fixture: each gets a
    new widget by re-running cell 1, unless the notebook was changed or a test failed."""
    nb = _lab_page["board"]
    if nb is not None and nb.is_open() and nb.cell_sources() == [f"code:{c}" for c in BOARD_CELLS]:
        nb.cell(1).locator(".tp-root").evaluate_all("els => els.forEach(e => e.setAttribute('data-e2e-stale', ''))")
        nb.run(1)
    else:
        nb = open_notebook(BOARD_CELLS, name=f"{_lab_page['opened'] + 1:02d}-board.ipynb")
        nb.run(0, 1)
        _lab_page["board"] = nb
    root = nb.cell(1).locator(".tp-root:not([data-e2e-stale])")
    root.wait_for(state="visible")
    board = Board(root)
    board.card("K♣").wait_for(state="visible")

    def python_state() -> dict:
        nb.run(2)
        text = nb.output_text(2).strip()
        return json.loads(text.splitlines()[-1])

    return nb, board, python_state
