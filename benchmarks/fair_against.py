"""Fair play's speed in this checkout against another one (an earlier commit, built), side by side.

    python benchmarks/fair_against.py OTHER                      # easy and classic, 5 rounds
    python benchmarks/fair_against.py OTHER --rounds 9 --games 40
    python benchmarks/fair_against.py --layout Diamond           # this checkout alone, on a layout

``OTHER`` is another checkout of the project with its compiled build made in place (``python
hatch_build.py`` there), say the commit before a change (``git archive COMMIT | tar -x -C DIR``).
Each round runs both, one after the other, each in a process of its own with its checkout first on
the path (two compiled builds of one module do not share a process), on the same positions,
samples and seeds: a load on the machine falls on both alike. Printed: each figure's best round
for each, and the median over the rounds of this checkout's figure over the other's. Their answers
must agree (else the exit status is 1). Figures are CPU time:

- the playouts (``move_chances(method="playout")``, 2,000 a position): arrangements judged per
  second, each judging every legal action, on mid-game positions of numbered games played by
  ``lookahead`` (seeded);
- the exact fair value (``expectimax.solve``): nodes per second, on the first position of each of
  those games with at most 8 cards unseen and a choice;
- the tree search (``tree.search``): iterations per second;
- the fair player (``evaluate(fair(), games 1..N, rules, workers=1)``, the player
  ``benchmarks/fair_player.py`` times on a process a core): games per second, and its wins.

``--layout`` plays another layout (a name of ``LAYOUTS``) in this checkout alone.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PLAYOUTS = 2000  # arrangements a position (the fair hint's 1,000, twice: a longer time to measure)


class Player:
    """One package's fair play on one rule set: its positions, then its figures timed."""

    def __init__(self, package, rules: str, positions: int, seed: int, layout: str | None) -> None:
        name = package.__name__
        self.modules = {part: importlib.import_module(f"{name}.{part}") for part in ("fair", "fair.strategies")}
        self.modules["expectimax"] = importlib.import_module(f"{name}.fair.expectimax")
        self.modules["tree"] = importlib.import_module(f"{name}.fair.tree")
        self.rules, self.layout = rules, layout
        self.Game = package.Game
        lookahead = self.modules["fair.strategies"].lookahead
        rng = random.Random(seed)
        self.middle, self.ends = [], []
        while len(self.middle) < positions:
            game = self.new_game(rng.randrange(1, 50_001))
            moves, kept = rng.randrange(8, 25), False
            while game.status == "playing":
                seen = game.seen()
                if len(game.history) >= moves and not kept and len(seen.legal_moves) > 1:
                    self.middle.append(seen)
                    kept = True
                if seen.hidden_count <= 8 and len(seen.legal_moves) > 1:
                    self.ends.append(seen)
                    break
                game.apply(lookahead(seen))

    def new_game(self, number: int):
        if self.layout is None:  # as the other checkout deals it, which may know no layouts
            return self.Game.from_number(number, self.rules)
        return self.Game.from_number(number, self.rules, layout=self.layout)

    def measure(self, games: int) -> tuple[dict[str, float], list]:
        """{figure: rate}, and the answers."""
        fair, expectimax, tree = self.modules["fair"], self.modules["expectimax"], self.modules["tree"]
        rates, answers = {}, []
        start = time.process_time()
        for seen in self.middle:
            chances = fair.move_chances(seen, method="playout", samples=PLAYOUTS, seed=1)
            answers.append([(action, chance.wins) for action, chance in chances.items()])
        rates["playouts (arrangements/s)"] = PLAYOUTS * len(self.middle) / (time.process_time() - start)
        start, nodes = time.process_time(), 0
        for seen in self.ends:
            found = expectimax.solve(seen)
            nodes += found.nodes
            answers.append([found.value, sorted(found.actions.items()), found.nodes])
        rates["exact (nodes/s)"] = nodes / (time.process_time() - start)
        start = time.process_time()
        for seen in self.middle:
            answers.append(sorted(tree.search(seen, iterations=300, seed=1).actions.items()))
        rates["search (iterations/s)"] = 300 * len(self.middle) / (time.process_time() - start)
        if games:
            strategies = self.modules["fair.strategies"]
            on = {} if self.layout is None else {"layout": self.layout}
            start = time.process_time()
            results = strategies.evaluate(
                strategies.fair(), range(1, games + 1), self.rules, workers=1, progress=False, **on
            )
            rates["fair player (games/s)"] = games / (time.process_time() - start)
            rates["fair player wins"] = results.wins
            answers.append([row.actions for row in results.rows])
        return rates, answers


def child(checkout: Path, args) -> dict:
    """In a process of its own: ``checkout``'s package timed, {rules: [rates, answers]}."""
    sys.path.insert(0, str(checkout))
    import tripeaks_widget

    found: dict = {"build": f"{tripeaks_widget.__file__.rsplit('/', 2)[0]} ({tripeaks_widget.solver.BACKEND})"}
    for rules in args.rules.split(","):
        found[rules] = Player(tripeaks_widget, rules, args.positions, args.seed, args.layout).measure(args.games)
    return found


def run(checkout: Path, args) -> dict:
    """``child`` run on ``checkout``."""
    command = [sys.executable, __file__, "--child", str(checkout), "--rules", args.rules, "--seed", str(args.seed)]
    command += ["--positions", str(args.positions), "--games", str(args.games)]
    command += ["--layout", args.layout] if args.layout else []
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=checkout, check=False)
    if done.returncode:
        raise SystemExit(f"{checkout}: {done.stderr[-3000:]}")
    return json.loads(done.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", nargs="?", type=Path, help="another checkout, built (none: this one alone)")
    parser.add_argument("--rules", default="easy,classic", help="rule sets, comma-separated")
    parser.add_argument("--positions", type=int, default=20, help="mid-game positions per rule set (default 20)")
    parser.add_argument("--games", type=int, default=30, help="games the fair player plays (default 30; 0: none)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--layout", help="a layout of LAYOUTS, in this checkout alone")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child, args)))
        return 0
    checkouts = {"this": HERE}
    if args.other is not None and args.layout is None:
        checkouts = {"other": args.other.resolve(), "this": HERE}
    load = os.getloadavg()[0]
    runs: dict[str, list[dict]] = {name: [] for name in checkouts}
    for _ in range(args.rounds):
        for name, checkout in checkouts.items():
            runs[name].append(run(checkout, args))
    builds = ", ".join(f"{name} {done[0]['build']}" for name, done in runs.items())
    print(f"{builds}; {args.rounds} rounds; load {load:.2f} before, {os.getloadavg()[0]:.2f} after")
    failures = 0
    for rules in args.rules.split(","):
        rounds = {name: [found[rules][0] for found in done] for name, done in runs.items()}
        answers = {json.dumps(found[rules][1]) for done in runs.values() for found in done}
        if len(answers) != 1:
            failures += 1
            print(f"{rules}: the answers differ")
        for figure in rounds["this"][0]:
            best = {name: max(r[figure] for r in runs) for name, runs in rounds.items()}
            row = "  ".join(f"{name} {value:10.1f}" for name, value in best.items())
            if "other" in best and "wins" not in figure:
                pairs = zip(rounds["this"], rounds["other"], strict=True)
                row += f"  this / other {statistics.median(t[figure] / o[figure] for t, o in pairs):.3f}"
            print(f"{rules:8} {figure:28} {row}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
