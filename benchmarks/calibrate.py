"""Fit and check the calibration curves of the estimated chance (``tripeaks_widget.fair.calibration``).

    python benchmarks/calibrate.py fit RUN.json [RUN.json …]     # print the curves to put in FITTED
    python benchmarks/calibrate.py check RUN.json                # ECE and Brier, raw and mapped
    python benchmarks/calibrate.py check HELD.json --curves-from RUN.json …   # curves fitted on those runs
    python benchmarks/calibrate.py floor RUN.json … --held 80     # the error a perfect curve would show on 80 games
    python benchmarks/calibrate.py join RUN.json … --write ALL.json   # runs of other games joined into one

A run is the JSON ``benchmarks/fair.py --calibration FILE`` writes (gzipped where its name ends
in .gz): every position of the fair player's games with the chance shown, whether it was exact,
and the game's outcome. ``fit`` fits
each rule set's curve from the estimated positions of its runs; ``check`` says how calibrated a
run's chances are as they were shown and once the curves (those in force on its layout,
``calibration.FITTED``, or with ``--curves-from`` those fitted on other runs) map its estimated
ones; runs of one layout only (``fair.py --layout``) are fitted or checked together; ``--write FILE`` keeps the
mapped run (the same JSON, its estimated chances mapped, the curves recorded) and ``--plot FILE``
draws its reliability plot. Check on games the curves were not fitted on. A run made with curves
in force shows mapped chances already; ``check`` maps only a run made without them.

``floor`` measures how far a held-out error can be trusted: it splits the runs' games at random,
fits on all but ``--held`` of them and checks on the rest, ``--repeats`` times. The positions of
one game share its outcome, so a few dozen games give a noisy error even when the curve is right.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fair import calibration  # benchmarks/fair.py: ECE over 10 bins

from tripeaks_widget.engine.layout import THREE_PEAKS, Layout
from tripeaks_widget.fair.calibration import apply, curves_on, fit


def read(path: str) -> dict:
    """A run from its JSON file (gzipped when its name ends in .gz)."""
    data = Path(path).read_bytes()
    return json.loads(gzip.decompress(data) if path.endswith(".gz") else data)


def write(path: str, run: dict) -> None:
    text = (json.dumps(run) + "\n").encode()
    Path(path).write_bytes(gzip.compress(text, mtime=0) if path.endswith(".gz") else text)


def layout_of(runs: list[dict]) -> Layout:
    """The layout some runs were played on (Three Peaks for a run that does not say); one only."""
    names = {run.get("layout", THREE_PEAKS.name) for run in runs}
    if len(names) > 1:
        raise SystemExit(f"runs of other layouts cannot be taken together: {sorted(names)}")
    return Layout.parse(names.pop())


def rows_of(run: dict, rules: str) -> list[list]:
    return run["rules"][rules]["positions"]  # [game, actions, chance, exact, won]


def fitted(runs: list[dict], rules: str, bins: int) -> tuple[tuple[float, float], ...]:
    estimated = [
        (p, won) for run in runs if rules in run["rules"] for _, _, p, exact, won in rows_of(run, rules) if not exact
    ]
    return fit(estimated, bins)


def mapped_rows(rows: list[list], curve) -> list[list]:
    return [[g, a, p if exact else round(apply(curve, p), 6), exact, won] for g, a, p, exact, won in rows]


def ece_of(rows: list[list]) -> dict:
    return calibration([(g, a, p, exact) for g, a, p, exact, _ in rows], {g: w for g, _, _, _, w in rows})


def joined(runs: list[dict]) -> dict:
    """Runs made with the same settings on other games, as one run: per rule set its wins, games
    and positions (game order), its calibration measured over them all."""
    settings = {(run["method"], run["samples"], run["budget"], json.dumps(run["curves"])) for run in runs}
    if len(settings) > 1:
        raise SystemExit(f"runs made with other settings cannot be joined: {sorted(settings)}")
    out: dict = {key: runs[0][key] for key in ("method", "samples", "budget", "curves")}
    out["layout"] = layout_of(runs).name
    out["games"], out["rules"] = games_of(runs), {}
    for rules in sorted({r for run in runs for r in run["rules"]}):
        mine = [run["rules"][rules] for run in runs if rules in run["rules"]]
        rows = sorted((row for found in mine for row in found["positions"]), key=lambda r: (int(r[0]), r[1]))
        games = {g for g, *_ in rows}
        if len(games) != sum(found["games"] for found in mine):
            raise SystemExit(f"{rules}: the runs share games; join runs of other games only")
        out["rules"][rules] = {
            "wins": sum(found["wins"] for found in mine),
            "games": len(games),
            "first_fit_wins": sum(found["first_fit_wins"] for found in mine),
            "calibration": ece_of(rows),
            "estimated": ece_of([r for r in rows if not r[3]]),
            "positions": rows,
        }
    return out


def games_of(runs: list[dict]) -> str:
    """The games of some runs, as a range and a count per rule set ("easy 131-560 (430)")."""
    said = []
    for rules in sorted({r for run in runs for r in run["rules"]}):
        games = sorted({int(g) for run in runs if rules in run["rules"] for g, *_ in rows_of(run, rules)})
        said.append(f"{rules} {games[0]}-{games[-1]} ({len(games)})")
    return ", ".join(said)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("fit", "check", "floor", "join"))
    parser.add_argument("runs", nargs="+")
    parser.add_argument("--bins", type=int, default=20, help="equal-count bins of the isotonic fit")
    parser.add_argument("--curves-from", nargs="+", default=[], help="check: fit the curves on these runs")
    parser.add_argument("--write", help="check: write the mapped run here (JSON)")
    parser.add_argument("--plot", help="check: draw the mapped run's reliability plot here (PNG)")
    parser.add_argument("--held", type=int, default=80, help="floor: games held out each time")
    parser.add_argument("--repeats", type=int, default=200, help="floor: random splits")
    args = parser.parse_args()
    runs = [read(path) for path in args.runs]
    layout = layout_of(runs)
    names = sorted({rules for run in runs for rules in run["rules"]})
    if args.what == "join":
        if not args.write:
            parser.error("join writes the joined run: give --write FILE")
        write(args.write, joined(runs))
        print(f"{len(runs)} runs joined: {games_of(runs)}")
        return
    if args.what == "fit":
        for rules in names:
            estimated = sum(not exact for run in runs if rules in run["rules"] for *_, exact, _ in rows_of(run, rules))
            games = sorted({g for run in runs if rules in run["rules"] for g, *_ in rows_of(run, rules)}, key=int)
            curve = fitted(runs, rules, args.bins)
            print(
                f"# {layout.name}, {rules}: {estimated} estimated positions of {len(games)} games "
                f"({games[0]}-{games[-1]})"
            )
            print(f'"{rules}": ({", ".join(f"({x:.4f}, {y:.4f})" for x, y in curve)}),')
        return
    if args.what == "floor":
        rng = random.Random(0)
        for rules in names:
            rows = [row for run in runs if rules in run["rules"] for row in rows_of(run, rules)]
            games = sorted({g for g, *_ in rows}, key=int)
            raw, after = [], []
            for _ in range(args.repeats):
                held = set(rng.sample(games, args.held))
                train = [r for r in rows if r[0] not in held]
                test = [r for r in rows if r[0] in held]
                curve = fit([(p, w) for _, _, p, exact, w in train if not exact], args.bins)
                raw.append(ece_of(test)["ece"])
                after.append(ece_of(mapped_rows(test, curve))["ece"])
            for name, values in (("as shown", raw), ("mapped", after)):
                q = statistics.quantiles(values, n=20)
                share = sum(v <= 0.03 for v in values) / len(values)
                print(
                    f"{rules}, {args.held} of {len(games)} games held out, {args.repeats} splits, {name}: ECE median "
                    f"{statistics.median(values):.3f} (5-95 % {q[0]:.3f}-{q[-1]:.3f}); <= 0.03 in {share:.0%}"
                )
        return
    sources = [read(path) for path in args.curves_from]
    for run in runs:
        mapped_already = bool(run.get("curves"))
        curves, shown = {}, {}
        for rules in run["rules"]:
            rows = rows_of(run, rules)
            raw = shown[rules] = ece_of(rows)
            curve = fitted(sources, rules, args.bins) if sources else curves_on(layout).get(rules)
            games = len({g for g, *_ in rows})
            print(
                f"{layout.name}, {rules}: {raw['positions']} positions of {games} games "
                f"({run['games']}, {run['method']})"
            )
            print(f"  as shown: ECE {raw['ece']:.3f}, Brier {raw['brier']:.3f}")
            if curve and not mapped_already:
                curves[rules] = curve
                run["rules"][rules]["positions"] = rows = mapped_rows(rows, curve)
                after = ece_of(rows)
                run["rules"][rules]["calibration"] = after
                run["rules"][rules]["estimated"] = ece_of([r for r in rows if not r[3]])
                print(f"  mapped by the curve: ECE {after['ece']:.3f}, Brier {after['brier']:.3f}")
                for low_edge, mean_p, share, count in after["bins"]:
                    print(f"    {low_edge:.1f}-{low_edge + 0.1:.1f}: said {mean_p:.3f}, won {share:.3f} ({count})")
        if curves:
            run["curves"] = curves
            run["mapped_after"] = True  # the same games, their estimates mapped after the run
        if args.write:
            write(args.write, run)
        if args.plot:
            fitted_on = f"fitted on {games_of(sources)}, not in force" if sources else "in force (calibration.FITTED)"
            plot(run, shown, args.plot, fitted_on=fitted_on)


def plot(run: dict, shown: dict, path: str, fitted_on: str) -> None:
    """The reliability plot of a run: each bin's share won against its mean chance, per rule set,
    as shown (dashed) and, where a curve maps the run, once mapped (solid)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(5.5, 5.5), layout="constrained")
    ax.plot([0, 1], [0, 1], color="grey", linestyle=":", label="calibrated")
    for i, (rules, raw) in enumerate(shown.items()):
        colour = f"C{i}"
        bins = raw["bins"]
        ax.plot(
            [b[1] for b in bins],
            [b[2] for b in bins],
            marker="o",
            linestyle="--",
            color=colour,
            alpha=0.6,
            label=f"{rules} raw: ECE {raw['ece']:.3f}, Brier {raw['brier']:.3f}",
        )
        if rules in run.get("curves", {}) and run.get("mapped_after"):
            cal = run["rules"][rules]["calibration"]
            ax.plot(
                [b[1] for b in cal["bins"]],
                [b[2] for b in cal["bins"]],
                marker="s",
                color=colour,
                label=f"{rules} mapped: ECE {cal['ece']:.3f}, Brier {cal['brier']:.3f}",
            )
    ax.set(xlabel="chance shown", ylabel="share of games won")
    ax.set_title(f"Fair chance, held-out games:\n{run['games']}", fontsize="medium")
    ax.legend(fontsize="small", loc="lower right", title=f"curves {fitted_on}", title_fontsize="x-small")
    plt.savefig(path, dpi=100)


if __name__ == "__main__":
    main()
