"""How strong and how fast fair play is: the fair hint as a player against first_fit.

    python benchmarks/fair.py                              # the full target: games 1-1000, 2.5 s a move
    python benchmarks/fair.py --games 1-20                 # a slice that runs in a minute
    python benchmarks/fair.py --step 10 --method solver --samples 20   # the solver's hint, every 10th game

Strength: each rule set's games played by ``first_fit`` and by ``fair`` (``--method``
playout, the hint's default, or solver; at most ``--samples`` arrangements, by default the
method's own, and ``--budget`` seconds a move, the widget's search budget being 2.5 s), win
rates with 95 % Wilson intervals; the same games' actions replayed under
Hogue's scoring (V2: the fair hint judges chances, not points, so it plays the same moves)
give the Hogue averages, with 95 % intervals, beside his "about 12" and "over 17".

Speed: every position where the fair player had a choice (one legal action needs no
sampling) is timed: the share answered within the widget's budget, the samples used
(median and minimum; 0 where not one arrangement was judged in time and the player fell
back on ``lookahead``), and the sampled positions judged per second.

With playouts the full run takes about half an hour per rule set; with the solver, at most
2.5 s for each of some 25 choices a game, up to 17 CPU-hours: split it with ``--games``
over machines (the rows print per game with ``--verbose``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import Game
from tripeaks_widget.fair import METHODS, PLAYOUT_SAMPLES, SOLVER_SAMPLES, best_action, move_chances, wilson
from tripeaks_widget.solver import SearchExhausted
from tripeaks_widget.strategies import Results, evaluate, first_fit, lookahead

WIDGET_BUDGET = 2.5  # seconds: the widget's search budget (w.search_budget)


class MeasuredFair:
    """The fair hint as a player, timing every position where it had a choice."""

    def __init__(self, method: str, samples: int, budget: float | None, seed: int = 0) -> None:
        self.method, self.samples, self.budget, self.seed = method, samples, budget, seed
        self.__name__ = f"fair ({method}, {samples} samples, {budget} s)"
        self.calls: list[tuple[float, int]] = []  # (seconds, samples judged)

    def __call__(self, seen) -> str:
        if len(seen.legal_moves) == 1:
            return seen.legal_moves[0]
        start = time.perf_counter()
        try:
            chances = move_chances(seen, method=self.method, samples=self.samples, seed=self.seed, budget=self.budget)
        except SearchExhausted:  # as strategies.fair does: no arrangement judged in time
            self.calls.append((time.perf_counter() - start, 0))
            return lookahead(seen)
        self.calls.append((time.perf_counter() - start, next(iter(chances.values())).samples))
        return best_action(chances)


def games_spec(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def hogue(results: Results, rules: str) -> tuple[float, float, float]:
    """The mean score and its 95 % interval of the same games' actions under Hogue's scoring."""
    scores = [Game.from_number(r.game, f"{rules}+hogue-scoring").replay(r.actions).score for r in results.played]
    mean = statistics.mean(scores)
    half = 1.959964 * statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
    return mean, mean - half, mean + half


def line(results: Results, rules: str) -> str:
    low, high = results.win_interval
    h, h_low, h_high = hogue(results, rules)
    return (
        f"  {results.label:<36} won {results.wins:>4}/{len(results.played):<4} {results.win_rate:6.1%} "
        f"(95 % {low:.1%}-{high:.1%})   Hogue average {h:6.1f} (95 % {h_low:.1f}-{h_high:.1f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=games_spec, default=range(1, 1001), help="deal numbers, e.g. 1-1000")
    parser.add_argument("--rules", default="easy,classic", help="rule sets, comma separated")
    parser.add_argument("--step", type=int, default=1, help="play every step-th game of --games only")
    parser.add_argument("--method", choices=METHODS, default="playout", help="how each arrangement is judged")
    parser.add_argument("--samples", type=int, help="at most this many arrangements a move (default: the method's)")
    parser.add_argument("--budget", type=float, default=WIDGET_BUDGET, help="seconds a move")
    parser.add_argument("--verbose", action="store_true", help="print every game's row")
    args = parser.parse_args()
    games = f"{args.games.start}-{args.games.stop - 1}" + (f", every {args.step}th" if args.step > 1 else "")
    args.games = args.games[:: args.step]
    samples = args.samples or (PLAYOUT_SAMPLES if args.method == "playout" else SOLVER_SAMPLES)
    print(f"games {games}, fair by {args.method}: at most {samples} samples, {args.budget} s a move")
    for rules in args.rules.split(","):
        player = MeasuredFair(args.method, samples, args.budget)
        start = time.perf_counter()
        baseline = evaluate(first_fit, args.games, rules, progress=False)
        fair = evaluate(player, args.games, rules, progress=False)
        seconds = time.perf_counter() - start
        print(f"{rules} ({seconds:.0f} s)")
        print(line(baseline, rules))
        print(line(fair, rules))
        ratio = fair.win_rate / baseline.win_rate if baseline.wins else float("inf")
        print(f"  fair wins {ratio:.2f} times as many games as first_fit")
        if player.calls:
            times = [t for t, _ in player.calls]
            used = [n for _, n in player.calls]
            within = sum(t <= WIDGET_BUDGET for t in times)
            low, high = wilson(within, len(times))
            print(
                f"  speed: {len(times)} positions with a choice; within {WIDGET_BUDGET} s: {within / len(times):.1%} "
                f"(95 % {low:.1%}-{high:.1%}); samples median {statistics.median(used):.0f}, min {min(used)}; "
                f"{sum(used) / sum(times):.1f} sampled positions judged per second "
                f"(each judging every legal action); slowest {max(times):.2f} s"
            )
        if args.verbose:
            for row in fair.rows:
                print(f"    game {row.game}: {'won' if row.won else 'lost'}, score {row.score}, {row.error or ''}")


if __name__ == "__main__":
    main()
