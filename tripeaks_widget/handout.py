"""A lesson notebook as a handout, HTML or PDF, with every step's board, offline.

    python -m tripeaks_widget.handout lesson.ipynb [--to html|pdf] [--output PATH]

The notebook is run top to bottom (nbclient, in its own folder), without the widgets' state: each
board shown keeps the picture of its step (:mod:`tripeaks_widget.shown`), and the newest, whose
live view has no state to be drawn from, shows its picture too. The notebook's own
``metadata.widgets`` (a state saved by an earlier run) is dropped, so no stale board comes through.
The HTML is nbconvert's; the PDF is that page printed by Chromium, headless. A cell that fails is
reported, and the handout is made all the same with the error in its place. Needs the ``handout``
extra (``pip install "tripeaks-widget[handout]"``); the PDF needs Chromium or Chrome.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

from .engine.errors import InvalidValueError, TriPeaksError

# A picture wider than the page (a comparison's boards; one board on a printed page) is scaled to fit.
FIT = "<style>.jp-OutputArea-output img { max-width: 100%; height: auto; }</style>"
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def executed(path: Path, timeout: int = 600) -> tuple[nbformat.NotebookNode, list[str]]:
    """The notebook at ``path`` run top to bottom without the widgets' state, and what each failed
    cell raised (``cell 4: NameError: name 'w' is not defined``)."""
    notebook: nbformat.NotebookNode = nbformat.read(path, as_version=4)
    notebook.metadata.pop("widgets", None)  # a state saved by an earlier run: never in the handout
    client = NotebookClient(
        notebook,
        timeout=timeout,
        store_widget_state=False,
        allow_errors=True,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    failed = []
    for number, cell in enumerate(notebook.cells, start=1):
        for output in cell.get("outputs", []):
            if output.output_type == "error":
                failed.append(f"cell {number}: {output.ename}: {output.evalue}")
    return notebook, failed


def chromium() -> str:
    """The Chromium (or Chrome) on this machine's path."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    raise InvalidValueError(f"a PDF handout needs Chromium or Chrome on the path (one of {', '.join(BROWSERS)})")


def printed(html: str, pdf: Path, browser: str) -> None:
    """``html`` printed to ``pdf`` by headless Chromium."""
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "handout.html"
        page.write_text(html, encoding="utf-8")
        command = [browser, "--headless", "--disable-gpu", "--no-pdf-header-footer", f"--print-to-pdf={pdf}"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox
        command.append(page.as_uri())
        subprocess.run(command, check=True, capture_output=True, timeout=180)
    if not pdf.exists():
        raise InvalidValueError(f"Chromium did not print the PDF ({browser})")


def handout(path: str | Path, to: str = "html", output: str | Path | None = None, timeout: int = 600) -> Path:
    """Make the handout of the notebook at ``path``; returns its path (beside the notebook by default).
    A failed cell is reported on stderr."""
    path = Path(path)
    if to not in ("html", "pdf"):
        raise InvalidValueError(f"a handout is 'html' or 'pdf'; got {to!r}")
    if not path.is_file():
        raise InvalidValueError(f"a handout is made from a notebook file (.ipynb); there is none at {path}")
    target = Path(output) if output is not None else path.with_suffix(f".{to}")
    notebook, failed = executed(path, timeout)
    for line in failed:
        print(f"warning: {path.name}, {line}", file=sys.stderr)
    html, _ = HTMLExporter().from_notebook_node(notebook, resources={"metadata": {"name": path.stem}})
    html = html.replace("</head>", FIT + "</head>", 1)
    if to == "html":
        target.write_text(html, encoding="utf-8")
    else:
        printed(html, target.resolve(), chromium())
    return target


def main(argv: list[str] | None = None) -> int:
    """The handout's command line (``python -m tripeaks_widget.handout``); returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m tripeaks_widget.handout",
        description="A lesson notebook as a handout with every step's board, offline: run, then HTML or PDF.",
    )
    parser.add_argument("notebook", type=Path, help="the lesson (.ipynb)")
    parser.add_argument("--to", choices=("html", "pdf"), default="html", help="the handout's kind (default: html)")
    parser.add_argument("--output", type=Path, help="where to write it (default: beside the notebook)")
    parser.add_argument("--timeout", type=int, default=600, help="seconds a cell may take (default: 600)")
    args = parser.parse_args(argv)
    try:
        target = handout(args.notebook, args.to, args.output, args.timeout)
    except TriPeaksError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
