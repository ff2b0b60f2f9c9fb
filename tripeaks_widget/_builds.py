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

This file is read by the build hook (``hatch_build.py``) on its own, without importing the
package: it imports nothing but the standard library.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import logging
import os
import struct
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

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
BUILT_FROM = "built_from.json"  # in COMPILED_DIR: each compiled module's source digest at build time
_log = logging.getLogger("tripeaks_widget")
_choice: str | None = None  # choose()'s, once decided


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


def _why_not_compiled() -> str | None:
    """None when every listed module has a compiled build made from its source as it is now;
    else why the sources must serve."""
    if forced():
        return f"{FORCE_VARIABLE} is set"
    try:
        built_from = json.loads((PACKAGE / COMPILED_DIR / BUILT_FROM).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        built_from = {}
    files = {}
    for name in CYTHON_MODULES + C_MODULES:
        path = built(name)
        found = [path.with_name(path.name + suffix) for suffix in EXTENSION_SUFFIXES]
        if not any(file.exists() for file in found):
            return "no compiled build is installed"
        if built_from.get(name) != digest(source(name)):  # a source edited since: never a stale build
            return f"the compiled {name} was built from another version of its source (rebuild: pip install -e .)"
        files[name] = next(file for file in found if file.exists())
    return _unloadable(files)


def _unloadable(files: dict[str, Path]) -> str | None:
    """None when each compiled file loads on this machine as the module it is named for, and the
    compiled build's folder holds no other; else which file cannot serve, and why. A file is
    opened as a shared library (``ctypes``) and asked for its module's entry point, so nothing of
    it runs: a damaged or foreign file makes the sources serve, never a half-compiled package."""
    listed = {file.resolve() for file in files.values()}
    for other in sorted((PACKAGE / COMPILED_DIR).rglob("*")):
        if other.name.endswith(tuple(EXTENSION_SUFFIXES)) and other.resolve() not in listed:
            return f"{other} is no module of the compiled build (it would take its source's place): remove it"
    for name, file in files.items():
        cut = _cut_short(file)
        if cut:
            return f"{file} is cut short ({cut}; rebuild: pip install -e .)"
        try:
            library = ctypes.CDLL(str(file))
        except OSError as error:
            return f"{file} cannot be loaded here ({str(error)[:160]}; rebuild: pip install -e .)"
        entry = "PyInit_" + name.rsplit(".", 1)[1]
        if not hasattr(library, entry):
            return f"{file} is not the module {name} (it has no {entry}; rebuild: pip install -e .)"
    return None


def _cut_short(file: Path) -> str | None:
    """Why an ELF shared library (Linux) is not whole, or None: its segments and section table must
    lie within the file (the loader would fault reading past its end). Other formats: None."""
    data = file.read_bytes()
    if data[:4] != b"\x7fELF":
        return None
    if len(data) < 64:
        return f"{len(data)} bytes, no whole header"
    wide, order = data[4] == 2, "<" if data[5] == 1 else ">"
    layout = f"{order}16xHHIQQQIHHHHHH" if wide else f"{order}16xHHIIIIIHHHHHH"
    _, _, _, _, phoff, shoff, _, _, phentsize, phnum, shentsize, shnum, _ = struct.unpack_from(layout, data)
    ends = [shoff + shentsize * shnum, phoff + phentsize * phnum]
    for index in range(phnum):
        at = phoff + index * phentsize
        if at + phentsize > len(data):
            break
        offset, filesz = struct.unpack_from(f"{order}8xQ8x8xQ" if wide else f"{order}4xI8xI", data, at)
        ends.append(offset + filesz)
    end = max(ends)
    return f"{len(data):,} bytes where its headers need {end:,}" if end > len(data) else None


def choose() -> str:
    """Which build runs: "compiled" when every listed module has a compiled build made from its
    source as it is now and ``TRIPEAKS_PURE_PYTHON`` is not set, else "python". Decided once
    for the process, and said once, in the log at INFO, with the reason."""
    global _choice
    if _choice is None:
        why = _why_not_compiled()
        _choice = "compiled" if why is None else "python"
        _log.info("tripeaks_widget: the %s build runs%s", _choice, "" if why is None else f" ({why})")
        for path in leftovers():
            _log.warning("tripeaks_widget: %s is an old build's and shadows its source: remove it", path)
    return _choice


def compiled_first(package: str, path: list[str]) -> None:
    """Put the compiled build of the subpackage ``package`` first on its ``__path__`` (``path``)
    when ``choose()`` says "compiled": from then on its listed modules import compiled."""
    folder = PACKAGE.joinpath(COMPILED_DIR, *package.split(".")[1:])
    if choose() == "compiled" and folder.is_dir() and str(folder) not in path:
        path.insert(0, str(folder))
