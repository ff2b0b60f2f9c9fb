"""The site's own Sphinx extension: what the pages are generated from.

- ``reference/api/*.md``: one page per public module of ``tripeaks_widget``, found by walking the
  package (a module or package whose name has no part starting with ``_``), never listed by hand;
  each public name is documented on the page of the module that defines it (or, when that module
  is private, of the shortest public module that exports it) and linked from the others.
- ``tutorials/*.ipynb``: copies of the walkthrough notebooks in ``examples/``, which myst-nb runs
  at build time. A first cell, removed from the page, registers an HTML rendering of the board for
  the kernel: the board at that step drawn as text by the engine (``str(game)``), since the live
  widget needs a widget manager fetched from the network.
- the ``{cli}`` directive: a command-line tool's help, printed by the parser its ``main`` builds.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib
import inspect
import io
import os
import pathlib
import pkgutil

import nbformat
from docutils import nodes
from myst_nb.sphinx_ import NbMetadataCollector
from sphinx.util.docutils import SphinxDirective

PACKAGE = "tripeaks_widget"
DOCS = pathlib.Path(__file__).resolve().parent.parent
ROOT = DOCS.parent
API = DOCS / "reference" / "api"
TUTORIALS = DOCS / "tutorials"

BOARD_AS_HTML = """\
# Shown on the docs site only: the board at this step, drawn by the engine, as offline HTML; and
# the notebook runs in examples/, as it does there (it reads files beside it).
import html as _html
import os as _os

from IPython import get_ipython as _get_ipython

from tripeaks_widget import TriPeaks as _TriPeaks


def _board_html(widget):
    return '<pre class="tp-board-text">' + _html.escape(str(widget.game)) + "</pre>"


_get_ipython().display_formatter.formatters["text/html"].for_type(_TriPeaks, _board_html)
_os.chdir({examples!r})
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
    """The module's Python source, also where it runs compiled (the ``.py`` stays beside the ``.so``)."""
    path = pathlib.Path(module.__file__)
    return path if path.suffix == ".py" else path.with_name(path.name.split(".")[0] + ".py")


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


def generate_tutorials() -> None:
    TUTORIALS.mkdir(exist_ok=True)
    for source in sorted((ROOT / "examples").glob("[0-9]*.ipynb")):
        notebook = nbformat.read(source, as_version=4)
        first = nbformat.v4.new_code_cell(
            BOARD_AS_HTML.format(examples=str(ROOT / "examples")), metadata={"tags": ["remove-cell"]}
        )
        notebook.cells.insert(0, first)
        write_if_changed(TUTORIALS / source.name, nbformat.writes(notebook) + "\n")
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


def drop_type_docstring(app, what, name, obj, options, lines):
    """A constant without a doc comment has no docstring: autodoc would show its type's instead."""
    if what not in ("data", "attribute") or inspect.isclass(obj):
        return
    borrowed = {type(obj).__doc__, getattr(getattr(obj, "__origin__", None), "__doc__", None)}
    if getattr(obj, "__doc__", None) in borrowed:
        lines.clear()


_HOMES: dict[str, str] = {}


def resolve_exported(app, env, node, contnode):
    """A reference to a name where a module exports it (``tripeaks_widget.Game``) resolves to the
    page that documents it (``tripeaks_widget.engine.game.Game``), wherever the module moves it from."""
    if node.get("refdomain") != "py":
        return None
    if not _HOMES:
        _HOMES.update({f"{m}.{n}": f"{home}.{n}" for m, names in surface().items() for n, home in names.items()})
    target = node.get("reftarget", "")
    home = _HOMES.get(target)
    if home is None or home == target:
        return None
    node = node.deepcopy()
    node["reftarget"] = home
    return env.domains["py"].resolve_xref(env, node["refdoc"], app.builder, node["reftype"], home, node, contnode)


def drop_widget_state(app, doctree):
    """The widgets' saved state serves only a widget manager, which these pages do not load (the
    board is shown as the HTML its first cell registers): leave it out of the page."""
    NbMetadataCollector.get_js_files(app.env, app.env.docname).pop("ipywidgets_state", None)


def setup(app):
    app.connect("builder-inited", generate)
    app.connect("doctree-read", drop_widget_state)
    app.connect("missing-reference", resolve_exported)
    app.connect("autodoc-process-docstring", drop_type_docstring)
    app.add_directive("cli", CliDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
