"""The shape of the code, checked as CI checks everything. The linters run as steps of their own
(``.ci/lint``, after README's test command): import-linter's layers (pyproject.toml's contracts),
ruff's rules and format (no module reaches into another object's underscored members: SLF001),
mypy over the whole package under strict's flags (but for the modules pyproject.toml lists), and a
user's file under mypy --strict and pyright (tests/typed/user_code.py). The tests here hold
their configuration to what it says: each contract and each strict flag can fail."""

import ast
import collections
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = str(Path(sys.executable).with_name("lint-imports"))  # import-linter's command


def lint_a_copy(tmp_path, module: str, added: str) -> subprocess.CompletedProcess:
    """``lint-imports`` over a copy of the package in which ``module`` (a path) has ``added`` at its end."""
    copy = tmp_path / "tripeaks_widget"
    shutil.copytree(ROOT / "tripeaks_widget", copy, ignore=shutil.ignore_patterns("*.so", "__pycache__", "static"))
    path = copy / module
    path.write_text(path.read_text(encoding="utf-8") + added, encoding="utf-8")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return subprocess.run(
        [LINT_IMPORTS, "--no-cache"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        env={"PYTHONPATH": str(tmp_path)},
    )


def test_a_layer_that_imports_upward_is_caught(tmp_path):
    """The contract can fail: a copy of the package whose engine imports the board breaks it."""
    done = lint_a_copy(tmp_path, "engine/game.py", "\nfrom ..board import snapshot  # noqa\n")
    assert done.returncode != 0
    assert "tripeaks_widget.engine.game -> tripeaks_widget.board.snapshot" in done.stdout


def test_an_import_circle_inside_a_layer_is_caught(tmp_path):
    """Issue 45, item 10: the layers' contract saw no circle inside a package (engine.game and
    engine.seen, records.player and records.results, records.backends and records.postgres each
    imported the other); now a copy whose engine.words imports engine.game, which imports it, fails."""
    done = lint_a_copy(tmp_path, "engine/words.py", "\n\ndef _late():\n    from . import game  # noqa\n")
    assert done.returncode != 0
    assert "No import circle inside a layer BROKEN" in done.stdout
    assert "No cycles are allowed in tripeaks_widget.engine" in done.stdout


def test_ci_runs_each_linter_as_a_step_of_its_own():
    """CI runs README's test command, then ``.ci/lint``: ruff (rules and format), mypy over the whole
    package, a user's file under ``mypy --strict`` and pyright, and import-linter; so none of them
    runs inside pytest."""
    ci, lint = (ROOT / ".ci" / name for name in ("run", "lint"))
    assert re.search(r"^\.ci/lint$", ci.read_text(encoding="utf-8"), re.MULTILINE)
    steps = re.findall(r"^step (.+)$", lint.read_text(encoding="utf-8"), re.MULTILINE)
    assert steps == [
        "python -m ruff check .",
        "python -m ruff format --check .",
        "python -m mypy",
        "python -m mypy --strict --follow-imports=silent tests/typed/user_code.py",
        "python -m pyright tests/typed/user_code.py",
        "lint-imports --no-cache",
    ]


def test_mypy_checks_every_module_strictly(tmp_path):
    """The configuration can fail: under pyproject.toml's settings, in a package of the same
    name, an untyped function fails any module (the engine, the board, the play page, the solver),
    and so does a wrong type."""
    untyped = "\n\ndef untyped(x):\n    return x\n"
    for module, text in [
        ("__init__.py", ""),
        ("engine/__init__.py", ""),
        ("engine/game.py", untyped),
        ("board/__init__.py", ""),
        ("board/board.py", untyped),
        ("play_page.py", untyped),
        ("solver/__init__.py", untyped + '\n\nWRONG: int = "text"\n'),
    ]:
        path = tmp_path / "tripeaks_widget" / module
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    found = set(re.findall(r"^(tripeaks_widget/\S+\.py):\d+: error: .*\[([a-z-]+)\]$", done.stdout, re.MULTILINE))
    assert found == {
        ("tripeaks_widget/engine/game.py", "no-untyped-def"),
        ("tripeaks_widget/board/board.py", "no-untyped-def"),
        ("tripeaks_widget/play_page.py", "no-untyped-def"),
        ("tripeaks_widget/solver/__init__.py", "no-untyped-def"),
        ("tripeaks_widget/solver/__init__.py", "assignment"),
    }, done.stdout + done.stderr


def test_readmes_own_virtual_environment_is_ignored_by_git():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    ignored = subprocess.run(["git", "check-ignore", "-q", ".venv/lib/site.py"], cwd=ROOT)
    assert ignored.returncode == 0  # README's `python -m venv .venv` leaves nothing for git to add


CITED_PATH = re.compile(r"(?<![\w/.-])((?:tripeaks_widget|js|tests|docs|benchmarks|examples|\.ci)/[A-Za-z0-9_./-]+)")
MADE_BY_BUILDS = (
    "docs/_build",
    "docs/reference/api",
    "docs/tutorials/",
    "docs/jupyter_execute",
    "tests/e2e/artifacts",
    "benchmarks/results",
    "js/node_modules",
    "tripeaks_widget/_compiled",
    "dist/",
)
NOT_SCANNED = {".git", ".venv", "node_modules", "__pycache__", "_build", "jupyter_execute", "_compiled", "dist"}
# A file named in code format in a page: by its path (from the repository or the package), or by its
# name alone beside the folder the sentence names; the docs also name files the reader writes.
CITED_FILE = re.compile(r"`((?:[\w.<>*-]+/)*[\w.<>*-]+\.(?:py|js|c|md|toml|json|ipynb|po|css|sh))`")
READERS_OWN = {"jupyterhub_config.py"}


def repository_files() -> list[Path]:
    files = []
    for folder, folders, names in os.walk(ROOT):
        folders[:] = [name for name in folders if name not in NOT_SCANNED]
        files += [Path(folder, name) for name in names]
    return files


def test_every_path_the_docs_and_the_code_cite_is_in_the_repository():
    """README, CONTRIBUTING, the docs pages and the tutorials name files of the project, and so do
    the docstrings and comments of the Python code: each must be there (a file that moved is named
    where it went). A file a page names in code format is found from the repository or the
    package, or, named alone, somewhere in it. CHANGELOG tells history: left out."""
    files = repository_files()
    pages = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *ROOT.glob("docs/**/*.md"), *ROOT.glob("examples/*.ipynb")]
    code = [path for path in files if path.suffix == ".py" or path.parent.name == ".ci"]
    names = {path.name for path in files}
    missing = set()
    for where in pages + code:
        text = where.read_text(encoding="utf-8")
        for cited in CITED_PATH.findall(text):
            path = cited.rstrip(".,:;)")
            made = path.startswith(MADE_BY_BUILDS) or path.endswith(".so") or "__pycache__" in path
            if not made and not (ROOT / path).exists():
                missing.add(f"{where.relative_to(ROOT)}: {path}")
        for cited in CITED_FILE.findall(text) if where in pages else []:
            pattern = re.sub(r"<[^>]+>", "*", cited)  # a placeholder: any name
            if "/" in cited:
                found = cited.startswith(MADE_BY_BUILDS) or any(
                    any(base.glob(pattern)) for base in (ROOT, ROOT / "tripeaks_widget")
                )
            else:
                found = cited in names or cited in READERS_OWN
            if not found:
                missing.add(f"{where.relative_to(ROOT)}: {cited}")
    assert sorted(missing) == []


def test_every_constant_of_the_package_is_read_by_the_package():
    """A module-level constant that no module of the package reads (nor the front end's generator)
    is a leftover, or a test's fact: it belongs in the tests."""
    import ast

    package = [path for path in (ROOT / "tripeaks_widget").rglob("*.py") if "_compiled" not in path.parts]
    # Each word of every text, counted once: a name is read where it stands as a whole word.
    words = collections.Counter(
        word
        for path in [*package, ROOT / "js" / "generate.py", ROOT / "hatch_build.py"]
        for word in re.findall(r"\w+", path.read_text(encoding="utf-8"))
    )
    unread = []
    for path in package:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign)
                else []
            )
            for name in [target.id for target in targets if isinstance(target, ast.Name)]:
                if re.fullmatch(r"[A-Z][A-Z0-9_]*", name) and words[name] == 1:  # its own definition only
                    unread.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
    assert not unread, unread


def test_the_records_worker_thread_and_the_statements_it_runs_are_not_two_spellings_of_one_name():
    """``records.worker`` (the thread that writes off the caller's) and ``records.writes`` (the
    statements that write one result) were ``writer`` and ``writes``."""
    import importlib.util

    assert importlib.util.find_spec("tripeaks_widget.records.writer") is None
    assert importlib.util.find_spec("tripeaks_widget.records.worker") and importlib.util.find_spec(
        "tripeaks_widget.records.writes"
    )


def test_the_developer_tools_stand_outside_the_package_and_one_command_runs_them():
    """The package a user installs holds no tool that makes the project's files (Babel is a
    developer's need); ``tools/regenerate.py`` runs each step that ``.gitattributes`` names, in order."""
    import ast
    import importlib.util

    for path in (ROOT / "tripeaks_widget").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(name.split(".")[0] == "babel" for name in names), path
    spec = importlib.util.spec_from_file_location("regenerate", ROOT / "tools" / "regenerate.py")
    regenerate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(regenerate)
    commands = [
        " ".join(Path(part).name if part == sys.executable else part for part in command)
        for command, _ in regenerate.steps(bundle=True)
    ]
    assert commands == [
        "python tools/catalogs.py update",
        "python tools/catalogs.py compile",
        "python js/generate.py",
        "npm run build",
    ]
    said = re.findall(
        r"^# (?:cd js && )?(.+?) \(step (\d)", (ROOT / ".gitattributes").read_text(encoding="utf-8"), re.M
    )
    assert {int(step): command for command, step in said} == {2: commands[1], 3: commands[2], 4: commands[3]}
    assert "`python tools/regenerate.py`" in (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


# Folders of tests that stand for no module of the package: the browser tests, the shared helpers,
# the house's own checks, the files type checkers read, and the kept reference answers.
NOT_A_MODULE = {"e2e", "helpers", "house", "typed", "reference"}


def test_the_tests_mirror_the_package_and_share_only_helpers():
    """Each folder of tests is named for a module or package of ``tripeaks_widget``, and a test
    imports what it shares from ``helpers``, never from another test file."""
    package = ROOT / "tripeaks_widget"
    modules = {p.stem for p in package.glob("*.py")} | {p.name for p in package.iterdir() if p.is_dir()}
    folders = {p.name for p in (ROOT / "tests").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders - NOT_A_MODULE <= modules, f"test folders named for no module: {folders - NOT_A_MODULE - modules}"
    assert not list((ROOT / "tests").glob("test_*.py")), "a test file lies outside the package's folders"
    reached = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in (ROOT / "tests").rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.match(r"\s*(from|import) (test_|conftest)", line)
    ]
    assert not reached, f"tests importing another test file: {reached}"


def test_the_plugins_every_test_process_loads_bring_no_browser_or_notebook_library():
    """``tests/conftest.py``'s plugins load in every test process, the fast tier's too. Playwright and
    nbformat (whose schema checks take seconds to import) come only with the tests that use them."""
    script = (
        "import importlib, sys, conftest\n"
        "for plugin in conftest.pytest_plugins: importlib.import_module(plugin)\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'playwright', 'nbformat', 'nbconvert', 'jsonschema'}))"
    )
    tests = ROOT / "tests"
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tests,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(tests), str(ROOT)])},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_a_module_over_500_lines_says_at_its_top_why_it_is_one():
    """A long module is a choice, said where a reader starts: its docstring gives the reason."""
    unexplained = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "tripeaks_widget").rglob("*.py")
        if len(path.read_text(encoding="utf-8").splitlines()) > 500
        and "stays one module past 500 lines because" not in (ast.get_docstring(ast.parse(path.read_text())) or "")
    ]
    assert not unexplained, f"modules over 500 lines that do not say why they are one: {unexplained}"


def test_the_kept_reference_answers_are_keyed_by_code_not_by_its_words(tmp_path, monkeypatch):
    """A comment or a docstring changes no answer, so it keeps the reference answers; a change of
    code, or of a data file, computes them again."""
    from helpers import reference

    source = tmp_path / "search.py"
    data = tmp_path / "layout.json"
    monkeypatch.setattr(reference, "REPO", tmp_path)
    source.write_text('"""Searches."""\n\n\ndef best(x):\n    return x + 1\n', encoding="utf-8")
    data.write_text('{"slots": 28}', encoding="utf-8")
    key = reference.digest({"deals": 10}, ["search.py", "layout.json"])
    source.write_text(
        '"""Searches, said again."""\n\n\ndef best(x):  # the next\n    """One more."""\n    return x + 1\n'
    )
    assert reference.digest({"deals": 10}, ["search.py", "layout.json"]) == key
    assert reference.digest({"deals": 11}, ["search.py", "layout.json"]) != key
    source.write_text('"""Searches."""\n\n\ndef best(x):\n    return x + 2\n', encoding="utf-8")
    assert reference.digest({"deals": 10}, ["search.py", "layout.json"]) != key
    source.write_text('"""Searches."""\n\n\ndef best(x):\n    return x + 1\n', encoding="utf-8")
    data.write_text('{"slots": 29}', encoding="utf-8")
    assert reference.digest({"deals": 10}, ["search.py", "layout.json"]) != key


def test_the_version_is_written_once_and_the_changelog_has_its_release():
    """The package's version is ``__version__`` alone (the build reads it), and the changelog has a
    dated section for it under the unreleased one (Keep a Changelog)."""
    import tripeaks_widget

    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in project and "\nversion =" not in project
    sections = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert sections[0] == ("Unreleased", "")
    assert sections[1][0] == tripeaks_widget.__version__ and sections[1][1], sections[:2]
