"""What the site's Python loads: the Pyodide runtime, the wheels, and a lock that lists them.

Pyodide's own ``pyodide-lock.json`` (from the npm package) names 356 packages, none of them in
that package, and its hashes are those of Pyodide's rebuilt wheels, not PyPI's. The site's lock
is rebuilt here from exactly the wheels the site ships: each entry has its wheel's own file
name and hash, and its ``depends`` from the wheel's requirements (evaluated for Pyodide's
Python). An entry for a wheel not shipped would be fetched from outside when imported, so none
is kept.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

from .. import _builds
from ..engine.errors import TriPeaksError

NATIVE_SUFFIXES = {".so", ".pyd", ".c"}  # the compiled search's files, which a browser cannot load

Log = Callable[[str], None]

# What the Pyodide kernel installs at start (its worker: micropip, then piplite's installs).
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
# Requirements the front-end extensions of the site stand for: their wheels hold only the
# extensions, which the site serves already, so the kernel never loads them.
FRONT_END_ONLY = frozenset({"widgetsnbextension", "jupyterlab-widgets"})
# The runtime's files the kernel's worker loads (no source maps, no console pages).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


class LiteBuildError(TriPeaksError):
    """The site could not be built; the message says what is missing and how to get it."""


class LockInfo(TypedDict):
    """The runtime a Pyodide lock is for (the fields the build reads; the lock has more)."""

    python: str  # its Python's full version


class LockPackage(TypedDict):
    """A package in a Pyodide lock, as the site's lock lists it."""

    name: str
    version: str
    file_name: str
    install_dir: str
    sha256: str
    package_type: str
    imports: list[str]
    depends: list[str]
    unvendored_tests: bool


class Lock(TypedDict):
    """A Pyodide lock (``pyodide-lock.json``): its runtime, and the packages it loads by name."""

    info: LockInfo
    packages: dict[str, LockPackage]


@dataclass
class Wheel:
    name: str  # canonical
    path: Path
    requires: list[Requirement] = field(default_factory=list)

    @property
    def version(self) -> str:
        """The version in the wheel's file name."""
        return str(parse_wheel_filename(self.path.name)[1])


def browser_environment(python: str) -> dict[str, str]:
    """Marker values of Pyodide's Python (``python`` is its full version, from the lock)."""
    return {
        "python_version": ".".join(python.split(".")[:2]),
        "python_full_version": python,
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "extra": "",
    }


def run(command: list[str], what: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    """Run a build step; its failure says what could not be had, with the tool's own words."""
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False, env=env)
    except FileNotFoundError:
        raise LiteBuildError(f"{what}: {command[0]!r} was not found on PATH") from None
    if done.returncode != 0:
        said = [
            f"{name}:\n" + "\n".join(text.strip().splitlines()[-15:])
            for name, text in (("its output", done.stdout), ("its errors", done.stderr))
            if text and text.strip()
        ]  # both: the cause may be on either, with warnings on the other
        raise LiteBuildError(f"{what} failed ({' '.join(command)}):\n" + ("\n".join(said) or "it said nothing"))
    return done.stdout


def fetch_runtime(version: str, into: Path, log: Log) -> Lock:
    """The npm package ``pyodide@version``, its runtime files copied ``into``; returns its lock."""
    npm = shutil.which("npm")
    if npm is None:
        raise LiteBuildError(
            f"the Pyodide runtime comes from the npm package pyodide@{version}, "
            "and npm was not found: install Node.js and npm"
        )
    log(f"fetching the Pyodide runtime: npm pack pyodide@{version}")
    with tempfile.TemporaryDirectory() as scratch:
        out = run(
            [npm, "pack", f"pyodide@{version}", "--silent"], f"fetching pyodide@{version} from npm", Path(scratch)
        )
        tarball = Path(scratch) / out.strip().splitlines()[-1]
        with tarfile.open(tarball) as archive:
            members = {m.name.removeprefix("package/"): m for m in archive.getmembers()}
            missing = [name for name in RUNTIME_FILES if name not in members]
            if missing:
                raise LiteBuildError(f"the npm package pyodide@{version} lacks {', '.join(missing)}")
            into.mkdir(parents=True, exist_ok=True)
            for name in RUNTIME_FILES:
                source = archive.extractfile(members[name])
                assert source is not None
                (into / name).write_bytes(source.read())
    lock: Lock = json.loads((into / "pyodide-lock.json").read_text(encoding="utf-8"))
    return lock


def download(specs: Iterable[str], python: str, into: Path, log: Log) -> None:
    """Pure-Python wheels from the package index (PyPI), for Pyodide's Python."""
    specs = sorted(set(specs))
    if not specs:
        return
    log(f"downloading {len(specs)} wheels: {' '.join(specs)}")
    version = "".join(python.split(".")[:2])
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"]
    command += ["--platform", "any", "--implementation", "py", "--abi", "none", "--python-version", version]
    run([*command, "--dest", str(into), *specs], f"downloading the wheels {', '.join(specs)}")


def requirements(path: Path) -> list[Requirement]:
    """The requirements a wheel's metadata lists."""
    with zipfile.ZipFile(path) as archive:
        metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        text = archive.read(metadata).decode("utf-8")
    return [
        Requirement(line.split(":", 1)[1].strip()) for line in text.splitlines() if line.startswith("Requires-Dist:")
    ]


def imports(path: Path) -> list[str]:
    """The top-level modules a wheel installs (Pyodide's ``imports``)."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
    tops = set()
    for name in names:
        top = name.split("/", 1)[0]
        if top.endswith((".dist-info", ".data")):
            continue
        tops.add(top.removesuffix(".py") if "/" not in name else top)
    return sorted(t for t in tops if t.isidentifier())


def sha256(path: Path) -> str:
    """The file's SHA-256, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def installed_version(name: str) -> str | None:
    """The version of the installed distribution ``name``; None when it is not installed."""
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def pick_version(name: str, wanted: list[Requirement], lock: dict[str, LockPackage]) -> str | None:
    """The version to ship: Pyodide's own when its lock has the package and it fits, else the one
    installed here (so the Python side matches the front-end extension built with it), else
    none pinned (the newest that fits)."""
    known = lock.get(name)
    for candidate in (None if known is None else known.get("version"), installed_version(name)):
        if candidate and all(r.specifier.contains(candidate, prereleases=True) for r in wanted):
            return candidate
    return None


def resolve(
    roots: dict[str, Path | None], lock: dict[str, LockPackage], python: str, into: Path, log: Log
) -> dict[str, Wheel]:
    """Every wheel the roots need, transitively: the given local wheels, the rest downloaded."""
    env = browser_environment(python)
    wheels: dict[str, Wheel] = {}
    wanted: dict[str, list[Requirement]] = {name: [] for name in roots}
    while True:
        todo = [name for name in wanted if name not in wheels]
        if not todo:
            break
        local = {name: roots[name] for name in todo if roots.get(name) is not None}
        specs = []
        for name in todo:
            if name in local:
                continue
            version = pick_version(name, wanted[name], lock)
            extras = sorted({e for r in wanted[name] for e in r.extras})
            spec = f"{name}[{','.join(extras)}]" if extras else name
            specs.append(f"{spec}=={version}" if version else str(Requirement(f"{name}{_joined(wanted[name])}")))
        download(specs, python, into, log)
        for name in todo:
            path = local.get(name) or _found(into, name)
            wheel = wheels[name] = Wheel(name, path)
            asked = {e for r in wanted[name] for e in r.extras}  # the extras asked of it
            for requirement in requirements(path):
                marker_ok = requirement.marker is None or any(
                    Marker(str(requirement.marker)).evaluate({**env, "extra": e}) for e in (asked or {""})
                )
                needed = canonicalize_name(requirement.name)
                if not marker_ok or needed in FRONT_END_ONLY:
                    continue
                wheel.requires.append(requirement)
                if needed in wheels and not requirement.specifier.contains(wheels[needed].version, prereleases=True):
                    raise LiteBuildError(
                        f"{name} needs {requirement}, but {needed} {wheels[needed].version} is already chosen"
                    )
                wanted.setdefault(needed, []).append(requirement)
    return wheels


def _joined(requirements: list[Requirement]) -> str:
    return ",".join(str(r.specifier) for r in requirements if str(r.specifier))


def _found(folder: Path, name: str) -> Path:
    for path in folder.glob("*.whl"):
        if canonicalize_name(parse_wheel_filename(path.name)[0]) == name:
            return path
    raise LiteBuildError(f"no wheel of {name} was downloaded into {folder}")


def rebuild_lock(lock: Lock, wheels: dict[str, Wheel], folder: Path) -> Lock:
    """Pyodide's lock, listing exactly ``wheels`` (copied into ``folder``, next to the lock)."""
    packages: dict[str, LockPackage] = {}
    for name, wheel in sorted(wheels.items()):
        target = folder / wheel.path.name
        if wheel.path.resolve() != target.resolve():
            shutil.copyfile(wheel.path, target)
        depends: list[str] = sorted({canonicalize_name(r.name) for r in wheel.requires} & wheels.keys())
        packages[name] = {
            "name": name,
            "version": wheel.version,
            "file_name": target.name,
            "install_dir": "site",
            "sha256": sha256(target),
            "package_type": "package",
            "imports": imports(target),
            "depends": depends,
            "unvendored_tests": False,
        }
    return {"info": lock["info"], "packages": packages}


def own_wheel(package: Path, into: Path) -> Path:
    """This package's wheel, made from its installed files (Python sources, front end, catalogs),
    with the name, version and requirements of its installed metadata."""
    try:
        meta = importlib.metadata.metadata("tripeaks-widget")
    except importlib.metadata.PackageNotFoundError:
        raise LiteBuildError(
            "tripeaks-widget is not installed (its metadata gives the wheel its version and requirements): "
            "pip install 'tripeaks-widget[lite]'"
        ) from None
    version = meta["Version"]
    needs = [r for r in (meta.get_all("Requires-Dist") or []) if "extra ==" not in r]
    static = package / "static" / "widget.js"
    if not static.exists():
        raise LiteBuildError(f"the built front end {static} is missing (cd js && npm ci && npm run build)")
    dist = f"tripeaks_widget-{version}.dist-info"
    files: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        relative = path.relative_to(package.parent)
        if path.is_dir() or "__pycache__" in relative.parts or path.suffix in {".pyc", ".map"}:
            continue
        if path.suffix in NATIVE_SUFFIXES or _builds.COMPILED_DIR in relative.parts:
            continue  # the compiled build, made for this machine: the browser runs the pure-Python sources
        if relative.parts[:2] == ("tripeaks_widget", "lite"):
            continue  # the site builder never runs in the browser
        files[relative.as_posix()] = path.read_bytes()
    lines = ["Metadata-Version: 2.1", "Name: tripeaks-widget", f"Version: {version}"]
    files[f"{dist}/METADATA"] = "\n".join([*lines, *(f"Requires-Dist: {r}" for r in needs), ""]).encode()
    files[f"{dist}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: tripeaks_widget.lite\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    target = into / f"tripeaks_widget-{version}-py3-none-any.whl"
    write_wheel(target, files, f"{dist}/RECORD")
    return target


def write_wheel(target: Path, files: dict[str, bytes], record: str) -> None:
    """Write the wheel ``target`` holding ``files`` (name: bytes), with its RECORD, at ``record``,
    listing them (what ``files`` has under that name is replaced); every entry has the same time,
    so the same files give the same wheel."""
    files = {name: data for name, data in files.items() if name != record}
    lines = [f"{name},sha256={_b64(data)},{len(data)}" for name, data in files.items()]
    files[record] = ("\n".join([*lines, f"{record},,"]) + "\n").encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def kernel_wheels(extension: Path) -> dict[str, Path]:
    """The wheels the Pyodide kernel's extension ships itself (its kernel, piplite, the ipykernel
    stand-in), newest of each name."""
    found: dict[str, Path] = {}
    for path in sorted((extension / "static" / "pypi").glob("*.whl"), key=lambda p: _version_key(p.name)):
        found[canonicalize_name(parse_wheel_filename(path.name)[0])] = path
    return found


def _version_key(name: str) -> tuple[int, ...]:
    return tuple(int(x) if x.isdigit() else 0 for x in re.split(r"[.-]", str(parse_wheel_filename(name)[1])))


# Run by Node.js with the site's own Pyodide: the wheels' module sources, unpacked under /work/src
# (a folder a wheel), compiled by Pyodide's Python with py_compile into /work/out, each to where the
# wheel will hold its bytecode: ``mod.pyc`` in place of ``mod.py`` (as Pyodide's own packages are
# shipped), or, for a wheel that keeps its sources (this package's, for its tracebacks), the
# ``__pycache__`` file beside it. Unchecked-hash .pyc files (PEP 552): used as they are, since an
# unpacked file's time never matches, and the same source gives the same bytes. A module
# Pyodide's Python cannot compile keeps its source.
PRECOMPILE_JS = """
import { loadPyodide } from %(pyodide)s;
const py = await loadPyodide({ indexURL: %(runtime)s, stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
py.mountNodeFS("/work", %(work)s);
py.globals.set("keep_sources", %(keep)s);
py.runPython(%(code)s);
"""
PRECOMPILE_PY = """
import importlib.util, pathlib, py_compile, warnings

warnings.simplefilter("ignore")  # a wheel's own SyntaxWarnings are not the site's
source_root, out = pathlib.Path("/work/src"), pathlib.Path("/work/out")
for wheel in sorted(source_root.iterdir()):
    keep = wheel.name.startswith(tuple(keep_sources))
    for source in sorted(wheel.rglob("*.py")):
        name = source.relative_to(wheel).as_posix()
        target = out / wheel.name / (importlib.util.cache_from_source(name) if keep else name + "c")
        try:
            py_compile.compile(
                str(source), str(target), dfile=name, doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
        except py_compile.PyCompileError:
            pass
"""


def precompile(folder: Path, runtime: Path, log: Log, keep_sources: Iterable[str] = ("tripeaks_widget-",)) -> None:
    """Every wheel in ``folder`` given the bytecode of its modules for Pyodide's Python (the site's
    runtime, in ``runtime``, compiles them under Node.js): in the browser, importing a module then
    reads its bytecode instead of compiling its source first. Wheels whose file names start with
    one of ``keep_sources`` keep their sources too."""
    node = shutil.which("node")
    if node is None:
        raise LiteBuildError("the wheels are compiled for Pyodide by Node.js, which was not found: install Node.js")
    log(f"compiling the wheels' modules for Pyodide {runtime}")
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        wheels = {}
        for path in sorted(folder.glob("*.whl")):
            with zipfile.ZipFile(path) as wheel:
                files = {info.filename: wheel.read(info) for info in wheel.infolist() if not info.is_dir()}
            wheels[path] = files
            for name, data in files.items():
                if name.endswith(".py") and ".data/" not in name and ".dist-info/" not in name:
                    source = work / "src" / path.name / name
                    source.parent.mkdir(parents=True, exist_ok=True)
                    source.write_bytes(data)
        script = PRECOMPILE_JS % {
            "pyodide": json.dumps((runtime / "pyodide.mjs").resolve().as_uri()),
            "runtime": json.dumps(str(runtime.resolve()) + "/"),
            "work": json.dumps(str(work.resolve())),
            "keep": json.dumps(list(keep_sources)),
            "code": json.dumps(PRECOMPILE_PY),
        }
        (work / "precompile.mjs").write_text(script, encoding="utf-8")
        run([node, str(work / "precompile.mjs")], "compiling the wheels for Pyodide")
        for path, files in wheels.items():
            out = work / "out" / path.name
            built = (file for file in out.rglob("*") if file.is_file())
            compiled = {file.relative_to(out).as_posix(): file.read_bytes() for file in built}
            if not path.name.startswith(tuple(keep_sources)):
                files = {name: data for name, data in files.items() if name + "c" not in compiled}
            record = next(name for name in files if name.endswith(".dist-info/RECORD") and name.count("/") == 1)
            write_wheel(path, {**files, **compiled}, record)
            log(f"{path.name}: {len(compiled)} modules compiled")
