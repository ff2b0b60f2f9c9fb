"""The work the game of the day's searches do on the built-in layouts, in positions searched,
against their bounds (``goals.daily``: ``PROOF_NODES``, ``DAY_NODES``, ``CHALLENGE_NODES``).

    python benchmarks/goals_work.py                    # 60 dates from 2026-01-01, five rule sets
    python benchmarks/goals_work.py --dates 10 --rules easy
    python benchmarks/goals_work.py --grid             # how long running out takes, on a grid

For every layout, rule set and date, from cold: the most positions one game's proof searched, the
walk to the game of the day in all, the searches that choose and prove its three challenges, and
the most games the walk tried. The counts are the same on both builds and every machine.

With ``--grid``, the seconds (CPU time) it takes to run out of the bounds on a layout of 50 cards
face up in a grid under Classic, where every search is long: the walk to the game of the day, and
``Challenge.win().best`` on game 1; in the build that runs (``TRIPEAKS_PURE_PYTHON=1``: the sources).
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import LAYOUTS, Challenge, Game, Layout, solver
from tripeaks_widget.engine.layout import LayoutSlot
from tripeaks_widget.engine.rules import Rules
from tripeaks_widget.goals import daily, number_of_the_day

RULES = "easy,classic,site,classic+joker,easy+hogue-scoring"


class Counted(solver.Work):
    """A ``Work`` that keeps a list of every one made."""

    made: ClassVar[list[solver.Work]] = []

    def __init__(self, nodes: int) -> None:
        super().__init__(nodes)
        Counted.made.append(self)


def spent(work: solver.Work) -> int:
    return work.nodes - work.left


def grid() -> None:
    """Print how long running out of the bounds takes on a grid of 50 cards face up, under Classic."""
    layout = Layout("Grid", tuple(LayoutSlot(i % 10, 2 * (i // 10), 0, ()) for i in range(50)))
    asks = {
        "the game of the day": lambda: number_of_the_day("2026-05-01", "classic", layout=layout),
        "Challenge.win().best": lambda: Challenge.win().best(Game.from_number(1, "classic", layout=layout)),
    }
    for name, ask in asks.items():
        start = time.process_time()
        try:
            ask()
            said = "answered"
        except solver.SearchExhausted as error:
            said = str(error)
        print(f"{name} ({solver.BACKEND} build): {time.process_time() - start:.1f} s CPU; {said}", flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dates", type=int, default=60, help="dates, one after the other (default 60)")
    parser.add_argument("--start", default="2026-01-01", help="the first date (default 2026-01-01)")
    parser.add_argument("--rules", default=RULES, help=f"rule sets, comma-separated (default {RULES})")
    parser.add_argument("--grid", action="store_true", help="time running out on a grid of 50 cards face up")
    args = parser.parse_args(argv)
    if args.grid:
        grid()
        return 0
    solver.Work = Counted  # the day's searches make their bounds through the module
    start = datetime.date.fromisoformat(args.start)
    print(f"{args.dates} dates from {start}; positions searched, the most over the dates ({solver.BACKEND} build)")
    print("| rules | layout | a proof | the walk | games tried | the challenges |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for rules in args.rules.split(","):
        for layout in LAYOUTS.values():
            proof = walk = tried = challenges = 0
            for offset in range(args.dates):
                date = start + datetime.timedelta(days=offset)
                daily._number.cache_clear()
                daily._challenges.cache_clear()
                Counted.made.clear()
                daily._number(date, Rules.parse(rules), layout)
                proofs = [spent(work) for work in Counted.made[1:]]  # the first is the walk's
                proof, walk, tried = max(proof, *proofs), max(walk, spent(Counted.made[0])), max(tried, len(proofs))
                Counted.made.clear()
                daily._challenges(date, Rules.parse(rules), layout)
                challenges = max(challenges, spent(Counted.made[0]))
            print(f"| {rules} | {layout.name} | {proof:,} | {walk:,} | {tried} | {challenges:,} |", flush=True)
    print(
        f"bounds: a proof {daily.PROOF_NODES:,}, the walk {daily.DAY_NODES:,} and {daily.MOST_TRIED:,} games, "
        f"the challenges {daily.CHALLENGE_NODES:,}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
