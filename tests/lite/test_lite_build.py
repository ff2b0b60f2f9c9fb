"""The browser site's builder before it builds: what it may replace, what it publishes from
--contents, and how a failing step says why. Nothing here reaches the network: each refusal
comes before the Pyodide runtime is fetched."""

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tripeaks_widget.lite.__main__ import main
from tripeaks_widget.lite.site import SITE_MARK, copy_contents, install, made_by_the_build
from tripeaks_widget.lite.wheels import LiteBuildError, precompile, run

NOTEBOOK = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def _build(capsys, *args) -> tuple[int, str]:
    code = main(["build", *map(str, args)])
    return code, capsys.readouterr().err


@pytest.fixture
def contents(tmp_path):
    folder = tmp_path / "contents"
    folder.mkdir()
    (folder / "play.ipynb").write_text(json.dumps(NOTEBOOK))
    return folder


def test_a_failing_step_shows_its_cause_from_both_streams():
    """Before, stdout was shown only when stderr was empty: a warning on stderr hid the cause."""
    script = "import sys; print('jupyter-server is not installed'); print('a warning', file=sys.stderr); sys.exit(1)"
    with pytest.raises(LiteBuildError) as failed:
        run([sys.executable, "-c", script], "jupyter lite build")
    said = str(failed.value)
    assert "jupyter-server is not installed" in said and "a warning" in said


@pytest.mark.parametrize("kind", ["a user's folder marked only by jupyter-lite.json", "a file", "a folder of files"])
def test_out_is_never_a_folder_this_command_did_not_build(tmp_path, contents, capsys, kind):
    """Before, a folder holding jupyter-lite.json (as a JupyterLite source folder does) was emptied, exit 0."""
    out = tmp_path / "thesis"
    if kind == "a file":
        out.write_text("mine")
    else:
        out.mkdir()
        (out / "thesis.txt").write_text("three years of work")
        if kind.startswith("a user's"):
            (out / "jupyter-lite.json").write_text("{}")
    before = sorted((p.name, p.read_bytes()) for p in out.iterdir()) if out.is_dir() else out.read_bytes()
    code, said = _build(capsys, "--contents", contents, "--out", out)
    assert code != 0 and said.startswith(f"error: --out {out}") and "Traceback" not in said, said
    assert "not built by this command" in said
    after = sorted((p.name, p.read_bytes()) for p in out.iterdir()) if out.is_dir() else out.read_bytes()
    assert after == before


def test_a_site_this_command_built_is_marked_as_such(tmp_path):
    """The mark is the command's own file, not one a JupyterLite folder has too."""
    assert SITE_MARK not in ("jupyter-lite.json", "jupyter-lite.ipynb", "index.html")
    assert SITE_MARK.startswith(".tripeaks")


def test_out_inside_contents_is_refused_at_once(tmp_path, contents, capsys):
    """Before, the build copied its own scratch folder into itself for 35 s, then printed a 1 MB shutil.Error."""
    for out in (contents / "site", contents / "deeper" / "site"):
        code, said = _build(capsys, "--contents", contents, "--out", out)
        assert code != 0 and "inside --contents" in said and len(said) < 500, said
        assert not out.exists()
    code, said = _build(capsys, "--contents", contents, "--out", contents)
    assert code != 0 and "--out" in said and len(said) < 500, said


@pytest.mark.parametrize(
    "make, said",
    [
        (lambda c: (c / "list.ipynb").write_text("[1, 2]"), "list.ipynb is not a notebook"),
        (lambda c: (c / "null.ipynb").write_text(json.dumps({**NOTEBOOK, "metadata": None})), "null.ipynb"),
        (lambda c: (c / "bad.ipynb").write_text("{not json"), "bad.ipynb is not a notebook"),
    ],
)
def test_a_notebook_that_is_not_one_is_an_error_line(tmp_path, contents, capsys, make, said):
    """Before, a notebook whose JSON was a list, or whose metadata was null, raised AttributeError."""
    make(contents)
    code, text = _build(capsys, "--contents", contents, "--out", tmp_path / "site")
    assert code != 0 and text.startswith("error: ") and said in text and "Traceback" not in text, text
    assert not (tmp_path / "site").exists()


def test_only_what_lies_inside_contents_is_published_and_the_rest_is_said(tmp_path, contents):
    """Before, a symlink to a parent folder raised RecursionError, and symlinks out of --contents
    published the files they led to; a folder named x.ipynb raised IsADirectoryError."""
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the web")
    (contents / "loop").symlink_to(contents.parent)
    (contents / "secret.txt").symlink_to(secret)
    (contents / "x.ipynb").mkdir()
    (contents / "x.ipynb" / "inside.txt").write_text("a folder's file")
    (contents / "notes").mkdir()
    (contents / "notes" / "own.txt").write_text("mine to publish")
    (contents / "notes" / "same.ipynb").symlink_to(contents / "play.ipynb")  # inside: kept
    said: list[str] = []
    into = copy_contents(contents, tmp_path / "copy", said.append)
    published = sorted(p.relative_to(into).as_posix() for p in into.rglob("*") if p.is_file())
    assert published == ["notes/own.txt", "notes/same.ipynb", "play.ipynb", "x.ipynb/inside.txt"]
    assert not any(p.is_symlink() for p in into.rglob("*"))
    skipped = " ".join(said)
    assert "loop" in skipped and "secret.txt" in skipped and "outside --contents" in skipped, said
    assert json.loads((into / "play.ipynb").read_text())["metadata"]["kernelspec"]["name"] == "python"


def test_compiling_the_wheels_without_node_says_so_and_leaves_them(tmp_path, monkeypatch):
    """The wheels are compiled for Pyodide by the site's runtime under Node.js: without it, the
    build stops with what to install, and the wheel is as it was."""
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("demo/__init__.py", "X = 1\n")
    before = wheel.read_bytes()
    monkeypatch.setenv("PATH", str(tmp_path))  # a PATH with no node on it
    with pytest.raises(LiteBuildError, match=r"Node\.js, which was not found"):
        precompile(tmp_path, tmp_path, log=lambda line: None)
    assert wheel.read_bytes() == before


# -- putting a new site in place of an old one (issue 45, items 12 and 13) ----------------------------


def a_site(folder, files):
    """A folder holding ``files`` ({relative path: text})."""
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


def built_site(tmp_path, version):
    return a_site(
        tmp_path / f"built-{version}", {"index.html": version, "lab/index.html": version, "files/01.ipynb": version}
    )


def everything(folder):
    return {p.relative_to(folder).as_posix(): p.read_text() for p in folder.rglob("*") if p.is_file()}


def test_a_rebuild_keeps_what_the_user_added_to_the_site(tmp_path):
    out = tmp_path / "site"
    install(built_site(tmp_path, "one"), out)
    a_site(out, {".git/HEAD": "ref: refs/heads/main", ".git/objects/ab/cd": "history", "CNAME": "class.example"})
    a_site(out, {"files/notes.md": "for Tuesday", "lab/old-chunk.js": "stale"})
    (out / "lab" / "old-chunk.js").unlink()  # (a file the old build made and the new one does not: gone with it)
    install(built_site(tmp_path, "two"), out)
    found = everything(out)
    assert found["index.html"] == "two" and found["lab/index.html"] == "two"
    assert found[".git/HEAD"] == "ref: refs/heads/main" and found[".git/objects/ab/cd"] == "history"
    assert found["CNAME"] == "class.example" and found["files/notes.md"] == "for Tuesday"
    assert made_by_the_build(out) == {"index.html", "lab/index.html", "files/01.ipynb", SITE_MARK}


def test_a_rebuild_of_a_site_whose_mark_lists_no_files_keeps_what_lies_beside_the_build(tmp_path):
    """A site built before the mark listed the build's files: what the new build does not write at
    the top (a .git with its history, a CNAME, notes) is the user's and stays; the build's own
    folders are replaced whole. Before, all of it was deleted."""
    out = a_site(tmp_path / "site", {"index.html": "one", "lab/index.html": "one", "lab/old-chunk.js": "stale"})
    (out / SITE_MARK).write_text("A site built by python -m tripeaks_widget.lite build, which may replace it.\n")
    a_site(out, {".git/HEAD": "ref: refs/heads/main", ".git/objects/ab/cd": "history", "CNAME": "class.example"})
    a_site(out, {"notes.md": "for Tuesday"})
    install(built_site(tmp_path, "two"), out)
    found = everything(out)
    assert found[".git/objects/ab/cd"] == "history" and found["CNAME"] == "class.example"
    assert found["notes.md"] == "for Tuesday"
    assert found["lab/index.html"] == "two" and "lab/old-chunk.js" not in found


def test_a_file_the_user_added_where_the_new_site_writes_one_is_named_and_nothing_changes(tmp_path):
    out = tmp_path / "site"
    install(built_site(tmp_path, "one"), out)
    a_site(out, {"files/02.ipynb": "mine"})
    before = everything(out)
    new = a_site(built_site(tmp_path, "two"), {"files/02.ipynb": "the new site's"})
    with pytest.raises(LiteBuildError, match=r"holds files/02.ipynb, which you added and the new site would write"):
        install(new, out)
    assert everything(out) == before


def test_a_failure_while_the_new_site_goes_in_puts_the_old_one_back(tmp_path, monkeypatch):
    out = tmp_path / "site"
    install(built_site(tmp_path, "one"), out)
    before = everything(out)
    real, calls = shutil.move, []

    def failing(source, target):
        calls.append(source)
        if len(calls) == 2:  # the old site aside, the new one half in
            raise OSError(28, "No space left on device")
        return real(source, target)

    monkeypatch.setattr(shutil, "move", failing)
    with pytest.raises(
        LiteBuildError,
        match=r"could not put the site in .* \(\[Errno 28\] No space left on device\); the old site is as it was",
    ):
        install(built_site(tmp_path, "two"), out)
    monkeypatch.setattr(shutil, "move", real)
    assert everything(out) == before


@pytest.fixture
def mounted(tmp_path):
    """A small tmpfs mounted at a folder (root only: skipped where mounting is not allowed)."""
    mounts = []

    def mount(folder, *options):
        folder.mkdir(exist_ok=True)
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", ",".join(options), "tmpfs", str(folder)], capture_output=True
        )
        if done.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()[:80]}")
        mounts.append(folder)
        return folder

    yield mount
    for folder in reversed(mounts):
        subprocess.run(["umount", str(folder)], capture_output=True)


def test_out_on_a_mount_point_gets_the_new_site_and_stays_a_mount_point(tmp_path, mounted):
    out = mounted(tmp_path / "site", "size=1m")
    install(built_site(tmp_path, "one"), out)
    install(built_site(tmp_path, "two"), out)
    assert everything(out)["index.html"] == "two" and os.path.ismount(out)


def test_out_on_a_read_only_disk_is_one_line_and_the_old_site_stays(tmp_path, mounted, contents, capsys):
    out = mounted(tmp_path / "site", "size=1m")
    install(built_site(tmp_path, "one"), out)
    before = everything(out)
    subprocess.run(["mount", "-o", "remount,ro", str(out)], check=True)
    with pytest.raises(
        LiteBuildError, match=r"could not put the site in .*Read-only file system.*the old site is as it was"
    ):
        install(built_site(tmp_path, "two"), out)
    assert everything(out) == before
    parent = mounted(tmp_path / "readonly", "size=1m,ro")
    code, said = _build(capsys, "--contents", contents, "--out", parent / "site")
    assert code == 1 and said.startswith("error: could not build the site in") and "Traceback" not in said, said


def test_the_users_jupyterlab_gets_no_extension_of_the_browser_sites_kernel():
    """Installing the package with its extras (README's ``.[test]``, or ``.[lite]``) leaves the
    Pyodide kernel's front-end extension out of the environment: JupyterLab there would load it and
    log "Shared module @jupyterlite/services doesn't exist" on every page. The site's build installs
    JupyterLite's tools in a folder of their own (``build_tools``)."""
    from jupyter_core.paths import jupyter_path

    from tripeaks_widget.lite.site import LITE_TOOLS

    installed = [Path(root) / "@jupyterlite" for root in jupyter_path("labextensions")]
    assert [str(path) for path in installed if path.exists() and any(path.iterdir())] == []
    project = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    extras = project[project.index("[project.optional-dependencies]") : project.index("[tool.")]
    assert not any(tool.split("~")[0] in extras for tool in LITE_TOOLS)


# -- the site's own pages: play/ and the front page (issue 47) ---------------------------------------

JUPYTERLITE_FRONT = """<!DOCTYPE html><html><head>
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">
  {"appUrl": "./lab"}
</script>
<script type="module">await import('./config-utils.js');</script>
</head></html>"""


def test_the_play_page_carries_the_teachers_settings_and_the_front_page_offers_it(tmp_path):
    from tripeaks_widget import i18n
    from tripeaks_widget.lite.play import FRONT_END, write_pages
    from tripeaks_widget.play_page import page_words

    site = a_site(tmp_path / "site", {"index.html": JUPYTERLITE_FRONT})
    write_pages(site, "tripeaks_widget-0.1.0-py3-none-any.whl", assists="verdict, fair_hint", lang="el")
    play = site / "play"
    assert {p.name for p in play.iterdir()} == {
        "index.html",
        "play.js",
        "worker.js",
        "play.css",
        "widget.js",
        "widget.css",
    }
    assert (play / "widget.js").read_bytes() == (FRONT_END / "widget.js").read_bytes()  # the notebook's front end
    page = (play / "index.html").read_text()
    settings = json.loads(page.split('type="application/json">', 1)[1].split("</script>", 1)[0])
    assert settings["assists"] == ["fair_hint", "verdict"] and settings["hidden"] == ["win_chance", "hint_kind"]
    assert settings["lang"] == "el" and settings["words"] == {lang: page_words(lang) for lang in i18n.LANGUAGES}
    assert settings["wheel"] == "../static/pyodide/tripeaks_widget-0.1.0-py3-none-any.whl"
    assert page_words("en")["starting"] in page and "{{" not in page
    front = (site / "index.html").read_text()
    assert '{"appUrl": "./lab"}' in front  # JupyterLab reads JupyterLite's settings from the front page
    assert "config-utils.js" not in front  # which no longer sends the browser on to JupyterLab
    assert 'href="play/index.html"' in front and 'href="lab/index.html"' in front and "{{" not in front
    assert page_words("en")["play"] in front and page_words("en")["notebooks"] in front


def test_the_pages_settings_stay_inside_their_script_element():
    from tripeaks_widget.lite.play import script_json

    said = script_json({"words": "</script><script>alert(1)</script>"})
    assert "</" not in said and json.loads(said) == {"words": "</script><script>alert(1)</script>"}


@pytest.mark.parametrize(
    "option, said",
    [
        (["--assists", "fair_hint,solver"], "error: --assists: unknown assist 'solver'; a teacher allows any of"),
        (["--lang", "fr"], "error: --lang: unknown language 'fr'"),
    ],
)
def test_a_bad_setting_of_the_play_page_is_an_error_line_before_anything_is_built(tmp_path, capsys, option, said):
    code, text = _build(capsys, "--out", tmp_path / "site", *option)
    assert code == 1 and text.startswith(said) and "Traceback" not in text, text
    assert not (tmp_path / "site").exists()


def test_try_it_opens_the_play_pages_board():
    """docs/try.md, in a docs site built with ``--lite`` (the browser site under ``lite/``), leads
    first to the play page the build writes (above), a board, not to JupyterLab's file browser."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "try.md").read_text(encoding="utf-8")
    lite = page.split("```{only} lite", 1)[1].split("```", 1)[0]
    assert re.findall(r'href="([^"]+)"', lite) == ["lite/play/index.html", "lite/lab/index.html"]
