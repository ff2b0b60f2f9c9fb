"""Hogue's scoring (V2) solved: the line with the highest final score any line reaches; and,
for the goals, the highest score at any moment under either scoring (the app's R5 too).

Under V2 a removal scores the length of the current run, a draw costs 5 points and ends the
run, and each peak pays 15 as it empties, the last one 30 (Three Peaks: 15, 15, 30). Runs make
the fewest-draw win no longer the best line (a draw that lines up a long run can pay for
itself), and a line that cannot win still runs on, drawing the whole stock, until the game is
blocked. So this search is its own: depth first over every action, memoised on the position
*and* the current run (the removed set, the cards that fit the discard, the cards drawn, the
run), each position's best future score computed once. It is exact and needs no bound. A position where no card
fits (some 40 % of them) has one move, a draw, and its run no longer matters: those are
memoised on the removed set and the cards drawn alone, in a walk of their own (``stuck``).

Measured and dropped: walking each stretch between two draws as a reachability search,
memoised on the position after each draw (about three times slower, as those stretches
overlap); branch and bound with upper bounds on the points still to score (one long run, a
draw for each card no other card left can precede, every peak's bonus; a line that loses
draws the whole stock): it cut almost nothing, even given the exact answer as its floor,
since a bound that ignores the ranks allows runs far longer than any deal has."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..engine.errors import SearchExhausted
from ..engine.game import HOGUE_DRAW_COST, MOVE_COST, PEAK_BONUS, hogue_bonus
from ..engine.layout import MAX_SLOTS, play
from ._search import Path, Search
from ._space import CHECK_EVERY

_DRAW, _NONE = -1, -2  # best actions besides a slot: a draw, nothing (blocked)
# The memo's keys: removed set | playable << _PLAYABLE | draws << _DRAWN | run << _RUN, room for any
# layout (draws below 64). Fixed, not the layout's own: each name the nested searches read of the
# enclosing function costs on every call.
_PLAYABLE, _DRAWN = MAX_SLOTS, 2 * MAX_SLOTS
_RUN = _DRAWN + 6


class Scoring(NamedTuple):
    """A scoring as the search counts it: a removal scores ``card`` points, plus the run before
    it when ``runs``; a draw costs ``draw_cost``; a peak pays ``peak_bonus(cleared, peaks)`` as
    it empties, ``cleared`` of the layout's ``peaks`` then empty."""

    card: int
    runs: bool
    draw_cost: int
    peak_bonus: Callable[[int, int], int]


def _app_bonus(cleared: int, peaks: int) -> int:
    return PEAK_BONUS  # R5.2: the same for every peak


HOGUE = Scoring(1, True, HOGUE_DRAW_COST, hogue_bonus)  # V2: a removal scores the run's length, itself included
# R5: its floor at 0 is never reached (a score is 500 less at most 51 standing moves, plus bonuses)
APP = Scoring(-MOVE_COST, False, MOVE_COST, _app_bonus)


def peak_bonuses(scoring: Scoring, peaks: int) -> tuple[int, ...]:
    """What the first, the second, … of ``peaks`` peaks to empty pays (Three Peaks under V2: 15, 15, 30)."""
    return tuple(scoring.peak_bonus(cleared, peaks) for cleared in range(1, peaks + 1))


def highest_score(
    search: Search, run: int, *, scoring: Scoring = HOGUE, may_stop: bool = False
) -> tuple[int, Path, bool]:
    """(the most points still to score, the line that scores them, complete) from the
    search's position with the current run ``run`` (ignored by a scoring without runs). Out of
    time: the line is empty and complete False. With ``may_stop`` the player may end the hand
    at any moment (the line then ends where the score is highest, before the game does): the
    highest score a line reaches, which the goals ask for; other readings of Hogue's rules, for
    ``benchmarks/hogue.py``, change ``scoring`` (a draw that costs nothing)."""
    sp = search.space
    fit, info, stock, n, free_draw = sp.fit, sp.info, sp.stock, sp.n_stock, sp.free_draw
    peak_mask = sp.tables.peak_mask
    # each card's own entry (slot, rank, what it uncovers) with its peak's mask
    cards = {b: (x, rx, cov, peak_mask[sp.layout.slots[x].peak]) for b, (x, rx, cov) in info.items()}
    card, draw_cost, bonuses = scoring.card, scoring.draw_cost, peak_bonuses(scoring, len(peak_mask))
    step = 1 if scoring.runs else 0  # the run a removal leaves: always 0 without runs
    run = run if scoring.runs else 0
    memo: dict[int, int] = {}  # key -> best future points << 6 | best action + 2
    stuck_memo: dict[int, int] = {}  # removed set | draws << _DRAWN -> points still to score
    count = 0

    def best(S: int, free: int, k: int, r: int, run: int) -> int:
        """The most points still to score from a position where a card fits, not in the memo
        (it enters it)."""
        nonlocal count
        count += 1
        if count >= CHECK_EVERY:
            search.nodes += count
            count = 0
            search.tick()
        top, action = 0, _NONE  # the player stops: nothing more to score
        m = free & fit[r]
        playable = m
        drawn = k << _DRAWN
        after = drawn | (run + step) << _RUN  # the key's draws and run after a play
        while m:
            b = m & -m
            m ^= b
            S2 = S | b
            x, rx, cov, peak = cards[b]
            points = card + run
            if S2 & peak == peak:
                points += bonuses[sum(S2 & p == p for p in search.space.tables.peak_mask) - 1]
            f2 = free ^ b
            for cb, cm in cov:
                if S2 & cm == cm:
                    f2 |= cb
            if f2:  # cards are left: one at least is free (the last card covers none)
                p2 = f2 & fit[rx]
                if p2:
                    known = memo.get(S2 | p2 << _PLAYABLE | after)
                    points += best(S2, f2, k, rx, run + step) if known is None else known >> 6
                elif k < n:
                    known = stuck_memo.get(S2 | drawn)
                    points += stuck(S2, f2, k) if known is None else known
            if points > top or (action == _NONE and not may_stop):
                top, action = points, x
        if k < n and free_draw:
            r2 = stock[k]
            p2 = free & fit[r2]
            if p2:
                known = memo.get(S | p2 << _PLAYABLE | (k + 1) << _DRAWN)
                points = best(S, free, k + 1, r2, 0) if known is None else known >> 6
            elif k + 1 < n:
                known = stuck_memo.get(S | (k + 1) << _DRAWN)
                points = stuck(S, free, k + 1) if known is None else known
            else:
                points = 0  # blocked
            points -= draw_cost
            if points > top:
                top, action = points, _DRAW
        memo[S | playable << _PLAYABLE | drawn | run << _RUN] = top << 6 | action + 2
        return top

    def stuck(S: int, free: int, k: int) -> int:
        """The most points still to score from a position where no card fits, with ``k < n``
        cards drawn: a draw, or stopping (blocked there, the run's length no longer matters)."""
        nonlocal count
        count += 1
        r = stock[k]
        playable = free & fit[r]
        if playable:
            known = memo.get(S | playable << _PLAYABLE | (k + 1) << _DRAWN)
            points = best(S, free, k + 1, r, 0) if known is None else known >> 6
        elif k + 1 < n:
            known = stuck_memo.get(S | (k + 1) << _DRAWN)
            points = stuck(S, free, k + 1) if known is None else known
        else:
            points = 0  # blocked
        points -= draw_cost
        if points < 0 and may_stop:
            points = 0
        stuck_memo[S | k << _DRAWN] = points
        return points

    S0, f0, k0, r0 = search.removed, search.free0, search.drawn, search.rank
    if S0 == sp.full:
        return 0, [], True
    try:
        total = best(S0, f0, k0, r0, run) if f0 & fit[r0] else stuck(S0, f0, k0) if k0 < n else 0
    except SearchExhausted:
        return 0, [], False
    finally:
        search.nodes += count
    path: Path = []  # walk the best actions from the start
    S, free, k, r = S0, f0, k0, r0
    while S != sp.full:
        playable = free & fit[r]
        if playable:
            action = (memo[S | playable << _PLAYABLE | k << _DRAWN | run << _RUN] & 63) - 2
        else:  # no card fits: draw, unless the stock is out or a player who may stop does
            action = _DRAW if k < n and (stuck_memo[S | k << _DRAWN] > 0 or not may_stop) else _NONE
        if action == _NONE:
            break
        path.append(action if action >= 0 else -1)
        if action == _DRAW:
            k, r, run = k + 1, stock[k], 0
            continue
        S, free = play(S, free, action, sp.tables.uncovers)
        r = sp.ranks[action]
        run += step
    return total, path, True
