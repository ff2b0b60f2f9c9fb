"""How fast fair play judges, compiled against pure Python, in one process on the same positions.

    python benchmarks/fair_speed.py                       # 20 positions per rule set
    python benchmarks/fair_speed.py --positions 5 --samples 100

Where the compiled build is installed, ``fair`` is loaded a second time from its sources under
another name (its hot loops, ``tripeaks_widget._builds.CYTHON_MODULES``, as Python: the playouts,
the exact fair value, the search), and timed with the solver's Python searches, so that both
builds run here on the same positions, the same samples and the same seeds; their answers must
agree. Mid-game
positions: numbered games played by ``lookahead`` for 8 to 24 moves (seeded). Figures are the
process's CPU time:

- the playouts (``method="playout"``, the estimate of ``method="fair"``): arrangements judged per
  second, each judging every legal action by a ``lookahead`` playout;
- the solver (``method="solver"``): arrangements judged per second, each by ``winning_actions``;
- the exact fair value: expectimax nodes per second, on the first positions of the same games
  with at most 8 cards unseen and a choice;
- the tree search (``method="search"``): iterations per second.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tripeaks_widget
from tripeaks_widget import Game, solver
from tripeaks_widget.fair.strategies import lookahead
from tripeaks_widget.solver import _backends

ALIAS = "tripeaks_widget._fair_python"


def pure_copy():
    """``fair``, ``expectimax`` and ``tree`` loaded again from their sources as the package
    ``ALIAS``, beside the installed ones, and the solver's Python searches: {short name: module or
    searches}. The copy's path is the sources' folder alone (no compiled build is kept for its name),
    so its relative imports find the sources."""
    folder = Path(tripeaks_widget.fair.__file__).parent
    spec = importlib.util.spec_from_file_location(
        ALIAS, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    assert spec is not None and spec.loader is not None
    sys.modules[ALIAS] = fair = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fair)
    copies = {"fair": fair, "expectimax": importlib.import_module(f"{ALIAS}.expectimax")}
    copies["tree"] = importlib.import_module(f"{ALIAS}.tree")
    assert all(sys.modules[f"{ALIAS}.{name}"].__file__.endswith(".py") for name in ("removal", "playout", "tree"))
    return {**copies, "searches": _backends.Python()}


def positions(rules: str, count: int, seed: int) -> tuple[list, list]:
    """``count`` mid-game positions (a choice, still in play), and the first position of each
    game with at most 8 cards unseen and a choice (for the exact search)."""
    rng = random.Random(seed)
    middle, ends = [], []
    while len(middle) < count:
        game = Game.from_number(rng.randrange(1, 50_001), rules)
        moves = rng.randrange(8, 25)
        kept = False
        while game.status == "playing":
            seen = game.seen()
            if len(game.history) >= moves and not kept and len(seen.legal_moves) > 1:
                middle.append(seen)
                kept = True
            if seen.hidden_count <= 8 and len(seen.legal_moves) > 1:
                ends.append(seen)
                break
            game.apply(lookahead(seen))
    return middle, ends


def timed(function, *args, **kwargs):
    start = time.process_time()
    result = function(*args, **kwargs)
    return result, time.process_time() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="easy,classic", help="rule sets, comma-separated")
    parser.add_argument("--positions", type=int, default=20, help="mid-game positions per rule set (default 20)")
    parser.add_argument("--samples", type=int, default=200, help="arrangements played out a position (default 200)")
    parser.add_argument("--solver-samples", type=int, default=10, help="arrangements solved a position (default 10)")
    parser.add_argument("--iterations", type=int, default=300, help="search iterations a position (default 300)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    import tripeaks_widget.fair
    import tripeaks_widget.fair.expectimax
    import tripeaks_widget.fair.tree

    installed = {
        "fair": tripeaks_widget.fair,
        "expectimax": tripeaks_widget.fair.expectimax,
        "tree": tripeaks_widget.fair.tree,
        "searches": solver._backend,
    }
    builds = {solver.BACKEND: installed}
    if solver.BACKEND == "compiled":
        builds["python"] = pure_copy()
    print(f"builds: {', '.join(builds)} (installed: {solver.BACKEND}); {args.positions} positions per rule set")
    failures = 0
    for rules in args.rules.split(","):
        middle, ends = positions(rules, args.positions, args.seed)
        rates: dict[str, dict[str, float]] = {}
        answers: dict[str, list] = {}
        for name, m in builds.items():
            solver._backend = m["searches"]  # method="solver": the searches of the same build
            got, rate = [], {}
            seconds = 0.0
            for seen in middle:
                verdicts, t = timed(m["fair"].playout_verdicts, seen, samples=args.samples, seed=1)
                seconds += t
                got.append(verdicts)
            rate["playouts (arrangements/s)"] = len(middle) * args.samples / seconds
            seconds = 0.0
            for seen in middle:
                verdicts, t = timed(m["fair"].sample_verdicts, seen, samples=args.solver_samples, seed=1)
                seconds += t
                got.append(verdicts)
            rate["solver (arrangements/s)"] = len(middle) * args.solver_samples / seconds
            nodes, seconds = 0, 0.0
            for seen in ends:
                found, t = timed(m["expectimax"].solve, seen)
                nodes += found.nodes
                seconds += t
                got.append((found.value, found.actions, found.nodes))
            rate[f"exact (nodes/s, {nodes} nodes)"] = nodes / seconds
            seconds = 0.0
            for seen in middle:
                found, t = timed(m["tree"].search, seen, iterations=args.iterations, seed=1)
                seconds += t
                got.append(found.actions)
            rate["search (iterations/s)"] = len(middle) * args.iterations / seconds
            rates[name], answers[name] = rate, got
        solver._backend = installed["searches"]
        if len(answers) == 2 and answers["compiled"] != answers["python"]:
            failures += 1
            print(f"{rules}: the two builds disagree")
        for figure in rates[next(iter(rates))]:
            row = "  ".join(f"{name} {rate[figure]:10.0f}" for name, rate in rates.items())
            ratio = f"  x python {rates['compiled'][figure] / rates['python'][figure]:.2f}" if len(rates) == 2 else ""
            print(f"{rules:8} {figure:34} {row}{ratio}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
