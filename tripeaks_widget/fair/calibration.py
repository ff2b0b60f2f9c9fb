"""Calibrating the estimated chance: a shown chance of p should be won a fraction p of the time.

An estimated chance (``fair``'s playouts: an action taken, then ``lookahead`` to the end) is
the chance of a weaker player than the one who follows the fair hint, so it says too little in
the middle of its range. As chess engines fit their win-draw-loss models from the outcomes of
many games, the estimate is mapped through a monotone curve fitted from games played by the fair
hint (``benchmarks/calibrate.py``): at each position the raw estimate, and whether the game was
won. The curves in force are ``FITTED``'s (Three Peaks' are ``CURVES``). The fit is the
pool-adjacent-violators isotonic regression over equal-count bins, its points joined by straight
lines (and pinned to 0 and 1 at the ends). Exact chances are never mapped: they are the chance already.

A curve is fitted per built-in layout and rule set, on the plain rules only (Easy, Classic), from
that layout's own games (``FITTED``): under a variant, on a layout of one's own, or where no curve
was fitted, the estimate is shown as it is, and its ``Chance`` says it is not calibrated.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import TypedDict

from ..engine.layout import LAYOUTS, THREE_PEAKS, Layout
from ..engine.rules import Rules

# In force: fitted (``benchmarks/calibrate.py fit``, 20 bins) on the estimated positions of games
# 1001-2000 played by the fair hint (``benchmarks/fair_calibration_fit.json.gz``: 37,546 positions
# under Easy, 37,732 under Classic; 1,000 playouts a move). Checked on games 1-1000, which they were
# not fitted on (``benchmarks/fair_calibration.json.gz``, ``calibrate.py check``): the expected
# calibration error over 10 bins goes from 0.070 to 0.019 (Easy; Brier 0.174 to 0.168) and from 0.068
# to 0.026 (Classic; Brier 0.162 to 0.157). When the playouts ran as Python with 200 a move, the same
# curves took the 941 games the fair hint played so (games 51-533 and 51-508) from 0.050 to 0.035
# (Easy) and from 0.050 to 0.033 (Classic), Brier lower under both; both builds now take 1,000.
Curve = tuple[tuple[float, float], ...]  # (raw, calibrated) points, increasing
# fmt: off
CURVES: dict[str, Curve] = {
    "classic": (
        (0.0000, 0.0000), (0.0006, 0.0005), (0.0154, 0.0201), (0.0405, 0.0550), (0.0657, 0.0846),
        (0.0877, 0.1253), (0.1091, 0.1586), (0.1300, 0.2071), (0.1494, 0.2582), (0.1783, 0.2747),
        (0.2073, 0.3249), (0.2281, 0.3682), (0.2505, 0.4004), (0.2752, 0.4274), (0.3047, 0.4576),
        (0.3411, 0.4937), (0.3849, 0.5660), (0.4448, 0.6065), (0.5437, 0.6899), (0.7455, 0.7906),
        (1.0000, 1.0000), (1.0000, 1.0000),
    ),
    "easy": (
        (0.0000, 0.0000), (0.0756, 0.0989), (0.2168, 0.3176), (0.2946, 0.4397), (0.3489, 0.5030),
        (0.3912, 0.5461), (0.4258, 0.5686), (0.4555, 0.6095), (0.4834, 0.6436), (0.5089, 0.6649),
        (0.5331, 0.6657), (0.5577, 0.6860), (0.5819, 0.7084), (0.6071, 0.7118), (0.6341, 0.7189),
        (0.6638, 0.7445), (0.6993, 0.7781), (0.7395, 0.8080), (0.7888, 0.8534), (0.8524, 0.8883),
        (0.9475, 0.9583), (1.0000, 1.0000), (1.0000, 1.0000),
    ),
}
# fmt: on
# Columns: fitted on the estimated positions of games 1001-1600 played by the fair hint (600 a rule set,
# benchmarks/fair_calibration_fit_columns.json.gz), checked on games 1-300 (fair_calibration_columns.json.gz):
# the error goes from 0.010 to 0.013 (Easy, where the fair player wins 97%) and from 0.040 to 0.013 (Classic).
# fmt: off
COLUMNS_CURVES: dict[str, Curve] = {
    "classic": (
        (0.0000, 0.0000), (0.2407, 0.3025), (0.5354, 0.6987), (0.6356, 0.7650), (0.6966, 0.8105),
        (0.7399, 0.8236), (0.7742, 0.8570), (0.8147, 0.8841), (0.8504, 0.9044), (0.8727, 0.9250),
        (0.8931, 0.9311), (0.9206, 0.9657), (0.9476, 0.9724), (0.9667, 0.9819), (0.9881, 0.9931),
        (1.0000, 1.0000), (1.0000, 1.0000),
    ),
    "easy": (
        (0.0000, 0.0000), (0.7197, 0.8274), (0.8846, 0.9673), (0.9451, 0.9858), (0.9718, 0.9883),
        (0.9774, 0.9919), (0.9890, 0.9944), (0.9982, 0.9974), (1.0000, 1.0000), (1.0000, 1.0000),
    ),
}
# fmt: on
# Diamond: fitted on games 1001-1400 (400 a rule set, benchmarks/fair_calibration_fit_diamond.json.gz), checked
# on games 1-200 (fair_calibration_diamond.json.gz): from 0.044 to 0.023 (Easy) and from 0.009 to 0.013 (Classic,
# where the estimate as it comes was already close).
# fmt: off
DIAMOND_CURVES: dict[str, Curve] = {
    "classic": (
        (0.0000, 0.0000), (0.0000, 0.0000), (0.0034, 0.0115), (0.0106, 0.0255), (0.0200, 0.0319),
        (0.0429, 0.0334), (0.0678, 0.0451), (0.0826, 0.0719), (0.0985, 0.0797), (0.1151, 0.1090),
        (0.1330, 0.1409), (0.1546, 0.1500), (0.1807, 0.2011), (0.2116, 0.2636), (0.2578, 0.3135),
        (0.3199, 0.3192), (0.4220, 0.3672), (0.6586, 0.6019), (1.0000, 1.0000), (1.0000, 1.0000),
    ),
    "easy": (
        (0.0000, 0.0000), (0.0024, 0.0000), (0.0355, 0.0280), (0.0881, 0.1602), (0.1329, 0.1808),
        (0.1676, 0.1987), (0.2005, 0.2078), (0.2327, 0.2696), (0.2625, 0.2900), (0.2927, 0.3116),
        (0.3211, 0.3633), (0.3514, 0.3900), (0.3818, 0.3953), (0.4155, 0.4559), (0.4507, 0.4801),
        (0.4904, 0.5106), (0.5359, 0.5537), (0.5894, 0.6119), (0.6607, 0.7319), (0.7653, 0.7555),
        (0.9200, 0.9126), (1.0000, 1.0000), (1.0000, 1.0000),
    ),
}
# fmt: on
# Four Peaks: fitted on games 1001-2800 (1,800 a rule set, benchmarks/fair_calibration_fit_four-peaks.json.gz),
# checked on games 1-1000 (fair_calibration_four-peaks.json.gz): from 0.103 to 0.017 (Easy) and from 0.061 to 0.016
# (Classic). Fitted on games 1001-1600 alone, the curves left 0.040 and 0.020 on the same games.
# fmt: off
FOUR_PEAKS_CURVES: dict[str, Curve] = {
    "classic": (
        (0.0000, 0.0000), (0.0000, 0.0000), (0.0002, 0.0017), (0.0036, 0.0032), (0.0107, 0.0125),
        (0.0197, 0.0334), (0.0299, 0.0508), (0.0404, 0.0769), (0.0516, 0.1053), (0.0630, 0.1227),
        (0.0754, 0.1514), (0.0884, 0.1524), (0.1021, 0.1920), (0.1175, 0.2121), (0.1350, 0.2457),
        (0.1565, 0.2667), (0.1837, 0.2996), (0.2206, 0.3464), (0.2745, 0.4462), (0.3698, 0.5035),
        (0.6236, 0.7045), (1.0000, 1.0000), (1.0000, 1.0000),
    ),
    "easy": (
        (0.0000, 0.0000), (0.0108, 0.0354), (0.0698, 0.1265), (0.1312, 0.2015), (0.1800, 0.2874),
        (0.2217, 0.3490), (0.2576, 0.3727), (0.2889, 0.4223), (0.3193, 0.4565), (0.3471, 0.4753),
        (0.3738, 0.5060), (0.4013, 0.5629), (0.4304, 0.5866), (0.4616, 0.6040), (0.4954, 0.6373),
        (0.5344, 0.6622), (0.5796, 0.7279), (0.6359, 0.7663), (0.7088, 0.8297), (0.8030, 0.8858),
        (0.9359, 0.9501), (1.0000, 1.0000), (1.0000, 1.0000),
    ),
}
# fmt: on
# Every layout's curves, by the layout's name: fitted on that layout's own games.
FITTED: dict[str, dict[str, Curve]] = {
    THREE_PEAKS.name: CURVES,
    "Four Peaks": FOUR_PEAKS_CURVES,
    "Diamond": DIAMOND_CURVES,
    "Columns": COLUMNS_CURVES,
}
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


def curves_on(layout: Layout) -> dict[str, Curve]:
    """The curves fitted on a built-in layout, by rule set: none for a layout of one's own."""
    return FITTED.get(layout.name, {}) if LAYOUTS.get(layout.name) == layout else {}


def curve_for(rules: Rules, layout: Layout) -> Curve | None:
    """The fitted curve of a rule set on a layout, or None (a variant, a layout of one's own, or
    none fitted)."""
    return None if rules.variants else curves_on(layout).get(rules.name)


class Reliability(TypedDict):
    """``reliability``'s figures."""

    positions: int
    ece: float
    brier: float
    bins: list[tuple[float, float, float, int]]  # each bin's low edge, mean chance, share won and count


def reliability(rows: Sequence[tuple[float, bool]], bins: int = 10) -> Reliability:
    """How well chances match outcomes: the expected calibration error over ``bins`` equal bins (the
    share-weighted gap between each bin's mean chance and its share won), the Brier score (the mean
    squared gap between chance and outcome), and each bin as (its low edge, mean chance, share won,
    count)."""
    if not rows:
        return {"positions": 0, "ece": 0.0, "brier": 0.0, "bins": []}
    brier = sum((p - won) ** 2 for p, won in rows) / len(rows)
    table: list[tuple[float, float, float, int]] = []
    ece = 0.0
    for b in range(bins):
        inside = [(p, won) for p, won in rows if min(int(p * bins), bins - 1) == b]
        if inside:
            mean = sum(p for p, _ in inside) / len(inside)
            share = sum(won for _, won in inside) / len(inside)
            ece += len(inside) / len(rows) * abs(mean - share)
            table.append((b / bins, mean, share, len(inside)))
    return {"positions": len(rows), "ece": ece, "brier": brier, "bins": table}
