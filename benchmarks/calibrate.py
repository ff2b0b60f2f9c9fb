"""Fit and check the calibration curves of the estimated chance (``tripeaks_widget.calibration``).

    python benchmarks/calibrate.py fit RUN.json [RUN.json …]     # print the curves to put in CURVES
    python benchmarks/calibrate.py check RUN.json                # ECE and Brier, raw and mapped

A run is the JSON ``benchmarks/fair.py --calibration FILE`` writes: every position of the fair
player's games with the chance shown, whether it was exact, and the game's outcome. ``fit`` fits
each rule set's curve from the estimated positions of its runs; ``check`` says how calibrated a
run's chances are as they were shown and once the current curves map its estimated ones. Check
on games the curves were not fitted on. A run made with curves in force shows mapped chances
already; ``check`` maps only a run made without them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fair import calibration  # benchmarks/fair.py: ECE over 10 bins and the Brier score

from tripeaks_widget.calibration import CURVES, apply, fit


def rows_of(run: dict, rules: str) -> list[list]:
    return run["rules"][rules]["positions"]  # [game, actions, chance, exact, won]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("fit", "check"))
    parser.add_argument("runs", nargs="+")
    args = parser.parse_args()
    runs = [json.loads(Path(path).read_text()) for path in args.runs]
    names = sorted({rules for run in runs for rules in run["rules"]})
    if args.what == "fit":
        for rules in names:
            estimated = [
                (p, won)
                for run in runs
                if rules in run["rules"]
                for _, _, p, exact, won in rows_of(run, rules)
                if not exact
            ]
            games = sorted({g for run in runs if rules in run["rules"] for g, *_ in rows_of(run, rules)}, key=int)
            curve = fit(estimated)
            print(f"# {rules}: {len(estimated)} estimated positions of games {games[0]}-{games[-1]} ({len(games)})")
            print(f'"{rules}": ({", ".join(f"({x:.4f}, {y:.4f})" for x, y in curve)}),')
        return
    for run in runs:
        mapped_already = bool(run.get("curves"))
        for rules in run["rules"]:
            rows = rows_of(run, rules)
            won = {g: w for g, _, _, _, w in rows}
            shown = [(g, a, p, exact) for g, a, p, exact, _ in rows]
            raw = calibration(shown, won)
            curve = CURVES.get(rules)
            print(f"{rules}: {raw['positions']} positions of {len(won)} games ({run['games']}, {run['method']})")
            print(f"  as shown: ECE {raw['ece']:.3f}, Brier {raw['brier']:.3f}")
            if curve and not mapped_already:
                mapped = [(g, a, p if exact else apply(curve, p), exact) for g, a, p, exact in shown]
                after = calibration(mapped, won)
                print(f"  mapped by the curve: ECE {after['ece']:.3f}, Brier {after['brier']:.3f}")
                for low_edge, mean_p, share, count in after["bins"]:
                    print(f"    {low_edge:.1f}-{low_edge + 0.1:.1f}: said {mean_p:.3f}, won {share:.3f} ({count})")


if __name__ == "__main__":
    main()
