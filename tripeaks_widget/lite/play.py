"""The site's own pages: ``play/``, a board to play by hand with no code cell, and the front page,
which offers it beside the notebooks.

``play/`` is a static page (``static/play/``): its worker starts the site's Pyodide runtime with
this package's wheel alone (no JupyterLab, no IPython kernel, no widget library), and the board's
Python is :class:`tripeaks_widget.play_page.PlayPage`; the board is drawn by the notebook's own
front end (``widget.js``, copied beside it). The page's settings (the assists the teacher
allows, the language it opens in, its words in every language) are written into it here.

JupyterLite's own front page only sends the browser on to JupyterLab; the site's front page
(``static/index.html``) offers Play and Notebooks instead, and keeps JupyterLite's settings, which
JupyterLab reads from it.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Iterable
from pathlib import Path

from ..i18n import LANGUAGES, SOURCE_LANGUAGE
from ..play_page import check_assists, hidden_controls, page_words
from .wheels import LiteBuildError

PAGES = Path(__file__).with_name("static")
FRONT_END = Path(__file__).resolve().parent.parent / "static"  # the board's front end, as the widget ships it
RUNTIME = "static/pyodide"  # the site's Pyodide runtime and wheels, from the site's root
CONFIG = re.compile(r'<script id="jupyter-config-data"[^>]*>.*?</script>', re.S)
FIELD = re.compile(r"\{\{(\w+)\}\}")


def fill(template: str, fields: dict[str, str]) -> str:
    """``template`` with each ``{{name}}`` replaced by ``fields[name]`` (already escaped as needed)."""
    return FIELD.sub(lambda match: fields[match.group(1)], template)


def script_json(value: object) -> str:
    """``value`` as JSON to stand inside a ``<script>`` element (no ``</`` in it)."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def write_pages(site: Path, wheel: str, assists: Iterable[str] | str = "all", lang: str | None = None) -> None:
    """Write ``play/`` into the built ``site`` (whose runtime folder holds the package's ``wheel``),
    and put the front page in place of JupyterLite's."""
    allowed = check_assists(assists)
    words = {code: page_words(code) for code in LANGUAGES}
    english = {key: html.escape(text) for key, text in words[SOURCE_LANGUAGE].items()}
    play = site / "play"
    shutil.copytree(PAGES / "play", play)
    for name in ("widget.js", "widget.css"):
        shutil.copyfile(FRONT_END / name, play / name)
    settings = {
        "assists": list(allowed),
        "hidden": hidden_controls(allowed),
        "lang": lang,
        "words": words,
        "wheel": f"../{RUNTIME}/{wheel}",
        "pyodide": f"../{RUNTIME}/",
    }
    page = play / "index.html"
    page.write_text(fill(page.read_text(encoding="utf-8"), {**english, "settings": script_json(settings)}), "utf-8")

    front = site / "index.html"
    config = CONFIG.search(front.read_text(encoding="utf-8"))
    if config is None:
        raise LiteBuildError(f"{front}: JupyterLite's front page holds no jupyter-config-data to keep")
    template = (PAGES / "index.html").read_text(encoding="utf-8")
    front.write_text(fill(template, {**english, "config": config.group(0), "words": script_json(words)}), "utf-8")
