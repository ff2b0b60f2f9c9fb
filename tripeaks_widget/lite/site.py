"""Build the site: JupyterLab (jupyterlite-core), the Pyodide kernel and its runtime, the wheels,
the front-end extensions the widget needs, and the notebooks, in one clean folder.

Only three front-end extensions go in: the Pyodide kernel's, anywidget's and ipywidgets'
(``@jupyter-widgets/jupyterlab-manager``), taken from the environment that builds the site, so
their Python sides are shipped at the versions installed here. Other extensions installed in
that environment stay out. The build writes into a fresh folder and only then takes the place
of ``out`` (a rebuild over an old output folder can keep stale settings). What the user added to
an earlier site (a ``.git`` with its history, a ``CNAME``, notes) is kept: the site's mark lists
the files the build wrote, and the rest stays. The old site is put aside, not deleted, until the
new one is in place, so a failure (a full or read-only disk, ``out`` a mount point) leaves the old
site as it was, and is said in one line.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import platformdirs

from ..engine.errors import TriPeaksError
from ..i18n import check_language
from ..play_page import check_assists
from .play import write_pages
from .wheels import (
    KERNEL_PACKAGES,
    LiteBuildError,
    fetch_runtime,
    kernel_wheels,
    own_wheel,
    precompile,
    rebuild_lock,
    resolve,
    run,
)

__all__ = ["BROWSER_NOTEBOOKS", "LiteBuildError", "build_site", "copy_contents", "default_contents"]

PACKAGE = Path(__file__).resolve().parent.parent
# The walkthroughs that need nothing beyond the package (the others plot with matplotlib, run
# subprocesses or write files to a disk: Pyodide from PyPI has none of that).
BROWSER_NOTEBOOKS = ("01_play.ipynb", "02_rules_walkthrough.ipynb", "04_solver.ipynb")
# The front-end extensions the site needs, as npm names; each has a Python package to match.
EXTENSIONS = {
    "@jupyterlite/pyodide-kernel-extension": "jupyterlite-pyodide-kernel",
    "anywidget": "anywidget",
    "@jupyter-widgets/jupyterlab-manager": "jupyterlab-widgets",
}
# JupyterLite's build tools, installed for the build alone (``build_tools``); the kernel 0.8.6
# expects Pyodide 314.0.6, which the build fetches from npm.
LITE_TOOLS = ("jupyterlite-core~=0.8.6", "jupyterlite-pyodide-kernel~=0.8.6")
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}  # the site's kernel
MARK = "jupyter-lite.json"  # the site's settings (a JupyterLite source folder has one too)
SITE_MARK = ".tripeaks-lite-site"  # this command's own file in each site it builds: only such a folder is replaced
ASIDE = ".tripeaks-replaced"  # in a site being replaced: the old site's entries, until the new site is in


def default_contents() -> Path:
    """Where the walkthrough notebooks are: inside the installed package, else the source tree's
    ``examples/``."""
    for folder in (PACKAGE / "lite" / "notebooks", PACKAGE.parent / "examples"):
        if all((folder / name).exists() for name in BROWSER_NOTEBOOKS):
            return folder
    return PACKAGE / "lite" / "notebooks"


def _labextensions(tools: Path) -> dict[str, Path]:
    """Each needed front-end extension's folder: the kernel's among the build tools, the widgets'
    in this environment; a clear error when one is missing."""
    from jupyter_core.paths import jupyter_path

    found, missing = {}, []
    for name, python in EXTENSIONS.items():
        for root in [str(tools / "share" / "jupyter" / "labextensions"), *jupyter_path("labextensions")]:
            if (Path(root) / name / "package.json").exists():
                found[name] = Path(root) / name
                break
        else:
            missing.append(f"{name} (pip install {python})")
    if missing:
        raise LiteBuildError(f"front-end extensions missing in this environment: {', '.join(missing)}")
    return found


def _pyodide_version(kernel_extension: Path) -> str:
    """The Pyodide the installed kernel expects: the version in its default ``pyodideUrl``."""
    schema = json.loads((kernel_extension / "static" / "schema" / "kernel.v0.schema.json").read_text(encoding="utf-8"))
    url: str = schema["properties"]["pyodideUrl"]["default"]  # …/pyodide/v314.0.6/full/pyodide.mjs
    part = next((p for p in url.split("/") if p.startswith("v") and p[1:2].isdigit()), None)
    if part is None:
        raise LiteBuildError(f"cannot tell which Pyodide the kernel expects from its default URL {url}")
    return part[1:]


def build_tools(log: Callable[[str], None] = print) -> Path:
    """JupyterLite's build tools (``LITE_TOOLS``) in a folder of their own, in the user's cache,
    installed there from the package index on first use. Never in the environment that runs the
    user's JupyterLab: the Pyodide kernel's front-end extension would load there too, and JupyterLab
    would log on every page that its shared modules are missing."""
    key = hashlib.sha256(" ".join([sys.version, *LITE_TOOLS]).encode()).hexdigest()[:12]
    folder = Path(platformdirs.user_cache_dir("tripeaks-widget")) / f"lite-tools-{key}"
    if not (folder / ".complete").exists():
        log(f"installing JupyterLite's build tools in {folder}")
        shutil.rmtree(folder, ignore_errors=True)
        folder.parent.mkdir(parents=True, exist_ok=True)
        # installed beside it, then renamed into place: two builds at once never share a half-made folder
        with tempfile.TemporaryDirectory(prefix=f".{folder.name}-", dir=folder.parent) as scratch:
            made = Path(scratch) / "tools"
            command = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
            run([*command, "--target", str(made), *LITE_TOOLS], "installing JupyterLite's build tools")
            (made / ".complete").write_text(" ".join(LITE_TOOLS) + "\n")
            try:
                made.rename(folder)
            except OSError:  # another build put its own there first
                if not (folder / ".complete").exists():
                    raise
    return folder


def tools_env(tools: Path) -> dict[str, str]:
    """The environment the build tools run in: theirs first, then this one's (jupyter-server)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tools), env.get("PYTHONPATH", "")]))
    env["PATH"] = os.pathsep.join([str(tools / "bin"), env.get("PATH", "")])
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(tools / "share" / "jupyter"), env.get("JUPYTER_PATH", "")]))
    return env


def _check_tools() -> None:
    try:
        __import__("jupyter_server")
    except ImportError:
        raise LiteBuildError("jupyter-server is not installed: pip install 'tripeaks-widget[lite]'") from None


def copy_contents(contents: Path | None, into: Path, log: Callable[[str], None] = print) -> Path:
    """The site's copy of the notebooks it opens with (``contents``, or the walkthroughs), each
    set to the site's kernel: a notebook saved with "python3" would otherwise open to a
    "Select Kernel" dialog, as the Pyodide kernel is named "python". Only what lies inside
    ``contents`` is copied: a symbolic link that leads out of it (or to a folder, which could
    loop) is skipped, and said."""
    if contents is not None:
        _copy_inside(contents.resolve(), contents.resolve(), into, log)
    else:
        source = default_contents()
        into.mkdir()
        for name in BROWSER_NOTEBOOKS:
            if not (source / name).exists():
                raise LiteBuildError(f"the walkthrough notebook {name} is not in {source}")
            shutil.copyfile(source / name, into / name)
    for path in into.rglob("*.ipynb"):
        if not path.is_file():
            continue  # a folder named so: its files are copied as they are
        try:
            notebook = json.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise LiteBuildError(f"{path.relative_to(into)} is not a notebook (JSON): {error}") from None
        if not isinstance(notebook, dict) or not isinstance(notebook.setdefault("metadata", {}), dict):
            what = type(notebook).__name__ if not isinstance(notebook, dict) else "an object whose metadata is not one"
            raise LiteBuildError(f"{path.relative_to(into)} is not a notebook: its JSON is {what}, expected an object")
        spec = notebook["metadata"].get("kernelspec") or {}
        if not isinstance(spec, dict) or spec.get("language", "python") == "python":
            notebook["metadata"]["kernelspec"] = KERNELSPEC
            path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return into


_SKIPPED = {".ipynb_checkpoints", "__pycache__"}


def _copy_inside(root: Path, folder: Path, into: Path, log: Callable[[str], None]) -> None:
    into.mkdir()
    for entry in sorted(folder.iterdir()):
        if entry.name in _SKIPPED:
            continue
        target = into / entry.name
        if entry.is_symlink():
            leads = entry.resolve()
            why = (
                "outside --contents"
                if not leads.is_relative_to(root)
                else "a folder"
                if leads.is_dir()
                else None
                if leads.is_file()
                else "nothing"
            )
            if why is not None:
                log(f"skipped {entry.relative_to(root)}: a symbolic link to {why} ({leads})")
                continue
            shutil.copyfile(leads, target)
        elif entry.is_dir():
            _copy_inside(root, entry, target, log)
        elif entry.is_file():
            shutil.copyfile(entry, target)
        else:
            log(f"skipped {entry.relative_to(root)}: not a file or a folder")


def _check_places(out: Path, contents: Path | None) -> None:
    """Refuse, before anything is built, an ``out`` this command may not replace, or one that
    overlaps ``contents``."""
    if contents is not None:
        inside = contents.resolve()
        if out == inside or out.is_relative_to(inside):
            raise LiteBuildError(
                f"--out {out} is inside --contents {inside}: the site would be published into itself; "
                "choose an --out outside --contents"
            )
        if inside.is_relative_to(out):
            raise LiteBuildError(f"--contents {inside} is inside --out {out}, which the build replaces; move it out")
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / SITE_MARK).is_file())):
        what = "a file" if not out.is_dir() else "a folder that is not empty"
        raise LiteBuildError(
            f"--out {out} is {what}, not built by this command (no {SITE_MARK} in it), so it is left as it is; "
            "choose a new or empty folder, or a site this command built"
        )


def size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build_site(
    out: str | os.PathLike[str],
    *,
    contents: str | os.PathLike[str] | None = None,
    assists: Iterable[str] | str = "all",
    lang: str | None = None,
    log: Callable[[str], None] = print,
) -> str:
    """Write the site into ``out`` (replacing an earlier site there); returns what takes the space.
    ``assists`` are those its play-only page allows (``tripeaks_widget.play_page.check_assists``),
    ``lang`` the language that page opens in (None: the browser's)."""
    out = Path(out).resolve()
    page = {"assists": _option("--assists", check_assists, assists), "lang": _option("--lang", check_language, lang)}
    if contents is not None and not Path(contents).is_dir():
        raise LiteBuildError(f"--contents is a folder of notebooks; {contents} is not a folder")
    _check_places(out, Path(contents) if contents is not None else None)
    if contents is not None and not any(p.is_file() for p in Path(contents).rglob("*.ipynb")):
        raise LiteBuildError(f"--contents {contents} holds no notebook (.ipynb)")
    _check_tools()
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix=".lite-build-", dir=out.parent) as scratch:
            return _build(out, Path(scratch), contents, page, log)
    except OSError as error:  # a full or read-only disk, a folder that cannot be written
        raise LiteBuildError(f"could not build the site in {out}: {error.strerror or error}") from None


def _option(name: str, check: Callable[[Any], Any], value: Any) -> Any:
    """A setting of the play page, checked as the page checks it; a bad one is an error line naming it."""
    if value is None:
        return None
    try:
        return check(value)
    except TriPeaksError as error:
        raise LiteBuildError(f"{name}: {error}") from None


def _build(
    out: Path,
    work: Path,
    contents: str | os.PathLike[str] | None,
    page: dict[str, Any],
    log: Callable[[str], None],
) -> str:
    # The notebooks first: one that is not a notebook stops the build before anything is installed or fetched.
    notebooks = copy_contents(Path(contents) if contents is not None else None, work / "notebooks", log)
    tools = build_tools(log)
    extensions = _labextensions(tools)
    kernel = extensions["@jupyterlite/pyodide-kernel-extension"]
    version = _pyodide_version(kernel)
    lite, built, downloads = work / "lite", work / "site", work / "wheels"
    runtime = lite / "static" / "pyodide"  # jupyterlite-pyodide-kernel's well-known place
    downloads.mkdir(parents=True)
    lock = fetch_runtime(version, runtime, log)
    python = lock["info"]["python"]

    roots: dict[str, Path | None] = dict.fromkeys(KERNEL_PACKAGES)
    # piplite, pyodide-kernel and the ipykernel stand-in come with the kernel's extension
    roots.update({name: path for name, path in kernel_wheels(kernel).items() if name in roots})
    roots["tripeaks-widget"] = own_wheel(PACKAGE, downloads)
    wheels = resolve(roots, lock["packages"], python, downloads, log)
    for wheel in wheels.values():  # copies, compiled in the site: the kernel's own wheels stay as they are
        wheel.path = Path(shutil.copyfile(wheel.path, runtime / wheel.path.name))
    precompile(runtime, runtime, log)
    site_lock = rebuild_lock(lock, wheels, runtime)
    (runtime / "pyodide-lock.json").write_text(json.dumps(site_lock, indent=1), encoding="utf-8")

    chosen = work / "labextensions"  # only these: --ignore-sys-prefix leaves the environment's others out
    for name, folder in extensions.items():
        shutil.copytree(folder, chosen / name, ignore=shutil.ignore_patterns("*.map"))
    settings = {
        "disablePyPIFallback": True,
        # every shipped wheel loads at start: a notebook imports the package with no %pip cell
        "loadPyodideOptions": {"packages": sorted(site_lock["packages"])},
    }
    # JupyterLab's autoStartDefaultKernel stays off: it skips the "Select Kernel" dialog of a cell
    # run before the notebook has its kernel, but that run is then lost (tests/e2e/test_lite.py)
    config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_SETTINGS: settings}}}
    (lite / MARK).write_text(json.dumps(config, indent=1), encoding="utf-8")

    log(f"building the site from {notebooks}")
    command = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite)]
    command += ["--output-dir", str(built), "--contents", str(notebooks), "--apps", "lab"]
    command += ["--ignore-sys-prefix", "--no-sourcemaps", "--no-unused-shared-packages"]
    command += [f"--FederatedExtensionAddon.extra_labextensions_path={chosen}"]
    run(command, "jupyter lite build", cwd=lite, env=tools_env(tools))
    write_pages(built, wheels["tripeaks-widget"].path.name, **page)
    _check_site(built, version)
    install(built, out)
    return report(out)


def made_by_the_build(site: Path) -> set[str] | None:
    """The files (relative paths) the build wrote into ``site``, as its mark lists them; None for a
    site whose mark lists none (built before marks did)."""
    try:
        made = json.loads((site / SITE_MARK).read_text(encoding="utf-8")).get("made")
    except (OSError, ValueError, AttributeError):
        return None
    return set(made) if isinstance(made, list) else None


def theirs(site: Path, made: set[str]) -> list[str]:
    """What the user added to ``site``: its paths the build did not write, a folder of the user's
    whole as one (``.git``)."""
    folders = {str(Path(name).parent) for name in made} | {"."}
    found: list[str] = []

    def walk(folder: Path) -> None:
        for entry in sorted(folder.iterdir()):
            name = entry.relative_to(site).as_posix()
            if name in made:
                continue
            if (
                entry.is_dir()
                and not entry.is_symlink()
                and any(f == name or f.startswith(name + "/") for f in folders)
            ):
                walk(entry)
            else:
                found.append(name)

    walk(site)
    return found


def install(built: Path, out: Path) -> None:
    """Put the site ``built`` in the place of ``out``, keeping what the user added to an earlier site
    there. The old site's entries are first put aside inside ``out`` itself (a rename on its own
    disk, so ``out`` may be a mount point), and dropped once the new site is in; any failure puts
    the old site back and says what failed, in one line (``LiteBuildError``)."""
    made = sorted(path.relative_to(built).as_posix() for path in built.rglob("*") if path.is_file())
    mark = {"built by": "python -m tripeaks_widget.lite build, which may replace it", "made": [*made, SITE_MARK]}
    (built / SITE_MARK).write_text(json.dumps(mark, indent=1), encoding="utf-8")
    if not out.exists():
        try:
            shutil.move(str(built), str(out))
        except OSError as error:
            _quietly(shutil.rmtree, out)
            raise LiteBuildError(f"could not put the site in {out} ({error})") from None
        return
    before = made_by_the_build(out)
    # A mark that lists no files (a site built before marks did): what the new build does not
    # write at the top is taken for the user's, and the build's own folders are replaced whole.
    kept = theirs(out, before) if before is not None else sorted(set(_tops(out)) - set(_tops(built)))
    clash = [name for name in kept if (built / name).exists()]
    if clash:
        raise LiteBuildError(
            f"--out {out} holds {', '.join(clash[:5])}, which you added and the new site would write too: "
            "move it out of the site, then build again"
        )
    aside = out / ASIDE
    moved: list[str] = []  # the old site's entries, put aside
    placed: list[str] = []  # the new site's, put in
    back: list[str] = []  # the user's, back in their place
    try:
        aside.mkdir()
        for entry in sorted(out.iterdir()):
            if entry.name != ASIDE:
                entry.rename(aside / entry.name)
                moved.append(entry.name)
        for entry in sorted(built.iterdir()):
            shutil.move(str(entry), str(out / entry.name))
            placed.append(entry.name)
        for name in kept:
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            (aside / name).rename(out / name)
            back.append(name)
    except OSError as error:
        for name in back:
            _quietly(os.rename, out / name, aside / name)
        for name in placed:
            _quietly(_remove, out / name)
        for name in moved:
            _quietly(os.rename, aside / name, out / name)
        _quietly(os.rmdir, aside)
        raise LiteBuildError(f"could not put the site in {out} ({error}); the old site is as it was") from None
    _quietly(shutil.rmtree, aside)


def _tops(site: Path) -> list[str]:
    """The entries at the top of ``site``, its mark aside."""
    return [entry.name for entry in site.iterdir() if entry.name not in (SITE_MARK, ASIDE)]


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()


def _quietly(step: Callable[..., object], *paths: Path) -> None:
    """A step of putting things back: one that fails leaves the rest to be done."""
    try:
        step(*paths)
    except OSError:
        pass


def _check_site(site: Path, version: str) -> None:
    """The settings a stale build silently loses are there, and point inside the site."""
    config = json.loads((site / MARK).read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config.get("litePluginSettings", {}).get(KERNEL_SETTINGS, {})
    url = kernel.get("pyodideUrl", "")
    if not url.startswith("./") or not (site / url).exists():
        raise LiteBuildError(
            f"the built site's pyodideUrl is {url!r}, not the runtime inside the site (Pyodide {version})"
        )
    if kernel.get("disablePyPIFallback") is not True:
        raise LiteBuildError("the built site's kernel would fall back to PyPI (disablePyPIFallback is not set)")


def report(site: Path) -> str:
    """The site's size, and what takes it."""
    mb = 1 << 20
    runtime = site / "static" / "pyodide"
    wheels = sum(p.stat().st_size for p in runtime.glob("*.whl"))
    parts = {
        "Pyodide runtime": size(runtime) - wheels,
        "wheels": wheels,
        "extensions": size(site / "extensions") if (site / "extensions").exists() else 0,
        "notebooks": size(site / "files") if (site / "files").exists() else 0,
    }
    total = size(site)
    parts["JupyterLab and the rest"] = total - sum(parts.values())
    lines = [f"site: {site} ({total / mb:.1f} MB)"]
    lines += [f"  {name}: {value / mb:.1f} MB" for name, value in parts.items()]
    return "\n".join(lines)
