"""How fast the solver is, against a plain memoised depth-first search, on the same deals.

    python benchmarks/solver.py                 # 1,000 random numbered deals per rule set
    python benchmarks/solver.py --deals 100     # fewer

In one process, for every deal and rule set: the baseline's verdict, the solver's verdict
(``winnable``) and its best line (``solve``). Prints mean, median, 99th percentile and
maximum milliseconds per deal, and how many times faster than the baseline the solver is
(ratio of the means). The verdicts must agree.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import Game, solver
from tripeaks_widget.layout import ALL_SLOTS_MASK, COVER_MASK, SLOT_COUNT


def baseline_winnable(game: Game) -> bool:
    """The plain way: depth first over every action, remembering each position seen
    (removed set, stock position, discard card) so that none is searched twice."""
    deck, rules = game.deck, game.rules
    stock = game.stock
    seen = set()

    def search(removed, drawn, discard):
        if removed == ALL_SLOTS_MASK:
            return True
        if (removed, drawn, discard) in seen:
            return False
        seen.add((removed, drawn, discard))
        for slot in range(SLOT_COUNT):
            free = not removed >> slot & 1 and removed & COVER_MASK[slot] == COVER_MASK[slot]
            if free and rules.fits(deck[slot].rank, discard.rank):
                if search(removed | 1 << slot, drawn, deck[slot]):
                    return True
        return drawn < len(stock) and search(removed, drawn + 1, stock[drawn])

    removed, _, discard = game.position
    return search(removed, 0, discard)


def timed(function, game):
    start = time.perf_counter()
    result = function(game)
    return result, time.perf_counter() - start


def describe(times):
    times = sorted(times)
    ms = [1000 * t for t in times]
    return (statistics.mean(ms), statistics.median(ms), ms[min(len(ms) - 1, int(0.99 * len(ms)))], ms[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="random deals per rule set (default 1000)")
    parser.add_argument("--rules", default="easy,classic", help="rule sets, comma-separated")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random choice of deals")
    parser.add_argument("--no-baseline", action="store_true", help="time the solver only")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    numbers = [rng.randrange(1, 50_001) for _ in range(args.deals)]
    print(f"{args.deals} random numbered deals per rule set (seed {args.seed}); milliseconds per deal")
    print(f"{'rules':8} {'search':10} {'mean':>8} {'median':>8} {'p99':>8} {'max':>8} {'x faster':>9}  winnable")
    failures = 0
    for name in args.rules.split(","):
        base_times, verdict_times, line_times, won = [], [], [], 0
        for number in numbers:
            game = Game.from_number(number, name)
            verdict, seconds = timed(solver.winnable, game)
            verdict_times.append(seconds)
            solution, seconds = timed(solver.solve, game)
            line_times.append(seconds)
            won += verdict
            if solution.winnable != verdict:
                failures += 1
                print(f"  {game.code}: winnable() says {verdict}, solve() says {solution.winnable}")
            if not args.no_baseline:
                expected, seconds = timed(baseline_winnable, game)
                base_times.append(seconds)
                if expected != verdict:
                    failures += 1
                    print(f"  {game.code}: the baseline says {expected}, the solver {verdict}")
        share = f"{100 * won / len(numbers):.1f}%"
        rows = [("baseline", base_times), ("verdict", verdict_times), ("best line", line_times)]
        base_mean = statistics.mean(base_times) if base_times else None
        for label, times in rows:
            if not times:
                continue
            mean, med, p99, worst = describe(times)
            ratio = f"{base_mean / statistics.mean(times):9.1f}" if base_mean and label != "baseline" else " " * 9
            print(f"{name:8} {label:10} {mean:8.1f} {med:8.1f} {p99:8.1f} {worst:8.1f} {ratio}  {share}")
    if failures:
        print(f"{failures} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
