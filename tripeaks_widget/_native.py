"""The compiled search: which modules are compiled, and which build of them runs.

The modules listed in ``COMPILED`` are plain Python, and the same files are also compiled
with Cython (its pure-Python mode: the types the compiler uses sit in ``cython.locals``
decorators, so the source still runs, unchanged, as Python). A wheel built on a machine
with a C compiler carries the compiled build beside the sources; without a compiler, or in
the browser's Python (Pyodide), the sources run. ``TRIPEAKS_PURE_PYTHON=1`` makes the
sources run even where the compiled build is installed.

This file is read by the build hook (``hatch_build.py``) on its own, without importing
the package: it imports nothing but the standard library at the top.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.util
import json
import logging
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

# Compiled together, in this order; a module added here is compiled by the next build.
COMPILED = (
    "tripeaks_widget.solver._space",
    "tripeaks_widget.solver._search",
    "tripeaks_widget.solver._score",
    "tripeaks_widget.fair.removal",  # fair play's hot loops: the playouts, the exact fair value, the search
    "tripeaks_widget.fair.playout",
    "tripeaks_widget.fair.expectimax",
    "tripeaks_widget.fair.tree",
)
# Written a second time in C, from a .c source beside them (the win search: see solver/_csearch.c);
# built with them and used only with them, guarded by the differential test of the two searches.
C_MODULES = ("tripeaks_widget.solver._csearch",)

FORCE_VARIABLE = "TRIPEAKS_PURE_PYTHON"
BUILT_FROM = "_native_build.json"  # beside this file: each compiled module's source digest at build time
_log = logging.getLogger("tripeaks_widget")
_answer: str | None = None  # load()'s, once decided


class _Kind:
    """A C type, standing in: a fixed array of it (``kind[28]``) stands in as itself."""

    def __getitem__(self, size: int) -> _Kind:
        return self


class _NoGil:
    """``cython.nogil`` standing in: compiled, a function or a block run without the GIL; as
    Python, a decorator that changes nothing and a block that does nothing more (the
    interpreter lets other threads run between its own steps)."""

    def __call__(self, function):
        return function

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc) -> None:
        return None


class _Shadow:
    """What the compiled modules use of Cython's ``cython`` module, for when Cython is not
    installed: the type declarations are no-ops and the code runs as Python."""

    compiled = False
    nogil = _NoGil()
    longlong = ulonglong = double = bint = p_longlong = void = _Kind()

    @staticmethod
    def locals(**types):
        return lambda function: function

    @staticmethod
    def returns(kind):
        return lambda function: function

    @staticmethod
    def cdivision(flag):
        return lambda function: function

    @staticmethod
    def exceptval(value=None, check=True):
        return lambda function: function

    @staticmethod
    def typedef(kind):
        return kind

    @staticmethod
    def cclass(kind):
        return kind

    @staticmethod
    def ccall(function):
        return function

    cfunc = inline = ccall

    @staticmethod
    def declare(kind=None, value=None, **types):
        return value


cython = _Shadow()


def forced() -> bool:
    """Whether ``TRIPEAKS_PURE_PYTHON`` asks for the sources (any value but "", "0")."""
    return os.environ.get(FORCE_VARIABLE, "") not in ("", "0")


def _source(name: str) -> Path:
    suffix = ".c" if name in C_MODULES else ".py"
    return Path(__file__).resolve().parent.parent.joinpath(*name.split(".")).with_suffix(suffix)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _why_not_compiled() -> str | None:
    """None when every listed module has a compiled build made from its source as it is now;
    else why the sources must serve."""
    if forced():
        return f"{FORCE_VARIABLE} is set"
    try:
        built_from = json.loads(Path(__file__).with_name(BUILT_FROM).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        built_from = {}
    for name in COMPILED + C_MODULES:  # looked for beside the source, without importing its package
        source = _source(name)
        if not any(source.with_name(source.stem + suffix).exists() for suffix in EXTENSION_SUFFIXES):
            return "no compiled build is installed"
        if built_from.get(name) != digest(_source(name)):  # a source edited since: never a stale build
            return f"the compiled {name} was built from another version of its source (rebuild: pip install -e .)"
    return None


def _run_source(name: str, path: Path) -> None:
    """Import the module ``name`` from the Python file at ``path``, whatever else is beside it."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    setattr(sys.modules[parent], child, module)


class _Sources(importlib.abc.MetaPathFinder):
    """Finds the listed modules' sources ahead of their compiled builds, whenever they are imported."""

    def find_spec(self, name, path=None, target=None):
        return importlib.util.spec_from_file_location(name, _source(name)) if name in COMPILED else None


def load() -> str:
    """Choose the build of the listed modules, before any of them is imported (the package does
    it first): their compiled builds when each was made from its source as it is and pure
    Python is not forced, else all their sources, so that the two builds never mix. Returns
    "compiled" or "python", and says once, in the log at INFO, which it is."""
    global _answer
    if _answer is not None:
        return _answer
    why = _why_not_compiled()
    _answer = "python" if why is not None else "compiled"
    if why is not None:
        sys.meta_path.insert(0, _Sources())
        for name in COMPILED:  # one imported before the choice (not through the package) runs again
            if name in sys.modules and not getattr(sys.modules[name], "__file__", "").endswith(".py"):
                _run_source(name, _source(name))
        _log.info("tripeaks_widget: the solver's search runs as pure Python (%s)", why)
    else:
        _log.info("tripeaks_widget: the solver's search runs compiled")
    return _answer


def c_search():
    """The win search in C (``C_MODULES``) when the compiled build runs, else None."""
    return importlib.import_module(C_MODULES[0]) if _why_not_compiled() is None else None


def python_copy(package: str = "tripeaks_widget.solver", alias: str = "tripeaks_widget._solver_python"):
    """A second copy of ``package`` loaded under the name ``alias``, its listed modules from
    their sources: so that a benchmark can time both builds in one process. (Its ``BACKEND``
    is "python"; its relative imports reach the same package around it.)"""
    if alias in sys.modules:
        return sys.modules[alias]
    init = _source(package + ".__init__")
    spec = importlib.util.spec_from_file_location(alias, init, submodule_search_locations=[])
    assert spec is not None and spec.loader is not None
    copy = importlib.util.module_from_spec(spec)
    sys.modules[alias] = copy
    for name in COMPILED:
        if name.startswith(package + "."):
            _run_source(alias + name[len(package) :], _source(name))
    spec.loader.exec_module(copy)
    copy.BACKEND = "python"  # type: ignore[attr-defined]
    copy._csearch = None  # type: ignore[attr-defined]  # noqa: SLF001  (the sources' copy has no C search)
    return copy
