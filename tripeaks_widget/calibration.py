"""Calibrating the estimated chance: a shown chance of p should be won a fraction p of the time.

An estimated chance (``fair``'s playouts: an action taken, then ``lookahead`` to the end) is
the chance of a weaker player than the one who follows the fair hint, so it says too little in
the middle of its range. As chess engines fit their win-draw-loss models from the outcomes of
many games, the estimate is mapped through a monotone curve fitted from games played by the fair
hint (``benchmarks/calibrate.py``): at each position the raw estimate, and whether the game was
won. No curve is in force yet (see ``CURVES``). The fit is the pool-adjacent-violators isotonic
regression over equal-count bins, its points joined by straight lines (and pinned to 0 and 1 at
the ends). Exact chances are never mapped: they are the chance already.

A curve is fitted per rule set, on the plain rules only (Easy, Classic); under a variant the
estimate is shown as it is.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from .rules import Rules

# None in force. Measured: curves fitted (``benchmarks/calibrate.py fit``, 20 bins) on the estimated
# positions of games 131-533 (Easy, 15,384 positions of 403 games) and 131-508 (Classic, 14,474 of 378)
# played by the fair hint (``benchmarks/fair_calibration_fit.json.gz``) take games 51-130, which they
# were not fitted on, from an expected calibration error of 0.034 to 0.038 (Easy; Brier 0.176 both) and
# 0.119 to 0.086 (Classic; Brier 0.165 to 0.154): short of 0.03 under both. Eighty games seldom show
# 0.03 even for a curve fitted on the same kind of games: fitted on all but 80 of the new games and
# checked on those 80 (200 random splits, ``calibrate.py floor``), the mapped error's median is 0.051
# (Easy) and 0.048 (Classic), at most 0.03 in 12 % and 13 % of the splits: the positions of one game
# share its outcome.
Curve = tuple[tuple[float, float], ...]  # (raw, calibrated) points, increasing
CURVES: dict[str, Curve] = {}
TILT = 0.01  # the share of the raw value in a fitted point (see ``fit``)


def fit(rows: Sequence[tuple[float, bool]], bins: int = 20) -> Curve:
    """The isotonic curve of outcome on raw estimate: (raw, calibrated) points, increasing."""
    ordered = sorted(rows)
    if not ordered:
        return ((0.0, 0.0), (1.0, 1.0))
    size = max(1, len(ordered) // bins)
    blocks = []  # [sum of raw, sum of won, count], pooled while they break monotony
    for start in range(0, len(ordered), size):
        chunk = ordered[start : start + size]
        blocks.append([sum(p for p, _ in chunk), float(sum(w for _, w in chunk)), len(chunk)])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            for i in range(3):
                blocks[-1][i] += last[i]
    # a little of the raw value mixed in keeps the curve strictly increasing: two actions never tie
    # once mapped unless they tied before, so the best action is the same mapped or not
    points = [(raw / count, (1 - TILT) * won / count + TILT * raw / count) for raw, won, count in blocks]
    return ((0.0, 0.0), *points, (1.0, 1.0))


def apply(curve: Sequence[tuple[float, float]], value: float) -> float:
    """``value`` through the curve (straight lines between its points)."""
    xs = [x for x, _ in curve]
    i = bisect_right(xs, value)
    if i <= 0:
        return curve[0][1]
    if i >= len(curve):
        return curve[-1][1]
    (x0, y0), (x1, y1) = curve[i - 1], curve[i]
    return y0 if x1 == x0 else y0 + (y1 - y0) * (value - x0) / (x1 - x0)


def curve_for(rules: Rules) -> Curve | None:
    """The fitted curve of a rule set, or None (a variant, or none fitted)."""
    return None if rules.variants else CURVES.get(rules.name)


def reliability(rows: Sequence[tuple[float, bool]], bins: int = 10) -> dict:
    """How well chances match outcomes: the expected calibration error over ``bins`` equal bins (the
    share-weighted gap between each bin's mean chance and its share won), the Brier score (the mean
    squared gap between chance and outcome), and each bin as (its low edge, mean chance, share won,
    count)."""
    if not rows:
        return {"positions": 0, "ece": 0.0, "brier": 0.0, "bins": []}
    brier = sum((p - won) ** 2 for p, won in rows) / len(rows)
    table = []
    ece = 0.0
    for b in range(bins):
        inside = [(p, won) for p, won in rows if min(int(p * bins), bins - 1) == b]
        if inside:
            mean = sum(p for p, _ in inside) / len(inside)
            share = sum(won for _, won in inside) / len(inside)
            ece += len(inside) / len(rows) * abs(mean - share)
            table.append((b / bins, mean, share, len(inside)))
    return {"positions": len(rows), "ece": ece, "brier": brier, "bins": table}
