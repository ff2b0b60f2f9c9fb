"""Browser benchmark: how fast a click comes back as a DOM change, in a real JupyterLab.

One JupyterLab server, one Chromium, one notebook and kernel, three series, interleaved
in blocks so that drift (other load on the machine) hits them alike:

* floor   - the transport floor: a bare anywidget defined in the notebook; a button whose
            click does ``model.send({})``, a Python side that bumps one Int trait in
            ``on_msg``, and JS that writes the trait into the DOM on ``change:``;
* card    - TriPeaks ``TP1-E-AAAAAAB``: click K♣, then Undo, alternately (R6.4, R6.1);
* stock   - TriPeaks: click the stock, then Undo, alternately (R2.5, R6.1).

Every time is taken in the page with ``performance.now()``: from just before the click is
dispatched to the MutationObserver callback that sees the DOM show the new state (the
discard card, the counter). Also measured: the front end's own render time per update
(the time spent in the widget's ``change:state`` handlers: its DOM update, including the
layout it forces) and the bytes per update (the state trait as JSON, the comm message that
carries it, and the WebSocket frame that reaches the browser).

    python benchmarks/browser.py [--clicks 60] [--warmup 10] [--timeout 300] [--json PATH]
    python benchmarks/browser.py --baseline DIR   # another tree of the project, e.g. an older commit

With ``--baseline`` the same JupyterLab and Chromium hold two pages, one notebook and kernel
each: this tree and DIR (its Python and its built front end). Their blocks alternate (ABBA),
and the report ends with this tree's figures over the baseline's.

Goals: TriPeaks median / floor median <= 1.25; render < 4 ms; <= 2 KB per move.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import time

REPO = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from helpers.labdriver import CHROMIUM, Notebook, chromium_available, launch_chromium, start_lab  # noqa: E402

# jupyter_server's WebSocket to the browser leaves Nagle's algorithm on (Tornado's default):
# a small frame written while the previous one is unacknowledged waits for the browser's
# delayed ACK (~40 ms on Linux). With --nodelay the benchmark's own server turns it off, to
# show how much of the floor that is. Not something the widget can change.
NODELAY_CONFIG = """
import tornado.websocket as _ws

_start_pinging = _ws.WebSocketProtocol13.start_pinging


def _nodelay_then_ping(self):
    self.stream.set_nodelay(True)
    _start_pinging(self)


_ws.WebSocketProtocol13.start_pinging = _nodelay_then_ping
"""

FLOOR_CELL = '''
import time

import anywidget
import traitlets

floor_handle_ms = []


class Floor(anywidget.AnyWidget):
    """The least an anywidget round trip can cost: click -> send -> bump a trait -> DOM."""

    _esm = """
    export default {
      render({ model, el }) {
        const button = document.createElement("button");
        button.className = "floor-button";
        button.textContent = "bump";
        const count = document.createElement("span");
        count.className = "floor-count";
        count.textContent = String(model.get("count"));
        button.addEventListener("click", () => model.send({}));
        const onChange = () => { count.textContent = String(model.get("count")); };
        model.on("change:count", onChange);
        el.append(button, count);
        return () => model.off("change:count", onChange);
      },
    };
    """
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._bump)

    def _bump(self, _widget, _content, _buffers):
        t0 = time.perf_counter()
        self.count += 1
        floor_handle_ms.append((time.perf_counter() - t0) * 1000)


f = Floor()
f
'''

# Formatted with the tree under test: its Python and the front end it bundles come first on the path.
TRIPEAKS_CELL = """
import sys

sys.path.insert(0, {tree!r})
import tripeaks_widget
from tripeaks_widget import TriPeaks

w = TriPeaks("TP1-E-AAAAAAB", records=False)  # measuring, not playing: keep the player's records out of it
w
"""

# Count the bytes of every message the widgets send (as the kernel serialises them).
METER_CELL = """
import json


def _meter(widget, log):
    send = widget.comm.send

    def metered(data=None, metadata=None, buffers=None, **kwargs):
        if isinstance(data, dict) and data.get("method") == "update":
            state = data.get("state", {})
            log.append({
                "message": len(json.dumps(data, ensure_ascii=False).encode()),
                "state": len(json.dumps(state.get("state"), ensure_ascii=False).encode()) if "state" in state else 0,
            })
        return send(data=data, metadata=metadata, buffers=buffers, **kwargs)

    widget.comm.send = metered


tp_sizes, floor_sizes = [], []
_meter(w, tp_sizes)
_meter(f, floor_sizes)

# The kernel's time for one intent: from the message handler to the state sent.
tp_handle_ms = []
if hasattr(w, "_handle"):
    _handle = w._handle

    def _timed_handle(content):
        t0 = time.perf_counter()
        try:
            return _handle(content)
        finally:
            tp_handle_ms.append((time.perf_counter() - t0) * 1000)

    w._handle = _timed_handle
print(json.dumps({"floor": f.model_id, "tripeaks": w.model_id, "package": tripeaks_widget.__file__}))
"""

REPORT_CELL = """
print(json.dumps({"tripeaks": tp_sizes, "floor": floor_sizes, "tp_handle_ms": tp_handle_ms,
                  "floor_handle_ms": floor_handle_ms}))
"""

# In-page helpers: reach the widgets' models (to time their change handlers), and time a click
# until the DOM shows what is expected.
JS_SETUP = """
async ([panelId, cells, ids]) => {
  const app = window.jupyterapp;
  const panel = Array.from(app.shell.widgets("main")).find((w) => w.id === panelId);
  const findManager = (w, depth) => {
    if (!w || depth > 10) return null;
    if (w._manager) return w._manager;
    for (const k of Array.from(w.widgets || (w.layout && w.layout.widgets) || [])) {
      const m = findManager(k, depth + 1);
      if (m) return m;
    }
    return null;
  };
  let manager = null;
  for (const i of cells) {
    manager = findManager(panel.content.widgets[i].outputArea, 0);
    if (manager) break;
  }
  if (!manager) throw new Error("no widget manager found in the outputs");
  manager = manager.promise ? await manager.promise : manager;
  const bench = { render: {}, forced: {}, models: {} };
  // Time spent in getBoundingClientRect (a forced style recalc and layout when the DOM was
  // just written) while a change handler runs.
  let inHandler = false;
  let forced = 0;
  const rect = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function () {
    if (!inHandler) return rect.call(this);
    const t0 = performance.now();
    try {
      return rect.call(this);
    } finally {
      forced += performance.now() - t0;
    }
  };
  for (const [name, id, attr] of ids) {
    const model = (bench.models[name] = await manager.get_model(id));
    const times = (bench.render[name] = []);
    const forcedTimes = (bench.forced[name] = []);
    const trigger = model.trigger;
    // Backbone fires every "change:<attr>" handler synchronously inside trigger(): the
    // time spent there is the views' own update of the DOM for that change.
    model.trigger = function (event, ...rest) {
      if (event !== "change:" + attr) return trigger.call(this, event, ...rest);
      inHandler = true;
      forced = 0;
      const t0 = performance.now();
      try {
        return trigger.call(this, event, ...rest);
      } finally {
        times.push(performance.now() - t0);
        forcedTimes.push(forced);
        inHandler = false;
      }
    };
  }
  // The kernel's messages tell each click's wait when the kernel has answered (JS_SERIES).
  bench.kernel = panel.sessionContext.session.kernel;
  window.__tpBench = bench;
  return Object.keys(bench.render);
}
"""

JS_SERIES = """
async ({ steps, gapMs, timeoutMs }) => {
  const { kernel, models } = window.__tpBench;
  const root = (sel) => document.querySelector(sel);
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  // Time one click until done() holds for the DOM. The wait follows the kernel, not a clock:
  // it ends in success when the DOM shows the new state, and in an error when the click sent
  // no message, or when the kernel has answered it (its "idle" for that message has come and
  // the widget has applied what came before it) and the DOM still shows something else: a
  // refused or no-op click. timeoutMs only bounds a kernel that never answers.
  const once = (clickEl, watchEl, done, model, what) => new Promise((resolve, reject) => {
    let t0 = 0;
    let over = false;
    const sent = new Set();
    const finish = (error, ms) => {
      if (over) return;
      over = true;
      mo.disconnect();
      clearTimeout(timer);
      kernel.anyMessage.disconnect(onAny);
      kernel.iopubMessage.disconnect(onIopub);
      if (error) reject(new Error(`${what()}: ${error}`));
      else resolve(ms);
    };
    const mo = new MutationObserver(() => {
      if (done()) finish(null, performance.now() - t0);
    });
    const onAny = (_, { msg, direction }) => {
      if (direction === "send" && msg.header.msg_type === "comm_msg") sent.add(msg.header.msg_id);
    };
    const onIopub = async (_, msg) => {
      if (msg.header.msg_type !== "status" || msg.content.execution_state !== "idle") return;
      if (!sent.has(msg.parent_header.msg_id)) return;
      await model.state_change;  // ipywidgets applies updates on this promise chain
      await frame();
      await frame();
      finish("the kernel answered the click, and the DOM does not show the expected state");
    };
    const timer = setTimeout(
      () => finish(`the kernel did not answer within ${timeoutMs / 1000} s (kernel ${kernel.status})`),
      timeoutMs,
    );
    kernel.anyMessage.connect(onAny);
    kernel.iopubMessage.connect(onIopub);
    mo.observe(watchEl, { subtree: true, childList: true, characterData: true, attributes: true });
    t0 = performance.now();
    clickEl.click();
    if (!sent.size) finish("the click sent no message to the kernel");
  });
  const pause = () => new Promise((r) => setTimeout(r, gapMs));
  const out = [];
  for (const step of steps) {
    let ms;
    if (step.kind === "floor") {
      const count = root(".floor-count");
      const before = count.textContent;
      const what = () => `floor click: count ${count.textContent}, was ${before}`;
      ms = await once(root(".floor-button"), count, () => count.textContent !== before, models.floor, what);
    } else {
      const tp = root(".tp-root");
      const discard = tp.querySelector(".tp-discard");
      const target = step.click === "undo" ? tp.querySelector(".tp-undo")
        : step.click === "stock" ? tp.querySelector(".tp-stock")
        : tp.querySelector(`.tp-slot[data-slot="${step.click}"]`);
      const message = () => (tp.querySelector(".tp-message") || {}).textContent || "";
      const what = () => `${step.label}: discard shows ${discard.dataset.card}, expected ${step.expect}`
        + ` (message: ${JSON.stringify(message().trim())})`;
      ms = await once(target, tp, () => discard.dataset.card === step.expect, models.tripeaks, what);
    }
    out.push([step.label, ms]);
    await pause();
  }
  return out;
}
"""


METRICS = ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "TaskDuration")


def metrics(cdp) -> dict[str, float]:
    """Chromium's running totals (seconds) of script, style, layout and all task time."""
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] in METRICS}


def summary(values):
    vals = sorted(values)
    n = len(vals)
    if not n:
        return {"n": 0}
    p95 = vals[min(n - 1, max(0, round(0.95 * n + 0.5) - 1))]  # nearest rank
    return {
        "n": n,
        "median": statistics.median(vals),
        "mean": statistics.fmean(vals),
        "p95": p95,
        "min": vals[0],
        "max": vals[-1],
    }


def row(name, values, unit, digits=2):
    s = summary(values)
    if not s["n"]:
        return f"  {name:<34} (no samples)"
    f = f"{{:.{digits}f}}"
    return (
        f"  {name:<34} n={s['n']:<4} median {f.format(s['median']):>8}  mean {f.format(s['mean']):>8}  "
        f"p95 {f.format(s['p95']):>8}  min {f.format(s['min']):>8}  max {f.format(s['max']):>8} {unit}"
    )


def chromium_version() -> str:
    try:
        return subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=20).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"


def plan(clicks: int, warmup: int, block: int):
    """Interleaved blocks: floor, card/undo, stock/undo, ... each series `clicks` long.

    Every run of a series is made of whole click/undo pairs (an odd count rounds up), so each
    leaves the board on the deal where the next one starts: an unpaired play would leave K♣ on
    the discard, and the stock series' undo would then never show A♣."""
    from tripeaks_widget import Game

    drawn = str(Game("TP1-E-AAAAAAB").draw())
    series = {
        "floor": [{"kind": "floor", "label": "floor"}] * 2,
        "card": [
            {"kind": "tp", "click": 20, "expect": "K♣", "label": "play K♣"},
            {"kind": "tp", "click": "undo", "expect": "A♣", "label": "undo play"},
        ],
        "stock": [
            {"kind": "tp", "click": "stock", "expect": drawn, "label": "draw"},
            {"kind": "tp", "click": "undo", "expect": "A♣", "label": "undo draw"},
        ],
    }

    def pairs(pair, n):
        return pair * ((n + 1) // 2)

    warm = [step for pair in series.values() for step in pairs(pair, warmup)]
    blocks = []
    done = 0
    while done < clicks:
        size = min(block, clicks - done)
        size += size % 2
        blocks += [pairs(pair, size) for pair in series.values()]
        done += size
    return warm, blocks


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=60, help="timed clicks per series (default 60)")
    parser.add_argument("--warmup", type=int, default=10, help="untimed clicks per series first (default 10)")
    parser.add_argument("--block", type=int, default=10, help="clicks per series before switching (default 10)")
    parser.add_argument("--gap", type=float, default=40, help="pause between clicks, ms (default 40)")
    parser.add_argument(
        "--timeout",
        type=float,
        default=300,
        help="longest wait for the kernel to answer one click, s (default 300; a click the kernel has "
        "answered without the expected change fails at once)",
    )
    parser.add_argument(
        "--nodelay",
        action="store_true",
        help="turn Nagle's algorithm off on the server's WebSockets (see NODELAY_CONFIG)",
    )
    parser.add_argument(
        "--reduced-motion",
        action="store_true",
        help="emulate prefers-reduced-motion: reduce (the widget then skips its card animations)",
    )
    parser.add_argument(
        "--baseline",
        type=pathlib.Path,
        default=None,
        help="another tree of the project (e.g. `git archive OLD | tar -x -C DIR`) to measure alongside this one",
    )
    parser.add_argument(
        "--json",
        type=pathlib.Path,
        default=None,
        help="where to write the raw figures (default benchmarks/results/browser[-nodelay][-vs-baseline].json)",
    )
    args = parser.parse_args(argv)
    if args.json is None:
        suffix = ("-nodelay" if args.nodelay else "") + ("-reduced-motion" if args.reduced_motion else "")
        suffix += "-vs-baseline" if args.baseline else ""
        args.json = REPO / "benchmarks" / "results" / f"browser{suffix}.json"

    if not chromium_available():
        print(f"needs Debian's Chromium at {CHROMIUM}", file=sys.stderr)
        return 2
    if args.baseline is not None and not (args.baseline / "tripeaks_widget" / "static" / "widget.js").is_file():
        print(f"--baseline {args.baseline}: expected a tree of this project with its built front end", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    trees = {"this": REPO} | ({"baseline": args.baseline.resolve()} if args.baseline else {})
    server = start_lab(server_config=NODELAY_CONFIG if args.nodelay else "")
    try:
        with sync_playwright() as p:
            browser = launch_chromium(p)
            runs = [Run(name, path, browser, server, args) for name, path in trees.items()]
            warm, blocks = plan(args.clicks, args.warmup, args.block)
            for run in runs:
                run.warm_up(warm)
            for i, steps in enumerate(blocks):
                for run in runs if i % 2 == 0 else reversed(runs):  # ABBA: drift hits both alike
                    run.block(steps)
            results = {run.name: run.finish() for run in runs}
            browser.close()
    finally:
        server.stop()

    header(args, trees)
    for name, result in results.items():
        if len(results) > 1:
            print(f"=== {name}: {trees[name]}")
            print()
        report(result)
    if len(results) > 1:
        compare(results["this"], results["baseline"])
    print(f"  (wall time {time.monotonic() - started:.0f} s)")

    if args.json:
        settings = {
            "nodelay": args.nodelay,
            "reduced_motion": args.reduced_motion,
            "clicks": args.clicks,
            "warmup": args.warmup,
            "block": args.block,
            "gap_ms": args.gap,
        }
        if len(results) == 1:
            out = settings | results["this"]
        else:
            out = settings | {
                "trees": {name: str(path) for name, path in trees.items()},
                "results": results,
                "this_over_baseline": ratios(results["this"], results["baseline"]),
            }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1))
    return 0


class Run:
    """One tree under test: its own page (a JupyterLab workspace), notebook and kernel."""

    def __init__(self, name: str, tree: pathlib.Path, browser, server, args):
        self.name = name
        self.args = args
        self.frames: list[tuple[str, int]] = []
        self.page = page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.set_default_timeout(30_000)
        if args.reduced_motion:
            page.emulate_media(reduced_motion="reduce")
        page.on(
            "websocket",
            lambda ws: ws.on(
                "framereceived",
                lambda payload: self.frames.append(
                    (payload if isinstance(payload, str) else payload.decode("utf-8", "replace"), len(payload))
                ),
            ),
        )
        notebook = f"browser-benchmark-{name}.ipynb"
        server.write_notebook(notebook, [FLOOR_CELL, TRIPEAKS_CELL.format(tree=str(tree)), METER_CELL, REPORT_CELL])
        # A workspace per page, so that two pages of one server keep their layouts apart.
        page.goto(f"{server.url}/lab/workspaces/bench-{name}?reset", wait_until="domcontentloaded")
        page.wait_for_function(
            "() => Boolean(window.jupyterapp && window.jupyterapp.commands.hasCommand('notebook:run-cell'))",
            timeout=120_000,
        )
        self.nb = nb = Notebook.open(page, server, notebook)
        nb.run(0, 1, 2)
        self.ids = json.loads(nb.output_text(2).strip().splitlines()[-1])
        if not pathlib.Path(self.ids["package"]).resolve().is_relative_to(tree):
            raise RuntimeError(f"{name}: the kernel imported {self.ids['package']}, not the tree {tree}")
        page.locator(".floor-button").wait_for()
        page.locator('.tp-root .tp-slot[data-slot="20"][data-card="K♣"]').wait_for()
        page.evaluate(
            JS_SETUP,
            [nb.id, [0, 1], [["floor", self.ids["floor"], "count"], ["tripeaks", self.ids["tripeaks"], "state"]]],
        )
        self.timed: list[tuple[str, float]] = []
        self.work: dict[str, dict[str, float]] = {}

    def series(self, steps) -> list[tuple[str, float]]:
        self.page.bring_to_front()
        return self.page.evaluate(
            JS_SERIES, {"steps": steps, "gapMs": self.args.gap, "timeoutMs": self.args.timeout * 1000}
        )

    def warm_up(self, steps) -> None:
        self.series(steps)
        self.page.evaluate(
            "() => { for (const k in window.__tpBench.render) {"
            " window.__tpBench.render[k].length = 0; window.__tpBench.forced[k].length = 0; } }"
        )
        self.nb.run(3)  # the byte counts so far (warm-up) are dropped in finish() by count
        self.warm_sizes = json.loads(self.nb.output_text(3).strip().splitlines()[-1])
        self.frames_before = len(self.frames)
        self.cdp = self.page.context.new_cdp_session(self.page)
        self.cdp.send("Performance.enable")

    def block(self, steps) -> None:
        before = metrics(self.cdp)
        self.timed += self.series(steps)
        after = metrics(self.cdp)
        kind = "floor" if steps[0]["kind"] == "floor" else ("card" if steps[0]["click"] == 20 else "stock")
        acc = self.work.setdefault(kind, {"clicks": 0})
        acc["clicks"] += len(steps)
        for key in METRICS:
            acc[key] = acc.get(key, 0.0) + (after[key] - before[key]) * 1000

    def finish(self) -> dict:
        """This tree's raw figures (the JSON's shape)."""
        render = self.page.evaluate("() => window.__tpBench.render")
        forced = self.page.evaluate("() => window.__tpBench.forced")
        self.nb.run(3)
        sizes = json.loads(self.nb.output_text(3).strip().splitlines()[-1])
        warm, ids = self.warm_sizes, self.ids
        by_label: dict[str, list[float]] = {}
        for label, ms in self.timed:
            by_label.setdefault(label, []).append(ms)

        def frames(model_id):
            return [
                n
                for text, n in self.frames[self.frames_before :]
                if model_id in text and '"comm_msg"' in text and '"update"' in text
            ]

        tp_sizes = sizes["tripeaks"][len(warm["tripeaks"]) :]
        tripeaks = [ms for label, ms in self.timed if label != "floor"]
        floor = by_label.get("floor", [])
        return {
            "package": ids["package"],
            "work_ms": self.work,
            "click_to_dom_ms": by_label,
            "tp_labels": [label for label, _ in self.timed if label != "floor"],
            "render_ms": render,
            "forced_layout_ms": forced,
            "sizes": {"tripeaks": tp_sizes, "floor": sizes["floor"][len(warm["floor"]) :]},
            "kernel_ms": {
                "tripeaks": sizes["tp_handle_ms"][len(warm["tp_handle_ms"]) :],
                "floor": sizes["floor_handle_ms"][len(warm["floor_handle_ms"]) :],
            },
            "frames": {"tripeaks": frames(ids["tripeaks"]), "floor": frames(ids["floor"])},
            "ratio": statistics.median(tripeaks) / statistics.median(floor),
            "render_median_ms": statistics.median(render["tripeaks"]) if render.get("tripeaks") else float("nan"),
            "render_p95_ms": summary(render.get("tripeaks", []))["p95"] if render.get("tripeaks") else float("nan"),
            "bytes_per_move": statistics.median([s["message"] for s in tp_sizes]) if tp_sizes else float("nan"),
        }


LABELS = ("play K♣", "undo play", "draw", "undo draw")


def header(args, trees) -> None:
    import anywidget
    import ipywidgets
    import jupyterlab

    print("TriPeaks widget - browser benchmark")
    print(
        f"  {chromium_version()}; JupyterLab {jupyterlab.__version__}, ipywidgets {ipywidgets.__version__}, "
        f"anywidget {anywidget.__version__}; Python {platform.python_version()}; {os.cpu_count()} CPUs; "
        f"load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(
        "  server WebSockets: "
        f"{'Nagle off (--nodelay)' if args.nodelay else 'as jupyter_server ships them (Nagle on)'}; "
        f"motion: {'reduced (--reduced-motion)' if args.reduced_motion else 'normal'}"
    )
    print(
        f"  {args.clicks} timed clicks per series after {args.warmup} warm-up clicks, in blocks of {args.block}, "
        f"{args.gap:g} ms apart"
        + (
            f"; two trees, blocks alternating: {', '.join(f'{n} {p}' for n, p in trees.items())}"
            if len(trees) > 1
            else ""
        )
    )
    print()


def report(r: dict) -> None:
    by_label, render, forced = r["click_to_dom_ms"], r["render_ms"], r["forced_layout_ms"]
    tripeaks = [ms for label in LABELS for ms in by_label.get(label, [])]
    print("Click -> DOM shows the new state (ms)")
    print(row("floor (bare anywidget)", by_label.get("floor", []), "ms"))
    print(row("TriPeaks, all clicks", tripeaks, "ms"))
    for label in LABELS:
        print(row(f"  TriPeaks, {label}", by_label.get(label, []), "ms"))
    print()
    print("Front end's own render per update: time in the change handlers (ms)")
    print(row("TriPeaks render", render.get("tripeaks", []), "ms", 3))
    tp_labels = r["tp_labels"]
    if len(render.get("tripeaks", [])) == len(tp_labels):
        for label in LABELS:
            values = [ms for lab, ms in zip(tp_labels, render["tripeaks"], strict=False) if lab == label]
            print(row(f"  TriPeaks render, {label}", values, "ms", 3))
    print(row("  of which getBoundingClientRect", forced.get("tripeaks", []), "ms", 3))
    print(row("floor render (reference)", render.get("floor", []), "ms", 3))
    print()
    print("Kernel: handling one intent until its update is sent (ms)")
    print(row("TriPeaks (engine, snapshot, send)", r["kernel_ms"]["tripeaks"], "ms", 3))
    print(row("floor (bump the Int, send)", r["kernel_ms"]["floor"], "ms", 3))
    print()
    print("Main-thread work per click, whole page (Chromium's counters; ms per click)")
    for kind in ("floor", "card", "stock"):
        acc = r["work_ms"].get(kind)
        if acc:
            n = acc["clicks"]
            print(
                f"  {kind:<8} script {acc['ScriptDuration'] / n:6.2f}  style {acc['RecalcStyleDuration'] / n:6.2f}  "
                f"layout {acc['LayoutDuration'] / n:6.2f}  all tasks {acc['TaskDuration'] / n:6.2f}"
            )
    print()
    tp_sizes, floor_sizes = r["sizes"]["tripeaks"], r["sizes"]["floor"]
    print("Bytes per update")
    print(row("TriPeaks state trait (JSON)", [s["state"] for s in tp_sizes], "B", 0))
    print(row("TriPeaks comm message (JSON)", [s["message"] for s in tp_sizes], "B", 0))
    print(row("TriPeaks WebSocket frame", r["frames"]["tripeaks"], "B", 0))
    print(row("floor comm message (JSON)", [s["message"] for s in floor_sizes], "B", 0))
    print(row("floor WebSocket frame", r["frames"]["floor"], "B", 0))
    print(
        f"  updates sent by TriPeaks: {len(tp_sizes)} for {len(tripeaks)} clicks; "
        f"frames seen: {len(r['frames']['tripeaks'])}"
    )
    print()
    ratio, per_move = r["ratio"], r["bytes_per_move"]
    verdict = lambda ok: "ok" if ok else "MISSED"  # noqa: E731
    print("Goals")
    print(f"  TriPeaks median / floor median   {ratio:6.2f}   (goal <= 1.25)  {verdict(ratio <= 1.25)}")
    print(
        f"  render median / p95              {r['render_median_ms']:.2f} / {r['render_p95_ms']:.2f} ms   "
        f"(goal < 4 ms)  {verdict(r['render_p95_ms'] < 4)}"
    )
    print(f"  bytes per move (comm message)    {per_move:.0f} B   (goal <= 2048 B)  {verdict(per_move <= 2048)}")
    print()


def measures(r: dict) -> dict[str, list[float]]:
    """The series compared between two trees, by name."""
    by_label = r["click_to_dom_ms"]
    out = {"click: floor": by_label.get("floor", [])}
    out["click: TriPeaks, all"] = [ms for label in LABELS for ms in by_label.get(label, [])]
    out |= {f"click: {label}": by_label.get(label, []) for label in LABELS}
    out["render: TriPeaks"] = r["render_ms"].get("tripeaks", [])
    out["kernel: TriPeaks intent"] = r["kernel_ms"]["tripeaks"]
    return out


def ratios(this: dict, baseline: dict) -> dict[str, dict[str, float]]:
    """This tree's median and p95 over the baseline's, per measure."""
    out = {}
    a, b = measures(this), measures(baseline)
    for name in a:
        sa, sb = summary(a[name]), summary(b[name])
        if sa["n"] and sb["n"]:
            out[name] = {k: sa[k] / sb[k] if sb[k] else float("nan") for k in ("median", "p95")}
    return out


def compare(this: dict, baseline: dict) -> None:
    print("This tree against the baseline, measured alternately in one run (ms; ratio this / baseline)")
    print(f"  {'':<26} {'median':>27}   {'p95':>27}")
    print(f"  {'':<26} {'baseline':>9}{'this':>9}{'ratio':>9}   {'baseline':>9}{'this':>9}{'ratio':>9}")
    a, b = measures(this), measures(baseline)
    for name, r in ratios(this, baseline).items():
        sa, sb = summary(a[name]), summary(b[name])
        print(
            f"  {name:<26} {sb['median']:9.2f}{sa['median']:9.2f}{r['median']:9.2f}"
            f"   {sb['p95']:9.2f}{sa['p95']:9.2f}{r['p95']:9.2f}"
        )
    print()


if __name__ == "__main__":
    sys.exit(main())
