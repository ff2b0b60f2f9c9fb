"""The solver's two builds of one search: the compiled one (Cython, when the package was built
with a C compiler) and the pure-Python sources. Which one runs, forcing the sources, the
solver's tests passed under the sources too, and both giving the same answers on thousands
of deals and positions.

``TRIPEAKS_COMPILED=required`` (as CI sets it) makes a missing compiled build a failure
rather than a skip."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import solver_runs

from tripeaks_widget import Game, _native, solver

REPO = Path(__file__).resolve().parent.parent
# The differential test's size. The two builds run one after the other, each over every core; the
# sources take most of the time: per task about 115 ms of CPU for a deal from its start, 43 ms for a
# mid-game position and 100 ms for Hogue's line or the fair functions, against a tenth of that or
# less compiled. With 1,200 deals a rule set and 8,000 positions it took 9 min in CI; at this size
# 4 min 20 s on a quiet 2-core machine (490 s of CPU time).
DEALS = 600  # per rule set, Easy and Classic
POSITIONS = 60  # mid-game positions per rule set, for Hogue's line, winning_actions and fair play
# Positions reached mid-game under eight rule sets (solver_runs.MIDGAME_RULES): with the deals, over
# 6,000 positions for the search written twice (the compiled build's win search is in C).
MIDGAME = 5000

needs_compiled = pytest.mark.skipif(
    solver.BACKEND != "compiled" and os.environ.get("TRIPEAKS_COMPILED") != "required",
    reason="the compiled search is not built here (no C compiler when installed)",
)


def run_python(code: str, pure: bool, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != _native.FORCE_VARIABLE}
    if pure:
        env[_native.FORCE_VARIABLE] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(REPO / "tests"), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, *(["-c", code] if code else []), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=timeout,
    )


def test_backend_names_the_build_that_runs():
    modules = [importlib.import_module(name) for name in _native.COMPILED]
    compiled = [not module.__file__.endswith(".py") for module in modules]
    assert solver.BACKEND in ("compiled", "python")
    assert compiled == [solver.BACKEND == "compiled"] * len(modules), [m.__file__ for m in modules]


@needs_compiled
def test_the_compiled_build_is_there_where_required():
    assert solver.BACKEND == "compiled"


def test_the_search_in_c_runs_with_the_compiled_build_only():
    """The win search written in C comes with the compiled build, never with the sources (nor in
    the pure copy a benchmark loads beside it)."""
    assert (solver._csearch is not None) == (solver.BACKEND == "compiled")
    if solver._csearch is not None:
        assert solver._csearch.__name__ == _native.C_MODULES[0]
        assert _native.python_copy()._csearch is None


def test_pure_python_is_forced_by_the_environment_and_said_once_in_the_log():
    code = (
        "import logging, sys; logging.basicConfig(level=logging.INFO, stream=sys.stdout, format='%(message)s')\n"
        "from tripeaks_widget import solver, _native\n"
        "import tripeaks_widget.solver._search as s\n"
        "_native.load()\n"  # a second look says nothing more
        "print(solver.BACKEND, s.__file__.endswith('.py'), s.cython.compiled)"
    )
    done = run_python(code, pure=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines == [
        "tripeaks_widget: the solver's search runs as pure Python (TRIPEAKS_PURE_PYTHON is set)",
        "python True False",
    ]


def test_the_sources_run_where_cython_is_not_installed():
    """Without Cython (Pyodide, a plain install) its ``cython`` module is ``_native``'s stand-in:
    every compiled module's source imports and plays, its typed arrays as plain lists."""
    code = (
        "import sys\n"
        "class NoCython:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.partition('.')[0] in ('cython', 'Cython'):\n"
        "            raise ImportError(name)\n"
        "sys.meta_path.insert(0, NoCython())\n"
        "from tripeaks_widget import Game, _native, solver\n"
        "import importlib\n"
        "modules = [importlib.import_module(name) for name in _native.COMPILED]\n"
        "assert all(m.cython is _native.cython for m in modules if hasattr(m, 'cython'))\n"
        "g = Game.from_number(3)\n"
        "print(solver.BACKEND, g.winnable(), g.fair_hint(samples=20), g.win_chance(samples=20).samples)"
    )
    done = run_python(code, pure=True)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["python", "True", "6♣", "20"]


@needs_compiled
@pytest.mark.parametrize("name", [_native.COMPILED[1], _native.C_MODULES[0]])
def test_a_compiled_build_older_than_its_source_is_not_used(tmp_path, name):
    """Edit a source after building (the Python one, or the search written in C) and the sources
    run (never a stale build), saying why."""
    package = Path(solver.__file__).parent.parent
    shutil.copytree(package, tmp_path / package.name, ignore=shutil.ignore_patterns("__pycache__", "static"))
    source = tmp_path / _native._source(name).relative_to(package.parent)
    comment = "/* edited */" if source.suffix == ".c" else "# edited"
    source.write_text(source.read_text(encoding="utf-8") + comment + "\n", encoding="utf-8")
    code = (
        "import logging, sys; logging.basicConfig(level=logging.INFO, stream=sys.stdout, format='%(message)s')\n"
        "from tripeaks_widget import solver; print(solver.BACKEND)"
    )
    env = {k: v for k, v in os.environ.items() if k != _native.FORCE_VARIABLE}
    env["PYTHONPATH"] = str(tmp_path)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    said, backend = done.stdout.strip().splitlines()
    assert backend == "python" and f"the compiled {name} was built from another version" in said, said


@needs_compiled
def test_the_solver_tests_pass_under_pure_python_too():
    """test_solver.py again, its searches all from the sources; less its checks against the plain
    exhaustive search, whose time is that search's own: the compiled build passed them, and the
    differential test below holds the sources to its answers."""
    args = ["-m", "pytest", "-q", "-x", "-n", "auto", "-p", "no:cacheprovider", "-k", "not plain_search"]
    args += ["tests/test_solver.py"]  # over every core (pytest-xdist)
    done = run_python("", True, *args, timeout=900)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failed" not in done.stdout


@needs_compiled
def test_both_builds_give_the_same_answers_on_thousands_of_deals():
    """Verdicts, best lines and their scores on 600 random deals under Easy and under Classic,
    and on 5,000 positions reached mid-game under eight rule sets (with every action's verdict
    there); Hogue's line, ``winning_actions`` and the fair functions on mid-game positions: equal
    under both builds, and every line replays to what it claims."""
    args = ["tests/solver_runs.py", str(DEALS), str(POSITIONS), str(MIDGAME)]
    # one build after the other, each over every core: the sources take some ten times as long
    compiled = run_python("", False, *args, timeout=1800)
    assert compiled.returncode == 0, compiled.stderr[-2000:]
    pure = run_python("", True, *args, timeout=1800)
    assert pure.returncode == 0, pure.stderr[-2000:]
    ours, theirs = json.loads(compiled.stdout), json.loads(pure.stdout)
    assert (ours["backend"], theirs["backend"]) == ("compiled", "python")
    ours, theirs = ours["answers"], theirs["answers"]
    assert len(ours) == len(solver_runs.tasks(DEALS, POSITIONS, MIDGAME)) == len(theirs) >= 6_000
    differ = [key for key in ours if ours[key] != theirs[key]]
    assert not differ, [(key, ours[key], theirs[key]) for key in differ[:5]]
    for key, answer in ours.items():  # the lines replay to the result they claim
        kind, number, rules = key.split()
        if kind in ("deal", "hogue", "position"):
            solution = answer if kind == "hogue" else answer[1]
            winnable, line, draws, left, score, complete = solution
            if kind == "deal":
                start = Game.from_number(int(number), rules)
            elif kind == "hogue":
                start = solver_runs.mid_game(int(number), f"{rules}+hogue-scoring", 14)
            else:
                moves = solver_runs.POSITION_MOVES[int(number) % len(solver_runs.POSITION_MOVES)]
                start = solver_runs.mid_game(int(number), rules, moves)
            end = start.copy().replay(line)
            assert complete and (end.cards_left, end.score, line.count("draw")) == (left, score, draws), key
            if kind != "hogue":
                assert winnable == answer[0] == (end.status == "won"), key
            if kind == "position":  # an action wins exactly where the game after it can still be won
                assert any(won for _, won in answer[2]) == (winnable and bool(answer[2])), key
