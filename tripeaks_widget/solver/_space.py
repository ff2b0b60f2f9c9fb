"""The search space of one deal under one rule set: move tables and the predecessor checks.

Shared by every search in this package; see the package's docs for what each check buys.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..engine.cards import Card
from ..engine.layout import ALL_SLOTS_MASK, COVER_MASK, COVERED_BY, COVERS, SLOT_COUNT, UNCOVERS
from ..engine.rules import Rules

FULL = ALL_SLOTS_MASK
CHAIN = 1 << 60  # memo key tag for "the draws from this removed set"
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


BELOW = tuple(_closure(s, COVERED_BY) for s in range(SLOT_COUNT))  # cards that must go first
ABOVE = tuple(_closure(s, COVERS) for s in range(SLOT_COUNT))  # cards it keeps covered
# A card's predecessor (the card played just before it) can't be one it covers, nor one that
# must go before it is uncovered, unless that is one of the two cards covering it directly.
_NOT_BEFORE = tuple((BELOW[s] & ~COVER_MASK[s]) | ABOVE[s] | 1 << s for s in range(SLOT_COUNT))


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
    """

    def __init__(self, deck: Sequence[Card], rules: Rules, stock: Sequence[Card]) -> None:
        self.rules = rules
        self.ranks = ranks = tuple(card.rank for card in deck[:SLOT_COUNT])
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
        self.can_precede = tuple(self.fit[ranks[s]] & ~_NOT_BEFORE[s] for s in range(SLOT_COUNT))
        self.info = {1 << s: (s, ranks[s], UNCOVERS[s]) for s in range(SLOT_COUNT)}
        self.play_check = _play_checks(rules.king_ace_wrap)
        # for each card y: the cards y could precede, each with all the cards that could precede it
        self.successors = tuple(
            tuple((1 << x, self.can_precede[x]) for x in range(SLOT_COUNT) if self.can_precede[x] >> y & 1)
            for y in range(SLOT_COUNT)
        )

    def orphans(self, removed: int) -> int:
        """The peak cards left that no other card left could precede."""
        return sum(1 << x for x in range(SLOT_COUNT) if not removed >> x & 1 and not self.can_precede[x] & ~removed)

    def nostock(self, limit: int) -> tuple[int, ...]:
        """For each draw count k: the slots no stock card in ``[k, limit)`` fits."""
        fit, stock = self.fit, self.stock
        rows = [FULL] * (self.n_stock + 1)
        reach = 0
        for k in range(min(limit, self.n_stock) - 1, -1, -1):
            reach |= fit[stock[k]]
            rows[k] = FULL & ~reach
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
