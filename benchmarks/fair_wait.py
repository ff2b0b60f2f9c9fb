"""How long a player waits for the win chance and the fair hint, in the build this process runs
(``TRIPEAKS_PURE_PYTHON=1``: the browser's, pure Python), as the board asks for them.

    TRIPEAKS_PURE_PYTHON=1 python benchmarks/fair_wait.py --games 1-10 --rules easy,classic
    TRIPEAKS_PURE_PYTHON=1 python benchmarks/fair_wait.py --games 1-5 --layout Diamond

The numbered games are played by the fair hint. At every position the readout's chance is asked
first (``win_chance(seed=0)``, as after every action), then, where there is a choice, the hint
(``fair_hint(seed=0)``, as on a click): both with their defaults, bounded by their work alone.
Figures are this process's CPU time (a busy machine's wall clock says little; in Pyodide, which
has no process clock, wall time: ``benchmarks/fair_wait_pyodide.mjs`` runs this file there), per
rule set: the median, the 90th percentile and the slowest, for the estimated positions and the
exact ones apart.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import Game, fair, solver
from tripeaks_widget.engine.layout import THREE_PEAKS, Layout


def timed(compute, **options):
    start = time.process_time()
    answer = compute(**options)
    return answer, time.process_time() - start


def summary(name: str, times: list[float]) -> str:
    if not times:
        return f"    {name}: none"
    tenth = min(statistics.quantiles(times, n=10)[-1], max(times)) if len(times) > 1 else times[0]
    return (
        f"    {name}: {len(times)} positions, median {statistics.median(times):.2f} s, "
        f"90% {tenth:.2f} s, slowest {max(times):.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="1-10", help="deal numbers, e.g. 1-10")
    parser.add_argument("--rules", default="easy,classic", help="rule sets, comma separated")
    parser.add_argument("--layout", default=THREE_PEAKS.name, help="a built-in layout's name")
    args = parser.parse_args()
    first, _, last = args.games.partition("-")
    layout = Layout.parse(args.layout)
    print(f"{solver.BACKEND} build, {layout.name}, games {args.games}, {fair.PLAYOUT_SAMPLES} arrangements a move")
    for rules in args.rules.split(","):
        chance = {True: [], False: []}  # exact or not: seconds
        hint = {True: [], False: []}
        for number in range(int(first), int(last or first) + 1):
            game = Game.from_number(number, rules, layout=layout)
            while game.status == "playing":
                said, seconds = timed(game.win_chance, seed=0)
                chance[said.exact].append(seconds)
                if len(game.legal_moves()) > 1:
                    move, seconds = timed(game.fair_hint, seed=0)
                    hint[said.exact].append(seconds)
                else:
                    move = game.legal_moves()[0]
                game.apply(move)
        print(f"  {rules}:")
        for name, found in (("win chance", chance), ("fair hint", hint)):
            print(summary(f"{name}, estimated", found[False]))
            print(summary(f"{name}, exact", found[True]))


if __name__ == "__main__":
    main()
