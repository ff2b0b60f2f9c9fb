"""The other notebook hosts, each as a server on 127.0.0.1 at a free port: Jupyter Notebook 7,
Voilà and marimo. Built on labdriver's pieces (the scratch Jupyter home, the server's
arguments, the process launched in its own group and waited for); stop() ends each one."""

from __future__ import annotations

import pathlib
import sys
import tempfile

from helpers.labdriver import (
    _JS_APP_READY,
    Board,
    LabServer,
    Notebook,
    free_port,
    jupyter_home,
    jupyter_server_args,
    launch_server,
    server_env,
)


def start_notebook7(root: pathlib.Path, timeout: float = 60.0) -> LabServer:
    """``jupyter notebook`` (Notebook 7) serving ``root``, its app exposed as ``window.jupyterapp``."""
    home, env = jupyter_home()
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "notebook",
        *jupyter_server_args(port, root),
        "--JupyterNotebookApp.expose_app_in_browser=True",
        f"--JupyterNotebookApp.user_settings_dir={home / 'user-settings'}",
        f"--JupyterNotebookApp.workspaces_dir={home / 'workspaces'}",
    ]
    return launch_server(
        "jupyter notebook", cmd, root=root, home=home, port=port, env=env, ready_path="/api/status", timeout=timeout
    )


def open_notebook7(page, server: LabServer, name: str, timeout: float = 60_000) -> Notebook:
    """Open ``name`` in Notebook 7's own page (one notebook per page) and wait for an idle kernel."""
    page.goto(f"{server.url}/notebooks/{name}", wait_until="domcontentloaded")
    page.wait_for_function(_JS_APP_READY, timeout=timeout)
    panel_id = page.wait_for_function(
        """() => { const w = Array.from(window.jupyterapp.shell.widgets("main"))
                     .find((w) => w.sessionContext && w.content && w.content.widgets);
                   return w ? w.id : null; }""",
        timeout=timeout,
    ).json_value()
    nb = Notebook(page, server, name, panel_id)
    nb.wait_idle(timeout)
    return nb


def open_app(host_page, server: LabServer, query: str = "?game=TP1-E-AAAAAAB"):
    """(page, board): an app served at ``/`` (Voila, marimo) opened with ``query`` in a new
    page of ``host_page``, once its board shows."""
    page = host_page()
    page.goto(f"{server.url}/{query}", wait_until="domcontentloaded")
    board = Board(page.locator(".tp-root"))
    board.stock.wait_for(state="visible", timeout=60_000)
    return page, board


def start_voila(notebook: pathlib.Path, timeout: float = 60.0) -> LabServer:
    """``voila notebook``: the notebook served as an app at ``/``, its code hidden."""
    home, env = jupyter_home()
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
    ]
    return launch_server(
        "voila",
        cmd,
        root=notebook.parent,
        home=home,
        port=port,
        env=env,
        ready_path="/voila/static/favicon.ico",
        timeout=timeout,
    )


def start_marimo(notebook: pathlib.Path, timeout: float = 60.0) -> LabServer:
    """``marimo run notebook``: the marimo notebook served as a read-only app at ``/``."""
    home = pathlib.Path(tempfile.mkdtemp(prefix="tripeaks-marimo-"))
    env = server_env()
    env["HOME"] = str(home)  # marimo's own settings and state stay in the scratch home
    env["XDG_CONFIG_HOME"] = str(home / "config")
    env["XDG_STATE_HOME"] = str(home / "state")
    env["XDG_CACHE_HOME"] = str(home / "cache")
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "marimo",
        "-q",
        "run",
        str(notebook),
        "--headless",
        "--no-token",
        "--no-sandbox",
        "--no-skew-protection",
        "--host=127.0.0.1",
        f"--port={port}",
    ]
    return launch_server(
        "marimo run", cmd, root=notebook.parent, home=home, port=port, env=env, ready_path="/health", timeout=timeout
    )
