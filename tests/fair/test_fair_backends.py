"""Fair play's hot loops, compiled by Cython from their own sources (``_builds.CYTHON_MODULES``):
both builds give the same answers, and the fair tests pass under the sources too.

``TRIPEAKS_COMPILED=required`` (as CI sets it) makes a missing compiled build a failure rather
than a skip."""

from __future__ import annotations

import json

from helpers import reference
from helpers.builds import needs_compiled, run_python

from tripeaks_widget import LAYOUTS, _builds, fair, solver
from tripeaks_widget.fair import expectimax, playout
from tripeaks_widget.fair import tree as search

POSITIONS = 8  # games per rule set; measured, about 15 s of CPU time for both builds together


def test_fair_plays_hot_loops_run_in_the_build_the_solver_does():
    for module in (playout, expectimax, search):
        assert module.__name__ in _builds.CYTHON_MODULES
        assert module.__file__.endswith(".py") == (solver.BACKEND == "python"), module.__file__


@needs_compiled
def test_both_builds_judge_sampled_positions_alike():
    """The playouts' win counts per action on the same samples and seeds, the exact values (and
    the nodes searched), and the tree search's visits and values: equal under both builds, on
    Three Peaks and on every other layout of ``LAYOUTS``."""

    def answers(pure: bool) -> dict:
        done = run_python("", pure, "tests/helpers/fair_runs.py", str(POSITIONS), timeout=600)
        assert done.returncode == 0, done.stderr[-2000:]
        said = json.loads(done.stdout)
        assert said["backend"] == ("python" if pure else "compiled")
        return said["answers"]

    ours = answers(False)  # the pure-Python reference's are kept until their sources change
    theirs, _ = reference.answers(
        "fair", [POSITIONS], [*reference.SEARCHES, "tests/helpers/fair_runs.py"], lambda: answers(True)
    )
    kinds = {key.split()[0] for key in ours}
    assert kinds == {"playout", "search", "exact"} and len(ours) == len(theirs)
    differ = [key for key in ours if ours[key] != theirs.get(key)]
    assert not differ, [(key, ours[key], theirs.get(key)) for key in differ[:5]]
    assert sum(key.startswith("exact") for key in ours) >= POSITIONS  # the exact values were compared
    on = {key.split()[1].partition("@")[2] or "THREE-PEAKS" for key in ours if not key.startswith("exact")}
    assert on == {layout.key for layout in LAYOUTS.values()}  # every layout was played out and searched


@needs_compiled
def test_the_fair_tests_pass_under_pure_python_too():
    args = ["-m", "pytest", "-q", "-x", "-n", "auto", "-p", "no:cacheprovider", "tests/fair/test_fair_exact.py"]
    args += ["tests/fair/test_fair_search.py", "tests/fair/test_playout.py", "tests/fair/test_fair.py"]
    done = run_python("", True, *args, timeout=1200)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failed" not in done.stdout


@needs_compiled
def test_both_builds_give_the_same_chance_and_hint_with_their_defaults():
    """``win_chance`` and ``fair_hint`` as the board asks for them (no samples given, no time
    budget): the same chance, interval, sample count and hint under both builds, at game 1's deal
    (Easy: 72%, K♣) and along game 1 on every built-in layout (``fair_answers.py``); and the board's
    review of a game, whose chances were cut at ``search_budget`` seconds a move before (issue 53)."""
    ours, theirs = (run_python("", pure, "tests/helpers/fair_answers.py", timeout=600) for pure in (False, True))
    assert ours.returncode == 0 and theirs.returncode == 0, ours.stderr[-2000:] + theirs.stderr[-2000:]
    ours, theirs = json.loads(ours.stdout), json.loads(theirs.stdout)
    assert (ours["backend"], theirs["backend"]) == ("compiled", "python")
    assert ours["answers"] == theirs["answers"]
    assert ours["review"] == theirs["review"] and len(ours["review"][0]) == 29  # the board's review, move by move
    deal = ours["answers"]["deal easy"]
    assert deal[0] == "TP1-E-AAAAAAB" and deal[4] == fair.PLAYOUT_SAMPLES and deal[5] == "K♣"
    assert len(ours["answers"]) >= 10 and any(row[4] == 0 for row in ours["answers"].values())  # exact ones too
