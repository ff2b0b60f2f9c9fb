"""The documentation site (docs/) and README.md: the site builds from a clean checkout with no
network, warnings as errors and every cross-reference resolved; its links lead somewhere; every
public name has a page and a docstring, and the reference shows methods with their signatures and
properties as properties; every Python example runs and prints what its page says; the board's
picture is current; each step of a tutorial shows its board as the picture its output keeps, with
the board's words as alt text, and the live board in Chromium draws the same position as that
picture; every page opens in Chromium without a console error.

The site is built once (about a minute: the walkthrough notebooks run) into a temporary copy of
the tracked files. ``python docs/build.py`` builds it for a reader."""

from __future__ import annotations

import ast
import doctest
import functools
import http.server
import importlib
import importlib.util
import inspect
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import threading
import unittest
import xml.etree.ElementTree as ET
from html import unescape
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

import pytest
from helpers.support import in_a_thread_of_its_own

sybil = pytest.importorskip("sybil", reason="Sybil runs the docs' examples (pip install -e '.[test]')")
pytest.importorskip("sphinx", reason="Sphinx builds the docs (pip install -e '.[test]')")
import nbformat  # noqa: E402
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser  # noqa: E402

from tripeaks_widget import Game, TriPeaks  # noqa: E402
from tripeaks_widget.board import Board  # noqa: E402
from tripeaks_widget.engine.cards import Card  # noqa: E402
from tripeaks_widget.picture import Picture  # noqa: E402
from tripeaks_widget.picture import svg as drawing  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]


def load(path: pathlib.Path):
    """A script of docs/ as a module, without putting docs/ on the path (its build.py would shadow
    the ``build`` package)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sys.path.insert(0, str(ROOT / "docs" / "_ext"))  # the site's own extension, as conf.py puts it
import board_pictures  # noqa: E402

screenshot = load(ROOT / "docs" / "screenshot.py")
tripeaks_docs = load(ROOT / "docs" / "_ext" / "tripeaks_docs.py")
TUTORIALS = sorted((ROOT / "examples").glob("[0-9]*.ipynb"))

PAGES_WITH_EXAMPLES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("[!_]*/*.md")), ROOT / "docs" / "rules.md"]

# Refuses every connection that leaves the machine, in the build and in the kernels it starts.
NO_NETWORK = """
import ipaddress, socket

_connect = socket.socket.connect


def _loopback_only(self, address):
    host = address[0] if isinstance(address, tuple) else None
    if host is not None:
        try:
            local = host == "localhost" or ipaddress.ip_address(host).is_loopback
        except ValueError:
            local = False
        if not local:
            raise OSError(f"the docs build may not use the network (connect to {host!r})")
    return _connect(self, address)


socket.socket.connect = _loopback_only
"""

# Public names whose docstrings wait for widget.py, assists.py and results.py, being rebuilt elsewhere.
WAITING: set[str] = set()  # public names still waiting for a docstring: none


def tracked_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, text=True)
    return [name for name in listed.stdout.split("\0") if name]


def need_chromium() -> None:
    """Skip where there is no Chromium, unless browser tests are required (CI)."""
    if not pathlib.Path(board_pictures.CHROMIUM).exists():
        if os.environ.get("TRIPEAKS_E2E") == "required":
            pytest.fail(f"no Chromium at {board_pictures.CHROMIUM}")
        pytest.skip(f"no Chromium at {board_pictures.CHROMIUM} (the live board is drawn there)")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> pathlib.Path:
    """The site, built from a copy of the tracked files with warnings as errors and no network."""
    checkout = tmp_path_factory.mktemp("checkout")
    for name in tracked_files():
        if (ROOT / name).is_file():
            (checkout / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, checkout / name)
    guard = tmp_path_factory.mktemp("guard")
    (guard / "sitecustomize.py").write_text(NO_NETWORK, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    env["PYTHONPATH"] = os.pathsep.join([str(guard), str(checkout)])
    out = checkout / "docs" / "_build" / "html"
    result = subprocess.run(
        [sys.executable, "docs/build.py", "--out", str(out)], cwd=checkout, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, f"the site did not build:\n{result.stdout[-3000:]}\n{result.stderr[-6000:]}"
    return out


def test_the_build_refuses_the_network(tmp_path):
    (tmp_path / "sitecustomize.py").write_text(NO_NETWORK, encoding="utf-8")
    probe = "import socket; socket.create_connection(('192.0.2.1', 80), timeout=1)"
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True)
    assert result.returncode != 0 and "may not use the network" in result.stderr


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []  # (tag, attribute, value)

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if name in ("href", "src") and value:
                self.links.append((tag, name, value))


@functools.cache
def parsed(path: pathlib.Path) -> Links:
    links = Links()
    links.feed(path.read_text(encoding="utf-8"))
    return links


def pages(site: pathlib.Path) -> list[pathlib.Path]:
    return sorted(site.rglob("*.html"))


def test_every_internal_link_leads_to_a_page_and_its_anchor(site):
    broken, remote = [], []
    for page in pages(site):
        for tag, attribute, value in parsed(page).links:
            parts = urlsplit(value)
            if parts.scheme in ("http", "https") or value.startswith("//"):
                if not (tag == "a" and attribute == "href"):
                    remote.append(f"{page.relative_to(site)}: {tag} {attribute}={value}")
                continue
            if parts.scheme in ("mailto", "data", "javascript"):
                continue
            target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(site)}: {value}")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in parsed(target).ids:
                broken.append(f"{page.relative_to(site)}: {value} (no such anchor)")
    assert not remote, f"pages that would load something from the network: {remote}"
    assert not broken, f"{len(broken)} broken links: {broken[:20]}"


def test_every_public_name_has_a_page(site):
    missing = []
    for module, names in tripeaks_docs.surface().items():
        page = site / "reference" / "api" / f"{module}.html"
        if not page.exists():
            missing.append(f"{module} (no page)")
            continue
        ids = parsed(page).ids
        missing += [
            f"{module}.{name}" for name, home in names.items() if home == module and f"{module}.{name}" not in ids
        ]
    assert not missing, f"public names the reference does not show: {missing}"


def signature_lines(page: pathlib.Path) -> dict[str, str]:
    """Each documented object's signature line on a reference page, by its id, as a reader reads it."""
    lines = {}
    for anchor, inner in re.findall(r'<dt class="sig sig-object py" id="([^"]+)">(.*?)</dt>', page.read_text(), re.S):
        words = unescape(re.sub(r"<[^>]+>", "", inner)).replace("¶", "")
        lines[anchor] = re.sub(r"\s+", " ", words).strip()
    return lines


def as_documented(name: str, member) -> str:
    """How the reference writes a member: ``property score``, ``win_chance(*, kind='fair', ...)``."""
    if isinstance(member, property):
        return f"property {name}"
    function = member.__func__ if isinstance(member, classmethod) else member
    signature = inspect.signature(function)
    bare = [parameter.replace(annotation=inspect.Parameter.empty) for parameter in signature.parameters.values()]
    shown = signature.replace(parameters=bare[1:], return_annotation=inspect.Signature.empty)  # not self or cls
    return f"{'classmethod ' if isinstance(member, classmethod) else ''}{name}{shown}"


@pytest.mark.parametrize("cls", [TriPeaks, Board], ids=["TriPeaks", "Board"])
def test_the_reference_shows_methods_with_their_signatures_and_properties_as_properties(site, cls):
    """The widget and the board, whose members are made by reading through (``reads_through``):
    each public method with its signature, each property as a property, and the constructor with
    its keywords, as ``help()`` shows them."""
    home = f"{cls.__module__}.{cls.__qualname__}"
    lines = signature_lines(site / "reference" / "api" / f"{cls.__module__}.html")
    assert "records=None" in lines[home] and "**" not in lines[home], lines[home]
    assert lines[f"{home}.win_chance"] == "win_chance(*, kind='fair', samples=None, seed=0, budget=None)"
    assert lines[f"{home}.score"] == "property score"
    members = {
        name: member
        for name, member in vars(cls).items()
        if not name.startswith("_") and isinstance(member, (property, classmethod, type(as_documented)))
    }
    assert len(members) > 40
    wrong = {name: lines.get(f"{home}.{name}") for name, member in members.items()}
    wrong = {name: line for name, line in wrong.items() if line != as_documented(name, members[name])}
    assert not wrong, wrong


def documented_members(cls) -> dict[str, object]:
    """The public methods and properties a class defines itself (autodoc shows each)."""
    members = {}
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        function = member.fget if isinstance(member, property) else getattr(member, "__func__", member)
        if inspect.isroutine(function) or isinstance(member, property):
            members[name] = function
    return members


def test_every_public_module_class_and_function_has_a_docstring():
    """Every public module, every class and function it defines, and every public method and
    property of those classes (an override may take its docstring from the method it overrides)."""
    lacking = []
    for module_name, names in tripeaks_docs.surface().items():
        module = importlib.import_module(module_name)
        if not (module.__doc__ or "").strip():
            lacking.append(module_name)
        for name, home in names.items():
            value = getattr(module, name)
            if home != module_name or not (inspect.isclass(value) or inspect.isroutine(value)):
                continue
            if not (value.__doc__ or "").strip():
                lacking.append(f"{module_name}.{name}")
            if inspect.isclass(value):
                for member in documented_members(value):
                    if not (inspect.getdoc(getattr(value, member)) or "").strip():
                        lacking.append(f"{module_name}.{name}.{member}")
    assert set(lacking) - WAITING == set(), f"public names without a docstring: {sorted(set(lacking) - WAITING)}"
    assert WAITING <= set(lacking), f"these have a docstring now: take them off WAITING: {WAITING - set(lacking)}"


@pytest.mark.parametrize("path", PAGES_WITH_EXAMPLES, ids=[str(p.relative_to(ROOT)) for p in PAGES_WITH_EXAMPLES])
def test_the_python_examples_run_as_written_in_order(path, tmp_path, monkeypatch):
    """Each page's Python blocks run in order in one namespace; a ``>>>`` block's output must be
    what the page shows. ``<!-- skip: next "why" -->`` skips a block that needs a hub or a server."""
    monkeypatch.setenv("TRIPEAKS_RECORDS", str(tmp_path / "records.sqlite3"))
    monkeypatch.setenv("TRIPEAKS_PACE", "0")
    monkeypatch.chdir(tmp_path)
    document = sybil.Sybil(parsers=[PythonCodeBlockParser(doctest_optionflags=doctest.ELLIPSIS), SkipParser()]).parse(
        path
    )
    ran = 0
    for example in document:
        try:
            example.evaluate()
        except unittest.SkipTest:  # a block the page marks as skipped, with its reason
            continue
        ran += 1
    document.namespace.clear()
    if path.name == "README.md":
        assert ran >= 2, "README.md shows a Python example"


def test_the_board_picture_is_current():
    recorded = json.loads(screenshot.SIDECAR.read_text(encoding="utf-8"))
    assert screenshot.PICTURE.is_file()
    assert recorded == screenshot.digests(screenshot.traits()), (
        "docs/_static/board.png is stale (the bundle, its styles or the board shown changed): "
        "run python docs/screenshot.py"
    )


SVG = "{http://www.w3.org/2000/svg}"
BOARD_ALT = re.compile(r"\bGame TP\w-[\w-]+\. Score \d+, moves \d+\.")  # a board's alt: its game, score, moves


class Cells(HTMLParser):
    """A tutorial page's code cells in order, each with the board pictures in its output (alt, src)."""

    def __init__(self):
        super().__init__()
        self.cells: list[list[tuple[str, str]]] = []
        self.depth = 0
        self.cell_depth: int | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "div":
            self.depth += 1
            if "cell" in (attrs.get("class") or "").split():
                self.cells.append([])
                self.cell_depth = self.depth
        elif tag == "img" and self.cell_depth is not None and BOARD_ALT.search(attrs.get("alt") or ""):
            self.cells[-1].append((attrs["alt"], attrs["src"]))

    def handle_endtag(self, tag):
        if tag == "div":
            if self.depth == self.cell_depth:
                self.cell_depth = None
            self.depth -= 1


def tutorial_cells(site: pathlib.Path, notebook: pathlib.Path) -> list[tuple[str, list[tuple[str, str]]]]:
    """(source, board pictures in its output) for each code cell of a tutorial, as its page shows it."""
    cells = Cells()
    cells.feed((site / "tutorials" / f"{notebook.stem}.html").read_text(encoding="utf-8"))
    code = [cell.source for cell in nbformat.read(notebook, as_version=4).cells if cell.cell_type == "code"]
    assert len(cells.cells) == len(code), f"{notebook.name}: its page shows every code cell once"
    return list(zip(code, cells.cells, strict=True))


def captions_set(source: str) -> list[str]:
    """The captions a cell gives a board as plain strings (``w.caption = "..."``), in order."""
    return [
        node.value.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Assign)
        and any(isinstance(target, ast.Attribute) and target.attr == "caption" for target in node.targets)
        and isinstance(node.value, ast.Constant)
    ]


@pytest.mark.parametrize("notebook", TUTORIALS, ids=[path.stem for path in TUTORIALS])
def test_each_step_of_a_tutorial_shows_its_board(site, notebook):
    """Each cell that captions a board (a step of the walkthrough) shows the picture of that board,
    its caption first in the alt text; a tutorial that makes a board shows it."""
    cells = tutorial_cells(site, notebook)
    steps = 0
    for source, pictures in cells:
        for caption in captions_set(source):
            steps += 1
            alts = [alt for alt, _ in pictures]
            assert any(alt.startswith(caption) for alt in alts), f"{notebook.name}: no picture of {caption!r}: {alts}"
    pictures = [picture for _, shown in cells for picture in shown]
    assert len(pictures) >= steps
    makes_a_board = "TriPeaks(" in notebook.read_text(encoding="utf-8")
    assert bool(pictures) == makes_a_board, f"{notebook.name}: {len(pictures)} board pictures"


def test_the_rules_walkthrough_shows_each_position_the_engine_reaches(site):
    """The rules walkthrough's board after the deal, K♣, A♠, 2♦, a draw and its undo: each step's
    picture says the position the engine reaches (the discard first), in order."""
    game = Game("TP1-E-AAAAAAB")
    expected = [game.describe()]
    for action in ["K♣", "A♠", "2♦", "draw", "undo"]:
        game.apply(action)
        expected.append(game.describe())
    assert "discard: king of clubs" in expected[1]
    notebook = ROOT / "examples" / "02_rules_walkthrough.ipynb"
    alts = iter(alt for _, pictures in tutorial_cells(site, notebook) for alt, _ in pictures)
    for description in expected:
        assert any(description in alt for alt in alts), f"no picture, in order, of: {description}"


def test_the_tutorial_pictures_are_the_boards_own_pictures(site):
    """Each board picture of a tutorial is a picture the package drew of a board (the whole board,
    its text alternative the board in words), and its alt text holds those words."""
    shown = {
        (site / "tutorials" / src).resolve(): alt
        for notebook in TUTORIALS
        for _, pictures in tutorial_cells(site, notebook)
        for alt, src in pictures
    }
    assert len(shown) >= 20
    for path, alt in sorted(shown.items()):
        root = ET.fromstring(path.read_text(encoding="utf-8"))
        assert root.tag == f"{SVG}svg" and root.get("role") == "img", path.name
        assert root.get("width") == f"{drawing.WIDTH:.0f}" and 400 <= float(root.get("height")) <= 700, path.name
        assert root.findtext(f"{SVG}desc") in unescape(alt), path.name


def output(**data) -> dict:
    return nbformat.v4.new_output("display_data", data={"text/plain": "shown", **data})


def view_of(model_id: str) -> dict:
    return {"model_id": model_id, "version_major": 2, "version_minor": 0}


def test_each_picture_a_cell_keeps_becomes_a_file_and_a_later_change_adds_one():
    """The placing of the pictures, on a notebook's outputs: a board shown keeps the picture of
    that moment; a picture shown (``w.picture()``) is one too; a later cell that changes a board
    shown earlier gets its picture after its own outputs, unless it shows that picture itself; a
    cell that changes nothing gets none; a view that keeps no picture (a Comparison) becomes the
    pictures of its boards after the cell. Each picture's alt text is the snapshot's words."""
    board = TriPeaks("TP1-E-AAAAAAB", records=False, lang="en")
    board.caption = "The deal"
    printed = nbformat.v4.new_output("stream", name="stdout", text="498\n")
    cells, steps, drawn = [], {}, {}

    def cell(outputs, boxes=None):
        """A cell run: its outputs, and what the kernel says after it."""
        svg = Picture.of(board.state).svg
        drawn[tripeaks_docs.digest(svg)] = dict(board.state)
        cells.append(nbformat.v4.new_code_cell(outputs=outputs))
        shown = {board.model_id: [[board.model_id, svg]], **(boxes or {})}
        steps[len(cells) - 1] = {"boards": shown, "drawn": dict(drawn)}
        return svg

    deal = Picture.of(board.state).svg
    cell([output(**{tripeaks_docs.WIDGET_VIEW: view_of(board.model_id), tripeaks_docs.SVG: deal})])
    board.play("K♣")
    cell([printed])  # changed since its picture: one now
    cell([printed])  # unchanged: none
    board.play("A♠")
    now = board.picture().svg  # drawn from the board's snapshot: ids of its own, the same picture
    drawn[tripeaks_docs.digest(now)] = dict(board.state)
    cell([output(**{tripeaks_docs.SVG: now})])  # w.picture(): no second one
    cell([output(**{tripeaks_docs.WIDGET_VIEW: view_of("box")})], {"box": [["left", deal], ["right", now]]})
    notebook = nbformat.v4.new_notebook(cells=cells)
    wanted = {}
    tripeaks_docs.with_pictures(notebook, steps, wanted)
    first, second, third, fourth, fifth = (cell.outputs for cell in notebook.cells)
    assert [o["data"]["text/plain"][:50] for o in first] == ["The deal. Game TP1-E-AAAAAAB. Score 500, moves 0. "]
    assert second[0] == printed and "discard: king of clubs" in second[1]["data"]["text/plain"]
    assert third == [printed]
    assert len(fourth) == 1 and "discard: ace of spades" in fourth[0]["data"]["text/plain"]
    files = [o["data"]["text/markdown"].rsplit("/", 1)[1].rstrip(")") for o in fifth]
    assert files == [f"{tripeaks_docs.looks(svg)[:20]}.svg" for svg in (deal, now)]
    assert len(wanted) == 3 and {deal, now} <= set(wanted.values())
    board.close()


def live_and_pictured(camera, board: TriPeaks) -> tuple[dict, dict]:
    """Where each card lies, in units from the board's corner, and what it shows (a card, or
    ``"back"``): on the live board the front end draws in Chromium, and on the picture Python
    draws of the same snapshot."""
    camera.draw({"state": board.state, "labels": board.labels})
    live = camera.page.evaluate(
        """() => {
          const board = document.querySelector("#cell .tp-board").getBoundingClientRect();
          const shown = [...document.querySelectorAll("#cell .tp-slot:not(.tp-removed), #cell .tp-discard")];
          const places = shown.filter((card) => !card.classList.contains("tp-empty"))
            .map((card) => [card, card.classList.contains("tp-hidden") ? "back" : card.dataset.card]);
          const stock = document.querySelector("#cell .tp-stock:not(.tp-empty)");
          if (stock) places.push([stock, "back"]);
          const at = (card) => card.getBoundingClientRect();
          return { width: board.width, cards: places.map(([card, what]) =>
            [at(card).left - board.left, at(card).top - board.top, what]) };
        }"""
    )
    unit = live["width"] / drawing.BOARD_W
    on_board = {(x / unit, y / unit): what if what == "back" else Card.parse(what) for x, y, what in live["cards"]}
    root = ET.fromstring(Picture.of(board.state).svg)
    prefix = root.find(f"{SVG}title").get("id").removesuffix("title")
    felt = next(rect for rect in root.iter(f"{SVG}rect") if rect.get("fill") == f"url(#{prefix}felt)")
    top = float(felt.get("y")) + 0.28 * drawing.UNIT  # the table's padding above the peaks
    pictured = {}
    for use in root.iter(f"{SVG}use"):
        name = use.get("href").removeprefix(f"#{prefix}")
        if name.startswith("card-"):
            x, y = (float(use.get("x")) - drawing.PAD_X) / drawing.UNIT, (float(use.get("y")) - top) / drawing.UNIT
            pictured[x, y] = "back" if name == "card-back" else Card.parse(name.removeprefix("card-"))
    return on_board, pictured


def test_the_live_board_draws_the_position_its_picture_draws():
    """For a few positions, the front end in Chromium and the picture Python draws of the same
    snapshot put the same cards face up, each in the same place (in units, within a hundredth; a
    card that fits raised alike), and the face-down cards in the same places; only the picture
    draws the stock's second card peeking out under its top one."""
    need_chromium()
    pytest.importorskip("playwright.sync_api")
    positions = [("TP1-E-AAAAAAB", "en", ""), ("TP1-E-AAAAAAB", "he", "K♣ A♠ 2♦ draw")]
    positions += [("TP1-C-AAAAAAD", "en", " ".join(["draw"] * 23)), ("TP1-E-AAAAAAB", "el", " ".join(["draw"] * 22))]
    with board_pictures.Camera(900) as camera:
        for code, lang, line in positions:
            board = TriPeaks(code, records=False, lang=lang)
            board.replay(line, pace=0)
            on_board, pictured = live_and_pictured(camera, board)
            for (x, y), what in on_board.items():
                near = [place for place in pictured if abs(place[0] - x) < 0.01 and abs(place[1] - y) < 0.01]
                assert len(near) == 1 and pictured.pop(near[0]) == what, (code, line, (x, y), what)
            assert sum(what != "back" for what in on_board.values()) == len(board.free()) + 1, (code, line)
            piles = drawing.THREE_PEAKS  # the table of a view naming no layout
            under = [(piles["stock_x"] - 0.06, piles["pile_top"] + 0.05)] if board.stock_count > 1 else []
            left = [(round(x, 2), round(y, 2), what) for (x, y), what in pictured.items()]
            assert left == [(round(x, 2), round(y, 2), "back") for x, y in under], (code, line)
            board.close()


def test_the_board_pictures_refuse_the_network(tmp_path):
    need_chromium()
    pytest.importorskip("playwright.sync_api")
    traits = screenshot.traits()
    with board_pictures.Camera(400) as camera:
        camera.take(traits, tmp_path / "drawn.png")
        camera.page.evaluate("fetch('http://192.0.2.1/card.png').catch(() => null)")
        with pytest.raises(RuntimeError, match=r"asked for http://192\.0\.2\.1/card\.png"):
            camera.take(traits, tmp_path / "refused.png")
    assert (tmp_path / "drawn.png").stat().st_size > 0 and not (tmp_path / "refused.png").exists()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.mark.e2e
def test_every_page_opens_in_chromium_without_a_console_error(site):
    playwright = pytest.importorskip("playwright.sync_api")
    if not pathlib.Path(screenshot.CHROMIUM).exists():
        if os.environ.get("TRIPEAKS_E2E") == "required":
            pytest.fail(f"no Chromium at {screenshot.CHROMIUM}")
        pytest.skip(f"no Chromium at {screenshot.CHROMIUM}")
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    problems: list[str] = []
    try:

        def visit() -> None:
            with playwright.sync_playwright() as p:
                browser = p.chromium.launch(executable_path=screenshot.CHROMIUM)
                page = browser.new_page()
                current = {"url": ""}

                def refuse_remote(route):
                    if route.request.url.startswith(base):
                        return route.continue_()
                    problems.append(f"{current['url']}: requested {route.request.url}")
                    return route.abort()

                page.route("**/*", refuse_remote)
                page.on("console", lambda m: m.type == "error" and problems.append(f"{current['url']}: {m.text}"))
                page.on("pageerror", lambda e: problems.append(f"{current['url']}: {e}"))
                for html in pages(site):
                    current["url"] = base + html.relative_to(site).as_posix()
                    response = page.goto(current["url"], wait_until="load")
                    assert response is not None and response.ok, current["url"]
                browser.close()

        in_a_thread_of_its_own(visit)
    finally:
        server.shutdown()
    assert not problems, problems[:20]
