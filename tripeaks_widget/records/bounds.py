"""What the rules allow a result to hold, on each built-in layout under each rule set: the bounds
a class's store checks a result against (``writes``), read from the game itself as it deals."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from functools import cache

from ..engine.codes import SERIES_FIRST
from ..engine.game import HOGUE_DRAW_COST, PEAK_BONUS, Game, hogue_bonus
from ..engine.layout import LAYOUTS
from ..engine.rules import RULE_SETS, VARIANTS


@dataclass(frozen=True)
class Bounds:
    """What the rules allow a result of a game on one built-in layout under one rule set: the
    layout's ``slots``, the ``stock`` at the deal, the score at the deal (``start``), what emptying
    every peak pays (``bonus``), and whether Hogue's scoring counts (a draw then costs ``draw_cost``).
    The store's function checks a result against them (``writes``): the score is never below 0 nor
    above the deal's score and every bonus; under Hogue's each removal scores 1 at least and its
    run's length at most."""

    slots: int
    stock: int
    start: int
    bonus: int
    hogue: bool
    draw_cost: int = HOGUE_DRAW_COST


@cache
def result_bounds() -> dict[tuple[str, str], Bounds]:
    """The :class:`Bounds` of every built-in layout (by key) under every rule set (by key), read
    from the game itself as it deals: what the server checks a result against (see ``writes``)."""
    found = {}
    for layout in LAYOUTS.values():
        peaks = len(layout.peak_mask)
        for base, flags in itertools.product(RULE_SETS, itertools.product((False, True), repeat=len(VARIANTS))):
            rules = replace(base, **dict(zip(VARIANTS, flags, strict=True)))
            game = Game(SERIES_FIRST, rules=rules, layout=layout)
            bonus = (
                sum(hogue_bonus(c, peaks) for c in range(1, peaks + 1)) if rules.hogue_scoring else PEAK_BONUS * peaks
            )
            found[(layout.key, str(rules))] = Bounds(
                layout.slot_count, game.stock_count, game.score, bonus, rules.hogue_scoring
            )
    return found
