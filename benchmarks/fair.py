"""How strong, how fast and how well calibrated fair play is: the fair hint as a player against first_fit.

    python benchmarks/fair.py                              # the full target: games 1-1000, 2.5 s a move
    python benchmarks/fair.py --games 1-100                # a slice
    python benchmarks/fair.py --games 1-100 --method playout   # the playout hint alone, on the same games
    python benchmarks/fair.py --step 10 --method solver --samples 20   # the solver's hint, every 10th game
    python benchmarks/fair.py --games 1-200 --samples 10000 --against benchmarks/fair_calibration.json.gz
    python benchmarks/fair.py --layout Diamond --games 1001-1200 --calibration diamond.json   # another layout's games

Strength: each rule set's games played by ``first_fit`` and by ``fair`` (``--method`` fair,
the hint's default: exact where few cards are unseen, else played out; playout; or solver; at
most ``--samples`` arrangements, by default the method's own, and ``--budget`` seconds a move,
the widget's search budget being 2.5 s), win rates with 95 % Wilson intervals; the same games'
actions replayed under Hogue's scoring (V2: the fair hint judges chances, not points, so it
plays the same moves) give the Hogue averages, with 95 % intervals, beside his "about 12" and
"over 17".

Speed: every position where the fair player had a choice (one legal action needs no
sampling) is timed: the share answered within the widget's budget, the share answered exactly
(and the slowest of those with at most 8 cards unseen), the samples used where estimated
(median and minimum; 0 where not one arrangement was judged in time and the player fell back
on ``lookahead``), and the sampled positions judged per second.

Calibration: at every position of the fair player's games (a choice or not) the chance the
board would show (``win_chance``: the best action's) is kept with the game's outcome: the
expected calibration error over 10 equal bins (the share-weighted gap between the mean chance
and the share won in each bin), the Brier score (the mean squared gap between chance and
outcome), and the same over the estimated positions alone. ``--calibration FILE`` writes
them, per position, as JSON (``benchmarks/fair_calibration.json.gz`` is the measured one: the
runs of games 1-1000 under Easy and Classic, joined by ``calibrate.py join``, which
``examples/07_fair_play.ipynb`` draws as a reliability plot); ``--plot FILE`` draws it here. With
curves in force on the layout (``calibration.FITTED``) the chances kept are the mapped ones, as the board shows them;
``--raw`` keeps them as they came (the share of arrangements won), to fit or check curves on: the fair player
plays the same moves either way (a curve keeps the order of the actions).

Against an earlier run: ``--against RUN`` (a ``--calibration`` file, such as the hint's own
``fair_calibration.json.gz``) compares the games both played one by one: those only this run
won, those only that one won, and a two-sided sign test on them (a change to the player is a
gain only when its p is small).

With playouts the full run takes about 25 to 30 minutes per rule set (the two at once on two
cores); with the solver, at most 2.5 s for each of some 25 choices a game, up to 17 CPU-hours: split it with ``--games``
over machines (the rows print per game with ``--verbose``).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks_widget import Game
from tripeaks_widget.engine.layout import THREE_PEAKS, Layout
from tripeaks_widget.fair import (
    DEFAULT_SAMPLES,
    EXACT_UNSEEN,
    METHODS,
    best_action,
    move_chances,
    wilson,
)
from tripeaks_widget.fair.calibration import curves_on, reliability
from tripeaks_widget.fair.strategies import Results, evaluate, first_fit, lookahead
from tripeaks_widget.solver import SearchExhausted

WIDGET_BUDGET = 2.5  # seconds: the widget's search budget (w.search_budget)


class MeasuredFair:
    """The fair hint as a player, timing every position where it had a choice and keeping, at
    every position, the chance the board shows there (the best action's)."""

    def __init__(self, method: str, samples: int, budget: float | None, seed: int = 0, raw: bool = False) -> None:
        self.method, self.samples, self.budget, self.seed, self.raw = method, samples, budget, seed, raw
        self.__name__ = f"fair ({method}, {samples} samples, {budget} s)"
        self.calls: list[tuple[float, int, bool, int]] = []  # (seconds, samples judged, exact, cards unseen)
        self.shown: list[tuple[str, int, float, bool]] = []  # (game, actions so far, chance, exact)
        self.game = ""  # the game being played: evaluate plays them one by one here

    def __call__(self, seen) -> str:
        start = time.perf_counter()
        try:
            chances = move_chances(seen, method=self.method, samples=self.samples, seed=self.seed, budget=self.budget)
        except SearchExhausted:  # as strategies.fair does: no arrangement judged in time
            self.calls.append((time.perf_counter() - start, 0, False, seen.hidden_count))
            return lookahead(seen)
        seconds = time.perf_counter() - start
        best = best_action(chances)
        chance = chances[best]
        # raw: the estimate as it came, before a curve mapped it (its share of arrangements won)
        value = chance.wins / chance.samples if self.raw and chance.calibrated_on else chance.value
        self.shown.append((self.game, len(seen.history), value, chance.exact))
        if len(seen.legal_moves) > 1:
            self.calls.append((seconds, chance.samples, chance.exact, seen.hidden_count))
        return best


def calibration(shown: list[tuple[str, int, float, bool]], won: dict[str, bool], bins: int = 10) -> dict:
    """The reliability of the chances shown, each with its game's outcome (``calibration.reliability``)."""
    return reliability([(p, won[game]) for game, _, p, _ in shown], bins)


def games_spec(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def hogue(results: Results, rules: str, layout: str) -> tuple[float, float, float]:
    """The mean score and its 95 % interval of the same games' actions under Hogue's scoring."""
    scores = [
        Game.from_number(r.game, f"{rules}+hogue-scoring", layout=layout).replay(r.actions).score
        for r in results.played
    ]
    mean = statistics.mean(scores)
    half = 1.959964 * statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
    return mean, mean - half, mean + half


def line(results: Results, rules: str, layout: str) -> str:
    low, high = results.win_interval
    h, h_low, h_high = hogue(results, rules, layout)
    return (
        f"  {results.label:<36} won {results.wins:>4}/{len(results.played):<4} {results.win_rate:6.1%} "
        f"(95 % {low:.1%}-{high:.1%})   Hogue average {h:6.1f} (95 % {h_low:.1f}-{h_high:.1f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=games_spec, default=range(1, 1001), help="deal numbers, e.g. 1-1000")
    parser.add_argument("--rules", default="easy,classic", help="rule sets, comma separated")
    parser.add_argument("--layout", default=THREE_PEAKS.name, help="a built-in layout's name (LAYOUTS)")
    parser.add_argument("--step", type=int, default=1, help="play every step-th game of --games only")
    parser.add_argument("--method", choices=METHODS, default="fair", help="how the chances are judged")
    parser.add_argument("--samples", type=int, help="at most this many arrangements a move (default: the method's)")
    parser.add_argument("--budget", type=float, default=WIDGET_BUDGET, help="seconds a move")
    parser.add_argument("--verbose", action="store_true", help="print every game's row")
    parser.add_argument("--calibration", help="write every position's chance and its game's outcome here (JSON)")
    parser.add_argument("--plot", help="draw the reliability plot here (PNG)")
    parser.add_argument("--raw", action="store_true", help="keep the estimates unmapped by the curves in force")
    parser.add_argument("--against", help="compare the games won, one by one, with this --calibration run (JSON)")
    args = parser.parse_args()
    earlier = read_run(args.against) if args.against else None
    games = f"{args.games.start}-{args.games.stop - 1}" + (f", every {args.step}th" if args.step > 1 else "")
    args.games = args.games[:: args.step]
    samples = args.samples or DEFAULT_SAMPLES[args.method]
    layout = Layout.parse(args.layout)
    print(f"{layout.name}, games {games}, fair by {args.method}: at most {samples} samples, {args.budget} s a move")
    measured: dict = {
        "layout": layout.name,
        "games": games,
        "method": args.method,
        "samples": samples,
        "budget": args.budget,
        # the calibration in force on this layout (the chances shown are mapped)
        "curves": curves_on(layout) if args.method == "fair" and not args.raw else {},
        "rules": {},
    }
    for rules in args.rules.split(","):
        player = MeasuredFair(args.method, samples, args.budget, raw=args.raw)
        start = time.perf_counter()
        baseline = evaluate(first_fit, args.games, rules, progress=False, layout=layout)
        rows = []
        for number in args.games:  # one game at a time, so every chance shown is kept with its game
            player.game = str(number)
            rows.extend(evaluate(player, [number], rules, progress=False, layout=layout).rows)
        fair = Results(player.__name__, baseline.rules, tuple(rows))
        seconds = time.perf_counter() - start
        print(f"{rules} ({seconds:.0f} s)")
        print(line(baseline, rules, layout.name))
        print(line(fair, rules, layout.name))
        ratio = fair.win_rate / baseline.win_rate if baseline.wins else float("inf")
        print(f"  fair wins {ratio:.2f} times as many games as first_fit")
        if player.calls:
            times = [t for t, _, _, _ in player.calls]
            used = [n for _, n, exact, _ in player.calls if not exact]
            exact = [t for t, _, x, _ in player.calls if x]
            small = [t for t, _, x, unseen in player.calls if unseen <= EXACT_UNSEEN]
            small_exact = [t for t, _, x, unseen in player.calls if unseen <= EXACT_UNSEEN and x]
            within = sum(t <= WIDGET_BUDGET for t in times)
            low, high = wilson(within, len(times))
            print(
                f"  speed: {len(times)} positions with a choice; within {WIDGET_BUDGET} s: {within / len(times):.1%} "
                f"(95 % {low:.1%}-{high:.1%}); slowest {max(times):.2f} s; answered exactly: {len(exact)}"
                f" ({len(exact) / len(times):.1%}); with at most {EXACT_UNSEEN} unseen: {len(small_exact)} of "
                f"{len(small)} exactly, the slowest in {max(small, default=0):.2f} s"
            )
            if used:
                print(
                    f"  estimated: samples median {statistics.median(used):.0f}, min {min(used)}; "
                    f"{sum(used) / sum(times):.1f} sampled positions judged per second (each judging every action)"
                )
        won = {str(row.game): row.won for row in fair.played}
        shown = [s for s in player.shown if s[0] in won]
        every = calibration(shown, won)
        estimated = calibration([s for s in shown if not s[3]], won)
        if every["positions"]:
            print(
                f"  calibration over {every['positions']} positions: ECE {every['ece']:.3f}, "
                f"Brier {every['brier']:.3f};"
                f" the {estimated['positions']} estimated ones: ECE {estimated['ece']:.3f}, "
                f"Brier {estimated['brier']:.3f}"
            )
            for low_edge, mean_p, share, count in every["bins"]:
                print(f"    {low_edge:.1f}-{low_edge + 0.1:.1f}: said {mean_p:.3f}, won {share:.3f} ({count})")
        measured["rules"][rules] = {
            "wins": fair.wins,
            "games": len(fair.played),
            "first_fit_wins": baseline.wins,
            "calibration": every,
            "estimated": estimated,
            "positions": [[game, moves, round(p, 6), exact, won[game]] for game, moves, p, exact in shown],
        }
        if earlier:
            print(paired(won, earlier, args.against, rules))
        if args.verbose:
            for row in fair.rows:
                print(f"    game {row.game}: {'won' if row.won else 'lost'}, score {row.score}, {row.error or ''}")
    if args.calibration:
        Path(args.calibration).write_text(json.dumps(measured) + "\n")
    if args.plot:
        reliability_plot(measured, args.plot)


def read_run(path: str) -> dict:
    from calibrate import read  # benchmarks/calibrate.py, which imports this module

    return read(path)


def paired(won: dict[str, bool], earlier: dict, path: str, rules: str) -> str:
    """This run against an ``earlier`` one (read from ``path``) on the games both played: the games
    only this one won (gained) and only that one won (lost), and a two-sided sign test on them."""
    before = {str(game): was_won for game, *_, was_won in earlier["rules"][rules]["positions"]}
    common = [game for game in won if game in before]
    gained = [game for game in common if won[game] and not before[game]]
    lost = [game for game in common if before[game] and not won[game]]
    changed, fewer = len(gained) + len(lost), min(len(gained), len(lost))
    p = min(1.0, 2 * sum(math.comb(changed, k) for k in range(fewer + 1)) / 2**changed) if changed else 1.0
    return (
        f"  against {path} on {len(common)} games: {sum(won[g] for g in common)} won here, "
        f"{sum(before[g] for g in common)} there; {len(gained)} gained ({', '.join(gained)}), "
        f"{len(lost)} lost ({', '.join(lost)}); sign test p = {p:.2f}"
    )


def reliability_plot(measured: dict, path: str) -> None:
    """The reliability plot: each bin's share won against its mean chance, per rule set."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(4.5, 4.5), layout="constrained")
    ax.plot([0, 1], [0, 1], color="grey", linestyle="--", label="calibrated")
    for rules, found in measured["rules"].items():
        bins = found["calibration"].get("bins", [])
        cal = found["calibration"]
        ax.plot(
            [b[1] for b in bins],
            [b[2] for b in bins],
            marker="o",
            label=f"{rules}: ECE {cal['ece']:.3f}, Brier {cal['brier']:.3f}",
        )
    ax.set(xlabel="chance shown", ylabel="share of games won", title=f"Fair chance, games {measured['games']}")
    ax.legend(fontsize="small")
    plt.savefig(path, dpi=100)


if __name__ == "__main__":
    main()
