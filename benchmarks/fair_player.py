"""The fair player over numbered games, as it was and as it is, side by side in one run.

    python benchmarks/fair_player.py                     # games 1-100, easy
    python benchmarks/fair_player.py --games 1000 --rules easy,classic --only today   # strength

Each row plays ``evaluate(fair(), games, rules)``; the rows add today's changes one at a time
to the player as it was (one process, a try at an exact search up to 12 cards unseen, a fresh
memo for every decision):

- ``exact tries up to 9 unseen``: ``fair.EXACT_TRY_UNSEEN`` as it is (from 10 unseen most
  tries ran out of nodes, and their time was lost);
- ``one memo a game``: consecutive decisions share the exact search's memo
  (``expectimax.shared_memo``);
- ``today``: as it is, on a process a core (``evaluate``'s default).

Figures: wall-clock seconds, this process's and its workers' CPU seconds, the games won and the
ratio to the first row's wall clock. The wins of every row are printed: the changes must not
cost strength (compare them over ``--games 1000``).
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import fair as fair_module
from tripeaks_widget.fair import strategies
from tripeaks_widget.fair.strategies import evaluate, fair

AS_IT_WAS_TRY_UNSEEN = 12


def cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@contextlib.contextmanager
def as_it_was(try_unseen: bool, memo: bool):
    """The player with its earlier exact-try limit and/or a fresh memo a decision, for one row."""
    kept = fair_module.EXACT_TRY_UNSEEN, strategies.memo_for
    if try_unseen:
        fair_module.EXACT_TRY_UNSEEN = AS_IT_WAS_TRY_UNSEEN
    if memo:
        strategies.memo_for = lambda policy: contextlib.nullcontext()
    try:
        yield
    finally:
        fair_module.EXACT_TRY_UNSEEN, strategies.memo_for = kept


ROWS = {  # name: (earlier try limit, a fresh memo a decision, workers)
    "as it was (one process)": (True, True, 1),
    "+ exact tries up to 9 unseen": (False, True, 1),
    "+ one memo a game": (False, False, 1),
    "today (a process a core)": (False, False, None),
}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games 1..N (default 100)")
    parser.add_argument("--rules", default="easy", help="rule sets, comma-separated (default easy)")
    parser.add_argument("--only", choices=["today", "as-it-was"], help="one row: today's player or the earlier one")
    args = parser.parse_args(argv)
    rows = {
        None: ROWS,
        "today": {"today (a process a core)": ROWS["today (a process a core)"]},
        "as-it-was": {"as it was (one process)": ROWS["as it was (one process)"]},
    }[args.only]
    print(f"evaluate(fair(), range(1, {args.games + 1}), rules) on {strategies.cores()} cores")
    for rules in args.rules.split(","):
        first = None
        for name, (try_unseen, memo, workers) in rows.items():
            with as_it_was(try_unseen, memo):
                cpu, wall = cpu_seconds(), time.perf_counter()
                results = evaluate(fair(), range(1, args.games + 1), rules, workers=workers, progress=False)
                wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
            first = first or wall
            print(
                f"{rules:8} {name:32} {wall:7.1f} s wall {cpu:7.1f} s CPU"
                f"  won {results.wins}/{len(results.played)} ({results.win_rate:.1%})  x{first / wall:.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
