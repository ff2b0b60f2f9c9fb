"""Ceilings tighter than the clairvoyant one: part of the hidden cards told, the rest left to chance.

The clairvoyant ceiling (``fair.ceiling_chance``) tells the player every hidden card. Telling
only part of them is still an upper bound on any fair player, and a tighter one:

- ``"stock"``: the stock's order is told; the face-down peak cards stay a uniform draw from
  the cards neither seen nor in the stock;
- ``"peaks"``: the face-down peak cards are told; the stock below the cards seen stays a
  uniform draw from the cards neither seen nor in the peaks.

For one sampled arrangement (``Seen.arrangements``) the part told is taken from it, and the
game the player then knows is solved outright by the exact expectimax
(``tripeaks_widget.expectimax``) over the part still hidden: a ``Seen`` in which the told
cards count as seen. The mean over arrangements is the relaxed ceiling. Knowing more never
lowers the chance of best play, so for every position

    exact fair value <= either relaxed ceiling <= clairvoyant ceiling

(over all arrangements; sampled, within their intervals). These are ceilings for the record,
never the board's "Win chance". Each expectimax is as large as the part still hidden makes it:
the node limit says when one is out of reach, and is then refused rather than guessed.
"""

from __future__ import annotations

import dataclasses

from . import expectimax
from .cards import Card
from .layout import SLOT_COUNT
from .seen import Seen

PARTS = ("stock", "peaks")


def check_part(part: object) -> str:
    if part not in PARTS:
        raise ValueError(
            f"the part told is 'stock' (the stock's order) or 'peaks' (the face-down peak cards); got {part!r}"
        )
    return str(part)


def told(seen: Seen, deck: tuple[Card, ...], part: str) -> Seen:
    """What the player would know if ``part`` of ``deck`` (an arrangement that agrees with
    ``seen``) were told: the same ``Seen`` with those cards counted as seen."""
    if check_part(part) == "stock":
        return dataclasses.replace(seen, stock_seen=tuple(deck[seen.stock_start : seen.deck_size]))
    return dataclasses.replace(seen, slot_cards=tuple(deck[:SLOT_COUNT]))


def still_hidden(seen: Seen, part: str) -> int:
    """How many unseen places the part told leaves to chance (the same for every arrangement)."""
    return told(seen, tuple(next(seen.arrangements(0))), part).hidden_count


def value(
    seen: Seen, deck: tuple[Card, ...], part: str, *, budget: float | None = None, node_limit: int | None = None
) -> expectimax.ExactValue:
    """The exact chance of best play once ``part`` of ``deck`` is told (``SearchExhausted`` past
    ``budget`` seconds or ``node_limit`` decision nodes)."""
    return expectimax.solve(told(seen, deck, part), budget=budget, node_limit=node_limit)
