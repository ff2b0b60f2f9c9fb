"""Drive a real JupyterLab in Debian's Chromium: start the server, open notebooks, run cells.

Shared by the browser tests (``tests/e2e``) and the browser benchmark
(``benchmarks/browser.py``). Nothing here knows about TriPeaks beyond the CSS
classes in :data:`SEL`; the widget-specific helpers live in :class:`Board`.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import nbformat

try:
    from playwright.sync_api import expect
except ImportError:  # the e2e fixtures skip (or, when required, fail) every test, with the reason
    expect = None

VIEWPORT = {"width": 1280, "height": 1000}  # the browser tests' page
ARTIFACTS = pathlib.Path(__file__).parents[1] / "e2e" / "artifacts"  # screenshots (git-ignored)
# The package's JupyterLab / Notebook 7 extension as built in this checkout (js/labextension), which
# the wheel installs into share/jupyter/labextensions: a server run from the checkout finds it here.
LABEXTENSION = pathlib.Path(__file__).resolve().parents[2] / "tripeaks_widget" / "labextension"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]

# JupyterLab settings for a quiet, reproducible session: no news, no update
# checks, no autosave surprises, no kernel-restart dialogs.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/themes.jupyterlab-settings": {"theme": "JupyterLab Light"},
}

# The cells every board notebook starts with (SPEC R6.4's reference deal), and a cell
# that prints the Python side's state as one line of JSON.
IMPORT = "from tripeaks_widget import TriPeaks"
DEAL = 'w = TriPeaks("TP1-E-AAAAAAB"); w'
STATE = (
    "import json\n"
    "print(json.dumps(dict(discard=str(w.discard), score=w.score, moves=w.moves, status=w.status,\n"
    "                      rules=str(w.rules), code=w.code, stock=w.stock_count, message=w.message,\n"
    "                      rows=[[c if c is None else str(c) for c in row] for row in w.game.rows()]),\n"
    "           ensure_ascii=False))"
)

# The widget's DOM, as the front end's views build it (js/src/board.js, bar.js, dialog.js, header.js).
SEL = {
    "root": ".tp-root",
    "slot": ".tp-slot",
    "stock": ".tp-stock",
    "stock_count": ".tp-stock-count",
    "discard": ".tp-discard",
    "message": ".tp-message",
    "undo": ".tp-undo",
    "new": ".tp-new",
    "score": ".tp-stat-score .tp-stat-value",
    "moves": ".tp-stat-moves .tp-stat-value",
    "rules": ".tp-rules",
    "code": ".tp-code",
    "dialog": ".tp-dialog",
    "code_input": ".tp-code-input",
    "dialog_error": ".tp-dialog-error",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve_folder(folder: pathlib.Path, ready: str = "jupyter-lite.json"):
    """Serve ``folder`` with ``python -m http.server`` on 127.0.0.1 while the block runs; yields its
    URL once the file ``ready`` answers (a JupyterLite site's, by default)."""
    url = f"http://127.0.0.1:{free_port()}"
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "-d", str(folder), "--bind", "127.0.0.1", url.rsplit(":", 1)[1]],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                urllib.request.urlopen(f"{url}/{ready}", timeout=2).close()
                break
            time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


def chromium_available() -> bool:
    return os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)


# ---------------------------------------------------------------------------------------------
# The Lab server
# ---------------------------------------------------------------------------------------------


@dataclass
class LabServer:
    """A running server in its own process group, serving ``root``: ``jupyter lab`` (or, started
    by hostdriver, Notebook 7, Voila or marimo). As a context manager, it stops on leaving."""

    root: pathlib.Path
    port: int
    process: subprocess.Popen
    home: pathlib.Path
    log_path: pathlib.Path
    _log: Any = field(repr=False, default=None)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def write_notebook(self, name: str, cells: Sequence[str]) -> pathlib.Path:
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
        path = self.root / name
        nbformat.write(nb, path)
        return path

    def stop(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        if self._log:
            self._log.close()
        shutil.rmtree(self.home, ignore_errors=True)

    def __enter__(self) -> LabServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def jupyter_home(server_config: str = "", checkout_extension: bool = True) -> tuple[pathlib.Path, dict[str, str]]:
    """A scratch home for one Jupyter server (settings with news and update checks off, its own
    workspaces/runtime/config/data directories), and the environment that points there.
    ``server_config`` is Python for the server's own ``jupyter_server_config.py``;
    ``checkout_extension`` links this checkout's built JupyterLab extension into the home's data
    directory (as ``jupyter labextension develop`` would, but for this server alone)."""
    home = pathlib.Path(tempfile.mkdtemp(prefix="tripeaks-lab-"))
    settings = home / "user-settings"
    for rel, value in LAB_SETTINGS.items():
        path = settings / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    for sub in ("workspaces", "runtime", "config", "data"):
        (home / sub).mkdir(exist_ok=True)
    if server_config:
        (home / "config" / "jupyter_server_config.py").write_text(server_config)
    if checkout_extension:
        name = json.loads((LABEXTENSION / "package.json").read_text())["name"]
        (home / "data" / "labextensions").mkdir()
        (home / "data" / "labextensions" / name).symlink_to(LABEXTENSION, target_is_directory=True)
    env = server_env()
    env["JUPYTER_RUNTIME_DIR"] = str(home / "runtime")
    env["JUPYTER_CONFIG_DIR"] = str(home / "config")
    env["JUPYTER_DATA_DIR"] = str(home / "data")
    env["JUPYTERLAB_SETTINGS_DIR"] = str(settings)
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(home / "workspaces")
    return home, env


def server_env() -> dict[str, str]:
    """This process's environment for a server and its kernels: "python" (which kernel specs
    run) is this interpreter, which has the package; anywidget's hot reload off."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(pathlib.Path(sys.executable).parent), env.get("PATH", "")])
    env.pop("ANYWIDGET_HMR", None)
    return env


def jupyter_server_args(port: int, root: pathlib.Path) -> list[str]:
    """A Jupyter server on 127.0.0.1:port serving ``root``, with an empty token and password."""
    return [
        "--no-browser",
        "--allow-root",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={root}",
    ]


def launch_server(
    name: str,
    cmd: Sequence[str],
    *,
    root: pathlib.Path,
    home: pathlib.Path,
    port: int,
    env: dict[str, str],
    ready_path: str,
    timeout: float = 60.0,
) -> LabServer:
    """Run ``cmd`` in its own process group (its output in ``home``/server.log) and wait until
    ``ready_path`` on 127.0.0.1:port answers 200; raise with the log's tail if it never does."""
    log_path = home / "server.log"
    log = open(log_path, "wb")
    process = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root, start_new_session=True)
    server = LabServer(root=root, port=port, process=process, home=home, log_path=log_path, _log=log)
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            tail = server.log_tail()
            server.stop()
            raise RuntimeError(f"{name} exited with {process.returncode}:\n{tail}")
        try:
            with urllib.request.urlopen(f"{server.url}{ready_path}", timeout=2) as reply:
                if reply.status == 200:
                    return server
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if time.monotonic() > deadline:
            tail = server.log_tail()
            server.stop()
            raise RuntimeError(f"{name} did not answer within {timeout:.0f} s:\n{tail}")
        time.sleep(0.25)


def start_lab(
    root: pathlib.Path | None = None,
    timeout: float = 60.0,
    server_config: str = "",
    python: str | None = None,
    env: dict[str, str | None] | None = None,
) -> LabServer:
    """Start JupyterLab on 127.0.0.1 at a free port (see :func:`jupyter_home` and
    :func:`jupyter_server_args`), news and update checks off. ``python`` is the interpreter
    that runs it and its kernels (by default this one); ``env`` sets (or, with None, removes)
    variables of the server's environment. Run by another interpreter, it has that one's own
    JupyterLab extensions alone, not this checkout's."""
    home, lab_env = jupyter_home(server_config, checkout_extension=python is None)
    python = python or sys.executable
    lab_env["PATH"] = os.pathsep.join([str(pathlib.Path(python).parent), lab_env["PATH"]])
    for name, value in (env or {}).items():
        if value is None:
            lab_env.pop(name, None)
        else:
            lab_env[name] = value
    root = root or home / "notebooks"
    root.mkdir(parents=True, exist_ok=True)
    port = free_port()
    cmd = [
        python,
        "-m",
        "jupyterlab",
        *jupyter_server_args(port, root),
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.extension_manager=readonly",
        f"--LabApp.user_settings_dir={home / 'user-settings'}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
    ]
    return launch_server(
        "jupyter lab", cmd, root=root, home=home, port=port, env=lab_env, ready_path="/api/status", timeout=timeout
    )


def launch_chromium(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def screenshot(page, name: str, locator=None) -> pathlib.Path:
    """tests/e2e/artifacts/<name>.png: the locator (or the page) once its card animations end."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.mouse.move(0, 0)  # no hover effects in the picture
    # Let the card animations (moves, turns, the deal) finish first.
    page.evaluate("""() => Promise.race([
        Promise.all(document.getAnimations()
            .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished.catch(() => null))),
        new Promise((resolve) => setTimeout(resolve, 3000)),
    ])""")
    page.wait_for_timeout(50)
    if locator is None:
        page.screenshot(path=str(path))
    else:
        locator.screenshot(path=str(path))
    return path


def page_errors(page, host_bundle: str | None = None) -> list[str]:
    """The page's uncaught exceptions, less those thrown from ``host_bundle`` (a path in the
    host's own static files, for a host's known error that no widget causes)."""

    def top_frame(exc) -> str:
        lines = [line for line in (exc.stack or "").splitlines() if line.strip().startswith("at ")]
        return lines[0] if lines else ""

    return [
        f"{exc.message}\n{exc.stack}" for exc in page.e2e_errors if not (host_bundle and host_bundle in top_frame(exc))
    ]


# ---------------------------------------------------------------------------------------------
# A notebook open in JupyterLab
# ---------------------------------------------------------------------------------------------

_JS_APP_READY = """
() => {
  const app = window.jupyterapp;
  return Boolean(app && app.shell && app.commands.hasCommand("docmanager:open")
                 && app.commands.hasCommand("notebook:run-cell"));
}
"""

# Every helper below finds its notebook panel by id, never by "the current widget".
_PANEL = """
  const app = window.jupyterapp;
  const panel = Array.from(app.shell.widgets("main")).find((w) => w.id === id);
  if (!panel) throw new Error("notebook panel " + id + " is gone");
  const nb = panel.content;
"""

_JS_OPEN = """
async (path) => {
  const app = window.jupyterapp;
  // One notebook at a time: close the others and shut their kernels down, without prompts.
  for (const w of Array.from(app.shell.widgets("main"))) {
    if (w.sessionContext) {
      try { await w.sessionContext.shutdown(); } catch (e) { /* already gone */ }
    }
    if (w.context && w.context.model) w.context.model.dirty = false;
    w.dispose();
  }
  const panel = await app.commands.execute("docmanager:open",
    { path, factory: "Notebook", kernel: { name: "python3" } });
  app.shell.activateById(panel.id);
  await panel.context.ready;
  await panel.sessionContext.ready;
  return panel.id;
}
"""

_JS_KERNEL_IDLE = (
    "(id) => {"
    + _PANEL
    + """
  const ctx = panel.sessionContext;
  const kernel = ctx && ctx.session && ctx.session.kernel;
  return Boolean(ctx.isReady && kernel && kernel.status === "idle" && kernel.connectionStatus === "connected");
}"""
)

_JS_RUN_CELLS = (
    "async ([id, indices]) => {"
    + _PANEL
    + """
  app.shell.activateById(id);
  const results = [];
  for (const i of indices) {
    nb.activeCellIndex = i;
    nb.deselectAll();
    results.push(await app.commands.execute("notebook:run-cell"));
  }
  nb.mode = "command";
  return results;
}"""
)

_JS_START_CELL = (
    "([id, i]) => {"
    + _PANEL
    + """
  app.shell.activateById(id);
  nb.activeCellIndex = i;
  nb.deselectAll();
  const before = nb.widgets[i].model.executionCount;
  app.commands.execute("notebook:run-cell");
  nb.mode = "command";
  return before;
}"""
)

# The kernel is busy, or the cell has run already (a short cell may be over before a poll).
_JS_CELL_STARTED = (
    "([id, i, before]) => {"
    + _PANEL
    + """
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return Boolean(kernel && kernel.status === "busy") || nb.widgets[i].model.executionCount !== before;
}"""
)

_JS_OUTPUT_TEXT = (
    "([id, i]) => {"
    + _PANEL
    + """
  const cell = nb.widgets[i];
  const outs = cell && cell.model.outputs;
  if (!outs) return "";
  const parts = [];
  for (let k = 0; k < outs.length; k++) {
    const o = outs.get(k).toJSON();
    if (o.output_type === "stream") parts.push([].concat(o.text).join(""));
    else if (o.output_type === "error") parts.push(o.ename + ": " + o.evalue);
    else if (o.data && o.data["text/plain"]) parts.push([].concat(o.data["text/plain"]).join(""));
  }
  return parts.join("");
}"""
)

_JS_CELLS = (
    "(id) => {"
    + _PANEL
    + """
  return Array.from(nb.model.cells).map((c) => c.type + ":" + c.sharedModel.getSource());
}"""
)

_JS_MODE = "(id) => {" + _PANEL + " return nb.mode; }"


def open_lab(page, server: LabServer, timeout: float = 60_000) -> None:
    """Load JupyterLab in this page (once; later notebooks open inside it)."""
    page.goto(f"{server.url}/lab?reset", wait_until="domcontentloaded")
    page.wait_for_function(_JS_APP_READY, timeout=timeout)


class Notebook:
    """One notebook open in a JupyterLab page, its panel addressed by id."""

    def __init__(self, page, server: LabServer, name: str, panel_id: str):
        self.page = page
        self.server = server
        self.name = name
        self.id = panel_id

    @classmethod
    def open(cls, page, server: LabServer, name: str, timeout: float = 60_000) -> Notebook:
        """Open ``name`` (closing any other notebook and its kernel) and wait for an idle kernel."""
        if not page.url.startswith(server.url) or not page.evaluate(_JS_APP_READY):
            open_lab(page, server, timeout)
        panel_id = page.evaluate(_JS_OPEN, name)
        nb = cls(page, server, name, panel_id)
        nb.wait_idle(timeout)
        return nb

    @property
    def selector(self) -> str:
        return f"#{self.id}"

    def wait_idle(self, timeout: float = 60_000) -> None:
        self.page.wait_for_function(_JS_KERNEL_IDLE, arg=self.id, timeout=timeout)

    def run(self, *indices: int, timeout: float = 60_000) -> None:
        """Run these cells in order (JupyterLab's own run-cell command); wait for the kernel."""
        self.wait_idle(timeout)
        ok = self.page.evaluate(_JS_RUN_CELLS, [self.id, list(indices)])
        if not all(ok):
            raise AssertionError(
                f"cells {indices} did not all run cleanly: {ok}; outputs: "
                + " | ".join(self.output_text(i) for i in indices)
            )
        self.wait_idle(timeout)

    def start(self, index: int, timeout: float = 60_000) -> None:
        """Start running this cell and return once the kernel is busy with it (or has run it),
        without waiting for it to end (``wait_idle`` does)."""
        self.wait_idle(timeout)
        before = self.page.evaluate(_JS_START_CELL, [self.id, index])
        self.page.wait_for_function(_JS_CELL_STARTED, arg=[self.id, index, before], timeout=timeout)

    def cell_count(self) -> int:
        return len(self.cell_sources())

    def cell_sources(self) -> list[str]:
        """Each cell as "type:source"."""
        return self.page.evaluate(_JS_CELLS, self.id)

    def mode(self) -> str:
        return self.page.evaluate(_JS_MODE, self.id)

    def cell(self, index: int):
        return self.page.locator(f"{self.selector} .jp-Notebook .jp-Cell").nth(index)

    def output_text(self, index: int) -> str:
        return self.page.evaluate(_JS_OUTPUT_TEXT, [self.id, index])

    def command(self, name: str, args: dict | None = None) -> Any:
        return self.page.evaluate("([n, a]) => window.jupyterapp.commands.execute(n, a || {})", [name, args])

    def is_open(self) -> bool:
        return self.page.evaluate(
            "(id) => Boolean(window.jupyterapp && "
            "Array.from(window.jupyterapp.shell.widgets('main')).some(w => w.id === id))",
            self.id,
        )


# ---------------------------------------------------------------------------------------------
# The TriPeaks widget as rendered in the page
# ---------------------------------------------------------------------------------------------


class Board:
    """One rendered view of a TriPeaks widget (the n-th ``.tp-root`` in the page, or in a cell)."""

    def __init__(self, root):
        self.root = root  # Playwright Locator for .tp-root

    def slot(self, index: int):
        return self.root.locator(f'{SEL["slot"]}[data-slot="{index}"]')

    def card(self, text: str):
        """The peak card showing ``text`` (e.g. "K♣") face up."""
        return self.root.locator(f'{SEL["slot"]}.tp-up[data-card="{text}"]')

    @property
    def stock(self):
        return self.root.locator(SEL["stock"])

    @property
    def discard(self):
        return self.root.locator(SEL["discard"])

    def discard_card(self) -> str:
        return self.discard.get_attribute("data-card") or ""

    def stock_count(self) -> str:
        return self.root.locator(SEL["stock_count"]).inner_text().strip()

    def message(self) -> str:
        return self.root.locator(SEL["message"]).inner_text().strip()

    def score(self) -> str:
        return self.root.locator(SEL["score"]).inner_text().strip()

    def moves(self) -> str:
        return self.root.locator(SEL["moves"]).inner_text().strip()

    def code(self) -> str:
        return self.root.locator(SEL["code"]).inner_text().strip()

    def rules(self) -> str:
        return self.root.locator(SEL["rules"]).get_attribute("data-rules") or ""

    def slot_cards(self) -> list[str]:
        """What each of the 28 slots shows: a card, "?" face down, "" removed."""
        return self.root.evaluate(
            """(root) => Array.from(root.querySelectorAll('.tp-slot')).map(el =>
                 el.classList.contains('tp-removed') ? '' :
                 el.classList.contains('tp-hidden') ? '?' : (el.dataset.card || '?'))"""
        )

    @property
    def undo_button(self):
        return self.root.locator(SEL["undo"])

    @property
    def new_button(self):
        return self.root.locator(SEL["new"])

    @property
    def dialog(self):
        return self.root.locator(SEL["dialog"])

    @property
    def code_input(self):
        return self.root.locator(SEL["code_input"])

    @property
    def dialog_error(self):
        return self.root.locator(SEL["dialog_error"])


# A winning line for TP1-E-AAAAAAD under Easy (R6.5 says that deal can be won); checked
# against the engine below before the browser sees it.
WIN_LINE = [
    "8♣",
    "7♠",
    "6♣",
    "draw",
    "draw",
    "A♦",
    "2♣",
    "draw",
    "Q♦",
    "J♣",
    "draw",
    "draw",
    "9♣",
    "draw",
    "3♥",
    "2♦",
    "A♥",
    "2♥",
    "3♦",
    "2♠",
    "draw",
    "J♠",
    "10♦",
    "9♠",
    "8♥",
    "9♥",
    "draw",
    "K♦",
    "A♠",
    "draw",
    "Q♠",
    "J♦",
    "draw",
    "6♠",
    "draw",
    "8♦",
    "draw",
    "3♣",
    "4♣",
    "draw",
    "draw",
    "draw",
    "draw",
    "draw",
    "draw",
    "10♥",
]
