"""Hogue's figures: the perfect-play average under his scoring (V2), and the strategies'.

    python benchmarks/hogue.py perfect --games 1-2000 --minutes 30          # V2 as defined, Easy and Classic
    python benchmarks/hogue.py perfect --games 1-100 --readings all         # every reading, a slice
    python benchmarks/hogue.py players --games 1-300                        # first_fit, lookahead
    python benchmarks/hogue.py players --games 1-30 --fair 20               # and fair (20 playouts)

Robert Hogue's published figures for the traditional game: about 60 points a hand with
perfect play, about 12 for most people, over 17 with better strategies. They do not say
how a hand that is not won ends, so each figure is computed under several readings
(``tripeaks_widget.fair.strategies.HOGUE_READINGS``):

- ``perfect``: the highest final score any line reaches (the solver's, which peeks), over
  numbered games from the first, for each rule set, until ``--minutes`` of this process's
  CPU time are spent; ``--budget`` seconds a deal, and the deals that ran out are counted
  (left out of the mean). Readings: ``as-defined`` (``solve()``), ``stop-at-best`` (the
  player may end the hand at any moment: for perfect play the same as stopping after the
  last card removed), ``free-draws``, and ``whole-stock-paid``, which is ``free-draws``
  less the whole stock's cost, as every line then pays for it.
- ``players``: the built-in strategies over the games, scored under every reading.

Means with 95 % normal intervals, and how many games are behind each.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import Game, solver
from tripeaks_widget.engine.game import HOGUE_DRAW_COST
from tripeaks_widget.engine.rules import Rules
from tripeaks_widget.fair.strategies import HOGUE_READINGS, evaluate, fair, first_fit, hogue_scores, lookahead
from tripeaks_widget.solver import _prepare
from tripeaks_widget.solver._score import HOGUE, highest_score

PERFECT_READINGS = ("as-defined", "stop-at-best", "free-draws", "whole-stock-paid")


def games_spec(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def interval(values: list[float]) -> str:
    mean = statistics.mean(values)
    half = 1.959964 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return f"{mean:7.1f} (95 % {mean - half:.1f} to {mean + half:.1f}, {len(values)} games)"


def perfect_scores(number: int, rules: str, readings: tuple[str, ...], budget: float | None) -> dict:
    """The highest score a line of numbered game ``number`` reaches under each reading;
    None where the budget ran out."""
    game = Game.from_number(number, f"{rules}+hogue-scoring")
    scores: dict[str, int | None] = {}
    if "as-defined" in readings:
        solution = solver.solve(game, budget=budget)
        scores["as-defined"] = solution.score if solution.complete else None
    if "stop-at-best" in readings:
        points, _, complete = highest_score(_prepare(game, budget)[1], 0, may_stop=True)
        scores["stop-at-best"] = points if complete else None
    if "free-draws" in readings or "whole-stock-paid" in readings:
        points, _, complete = highest_score(_prepare(game, budget)[1], 0, scoring=HOGUE._replace(draw_cost=0))
        scores["free-draws"] = points if complete else None
        scores["whole-stock-paid"] = points - HOGUE_DRAW_COST * game.stock_count if complete else None
    return {reading: scores[reading] for reading in readings}


def perfect(args) -> None:
    readings = PERFECT_READINGS if args.readings == "all" else tuple(args.readings.split(","))
    rule_sets = args.rules.split(",")
    scores: dict[tuple[str, str], list[int]] = {(r, x): [] for r in rule_sets for x in readings}
    ran_out = dict.fromkeys(scores, 0)
    start = time.process_time()
    for number in args.games:
        if time.process_time() - start > 60 * args.minutes:
            break
        for rules in rule_sets:
            found = perfect_scores(number, rules, readings, args.budget)
            for reading, score in found.items():
                if score is None:
                    ran_out[rules, reading] += 1
                else:
                    scores[rules, reading].append(score)
            if args.verbose:
                print(f"  {number:>6} {rules:<8} {found}", flush=True)
    used = (time.process_time() - start) / 60
    print(f"perfect play, games from {args.games.start}, {used:.1f} CPU minutes, {args.budget} s a deal")
    for (rules, reading), values in scores.items():
        if values:
            print(f"  {rules:<8} {reading:<18} {interval(values)}; ran out of time: {ran_out[rules, reading]}")


def players(args) -> None:
    policies = [first_fit, lookahead]
    for rules in args.rules.split(","):
        results = [evaluate(p, args.games, rules, progress=False) for p in policies]
        if args.fair:
            fair_games = range(args.games.start, min(args.games.stop, args.games.start + args.fair_games))
            results.append(evaluate(fair(samples=args.fair), fair_games, rules, progress=False))
        for result in results:
            print(f"{result.label} under {rules}: won {result.wins} of {len(result.played)} ({result.win_rate:.1%})")
            for reading in HOGUE_READINGS:
                print(f"  {reading:<22} {interval(hogue_scores(result, reading))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("perfect", help="the perfect-play average")
    p.add_argument("--games", type=games_spec, default=range(1, 2001), help="deal numbers, e.g. 1-2000")
    p.add_argument("--rules", default="easy,classic", help="rule sets, comma separated")
    p.add_argument("--readings", default="as-defined", help=f"comma separated, or all: {', '.join(PERFECT_READINGS)}")
    p.add_argument("--minutes", type=float, default=30.0, help="CPU minutes, then stop (default 30)")
    p.add_argument("--budget", type=float, default=60.0, help="seconds a deal (default 60)")
    p.add_argument("--verbose", action="store_true", help="print every deal's score")
    p.set_defaults(run=perfect)
    q = commands.add_parser("players", help="the strategies' averages under every reading")
    q.add_argument("--games", type=games_spec, default=range(1, 301), help="deal numbers, e.g. 1-300")
    q.add_argument("--rules", default="easy,classic", help="rule sets, comma separated")
    q.add_argument("--fair", type=int, default=0, help="also fair with this many samples a move")
    q.add_argument("--fair-games", type=int, default=30, help="games for fair (default 30), from the first")
    q.set_defaults(run=players)
    args = parser.parse_args()
    for rules in args.rules.split(","):
        try:
            Rules.parse(rules)  # a clear error before any work
        except ValueError as error:
            parser.error(str(error))
    args.run(args)


if __name__ == "__main__":
    main()
