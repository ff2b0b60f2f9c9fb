"""An exact TriPeaks solver: from any position, under any rule set, knowing every hidden card.

``solve(game)`` answers with a ``Solution``: whether the game can still be won, the best
line (a win with the fewest draws, which under the app's scoring R5 is the highest score;
for a game that cannot be won, the line that clears the most peak cards, then with the
fewest draws) and the score it ends on. ``winnable(game)`` answers the first question only,
which is usually much quicker; ``hint(game)`` is the first action of the best line.

Every search accepts ``budget=`` (seconds). A search that runs out says so: a
``Solution`` then has ``complete=False`` (its line is the best found so far, its
``winnable`` None when no win was found), and ``winnable`` raises ``SearchExhausted``
rather than guess. Searches keep all their state to themselves, so several may run at once
in threads.

How it searches. A position is the set of removed peak cards (a 28-bit mask), the number
of cards drawn and the discard's *rank* (suits never matter); what the rank decides is
which free cards can be played, so the memo keys on the removed set and that set of
playable cards. Three facts keep the search small:

- Drawing is allowed at any time, so a position with fewer cards drawn is never worse than
  the same position with more drawn: the surplus can be drawn and thrown away. So the memo
  keeps the fewest draws each position was reached with, and skips it when reached again
  with no fewer. To keep that sound a draw is a move "draw up to the next card of a given
  rank"; the draws from one removed set are walked once, from the fewest cards drawn.
- Every peak card needs a predecessor, the card it is played onto: a peak card of an
  adjacent rank, a stock card still to come (within the draws allowed), or the discard.
  When the counts of these cannot give every card left its own predecessor (Hall's
  condition on the rank line, or cycle under Easy; after a play only the ranks next to the
  old discard need a look), or when some card has no possible predecessor left at all
  (counting only the cards that can still go just before it: not those it covers, nor
  those that must go before it is uncovered), there is no win below: the branch is cut.
- The best win comes from branch and bound on the draws: once a win with ``d`` draws is
  found the search goes on for one with fewer, and the predecessor checks then count only
  the stock cards within reach, which cuts much harder.

For a position that can't be won: the cards left at the end of a line include every card
they cover, so a line that leaves one card leaves a peak top. So the search for the most cards
cleared first looks, top by top, for the best "win" of the game without that top, with all
the cuts above; only when there is none does it search for the most cards in general.

The variants of SPEC §8 fit in as follows: the joker and an empty discard are rank 0,
which fits everything (the predecessor checks stand down when a joker is about); open
peaks change nothing for a solver that sees every card; "draw only when stuck" (V5) makes
a draw a single forced move, and the memo then keys on the exact number drawn. Under
Hogue's scoring (V2) the line is still the win with the fewest draws, reported with the
score it makes.
"""

from __future__ import annotations

import random
import secrets
import time
from dataclasses import asdict, dataclass, field

from .codes import SERIES_FIRST, SERIES_LAST, number_code
from .game import standing_actions
from .layout import ALL_SLOTS_MASK, COVER_MASK, COVERED_BY, COVERS, SLOT_COUNT
from .rules import Rules

__all__ = [
    "NEVER_WINNABLE",
    "SearchExhausted",
    "Solution",
    "hint",
    "random_winnable_code",
    "solve",
    "verdict_history",
    "winnable",
]

NEVER_WINNABLE = -1  # verdict_history: the deal itself could not be won
_FULL = ALL_SLOTS_MASK
_CHAIN = 1 << 60  # memo key tag for "the draws from this removed set"
_UNSEEN = 1 << 30
_CHECK_EVERY = 1024  # nodes between looks at the clock


class SearchExhausted(TimeoutError):
    """The time budget ran out before the search could answer."""


@dataclass(frozen=True)
class Solution:
    """The solver's answer for one position.

    ``winnable`` is True or False once known, None when the budget ran out first. ``line``
    is the best line found, in notation (``"K♣"``, ``"draw"``): the win with the fewest
    draws, or for a game that cannot be won the line that clears the most peak cards (then
    with the fewest draws). ``draws``, ``cards_left`` and ``score`` are what the line
    leads to; ``game.copy().replay(solution.line)`` reaches exactly that. ``complete`` is
    True when the search finished, so that the verdict and the line are proven best.
    """

    winnable: bool | None
    line: tuple[str, ...]
    draws: int
    cards_left: int
    score: int
    complete: bool = True
    nodes: int = field(default=0, compare=False)
    seconds: float = field(default=0.0, compare=False)

    @property
    def hint(self) -> str | None:
        """The first action of the line, or None when nothing more can be cleared."""
        return self.line[0] if self.line else None

    @property
    def exhausted(self) -> bool:
        """True when the time budget ran out before the search finished."""
        return not self.complete

    def to_dict(self) -> dict:
        data = asdict(self)
        data["line"] = list(self.line)
        data["hint"] = self.hint
        return data

    def __repr__(self) -> str:
        verdict = {True: "winnable", False: "not winnable", None: "unknown"}[self.winnable]
        proven = "" if self.complete else ", search incomplete"
        line = " ".join(self.line[:12]) + (" …" if len(self.line) > 12 else "")
        left = f"{self.cards_left} card{'' if self.cards_left == 1 else 's'} left"
        return (
            f"<Solution {verdict}{proven}: {len(self.line)} actions, {self.draws} draws, "
            f"{left}, score {self.score}; line: {line or '(none)'}>"
        )


# -- the search space: tables for one deal under one rule set ---------------------------------


def _closure(slot: int, relation) -> int:
    mask, todo = 0, list(relation[slot])
    while todo:
        other = todo.pop()
        if not mask >> other & 1:
            mask |= 1 << other
            todo.extend(relation[other])
    return mask


_BELOW = tuple(_closure(s, COVERED_BY) for s in range(SLOT_COUNT))  # cards that must go first
_ABOVE = tuple(_closure(s, COVERS) for s in range(SLOT_COUNT))  # cards it keeps covered
# A card's predecessor (the card played just before it) can't be one it covers, nor one that
# must go before it is uncovered, unless that is one of the two cards covering it directly.
_NOT_BEFORE = tuple((_BELOW[s] & ~COVER_MASK[s]) | _ABOVE[s] | 1 << s for s in range(SLOT_COUNT))


_FIELD = 8  # rank counts are packed 8 bits a rank: rank q at bit 8*q (room for sums and a guard bit)
_GUARDS = sum(1 << (_FIELD * f + 7) for f in range(48))
_STARTS = sum(1 << (_FIELD * q + 7) for q in range(1, 14))
_ONES = sum(1 << (_FIELD * f) for f in range(48))


class _Space:
    """Move generation and the predecessor tables for one deck and rule set.

    Ranks 1..13; rank 0 is a joker or an empty discard, which fits everything. ``stock``
    holds the stock's ranks from its first card, so a position's draw count indexes it.
    """

    def __init__(self, deck, rules: Rules, stock) -> None:
        self.rules = rules
        self.ranks = tuple(card.rank for card in deck[:SLOT_COUNT])
        self.stock = tuple(card.rank for card in stock)
        self.n_stock = len(self.stock)
        self.wrap = rules.king_ace_wrap
        self.free_draw = not rules.draw_when_stuck
        ranks, n = self.ranks, self.n_stock
        self.fit = tuple(sum(1 << s for s in range(SLOT_COUNT) if r == 0 or rules.fits(ranks[s], r)) for r in range(14))
        # a draw goes to the next card of each rank: (index, rank) of first occurrences from k
        firsts = []
        for k in range(n + 1):
            seen, row = set(), []
            for j in range(k, n):
                if self.stock[j] not in seen:
                    seen.add(self.stock[j])
                    row.append((j, self.stock[j]))
            firsts.append(tuple(row))
        self.firsts = tuple(firsts)
        self.info = {
            1 << s: (s, ranks[s], tuple((1 << c, COVER_MASK[c]) for c in COVERS[s])) for s in range(SLOT_COUNT)
        }
        # The predecessor checks assume no joker anywhere (a joker precedes and follows anything).
        self.checks = 0 not in ranks and 0 not in self.stock
        self.rank_bit = tuple(0 if r == 0 else 1 << _FIELD * r for r in range(14))
        prefix = [0]
        for r in self.stock:
            prefix.append(prefix[-1] + self.rank_bit[r])
        self.prefix = tuple(prefix)
        self.can_precede = tuple(self.fit[ranks[s]] & ~_NOT_BEFORE[s] for s in range(SLOT_COUNT))
        # for each slot, the first stock index >= k whose card fits it (n when none)
        self.next_fit = tuple(
            tuple(next((j for j in range(k, n) if rules.fits(ranks[s], self.stock[j])), n) for k in range(n + 1))
            for s in range(SLOT_COUNT)
        )
        self.play_check = self._play_checks()
        # for each card y: the cards y could precede, each with all the cards that could precede it
        self.successors = tuple(
            tuple((1 << x, self.can_precede[x]) for x in range(SLOT_COUNT) if self.can_precede[x] >> y & 1)
            for y in range(SLOT_COUNT)
        )

    def orphans(self, removed: int) -> int:
        """The peak cards left that no other card left could precede."""
        return sum(1 << x for x in range(SLOT_COUNT) if not removed >> x & 1 and not self.can_precede[x] & ~removed)

    def neighbour(self, rank: int, step: int) -> int:
        """The rank ``step`` (+1/-1) away on the rank line (Classic) or cycle (Easy); 0 when none."""
        other = rank + step
        if 1 <= other <= 13:
            return other
        return (other - 1) % 13 + 1 if self.wrap else 0

    def _play_checks(self):
        """After a card of rank q goes on rank r, only the Hall intervals of demand ranks that
        start at r' (r's other neighbour) and run away from r can newly fail: precompute them.
        Entry r*14+q: None, or (r', ((demand rank or 0, supply rank or 0), ...))."""
        table = [None] * (14 * 14)
        for r in range(1, 14):
            for q in range(1, 14):
                if not self.rules.fits(q, r):
                    continue
                step = 1 if self.neighbour(r, 1) != q else -1  # away from q
                first = self.neighbour(r, step)
                if not first:
                    continue
                steps, demand, supply = [], 0, self.neighbour(first, step)
                for _ in range(12 if self.wrap else 7):
                    steps.append((demand, supply))
                    demand = self.neighbour(supply, step) if supply else 0
                    if not demand or demand == first:
                        break
                    supply = self.neighbour(demand, step)
                table[r * 14 + q] = (first, tuple(steps))
        return tuple(table)

    def nostock(self, limit: int) -> tuple[int, ...]:
        """For each draw count k: the slots no stock card in ``[k, limit)`` fits."""
        rows = []
        for k in range(self.n_stock + 1):
            mask = 0
            for s in range(SLOT_COUNT):
                if self.next_fit[s][k] >= limit:
                    mask |= 1 << s
            rows.append(mask)
        return tuple(rows)

    def hall_ok(self, left: int, supply: int, allowance: int = 0) -> bool:
        """Whether every remaining peak card can have its own predecessor: ``left`` holds the
        packed counts of the cards left (the demand), ``supply`` those of the cards that may
        precede them. Hall's condition, checked on every run of demand ranks two apart (their
        neighbourhoods are runs too, so that is all of it), all start ranks at once: each rank's
        field of ``S - D`` holds a run's spare predecessors, a guard bit catches a shortfall.
        With an ``allowance``, whether no run falls short by more than that many cards."""
        if self.wrap:  # on the rank cycle: lay the ranks out three times so that runs can wrap round
            left = left | left << 104 | left << 208
            supply = supply | supply << 104 | supply << 208 | (supply >> 104 & 255)
            longest = 12
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


# -- the searches --------------------------------------------------------------------------------


class _OutOfTime(Exception):
    pass


class _Search:
    """One search from one position. Not shared: every call to the public functions makes its own."""

    def __init__(self, space: _Space, removed: int, drawn: int, discard_rank: int, deadline: float | None):
        self.space = space
        self.removed, self.drawn, self.rank = removed, drawn, discard_rank
        self.deadline = deadline
        self.nodes = 0
        self.free0 = 0
        for s in range(SLOT_COUNT):
            if not removed >> s & 1 and removed & COVER_MASK[s] == COVER_MASK[s]:
                self.free0 |= 1 << s
        self.left0 = sum(space.rank_bit[space.ranks[s]] for s in range(SLOT_COUNT) if not removed >> s & 1)
        # the most cards cleared so far and with how many draws (for games that can't be won)
        self.most = [removed.bit_count(), drawn, []]

    def _tick(self):
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfTime

    # The win search: depth first, plays before draws; branch and bound on the draw count.
    def wins(self, first_only: bool, limit: int | None = None):
        """Returns (best win as (draws, path) or None, complete); wins drawing no further than
        ``limit`` cards from the stock's start, if given."""
        sp = self.space
        fit, info, firsts, prefix, rank_bit = sp.fit, sp.info, sp.firsts, sp.prefix, sp.rank_bit
        play_check, stock, successors = sp.play_check, sp.stock, sp.successors
        checks, free_draw, hall_ok = sp.checks, sp.free_draw, sp.hall_ok
        exact_k = 0 if free_draw else 56  # V5: no dominance across draw counts
        k0 = self.drawn
        seen: dict[int, int] = {}
        path: list[int] = []
        best = None
        limit = sp.n_stock if limit is None else limit  # wins end with at most this many drawn
        nostock = sp.nostock(limit)
        window_cache: dict[int, bool] = {}
        most = self.most
        count = 0  # nodes since the last look at the clock

        def win(k):
            nonlocal best, limit, nostock
            best = (k - k0, list(path))
            if first_only or k == k0:
                raise _Found
            limit = k - 1
            nostock = sp.nostock(limit)
            window_cache.clear()

        def plays(S, free, k, r, left, orphans):
            nonlocal count
            m = free & fit[r]
            window = prefix[limit] - prefix[k] if k < limit else 0
            tag = k << exact_k if exact_k else 0
            while m:
                if k > limit:
                    return
                b = m & -m
                m ^= b
                S2 = S | b
                x, rx, cov = info[b]
                if S2 == _FULL:
                    path.append(x)
                    win(k)
                    path.pop()
                    return
                f2 = free ^ b
                for cb, cm in cov:
                    if S2 & cm == cm:
                        f2 |= cb
                key = S2 | (f2 & fit[rx]) << 28 | tag
                if seen.get(key, _UNSEEN) <= k:
                    continue
                seen[key] = k
                left2 = left - rank_bit[rx]
                orphans2 = orphans
                if checks:
                    # Hall's condition: only the runs of demand ranks next to the old discard's rank can fail
                    pc = play_check[r * 14 + rx]
                    if pc is not None:
                        first, steps = pc
                        supply = left2 + window + rank_bit[rx]
                        slack = (supply >> 8 * r & 255) - (left2 >> 8 * first & 255)
                        if slack < 0:
                            for dem, sup in steps:
                                if dem:
                                    slack -= left2 >> 8 * dem & 255
                                if sup:
                                    slack += supply >> 8 * sup & 255
                                if slack < 0:
                                    break
                            if slack < 0:
                                continue
                    # a card left with no possible predecessor at all
                    rest = ~S2
                    for xb, preds in successors[x]:
                        if not preds & rest and rest & xb:
                            orphans2 |= xb
                    if orphans2 & rest & nostock[k] & ~(f2 & fit[rx]):
                        continue
                count += 1
                if count >= _CHECK_EVERY:
                    self.nodes += count
                    count = 0
                    self._tick()
                if best is None:  # remember the most cards cleared, in case there is no win
                    c = S2.bit_count()
                    if c > most[0] or (c == most[0] and k < most[1]):
                        most[:] = [c, k, path + [x]]
                path.append(x)
                plays(S2, f2, k, rx, left2, orphans2)
                if free_draw:
                    draws(S2, f2, k, left2, orphans2)
                elif not f2 & fit[rx]:
                    draw_one(S2, f2, k, left2, orphans2)
                path.pop()

        def draws(S, free, k, left, orphans):
            # draw up to the next card of each rank, from the fewest draws this set was reached with
            nonlocal count
            done = seen.get(S | _CHAIN, _UNSEEN)
            if done <= k:
                return
            seen[S | _CHAIN] = k
            for j, rho in firsts[k]:
                if j >= done or j >= limit:
                    break
                playable = free & fit[rho]
                if not playable:
                    continue
                key = S | playable << 28
                if seen.get(key, _UNSEEN) <= j + 1:
                    continue
                seen[key] = j + 1
                if checks:
                    wkey = left | j << 120
                    ok = window_cache.get(wkey)
                    if ok is None:
                        ok = window_cache[wkey] = hall_ok(left, left + prefix[limit] - prefix[j])
                    if not ok:
                        break  # fewer stock cards still to come: no better further on
                    if orphans & ~S & nostock[j + 1] & ~playable:
                        continue
                count += 1
                path.append(-(j + 1 - k))
                plays(S, free, j + 1, rho, left, orphans)
                path.pop()

        def draw_one(S, free, k, left, orphans):
            # V5: a draw only when no card fits, one card at a time
            if k >= limit:
                return
            rho = stock[k]
            key = S | (free & fit[rho]) << 28 | (k + 1) << 56
            if key in seen:
                return
            seen[key] = k + 1
            path.append(-1)
            if free & fit[rho]:
                plays(S, free, k + 1, rho, left, orphans)
            else:
                draw_one(S, free, k + 1, left, orphans)
            path.pop()

        S0, f0, r0, left0 = self.removed, self.free0, self.rank, self.left0
        orphans0 = sp.orphans(S0)
        complete = True
        try:
            if S0 == _FULL:
                best = (0, [])
            else:
                seen[S0 | (f0 & fit[r0]) << 28 | (k0 << exact_k if exact_k else 0)] = k0
                plays(S0, f0, k0, r0, left0, orphans0)
                if free_draw:
                    draws(S0, f0, k0, left0, orphans0)
                elif not f0 & fit[r0]:
                    draw_one(S0, f0, k0, left0, orphans0)
        except _Found:
            pass
        except _OutOfTime:
            complete = False
        self.nodes += count
        return best, complete

    # The most-cleared search, for positions that cannot be won: branch and bound on
    # (cards cleared, then fewest draws), starting from the best line the win search met.
    def most_cleared(self, most: int = SLOT_COUNT - 1):
        """Returns ((cleared, draws, path), complete); ``most`` is known to bound the cards
        that can be cleared (fewer than all of them: the position can't be won)."""
        sp = self.space
        fit, info, firsts, prefix, rank_bit = sp.fit, sp.info, sp.firsts, sp.prefix, sp.rank_bit
        stock, n, successors = sp.stock, sp.n_stock, sp.successors
        checks, free_draw, hall_ok = sp.checks, sp.free_draw, sp.hall_ok
        exact_k = 0 if free_draw else 56
        seen: dict[int, int] = {}
        path: list[int] = []
        best = list(self.most)  # cleared, drawn, path
        tables = {n: sp.nostock(n)}
        counter = [0]
        most_left = most

        def within(S, free, k, r, left, orphans, limit, allowed):
            """Whether a line from here drawing no further than ``limit`` may leave as few as
            ``allowed`` peak cards unplayed, as far as the predecessor checks can tell."""
            window = prefix[limit] - prefix[k] if k < limit else 0
            if not hall_ok(left, left + window + rank_bit[r], allowed):
                return False
            nostock = tables.get(limit)
            if nostock is None:
                nostock = tables[limit] = sp.nostock(limit)
            rest = ~S & _FULL
            stuck = orphans & rest & nostock[k] & ~(free & fit[r])
            if not stuck:
                return True
            lost = 0
            while stuck:
                b = stuck & -stuck
                stuck ^= b
                lost |= b | (_ABOVE[b.bit_length() - 1] & rest)  # and every card it keeps covered
            return lost.bit_count() <= allowed

        def hopeless(S, free, k, r, left, orphans):
            # can a line from here beat the best: more cards, or as many with fewer draws?
            cleared, drawn = best[0], best[1]
            if not checks:
                return cleared >= most_left and k >= drawn
            if cleared < most_left and within(S, free, k, r, left, orphans, n, SLOT_COUNT - cleared - 1):
                return False
            return k >= drawn or not within(S, free, k, r, left, orphans, drawn - 1, SLOT_COUNT - cleared)

        def plays(S, free, k, r, left, orphans):
            m = free & fit[r]
            tag = k << exact_k if exact_k else 0
            while m:
                b = m & -m
                m ^= b
                S2 = S | b
                x, rx, cov = info[b]
                f2 = free ^ b
                for cb, cm in cov:
                    if S2 & cm == cm:
                        f2 |= cb
                key = S2 | (f2 & fit[rx]) << 28 | tag
                if seen.get(key, _UNSEEN) <= k:
                    continue
                seen[key] = k
                left2 = left - rank_bit[rx]
                c = S2.bit_count()
                if c > best[0] or (c == best[0] and k < best[1]):
                    best[:] = [c, k, path + [x]]
                orphans2 = orphans
                rest = ~S2
                for xb, preds in successors[x]:
                    if not preds & rest and rest & xb:
                        orphans2 |= xb
                if hopeless(S2, f2, k, rx, left2, orphans2):
                    continue
                counter[0] += 1
                if counter[0] >= _CHECK_EVERY:
                    self.nodes += counter[0]
                    counter[0] = 0
                    self._tick()
                path.append(x)
                plays(S2, f2, k, rx, left2, orphans2)
                if free_draw:
                    draws(S2, f2, k, left2, orphans2)
                elif not f2 & fit[rx]:
                    draw_one(S2, f2, k, left2, orphans2)
                path.pop()

        def draws(S, free, k, left, orphans):
            done = seen.get(S | _CHAIN, _UNSEEN)
            if done <= k:
                return
            seen[S | _CHAIN] = k
            for j, rho in firsts[k]:
                if j >= done:
                    break
                playable = free & fit[rho]
                if not playable:
                    continue
                key = S | playable << 28
                if seen.get(key, _UNSEEN) <= j + 1:
                    continue
                seen[key] = j + 1
                if hopeless(S, free, j + 1, rho, left, orphans):
                    continue
                counter[0] += 1
                path.append(-(j + 1 - k))
                plays(S, free, j + 1, rho, left, orphans)
                path.pop()

        def draw_one(S, free, k, left, orphans):
            if k >= n:
                return
            rho = stock[k]
            key = S | (free & fit[rho]) << 28 | (k + 1) << 56
            if key in seen:
                return
            seen[key] = k + 1
            path.append(-1)
            if free & fit[rho]:
                plays(S, free, k + 1, rho, left, orphans)
            else:
                draw_one(S, free, k + 1, left, orphans)
            path.pop()

        S0, f0, r0, k0, left0 = self.removed, self.free0, self.rank, self.drawn, self.left0
        orphans0 = sp.orphans(S0)
        complete = True
        try:
            seen[S0 | (f0 & fit[r0]) << 28 | (k0 << exact_k if exact_k else 0)] = k0
            plays(S0, f0, k0, r0, left0, orphans0)
            if free_draw:
                draws(S0, f0, k0, left0, orphans0)
            elif not f0 & fit[r0]:
                draw_one(S0, f0, k0, left0, orphans0)
        except _OutOfTime:
            complete = False
        self.nodes += counter[0]
        cleared, drawn, best_path = best
        return (cleared, drawn - k0, best_path), complete


class _Found(Exception):
    pass


# -- the public functions --------------------------------------------------------------------------


def _prepare(game, budget):
    """A private snapshot of the game and a search from its position."""
    if budget is not None and budget < 0:
        raise ValueError(f"budget is a time in seconds, at least 0; got {budget!r}")
    start = time.perf_counter()
    snapshot = game.copy()
    removed, drawn, discard = snapshot.position
    stock_start = len(snapshot.deck) - snapshot.stock_count - drawn
    space = _Space(snapshot.deck, snapshot.rules, snapshot.deck[stock_start:])
    deadline = None if budget is None else start + budget
    return snapshot, _Search(space, removed, drawn, discard.rank if discard else 0, deadline), start


def _line(snapshot, path) -> list[str]:
    line = []
    for step in path:
        if step < 0:
            line.extend(["draw"] * -step)
        else:
            line.append(str(snapshot.deck[step]))
    return line


def _solution(snapshot, search, path, winnable, complete, start) -> Solution:
    line = _line(snapshot, path)
    end = snapshot.copy().replay(line)
    return Solution(
        winnable=winnable,
        line=tuple(line),
        draws=line.count("draw"),
        cards_left=end.cards_left,
        score=end.score,
        complete=complete,
        nodes=search.nodes,
        seconds=time.perf_counter() - start,
    )


def solve(game, *, budget: float | None = None, lost_line: bool = True) -> Solution:
    """The best line from the game's position, and whether it wins.

    A win with the fewest draws (so the highest score under R5; ties in draws are ties in
    actions too, since a win plays every card left); for a position that cannot be won, the
    line that clears the most peak cards, then with the fewest draws. ``budget`` is a time
    limit in seconds: when it runs out the answer has ``complete=False`` and carries the best
    line found so far (``winnable`` is True if a win was found, else None).
    ``lost_line=False`` skips the search for that line when the game can't be won: the
    answer is then the verdict with an empty line (quicker, for surveys of many deals).
    """
    snapshot, search, start = _prepare(game, budget)
    best, complete = search.wins(first_only=False)
    if best is not None:
        return _solution(snapshot, search, best[1], True, complete, start)
    if not complete:
        return _solution(snapshot, search, search.most[2], None, False, start)
    if not lost_line:
        return _solution(snapshot, search, [], False, True, start)
    path, complete = _most_cleared(search)
    return _solution(snapshot, search, path, False, complete, start)


def _most_cleared(search: _Search):
    """The line that clears the most cards from a position that can't be won, then with the
    fewest draws. Whatever stays on the table at the end covers nothing that was cleared, so
    a line that leaves a single card leaves a peak top: first, for each top, the best win of
    the game without that top (these searches prune hardest); only when none exists, the
    general search for the most cards. (Not under V5: there a top that fits may forbid a draw.)"""
    space, removed = search.space, search.removed
    best, limit = None, None
    tops = [t for t in range(3) if not removed >> t & 1] if space.free_draw else []
    try:
        for top in tops:
            without = _Search(space, removed | 1 << top, search.drawn, search.rank, search.deadline)
            found, complete = without.wins(first_only=False, limit=limit)
            search.nodes += without.nodes
            if found is not None:
                best, limit = found, search.drawn + found[0] - 1
            if not complete:
                raise _OutOfTime
        if best is not None:
            return best[1], True
        (_, _, path), complete = search.most_cleared(most=SLOT_COUNT - 2 if tops else SLOT_COUNT - 1)
        return path, complete
    except _OutOfTime:
        return (best[1] if best is not None else search.most[2]), False


def winnable(game, *, budget: float | None = None) -> bool:
    """Whether the game can still be won from its position (knowing every hidden card).

    Stops at the first win it finds, so it is quicker than ``solve``. With a ``budget`` in
    seconds that runs out before the answer is known, raises ``SearchExhausted``.
    """
    _, search, _ = _prepare(game, budget)
    best, complete = search.wins(first_only=True)
    if best is not None:
        return True
    if not complete:
        raise SearchExhausted(f"no verdict within the budget of {budget} s")
    return False


def hint(game, *, budget: float | None = None) -> str | None:
    """The next action of the best line (a card in notation, or ``"draw"``); None when the
    game is over or nothing can clear another card. With a ``budget`` that runs out, the first
    action of the best line found so far."""
    return solve(game, budget=budget).hint


def verdict_history(game, *, budget: float | None = None) -> int | None:
    """Since which action the game can no longer be won.

    Returns None while the game can still be won; otherwise the index in ``game.history``
    of the action after which it could not be won any more (move ``index + 1`` in words),
    or ``NEVER_WINNABLE`` (-1) when the deal itself cannot be won. Undone actions don't
    count: the line that stands after the undos is searched, and since a lost position stays
    lost whatever follows, a binary search over that line needs only a few verdicts. Raises
    ``SearchExhausted`` when ``budget`` (seconds, for the whole walk) runs out.
    """
    deadline = None if budget is None else time.perf_counter() + budget

    def winnable_after(count):
        remaining = None if deadline is None else max(0.0, deadline - time.perf_counter())
        position = type(game)(game.code).replay(action for _, action in line[:count])
        return winnable(position, budget=remaining)

    line = standing_actions(game.history)
    if winnable_after(len(line)):
        return None
    low, high = 0, len(line)  # winnable after `low` actions is unknown until checked; lost after `high`
    if not winnable_after(0):
        return NEVER_WINNABLE
    while high - low > 1:  # invariant: winnable after low actions, lost after high
        middle = (low + high) // 2
        if winnable_after(middle):
            low = middle
        else:
            high = middle
    return line[high - 1][0]


def random_winnable_code(
    rules: Rules | str | None = None,
    rng=None,
    *,
    budget: float | None = None,
    numbers: range = range(SERIES_FIRST, SERIES_LAST + 1),
) -> str:
    """The code of a random deal that can be won, from the numbered series by default.

    ``rng`` is anything with ``randrange`` (e.g. ``random.Random(7)`` for a repeatable
    choice; by default the system's randomness). Deals are drawn until one is proven
    winnable; ``budget`` (seconds, for the whole call) raises ``SearchExhausted`` when it
    runs out first.
    """
    from .game import Game

    rules = Rules.parse(rules)
    rng = rng if rng is not None else random.Random(secrets.randbits(64))
    deadline = None if budget is None else time.perf_counter() + budget
    while True:
        code = number_code(numbers[rng.randrange(len(numbers))], rules)
        remaining = None if deadline is None else deadline - time.perf_counter()
        if remaining is not None and remaining <= 0:
            raise SearchExhausted(f"no winnable deal proven within the budget of {budget} s")
        try:
            if winnable(Game(code), budget=remaining):
                return code
        except SearchExhausted:
            if deadline is not None and time.perf_counter() >= deadline:
                raise
