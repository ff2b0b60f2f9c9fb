"""The JupyterLite site (``python -m tripeaks_widget.lite build``) in Chromium, with no network.

The site is built once for the module (the build fetches the Pyodide runtime from npm and the
wheels from PyPI, through their clients' own caches), served by ``python -m http.server`` on
127.0.0.1, and opened in a browser context where every request to another host is aborted and
recorded, and service workers are blocked (so every request passes the route). The notebook's
Python is Pyodide in the page's web worker: what the board shows after a click, a key or a
button came from there.

The time from opening the link to the first board, and the site's size, are written to
``tests/e2e/artifacts/lite.json`` and printed (measured, not asserted: speed belongs in
benchmarks); the size has its target (under 100 MB) asserted, as a budget.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
import time
import urllib.parse
import zipfile
from pathlib import Path

import nbformat
import pytest
from helpers.labdriver import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, SEL, STATE, Board, expect, screenshot, serve_folder

from tripeaks_widget import LAYOUTS, Game, challenges_of_the_day, i18n
from tripeaks_widget.board.assists import VERDICT_LOST_SOMETIME, VERDICT_NEVER, VERDICT_UNKNOWN, VERDICT_WINNABLE
from tripeaks_widget.lite import BROWSER_NOTEBOOKS, LiteBuildError, build_site
from tripeaks_widget.lite.site import KERNELSPEC, SITE_MARK, default_contents, size
from tripeaks_widget.play_page import BAD_LINK, page_words

MB = 1 << 20
LANGS = ("el", "he", "is", "en")
GOAL_DAYS = [("2026-05-01", "easy"), ("2026-01-01", "classic")]
CHECK = "check.ipynb"
CELLS = [
    'from tripeaks_widget import Game, TriPeaks\nw = TriPeaks("TP1-E-AAAAAAB", records=False)\nw',
    STATE,
    "import json, sys\n"
    's = Game("TP1-E-AAAAAAD").solve()\n'
    "print(json.dumps(dict(platform=sys.platform, winnable=s.winnable, complete=s.complete, line=len(s.line))))",
    *(f'w.lang = "{lang}"' for lang in LANGS),
    # the stock drawn out, then a run until no card fits: a blocked game to review
    'w.new_game("TP1-E-AAAAAAB")\nfor _ in range(23):\n    w.draw()\n'
    'w.replay(["K♣", "A♠", "2♦", "3♠", "4♠", "5♠"], pace=0)',
    # the game of the day and its challenges, from the browser's Python (pure Python there)
    "import json\nfrom tripeaks_widget import Game, challenges_of_the_day, solver\n"
    f"print(json.dumps([solver.BACKEND, {GOAL_DAYS!r}, [Game.of_the_day(d, r).number for d, r in {GOAL_DAYS!r}], "
    f"[c.text for c in challenges_of_the_day(*{GOAL_DAYS[0]!r})]]))",
]
PLAY_ASSISTS = "fair_hint,win_chance"  # what the teacher allows on the play page: no exact hint, no verdict
WON = "TP1-E-AAAAAJT"  # game 253, which the solver wins in 33 moves (few clicks)
FIGURES: dict = {}
# the kernel up and waiting, as the status bar shows it (the toolbar's indicator reads idle before there is one)
KERNEL_IDLE = (
    "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')].some((e) => /Pyodide.*Idle/.test(e.textContent))"
)
# cell i's prompt no longer reads what it did (and, if done, shows a number): looked up anew each time
PROMPT_LEFT = """([i, before, done]) => { const c = document.querySelectorAll('.jp-Notebook .jp-Cell')[i];
                                        const t = c ? c.querySelector('.jp-InputPrompt').textContent : before;
                                        return t !== before && (!done || /\\[\\d+\\]/.test(t)); }"""


@pytest.fixture(scope="module")
def site(e2e_ready, tmp_path_factory):
    contents = tmp_path_factory.mktemp("contents")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    # as a notebook saved in JupyterLab is: the build sets it to the site's kernel
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, contents / CHECK)
    for name in BROWSER_NOTEBOOKS:
        shutil.copyfile(default_contents() / name, contents / name)
    out = tmp_path_factory.mktemp("site")
    # an earlier site, with a file its build made and the new one lacks
    (out / SITE_MARK).write_text(json.dumps({"made": ["stale.txt", SITE_MARK]}))
    (out / "stale.txt").write_text("from an earlier build")
    started = time.perf_counter()
    report = build_site(out, contents=contents, assists=PLAY_ASSISTS, log=lambda line: None)
    FIGURES["build_seconds"] = round(time.perf_counter() - started, 1)
    FIGURES["report"] = report
    FIGURES["size_mb"] = round(size(out) / MB, 1)
    return out


@pytest.fixture(scope="module")
def served(site):
    with serve_folder(site) as url:
        yield url


@pytest.fixture(scope="module")
def offline(browser, served):
    """Pages that reach 127.0.0.1 only; ``requests`` records what they asked for. They are in a
    Chromium of its own, so the session's JupyterLab page, open in the other one, shares nothing
    with the site's kernel (in the full suite that kernel once never ran its first cell). Each page
    (``new_page()``) has a browser context of its own: JupyterLite keeps its workspace and files in
    the browser's storage, and a second page in one context reopened the first one's notebook, as
    autosaved, beside its own."""
    own = browser.browser_type.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    requests: dict[str, list[str]] = {"local": [], "refused": []}
    errors: list[str] = []

    def route(r):
        if urllib.parse.urlsplit(r.request.url).hostname == "127.0.0.1":
            requests["local"].append(r.request.url)
            r.continue_()
        else:
            requests["refused"].append(r.request.url)
            r.abort()

    def new_page(**options):
        options.setdefault("viewport", {"width": 1280, "height": 1000})
        context = own.new_context(service_workers="block", **options)
        context.set_default_timeout(30_000)
        context.route("**/*", route)
        page = context.new_page()
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        return page

    try:
        yield {"page": new_page(), "new_page": new_page, "requests": requests, "errors": errors, "url": served}
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "lite.json").write_text(json.dumps(FIGURES, indent=1))
        print("\nJupyterLite site:", json.dumps(FIGURES, indent=1))
        own.close()


def run_cell(page, index: int, timeout: float = 60_000) -> None:
    """Run one cell of the open notebook (click into it, Shift+Enter) and wait until it is done.

    The keys go once the kernel is idle: a run asked for while the notebook has no kernel yet
    (JupyterLab gives it one a moment after showing the cells) opens a "Select Kernel" dialog,
    which waits for a click. If the cell has not started within seconds, they go again."""
    from playwright.sync_api import TimeoutError as Timeout

    ends = time.monotonic() + timeout / 1000
    cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
    try:
        page.wait_for_function(KERNEL_IDLE, timeout=timeout)
        before = cell.locator(".jp-InputPrompt").text_content()
        for _ in range(3):
            cell.locator(".jp-InputArea-editor").click()
            page.keyboard.press("Shift+Enter")
            with contextlib.suppress(Timeout):  # started: "[*]", or a new number already
                page.wait_for_function(PROMPT_LEFT, arg=[index, before, False], timeout=5_000)
                break
        page.wait_for_function(PROMPT_LEFT, arg=[index, before, True], timeout=max(1.0, ends - time.monotonic()) * 1000)
    except Timeout as error:
        raise AssertionError(f"cell {index} did not run: {error}; {lab_state(page, index)}") from None


def lab_state(page, index: int) -> dict:
    """What JupyterLite shows of the cell and its kernel, and a screenshot of the page (for a failure's message)."""
    state = page.evaluate(
        """(i) => { const all = (s) => [...document.querySelectorAll(s)];
                    const text = (s) => all(s).map((e) => e.textContent.trim()).filter(Boolean);
                    const c = document.querySelectorAll('.jp-Notebook .jp-Cell')[i];
                    return { prompt: c && c.querySelector('.jp-InputPrompt').textContent.trim(),
                             kernel: text('.jp-KernelName'), status_bar: text('.jp-StatusBar-TextItem'),
                             toolbar: all('.jp-Notebook-ExecutionIndicator').map((e) => e.dataset.status),
                             dialogs: text('.jp-Dialog'), toasts: text('.Toastify__toast'),
                             focus: document.activeElement && document.activeElement.className }; }""",
        index,
    )
    state["screenshot"] = str(screenshot(page, f"FAILED-lite-cell-{index}"))
    return state


def output(page, index: int) -> str:
    return page.locator(".jp-Notebook .jp-Cell").nth(index).locator(".jp-OutputArea-output").last.inner_text()


def test_the_site_holds_everything_it_loads(site):
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs" and kernel["disablePyPIFallback"] is True
    runtime = site / "static" / "pyodide"
    lock = json.loads((runtime / "pyodide-lock.json").read_text())["packages"]
    shipped = {p.name for p in runtime.glob("*.whl")}
    assert {entry["file_name"] for entry in lock.values()} == shipped  # every entry is shipped, nothing else
    for entry in lock.values():
        assert hashlib.sha256((runtime / entry["file_name"]).read_bytes()).hexdigest() == entry["sha256"]
        assert set(entry["depends"]) <= lock.keys(), entry["name"]
    assert {"tripeaks-widget", "anywidget", "ipywidgets", "pyodide-kernel", "ipython"} <= lock.keys()
    # the modules come compiled for the site's Python: the others' bytecode in place of their
    # sources, this package's beside its sources (for its tracebacks)
    tag = "cpython-" + "".join(json.loads((runtime / "pyodide-lock.json").read_text())["info"]["python"].split(".")[:2])
    with zipfile.ZipFile(runtime / lock["ipython"]["file_name"]) as wheel:
        names = set(wheel.namelist())
    assert "IPython/__init__.pyc" in names and "IPython/__init__.py" not in names
    with zipfile.ZipFile(runtime / lock["tripeaks-widget"]["file_name"]) as wheel:
        names = set(wheel.namelist())
        record = wheel.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
    assert {"tripeaks_widget/widget.py", f"tripeaks_widget/__pycache__/widget.{tag}.pyc"} <= names
    assert {line.split(",")[0] for line in record.splitlines()} == names
    assert sorted(kernel["loadPyodideOptions"]["packages"]) == sorted(lock)
    assert {e["name"] for e in config["federated_extensions"]} == {
        "@jupyterlite/pyodide-kernel-extension",
        "anywidget",
        "@jupyter-widgets/jupyterlab-manager",
    }
    assert not (site / "stale.txt").exists()  # built clean, over an earlier site
    assert {p.name for p in (site / "files").iterdir()} == {CHECK, *BROWSER_NOTEBOOKS}
    for notebook in (site / "files").iterdir():  # no "Select Kernel" dialog: each names the site's kernel
        assert json.loads(notebook.read_text())["metadata"]["kernelspec"]["name"] == "python", notebook.name
    assert FIGURES["size_mb"] < 100, FIGURES["report"]


def test_the_sizes_the_how_to_gives_are_the_sites(site):
    """docs/howto/class-site.md says how large the site is and what takes the space: within 15% of
    what the build reports, or the page has gone stale."""
    page = (Path(__file__).parents[2] / "docs" / "howto" / "class-site.md").read_text(encoding="utf-8")
    said = " ".join(page.split())
    cited = {
        "site": r"the site is ([\d.]+) MB",
        "JupyterLab and the rest": r"JupyterLab ([\d.]+) MB",
        "Pyodide runtime": r"Pyodide runtime ([\d.]+) MB",
        "wheels": r"the wheels ([\d.]+) MB",
        "extensions": r"front-end extensions ([\d.]+) MB",
    }
    report = FIGURES["report"]
    built = {"site": float(re.search(r"\(([\d.]+) MB\)", report.splitlines()[0]).group(1))}
    built |= {name: float(value) for name, value in re.findall(r"^  (.+): ([\d.]+) MB$", report, re.M)}
    for part, pattern in cited.items():
        figure = float(re.search(pattern, said).group(1))
        assert abs(figure - built[part]) <= 0.15 * built[part], (
            f"the how-to says {part} {figure} MB; built: {built[part]}"
        )


def test_a_build_refuses_a_folder_that_is_not_a_site(tmp_path):
    (tmp_path / "notes.txt").write_text("keep me")
    with pytest.raises(LiteBuildError, match="not built by this command"):
        build_site(tmp_path, log=lambda line: None)
    assert (tmp_path / "notes.txt").read_text() == "keep me"
    with pytest.raises(LiteBuildError, match="is not a folder"):
        build_site(tmp_path / "new", contents=tmp_path / "missing", log=lambda line: None)
    (tmp_path / "empty").mkdir()
    with pytest.raises(LiteBuildError, match="holds no notebook"):
        build_site(tmp_path / "new", contents=tmp_path / "empty", log=lambda line: None)
    assert not (tmp_path / "new").exists()


def test_the_board_plays_in_the_browser_with_no_network(offline):
    page, url = offline["page"], offline["url"]
    started = time.perf_counter()
    page.goto(f"{url}/lab/index.html?path={CHECK}")
    page.wait_for_selector(".jp-Notebook .jp-Cell .jp-InputArea-editor")
    run_cell(page, 0, timeout=180_000)  # the kernel starts meanwhile: a cold start on a busy machine is slow
    root = page.locator(SEL["root"]).first
    root.locator(SEL["slot"]).first.wait_for()
    FIGURES["first_board_seconds"] = round(time.perf_counter() - started, 1)
    board = Board(root)
    assert (board.discard_card(), board.score(), board.stock_count()) == ("A♣", "500", "23")
    screenshot(page, "lite-board", root)

    board.card("K♣").click()  # the click goes to Python in the worker; the board shows what it answers
    # ... and, at once, the card in flight: the same bundle goes ahead of the worker's answer.
    expect(board.discard).to_have_attribute("data-card", "K♣", timeout=200)
    page.wait_for_function(f"() => document.querySelector('{SEL['score']}').textContent.trim() === '499'")
    assert (board.discard_card(), board.moves()) == ("K♣", "1")
    run_cell(page, 1)
    state = json.loads(output(page, 1))
    assert (state["discard"], state["score"], state["moves"]) == ("K♣", 499, 1)

    run_cell(page, 2, timeout=120_000)  # the solver, in the browser's Python
    solved = json.loads(output(page, 2))
    assert solved == {"platform": "emscripten", "winnable": True, "complete": True, "line": solved["line"]}
    assert solved["line"] > 0

    stock = board.root.locator(SEL["stock"])
    stock.focus()
    page.keyboard.press("d")  # a key: D draws
    page.wait_for_function(f"() => document.querySelector('{SEL['stock_count']}').textContent.trim() === '22'")

    asked = time.perf_counter()
    board.root.locator(".tp-hint").click()  # the fair hint, searched in the kernel's asyncio task
    page.wait_for_function(
        f"() => /^Hint: /.test(document.querySelector('{SEL['message']}').textContent.trim())", timeout=60_000
    )
    FIGURES["hint_seconds"] = round(time.perf_counter() - asked, 1)
    assert board.root.locator(".tp-slot.tp-highlight, .tp-stock.tp-highlight").count() == 1

    asked = time.perf_counter()
    board.root.locator(".tp-chance-toggle").click()
    chance = board.root.locator("[id$='-chance']")
    page.wait_for_function(
        "(el) => /^Win chance \\d+%$/.test(el.textContent.trim())", arg=chance.element_handle(), timeout=60_000
    )
    FIGURES["win_chance_seconds"] = round(time.perf_counter() - asked, 1)

    board.root.locator(".tp-verdict-toggle").click()
    verdict = board.root.locator("[id$='-verdict']")
    finals = [str(m) for m in (VERDICT_WINNABLE, VERDICT_LOST_SOMETIME, VERDICT_NEVER, VERDICT_UNKNOWN)]
    page.wait_for_function(
        "([el, finals]) => { const t = el.textContent.trim();"
        " return finals.includes(t) || /^No longer winnable since move/.test(t); }",
        arg=[verdict.element_handle(), finals],
        timeout=60_000,
    )
    screenshot(page, "lite-assists", root)

    for index, lang in enumerate(LANGS, start=3):  # every language, switched from a cell
        run_cell(page, index)
        undo = i18n.labels(lang)["undo"]
        page.wait_for_function(f"(u) => document.querySelector('{SEL['undo']}').textContent.trim() === u", arg=undo)

    board.root.locator(SEL["new"]).click()  # New game, from the dialog
    board.root.locator(SEL["code_input"]).fill("TP1-C-AAAAAAD")
    board.root.locator(SEL["code_input"]).press("Enter")
    try:
        expect(board.root.locator(SEL["code"])).to_have_text("TP1-C-AAAAAAD")
    finally:
        screenshot(page, "lite-new-game", root)

    run_cell(page, 3 + len(LANGS))  # a blocked game, then its review
    board.root.locator(".tp-review-open").click()
    review = board.root.locator(".tp-review")
    asked = time.perf_counter()
    page.wait_for_function("(el) => el.dataset.kind === 'pending'", arg=review.element_handle())
    # While the review runs (in slices on the kernel's loop), clicks on the Win chance toggle are
    # answered: each is answered once the board's own state shows the toggle changed, and the
    # review panel, read in the same look, is then still "pending" for the ones that came first.
    toggle = board.root.locator(".tp-chance-toggle")
    waits, during = [], 0
    for _ in range(20):
        before = toggle.get_attribute("aria-pressed")
        clicked = time.perf_counter()
        toggle.evaluate("(b) => b.click()")  # as a click on it: the review panel lies over the bar
        kind = page.wait_for_function(
            "([b, before, r]) => b.getAttribute('aria-pressed') !== before && r.dataset.kind",
            arg=[toggle.element_handle(), before, review.element_handle()],
            timeout=180_000,
        ).json_value()
        if kind != "pending":
            break  # answered after the review's end: it ended meanwhile
        waits.append(time.perf_counter() - clicked)
        during += 1
    page.wait_for_function("(el) => el.dataset.kind === 'known'", arg=review.element_handle(), timeout=180_000)
    FIGURES["review_seconds"] = round(time.perf_counter() - asked, 1)
    FIGURES["clicks_answered_during_the_review"] = during
    FIGURES["longest_click_wait_during_the_review_seconds"] = round(max(waits, default=0.0), 2)
    assert during >= 1, "no click was answered while the review ran: it waited for the review's end"
    assert review.locator("tbody tr").count() == 29
    screenshot(page, "lite-review", root)

    run_cell(page, len(CELLS) - 1, timeout=180_000)  # the game of the day: the same in the browser as here
    backend, days, numbers, texts = json.loads(output(page, len(CELLS) - 1))
    assert backend == "python" and days == [list(day) for day in GOAL_DAYS]
    assert numbers == [Game.of_the_day(date, rules).number for date, rules in GOAL_DAYS]
    assert texts == [challenge.text for challenge in challenges_of_the_day(*GOAL_DAYS[0])]


def test_a_walkthrough_notebook_runs_top_to_bottom(offline):
    name = BROWSER_NOTEBOOKS[0]  # 01_play: the other walkthroughs run the same way, at more cost
    page = offline["new_page"]()  # a page of its own: a new kernel, and nothing of the board's notebook
    try:
        run_walkthrough(page, offline["url"], name)
    except Exception:
        screenshot(page, "FAILED-lite-walkthrough")
        raise
    finally:
        page.context.close()


def run_walkthrough(page, url: str, name: str) -> None:
    code_cells = sum(c["cell_type"] == "code" for c in nbformat.read(default_contents() / name, as_version=4).cells)
    page.goto(f"{url}/lab/index.html?path={name}")
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    page.wait_for_function(KERNEL_IDLE, timeout=180_000)  # the kernel is up before anything is queued
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    page.wait_for_function(  # the last cell ran, or nothing is queued or running any more (an error stops the rest)
        """(last) => { const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
                       return prompts.some((p) => p.textContent.trim() === `[${last}]:`)
                           || (prompts.some((p) => /\\[\\d+\\]/.test(p.textContent))
                               && !prompts.some((p) => p.textContent.includes('*'))); }""",
        arg=code_cells,
        timeout=300_000,
    )
    prompts = [p.strip() for p in page.locator(".jp-CodeCell .jp-InputPrompt").all_inner_texts() if p.strip()]
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.all_inner_texts()
    # a fresh kernel numbers the cells it runs 1, 2, 3 …, and Run All stops at the first error:
    # the count reaching the number of code cells says every one ran (off-screen cells may show
    # no number: JupyterLab renders only the cells in view)
    counts = [int(m.group(1)) for p in prompts if (m := re.fullmatch(r"\[(\d+)\]:", p))]
    assert counts and max(counts) == code_cells, prompts


def test_a_cell_run_before_the_notebook_has_its_kernel_runs(offline):
    """Shift+Enter in the first moments, before JupyterLab has given the notebook its kernel (it
    first stores a checkpoint, a second fetch of the notebook's file, and only then starts the
    kernel): the cell runs, after at most one click. That fetch is held here until the run has been
    asked for and any dialog answered, as a slow one on a busy machine is.

    Today a "Select Kernel" dialog opens, with the site's kernel chosen, and its Select button
    starts the kernel and runs the cell. JupyterLab's "Automatically Start Preferred Kernel"
    (``autoStartDefaultKernel``) would skip the dialog but lose the run: the kernel the run starts
    is taken over, once the checkpoint is stored, by a new connection to it, and the cell's prompt
    goes back to "[ ]" with no output. The site leaves it off, and this test fails with it on."""
    page = offline["new_page"]()  # a context of its own: a new kernel, no stored checkpoint
    fetches, held = [], []

    def hold_the_checkpoint(r):
        fetches.append(r.request.url)
        if len(fetches) == 2:
            held.append(r)
        else:
            r.fallback()  # on to the context's route, which records it

    page.route(f"**/files/{CHECK}", hold_the_checkpoint)
    try:
        page.goto(f"{offline['url']}/lab/index.html?path={CHECK}")
        page.wait_for_selector(".jp-Notebook .jp-Cell .jp-InputArea-editor")
        deadline = time.monotonic() + 30
        while not held and time.monotonic() < deadline:
            page.wait_for_timeout(100)  # lets the route see the requests
        assert held, f"JupyterLab fetched the notebook {len(fetches)} times, not twice: nothing to hold"
        cell = page.locator(".jp-Notebook .jp-Cell").first
        before = cell.locator(".jp-InputPrompt").text_content()
        assert before.strip() == "[ ]:"
        cell.locator(".jp-InputArea-editor").click()
        asked = time.perf_counter()
        page.keyboard.press("Shift+Enter")
        page.wait_for_function(  # a dialog, or the run under way
            f"(b) => document.querySelector('.jp-Dialog') || ({PROMPT_LEFT})([0, b, false])", arg=before
        )
        dialog = page.locator(".jp-Dialog")
        FIGURES["early_run_dialog"] = dialog.count() > 0
        if dialog.count():
            expect(dialog).to_contain_text("Select Kernel")
            assert dialog.locator("select option:checked").text_content() == KERNELSPEC["display_name"]
            dialog.locator(".jp-mod-accept").click()  # Select
            expect(dialog).to_have_count(0)
        held.pop().fallback()  # the checkpoint is stored now
        page.wait_for_function(  # a number, or the kernel idle and the run gone
            f"(b) => ({PROMPT_LEFT})([0, b, true]) || (({KERNEL_IDLE})() && "
            "document.querySelector('.jp-Notebook .jp-Cell .jp-InputPrompt').textContent === b)",
            arg=before,
            timeout=180_000,
        )
        if cell.locator(".jp-InputPrompt").text_content().strip() != "[1]:" or dialog.count():
            raise AssertionError(f"the cell run early did not run: {lab_state(page, 0)}")
        FIGURES["early_run_seconds"] = round(time.perf_counter() - asked, 1)  # the kernel's start, mostly
        cell.locator(SEL["root"]).locator(SEL["slot"]).first.wait_for()  # its board, from the kernel
    except Exception:
        screenshot(page, "FAILED-lite-early-run")
        raise
    finally:
        for r in held:
            r.fallback()
        page.context.close()


# -- the play page (play/): a board and nothing to code ----------------------------------------------


def open_play(offline, query: str = "", at: str = "play/index.html", **options):
    """A fresh page (a new context: nothing cached, made with ``options``) on the play page; its
    board once drawn."""
    page = offline["new_page"](**options)
    started = time.perf_counter()
    page.goto(f"{offline['url']}/{at}{query}")
    root = page.locator(SEL["root"])
    root.locator(SEL["slot"]).first.wait_for(timeout=120_000)
    FIGURES.setdefault("play_first_board_seconds", []).append(round(time.perf_counter() - started, 1))
    return page, Board(root)


def test_the_play_page_has_no_code_a_game_is_won_by_clicks_and_its_record_is_kept(offline):
    page, board = open_play(offline, f"?game={WON}")
    try:
        expect(board.root.locator(SEL["code"])).to_have_text(WON)
        # no notebook, no cell, no editor: the one field to type in is the New game dialog's code
        assert page.locator(".jp-Notebook, .jp-Cell, .jp-CodeCell, .cm-editor, .CodeMirror").count() == 0
        assert page.locator("textarea, [contenteditable]:not([contenteditable='false'])").count() == 0
        fields = page.eval_on_selector_all(
            "input:not([type]), input[type='text'], input[type='number'], input[type='search']",
            "(all) => all.map((field) => Boolean(field.closest('.tp-dialog')))",
        )
        assert fields and all(fields), fields
        # the assists the teacher allowed: Win chance and the fair hint; no Winnable?, no exact hint
        expect(board.root.locator(".tp-chance-toggle")).to_be_visible()
        expect(board.root.locator(".tp-hint")).to_be_visible()
        expect(board.root.locator(".tp-verdict-toggle")).to_be_hidden()
        board.root.locator(".tp-assists-toggle").click()
        expect(board.root.locator(".tp-assist-show-verdict")).to_be_hidden()
        expect(board.root.locator(".tp-hint-kind")).to_be_hidden()
        expect(board.root.locator(".tp-assist-show-win-chance")).to_be_visible()
        screenshot(page, "lite-play-assists")
        board.root.locator(".tp-assists-toggle").click()

        line = Game(WON).solve().line
        for moves, action in enumerate(line, start=1):
            (board.root.locator(SEL["stock"]) if action == "draw" else board.card(action)).click()
            expect(board.root.locator(SEL["moves"])).to_have_text(str(moves))
        won = Game(WON).replay(line)
        banner = board.root.locator(".tp-banner")
        expect(banner).to_contain_text("You won!")
        expect(banner).to_contain_text(str(won.score))
        assert board.slot_cards() == [""] * 28 and board.score() == str(won.score)
        # the records, in the browser's own storage: the win is recorded, and kept for the next visit
        number = Game(WON).number
        first = f"First win of game {number} (Easy): won in {len(line)} moves."
        expect(board.root.locator(".tp-notice")).to_contain_text(first)
        screenshot(page, "lite-play-won")
        page.wait_for_timeout(1000)  # the records saved (soon after a change)
        page.reload()
        board = Board(page.locator(SEL["root"]))
        board.root.locator(SEL["slot"]).first.wait_for(timeout=120_000)
        held = f"Record of game {number} (Easy): won in {len(line)} moves, held by player."
        expect(board.root.locator(".tp-notice")).to_contain_text(held)
    except Exception:
        screenshot(page, "FAILED-lite-play")
        raise
    finally:
        page.context.close()


def test_the_play_page_speaks_the_links_language_and_offers_the_game_of_the_day(offline):
    page, board = open_play(offline, "?lang=he")
    try:
        he = i18n.labels("he")
        expect(board.root).to_have_attribute("lang", "he")
        expect(board.new_button).to_have_text(he["new_game"])
        assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["he", "rtl"]
        day = page.locator("#game-of-the-day")
        expect(day).to_have_text(page_words("he")["game_of_the_day"])
        day.click()
        expect(board.root.locator(SEL["code"])).to_have_text(Game.of_the_day().code)  # today, in this time zone
        expect(board.root.locator(".tp-goal:not(.tp-streak)")).to_have_count(3)
        expect(board.root.locator(".tp-streak")).to_have_count(1)  # the browser's records: its streak
        screenshot(page, "lite-play-day-he")
        board.root.locator(".tp-assists-toggle").click()  # the language, from the board's own picker
        board.root.locator(".tp-language-picker").select_option("is")
        expect(day).to_have_text(page_words("is")["game_of_the_day"])
        assert page.evaluate("document.documentElement.dir") == "ltr"
        board.root.locator(".tp-assists-toggle").click()
        board.new_button.click()  # New game, from the dialog
        board.code_input.fill("TP1-C-AAAAAAB")
        board.code_input.press("Enter")
        expect(board.root.locator(SEL["code"])).to_have_text("TP1-C-AAAAAAB")
        expect(board.new_button).to_have_text(i18n.labels("is")["new_game"])
    except Exception:
        screenshot(page, "FAILED-lite-play-language")
        raise
    finally:
        page.context.close()


# Every element of the board and its controls inside the window's width, and the page not wider.
FITS = """() => {
  const outside = [...document.querySelectorAll(".tp-root, .tp-root *")]
    .filter((el) => el.getClientRects().length)
    .map((el) => [el, el.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && (r.left < -0.5 || r.right > innerWidth + 0.5))
    .map(([el, r]) => `${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
  const card = document.querySelector(".tp-slot:not(.tp-removed)").getBoundingClientRect();
  return { outside: outside.slice(0, 5), wide: document.scrollingElement.scrollWidth, width: innerWidth,
           card: card.width };
}"""
# The New game dialog's words that run into each other: pairs of visible elements holding text, each
# box cut to the dialog's scrolling part where it lies inside it (scrolled-off words are not shown).
DIALOG_CLASHES = """() => {
  const fields = document.querySelector(".tp-dialog-fields").getBoundingClientRect();
  const box = (el) => {
    const r = el.getBoundingClientRect();
    if (!el.closest(".tp-dialog-fields")) return r;
    return { left: Math.max(r.left, fields.left), right: Math.min(r.right, fields.right),
             top: Math.max(r.top, fields.top), bottom: Math.min(r.bottom, fields.bottom) };
  };
  const words = [...document.querySelectorAll(".tp-dialog *")]
    .filter((el) => el.getClientRects().length && !el.closest(".tp-sr-only, option")
            && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .map((el) => [el, box(el)]);
  const clashes = [];
  for (const [i, [a, ra]] of words.entries()) {
    for (const [b, rb] of words.slice(i + 1)) {
      const across = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const down = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (!a.contains(b) && !b.contains(a) && across > 1 && down > 1)
        clashes.push(`${a.textContent.trim()} / ${b.textContent.trim()}`);
    }
  }
  return clashes;
}"""
SCREENS = [(360, 740, True), (390, 844, True), (768, 1000, False), (1280, 900, False)]


@pytest.mark.parametrize("width, height, touch", SCREENS, ids=[f"{w}x{h}" for w, h, _ in SCREENS])
def test_the_play_page_fits_the_screen_on_every_layout_in_every_language_and_a_tap_plays(offline, width, height, touch):
    """On a phone in portrait (with touch) and on wider screens, every built-in layout in every
    language (Hebrew right to left): nothing of the board or its controls past the window's edge, no
    sideways scroll, the cards scaled to the width; no words of the New game dialog over others; and
    a tap (a click without touch) plays a card. The phone's first link is a bad one: one sentence in
    the page's language, and a random deal."""
    bad = width == SCREENS[0][0]
    query = "?game=%C2%B2&lang=el" if bad else "?lang=en"  # game=²: no game number
    page, board = open_play(
        offline, query, viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
    )
    try:
        if bad:
            expect(page.locator("#play-status")).to_have_text(i18n.text(BAD_LINK.entry, "el"))
        cards = {}
        for lang in LANGS:
            board.root.locator(".tp-assists-toggle").click()
            board.root.locator(".tp-language-picker").select_option(lang)
            expect(board.root).to_have_attribute("lang", lang)
            board.root.locator(".tp-assists-toggle").click()
            for name, layout in LAYOUTS.items():
                code = WON if name == "Three Peaks" else f"{WON}@{layout.key}"
                board.new_button.click()
                clashes = page.evaluate(DIALOG_CLASHES)
                assert not clashes, (name, lang, clashes)
                board.code_input.fill(code)
                board.code_input.press("Enter")
                expect(board.root.locator(SEL["code"])).to_have_text(code)
                expect(page.locator("#play-status")).to_be_hidden()  # a bad link's sentence gone with its deal
                fits = page.evaluate(FITS)
                assert not fits["outside"] and fits["wide"] <= fits["width"], (name, lang, fits)
                cards[name] = fits["card"]
                if touch:
                    screenshot(page, f"lite-play-{width}-{layout.key.lower()}-{lang}")
                card = board.card(str(Game(code).playable()[0]))
                if touch:
                    card.tap()
                else:
                    card.click()
                expect(board.root.locator(SEL["moves"])).to_have_text("1")
        # the cards scale: on a phone, Three Peaks' ten cards a row are narrower than Diamond's five
        if touch:
            assert cards["Three Peaks"] < cards["Diamond"] and cards["Three Peaks"] * 10 < width, cards
    except Exception:
        screenshot(page, f"FAILED-lite-play-{width}")
        raise
    finally:
        page.context.close()


# The goals whose words the board cuts short (an ellipsis, or a line clipped), by their text.
GOALS_CUT = """() => [...document.querySelectorAll('.tp-goal-text')]
  .filter((text) => text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1)
  .map((text) => text.textContent)"""


def test_on_a_phone_the_game_of_the_days_goals_show_whole_in_every_language(offline):
    """At 390 px with touch, the game of the day's goals each show all their words, in every
    language (a long one wraps, its progress on the line under it)."""
    page, board = open_play(
        offline, "?game=today&lang=en", viewport={"width": 390, "height": 664}, has_touch=True, is_mobile=True
    )
    try:
        expect(board.root.locator(".tp-goal:not(.tp-streak)")).to_have_count(3)
        for lang in LANGS:
            board.root.locator(".tp-assists-toggle").click()
            board.root.locator(".tp-language-picker").select_option(lang)
            expect(board.root).to_have_attribute("lang", lang)
            board.root.locator(".tp-assists-toggle").click()
            assert page.evaluate(GOALS_CUT) == [], lang
            fits = page.evaluate(FITS)
            assert not fits["outside"] and fits["wide"] <= fits["width"], (lang, fits)
            screenshot(page, f"lite-play-390-today-{lang}")
    except Exception:
        screenshot(page, "FAILED-lite-play-today-390")
        raise
    finally:
        page.context.close()


def test_the_front_page_offers_play_and_the_notebooks(offline):
    page = offline["new_page"]()
    try:
        page.goto(f"{offline['url']}/")
        expect(page.locator("#play")).to_contain_text(page_words("en")["play"])
        expect(page.locator("#notebooks")).to_have_attribute("href", "lab/index.html")
        screenshot(page, "lite-front-page")
        page.locator("#play").click()
        page.locator(SEL["root"]).locator(SEL["slot"]).first.wait_for(timeout=120_000)
        assert page.url.endswith("/play/index.html")
    finally:
        page.context.close()


def test_nothing_left_the_machine(offline):
    assert offline["requests"]["local"], "the route saw no requests: the check would prove nothing"
    assert offline["requests"]["refused"] == []
