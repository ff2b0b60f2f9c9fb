"""The exact searches over one ``Space``: the best win (or the first one), and for a position
that cannot be won the best line that leaves one top and the most cards cleared. They share
their pieces: the root, the draw moves ("draw up to the next card of a given rank", walked once
per removed set from the fewest cards drawn, written once inline where most of the time goes:
``_draws``) and the forced draws of V5. The win search and the line that leaves one top share
the branch and bound on the draw count (``_bound``: the best line, the draw limit below it, the
Hall check on the stock to come kept per multiset of cards left); the goals' searches bring
their own cuts to the draw moves (``admit``).

It stays one module past 500 lines because it is the reference the compiled search mirrors
(``_csearch.c``) function for function: its searches share one class's state and the draw
moves inlined where the time goes."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from ..engine.errors import SearchExhausted
from ..engine.layout import play
from ._space import CHECK_EVERY, UNSEEN, Space

Path = list[int]  # a slot played, or -n for n draws
Plays = Callable[[int, int, int, int, int, int], None]  # (removed, free, drawn, rank, left, orphans)
Draws = Callable[[int, int, int, int, int], None]  # (removed, free, drawn, left, orphans)
# a draw's cut: (removed, free, index drawn, its rank, left, orphans, playable) -> <0 stop, 0 skip, >0 go
Admit = Callable[[int, int, int, int, int, int, int], int]
# the one-top search's cuts of a draw: (removed, left, orphans, index drawn, playable, alive) -> (alive, now)
TopsCheck = Callable[[int, int, int, int, int, int], tuple[int, int]]


class Work:
    """A bound on the work of searches, in positions searched (nodes): unlike seconds, the same on
    both builds and every machine. Shared by several searches in turn, each spends from ``left``
    and stops (``SearchExhausted``) once that is spent, looking every ``CHECK_EVERY`` positions."""

    def __init__(self, nodes: int) -> None:
        self.nodes = self.left = nodes

    def spend(self, nodes: int) -> None:
        """Take ``nodes`` positions searched from what is left (down to 0)."""
        self.left = max(0, self.left - nodes)

    @property
    def spent(self) -> bool:
        """Whether it is all spent: a search that stopped short stopped for it."""
        return self.left == 0

    def __repr__(self) -> str:
        return f"<Work: {self.left:,} of {self.nodes:,} positions left>"


class Found(Exception):
    pass


class Search:
    """One search from one position. Not shared between threads: each public call makes its own."""

    def __init__(
        self,
        space: Space,
        removed: int,
        drawn: int,
        discard_rank: int,
        deadline: float | None,
        work: Work | None = None,
    ):
        self.space = space
        self.removed, self.drawn, self.rank = removed, drawn, discard_rank
        self.deadline, self.work = deadline, work
        self.nodes = 0
        self.stop_at = math.inf  # the nodes at which an operation stops, from ``work`` (see _backends)
        self.free0 = 0
        n_slots, cover_mask = space.shift, space.tables.cover_mask
        for s in range(n_slots):
            if not removed >> s & 1 and removed & cover_mask[s] == cover_mask[s]:
                self.free0 |= 1 << s
        self.left0 = sum(space.rank_bit[space.ranks[s]] for s in range(n_slots) if not removed >> s & 1)
        # A position searched "without a top" (the most-cleared search) has a card removed that
        # is still covered: uncovering it must not bring it back, so its uncovering is left out.
        self.info = space.info
        if any(removed >> s & 1 and removed & cover_mask[s] != cover_mask[s] for s in range(n_slots)):
            self.info = {
                b: (x, rank, tuple((cb, cm) for cb, cm in cov if not removed & cb))
                for b, (x, rank, cov) in space.info.items()
            }
        # the most cards cleared so far and with how many draws (for games that can't be won)
        self.most: list[Any] = [removed.bit_count(), drawn, []]  # cards cleared, draws, path: changed in place
        self.limit = space.n_stock  # lines draw no further than this many cards from the stock's start
        self.exact_k = 0 if space.free_draw else 2 * n_slots  # V5: no dominance across draw counts
        # the branch and bound on the draw count (``_bound``): the best line found, and the stock to come
        self.best: tuple[int, Path] | None = None
        self.first_only = False
        self.nostock: tuple[int, ...] = ()
        self.windows: dict[int, list[int]] = {}

    def tick(self) -> None:
        if self.nodes >= self.stop_at or (self.deadline is not None and time.perf_counter() > self.deadline):
            raise SearchExhausted

    # -- the shared pieces ------------------------------------------------------------------

    def _draw_one(self, seen: dict[int, int], path: Path, plays: Plays) -> Draws:
        """V5: a draw only when no card fits, one card at a time."""
        stock, fit, shift = self.space.stock, self.space.fit, self.space.shift

        def draw_one(S: int, free: int, k: int, left: int, orphans: int) -> None:
            if k >= self.limit:
                return
            rho = stock[k]
            key = S | (free & fit[rho]) << shift | (k + 1) << 2 * shift
            if key in seen:
                return
            seen[key] = k + 1
            path.append(-1)
            if free & fit[rho]:
                plays(S, free, k + 1, rho, left, orphans)
            else:
                draw_one(S, free, k + 1, left, orphans)
            path.pop()

        return draw_one

    def _root(self, seen: dict[int, int], plays: Plays, draws: Draws, draw_one: Draws) -> None:
        S0, f0, r0, k0 = self.removed, self.free0, self.rank, self.drawn
        orphans0 = self.space.orphans(S0)
        seen[S0 | (f0 & self.space.fit[r0]) << self.space.shift | (k0 << self.exact_k if self.exact_k else 0)] = k0
        plays(S0, f0, k0, r0, self.left0, orphans0)
        if self.space.free_draw:
            draws(S0, f0, k0, self.left0, orphans0)
        elif not f0 & self.space.fit[r0]:
            draw_one(S0, f0, k0, self.left0, orphans0)

    def forget_line(self, seen: dict[int, int], path: Path) -> None:
        """Take the positions along a winning line out of a table kept after a first-win
        search: the search stopped inside them, so they are not proven lost. (Every other
        entry is: its search ran to the end, or a cut proved it.)"""
        sp, exact_k = self.space, self.exact_k
        fit, stock, shift, uncovers = sp.fit, sp.stock, sp.shift, sp.tables.uncovers
        S, free, k, r = self.removed, self.free0, self.drawn, self.rank
        seen.pop(S | (free & fit[r]) << shift | (k << exact_k if exact_k else 0), None)
        for step in path:
            if step >= 0:
                S, free = play(S, free, step, uncovers)
                r = sp.ranks[step]
                seen.pop(S | (free & fit[r]) << shift | (k << exact_k if exact_k else 0), None)
            elif exact_k:  # V5: one forced draw at a time
                r, k = stock[k], k + 1
                seen.pop(S | (free & fit[r]) << shift | k << exact_k, None)
            else:
                seen.pop(S | sp.chain, None)
                k -= step
                r = stock[k - 1]
                seen.pop(S | (free & fit[r]) << shift, None)

    # -- branch and bound on the draw count: the win search's and the line that leaves one top's --

    def _bound(self, limit: int, first_only: bool) -> None:
        """Start the bound: no line found yet (``best``), lines drawing no further than ``limit``."""
        self.best = None
        self.first_only = first_only
        self._limit(limit)

    def _limit(self, limit: int) -> None:
        self.limit = limit
        self.nostock = self.space.nostock(limit)
        self.windows = {}  # Hall's check on the stock to come, per multiset of cards left

    def _found(self, k: int, path: Path) -> None:
        """A line found, with ``k`` drawn: the best so far; stops the search at the first, or at
        one with no draw, else only lines with fewer draws are sought."""
        self.best = (k - self.drawn, list(path))
        if self.first_only or k == self.drawn:
            raise Found
        self._limit(k - 1)

    def _reach(self, left: int, j: int) -> bool:
        """Whether the cards ``left`` may still be cleared with the discard drawn from ``j`` and
        the stock up to the limit, as far as Hall's condition can tell."""
        known = self.windows.get(left)  # [the latest j known to pass, the earliest known to fail]
        if known is None:
            known = self.windows[left] = [-1, UNSEEN]
        elif j <= known[0]:
            return True  # a longer stream of stock cards: passes too
        elif j >= known[1]:
            return False
        prefix = self.space.prefix
        if self.space.hall_ok(left, left + prefix[self.limit] - prefix[j]):
            known[0] = j
            return True
        known[1] = j
        return False

    def _draws(
        self,
        seen: dict[int, int],
        path: Path,
        plays: Callable[..., None],
        admit: Admit | None = None,
        tops: TopsCheck | None = None,
    ) -> Callable[..., None]:
        """The draw moves of every search, written once and inline (the win search spends most
        of its time here): draw up to the next card of each rank, no further than the limit,
        from the fewest draws this set was reached with. A move is cut by ``admit`` where given
        (the goals' searches: below 0 stop, 0 skip); else by Hall's condition on the stock to
        come and by a card left that nothing could precede (the win search), those checked for
        each top still alive given ``tops`` (the line that leaves one top, whose draws carry
        the tops alive: ``draws(..., alive)``, ``plays(..., alive)``)."""
        sp = self.space
        firsts, fit, shift, chain, checks = sp.firsts, sp.fit, sp.shift, sp.chain, sp.checks
        reach = self._reach

        def draws(S: int, free: int, k: int, left: int, orphans: int, alive: int = 0) -> None:
            done = seen.get(S | chain, UNSEEN)
            if done <= k:
                return
            seen[S | chain] = k
            for j, rho in firsts[k]:
                if j >= done or j >= self.limit:
                    break
                playable = free & fit[rho]
                if not playable:
                    continue
                key = S | playable << shift
                if seen.get(key, UNSEEN) <= j + 1:
                    continue
                seen[key] = j + 1
                if admit is not None:
                    verdict = admit(S, free, j, rho, left, orphans, playable)
                    if verdict < 0:
                        break  # fewer stock cards still to come: no better further on
                    if not verdict:
                        continue
                elif tops is None:
                    if checks:
                        if not reach(left, j):
                            break  # fewer stock cards still to come: no better further on
                        if orphans & ~S & self.nostock[j + 1] & ~playable:
                            continue
                else:
                    now = alive
                    if checks:
                        alive, now = tops(S, left, orphans, j, playable, alive)
                        if not alive:
                            break
                        if not now:
                            continue
                    path.append(-(j + 1 - k))
                    plays(S, free, j + 1, rho, left, orphans, now)
                    path.pop()
                    continue
                path.append(-(j + 1 - k))
                plays(S, free, j + 1, rho, left, orphans)
                path.pop()

        return draws

    # -- the win search: depth first, plays before draws --------------------------------------

    def wins(
        self, first_only: bool, limit: int | None = None, seen: dict[int, int] | None = None
    ) -> tuple[tuple[int, Path] | None, bool]:
        """Returns (best win as (draws, path) or None, complete); wins drawing no further than
        ``limit`` cards from the stock's start, if given. A ``seen`` table passed in is used
        and kept (``winning_actions`` shares one between the searches after each action)."""
        sp = self.space
        fit, info, prefix, rank_bit = sp.fit, self.info, sp.prefix, sp.rank_bit
        play_check, successors = sp.play_check, sp.successors
        checks, free_draw = sp.checks, sp.free_draw
        shift, full = sp.shift, sp.full
        exact_k = self.exact_k
        seen = {} if seen is None else seen
        path: Path = []
        self._bound(sp.n_stock if limit is None else limit, first_only)
        lim, nostock, best = self.limit, self.nostock, self.best  # the bound's, read here where it counts
        most = self.most
        count = 0  # nodes since the last look at the clock

        def found(k: int) -> None:
            nonlocal lim, nostock, best
            self._found(k, path)
            lim, nostock, best = self.limit, self.nostock, self.best

        def plays(S: int, free: int, k: int, r: int, left: int, orphans: int) -> None:
            nonlocal count
            m = free & fit[r]
            window = prefix[lim] - prefix[k] if k < lim else 0
            tag = k << exact_k if exact_k else 0
            while m:
                if k > lim:
                    return
                b = m & -m
                m ^= b
                S2 = S | b
                x, rx, cov = info[b]
                if S2 == full:
                    path.append(x)
                    found(k)
                    path.pop()
                    return
                f2 = free ^ b
                for cb, cm in cov:
                    if S2 & cm == cm:
                        f2 |= cb
                key = S2 | (f2 & fit[rx]) << shift | tag
                if seen.get(key, UNSEEN) <= k:
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
                if count >= CHECK_EVERY:
                    self.nodes += count
                    count = 0
                    self.tick()
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

        draws = self._draws(seen, path, plays)
        draw_one = self._draw_one(seen, path, plays)
        complete = True
        try:
            if self.removed == full:
                self.best = (0, [])
            else:
                self._root(seen, plays, draws, draw_one)
        except Found:
            pass
        except SearchExhausted:
            complete = False
        self.nodes += count
        return self.best, complete

    # -- a lost position's best line that leaves one top: the searches without each top, in one --

    def one_left(self, tops: int) -> tuple[tuple[int, Path] | None, bool]:
        """Returns (the fewest-draw line that clears every card but one of ``tops`` (slots that
        cover none, still on the table) as (draws, path), or None; complete), for a position
        that can't be won, under free draws. One search over the game's own positions, where
        one search per top would meet most of them once per top: each position carries the
        tops that may still be the card left (``alive``), and a top dies where the checks fail
        for the game without it (Hall's condition on the cards left but that top, or a card
        with no possible predecessor but that top). A dead top stays dead below: no line
        from there leaves it. A position is cut when no top is alive. Branch and bound on the
        draw count, as the win search."""
        sp = self.space
        fit, info, prefix, rank_bit, ranks = sp.fit, self.info, sp.prefix, sp.rank_bit, sp.ranks
        play_check, successors, checks = sp.play_check, sp.successors, sp.checks
        shift, full = sp.shift, sp.full
        seen: dict[int, int] = {}
        path: Path = []
        self._bound(sp.n_stock, False)
        lim, nostock = self.limit, self.nostock  # the bound's, read here where it counts
        count = 0
        succ_mask = [sum(xb for xb, _ in successors[t]) for t in range(shift)]  # the cards each could precede

        def found(k: int) -> None:
            nonlocal lim, nostock
            self._found(k, path)
            lim, nostock = self.limit, self.nostock

        def stuck(t: int, S: int, orphans: int, k: int, playable: int) -> bool:
            """Whether, without the top ``t``, a card left has no possible predecessor."""
            rest = ~S & ~(1 << t)
            open_ = rest & nostock[k] & ~playable  # cards left that need a predecessor among them
            if orphans & open_:
                return True
            if succ_mask[t] & open_:  # t was perhaps the last predecessor of some
                for xb, preds in successors[t]:
                    if xb & open_ and not preds & rest:
                        return True
            return False

        def plays(S: int, free: int, k: int, r: int, left: int, orphans: int, alive: int) -> None:
            nonlocal count
            m = free & fit[r]
            window = prefix[lim] - prefix[k] if k < lim else 0
            while m:
                if k > lim:
                    return
                b = m & -m
                m ^= b
                S2 = S | b
                x, rx, cov = info[b]
                rest = full & ~S2
                if not rest & (rest - 1) and not rest & ~alive:  # one top left
                    path.append(x)
                    found(k)
                    path.pop()
                    return
                f2 = free ^ b
                for cb, cm in cov:
                    if S2 & cm == cm:
                        f2 |= cb
                key = S2 | (f2 & fit[rx]) << shift
                if seen.get(key, UNSEEN) <= k:
                    continue
                seen[key] = k
                left2 = left - rank_bit[rx]
                orphans2 = orphans
                alive2 = alive & ~b
                if checks:
                    rest = ~S2
                    for xb, preds in successors[x]:
                        if not preds & rest and rest & xb:
                            orphans2 |= xb
                    pc = play_check[r * 14 + rx]
                    playable = f2 & fit[rx]
                    a = alive2
                    while a:
                        tb = a & -a
                        a ^= tb
                        t = tb.bit_length() - 1
                        if pc is not None:  # Hall's condition without t, on the runs next to the old discard
                            first, steps = pc
                            left_t = left2 - rank_bit[ranks[t]]
                            supply = left_t + window + rank_bit[rx]
                            slack = (supply >> 8 * r & 255) - (left_t >> 8 * first & 255)
                            if slack < 0:
                                for dem, sup in steps:
                                    if dem:
                                        slack -= left_t >> 8 * dem & 255
                                    if sup:
                                        slack += supply >> 8 * sup & 255
                                    if slack < 0:
                                        break
                                if slack < 0:
                                    alive2 ^= tb
                                    continue
                        if stuck(t, S2, orphans2, k, playable):
                            alive2 ^= tb
                    if not alive2:
                        continue
                count += 1
                if count >= CHECK_EVERY:
                    self.nodes += count
                    count = 0
                    self.tick()
                path.append(x)
                plays(S2, f2, k, rx, left2, orphans2, alive2)
                draws(S2, f2, k, left2, orphans2, alive2)
                path.pop()

        def tops_check(S: int, left: int, orphans: int, j: int, playable: int, alive: int) -> tuple[int, int]:
            """The tops alive after drawing from ``j`` (dead further on too: fewer stock cards
            still to come), and those alive for the card drawn."""
            now = alive
            a = alive
            while a:
                tb = a & -a
                a ^= tb
                t = tb.bit_length() - 1
                if not self._reach(left - rank_bit[ranks[t]], j):
                    alive ^= tb
                    now ^= tb
                elif stuck(t, S, orphans, j + 1, playable):
                    now ^= tb
            return alive, now

        draws = self._draws(seen, path, plays, tops=tops_check)

        S0, f0, r0, k0 = self.removed, self.free0, self.rank, self.drawn
        orphans0 = sp.orphans(S0)
        complete = True
        try:
            seen[S0 | (f0 & fit[r0]) << shift] = k0
            plays(S0, f0, k0, r0, self.left0, orphans0, tops)
            draws(S0, f0, k0, self.left0, orphans0, tops)
        except Found:
            pass
        except SearchExhausted:
            complete = False
        self.nodes += count
        return self.best, complete

    # -- the most-cleared search, for positions that cannot be won: branch and bound on ------
    # -- (cards cleared, then fewest draws), starting from the best line the win search met --

    def most_cleared(self, most: int | None = None) -> tuple[tuple[int, int, Path], bool]:
        """Returns ((cleared, draws, path), complete); ``most`` is known to bound the cards
        that can be cleared (fewer than all of them: the position can't be won)."""
        sp = self.space
        n_slots, shift, full, above = sp.shift, sp.shift, sp.full, sp.tables.above
        most = n_slots - 1 if most is None else most
        fit, info, prefix, rank_bit = sp.fit, self.info, sp.prefix, sp.rank_bit
        n, successors = sp.n_stock, sp.successors
        checks, hall_ok, free_draw = sp.checks, sp.hall_ok, sp.free_draw
        exact_k = self.exact_k
        seen: dict[int, int] = {}
        path: Path = []
        best = list(self.most)  # cleared, drawn, path
        self.limit = n
        tables = {n: sp.nostock(n)}
        hall_cache: dict[int, bool] = {}  # Hall's condition by (cards left, draws, limit, discard, allowance)
        counter = [0]
        most_left = most

        def within(S: int, free: int, k: int, r: int, left: int, orphans: int, limit: int, allowed: int) -> bool:
            """Whether a line from here drawing no further than ``limit`` may leave as few as
            ``allowed`` peak cards unplayed, as far as the predecessor checks can tell."""
            hkey = left | k << 120 | limit << 125 | r << 130 | allowed << 135  # (each below 32)
            ok = hall_cache.get(hkey)
            if ok is None:
                window = prefix[limit] - prefix[k] if k < limit else 0
                ok = hall_cache[hkey] = hall_ok(left, left + window + rank_bit[r], allowed)
            if not ok:
                return False
            nostock = tables.get(limit)
            if nostock is None:
                nostock = tables[limit] = sp.nostock(limit)
            rest = ~S & full
            stuck = orphans & rest & nostock[k] & ~(free & fit[r])
            if not stuck:
                return True
            lost = 0
            while stuck:
                b = stuck & -stuck
                stuck ^= b
                lost |= b | (above[b.bit_length() - 1] & rest)  # and every card it keeps covered
            return lost.bit_count() <= allowed

        def hopeless(S: int, free: int, k: int, r: int, left: int, orphans: int) -> bool:
            # can a line from here beat the best: more cards, or as many with fewer draws?
            cleared: int = best[0]
            drawn: int = best[1]
            if not checks:
                return cleared >= most_left and k >= drawn
            if cleared < most_left and within(S, free, k, r, left, orphans, n, n_slots - cleared - 1):
                return False
            return k >= drawn or not within(S, free, k, r, left, orphans, drawn - 1, n_slots - cleared)

        def plays(S: int, free: int, k: int, r: int, left: int, orphans: int) -> None:
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
                key = S2 | (f2 & fit[rx]) << shift | tag
                if seen.get(key, UNSEEN) <= k:
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
                if counter[0] >= CHECK_EVERY:
                    self.nodes += counter[0]
                    counter[0] = 0
                    self.tick()
                path.append(x)
                plays(S2, f2, k, rx, left2, orphans2)
                if free_draw:
                    draws(S2, f2, k, left2, orphans2)
                elif not f2 & fit[rx]:
                    draw_one(S2, f2, k, left2, orphans2)
                path.pop()

        def admit(S: int, free: int, j: int, rho: int, left: int, orphans: int, playable: int) -> int:
            return 0 if hopeless(S, free, j + 1, rho, left, orphans) else 1

        draws = self._draws(seen, path, plays, admit)
        draw_one = self._draw_one(seen, path, plays)
        complete = True
        try:
            self._root(seen, plays, draws, draw_one)
        except SearchExhausted:
            complete = False
        self.nodes += counter[0]
        cleared, drawn, best_path = best
        return (cleared, drawn - self.drawn, best_path), complete

    # -- the goals' searches: the longest run without a draw, the most cards of a kind cleared ----

    def longest_run(self, run: int, at_least: int | None = None) -> tuple[tuple[int, Path], bool]:
        """Returns ((the longest run of plays without a draw that a line from here makes, the
        line to its end), complete); ``run`` is the run the position is in, which plays from here
        lengthen; the search stops at a run of ``at_least``, if given. A run starts at the root
        or after a draw, so the search walks the positions reached (the win search's moves and
        memo) and takes, at the root and after each draw, the longest chain of plays from there,
        memoised on the removed set and the cards that fit the discard. Its one cut: a position
        with no more cards left than the longest run found can start no longer one."""
        sp = self.space
        fit, info, ranks = sp.fit, self.info, sp.ranks
        n_slots, shift = sp.shift, sp.shift
        free_draw, exact_k = sp.free_draw, self.exact_k
        seen: dict[int, int] = {}
        chains: dict[int, int] = {}  # removed set | playable << shift -> longest chain << 8 | its first slot + 1
        path: Path = []
        counter = [0]

        def tick() -> None:
            counter[0] += 1
            if counter[0] >= CHECK_EVERY:
                self.nodes += counter[0]
                counter[0] = 0
                self.tick()

        def chain(S: int, free: int, r: int) -> int:
            """The longest chain of plays from here."""
            m = free & fit[r]
            key = S | m << shift
            known = chains.get(key)
            if known is not None:
                return known >> 8
            tick()
            top, first = 0, -1
            most = n_slots - S.bit_count()  # no chain is longer than the cards left
            while m:
                b = m & -m
                m ^= b
                S2 = S | b
                x, rx, cov = info[b]
                f2 = free ^ b
                for cb, cm in cov:
                    if S2 & cm == cm:
                        f2 |= cb
                length = 1 + chain(S2, f2, rx)
                if length > top:
                    top, first = length, x
                    if top == most:
                        break
            chains[key] = top << 8 | first + 1
            return top

        def chain_line(S: int, free: int, r: int) -> Path:
            line: Path = []
            step = chains[S | (free & fit[r]) << shift] & 255
            while step:
                line.append(step - 1)
                S, free = play(S, free, step - 1, sp.tables.uncovers)
                r = ranks[step - 1]
                step = chains[S | (free & fit[r]) << shift] & 255
            return line

        S0, f0, r0 = self.removed, self.free0, self.rank
        best: list[Any] = [run, []]  # the longest run, its line
        goal = n_slots + run if at_least is None else at_least

        def started(S: int, free: int, k: int, r: int, left: int, orphans: int) -> None:
            """A draw was made: a run starts here."""
            length = chain(S, free, r)
            if length > best[0]:
                best[:] = [length, path + chain_line(S, free, r)]
                if length >= goal:
                    raise Found
            plays(S, free, k, r, left, orphans)

        def plays(S: int, free: int, k: int, r: int, left: int, orphans: int) -> None:
            m = free & fit[r]
            tag = k << exact_k if exact_k else 0
            while m:
                b = m & -m
                m ^= b
                S2 = S | b
                if n_slots - S2.bit_count() <= best[0]:
                    continue  # too few cards left to start a longer run
                x, rx, cov = info[b]
                f2 = free ^ b
                for cb, cm in cov:
                    if S2 & cm == cm:
                        f2 |= cb
                key = S2 | (f2 & fit[rx]) << shift | tag
                if seen.get(key, UNSEEN) <= k:
                    continue
                seen[key] = k
                tick()
                path.append(x)
                plays(S2, f2, k, rx, left, orphans)
                if free_draw:
                    draws(S2, f2, k, left, orphans)
                elif not f2 & fit[rx]:
                    draw_one(S2, f2, k, left, orphans)
                path.pop()

        def admit(S: int, free: int, j: int, rho: int, left: int, orphans: int, playable: int) -> int:
            return -1 if n_slots - S.bit_count() <= best[0] else 1

        draws = self._draws(seen, path, started, admit)
        draw_one = self._draw_one(seen, path, started)
        complete = True
        try:  # the run from here first (its search may run out too), then those after draws
            best[:] = [run + chain(S0, f0, r0), chain_line(S0, f0, r0)]
            if best[0] < goal:
                self._root(seen, plays, draws, draw_one)
        except Found:
            pass
        except SearchExhausted:
            complete = False
        self.nodes += counter[0]
        return (best[0], best[1]), complete

    def most_of(self, mask: int, at_least: int | None = None) -> tuple[tuple[int, Path], bool]:
        """Returns ((the most cards of ``mask`` (a set of slots) cleared at the end of a line from
        here, those cleared already included, the line), complete); the search stops at
        ``at_least``, if given. Branch and bound over the positions reached (the win search's
        moves and memo): a position is cut when the cards of ``mask`` cleared, with those left
        that a line might still clear, can't beat the best. A card left can't be cleared when
        no card left could go just before it, no stock card to come fits it and it does not fit
        now (the predecessor checks' orphans), nor can any card it keeps covered."""
        sp = self.space
        fit, info, successors, checks = sp.fit, self.info, sp.successors, sp.checks
        shift, above = sp.shift, sp.tables.above
        free_draw, exact_k = sp.free_draw, self.exact_k
        nostock = sp.nostock(sp.n_stock)
        seen: dict[int, int] = {}
        path: Path = []
        best: list[Any] = [(self.removed & mask).bit_count(), []]  # the most cards cleared, the line
        goal = mask.bit_count() if at_least is None else min(at_least, mask.bit_count())
        counter = [0]

        def hopeless(S: int, free: int, k: int, r: int, orphans: int) -> bool:
            rest = mask & ~S
            if checks:
                stuck = orphans & ~S & nostock[k] & ~(free & fit[r])
                while stuck:
                    b = stuck & -stuck
                    stuck ^= b
                    rest &= ~(b | above[b.bit_length() - 1])  # and every card it keeps covered
            most: int = best[0]
            return (S & mask).bit_count() + rest.bit_count() <= most

        def plays(S: int, free: int, k: int, r: int, left: int, orphans: int) -> None:
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
                key = S2 | (f2 & fit[rx]) << shift | tag
                if seen.get(key, UNSEEN) <= k:
                    continue
                seen[key] = k
                cleared = (S2 & mask).bit_count()
                if cleared > best[0]:
                    best[:] = [cleared, path + [x]]
                    if cleared >= goal:
                        raise Found
                orphans2 = orphans
                if checks:
                    rest = ~S2
                    for xb, preds in successors[x]:
                        if not preds & rest and rest & xb:
                            orphans2 |= xb
                if hopeless(S2, f2, k, rx, orphans2):
                    continue
                counter[0] += 1
                if counter[0] >= CHECK_EVERY:
                    self.nodes += counter[0]
                    counter[0] = 0
                    self.tick()
                path.append(x)
                plays(S2, f2, k, rx, left, orphans2)
                if free_draw:
                    draws(S2, f2, k, left, orphans2)
                elif not f2 & fit[rx]:
                    draw_one(S2, f2, k, left, orphans2)
                path.pop()

        def admit(S: int, free: int, j: int, rho: int, left: int, orphans: int, playable: int) -> int:
            return 0 if hopeless(S, free, j + 1, rho, orphans) else 1

        draws = self._draws(seen, path, plays, admit)
        draw_one = self._draw_one(seen, path, plays)
        complete = True
        try:
            if best[0] < goal:
                self._root(seen, plays, draws, draw_one)
        except Found:
            pass
        except SearchExhausted:
            complete = False
        self.nodes += counter[0]
        return (best[0], best[1]), complete
