"""The package as a release user gets it: ``python -m build`` makes an sdist and, from it, a
wheel; ``twine check`` passes both; the wheel carries the built front end and the catalogs;
installed into a fresh venv (the wheel and its dependencies, nothing from this checkout, no
Node on the PATH) it speaks every language and plays in JupyterLab in Chromium."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import time
import zipfile

import pytest
from helpers.labdriver import DEAL, IMPORT, STATE, Board, Notebook, expect, page_errors, screenshot, start_lab

from tripeaks_widget import _builds, i18n
from tripeaks_widget.lite.site import MARK, SITE_MARK

REPO = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = REPO / "tripeaks_widget"
SHIPPED = [
    "static/widget.js",
    "static/widget.css",
    "i18n/locale/labels.json",
    "py.typed",  # PEP 561: type checkers read the package's own annotations
    *(f"engine/layouts/{path.name}" for path in sorted((PACKAGE / "engine" / "layouts").glob("*.json"))),
    *(f"i18n/locale/{lang}/LC_MESSAGES/tripeaks.mo" for lang in ("el", "he", "is")),
]
# the JupyterLab / Notebook 7 extension (js/labextension), built into the package's folder and installed
# where JupyterLab finds it: share/jupyter/labextensions/<its name>, from the wheel's data
LABEXTENSION = PACKAGE / "labextension"
LABEXTENSION_NAME = json.loads((LABEXTENSION / "package.json").read_text())["name"]
BLOCKED = "Must be one rank higher or lower"
COMPILER = shutil.which(os.environ.get("CC", "cc")) is not None  # then the wheel carries the compiled search
EXT_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")


def run(cmd, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=900, **kwargs)
    assert done.returncode == 0, f"{cmd} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> dict[str, pathlib.Path]:
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--outdir", str(out), str(REPO)])
    wheels, sdists = list(out.glob("*.whl")), list(out.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, sorted(p.name for p in out.iterdir())
    return {"wheel": wheels[0], "sdist": sdists[0]}


@pytest.fixture(scope="module")
def venv(dist, tmp_path_factory) -> dict:
    """A fresh venv (no system site-packages) with the wheel and JupyterLab installed, and the
    environment its programs run in: its bin/ alone on the PATH (no node, no npm), no
    PYTHONPATH, a working directory outside this checkout."""
    home = tmp_path_factory.mktemp("venv")
    run([sys.executable, "-m", "venv", str(home / "env")])
    python = home / "env" / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = str(python.parent)
    assert shutil.which("node", path=env["PATH"]) is None and shutil.which("npm", path=env["PATH"]) is None
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    run([*pip, f"{dist['wheel']}", "jupyterlab"], env=env, cwd=home)
    return {"python": python, "env": env, "cwd": home}


def test_a_fresh_venv_with_only_the_lite_extra_builds_the_browser_site(dist, tmp_path_factory):
    """The [lite] extra is all a teacher installs to build the site (no jupyterlab, no [test]): a
    step it lacked (jupyter-server, say) would fail here, with its cause. The wheel is the one the
    other tests of this module install (built once); the build fetches Pyodide with npm, so npm's
    folder follows the venv's on the PATH. Its time is printed, not asserted."""
    npm = shutil.which("npm")
    assert npm is not None, "the site's build fetches the Pyodide runtime with npm: install Node.js and npm"
    home = tmp_path_factory.mktemp("lite-venv")
    started = time.perf_counter()
    run([sys.executable, "-m", "venv", str(home / "env")])
    python = home / "env" / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = os.pathsep.join([str(python.parent), str(pathlib.Path(npm).parent)])  # npm's, with node
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    run([*pip, f"{dist['wheel']}[lite]"], env=env, cwd=home)
    installed = time.perf_counter()
    site = home / "site"
    done = run([str(python), "-m", "tripeaks_widget.lite", "build", "--out", str(site)], env=env, cwd=home)
    built = time.perf_counter()
    assert done.stdout.startswith(f"site: {site}"), done.stdout
    assert (site / SITE_MARK).is_file() and (site / MARK).is_file()
    assert (site / "static" / "pyodide" / "pyodide.asm.wasm").is_file()
    assert any(p.name.startswith("tripeaks_widget-") for p in (site / "static" / "pyodide").glob("*.whl"))
    print(
        f"lite extra in a fresh venv: installed in {installed - started:.0f} s, site built in {built - installed:.0f} s"
    )


def in_venv(venv, code: str) -> str:
    return run([str(venv["python"]), "-c", code], env=venv["env"], cwd=venv["cwd"]).stdout


def test_sdist_and_wheel_pass_twine_check(dist):
    done = run([sys.executable, "-m", "twine", "check", "--strict", str(dist["wheel"]), str(dist["sdist"])])
    assert done.stdout.count("PASSED") == 2


def test_the_wheel_carries_the_bundle_and_the_catalogs(dist):
    name, version = dist["wheel"].name.split("-")[:2]
    extension = f"{name}-{version}.data/data/share/jupyter/labextensions/{LABEXTENSION_NAME}"
    built = {path.relative_to(LABEXTENSION).as_posix(): path for path in LABEXTENSION.rglob("*") if path.is_file()}
    built["install.json"] = REPO / "js" / "labextension" / "install.json"
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        names = set(wheel.namelist())
        for rel in SHIPPED:
            assert f"tripeaks_widget/{rel}" in names, f"{rel} is not in the wheel"
            assert wheel.read(f"tripeaks_widget/{rel}") == (PACKAGE / rel).read_bytes(), f"{rel} differs"
        for rel, path in built.items():
            assert wheel.read(f"{extension}/{rel}") == path.read_bytes(), f"the extension's {rel} differs"
    assert not any("node_modules" in name or name.startswith("js/") for name in names)
    assert not any(name.startswith("tripeaks_widget/labextension/") for name in names)  # once, where Lab looks
    if COMPILER:  # the compiled build in its own folder, so the wheel is for this platform only
        compiled = _builds.CYTHON_MODULES + _builds.C_MODULES
        assert {
            f"{_builds.built(name, PACKAGE).relative_to(PACKAGE.parent).as_posix()}{EXT_SUFFIX}" for name in compiled
        } <= names
        assert f"tripeaks_widget/{_builds.COMPILED_DIR}/{_builds.BUILT_FROM}" in names
        assert not dist["wheel"].name.endswith("-none-any.whl"), dist["wheel"].name


def test_the_sdist_has_the_sources_and_the_built_files_but_nothing_made_here(dist):
    with tarfile.open(dist["sdist"]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    for rel in (
        "pyproject.toml",
        "README.md",
        "LICENSE",
        "js/package.json",
        "js/src/index.js",
        "tests/engine/test_game.py",
    ):
        assert rel in names, f"{rel} is not in the sdist"
    assert {f"tripeaks_widget/{rel}" for rel in SHIPPED} <= names
    made_here = [name for name in names if "node_modules" in name or "artifacts/" in name or "__pycache__" in name]
    assert not made_here, made_here


def test_the_installed_wheel_is_used_and_speaks_every_language(venv):
    found = json.loads(
        in_venv(
            venv,
            "import json, tripeaks_widget\n"
            "from tripeaks_widget import i18n, solver\n"
            f"print(json.dumps(dict(file=tripeaks_widget.__file__, backend=solver.BACKEND,"
            f" blocked={{l: i18n.translate({BLOCKED!r}, l)"
            " for l in ('el', 'he', 'is')}, labels={l: i18n.labels(l) for l in ('en', 'el', 'he', 'is')})))",
        )
    )
    assert pathlib.Path(found["file"]).is_relative_to(venv["python"].parent.parent), found["file"]
    assert found["backend"] == ("compiled" if COMPILER else "python")
    for lang, said in found["blocked"].items():
        assert said == i18n.translate(BLOCKED, lang) != BLOCKED, lang
    for lang, table in found["labels"].items():
        assert table == i18n.labels(lang) and table, lang


def test_jupyterlab_plays_from_the_wheel(venv, host_page, tmp_path):
    server = start_lab(tmp_path, python=str(venv["python"]), env={"PATH": venv["env"]["PATH"], "PYTHONPATH": None})
    try:
        server.write_notebook("wheel.ipynb", [IMPORT, DEAL, STATE, "import tripeaks_widget; tripeaks_widget.__file__"])
        page = host_page()
        nb = Notebook.open(page, server, "wheel.ipynb")
        nb.run(0, 1, 3)
        assert "/env/lib/" in nb.output_text(3), nb.output_text(3)  # the kernel imports the installed wheel
        board = Board(nb.cell(1).locator(".tp-root"))
        board.card("K♣").click()
        expect(board.discard).to_have_attribute("data-card", "K♣")
        nb.run(2)
        state = json.loads(nb.output_text(2).strip().splitlines()[-1])
        assert (state["discard"], state["score"], state["moves"]) == ("K♣", 499, 1)
        assert page.evaluate("() => window.jupyterapp.isPluginActivated('tripeaks-widget:saved-picture')")
        screenshot(page, "host-wheel-lab")
        assert page_errors(page) == []
    finally:
        server.stop()
