"""A real JupyterHub for the browser tests: the hub from the package index, its proxy
(configurable-http-proxy) from npm, installed once into the user's cache, a configuration file of
the test's own, and students who log in through the hub's page. Built on labdriver's pieces
(the scratch Jupyter home, a notebook opened in JupyterLab); stop() ends the hub, its proxy and
every student's server."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from helpers.labdriver import Notebook, free_port, jupyter_home, screenshot

DOCS = Path(__file__).resolve().parents[2] / "docs"
PROXY = "configurable-http-proxy@5.3.0"  # JupyterHub's own proxy, as its docs install it: from npm
# Each student's single-user server: JupyterLab with its app exposed to the tests, no news, no update checks.
LAB_CONFIG = """
c.LabApp.expose_app_in_browser = True
c.LabApp.news_url = None
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
c.LabApp.extension_manager = "readonly"
"""
# What a student's server and kernels take from the test's environment: the interpreter and the
# package (PATH, PYTHONPATH), the spool of results left unwritten, and the language.
PASSED_ON = ("PATH", "PYTHONPATH", "TRIPEAKS_RECORDS_SPOOL", "LANGUAGE")


def proxy_program() -> Path:
    """configurable-http-proxy from npm (``PROXY``), in a folder of its own in the user's cache,
    installed there on first use: into a scratch folder beside it, then renamed into place, so
    that two sessions at once never share a half-made folder."""
    folder = Path(platformdirs.user_cache_dir("tripeaks-widget")) / PROXY.replace("@", "-")
    program = folder / "node_modules" / ".bin" / "configurable-http-proxy"
    if not (folder / ".complete").exists():
        shutil.rmtree(folder, ignore_errors=True)
        folder.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix=f".{folder.name}-", dir=folder.parent) as scratch:
            made = Path(scratch) / "proxy"
            done = subprocess.run(
                ["npm", "install", "--prefix", str(made), "--no-audit", "--no-fund", PROXY],
                capture_output=True,
                text=True,
                timeout=600,
            )
            if done.returncode != 0:
                raise RuntimeError(f"npm install {PROXY} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
            (made / ".complete").write_text(PROXY + "\n")
            try:
                made.rename(folder)
            except OSError:  # another session put its own there first
                if not (folder / ".complete").exists():
                    raise
    return program


def docs_recipe() -> str:
    """The documentation's JupyterHub recipe, as a teacher copies it into ``jupyterhub_config.py``:
    the one Python block of the docs that sets ``c.Spawner.pre_spawn_hook``."""
    blocks = [
        block
        for page in sorted(DOCS.rglob("*.md"))
        for block in re.findall(r"^```python\n(.*?)^```$", page.read_text(encoding="utf-8"), re.S | re.M)
        if "c.Spawner.pre_spawn_hook" in block
    ]
    assert len(blocks) == 1, f"expected one JupyterHub recipe (c.Spawner.pre_spawn_hook) in docs/, found {len(blocks)}"
    return blocks[0]


def hub_config(port: int, folder: Path, users: list[str]) -> str:
    """The test's own part of ``jupyterhub_config.py``: the hub on 127.0.0.1:``port``, its state in
    ``folder``/state, the proxy from npm, the dummy authenticator letting ``users`` in, and the local
    spawner giving each a home of their own under ``folder``/homes."""
    home, env = jupyter_home(LAB_CONFIG)  # its config and Lab settings; each student's own home keeps the rest
    passed = (*PASSED_ON, "JUPYTER_CONFIG_DIR", "JUPYTERLAB_SETTINGS_DIR")
    environment = {name: env[name] for name in passed if name in env}
    lines = {
        "c.JupyterHub.bind_url": f"http://127.0.0.1:{port}",
        "c.JupyterHub.hub_bind_url": f"http://127.0.0.1:{free_port()}",
        "c.ConfigurableHTTPProxy.api_url": f"http://127.0.0.1:{free_port()}",
        "c.ConfigurableHTTPProxy.command": [str(proxy_program())],
        "c.ConfigurableHTTPProxy.pid_file": str(folder / "state" / "proxy.pid"),
        "c.JupyterHub.db_url": f"sqlite:///{folder / 'state' / 'jupyterhub.sqlite'}",
        "c.JupyterHub.cookie_secret_file": str(folder / "state" / "cookie_secret"),
        "c.JupyterHub.authenticator_class": "dummy",
        "c.Authenticator.allowed_users": set(users),
        "c.JupyterHub.spawner_class": "simple",
        "c.SimpleLocalProcessSpawner.home_dir_template": str(folder / "homes" / "{username}"),
        "c.Spawner.cmd": [sys.executable, "-m", "jupyterhub.singleuser"],
        # CI runs as root; a server stops at the hub's SIGINT, without asking (it would wait 10 s to be killed)
        "c.Spawner.args": ["--allow-root", "--ServerApp.answer_yes=True"],
        "c.Spawner.default_url": "/lab",
        "c.Spawner.environment": environment,
        "c.JupyterHub.cleanup_servers": True,
    }
    (folder / "jupyter-home").write_text(str(home))
    return "".join(f"{name} = {value!r}\n" for name, value in lines.items())


@dataclass
class Hub:
    """A running JupyterHub in its own process group, its state and log in ``folder``."""

    url: str
    folder: Path
    process: subprocess.Popen
    _log: Any = field(repr=False, default=None)

    def log_tail(self, lines: int = 60) -> str:
        text = (self.folder / "hub.log").read_text(errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def user_url(self, name: str) -> str:
        return f"{self.url}/user/{name}"

    def stop(self) -> None:
        """The hub stops its students' servers and its proxy as it ends (``cleanup_servers``);
        any of its children still running after that is ended here."""
        children = _children(self.process.pid)
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        for pid in children:  # each in a session of its own: its group is its own
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)
        if self._log:
            self._log.close()
        home = self.folder / "jupyter-home"
        if home.exists():
            shutil.rmtree(home.read_text(), ignore_errors=True)

    def __enter__(self) -> Hub:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def server_environment(hub: Hub, name: str) -> dict[str, str]:
    """The environment the hub gave ``name``'s single-user server (Linux's /proc)."""
    for pid in _children(hub.process.pid):
        with contextlib.suppress(OSError):
            raw = Path(f"/proc/{pid}/environ").read_bytes()
            environment = dict(item.split("=", 1) for item in raw.decode().split("\0") if "=" in item)
            if environment.get("JUPYTERHUB_USER") == name:
                return environment
    raise AssertionError(f"no server of {name} among the hub's processes")


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux's /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


def start_hub(folder: Path, config: str, timeout: float = 60.0) -> Hub:
    """``jupyterhub -f folder/jupyterhub_config.py`` (``config`` its text), run from ``folder``/state
    as a service runs it, from a folder of its own; once its API answers. Raises with the log's
    tail if it never does."""
    port = int(re.search(r"bind_url = 'http://127.0.0.1:(\d+)'", config).group(1))
    (folder / "jupyterhub_config.py").write_text(config, encoding="utf-8")
    (folder / "state").mkdir()
    log = open(folder / "hub.log", "wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(folder / "jupyterhub_config.py")],
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=folder / "state",
        start_new_session=True,
    )
    hub = Hub(url=f"http://127.0.0.1:{port}", folder=folder, process=process, _log=log)
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            tail = hub.log_tail()
            hub.stop()
            raise RuntimeError(f"jupyterhub exited with {process.returncode}:\n{tail}")
        with contextlib.suppress(urllib.error.URLError, ConnectionError, OSError):
            with urllib.request.urlopen(f"{hub.url}/hub/api/", timeout=2) as reply:
                if reply.status == 200:
                    return hub
        if time.monotonic() > deadline:
            tail = hub.log_tail()
            hub.stop()
            raise RuntimeError(f"jupyterhub did not answer within {timeout:.0f} s:\n{tail}")
        time.sleep(0.25)


def log_in(page, hub: Hub, name: str, then: str) -> None:
    """Log in as ``name`` on the hub's page (the dummy authenticator takes any password), from a
    link to ``/hub/user-redirect/THEN`` (a teacher hands out ``lab/tree/NOTEBOOK``): the hub
    starts the user's server and sends the page on to ``THEN`` there (``opened`` waits for it)."""
    page.goto(f"{hub.url}/hub/login?next=/hub/user-redirect/{then}", wait_until="domcontentloaded")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "any")
    page.click("input[type=submit], button[type=submit]", no_wait_after=True)


_JS_PANEL = """(path) => {
  const app = window.jupyterapp;
  const panel = app && Array.from(app.shell.widgets("main")).find((w) => w.context && w.context.path === path);
  return panel && panel.sessionContext ? panel.id : null;
}"""


def opened(page, hub: Hub, name: str, notebook: str, timeout: float = 120_000) -> Notebook:
    """The notebook the student's JupyterLab opened from the link, once its kernel is idle."""
    page.wait_for_url(f"{hub.user_url(name)}/lab**", timeout=timeout)
    panel_id = page.wait_for_function(_JS_PANEL, arg=notebook, timeout=timeout).json_value()
    nb = Notebook(page, UserServer(hub.user_url(name)), notebook, panel_id)
    try:
        nb.wait_idle(timeout)
    except Exception as error:  # say what the page shows: the kernel's state, any dialog over it
        screenshot(page, f"FAILED-hub-{name}")
        raise AssertionError(f"{name}'s kernel never idle: {page.evaluate(_JS_KERNEL_SEEN, panel_id)}") from error
    return nb


_JS_KERNEL_SEEN = """(id) => {
  const panel = Array.from(window.jupyterapp.shell.widgets("main")).find((w) => w.id === id);
  const ctx = panel && panel.sessionContext, kernel = ctx && ctx.session && ctx.session.kernel;
  const dialog = document.querySelector(".jp-Dialog");
  return {ready: Boolean(ctx && ctx.isReady), kernel: kernel ? kernel.status + ", " + kernel.connectionStatus : null,
          dialog: dialog ? dialog.innerText.slice(0, 300) : null};
}"""


@dataclass
class UserServer:
    """A student's server behind the hub, as labdriver's Notebook addresses a server: by its URL."""

    url: str
