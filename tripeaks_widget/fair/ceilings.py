"""Ceilings tighter than the clairvoyant one: part of the hidden cards told, the rest left to chance.

The clairvoyant ceiling (``fair.ceiling_chance``) tells the player every hidden card. Telling
only part of them is still an upper bound on any fair player, and a tighter one:

- ``"stock"``: the stock's order is told; the face-down peak cards stay a uniform draw from
  the cards neither seen nor in the stock;
- ``"peaks"``: the face-down peak cards are told; the stock below the cards seen stays a
  uniform draw from the cards neither seen nor in the peaks.

For one sampled arrangement (``Seen.arrangements``) the part told is taken from it, and the
game the player then knows is solved outright by the exact expectimax
(``tripeaks_widget.fair.expectimax``) over the part still hidden: a ``Seen`` in which the told
cards count as seen. The mean over arrangements is the relaxed ceiling. Knowing more never
lowers the chance of best play, so for every position

    exact fair value <= either relaxed ceiling <= clairvoyant ceiling

(over all arrangements; sampled, within their intervals). These are ceilings for the record,
never the board's "Win chance". Each expectimax is as large as the part still hidden makes it:
the node limit says when one is out of reach, and is then refused rather than guessed.
"""

from __future__ import annotations

import dataclasses
import itertools

from ..engine.cards import Card
from ..engine.errors import InvalidValueError
from ..engine.seen import Seen, check_samples, check_seed
from ..solver import SearchExhausted
from . import expectimax
from .arguments import Clock, Position, check_budget, seen_of
from .chance import Chance, wilson

PARTS = ("stock", "peaks")
SAMPLES = 20  # arrangements of the part told, each solved exactly, by default
NODES = 500_000  # decision nodes for each arrangement's expectimax: past it the ceiling is refused


def check_part(part: object) -> str:
    """``part`` when it is ``'stock'`` or ``'peaks'``; a ValueError says what each means."""
    if part not in PARTS:
        raise InvalidValueError(
            f"the part told is 'stock' (the stock's order) or 'peaks' (the face-down peak cards); got {part!r}"
        )
    return str(part)


def told(seen: Seen, deck: tuple[Card, ...], part: str) -> Seen:
    """What the player would know if ``part`` of ``deck`` (an arrangement that agrees with
    ``seen``) were told: the same ``Seen`` with those cards counted as seen."""
    if check_part(part) == "stock":
        return dataclasses.replace(seen, stock_seen=tuple(deck[seen.stock_start : seen.deck_size]))
    return dataclasses.replace(seen, slot_cards=tuple(deck[: seen.layout.slot_count]))


def still_hidden(seen: Seen, part: str) -> int:
    """How many unseen places the part told leaves to chance (the same for every arrangement)."""
    return told(seen, tuple(next(seen.arrangements(0))), part).hidden_count


def value(
    seen: Seen, deck: tuple[Card, ...], part: str, *, budget: float | None = None, node_limit: int | None = None
) -> expectimax.ExactValue:
    """The exact chance of best play once ``part`` of ``deck`` is told (``SearchExhausted`` past
    ``budget`` seconds or ``node_limit`` decision nodes)."""
    return expectimax.solve(told(seen, deck, part), budget=budget, node_limit=node_limit)


def ceiling_chance(
    position: Position,
    part: str,
    *,
    samples: int = SAMPLES,
    seed: int = 0,
    budget: float | None = None,
    node_limit: int | None = NODES,
) -> Chance:
    """A relaxed ceiling (see the module's notes; ``fair.relaxed_ceiling_chance``, ``win_chance(kind=
    "ceiling-stock")`` and ``"ceiling-peaks"``): for each sampled arrangement, ``part`` of
    the hidden cards (``"stock"``: the stock's order; ``"peaks"``: the face-down peak cards) is
    told, and the rest solved exactly by the expectimax; the mean of those exact chances, with a
    95% Wilson interval on it (conservative: each sample is a chance, not a win or a loss).
    Still an upper bound on every fair player, between the exact fair value and the clairvoyant
    ceiling; never the board's "Win chance". Exact when nothing hidden is left to tell (it is then
    the exact fair value). An arrangement whose expectimax passes ``node_limit`` decision nodes
    raises ``SearchExhausted``: a relaxation too large to solve is refused, not guessed; when the
    ``budget`` runs out the arrangements solved so far are the answer."""
    seen = seen_of(position)
    part = check_part(part)
    samples, seed, budget = check_samples(samples), check_seed(seed), check_budget(budget)
    if seen.status != "playing":
        return Chance.exactly(float(seen.status == "won"))
    clock = Clock(budget)
    nothing_to_tell = still_hidden(seen, part) == seen.hidden_count
    total, judged = 0.0, 0
    for deck in itertools.islice(seen.arrangements(seed), 1 if nothing_to_tell else samples):
        try:
            total += value(seen, deck, part, budget=clock.remaining(), node_limit=node_limit).value
        except SearchExhausted:
            if clock.out() and judged:
                break
            within = f"{node_limit} decision nodes" + ("" if budget is None else f" or {budget} s")
            raise SearchExhausted(
                f"the relaxed ceiling ({part} told) is out of reach: one arrangement's expectimax needs more "
                f"than {within} ({judged} arrangements solved before it)"
            ) from None
        judged += 1
        if clock.out():
            break
    if nothing_to_tell:
        return Chance.exactly(total)
    low, high = wilson(total, judged)
    return Chance(total / judged, low, high, judged, round(total))
