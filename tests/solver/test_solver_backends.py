"""The two builds (``tripeaks_widget._builds``): the compiled one, when the package was built with
a C compiler (the solver's searches written in C, fair play's hot loops in Cython), and the
pure-Python sources. Which one runs, forcing the sources, the solver's tests passed under the
sources too, and the solver's two searches (Python, the reference, and C) giving the same answers
on thousands of deals and positions.

``TRIPEAKS_COMPILED=required`` (as CI sets it) makes a missing compiled build a failure
rather than a skip."""

from __future__ import annotations

import importlib
import json
import os
import re
import runpy
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from helpers import reference, solver_runs
from helpers.builds import needs_compiled, run_python

from tripeaks_widget import LAYOUTS, Game, _builds, solver
from tripeaks_widget.engine.layout import Layout, LayoutSlot
from tripeaks_widget.solver import _backends

REPO = Path(__file__).resolve().parents[2]
# The differential test's size. The two searches run one after the other, each over every core; the
# Python one takes most of the time: per task about 115 ms of CPU for a deal from its start, 43 ms for
# a mid-game position and 100 ms for Hogue's line, against a tenth of that or less in C. With 1,200
# deals a rule set and 8,000 positions it took 9 min in CI; at this size 4 min 20 s on a quiet 2-core
# machine, and 281 s of CPU time on a busy one (the same with or without fair play's loops compiled).
DEALS = 600  # per rule set, Easy and Classic
POSITIONS = 60  # mid-game positions per rule set, for Hogue's line, winning_actions and fair play
# Positions reached mid-game under eight rule sets (solver_runs.MIDGAME_RULES): with the deals, over
# 6,000 positions for the search written twice (the compiled build's win search is in C).
MIDGAME = 5000
# The goals' searches (the longest run, the most cards of a kind, the highest score at any moment,
# the fewest draws) from early positions under those rule sets and Hogue's scoring: about a quarter
# of a second each in Python, where a mid-game verdict takes 43 ms (some 30 s more in all).
GOALS = 120


def test_backend_names_the_build_that_runs():
    modules = [importlib.import_module(name) for name in _builds.CYTHON_MODULES]
    compiled = [not module.__file__.endswith(".py") for module in modules]
    assert solver.BACKEND in ("compiled", "python")
    assert compiled == [solver.BACKEND == "compiled"] * len(modules), [m.__file__ for m in modules]
    searches = {"compiled": _backends.C, "python": _backends.Python}[solver.BACKEND]
    assert type(solver._backend) is searches


def test_the_solvers_python_modules_run_as_python_in_either_build():
    """The solver's compiled build is its search written in C; its Python modules are never compiled."""
    for name in ("_space", "_search", "_score"):
        assert importlib.import_module(f"tripeaks_widget.solver.{name}").__file__.endswith(".py"), name


@needs_compiled
def test_the_compiled_build_is_there_where_required():
    assert solver.BACKEND == "compiled"


def test_the_search_in_c_runs_with_the_compiled_build_only():
    """The searches written in C come with the compiled build, from its own folder; never with the sources."""
    name = _builds.C_MODULES[0]
    if solver.BACKEND == "compiled":
        assert Path(sys.modules[name].__file__).parent == _builds.built(name).parent
    else:
        assert name not in sys.modules


def test_pure_python_is_forced_by_the_environment_and_said_once_in_the_log():
    code = (
        "import logging, sys; logging.basicConfig(level=logging.INFO, stream=sys.stdout, format='%(message)s')\n"
        "from tripeaks_widget import solver, _builds\n"
        "import tripeaks_widget.fair.playout as p\n"
        "_builds.choose()\n"  # a second look says nothing more
        "print(solver.BACKEND, p.__file__.endswith('.py'), p.cython.compiled, type(solver._backend).__name__)"
    )
    done = run_python(code, pure=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines == [
        "tripeaks_widget: the python build runs (TRIPEAKS_PURE_PYTHON is set)",
        "python True False Python",
    ]


def test_the_sources_run_where_cython_is_not_installed():
    """Without Cython (Pyodide, a plain install) its ``cython`` module is ``_builds``' stand-in:
    every compiled module's source imports and plays, its typed arrays as plain lists."""
    code = (
        "import sys\n"
        "class NoCython:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.partition('.')[0] in ('cython', 'Cython'):\n"
        "            raise ImportError(name)\n"
        "sys.meta_path.insert(0, NoCython())\n"
        "from tripeaks_widget import Game, _builds, solver\n"
        "import importlib\n"
        "modules = [importlib.import_module(name) for name in _builds.CYTHON_MODULES]\n"
        "assert all(m.cython is _builds.cython for m in modules if hasattr(m, 'cython'))\n"
        "g = Game.from_number(3)\n"
        "print(solver.BACKEND, g.winnable(), g.fair_hint(samples=20), g.win_chance(samples=20).samples)"
    )
    done = run_python(code, pure=True)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["python", "True", "6♣", "20"]


def copy_of_the_package(tmp_path: Path) -> Path:
    """The package with its compiled build, copied to ``tmp_path``: its folder there."""
    package = Path(solver.__file__).parent.parent
    shutil.copytree(package, tmp_path / package.name, ignore=shutil.ignore_patterns("__pycache__", "static"))
    return tmp_path / package.name


def import_from(tmp_path: Path, code: str, log: bool = True) -> subprocess.CompletedProcess:
    """Run ``code`` with the package copied to ``tmp_path``; with ``log``, the log at INFO on stdout."""
    log_to_stdout = "logging.basicConfig(level=logging.INFO, stream=sys.stdout, format='%(levelname)s %(message)s')"
    code = f"import logging, sys\n{log_to_stdout if log else ''}\n{code}"
    env = {k: v for k, v in os.environ.items() if k != _builds.FORCE_VARIABLE}
    env["PYTHONPATH"] = str(tmp_path)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)


@needs_compiled
@pytest.mark.parametrize("name", [_builds.CYTHON_MODULES[1], _builds.C_MODULES[0]])
def test_a_compiled_build_older_than_its_source_is_not_used(tmp_path, name):
    """Edit a source after building (the Python one, or the search written in C) and the sources
    run (never a stale build), saying why."""
    package = copy_of_the_package(tmp_path)
    source = _builds.source(name, package)
    comment = "/* edited */" if source.suffix == ".c" else "# edited"
    source.write_text(source.read_text(encoding="utf-8") + comment + "\n", encoding="utf-8")
    done = import_from(tmp_path, "from tripeaks_widget import solver; print(solver.BACKEND)")
    assert done.returncode == 0, done.stderr
    said, backend = done.stdout.strip().splitlines()
    assert backend == "python" and said.startswith("INFO tripeaks_widget: the python build runs (")
    assert f"the compiled {name} was built from another version of its source" in said


def compiled_file(package: Path, name: str) -> Path:
    place = _builds.built(name, package)
    return place.with_name(place.name + sysconfig.get_config_var("EXT_SUFFIX"))


NOT_MADE = f"is not the file the build made: damaged or replaced ({_builds.REBUILD})"
STRAY = "is not part of the compiled build and would hide a source (remove it)"


def cut_short(package: Path) -> tuple[Path, str]:
    """A compiled file cut short (a full disk, a copy cut off): loading it would kill Python."""
    path = compiled_file(package, _builds.CYTHON_MODULES[1])
    path.write_bytes(path.read_bytes()[:4096])
    return path, NOT_MADE


def one_byte_changed(package: Path) -> tuple[Path, str]:
    """A compiled file whole, headers and all, but one byte in its middle changed."""
    path = compiled_file(package, _builds.C_MODULES[0])
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    return path, NOT_MADE


def replaced(package: Path) -> tuple[Path, str]:
    """Another module's compiled file in the place of the search in C's."""
    path = compiled_file(package, _builds.C_MODULES[0])
    path.write_bytes(compiled_file(package, _builds.CYTHON_MODULES[0]).read_bytes())
    return path, NOT_MADE


def stray_compiled(package: Path) -> tuple[Path, str]:
    """A compiled file for a module the build does not compile."""
    path = compiled_file(package, "tripeaks_widget.fair.ceilings")
    path.write_bytes(compiled_file(package, _builds.CYTHON_MODULES[0]).read_bytes())
    return path, STRAY


def stray_source(package: Path) -> tuple[Path, str]:
    """A Python file in the compiled build's folder, where it would be imported for its namesake."""
    path = _builds.built("tripeaks_widget.fair.strategies", package).with_suffix(".py")
    path.write_text("raise ImportError('the stray, imported')\n", encoding="utf-8")
    return path, STRAY


def does_not_load(package: Path) -> tuple[Path, str]:
    """A file the build's record vouches for, whose library is another module's."""
    name = _builds.CYTHON_MODULES[1]
    path = compiled_file(package, name)
    path.write_bytes(compiled_file(package, _builds.CYTHON_MODULES[0]).read_bytes())
    record = package / _builds.COMPILED_DIR / _builds.BUILT_FROM
    made = json.loads(record.read_text(encoding="utf-8"))
    made[name]["digest"] = _builds.digest(path)
    record.write_text(json.dumps(made), encoding="utf-8")
    entry = "PyInit_" + name.rpartition(".")[2]
    return path, f"does not load here (ImportError: dynamic module does not define module export function ({entry}))"


@needs_compiled
@pytest.mark.parametrize("damage", [cut_short, one_byte_changed, replaced, stray_compiled, stray_source, does_not_load])
def test_a_damaged_compiled_build_gives_way_to_the_sources_all_of_them(tmp_path, damage):
    """The compiled build runs only as the build made it: a file damaged or replaced since, one
    that does not load, or a stray one that would hide its source makes every module run from
    its source (never a mix), with a warning that names the file and says why."""
    path, why = damage(copy_of_the_package(tmp_path))
    code = (
        "import importlib\n"
        "from tripeaks_widget import Game, _builds, solver\n"
        "names = _builds.CYTHON_MODULES + ('tripeaks_widget.fair.ceilings', 'tripeaks_widget.fair.strategies')\n"
        "sources = all([importlib.import_module(name).__file__ == str(_builds.source(name)) for name in names])\n"
        "print(solver.BACKEND, sources, _builds.C_MODULES[0] in sys.modules, Game.from_number(3).fair_hint(samples=20))"
    )
    done = import_from(tmp_path, code)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines() == [
        f"WARNING tripeaks_widget: the python build runs ({path} {why})",
        "python True False 6♣",
    ]


@needs_compiled
def test_where_no_logging_is_set_up_a_damaged_build_is_said_and_an_intact_one_is_not(tmp_path):
    """Python shows a warning nobody set logging up for, and nothing below it: the user learns that
    the compiled build they installed does not run, and hears nothing when it does."""
    package = copy_of_the_package(tmp_path)
    code = "from tripeaks_widget import solver; print(solver.BACKEND)"
    intact = import_from(tmp_path, code, log=False)
    assert (intact.returncode, intact.stdout, intact.stderr) == (0, "compiled\n", "")
    path, why = cut_short(package)
    damaged = import_from(tmp_path, code, log=False)
    assert (damaged.returncode, damaged.stdout) == (0, "python\n"), damaged.stderr[-3000:]
    assert damaged.stderr.strip() == f"tripeaks_widget: the python build runs ({path} {why})"


def test_a_build_in_place_removes_compiled_files_an_older_build_left_beside_the_sources(tmp_path):
    """Older builds put their compiled files beside the sources, where Python imports them ahead of
    the source whichever build is chosen: ``leftovers`` names them, and a build in place removes them."""
    hook = runpy.run_path(str(REPO / "hatch_build.py"))
    package = tmp_path / "tripeaks_widget"
    for name in _builds.CYTHON_MODULES + _builds.C_MODULES:
        _builds.source(name, package).parent.mkdir(parents=True, exist_ok=True)
        _builds.source(name, package).write_text("", encoding="utf-8")
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    old = _builds.source(_builds.CYTHON_MODULES[1], package).with_suffix(suffix)
    old.write_bytes(b"old")
    assert _builds.leftovers(package) == [old]
    new = tmp_path / "new.so"
    new.write_bytes(b"new")
    place = _builds.built(_builds.CYTHON_MODULES[1], package)
    hook["install_in_place"](tmp_path, {new: f"{place.relative_to(tmp_path).as_posix()}{suffix}"})
    assert _builds.leftovers(package) == []
    assert place.with_name(place.name + suffix).read_bytes() == b"new"


@needs_compiled
def test_the_solver_tests_pass_under_pure_python_too():
    """test_solver.py again, its searches all from the sources; less its checks against the plain
    exhaustive search, whose time is that search's own: the compiled build passed them, and the
    differential test below holds the sources to its answers."""
    args = ["-m", "pytest", "-q", "-x", "-n", "auto", "-p", "no:cacheprovider", "-k", "not plain_search"]
    args += ["tests/solver/test_solver.py"]  # over every core (pytest-xdist)
    done = run_python("", True, *args, timeout=900)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failed" not in done.stdout


@needs_compiled
def test_both_searches_give_the_same_answers_on_thousands_of_deals():
    """Verdicts, best lines and their scores on 600 random deals under Easy and under Classic,
    and on 5,000 positions reached mid-game under eight rule sets (with every action's verdict
    there); Hogue's line, ``winning_actions`` and the fair functions on mid-game positions; the
    goals' searches on 120 early positions: equal from the search in C and from the
    Python reference, and every line replays to what it claims."""
    # each over every core; fair play's loops run compiled in both (test_fair_backends.py compares
    # their two builds). The Python reference takes some ten times as long: its answers are kept
    # (tests/helpers/reference.py) and computed again only when their sources change.
    sizes = [str(DEALS), str(POSITIONS), str(MIDGAME), str(GOALS)]

    def answers(build: str) -> dict:
        done = run_python("", False, "tests/helpers/solver_runs.py", build, *sizes, timeout=1800)
        assert done.returncode == 0, done.stderr[-2000:]
        said = json.loads(done.stdout)
        assert said["backend"] == {"compiled": "C", "python": "Python"}[build]
        return said["answers"]

    ours = answers("compiled")
    theirs, _ = reference.answers(
        "solver", sizes, [*reference.SEARCHES, "tests/helpers/solver_runs.py"], lambda: answers("python")
    )
    assert len(ours) == len(solver_runs.tasks(DEALS, POSITIONS, MIDGAME, GOALS)) == len(theirs) >= 6_000
    differ = [key for key in ours if ours[key] != theirs[key]]
    assert not differ, [(key, ours[key], theirs[key]) for key in differ[:5]]
    for key, answer in ours.items():  # the lines replay to the result they claim
        kind, number, rules = key.split()
        if kind == "goals":
            moves = solver_runs.GOAL_MOVES[int(number) % len(solver_runs.GOAL_MOVES)]
            start = solver_runs.mid_game(int(number), rules, moves)
            (run, run_line), (kings, kings_line), (score, score_line), fewest = answer[:4]
            start.copy().replay(run_line)
            length = longest = start.run
            for action in run_line:
                length = 0 if action == "draw" else length + 1
                longest = max(longest, length)
            assert longest == run, key
            end = start.copy().replay(kings_line)
            assert sum(end.is_removed(s) and end.deck[s].rank == 13 for s in range(28)) == kings, key
            assert start.copy().replay(score_line).score == score, key
            assert fewest is None or start.copy().replay(fewest[1]).position.drawn == fewest[0], key
            continue
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


def pyramid(rows: range) -> Layout:
    """A pyramid of rows of ``rows`` cards from the top down, each card covered by the two below
    it, its left half one peak and its right half another."""
    widest = rows[-1]
    slots: list[dict] = []
    for depth, size in enumerate(rows):
        first = len(slots)
        below = first + size  # the first slot of the row below
        for j in range(size):
            covered_by = [below + j, below + j + 1] if size < widest else []
            x = (widest - size) / 2 + j
            slots.append({"x": x, "y": depth, "peak": int(2 * x >= widest - 1), "covered_by": covered_by})
    return Layout.from_dict({"name": f"Pyramid {len(slots)}", "slots": slots})


WIDE = pyramid(range(5, 10))  # 35 slots: the search in C's wide build (64-bit masks, 128-bit keys)


def answers(game: Game, build, mid: Game) -> list:
    """What the solver says of a deal and of a position in it, with the searches of ``build``."""
    saved, solver._backend = solver._backend, build
    try:
        solution, hogue = solver.solve(game), solver.solve(mid.copy())
        return [
            solver.winnable(game),
            (solution.winnable, solution.line, solution.draws, solution.cards_left, solution.score),
            solver.fewest_draws(game),
            solver.longest_run(mid),
            solver.most_cleared_of(mid, ["K♣", "K♦", "K♥", "K♠"]),
            solver.most_cleared_of(mid),
            solver.highest_score(mid),
            sorted(solver.winning_actions(mid).items()),
            (hogue.winnable, hogue.line, hogue.score),
        ]
    finally:
        solver._backend = saved


@needs_compiled
@pytest.mark.parametrize("layout", [*LAYOUTS.values(), WIDE], ids=lambda layout: layout.key)
def test_both_searches_give_the_same_answers_on_every_layout(layout):
    """On each built-in layout and on one of more than 32 slots (the search in C at its other
    width), a few deals under Easy and Classic: the verdict, the best line, the fewest draws and,
    from a position a few actions in, the goals' searches, every action's verdict and (under
    Hogue's scoring, under Easy) the highest-scoring line, alike from the search in C and the Python reference."""
    python, c = _backends.Python(), _backends.C()
    for number in (1, 5, 6):  # under Easy, the pyramid's deals 5 and 6 are won, 1 is not
        for rules in ("easy", "classic"):
            game = Game.from_number(number, rules, layout=layout)
            scored = f"{rules}+hogue-scoring" if rules == "easy" else rules  # Hogue's line, and the app's highest score
            mid = solver_runs.mid_game(number, scored, 2 * layout.slot_count // 3, layout)
            ours, theirs = answers(game, c, mid), answers(game, python, mid)
            assert ours == theirs, (game.code, ours, theirs)


@needs_compiled
@pytest.mark.parametrize("rules", ["easy+draw-when-stuck", "classic+draw-when-stuck"])
def test_four_peaks_under_forced_draws_has_keys_wide_enough_for_its_draw_counts(rules):
    """Four Peaks' 31 slots fit the search in C's narrow keys (2n + 1 bits) under free draws
    only: under V5 every key also counts the draws (2n + 6 bits), as Hogue's highest score's do
    under any rules, and those searches take the wide tables. Their answers on Four Peaks, deal
    and mid-game, are the Python reference's."""
    python, c = _backends.Python(), _backends.C()
    for number in (1, 5):
        game = Game.from_number(number, rules, layout="Four Peaks")
        mid = solver_runs.mid_game(number, rules, 20, game.layout)
        ours, theirs = answers(game, c, mid), answers(game, python, mid)
        assert ours == theirs, (game.code, ours, theirs)


@needs_compiled
@pytest.mark.parametrize("code", ["TP1-E-AAACKYU", "TP1-E-AAABOTS@FOUR-PEAKS"])
def test_the_longest_proofs_ask_for_huge_pages_and_answer_as_the_reference(code):
    """The slowest lost verdicts (a proof of some 130,000 positions) grow the search in C's table
    past 2 MB, where it asks Linux for huge pages: the verdict and the best line are the Python
    reference's, and the table's memory is marked for huge pages."""
    python, c = _backends.Python(), _backends.C()

    def said(build) -> tuple:
        saved, solver._backend = solver._backend, build
        try:
            game = Game(code)
            solution = solver.solve(game)
            return solver.winnable(game), solution.line, solution.draws, solution.cards_left
        finally:
            solver._backend = saved

    ours, theirs = said(c), said(python)
    assert ours == theirs and ours[0] is False and ours[3] == 1, (ours, theirs)
    search = solver._prepare(Game(code), None)[1]
    c.wins(search, first_only=True)
    # over 39,322 entries (60% of 65,536 slots): a table of 262,144 slots, 2 MB of 8-byte keys,
    # kept for the next search
    assert search.nodes > 60_000
    if Path("/sys/kernel/mm/transparent_hugepage/enabled").exists():  # Linux with huge pages
        assert memory_marked_for_huge_pages() >= 2 << 20


def memory_marked_for_huge_pages() -> int:
    """The bytes of this process's mappings marked for huge pages (``madvise``: "hg" in VmFlags),
    whether or not the system found huge pages for them yet."""
    marked = 0
    for mapping in re.split(r"\n(?=[0-9a-f]+-[0-9a-f]+ )", Path("/proc/self/smaps").read_text()):
        flags, size = re.search(r"^VmFlags:(.*)$", mapping, re.M), re.search(r"^Size:\s+(\d+) kB", mapping, re.M)
        if flags and size and "hg" in flags.group(1).split():
            marked += int(size.group(1)) * 1024
    return marked


@needs_compiled
def test_hogues_highest_score_refuses_tables_made_without_the_draws_in_their_keys():
    """The highest score's table keys count the draws: given tables made for the other searches
    (narrow keys, on Four Peaks under free draws) the search in C says what it expected."""
    c, search = _backends.C(), solver._prepare(Game.from_number(5, "easy", layout="Four Peaks"), None)[1]
    narrow = c._space(search.space)
    with pytest.raises(TypeError, match=r"expected the tables space\(\.\.\., draws_in_keys=True\) made"):
        c._c.highest_score(narrow, search.removed, search.drawn, search.rank, 0, 1, 1, 5, False, (), (), -1.0, -1)
    assert c._space(search.space, draws_in_keys=True) != narrow


def test_the_kept_reference_answers_are_computed_again_when_a_source_changes(tmp_path, monkeypatch):
    """The differential tests keep the Python reference's answers (tests/helpers/reference.py): kept while
    the digest of their sources and parameters holds, computed again when either changes."""
    source = tmp_path / "search.py"
    source.write_text("ANSWER = 1\n")
    monkeypatch.setattr(reference, "REPO", tmp_path)
    monkeypatch.setattr(reference, "FOLDER", tmp_path / "kept")
    calls = []

    def compute() -> dict:
        calls.append(source.read_text())
        return {"answer": len(calls)}

    assert reference.answers("demo", [1], ["search.py"], compute) == ({"answer": 1}, True)
    assert reference.answers("demo", [1], ["search.py"], compute) == ({"answer": 1}, False)  # kept
    assert reference.answers("demo", [2], ["search.py"], compute) == ({"answer": 2}, True)  # other parameters
    source.write_text("ANSWER = 2\n")
    assert reference.answers("demo", [2], ["search.py"], compute) == ({"answer": 3}, True)  # a source changed
    assert reference.answers("demo", [2], ["search.py"], compute) == ({"answer": 3}, False)
    assert calls == ["ANSWER = 1\n", "ANSWER = 1\n", "ANSWER = 2\n"]


GRID = Layout("Grid", tuple(LayoutSlot(i % 10, 2 * (i // 10), 0, ()) for i in range(50)))
BOUNDED = {  # each search a bound in work stops: (a game, its Work) -> its answer
    "winnable": lambda game, work: solver.winnable(game, nodes=work),
    "fewest_draws": lambda game, work: solver.fewest_draws(game, nodes=work),
    "longest_run": lambda game, work: solver.longest_run(game, nodes=work),
    "most_cleared_of": lambda game, work: solver.most_cleared_of(game, game.deck[:8], nodes=work),
    "highest_score": lambda game, work: solver.highest_score(game, nodes=work),
    "solve": lambda game, work: solver.solve(game, nodes=work).line,
}


@needs_compiled
def test_a_bound_in_work_stops_both_searches_at_the_same_position():
    """``nodes=`` bounds a search in positions searched: the search in C and the Python reference
    stop at the same one (they count alike), so each answers or runs out alike, and spends as much
    of a shared ``Work``; on Four Peaks, under three rule sets, and on a grid of 50 cards face up
    under Classic (where every search runs long), at three bounds."""

    def outcomes() -> list[tuple]:
        out = []
        games = [Game.from_number(5, rules, layout="Four Peaks") for rules in ("easy", "classic", "easy+hogue-scoring")]
        for game in [*games, Game.from_number(1, "classic", layout=GRID)]:
            for bound in (1, 5000, 40000):
                for name, search in BOUNDED.items():
                    work = solver.Work(bound)
                    try:
                        answer = search(game, work)
                    except solver.SearchExhausted as error:
                        answer = str(error)
                    out.append((game.code, bound, name, answer, work.left))
        return out

    saved = solver._backend
    try:
        solver._backend = _backends.C()
        ours = outcomes()
        solver._backend = _backends.Python()
        theirs = outcomes()
    finally:
        solver._backend = saved
    assert ours == theirs
    assert any(isinstance(answer, str) for *_, answer, _ in ours)  # some ran out
    assert any(not isinstance(answer, str) for *_, answer, _ in ours)  # some answered
