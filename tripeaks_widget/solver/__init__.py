"""An exact TriPeaks solver: from any position, under any rule set, knowing every hidden card.

``solve(game)`` answers with a ``Solution``: whether the game can still be won, the best
line (a win with the fewest draws, which under the app's scoring R5 is the highest score;
for a game that cannot be won, the line that clears the most peak cards, then with the
fewest draws) and the score it ends on. ``winnable(game)`` answers the first question only,
which is usually much quicker; ``hint(game)`` is the first action of the best line;
``winning_actions(game)`` gives every legal action's verdict in one pass.

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
Hogue's scoring (V2) runs make the fewest-draw win no longer the best line: there ``solve``
returns the line with the highest final score any line reaches (``_score``).

The package: ``_space`` holds the tables of one deal under one rule set (move generation, the
predecessor checks), ``_search`` the win search and the most-cleared search (sharing their
root and draw moves), ``_score`` the highest-score search of V2, and this module the public
functions. What each technique buys, measured with ``benchmarks/solver.py`` (figures in
README's solver section):

- the memo on (removed set, cards that fit the discard) with the fewest draws kept, and
  draws as "up to the next card of a rank": the verdict about ten times the naive search;
- the predecessor checks (Hall's condition, cards with no predecessor left): the cuts that
  make lost deals and the fewest-draw bound affordable;
- the rule tables built once per rule set and the stock tables in one backward pass: the
  setup of a search, which dominates on easy deals and in sampling, about five times
  cheaper (the Easy verdict went from 10 to 12 times the naive search);
- ``winning_actions``' one table of lost positions shared between the searches after each
  action: about 1.3 times the rate of one search per action (96 against 72 sampled
  positions a second under Easy, 196 against 144 under Classic);
- a table shared between the sampled arrangements of one fair decision was measured and
  left out: of 656,000 positions searched in 400 arrangements of 20 mid-game positions, none
  was met again, with the same cards still in play, in another arrangement (the stock's
  order differs between them);
- Hall's condition on the rank cycle (Easy) checks runs of up to six demand ranks, not
  twelve: a longer run holds two neighbouring ranks whose own cards cover their demand, and
  what is left of it is a shorter run. Half the work, the same answers: a check costs 3.9 µs
  instead of 11.5, which was about half the time of Easy's best line; its mean went from 164
  and 168 ms to 139 and 117 ms on 30 deals (two runs back to back), from 199 to 182 ms on
  the benchmark's first 60 deals (CPU time, the same nodes; Classic is unchanged);
- the draws' Hall check remembers, for each multiset of cards left, the latest draw known to
  pass and the earliest known to fail (fewer stock cards to come never pass where more
  failed): 9 % fewer checks (301,000 to 273,000 on 30 Easy deals); the most-cleared search
  keeps its Hall checks too, which halves its own (77,000 to 39,000 on the same deals).

Where the best line's time goes: proving that no win has fewer draws. On 12 Easy deals, 97 %
of the nodes (136,000 of 140,000) have fewer draws than the best win's, so neither the move
order nor a search by layers of draws can save much; only cuts can. They peak at 14 to 22
cards left with 4 to 11 draws still allowed, where a chain of plays between two draws is
short because few free cards fit, which the rank counts can't see. Measured and left out,
each slower overall on 30 deals per rule set (CPU time, back to back):

- a head for every cluster of ranks left (a chain of plays never leaves its run of ranks
  present, so each run needs its own stock card or the discard next to it), with Hall's
  condition on the cards no card left can precede against the stock alone: 3 % fewer nodes
  at the draws, 9 % with a look after every play that leaves nothing playable; 25 to 40 %
  slower;
- dominance between positions with the same cards removed, one with a superset of the
  other's cards playable and no more draws: a sixth of the positions searched are
  dominated, but their children are found in the memo anyway, so 3 % fewer nodes; 20 %
  slower;
- a bipartite matching over the cards themselves (every card left its own predecessor: a card
  left that may go just before it, a stock card within the limit, or the discard for a card
  playable now): 16 % fewer nodes in the proofs below the best win (193,000 to 163,000 on
  Easy deals 1-20), 5 to 10 % on lost deals, at ten times the cost of a node;
- iterative deepening on the draw limit, from 0 up: the proofs at every limit below the best
  cost 2.9 times the branch and bound (7.5 against 2.6 s on Easy deals 1-20, CPU time), as a
  proof a few draws below the best costs nearly as much as the one just below it. Even a
  search told the answer (the proof just below it, then a win at it) takes three quarters of
  the branch and bound's time (1.95 against 2.62 s);
- a search by layers of draws (plays depth first within a layer, each draw put off to the
  layer of its draw count), which expands each position once at its fewest draws. For the
  best line it would give up the draw limit's cuts: on the heavy Easy deals 25 to 45 % of the
  positions the proof below the best expands are met again later with fewer draws, a few per
  cent on the rest, and that is all it could save. Built for the verdict, where no limit cuts
  anyway: on the deals that can't be won it expands 27 % fewer positions under Easy (games
  1-200) and 17 % fewer under Classic (1-150), yet takes only 4 % less time, each position
  costing more to queue than to recurse into; and a deal that can be won is searched to its
  fewest draws before any win turns up, 51 and 24 times the positions (79 s against 1.4 s
  and 26 s against 0.9 s);
- the plays tried from the bottom row up instead of from the peak tops down: 10 % fewer
  positions for the verdict on Easy deals that can be won (games 1-300) and 22 % under
  Classic (1-200), nothing on the lost ones, so 4 and 6 % in all; for the best line 5 % more
  under Easy and 2 % fewer under Classic (games 1-40). Too little to tell from noise in time.

Where the verdict's time goes under Easy: lost deals. On Easy deals 1-200 the 8 that cannot be
won take 64 % of it (2.5 of 4.0 s). Each leaves one peak top whose predecessors are a few
peak cards and stock cards that come early, and the search tries the orders of the other 27
cards, mostly 12 to 18 draws in and 8 to 14 cards cleared, before those few are used up.

The compiled build. ``_space``, ``_search`` and ``_score`` (listed in ``tripeaks_widget._native``
with fair play's hot loops, whose figures are in ``tripeaks_widget.fair.playout``) are compiled with
Cython from these same files when the package is built on a machine with a C compiler
(``hatch_build.py``); the types the compiler uses are ``cython.locals`` decorators, no-ops when
the files run as Python, which they still do in Pyodide, without a compiler, or with
``TRIPEAKS_PURE_PYTHON=1``. ``BACKEND`` says which runs ("compiled" or "python"); a compiled
module built from another version of its source is never used (``_native`` checks a digest).
Measured before choosing, on the same 100 random deals per rule set (``benchmarks/solver.py``'s
seed 2024: ``winnable`` then ``solve`` on each, CPU time, milliseconds per deal, each build in its
own process back to back, on a shared 2-core machine; verdict / best line):

- pure Python: Easy 3.5 / 59.0, Classic 8.6 / 59.7 (again later: 3.9 / 63.0 and 9.3 / 66.9);
- Cython on the unchanged files: Easy 2.5 / 45.8, Classic 6.7 / 47.2 (1.4 to 1.5 times);
- mypyc on the unchanged files: Easy 2.9 / 49.4, Classic 7.6 / 55.7 (1.2 to 1.3 times);
- mypyc with the win search's masks, counts and keys typed ``i64``: Easy 3.3 / 52.1, Classic 7.8 /
  59.4, no better; and every shift of a packed rank count (over 64 bits) by an ``i64`` had to be
  cast back, or it raised "int too large to convert to i64";
- Cython with the same locals typed ``long long`` (the build kept): Easy 2.4 / 38.2, Classic 5.7 /
  39.3, against 3.7 / 60.4 and 9.0 / 60.8 for pure Python in the same minutes: 1.5 to 1.6 times.

Both builds side by side, ``python benchmarks/solver.py --deals 150 --no-python-baseline
--hogue-deals 10 --positions 5 --samples 10`` (150 random deals per rule set, one run, CPU time on
a shared 2-core machine; milliseconds per deal, mean / worst; compiled against pure Python):

- verdict: Easy 4.4 / 187 against 6.8 / 279 (1.54 times; the naive search in C: 5.3 / 153),
  Classic 7.7 / 95 against 12.5 / 165 (1.62 times; C: 24.8 / 150);
- best line: Easy 43.1 / 262 against 68.9 / 361 (1.60 times), Classic 45.8 / 350 against
  70.5 / 490 (1.54 times);
- Hogue's line (10 deals): Easy 818 against 1,042 ms (1.27 times), Classic 478 against 643 (1.35);
- fair sampling (50 arrangements of 5 positions), verdicts a second: Easy 319 against 229, Classic
  1,041 against 696 (1.4 and 1.5 times); ``winning_actions`` 333 against 209 and 849 against 602.

Again on 300 deals per rule set, on a quieter machine (``--deals 300 --no-python-baseline
--hogue-deals 5 --positions 4 --samples 10``): verdict Easy 4.4 / 157 against 7.2 / 249 (C: 5.1 /
120), Classic 7.2 / 82 against 12.2 / 137 (C: 17.8 / 103); best line Easy 37.5 / 242 against
61.6 / 413, Classic 42.8 / 363 against 67.6 / 514; Hogue's line (5 deals) 726 and 516 against 938
and 695; fair verdicts a second 317 and 1,171 against 209 and 797.

Where the compiled search's time goes (``perf`` on ``solve`` over 40 deals per rule set): the memo
(``dict`` lookups, 17 %), allocating and freeing Python ints (15 %: the memo's keys, and the
packed rank counts of the predecessor checks, which need 104 to 208 bits and so stay Python
ints), the Hall check (``hall_ok`` and its big-int shifts, adds and ands, about 10 %); the search's
own code is under 12 %. Going much further means a memo and rank counts in machine words: a
second implementation, which is allowed only when one source can't reach the targets. Hogue's
line (``_score``, compiled but not typed) is held by its memo in the same way: ``dict`` lookups
are 30 % of its time and allocation 13 %, its own code 11 % (``perf``, 3 Classic deals).

The search in C. Where the compiled build runs, the win search (``Search.wins``: the verdict,
the fewest-draw win, the per-top wins of the most-cleared line), ``winning_actions``' shared table
of lost positions, the most-cleared search (``Search.most_cleared``) and Hogue's highest-score
search (``_score.highest_score``, under the game's own scoring) run in ``_csearch.c``, a second
implementation of the same searches: the same moves in the same order with the same cuts and
memos, so the same answers and the same lines. What it changes is the state, all in machine words: the
removed set and the cards that fit in 28-bit masks, the rank counts packed four bits a rank in
one 64-bit word (a rank has at most four cards; the Python search packs eight bits a rank, to fit
its Hall check's guard bits, so 104 to 208 bits), Hall's condition as a loop over 13 counts, and
the memo an open-addressing hash table of 64-bit keys (no Python object on the search's path:
it runs with the GIL released; Hogue's memo keys on the run too, so its keys take a second
word). Python keeps the rest: the game, the tables of ``Space``, the line's replay, and the other
readings of Hogue's rules that ``benchmarks/hogue.py`` compares (the Cython build). The pure-Python
search stays the reference: the differential test (``tests/test_solver_backends.py``) compares both on
4,000 deals and 6,200 positions reached mid-game under eight rule sets, lines replayed.

Measured, ``python benchmarks/solver.py --deals 1000 --backends c --no-python-baseline --hogue-deals
5 --positions 4 --samples 10`` (1,000 random deals per rule set, CPU time, a shared 2-core machine
under a load of 10 to 15; ms per deal, mean / worst; the search in C for the win search only, the
most-cleared search still the Cython build's):

- verdict: Easy 0.9 / 19.7, Classic 1.1 / 13.2 (the naive search in C: 9.3 / 174 and 25.4 / 163,
  so 10 and 24 times as fast as it);
- best line: Easy 4.8 / 251, Classic 16.4 / 400: every deal under a second, the mean under 50 ms;
  the worst deals were lost ones, whose most-cleared search (57 % of ``solve``'s time then, on 150
  deals per rule set, ``cProfile``) moved to C next;
- fair sampling (40 arrangements of 4 positions), verdicts a second: Easy 1,252, Classic 1,876 (pure
  Python in the runs above: 209 and 797); ``winning_actions`` 1,713 and 2,376.

The three builds side by side, ``python benchmarks/solver.py --deals 300 --no-python-baseline
--hogue-deals 3 --positions 4 --samples 10`` (300 random deals per rule set, one run, the same
machine and load; the win and most-cleared searches in C; C / Cython / pure Python):

- verdict: Easy 0.9 / 5.6 / 9.4 ms mean (worst 17 / 196 / 304; naive C 9.4 / 191), Classic
  1.3 / 9.0 / 15.3 (worst 10 / 140 / 179; naive C 24.8 / 143): 10.5 and 11.5 times pure Python;
- best line: Easy 4.4 / 48.2 / 79.8 (worst 26 / 357 / 589), Classic 4.9 / 53.8 / 86.1 (worst 32 /
  436 / 625): 18 and 17.5 times pure Python, 11 times the Cython build;
- fair sampling, verdicts a second: Easy 2,136 / 358 / 204 (10.5 times), Classic 4,252 / 1,273 /
  754 (5.6 times); ``winning_actions`` 2,576 / 317 / 183 (14 times) and 4,509 / 1,136 / 714 (6.3).
  What holds Classic's sampling back is no longer the search: a Classic arrangement's search is
  short, and ``cProfile`` on 240 sampled Classic arrangements puts 70 % of ``winnable``'s time in
  ``_prepare`` (the game's copy and ``Space``'s tables, ``Rules.fit_masks`` the largest part) and
  30 % in the search in C. Building ``Space`` in C would be the next step.

Hogue's line in C (``_score``'s search written again): on 8 random deals from their start under
Easy, Classic, draw-when-stuck and joker with Hogue's scoring, 106 ms a deal against 918 ms in pure
Python, the same lines (an ad-hoc loop over ``tests/solver_runs.py``'s deals, CPU time). With
``benchmarks/solver.py --deals 20 --backends c,cython,python --hogue-deals 10 --positions 0 --samples
0 --no-baseline`` (10 deals per rule set, on a quieter machine): Easy 91.9 / 699 / 973 ms a deal (C /
Cython / pure Python, worst 107 ms in C), Classic 61.6 / 481 / 673 (worst 91 ms): 10.6 and 10.9 times
pure Python, under the 200 ms of the target.

All three builds on the issue's 1,000 random deals per rule set in one run, ``python
benchmarks/solver.py --no-python-baseline`` (CPU time, two other benchmarks running on the 2 cores;
C / Cython / pure Python, ms per deal, mean / worst):

- verdict: Easy 1.2 / 12.2 / 21.1 (worst 38 / 446 / 629; naive C 13.6 / 295), Classic 1.6 / 18.6 /
  32.7 (worst 18 / 284 / 463; naive C 42.2 / 276): 11 and 26 times faster than the naive search in C;
- best line: Easy 6.6 / 84.3 / 154.4 (worst 82 / 814 / 1,500), Classic 6.8 / 99.8 / 165.0 (worst
  50 / 843 / 1,322): 23 and 24 times pure Python;
- Hogue's line (20 deals): Easy 190 / 1,407 / 1,892, Classic 138 / 1,060 / 1,420 (10 times);
- fair sampling (200 arrangements of 10 positions), every first action judged in one pass
  (``winning_actions``, ``method="solver"``): Easy 1,483 / 140 / 78 a second (19 times), Classic
  2,011 / 196 / 140 (14 times); ``winnable`` alone: 753 / 201 / 110 and 2,250 / 291 / 189.

The survey: ``python -m tripeaks_widget.stats --games 1-1000 --rules easy,classic --workers 1``
(2,000 deals, ``solve`` each without the lost line, as the survey does) took 7.4 s of CPU time, 3.7
ms a deal. Run whole, ``python -m tripeaks_widget.stats --games 1-50000 --rules easy,classic``
(the 100,000 deals of the numbered series, two worker processes on two cores, a quiet machine)
took 2 min 4 s (244 s of CPU time, 2.4 ms a deal), and gave README's table exactly as pure Python
had, in about 1.7 hours.

``solve`` seemed to lose about 17 % over the wave that ended at ``ab198eb`` (on 1,500 published
decks: 89 then 107 ms mean). Every commit to the search in that wave, on the same 80 random deals
per rule set in one process (``solve`` on each, CPU time, the best of two rounds; each tree
imported in turn): 444f144 (its start) 88.2 / 76.5 ms (Easy / Classic), eaef669 92.3 / 78.2,
c3fc92a 93.9 / 83.3, 4bbd306 77.1 / 78.4, ab198eb 76.5 / 73.6; and the nodes searched are the same
to within 0.07 % throughout (1,279,710 then 1,279,573 under Easy: the fix of c3fc92a, a top
searched without that top no longer played again). On these deals the code did not lose it:
ab198eb is no slower than the start, 4bbd306's shorter Hall check gained what c3fc92a and eaef669
seemed to cost, and the rest is the noise of a shared machine (these runs had a load of 10 to 29
on two cores). The published decks themselves are not in this repository, so they were not re-run.
"""

from __future__ import annotations

import random
import secrets
import time
import weakref
from dataclasses import asdict, dataclass, field

from .. import _native
from ..engine.codes import SERIES_FIRST, SERIES_LAST, number_code
from ..engine.errors import check_time_limit
from ..engine.game import HOGUE_DRAW_COST, HOGUE_PEAK_BONUS, standing_actions
from ..engine.layout import PEAK_MASK, SLOT_COUNT
from ..engine.rules import Rules
from ..engine.steps import Steps, drive

BACKEND = _native.load()  # "compiled" or "python": which build of the search runs (see _native)

from ._score import highest_score  # noqa: E402  (after the build is chosen)
from ._search import OutOfTime, Search  # noqa: E402
from ._space import Space, _play_checks  # noqa: E402

# The win search written a second time in C (``_csearch.c``), with the compiled build only: None
# where the sources run. The searches below go through ``_wins``, which takes it when it is there.
_csearch = _native.c_search() if BACKEND == "compiled" else None
if _csearch is not None:
    from ..engine.layout import COVER_MASK

    _csearch.setup(COVER_MASK, _play_checks(False), _play_checks(True))

__all__ = [
    "BACKEND",
    "NEVER_WINNABLE",
    "SearchExhausted",
    "Solution",
    "hint",
    "random_winnable_code",
    "solve",
    "verdict_history",
    "winnable",
    "winning_actions",
]

NEVER_WINNABLE = -1  # verdict_history: the deal itself could not be won


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


# -- the public functions --------------------------------------------------------------------------


def _prepare(game, budget):
    """A private snapshot of the game and a search from its position."""
    budget = check_time_limit(budget)
    start = time.perf_counter()
    snapshot = game.copy()
    removed, drawn, discard = snapshot.position
    stock_start = len(snapshot.deck) - snapshot.stock_count - drawn
    space = Space(snapshot.deck, snapshot.rules, snapshot.deck[stock_start:])
    deadline = None if budget is None else start + budget
    return snapshot, Search(space, removed, drawn, discard.rank if discard else 0, deadline), start


_C_TABLES: weakref.WeakKeyDictionary[Space, bytes] = weakref.WeakKeyDictionary()  # a space's tables, as C reads them


def _c_space(space: Space) -> bytes:
    """The deal's tables as the search in C takes them, made once per ``Space``."""
    tables = _C_TABLES.get(space)
    if tables is None:
        assert _csearch is not None
        tables = _csearch.space(
            space.ranks, space.stock, space.fit, space.can_precede, space.wrap, space.free_draw, space.checks
        )
        _C_TABLES[space] = tables
    return tables


def _seconds_left(search: Search) -> float:
    return -1.0 if search.deadline is None else max(0.0, search.deadline - time.perf_counter())


def _wins(search: Search, first_only: bool, limit: int | None = None):
    """``search.wins(first_only, limit)``: in C where it is built, else by the search itself."""
    if _csearch is None:
        return search.wins(first_only=first_only, limit=limit)
    draws, path, complete, nodes, most, search.limit = _csearch.wins(
        _c_space(search.space),
        search.removed,
        search.drawn,
        search.rank,
        first_only,
        -1 if limit is None else limit,
        _seconds_left(search),
    )
    search.nodes += nodes
    search.most = list(most)
    return (None if draws is None else (draws, path)), complete


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

    Under Hogue's scoring (V2) the line is the one with the highest final score any line
    reaches, won or blocked (``winnable`` is still the verdict); ``lost_line`` is ignored.
    """
    snapshot, search, start = _prepare(game, budget)
    if snapshot.rules.hogue_scoring:
        return _highest_score(snapshot, search, start)
    best, complete = _wins(search, first_only=False)
    if best is not None:
        return _solution(snapshot, search, best[1], True, complete, start)
    if not complete:
        return _solution(snapshot, search, search.most[2], None, False, start)
    if not lost_line:
        return _solution(snapshot, search, [], False, True, start)
    path, complete = _most_cleared(search)
    return _solution(snapshot, search, path, False, complete, start)


def _highest_score(snapshot, search: Search, start: float) -> Solution:
    """V2: the verdict, then the line with the highest final score (see ``_score``); out of
    time, the best line the verdict's search met."""
    found, complete = _wins(search, first_only=True)
    if not complete:
        return _solution(snapshot, search, search.most[2], None, False, start)
    if _csearch is not None:  # the same search in C
        _, path, complete, nodes = _csearch.highest_score(
            _c_space(search.space),
            search.removed,
            search.drawn,
            search.rank,
            snapshot.run,
            HOGUE_DRAW_COST,
            False,
            PEAK_MASK,
            HOGUE_PEAK_BONUS,
            _seconds_left(search),
        )
        search.nodes += nodes
    else:
        _, path, complete = highest_score(search, snapshot.run)
    if not complete:
        path = found[1] if found is not None else search.most[2]
    return _solution(snapshot, search, path, found is not None, complete, start)


def _most_cleared(search: Search):
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
            without = Search(space, removed | 1 << top, search.drawn, search.rank, search.deadline)
            found, complete = _wins(without, first_only=False, limit=limit)
            search.nodes += without.nodes
            if found is not None:
                best, limit = found, search.drawn + found[0] - 1
            if not complete:
                raise OutOfTime
        if best is not None:
            return best[1], True
        most = SLOT_COUNT - 2 if tops else SLOT_COUNT - 1
        if _csearch is not None:  # the same search in C
            *_, path, complete, nodes = _csearch.most_cleared(
                _c_space(space), removed, search.drawn, search.rank, most, search.most, _seconds_left(search)
            )
            search.nodes += nodes
            return path, complete
        (_, _, path), complete = search.most_cleared(most=most)
        return path, complete
    except OutOfTime:
        return (best[1] if best is not None else search.most[2]), False


def winnable(game, *, budget: float | None = None) -> bool:
    """Whether the game can still be won from its position (knowing every hidden card).

    Stops at the first win it finds, so it is quicker than ``solve``. With a ``budget`` in
    seconds that runs out before the answer is known, raises ``SearchExhausted``.
    """
    _, search, _ = _prepare(game, budget)
    best, complete = _wins(search, first_only=True)
    if best is not None:
        return True
    if not complete:
        raise SearchExhausted(f"no verdict within the budget of {budget} s")
    return False


def winning_actions(game, *, budget: float | None = None) -> dict[str, bool]:
    """Which of the legal actions still lead to a win: every action in notation (a card as
    ``"K♣"``, or ``"draw"``) mapped to whether the game can be won after it.

    One pass: the searches after each action share one table of the positions proven lost,
    so a position met after one action is not searched again after another. Raises
    ``SearchExhausted`` when ``budget`` (seconds, for the whole pass) runs out first.
    """
    snapshot, root, _ = _prepare(game, budget)
    if _csearch is not None:  # the same searches in C, sharing their table there
        actions, positions = snapshot.legal_moves(), []
        for action in actions:
            after = snapshot.copy()
            after.apply(action)
            removed, drawn, discard = after.position
            positions.append((removed, drawn, discard.rank if discard else 0))
        won = _csearch.verdicts(_c_space(root.space), positions, _seconds_left(root))
        if won is None:
            raise SearchExhausted(f"no verdict on every action within the budget of {budget} s")
        return dict(zip(actions, won, strict=True))
    seen: dict[int, int] = {}
    verdicts = {}
    for action in snapshot.legal_moves():
        after = snapshot.copy()
        after.apply(action)
        removed, drawn, discard = after.position
        search = Search(root.space, removed, drawn, discard.rank if discard else 0, root.deadline)
        found, complete = search.wins(first_only=True, seen=seen)
        if not complete or (root.deadline is not None and time.perf_counter() > root.deadline):
            raise SearchExhausted(f"no verdict on every action within the budget of {budget} s")
        verdicts[action] = found is not None
        if found is not None:
            search.forget_line(seen, found[1])
    return verdicts


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
    return drive(verdict_history_steps(game, budget=budget))


def verdict_history_steps(game, *, budget: float | None = None) -> Steps[int | None]:
    """``verdict_history`` step by step (``tripeaks_widget.engine.steps``): a step between two verdicts."""
    budget = check_time_limit(budget)
    deadline = None if budget is None else time.perf_counter() + budget

    verdicts: dict[int, bool] = {}

    def winnable_after(count):
        if count not in verdicts:  # (an empty line: the deal itself, searched once)
            remaining = None if deadline is None else max(0.0, deadline - time.perf_counter())
            position = type(game)(game.code).replay(action for _, action in line[:count])
            verdicts[count] = winnable(position, budget=remaining)
        return verdicts[count]

    line = standing_actions(game.history)
    if winnable_after(len(line)):
        return None
    yield
    low, high = 0, len(line)  # winnable after `low` actions is unknown until checked; lost after `high`
    if not winnable_after(0):
        return NEVER_WINNABLE
    while high - low > 1:  # invariant: winnable after low actions, lost after high
        yield
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
    return drive(random_winnable_steps(rules, rng, budget=budget, numbers=numbers))


def random_winnable_steps(
    rules: Rules | str | None = None,
    rng=None,
    *,
    budget: float | None = None,
    numbers: range = range(SERIES_FIRST, SERIES_LAST + 1),
) -> Steps[str]:
    """``random_winnable_code`` step by step (``tripeaks_widget.engine.steps``): a step per deal tried."""
    from ..engine.game import Game

    rules, budget = Rules.parse(rules), check_time_limit(budget)
    rng = rng if rng is not None else random.Random(secrets.randbits(64))
    deadline = None if budget is None else time.perf_counter() + budget
    while True:
        yield
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
