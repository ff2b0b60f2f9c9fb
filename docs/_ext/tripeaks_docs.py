"""The site's own Sphinx extension: what the pages are generated from.

- ``reference/api/*.md``: one page per public module of ``tripeaks_widget``, found by walking the
  package (a module or package whose name has no part starting with ``_``), never listed by hand;
  each public name is documented on the page of the module that defines it (or, when that module
  is private, of the shortest public module that exports it) and linked from the others.
- ``tutorials/*.ipynb``: the walkthrough notebooks of ``examples/``, run here (nbclient, in
  ``examples/``) and written with their outputs for myst-nb to show. A board shown in a notebook
  keeps, beside its live view, the picture of the board at that moment (``image/svg+xml``, drawn in
  Python from the snapshot the front end draws: :mod:`tripeaks_widget.picture`); each such
  picture, and each ``w.picture()`` or ``Game`` shown, becomes an SVG file of the site in
  ``tutorials/boards/`` (named by its digest), with the board's own words as alt text, from the
  snapshot the kernel drew it from. After each code cell the kernel is asked which boards are
  shown: one that stands otherwise than its last picture on the page gets a picture of it now.
- the ``{cli}`` directive: a command-line tool's help, printed by the parser its ``main`` builds.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import hashlib
import importlib
import inspect
import io
import json
import os
import pathlib
import pkgutil
import re
import time
from xml.etree import ElementTree

import nbformat
from docutils import nodes
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from tripeaks_widget import i18n

PACKAGE = "tripeaks_widget"
DOCS = pathlib.Path(__file__).resolve().parent.parent
ROOT = DOCS.parent
API = DOCS / "reference" / "api"
TUTORIALS = DOCS / "tutorials"

BOARDS = TUTORIALS / "boards"
logger = logging.getLogger(__name__)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SVG = "image/svg+xml"

# Run silently in each tutorial's kernel before its first cell. Every widget made is remembered, and
# every picture of a board drawn (``Picture.of``: a board shown, ``w.picture()``, a ``Game`` shown)
# with the snapshot it shows. ``_tripeaks_docs_boards(ids)`` gives, as JSON, for each widget view
# shown (its model id) the TriPeaks boards in it (a Comparison shows two), each with the picture of
# the board as it is now; and the snapshots of the pictures drawn since it was last asked, by digest.
KERNEL_SETUP = """\
import hashlib as _hashlib
import json as _json

import ipywidgets as _ipywidgets

from tripeaks_widget import TriPeaks as _TriPeaks
from tripeaks_widget.picture import Picture as _Picture

_tripeaks_docs_made, _tripeaks_docs_by_id, _tripeaks_docs_ids, _tripeaks_docs_drawn = [], {}, {}, {}
_ipywidgets.Widget.on_widget_constructed(_tripeaks_docs_made.append)
_tripeaks_docs_draw = _Picture.of.__func__


def _tripeaks_docs_picture(cls, view, lang=None):
    picture = _tripeaks_docs_draw(cls, view, lang)
    said = {**view, "lang": lang or view.get("lang")}
    _tripeaks_docs_drawn[_hashlib.sha256(picture.svg.encode()).hexdigest()] = said
    return picture


_Picture.of = classmethod(_tripeaks_docs_picture)


def _tripeaks_docs_boards(shown):
    while _tripeaks_docs_made:
        widget = _tripeaks_docs_made.pop()
        if widget.comm is not None:  # its model id is kept: a widget closed later has none
            _tripeaks_docs_by_id[widget.model_id], _tripeaks_docs_ids[id(widget)] = widget, widget.model_id

    def boards(widget):
        if isinstance(widget, _TriPeaks):
            yield _tripeaks_docs_ids[id(widget)], _Picture.of(widget.state).svg
        for child in getattr(widget, "children", ()):
            yield from boards(child)

    views = _tripeaks_docs_by_id
    now = {root: list(boards(views[root])) for root in shown if root in views}
    drawn = dict(_tripeaks_docs_drawn)
    _tripeaks_docs_drawn.clear()
    return _json.dumps({"boards": now, "drawn": drawn}, default=str)
"""

# --- the package's public surface --------------------------------------------------------------


def public_modules() -> list[str]:
    """Every public module of the package, the package itself first, in name order."""
    package = importlib.import_module(PACKAGE)
    names = [PACKAGE]
    for info in pkgutil.walk_packages(package.__path__, prefix=PACKAGE + "."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        names.append(info.name)
    return sorted(names)


def source_of(module) -> pathlib.Path:
    """The module's Python source, also where it runs compiled (from ``tripeaks_widget/_compiled/``)."""
    path = pathlib.Path(module.__file__)
    return path if path.suffix == ".py" else ROOT.joinpath(*module.__name__.split(".")).with_suffix(".py")


def defined_names(module) -> set[str]:
    """The names a module's own source binds at its top level (functions, classes, assignments)."""
    tree = ast.parse(source_of(module).read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    return names


def public_names(module) -> list[str]:
    """``__all__`` where the module has one, else what its own source defines without a leading underscore."""
    if hasattr(module, "__all__"):
        return list(module.__all__)
    # present at run time too: a compiled module drops the names only its typing uses
    return sorted(name for name in defined_names(module) if not name.startswith("_") and hasattr(module, name))


def surface() -> dict[str, dict[str, str]]:
    """For each public module, its public names, each mapped to the module whose page documents it:
    the public module whose source defines it, else (defined in a private module) the shortest
    public module that exports it."""
    modules = {name: importlib.import_module(name) for name in public_modules()}
    exported = {name: public_names(module) for name, module in modules.items()}
    defined = {name: defined_names(module) for name, module in modules.items()}
    table: dict[str, dict[str, str]] = {}
    first_exporter: dict[int, str] = {}  # for a name defined in a private module
    for module_name in sorted(modules, key=lambda m: (m.count("."), m)):
        table[module_name] = {}
        for name in exported[module_name]:
            value = getattr(modules[module_name], name)
            homes = [m for m in modules if name in defined[m] and name in exported[m]]
            homes = [m for m in homes if getattr(modules[m], name) is value]
            if homes:
                table[module_name][name] = module_name if module_name in homes else min(homes, key=len)
            else:
                table[module_name][name] = first_exporter.setdefault(id(value), module_name)
    return dict(sorted(table.items()))


# --- generated pages ---------------------------------------------------------------------------


def directive_for(value) -> str:
    if inspect.isclass(value):
        return "autoexception" if issubclass(value, BaseException) else "autoclass"
    if inspect.isroutine(value):
        return "autofunction"
    return "autodata"


def parts_of_the_package(value: type) -> bool:
    """Whether a class is made of parts that are all the package's own (``Records``: a mixin for
    each job): its page then shows the members its parts define, as its users call them."""
    bases = value.__mro__[1:-1]
    return bool(bases) and all(base.__module__.startswith("tripeaks_widget") for base in bases)


def module_page(module_name: str, names: dict[str, str]) -> str:
    module = importlib.import_module(module_name)
    lines = [
        f"# {module_name}",
        "",
        "```{eval-rst}",
        f".. automodule:: {module_name}",
        "   :no-members:",
        "```",
        "",
    ]
    here = [name for name, home in names.items() if home == module_name]
    elsewhere = {name: home for name, home in names.items() if home != module_name}
    if here:
        lines += ["```{eval-rst}"]
        for name in here:
            value = getattr(module, name)
            kind = directive_for(value)
            lines.append(f".. {kind}:: {module_name}.{name}")
            if kind in ("autoclass", "autoexception"):
                lines += ["   :members:", "   :show-inheritance:"]
                if parts_of_the_package(value):
                    lines.append("   :inherited-members:")  # its members, wherever in its parts written
            if kind == "autodata":
                lines.append("   :no-value:")
            lines.append("")
        lines += ["```", ""]
    if elsewhere:
        lines += ["Also exported here:", ""]
        lines += [f"- {{py:obj}}`{home}.{name}`" for name, home in elsewhere.items()]
        lines.append("")
    return "\n".join(lines)


def write_if_changed(path: pathlib.Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def generate_reference() -> None:
    API.mkdir(parents=True, exist_ok=True)
    table = surface()
    wanted = {f"{module}.md" for module in table}
    for stale in API.glob("*.md"):
        if stale.name not in wanted:
            stale.unlink()
    for module, names in table.items():
        write_if_changed(API / f"{module}.md", module_page(module, names))


class BoardsClient(NotebookClient):
    """Runs a notebook; after each code cell, asks the kernel which boards are shown and what
    pictures it drew.

    ``steps`` holds, per code cell, ``{"boards": {view's model id: [(board's model id, its picture
    now), ...]}, "drawn": {a picture's digest: the snapshot it shows}}``; ``as_run`` each code
    cell's outputs as the cell left them (a board shown again later turns its display before into
    its picture alone: the pictures are the same, but the view's model id, which names the board,
    is kept here)."""

    def __init__(self, notebook, **kwargs):
        super().__init__(notebook, **kwargs)
        self.shown: list[str] = []
        self.steps: dict[int, dict] = {}
        self.as_run: dict[int, list] = {}

    async def _ask(self, code: str, **expressions: str) -> dict:
        reply = await self.async_wait_for_reply(
            self.kc.execute(code, silent=True, store_history=False, user_expressions=expressions)
        )
        content = reply["content"] if reply else {"status": "no reply"}
        answers = content.get("user_expressions", {})
        failed = [a for a in answers.values() if a["status"] != "ok"]
        if content["status"] != "ok" or failed:
            raise RuntimeError(f"the kernel could not say which boards are shown: {content} {failed}")
        return {name: ast.literal_eval(answer["data"]["text/plain"]) for name, answer in answers.items()}

    async def async_execute_cell(self, cell, cell_index, execution_count=None, store_history=True):
        if cell_index == 0:
            await self._ask(KERNEL_SETUP)
        cell = await super().async_execute_cell(cell, cell_index, execution_count, store_history)
        if cell.cell_type == "code":
            for output in cell.get("outputs", []):
                view = output.get("data", {}).get(WIDGET_VIEW)
                if view and view["model_id"] not in self.shown:
                    self.shown.append(view["model_id"])
            answer = await self._ask("", boards=f"_tripeaks_docs_boards({self.shown!r})")
            self.steps[cell_index] = json.loads(answer["boards"])
            self.as_run[cell_index] = copy.deepcopy(cell.get("outputs", []))
        return cell


def digest(svg: str) -> str:
    """A picture's digest, as the kernel keys the snapshots it drew pictures from."""
    return hashlib.sha256(svg.encode()).hexdigest()


def looks(svg: str) -> str:
    """What a picture looks like, as a digest: two pictures of one board differ only in the prefix
    of their ids (made from the whole snapshot, its sequence numbers too), which is set aside."""
    prefix = re.search(r'<title id="([\w-]+)-title"', svg)
    return digest(svg.replace(prefix.group(1), "tp") if prefix else svg)


def alt_text(view: dict) -> str:
    """A picture's words, the board's own, from the snapshot it shows (or a game's view): its
    caption, the game, the score and moves, the message, the board in words as a screen reader
    reads it (R7), and the records' notices."""
    labels = i18n.labels(view.get("lang"))
    parts = [view.get("caption") or "", f"{labels['game_code']} {view['code']}"]
    parts.append(f"{labels['score']} {view['score']}, {labels['moves'].lower()} {view['moves']}")
    said = [view.get("ending") or "", view.get("message") or "", view.get("description") or ""]
    parts += dict.fromkeys(said)  # the ending is often the message
    parts += [notice["text"] for notice in view.get("notices", [])]
    sentences = (part if part.endswith((".", "!", "?")) else part + "." for part in map(str.strip, parts) if part)
    return " ".join(sentences).replace("\n", " ")


def svg_words(svg: str) -> str:
    """A picture's own text alternative (its ``<title>`` and ``<desc>``): for a picture the kernel
    did not draw through ``Picture.of`` (an animation)."""
    root = ElementTree.fromstring(svg)
    said = [root.findtext(f"{{http://www.w3.org/2000/svg}}{tag}") or "" for tag in ("title", "desc")]
    return ". ".join(part.strip().rstrip(".") for part in said if part.strip()) + "."


def picture_output(svg: str, drawn: dict[str, dict], wanted: dict[str, str]) -> dict:
    """A cell output showing a picture of a board as a file of the site, with its words as alt
    text; the file is added to ``wanted`` (name: SVG)."""
    name = looks(svg)[:20] + ".svg"
    wanted[name] = svg
    alt = alt_text(drawn[digest(svg)]) if digest(svg) in drawn else svg_words(svg)
    escaped = "".join("\\" + c if c in "\\[]" else c for c in alt)
    image = f"![{escaped}](boards/{name})"  # Markdown: the picture is a file of the site, with its alt
    return nbformat.v4.new_output("display_data", data={"text/markdown": image, "text/plain": alt})


def with_pictures(notebook, steps: dict[int, dict], wanted: dict[str, str]) -> None:
    """Each picture of a board in a cell's outputs (a board shown keeps one beside its live view;
    ``w.picture()`` and a ``Game`` shown are one) becomes a file of the site, with the board's words
    as alt text; a widget view that keeps none (a Comparison) becomes the pictures of its boards as
    they are after the cell. A board shown earlier that stands otherwise after the cell than its
    last picture on the page gets a picture after the cell's outputs. The files needed are added to
    ``wanted`` (name: SVG)."""
    pictured: dict[str, str] = {}  # board's model id: what its last picture on the page looks like
    drawn: dict[str, dict] = {}  # every picture the kernel drew: digest -> the snapshot it shows
    for index, step in steps.items():
        cell = notebook.cells[index]
        drawn.update(step["drawn"])
        now = {board: svg for boards in step["boards"].values() for board, svg in boards}
        outputs, here = [], set()
        for output in cell.outputs:
            data = output.get("data", {})
            view = data.get(WIDGET_VIEW)
            held = step["boards"].get(view["model_id"], []) if view else []
            if SVG in data and not any(board != view["model_id"] for board, _ in held):
                # a board shown (its view's model is the board), a picture, or a view no longer live
                outputs.append(picture_output(data[SVG], drawn, wanted))
                here.add(looks(data[SVG]))
                if view:
                    pictured[view["model_id"]] = looks(data[SVG])
            elif held:  # a view of boards (a Comparison): each board as the cell leaves it
                for board, svg in held:
                    outputs.append(picture_output(svg, drawn, wanted))
                    here.add(looks(svg))
                    pictured[board] = looks(svg)
            else:
                outputs.append(output)
        for board, svg in now.items():
            if board in pictured and pictured[board] != looks(svg):
                if looks(svg) not in here:
                    outputs.append(picture_output(svg, drawn, wanted))
                pictured[board] = looks(svg)
        cell.outputs = outputs


def generate_tutorials() -> None:
    TUTORIALS.mkdir(exist_ok=True)
    BOARDS.mkdir(exist_ok=True)
    wanted: dict[str, str] = {}
    executed = {}
    started = time.perf_counter()
    for source in sorted((ROOT / "examples").glob("[0-9]*.ipynb")):
        notebook = nbformat.read(source, as_version=4)
        client = BoardsClient(
            notebook, timeout=180, store_widget_state=False, resources={"metadata": {"path": str(source.parent)}}
        )
        try:
            client.execute()
        except CellExecutionError as error:
            raise ExtensionError(f"{source.relative_to(ROOT)} did not run:\n{error}") from None
        for index, outputs in client.as_run.items():
            notebook.cells[index].outputs = outputs
        with_pictures(notebook, client.steps, wanted)
        executed[source.name] = notebook
    logger.info(f"the tutorials ran in {time.perf_counter() - started:.0f} s, {len(wanted)} board pictures")
    for name, svg in wanted.items():
        write_if_changed(BOARDS / name, svg)
    for stale in BOARDS.iterdir():
        if stale.name not in wanted:
            stale.unlink()
    for name, notebook in executed.items():
        write_if_changed(TUTORIALS / name, nbformat.writes(notebook) + "\n")
    for name in ("records.sqlite3",):
        with contextlib.suppress(FileNotFoundError):
            (TUTORIALS / name).unlink()


def generate(app) -> None:
    generate_reference()
    generate_tutorials()
    lite = os.environ.get("TRIPEAKS_DOCS_LITE")
    if lite:  # docs/build.py --lite: the JupyterLite site, copied under the built site's lite/
        app.config.html_extra_path = [*app.config.html_extra_path, lite]


# --- {cli}: a tool's help from its own parser --------------------------------------------------


class _Parsed(Exception):
    """Raised in place of parsing: ``main`` has built its parsers and is stopped there."""


def cli_help(module_name: str) -> list[tuple[str, str]]:
    """(command, help text) for the tool's parser and each of its sub-commands, as ``main`` builds them.

    ``main`` runs until it parses its arguments, where it stops: nothing else is done. A tool
    without an argparse parser gives what it prints when called with no arguments."""
    module = importlib.import_module(module_name)
    if hasattr(module, "__path__"):  # a package: its tool is its __main__
        module = importlib.import_module(f"{module_name}.__main__")
    made: list[argparse.ArgumentParser] = []
    init, parse = argparse.ArgumentParser.__init__, argparse.ArgumentParser.parse_args

    def record(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    def stop(self, *args, **kwargs):
        raise _Parsed

    argparse.ArgumentParser.__init__, argparse.ArgumentParser.parse_args = record, stop
    os.environ["COLUMNS"] = "100"
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            module.main([])
    except _Parsed:
        return [(parser.prog, parser.format_help().strip()) for parser in made]
    finally:
        argparse.ArgumentParser.__init__, argparse.ArgumentParser.parse_args = init, parse
    return [(f"python -m {module_name}", err.getvalue().strip())]


class CliDirective(SphinxDirective):
    required_arguments = 1

    def run(self):
        result = []
        for title, text in cli_help(self.arguments[0]):
            section = nodes.section(ids=[nodes.make_id(title)])
            section += nodes.title(text=title)
            section += nodes.literal_block(text, text)
            result.append(section)
        return result


class LayoutsDirective(SphinxDirective):
    """Every built-in layout: its facts, its picture at the deal of game 1 (drawn by the package,
    as a notebook shows it) and its covers, row by row: each slot with the slots covering it."""

    def run(self):
        from tripeaks_widget import LAYOUTS, Game

        result = []
        for name, layout in LAYOUTS.items():
            game = Game.from_number(1, layout=layout)
            section = nodes.section(ids=[nodes.make_id(f"layout {name}")])
            section += nodes.title(text=name)
            face_up = sum(not slot.covered_by for slot in layout.slots)
            facts = (
                f"{layout.slot_count} slots in {len(layout.rows)} rows, {face_up} face up at the deal, "
                f"{len(layout.peak_slots)} peak(s), a stock of {game.stock_count} cards. "
                f"Deal 1's code: {game.code}."
            )
            section += nodes.paragraph(text=facts)
            section += nodes.raw("", game.picture().svg, format="html")
            covers = "\n".join(
                "  ".join(f"{slot}←{','.join(map(str, layout.slots[slot].covered_by)) or '-'}" for slot in row)
                for row in layout.rows
            )
            section += nodes.literal_block(covers, covers)
            result.append(section)
        return result


def drop_type_docstring(app, what, name, obj, options, lines):
    """A constant without a doc comment has no docstring: autodoc would show its type's instead."""
    if what not in ("data", "attribute") or inspect.isclass(obj):
        return
    borrowed = {type(obj).__doc__, getattr(getattr(obj, "__origin__", None), "__doc__", None)}
    if getattr(obj, "__doc__", None) in borrowed:
        lines.clear()


def class_signature(app, what, name, obj, options, signature, return_annotation):
    """A class's signature as ``help()`` and ``inspect.signature`` give it: autodoc takes a base's
    ``__new__(*args, **kwargs)`` (traitlets') before the class's own ``__init__``, which hides the
    widget's keywords. Without annotations, as every signature of the reference."""
    if what not in ("class", "exception") or signature != "(*args, **kwargs)":
        return None
    try:
        found = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    bare = [parameter.replace(annotation=inspect.Parameter.empty) for parameter in found.parameters.values()]
    return str(found.replace(parameters=bare, return_annotation=inspect.Signature.empty)), return_annotation


_HOMES: dict[str, str] = {}


def resolve_exported(app, env, node, contnode):
    """A reference to a name where a module exports it (``tripeaks_widget.Game``), or to one of its
    members (``tripeaks_widget.Game.solve``), resolves to the page that documents it
    (``tripeaks_widget.engine.game.Game``), wherever the module moves it from."""
    if node.get("refdomain") != "py":
        return None
    if not _HOMES:
        _HOMES.update({f"{m}.{n}": f"{home}.{n}" for m, names in surface().items() for n, home in names.items()})
    target = node.get("reftarget", "")
    name, member = target, ""
    while name and name not in _HOMES:  # a member of an exported name: ``tripeaks_widget.Game.solve``
        name, _, last = name.rpartition(".")
        member = f"{last}.{member}" if member else last
    if not name:
        return None
    home = _HOMES[name] + (f".{member}" if member else "")
    if home == target:
        return None
    node = node.deepcopy()
    node["reftarget"] = home
    return env.domains["py"].resolve_xref(env, node["refdoc"], app.builder, node["reftype"], home, node, contnode)


def setup(app):
    app.connect("builder-inited", generate)
    app.connect("missing-reference", resolve_exported)
    app.connect("autodoc-process-docstring", drop_type_docstring)
    app.connect("autodoc-process-signature", class_signature)
    app.add_directive("cli", CliDirective)
    app.add_directive("layouts", LayoutsDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
