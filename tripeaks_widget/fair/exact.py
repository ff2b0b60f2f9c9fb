"""When the exact search answers: the fair player's chances solved outright by the expectimax
(``tripeaks_widget.fair.expectimax``) where few cards are unseen, within counts of nodes, not of time."""

from __future__ import annotations

from ..engine.seen import Seen
from ..solver import SearchExhausted
from . import expectimax
from .chance import Chance

EXACT_UNSEEN = 8  # at most this many cards unseen: always solved exactly (within EXACT_NODES)
# Up to this many: solved exactly when the search fits in EXACT_TRY_NODES. From 10 unseen most
# searches ran out of nodes and their time was lost: over games 1-1000 the fair player wins as
# often with 9 as it did with 12, in a quarter of the time (benchmarks/fair_player.py).
EXACT_TRY_UNSEEN = 9
EXACT_TRY_NODES = 100_000  # decision nodes, about half a second here; a count answers alike everywhere
# At most EXACT_UNSEEN unseen the exact search has no share of the clock (under load it would answer
# fewer positions): a node count bounds it, the same on every machine. The most measured over the 1,749
# such positions with a choice in lookahead's games 1-400 (easy and classic) was 253,483 nodes; the
# limit, 2.4 times that, is about 1.3 s of the compiled build here and 2.4 s of pure Python.
EXACT_NODES = 600_000
EXACT_OPEN_NODES = 300_000  # the bound on an exact search with open peaks (V4), whose tableau stays whole


def exact_chances(seen: Seen) -> dict[str, Chance] | None:
    """Every legal action's exact chance where the expectimax finds it within its node limit
    (``EXACT_UNSEEN``, ``EXACT_TRY_UNSEEN``), else None."""
    hidden = seen.hidden_count
    if hidden > EXACT_TRY_UNSEEN:
        return None
    if hidden > EXACT_UNSEEN:
        limit: int | None = EXACT_TRY_NODES
    else:  # with open peaks every card may still be in play around the stock's last cards: a bound, generous
        limit = EXACT_OPEN_NODES if seen.rules.open_peaks else EXACT_NODES
    try:
        found = expectimax.solve(seen, node_limit=limit)
    except SearchExhausted:
        return None
    return {action: Chance.exactly(value) for action, value in found.actions.items()}
