"""How fast the goals are proven: the game of the day and its three challenges, for many dates,
with the solver's searches in C (the compiled build) and in pure Python, side by side in one run.

    python benchmarks/goals.py                         # 100 dates from 2026-01-01, under Easy
    python benchmarks/goals.py --dates 30 --rules easy,classic
    python benchmarks/goals.py --backends c            # the compiled build only

For every date and rule set, from cold (no answer kept from before): the game of the day (the
walk up the numbered series to the first deal the solver proves winnable), then its three
challenges (the searches for the deal's best they are made from, and the proof that each can be
met): what ``challenges_of_the_day`` does. Then, on the deal, each challenge's ``possible`` alone
(the proof) and its ``best``. Every time is the process's CPU time, not the wall clock, so that
other work on a shared machine weighs on the figures as little as it can; milliseconds per date:
mean, median, worst. The days both builds make must be the same.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import Game, challenges_of_the_day, solver
from tripeaks_widget.goals import daily
from tripeaks_widget.solver import _backends

BUILDS = {"c": "compiled", "python": "pure Python"}


def forget() -> None:
    """Drop the days and the games of the day kept from before: the next ask starts cold."""
    daily._number.cache_clear()
    daily._challenges.cache_clear()


def timed(function, *args):
    start = time.process_time()
    result = function(*args)
    return result, time.process_time() - start


def proofs(day) -> list[bool]:
    """Each challenge's ``possible`` from the deal."""
    return [challenge.possible(Game(day.code)) for challenge in day]


def bests(day) -> list:
    """Each challenge's ``best`` from the deal."""
    return [challenge.best(Game(day.code)) for challenge in day]


def summary(seconds: list[float]) -> str:
    ms = [1000 * s for s in seconds]
    return f"{statistics.mean(ms):8.1f} {statistics.median(ms):8.1f} {max(ms):8.1f}"


def run(dates: list[datetime.date], rules: str) -> dict:
    """Time the day of every date under ``rules`` with the searches in use; the days made."""
    days, made, game, proved, best = [], [], [], [], []
    for date in dates:
        forget()
        game.append(timed(daily.number_of_the_day, date, rules)[1])
        forget()
        day, seconds = timed(challenges_of_the_day, date, rules)
        made.append(seconds)
        proved.append(timed(proofs, day)[1])
        best.append(timed(bests, day)[1])
        days.append((day.number, [challenge.text for challenge in day]))
    return {"days": days, "game": game, "made": made, "proofs": proved, "bests": best}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dates", type=int, default=100, help="dates, one after the other (default 100)")
    parser.add_argument("--start", default="2026-01-01", help="the first date (default 2026-01-01)")
    parser.add_argument("--rules", default="easy", help="rule sets, comma-separated (default easy)")
    parser.add_argument("--backends", default="c,python", help="builds of the searches, where built (default both)")
    args = parser.parse_args(argv)
    wanted = args.backends.split(",")
    if not set(wanted) <= set(BUILDS):
        parser.error(f"--backends: expected names from {', '.join(BUILDS)}; got {args.backends!r}")
    searches = {"python": _backends.Python()}
    if solver.BACKEND == "compiled":
        searches["c"] = solver._backend
    start = daily.day_of(args.start)
    dates = [start + datetime.timedelta(days=i) for i in range(args.dates)]
    print(f"{len(dates)} dates from {start}; CPU time, milliseconds per date: mean, median, worst")
    print(f"{'rules':8} {'build':12} {'game of the day':>26} {'its 3 challenges':>26} {'3 proofs':>26} {'3 bests':>26}")
    saved = solver._backend
    for rules in args.rules.split(","):
        results = {}
        for name in (name for name in wanted if name in searches):
            solver._backend = searches[name]
            try:
                results[name] = run(dates, rules)
            finally:
                solver._backend = saved
            figures = [summary(results[name][key]) for key in ("game", "made", "proofs", "bests")]
            print(f"{rules:8} {BUILDS[name]:12} " + " ".join(f"{f:>26}" for f in figures))
        if len(results) == 2:
            if results["c"]["days"] != results["python"]["days"]:
                print("the two builds made different days", file=sys.stderr)
                return 1
            ratio = statistics.mean(results["python"]["made"]) / statistics.mean(results["c"]["made"])
            print(f"{rules:8} the same {len(dates)} days from both builds; the compiled one {ratio:.1f} times as fast")
        kinds = [
            text.split()[0] + (" in" if text.startswith("win in") else "")
            for _, texts in next(iter(results.values()))["days"]
            for text in texts
        ]
        print(f"{rules:8} challenges made: " + ", ".join(f"{k} {kinds.count(k)}" for k in sorted(set(kinds))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
