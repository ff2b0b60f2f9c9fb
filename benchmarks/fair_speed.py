"""How fast fair play judges, compiled against pure Python, in one process on the same positions.

    python benchmarks/fair_speed.py                       # 20 positions per rule set
    python benchmarks/fair_speed.py --positions 5 --samples 100

Where the compiled build is installed, the fair modules' sources (``tripeaks_widget._native``'s
``COMPILED``: the playouts, the exact fair value, the search, and ``fair`` over them, with the
solver's sources too) are loaded a second time beside it, so that both builds run here on the
same positions, the same samples and the same seeds; their answers must agree. Mid-game
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
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tripeaks_widget
from tripeaks_widget import Game, _native, solver
from tripeaks_widget.fair.strategies import lookahead

FAIR = (
    "tripeaks_widget.fair.removal",
    "tripeaks_widget.fair.playout",
    "tripeaks_widget.fair.expectimax",
    "tripeaks_widget.fair.tree",
)


def pure_copy():
    """``fair``, ``expectimax`` and ``search`` loaded again from their sources, over the solver's
    and the playouts' sources: {short name: module}. The installed modules are left as they were."""
    names = (*FAIR, "tripeaks_widget.fair")
    saved = {name: sys.modules.pop(name) for name in names}
    saved_solver = sys.modules["tripeaks_widget.solver"]
    sys.modules["tripeaks_widget.solver"] = tripeaks_widget.solver = _native.python_copy()  # type: ignore[attr-defined]
    finder = _native._Sources()
    sys.meta_path.insert(0, finder)
    try:
        copies = {name.rpartition(".")[2]: importlib.import_module(name) for name in names}
    finally:
        sys.meta_path.remove(finder)
        sys.modules.update(saved)
        sys.modules["tripeaks_widget.solver"] = tripeaks_widget.solver = saved_solver  # type: ignore[attr-defined]
        for name, module in saved.items():
            setattr(tripeaks_widget, name.rpartition(".")[2], module)
    assert all(module.__file__.endswith(".py") for module in copies.values())
    return copies


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
