"""The browser site's benchmark: from opening a link to the first board, and where the time goes, on
the site's two ways to a board: the play page (``play/``) and a notebook in JupyterLab.

Each site is built (``python -m tripeaks_widget.lite build``) from a tree of the project, with the
walkthroughs and one more notebook, ``first_board.ipynb``: its first cell is the walkthrough
``01_play.ipynb``'s first cell (``from tripeaks_widget import TriPeaks; w = TriPeaks(); w``) with
clock readings between its steps, and its second cell prints them, with the worker's own timeline
of what it fetched. The site is served by ``python -m http.server`` on 127.0.0.1; every run opens
the notebook's link in a new Chromium context (an empty cache, no service worker, as a first
visit), waits for the kernel to be idle, runs the first cell, and waits for the board's cards.

The play page's run opens ``play/index.html`` (a random deal, as ``TriPeaks()``) and waits for the
board's cards; its split comes from the page's own performance marks (``tripeaks:<step>``, the
worker's steps put on the page's clock):

* page          - the page's script runs and starts the worker;
* runtime       - the Pyodide runtime fetched, compiled and started in the worker (the package's
                  wheel is fetched meanwhile);
* package       - the wheel unpacked into site-packages;
* import        - ``from tripeaks_widget.play_page import PlayPage``;
* deal          - the board dealt and its first snapshot posted;
* board         - the front end's first drawing.

The notebook's split, in seconds from opening the link (one run's times are read on one clock: the
page's and the worker's ``performance.timeOrigin`` are both wall-clock times):

* page          - JupyterLab shows the notebook (its own scripts and the notebook's file);
* kernel asked  - the kernel's web worker starts (JupyterLab starts a session for the notebook);
* runtime       - the worker's Python runs: the Pyodide runtime fetched, compiled and started (the
                  first file the wheels install is written; the wheels are fetched meanwhile);
* packages      - the wheels unpacked into site-packages (the last file written);
* kernel        - the kernel is idle: its own imports (piplite and micropip, IPython,
                  ``pyodide_kernel``, ipykernel's stand-in, comm) done;
* click         - the cell starts: the driver's click and Shift+Enter;
* import        - ``import tripeaks_widget``, then ``from tripeaks_widget import TriPeaks`` (the
                  widget, anywidget, ipywidgets), in the cell;
* board         - ``TriPeaks()`` (the deal, the first snapshot) and the front end's first drawing.

    python benchmarks/lite_first_board.py [--runs 5] [--pages play,notebook] [--json PATH] [--tree NAME=DIR ...]

``--tree before=DIR`` builds a site from another tree of the project (e.g. an older commit's,
``git archive COMMIT | tar -x -C DIR``) beside this one; the runs of the sites alternate, so other load hits them alike,
and the report gives each site's medians side by side (a tree whose site has no play page is left
out of that table). Building needs Node.js, npm and the package index
(through their own caches); running needs neither.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from helpers.labdriver import CHROMIUM, chromium_available, launch_chromium, serve_folder  # noqa: E402

NOTEBOOK = "first_board.ipynb"
FIRST_CELL = """\
from js import performance
marks = {"cell": performance.now()}
import tripeaks_widget
marks["package"] = performance.now()
from tripeaks_widget import TriPeaks
marks["widget"] = performance.now()
w = TriPeaks()
marks["dealt"] = performance.now()
w"""
PROBE_CELL = """\
import json, os, sys, sysconfig
from js import performance
files = [os.path.join(d, f) for d, _, fs in os.walk(sysconfig.get_paths()["purelib"]) for f in fs]
# when the wheels' files were written (not the bytecode an import caches): Date.now(), in MEMFS
written = [os.stat(f).st_ctime * 1000 - performance.timeOrigin for f in files if "__pycache__" not in f]
marks.update(unpacking=min(written), unpacked=max(written))
fetched = [[e.name.rsplit("/", 1)[-1], e.startTime, e.responseEnd] for e in performance.getEntriesByType("resource")]
print(json.dumps(dict(origin=performance.timeOrigin, marks=marks, fetched=fetched, modules=len(sys.modules))))"""
KERNEL_IDLE = (
    "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')].some((e) => /Pyodide.*Idle/.test(e.textContent))"
)
PHASES = ("page", "kernel asked", "runtime", "packages", "kernel", "click", "import", "board")
PLAY_PAGE = "play/index.html"
PLAY_PHASES = {  # the phase, and the performance mark that ends it ("drawn" is the benchmark's own)
    "page": "tripeaks:page",
    "runtime": "tripeaks:runtime",
    "package": "tripeaks:unpacked",
    "import": "tripeaks:imported",
    "deal": "tripeaks:dealt",
    "board": "drawn",
}


def notebook(cells: list[str]) -> dict:
    code = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": c} for c in cells]
    spec = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    return {"cells": code, "metadata": {"kernelspec": spec}, "nbformat": 4, "nbformat_minor": 5}


def build(tree: pathlib.Path, out: pathlib.Path) -> None:
    """The site of ``tree`` (its package, its build), with the walkthroughs and the timed notebook."""
    contents = out.parent / f"{out.name}-contents"
    contents.mkdir()
    for name in ("01_play.ipynb", "02_rules_walkthrough.ipynb", "04_solver.ipynb"):
        shutil.copyfile(tree / "examples" / name, contents / name)
    (contents / NOTEBOOK).write_text(json.dumps(notebook([FIRST_CELL, PROBE_CELL]), indent=1))
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, "-m", "tripeaks_widget.lite", "build", "--contents", str(contents), "--out", str(out)]
    print(f"building {out.name} from {tree}", file=sys.stderr)
    subprocess.run(command, cwd=tree, env=env, check=True, capture_output=True)


@contextlib.contextmanager
def first_visit(browser, url: str, path: str):
    """A page opened at ``path`` as on a first visit (an empty cache, no service worker); on leaving,
    a request for anything outside the site stops the benchmark."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, service_workers="block")
    context.set_default_timeout(180_000)
    outside: list[str] = []
    local = (url, "blob:", "data:")
    context.on("request", lambda r: None if r.url.startswith(local) else outside.append(r.url))
    page = context.new_page()
    try:
        page.goto(f"{url}/{path}")
        yield page
    finally:
        context.close()
    if outside:
        raise SystemExit(f"{path} asked for something outside the site: {outside[:3]}")


def one_run(browser, url: str) -> dict:
    """One first visit: the split in seconds, and the runtime's and the wheels' fetches."""
    with first_visit(browser, url, f"lab/index.html?path={NOTEBOOK}") as page:
        origin = page.evaluate("performance.timeOrigin")
        shown = page.wait_for_function(
            "() => document.querySelector('.jp-Notebook .jp-Cell .jp-InputArea-editor') && performance.now()",
            polling="raf",
        ).json_value()
        idle = page.wait_for_function(f"() => ({KERNEL_IDLE})() && performance.now()", polling="raf").json_value()
        cells = page.locator(".jp-Notebook .jp-Cell")
        cells.nth(0).locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")
        drawn = page.wait_for_function(
            "() => document.querySelector('.tp-root .tp-slot') && performance.now()", polling="raf"
        ).json_value()
        page.wait_for_function("() => /\\[1\\]/.test(document.querySelectorAll('.jp-InputPrompt')[0].textContent)")
        cells.nth(1).locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")
        out = cells.nth(1).locator(".jp-OutputArea-output").first
        out.wait_for()
        probe = json.loads(out.inner_text())
    shift = probe["origin"] - origin  # the worker's clock, on the page's

    def worker(ms: float) -> float:
        return (ms + shift) / 1000

    wheels = [f for f in probe["fetched"] if f[0].endswith(".whl")]
    marks = {k: worker(v) for k, v in probe["marks"].items()}
    times = {
        "page": shown / 1000,
        "kernel asked": worker(0),
        "runtime": marks["unpacking"],
        "packages": marks["unpacked"],
        "kernel": idle / 1000,
        "click": marks["cell"],
        "import": marks["widget"],
        "board": drawn / 1000,
    }
    return {
        "first_board": drawn / 1000,
        "phases": {p: times[p] - (times[PHASES[i - 1]] if i else 0.0) for i, p in enumerate(PHASES)},
        "import_package": marks["package"] - marks["cell"],
        "import_widget": marks["widget"] - marks["package"],
        "deal": marks["dealt"] - marks["widget"],
        "runtime_fetches": {f[0]: round(worker(f[2]), 2) for f in probe["fetched"] if not f[0].endswith(".whl")},
        "wheels": len(wheels),
        "wheels_fetched": worker(max(f[2] for f in wheels)),
        "modules": probe["modules"],
    }


def one_play_run(browser, url: str) -> dict:
    """One first visit of the play page: the time to its first board, and its split in seconds."""
    with first_visit(browser, url, PLAY_PAGE) as page:
        drawn = page.wait_for_function(
            "() => document.querySelector('.tp-root .tp-slot') && performance.now()", polling="raf"
        ).json_value()
        page.wait_for_function("() => performance.getEntriesByName('tripeaks:drawn').length")
        marks = {
            m["name"]: m["startTime"]
            for m in page.evaluate("performance.getEntriesByType('mark').map(m => m.toJSON())")
        }
    times = {phase: (drawn if mark == "drawn" else marks[mark]) / 1000 for phase, mark in PLAY_PHASES.items()}
    steps = list(times.values())
    return {
        "first_board": drawn / 1000,
        "phases": {phase: steps[i] - (steps[i - 1] if i else 0.0) for i, phase in enumerate(times)},
    }


def play_medians(runs: list[dict]) -> dict:
    return {
        "first_board": statistics.median(r["first_board"] for r in runs),
        "phases": {p: statistics.median(r["phases"][p] for r in runs) for p in PLAY_PHASES},
    }


def medians(runs: list[dict]) -> dict:
    keys = ("first_board", "import_package", "import_widget", "deal")
    out = {k: statistics.median(r[k] for r in runs) for k in (*keys, "wheels_fetched")}
    out["phases"] = {p: statistics.median(r["phases"][p] for r in runs) for p in PHASES}
    out["wheels"] = runs[0]["wheels"]
    out["modules"] = runs[0]["modules"]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="first visits per site and page (default 5)")
    parser.add_argument("--pages", default="play,notebook", help="the ways to a board to time (default: both)")
    parser.add_argument("--tree", action="append", default=[], help="NAME=DIR: another tree's site beside this one")
    parser.add_argument("--json", type=pathlib.Path, help="write every run's figures here")
    args = parser.parse_args()
    pages = [p.strip() for p in args.pages.split(",") if p.strip()]
    if not pages or set(pages) - {"play", "notebook"}:
        raise SystemExit(f"--pages names play, notebook or both; got {args.pages!r}")
    if not chromium_available():
        raise SystemExit(f"Chromium is needed at {CHROMIUM}")
    trees = {name: pathlib.Path(path).resolve() for name, path in (t.split("=", 1) for t in args.tree)}
    trees.setdefault("this tree", REPO)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="lite-bench-") as scratch:
        sites = {}
        for index, (name, tree) in enumerate(trees.items()):
            sites[name] = pathlib.Path(scratch) / f"site{index}"
            build(tree, sites[name])
        ways = {
            (name, way) for name in sites for way in pages if way == "notebook" or (sites[name] / PLAY_PAGE).exists()
        }
        runs: dict[tuple[str, str], list[dict]] = {key: [] for key in sorted(ways)}
        with contextlib.ExitStack() as stack, sync_playwright() as playwright:
            urls = {name: stack.enter_context(serve_folder(site)) for name, site in sites.items()}
            browser = launch_chromium(playwright)
            for index in range(args.runs):
                for name, way in sorted(runs, reverse=index % 2 == 1):  # ABBA
                    run = (one_play_run if way == "play" else one_run)(browser, urls[name])
                    runs[name, way].append(run)
                    print(f"{name}, {way}: run {index + 1}: first board {run['first_board']:.2f} s", file=sys.stderr)
            browser.close()
    report = {
        f"{name}: {way}": {"medians": (play_medians if way == "play" else medians)(r), "runs": r}
        for (name, way), r in runs.items()
    }
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    played = {name: report[f"{name}: play"] for name in sites if f"{name}: play" in report}
    if played:
        print(f"the play page, medians of {args.runs} runs, seconds" + "".join(f" | {name}" for name in played))
        for label, key in [("first board", "first_board"), *((f"  {p}", p) for p in PLAY_PHASES)]:
            values = [m["medians"]["phases"][key] if key in PLAY_PHASES else m["medians"][key] for m in played.values()]
            print(f"{label:40}" + "".join(f" | {v:8.2f}" for v in values))
    notebook = {name: report[f"{name}: notebook"] for name in sites if f"{name}: notebook" in report}
    if notebook:
        print(f"the notebook, medians of {args.runs} runs, seconds" + "".join(f" | {name}" for name in notebook))
        rows = [("first board", "first_board"), *((f"  {p}", p) for p in PHASES)]
        rows += [("import tripeaks_widget", "import_package")]
        rows += [("from tripeaks_widget import TriPeaks", "import_widget"), ("TriPeaks()", "deal")]
        rows += [("last wheel fetched (from the link)", "wheels_fetched")]
        for label, key in rows:
            values = [m["medians"]["phases"][key] if key in PHASES else m["medians"][key] for m in notebook.values()]
            print(f"{label:40}" + "".join(f" | {v:8.2f}" for v in values))
        medians_of = [m["medians"] for m in notebook.values()]
        print(f"{'wheels':40}" + "".join(f" | {m['wheels']:8d}" for m in medians_of))
        print(f"{'modules after the first cell':40}" + "".join(f" | {m['modules']:8d}" for m in medians_of))
    return 0


if __name__ == "__main__":
    sys.exit(main())
