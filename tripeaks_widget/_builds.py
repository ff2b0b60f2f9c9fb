"""Which build runs: the pure-Python sources, or the compiled build. Decided in ``choose()``.

Each hot loop has at most two implementations: the pure-Python reference, which the browser's
Python (Pyodide) and machines without a C compiler run, and one compiled build, the faster one
measured (the site's page "How the solver works"):

- the solver's searches (``solver/_search.py``, ``solver/_score.py``) are written a second time
  in C (``solver/_csearch.c``; ``C_MODULES``);
- fair play's hot loops (``CYTHON_MODULES``: the playouts, the exact fair value, the tree
  search) are compiled by Cython from their own sources (its pure-Python mode: the types the
  compiler uses sit in ``cython.locals`` decorators, so the source still runs, unchanged, as
  Python).

``hatch_build.py`` puts the compiled build in a folder of its own, ``tripeaks_widget/_compiled/``,
under each module's own name: ``_compiled/fair/playout.<suffix>`` is ``tripeaks_widget.fair.playout``.
When ``choose()`` says "compiled", ``solver`` and ``fair`` put their folder there first on their
package's ``__path__`` (``compiled_first``), so the same imports find the compiled modules; when
it says "python" nothing changes and the sources run. The choice is one for the whole package,
so the two builds never mix. ``TRIPEAKS_PURE_PYTHON=1`` makes the sources run even where the
compiled build is installed.

The build writes down what it made (``built_from.json``): each compiled file, its digest, and the
digest of the source it was made from. The compiled build runs only when all of it still holds
and each file loads here; a file damaged or replaced since, one that does not load, or a stray
importable file in ``_compiled`` (which would hide its source) makes the sources run, all of
them, with a warning that names the file.

This file is read by the build hook (``hatch_build.py``) on its own, without importing the
package: it imports nothing but the standard library.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, all_suffixes
from importlib.util import spec_from_file_location
from pathlib import Path
from typing import Generic, TypeVar, overload

# Compiled by Cython from their own sources, in this order; a module added here is compiled by the next build.
CYTHON_MODULES = (
    "tripeaks_widget.fair.removal",
    "tripeaks_widget.fair.playout",
    "tripeaks_widget.fair.expectimax",
    "tripeaks_widget.fair.tree",
)
# Written a second time in C, from a .c source in the package (the solver's searches: see
# solver/_csearch.c), held to the Python reference by the differential test of the two.
C_MODULES = ("tripeaks_widget.solver._csearch",)

FORCE_VARIABLE = "TRIPEAKS_PURE_PYTHON"
PACKAGE = Path(__file__).resolve().parent
COMPILED_DIR = "_compiled"  # in the package: the compiled build, one folder a subpackage
BUILT_FROM = "built_from.json"  # in COMPILED_DIR: what the build made (see record)
REBUILD = "rebuild: pip install -e ."
_log = logging.getLogger("tripeaks_widget")
_choice: str | None = None  # choose()'s, once decided
F = TypeVar("F", bound=Callable[..., object])  # a function, declared for the compiler and unchanged as Python
K = TypeVar("K", bound=type)  # a class
V = TypeVar("V")  # the Python value a C type holds


class _Kind(Generic[V]):
    """A C type, standing in, with the Python value it holds as Python (``V``, for type checkers): a
    fixed array of it (``kind[28]``) stands in as itself, a list as Python."""

    def __getitem__(self, size: int) -> _Kind[list[V]]:
        return _Kind()


class _NoGil:
    """``cython.nogil`` standing in: compiled, a function or a block run without the GIL; as
    Python, a decorator that changes nothing and a block that does nothing more (the
    interpreter lets other threads run between its own steps)."""

    def __call__(self, function: F) -> F:
        return function

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _unchanged(function: F) -> F:
    return function


class _Shadow:
    """What the compiled modules use of Cython's ``cython`` module, for when Cython is not
    installed: the type declarations are no-ops and the code runs as Python. Its types are what
    a type checker reads of ``cython`` in those modules."""

    compiled = False
    nogil = _NoGil()
    longlong: _Kind[int] = _Kind()
    ulonglong: _Kind[int] = _Kind()
    double: _Kind[float] = _Kind()
    bint: _Kind[bool] = _Kind()
    p_longlong: _Kind[Sequence[int]] = _Kind()  # compiled, a C array's first number; as Python, a sequence
    void: _Kind[None] = _Kind()

    @staticmethod
    def locals(**types: object) -> Callable[[F], F]:
        return _unchanged

    @staticmethod
    def returns(kind: object) -> Callable[[F], F]:
        return _unchanged

    @staticmethod
    def cdivision(flag: bool) -> Callable[[F], F]:
        return _unchanged

    @staticmethod
    def exceptval(value: object = None, check: bool = True) -> Callable[[F], F]:
        return _unchanged

    @staticmethod
    def typedef(kind: _Kind[V]) -> _Kind[V]:
        return kind

    @staticmethod
    def cclass(kind: K) -> K:
        return kind

    @staticmethod
    def ccall(function: F) -> F:
        return function

    cfunc = inline = ccall

    @overload
    @staticmethod
    def declare(kind: _Kind[V], value: V = ..., *, visibility: str = ...) -> V: ...

    @overload
    @staticmethod
    def declare(kind: type[object], value: V = ..., *, visibility: str = ...) -> V: ...  # V: as annotated

    @staticmethod
    def declare(kind: object, value: object = None, *, visibility: str = "") -> object:
        """A variable of type ``kind`` declared: as Python, its ``value`` (None until it is given one)."""
        return value


cython = _Shadow()


def forced() -> bool:
    """Whether ``TRIPEAKS_PURE_PYTHON`` asks for the sources (any value but "", "0")."""
    return os.environ.get(FORCE_VARIABLE, "") not in ("", "0")


def source(name: str, package: Path = PACKAGE) -> Path:
    """The source a listed module is built from: its Python file, or its C file (``C_MODULES``)."""
    suffix = ".c" if name in C_MODULES else ".py"
    return package.joinpath(*name.split(".")[1:]).with_suffix(suffix)


def built(name: str, package: Path = PACKAGE) -> Path:
    """Where a listed module's compiled build goes, but for the extension's suffix (``_compiled/fair/playout``)."""
    return package.joinpath(COMPILED_DIR, *name.split(".")[1:])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def leftovers(package: Path = PACKAGE) -> list[Path]:
    """Compiled files anywhere in the package but ``_compiled``, left by an older build: Python would
    import them ahead of their sources whichever build is chosen (``python hatch_build.py`` removes them)."""
    return sorted(
        path
        for path in package.rglob("*")
        if path.name.endswith(tuple(EXTENSION_SUFFIXES)) and COMPILED_DIR not in path.relative_to(package).parts
    )


def record(name: str, made: Path, place: Path, package: Path = PACKAGE) -> dict[str, str]:
    """What the build writes down (in ``built_from.json``) of the listed module ``name``, compiled
    to ``made`` for ``place`` in the package: its source's digest, the compiled file's path in
    ``_compiled`` and its digest."""
    return {
        "source": digest(source(name, package)),
        "file": place.relative_to(package / COMPILED_DIR).as_posix(),
        "digest": digest(made),
    }


def _found(name: str) -> Path | None:
    """The compiled file the import of the listed module ``name`` finds (its folder first on the
    path: the first of this Python's extension suffixes), or None."""
    place = built(name)
    files = (place.with_name(place.name + suffix) for suffix in EXTENSION_SUFFIXES)
    return next((path for path in files if path.is_file()), None)


def _why_not_compiled(made: dict[str, object]) -> str | None:
    """None when every listed module has a compiled file for this Python, recorded by the build
    (``made``) as made from its source as it is now; else why the sources serve (said at INFO:
    nothing is broken)."""
    if forced():
        return f"{FORCE_VARIABLE} is set"
    for name in CYTHON_MODULES + C_MODULES:
        if _found(name) is None:
            return "no compiled build is installed"
        entry = made.get(name)
        if not isinstance(entry, dict) or not {"source", "file", "digest"} <= entry.keys():
            return f"the compiled build has no record of {name} ({REBUILD})"
        if entry["source"] != digest(source(name)):  # a source edited since: never a stale build
            return f"the compiled {name} was built from another version of its source ({REBUILD})"
    return None


def _fault(made: dict[str, dict[str, str]]) -> str | None:
    """None when each compiled file the imports find is the one the build made and loads here, and
    ``_compiled`` holds nothing else Python could import; else which file, and why (said as a
    warning). The bytes are checked before anything is loaded: loading a library cut short can kill
    the process."""
    folder = PACKAGE / COMPILED_DIR
    files = {path: name for name in CYTHON_MODULES + C_MODULES if (path := _found(name)) is not None}
    for path, name in files.items():
        if path.relative_to(folder).as_posix() != made[name]["file"] or digest(path) != made[name]["digest"]:
            return f"{path} is not the file the build made: damaged or replaced ({REBUILD})"
    for path in sorted(folder.rglob("*")):
        if path.name.endswith(tuple(all_suffixes())) and "__pycache__" not in path.parts and path not in files:
            return f"{path} is not part of the compiled build and would hide a source (remove it)"
    for path, name in files.items():
        error = _load_error(name, path)
        if error is not None:
            return f"{path} does not load here ({error})"
    return None


def _load_error(name: str, path: Path) -> str | None:
    """Why the compiled module ``name`` at ``path`` does not load, or None. Its library is loaded
    and its module made, but not run (nothing it imports is imported)."""
    loader = ExtensionFileLoader(name, str(path))
    entered = name in sys.modules
    try:
        loader.create_module(spec_from_file_location(name, path, loader=loader))  # type: ignore[arg-type]
    except Exception as error:  # whatever a library that cannot load raises: the sources serve instead
        said = " ".join(str(error).split())
        return f"{type(error).__name__}: {said[:160]}{'…' if len(said) > 160 else ''}"
    finally:
        if not entered:  # a module made in C's old way enters sys.modules as it is made: the import proper enters it
            sys.modules.pop(name, None)
    return None


def choose() -> str:
    """Which build runs: "compiled" when every listed module has a compiled build made from its
    source as it is now, the file the build made, that loads here, and ``TRIPEAKS_PURE_PYTHON``
    is not set; else "python". Decided once for the process, and said once in the log with the
    reason: at INFO, or as a warning when the compiled build is installed but damaged."""
    global _choice
    if _choice is None:
        try:
            made = json.loads((PACKAGE / COMPILED_DIR / BUILT_FROM).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            made = {}
        made = made if isinstance(made, dict) else {}
        level, why = logging.INFO, _why_not_compiled(made)
        if why is None and (fault := _fault(made)) is not None:
            level, why = logging.WARNING, fault
        _choice = "compiled" if why is None else "python"
        _log.log(level, "tripeaks_widget: the %s build runs%s", _choice, "" if why is None else f" ({why})")
        for path in leftovers():
            _log.warning("tripeaks_widget: %s is an old build's and shadows its source: remove it", path)
    return _choice


def compiled_first(package: str, path: list[str]) -> None:
    """Put the compiled build of the subpackage ``package`` first on its ``__path__`` (``path``)
    when ``choose()`` says "compiled": from then on its listed modules import compiled."""
    folder = PACKAGE.joinpath(COMPILED_DIR, *package.split(".")[1:])
    if choose() == "compiled" and folder.is_dir() and str(folder) not in path:
        path.insert(0, str(folder))
