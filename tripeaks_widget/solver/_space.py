"""The search space of one deal under one rule set: move tables and the predecessor checks.

Shared by every search in this package; see the package's docs for what each check buys.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from ..engine.cards import Card
from ..engine.layout import Layout
from ..engine.rules import Rules

UNSEEN = 1 << 30
CHECK_EVERY = 1024  # nodes between looks at the clock


def _closure(slot: int, relation: Sequence[Sequence[int]]) -> int:
    mask, todo = 0, list(relation[slot])
    while todo:
        other = todo.pop()
        if not mask >> other & 1:
            mask |= 1 << other
            todo.extend(relation[other])
    return mask


class Tables(NamedTuple):
    """What the searches take of a layout, made once per layout (``tables``)."""

    slot_count: int
    full: int  # every slot
    cover_mask: tuple[int, ...]  # for each slot, the slots covering it
    uncovers: tuple[tuple[tuple[int, int], ...], ...]  # as ``Layout.uncovers``
    above: tuple[int, ...]  # for each slot, the cards it keeps covered, all the way up
    not_before: tuple[int, ...]  # for each slot, the cards that can't be played just before it
    tops: tuple[int, ...]  # the slots that cover none: the last card of a line that can't win is one
    peak_mask: tuple[int, ...]  # for each peak, its slots


@lru_cache(maxsize=32)
def tables(layout: Layout) -> Tables:
    """The searches' tables of ``layout``."""
    n = layout.slot_count
    covered_by = tuple(slot.covered_by for slot in layout.slots)
    below = tuple(_closure(s, covered_by) for s in range(n))  # cards that must go first
    above = tuple(_closure(s, layout.covers) for s in range(n))  # cards it keeps covered
    # A card's predecessor (the card played just before it) can't be one it covers, nor one that
    # must go before it is uncovered, unless that is one of the cards covering it directly.
    not_before = tuple((below[s] & ~layout.cover_mask[s]) | above[s] | 1 << s for s in range(n))
    tops = tuple(s for s in range(n) if not layout.covers[s])
    return Tables(
        n, layout.all_slots_mask, layout.cover_mask, layout.uncovers, above, not_before, tops, layout.peak_mask
    )


_FIELD = 8  # rank counts are packed 8 bits a rank: rank q at bit 8*q (room for sums and a guard bit)
_GUARDS = sum(1 << (_FIELD * f + 7) for f in range(48))
_STARTS = sum(1 << (_FIELD * q + 7) for q in range(1, 14))
_ONES = sum(1 << (_FIELD * f) for f in range(48))


_RANK_BIT = tuple(0 if r == 0 else 1 << _FIELD * r for r in range(14))


def _neighbour(rank: int, step: int, wrap: bool) -> int:
    """The rank ``step`` (+1/-1) away on the rank line (Classic) or cycle (Easy); 0 when none."""
    other = rank + step
    if 1 <= other <= 13:
        return other
    return (other - 1) % 13 + 1 if wrap else 0


@cache
def _play_checks(wrap: bool) -> tuple[tuple[int, tuple[tuple[int, int], ...]] | None, ...]:
    """After a card of rank q goes on rank r, only the Hall intervals of demand ranks that
    start at r' (r's other neighbour) and run away from r can newly fail: precompute them.
    Entry r*14+q: None, or (r', ((demand rank or 0, supply rank or 0), ...))."""
    table: list[tuple[int, tuple[tuple[int, int], ...]] | None] = [None] * (14 * 14)
    for r in range(1, 14):
        for q in range(1, 14):
            if not (abs(q - r) == 1 or (wrap and abs(q - r) == 12)):
                continue
            step = 1 if _neighbour(r, 1, wrap) != q else -1  # away from q
            first = _neighbour(r, step, wrap)
            if not first:
                continue
            steps, demand, supply = [], 0, _neighbour(first, step, wrap)
            for _ in range(12 if wrap else 7):
                steps.append((demand, supply))
                demand = _neighbour(supply, step, wrap) if supply else 0
                if not demand or demand == first:
                    break
                supply = _neighbour(demand, step, wrap)
            table[r * 14 + q] = (first, tuple(steps))
    return tuple(table)


class Space:
    """Move generation and the predecessor tables for one deck and rule set.

    Ranks 1..13; rank 0 is a joker or an empty discard, which fits everything. ``stock``
    holds the stock's ranks from its first card, so a position's draw count indexes it.

    The memo keys pack a position's removed set, the cards that fit the discard ``<< shift``
    and, where the draw count is part of it, that ``<< 2 * shift``; ``chain`` tags the key of
    "the draws from this removed set".
    """

    def __init__(self, layout: Layout, deck: Sequence[Card], rules: Rules, stock: Sequence[Card]) -> None:
        self.layout = layout
        self.tables = t = tables(layout)
        n_slots = t.slot_count
        self.full = t.full
        self.shift = n_slots
        self.chain = 1 << 2 * n_slots  # where V5 keys hold the draw count (V5 draws no chains)
        self.rules = rules
        self.ranks = ranks = tuple(card.rank for card in deck[:n_slots])
        self.stock = tuple(card.rank for card in stock)
        self.n_stock = n = len(self.stock)
        self.wrap = rules.king_ace_wrap
        self.free_draw = not rules.draw_when_stuck
        self.fit = rules.fit_masks(ranks)
        # a draw goes to the next card of each rank: (index, rank) of first occurrences from k
        firsts: list[tuple[tuple[int, int], ...]] = [()]
        for j in range(n - 1, -1, -1):
            rho = self.stock[j]
            firsts.append(((j, rho), *(pair for pair in firsts[-1] if pair[1] != rho)))
        self.firsts = tuple(reversed(firsts))
        # The predecessor checks assume no joker anywhere (a joker precedes and follows anything).
        self.checks = 0 not in ranks and 0 not in self.stock
        self.rank_bit = _RANK_BIT
        prefix = [0]
        for r in self.stock:
            prefix.append(prefix[-1] + _RANK_BIT[r])
        self.prefix = tuple(prefix)
        self.can_precede = tuple(self.fit[ranks[s]] & ~t.not_before[s] for s in range(n_slots))
        self.info = {1 << s: (s, ranks[s], t.uncovers[s]) for s in range(n_slots)}
        self.play_check = _play_checks(rules.king_ace_wrap)
        # for each card y: the cards y could precede, each with all the cards that could precede it
        self.successors = tuple(
            tuple((1 << x, self.can_precede[x]) for x in range(n_slots) if self.can_precede[x] >> y & 1)
            for y in range(n_slots)
        )

    def orphans(self, removed: int) -> int:
        """The peak cards left that no other card left could precede."""
        return sum(1 << x for x in range(self.shift) if not removed >> x & 1 and not self.can_precede[x] & ~removed)

    def nostock(self, limit: int) -> tuple[int, ...]:
        """For each draw count k: the slots no stock card in ``[k, limit)`` fits."""
        fit, stock, full = self.fit, self.stock, self.full
        rows = [full] * (self.n_stock + 1)
        reach = 0
        for k in range(min(limit, self.n_stock) - 1, -1, -1):
            reach |= fit[stock[k]]
            rows[k] = full & ~reach
        return tuple(rows)

    def hall_ok(self, left: int, supply: int, allowance: int = 0) -> bool:
        """Whether every remaining peak card can have its own predecessor: ``left`` holds the
        packed counts of the cards left (the demand), ``supply`` those of the cards that may
        precede them. Hall's condition, checked on every run of demand ranks two apart (their
        neighbourhoods are runs too, so that is all of it), all start ranks at once: each rank's
        field of ``S - D`` holds a run's spare predecessors, a guard bit catches a shortfall.
        With an ``allowance``, whether no run falls short by more than that many cards.
        ``supply`` is at least ``left`` at every rank (the cards left precede each other).
        On the rank cycle a run of seven or more demand ranks holds two neighbours, a and a - 1,
        whose supply covers their demand, and what remains is a shorter run: so runs of up
        to six suffice there (half the work)."""
        if self.wrap:  # on the rank cycle: lay the ranks out twice so that runs can wrap round
            left = left | left << 104
            supply = supply | supply << 104 | (supply >> 104 & 255)
            longest = 6
        else:
            longest = 7
        demand = left
        spare = (supply << 8) + (supply >> 8) + allowance * _ONES
        for length in range(1, longest + 1):
            if ((spare | _GUARDS) - demand) & _STARTS != _STARTS:
                return False
            demand += left >> 16 * length
            spare += supply >> 16 * length + 8
        return True
