"""An exact TriPeaks solver: from any position, under any rule set, knowing every hidden card.

``solve(game)`` answers with a ``Solution``: whether the game can still be won, the best
line (a win with the fewest draws, which under the app's scoring R5 is the highest score;
for a game that cannot be won, the line that clears the most peak cards, then with the
fewest draws) and the score it ends on. ``winnable(game)`` answers the first question only,
which is usually much quicker; ``hint(game)`` is the first action of the best line;
``winning_actions(game)`` gives every legal action's verdict in one pass.

For the goals (``tripeaks_widget.goals``), the best a line from a position reaches on one
measure, each a ``Reach`` (the value and the line): ``fewest_draws`` (to win),
``longest_run`` (without a draw), ``most_cleared_of`` (cards of a kind, or any) and
``highest_score`` (at any moment, under the game's own scoring); ``winnable(game,
draws_at_most=d)`` asks for a win within so many draws.

Every search accepts ``budget=`` (seconds) and ``nodes=``, a bound in work done: the most
positions it may search, or a ``Work`` that several searches spend in turn; unlike seconds, the
same on both builds and every machine (each looks every 1,024 positions). A search that runs out
says so: a ``Solution`` then has ``complete=False`` (its line is the best found so far, its
``winnable`` None when no win was found), and the others raise ``SearchExhausted`` rather than
guess. Searches keep all their state to themselves, so several may run at once
in threads.

How the search works, what each of its techniques buys and how fast it is: the site's page
"How the solver works" (docs/explanation/solver.md).

It stays one module past 500 lines because it is the solver's one public surface: every question
(``solve``, ``winnable``, the goals' reaches, the hints) prepares its search, spends its bound and
shapes its answer the same way, with the helpers here.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple, Protocol

from .. import _builds
from ..engine.cards import Card
from ..engine.codes import SERIES_FIRST, SERIES_LAST, number_code
from ..engine.errors import InvalidValueError, SearchExhausted, check_time_limit, checked_keywords, got, whole_number
from ..engine.game import Game
from ..engine.history import standing_actions
from ..engine.layout import THREE_PEAKS, Layout
from ..engine.rules import Rules
from ..engine.steps import Steps, drive

BACKEND = _builds.choose()  # "compiled" or "python": which build of the search runs (see _builds)
_builds.compiled_first(__name__, __path__)

from ._backends import for_build  # noqa: E402  (after the build is chosen)
from ._score import APP, HOGUE  # noqa: E402
from ._search import Path, Search, Work  # noqa: E402
from ._space import Space  # noqa: E402


class RandRange(Protocol):
    """What a random choice needs of its generator (``random.Random`` has it)."""

    def randrange(self, stop: int, /) -> int: ...


_backend = for_build(BACKEND)  # the searches, in C (the compiled build) or in Python (see _backends)

__all__ = [
    "BACKEND",
    "NEVER_WINNABLE",
    "Reach",
    "SearchExhausted",
    "Solution",
    "Work",
    "fewest_draws",
    "highest_score",
    "hint",
    "longest_run",
    "most_cleared_of",
    "random_winnable_code",
    "solve",
    "verdict_history",
    "winnable",
    "winning_actions",
]

NEVER_WINNABLE = -1  # verdict_history: the deal itself could not be won


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

    def to_dict(self) -> dict[str, Any]:
        """The answer as plain JSON-ready values (the line as a list, with the hint)."""
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


def _work(nodes: int | Work | None) -> Work | None:
    """The bound on a search's work: a ``Work`` as given, or a fresh one of ``nodes`` positions."""
    if nodes is None or isinstance(nodes, Work):
        return nodes
    number = whole_number(nodes)
    if number is None or number < 1:
        raise InvalidValueError(f"nodes is a number of positions, at least 1, or a Work (or None); got {got(nodes)}")
    return Work(number)


def _out(budget: float | None, work: Work | None) -> SearchExhausted:
    """The error of a search that ran out: of its work, or of its time."""
    if work is not None and work.spent:
        return SearchExhausted(f"no answer within the bound of {work.nodes:,} positions searched")
    return SearchExhausted(f"no answer within the budget of {budget} s")


def _prepare(game: Game, budget: float | None, nodes: int | Work | None = None) -> tuple[Game, Search, float]:
    """A private snapshot of the game and a search from its position."""
    budget, work = check_time_limit(budget), _work(nodes)
    start = time.perf_counter()
    game.consulted.add("solver")  # it peeks: a game that asked is assisted
    snapshot = game.copy()
    removed, drawn, discard = snapshot.position
    stock_start = len(snapshot.deck) - snapshot.stock_count - drawn
    space = Space(snapshot.layout, snapshot.deck, snapshot.rules, snapshot.deck[stock_start:])
    deadline = None if budget is None else start + budget
    return snapshot, Search(space, removed, drawn, discard.rank if discard else 0, deadline, work), start


def _again(search: Search, removed: int | None = None) -> Search:
    """A fresh search from the same position (or with ``removed``), under the same deadline and work."""
    removed = search.removed if removed is None else removed
    return Search(search.space, removed, search.drawn, search.rank, search.deadline, search.work)


def _line(snapshot: Game, path: Path) -> list[str]:
    line: list[str] = []
    for step in path:
        if step < 0:
            line.extend(["draw"] * -step)
        else:
            line.append(str(snapshot.deck[step]))
    return line


def _solution(
    snapshot: Game, search: Search, path: Path, winnable: bool | None, complete: bool, start: float
) -> Solution:
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


@checked_keywords
def solve(
    game: Game, *, budget: float | None = None, lost_line: bool = True, nodes: int | Work | None = None
) -> Solution:
    """The best line from the game's position, and whether it wins.

    A win with the fewest draws (so the highest score under R5; ties in draws are ties in
    actions too, since a win plays every card left); for a position that cannot be won, the
    line that clears the most peak cards, then with the fewest draws. ``budget`` is a time
    limit in seconds, ``nodes`` one in positions searched (see the module's docs): when either
    runs out the answer has ``complete=False`` and carries the best line found so far
    (``winnable`` is True if a win was found, else None).
    ``lost_line=False`` skips the search for that line when the game can't be won: the
    answer is then the verdict with an empty line (quicker, for surveys of many deals).

    Under Hogue's scoring (V2) the line is the one with the highest final score any line
    reaches, won or blocked (``winnable`` is still the verdict); ``lost_line`` is ignored.
    """
    snapshot, search, start = _prepare(game, budget, nodes)
    if snapshot.rules.hogue_scoring:
        return _highest_score(snapshot, search, start)
    best, complete = _backend.wins(search, first_only=False)
    if best is not None:
        return _solution(snapshot, search, best[1], True, complete, start)
    if not complete:
        return _solution(snapshot, search, search.most[2], None, False, start)
    if not lost_line:
        return _solution(snapshot, search, [], False, True, start)
    path, complete = _most_cleared(search)
    return _solution(snapshot, search, path, False, complete, start)


def _highest_score(snapshot: Game, search: Search, start: float) -> Solution:
    """V2: the verdict, then the line with the highest final score (see ``_score``); out of
    time, the best line the verdict's search met."""
    found, complete = _backend.wins(search, first_only=True)
    if not complete:
        return _solution(snapshot, search, search.most[2], None, False, start)
    _, path, complete = _backend.highest_score(search, snapshot.run)
    if not complete:
        path = found[1] if found is not None else search.most[2]
    return _solution(snapshot, search, path, found is not None, complete, start)


def _most_cleared(search: Search) -> tuple[Path, bool]:
    """The line that clears the most cards from a position that can't be won, then with the
    fewest draws. Whatever stays on the table at the end covers nothing that was cleared, so
    a line that leaves a single card leaves a top, a slot that covers none (Three Peaks: a peak
    top): first, the best line that clears every card but one top (one search for all the tops,
    which prunes hardest: ``Search.one_left``); only when there is none, the general search for
    the most cards. (Not under V5: there a top that fits may forbid a draw.)"""
    space, removed = search.space, search.removed
    tops = sum(1 << t for t in space.tables.tops if not removed >> t & 1) if space.free_draw else 0
    try:
        if tops:
            found, complete = _backend.one_left(search, tops)
            if found is not None or not complete:
                return (found[1] if found is not None else search.most[2]), complete
        return _backend.most_cleared(search, space.shift - 2 if tops else space.shift - 1)
    except SearchExhausted:
        return search.most[2], False


@checked_keywords
def winnable(
    game: Game, *, budget: float | None = None, draws_at_most: int | None = None, nodes: int | Work | None = None
) -> bool:
    """Whether the game can still be won from its position (knowing every hidden card); with
    ``draws_at_most``, won with at most that many draws in all (those made count).

    Stops at the first win it finds, so it is quicker than ``solve``. With a ``budget`` in
    seconds, or ``nodes`` in positions searched, that runs out before the answer is known,
    raises ``SearchExhausted``.
    """
    limit = _count("draws_at_most", draws_at_most)
    if limit is not None and limit < game.position.drawn:
        return False
    _, search, _ = _prepare(game, budget, nodes)
    best, complete = _backend.wins(search, first_only=True, limit=limit)
    if best is not None:
        return True
    if not complete:
        raise _out(budget, search.work)
    return False


# -- the best on one measure, for the goals -------------------------------------------------------


class Reach(NamedTuple):
    """The best a line from a position reaches on one measure: ``value``, counted over the whole
    game (what was done before the position counts too), and ``line``, the actions from the
    position that reach it, in notation (``game.copy().replay(reach.line)`` gets there)."""

    value: int
    line: tuple[str, ...]


def _count(name: str, value: object) -> int | None:
    """A count a search takes (None: none given): a whole number, at least 0."""
    if value is None:
        return None
    number = whole_number(value)
    if number is None or number < 0:
        raise InvalidValueError(f"{name} is a whole number, at least 0 (or None); got {got(value)}")
    return number


def _reach(snapshot: Game, path: Path, value: int, complete: bool, budget: float | None, work: Work | None) -> Reach:
    if not complete:
        raise _out(budget, work)
    return Reach(value, tuple(_line(snapshot, path)))


@checked_keywords
def fewest_draws(game: Game, *, budget: float | None = None, nodes: int | Work | None = None) -> Reach | None:
    """The win with the fewest draws from the game's position: ``value`` the draws of the whole
    game at the win (those made count); None when the game can't be won. Under either scoring
    (``solve`` under Hogue's returns the highest-scoring line instead)."""
    snapshot, search, _ = _prepare(game, budget, nodes)
    best, complete = _backend.wins(search, first_only=False)
    if best is None and complete:
        return None
    draws, path = best if best is not None else (0, [])
    return _reach(snapshot, path, snapshot.position.drawn + draws, complete, budget, search.work)


@checked_keywords
def longest_run(
    game: Game, *, at_least: int | None = None, budget: float | None = None, nodes: int | Work | None = None
) -> Reach:
    """The longest run of cards played without a draw that a line from the game's position
    makes (the run the game is in, ``game.run``, counts), and the line to that run's end. With
    ``at_least``, the search stops at the first run that long: the value then says only
    whether there is one (``value >= at_least``)."""
    snapshot, search, _ = _prepare(game, budget, nodes)
    value, path, complete = _backend.longest_run(search, snapshot.run, _count("at_least", at_least))
    return _reach(snapshot, path, value, complete, budget, search.work)


@checked_keywords
def most_cleared_of(
    game: Game,
    cards: Iterable[Card | str] | None = None,
    *,
    at_least: int | None = None,
    budget: float | None = None,
    nodes: int | Work | None = None,
) -> Reach:
    """The most of ``cards`` (Cards or notations; by default every peak card) cleared from the
    peaks at the end of a line from the game's position, those cleared already included, and
    the line. With ``at_least``, the search stops at the first line that clears that many. A
    position that can be won clears them all, so the win search comes first; then, for every
    peak card, ``solve``'s search for the most cards cleared, else one of its own (``Search.most_of``)."""
    at_least = _count("at_least", at_least)
    snapshot, search, _ = _prepare(game, budget, nodes)
    wanted = None if cards is None else {Card.parse(card) for card in cards}
    n_slots = search.space.shift
    mask = sum(1 << s for s in range(n_slots) if wanted is None or snapshot.deck[s] in wanted)
    removed = snapshot.position.removed
    goal = mask.bit_count() if at_least is None else min(at_least, mask.bit_count())
    if (removed & mask).bit_count() >= goal:
        return Reach((removed & mask).bit_count(), ())
    found, complete = _backend.wins(search, first_only=True)
    if found is not None:
        return _reach(snapshot, found[1], mask.bit_count(), complete, budget, search.work)
    if not complete:
        raise _out(budget, search.work)
    if wanted is None:
        path, complete = _most_cleared(search)
        end = snapshot.copy().replay(_line(snapshot, path))
        return _reach(snapshot, path, n_slots - end.cards_left, complete, budget, search.work)
    value, path, complete = _backend.most_of(_again(search), mask, at_least)
    return _reach(snapshot, path, value, complete, budget, search.work)


@checked_keywords
def highest_score(game: Game, *, budget: float | None = None, nodes: int | Work | None = None) -> Reach:
    """The highest score the game reaches at any moment of a line from its position (the score
    now included), under its own scoring, and the line to that moment. Under the app's scoring
    (R5) a win scores more than any moment short of one, so where the game can be won that is
    the win with the fewest draws; elsewhere, and under Hogue's (V2), the highest-score search
    with the player free to stop (``_score``)."""
    snapshot, search, _ = _prepare(game, budget, nodes)
    hogue = snapshot.rules.hogue_scoring
    if not hogue:
        found, complete = _backend.wins(search, first_only=False)
        if found is not None or not complete:
            path = [] if found is None else found[1]
            score = snapshot.copy().replay(_line(snapshot, path)).score
            return _reach(snapshot, path, score, complete, budget, search.work)
        search = _again(search)
    points, path, complete = _backend.highest_score(search, snapshot.run, HOGUE if hogue else APP, True)
    return _reach(snapshot, path, snapshot.score + points, complete, budget, search.work)


@checked_keywords
def winning_actions(game: Game, *, budget: float | None = None) -> dict[str, bool]:
    """Which of the legal actions still lead to a win: every action in notation (a card as
    ``"K♣"``, or ``"draw"``) mapped to whether the game can be won after it.

    One pass: the searches after each action share one table of the positions proven lost,
    so a position met after one action is not searched again after another. Raises
    ``SearchExhausted`` when ``budget`` (seconds, for the whole pass) runs out first.
    """
    snapshot, root, _ = _prepare(game, budget)
    actions, positions = snapshot.legal_moves(), []
    for action in actions:
        after = snapshot.copy()
        after.apply(action)
        removed, drawn, discard = after.position
        positions.append((removed, drawn, discard.rank if discard else 0))
    won = _backend.verdicts(root, positions)  # sharing one table of the positions proven lost
    if won is None:
        raise SearchExhausted(f"no verdict on every action within the budget of {budget} s")
    return dict(zip(actions, won, strict=True))


@checked_keywords
def hint(game: Game, *, budget: float | None = None) -> str | None:
    """The next action of the best line (a card in notation, or ``"draw"``); None when the
    game is over or nothing can clear another card. With a ``budget`` that runs out, the first
    action of the best line found so far."""
    return solve(game, budget=budget).hint


@checked_keywords
def verdict_history(game: Game, *, budget: float | None = None) -> int | None:
    """Since which action the game can no longer be won.

    Returns None while the game can still be won; otherwise the index in ``game.history``
    of the action after which it could not be won any more (move ``index + 1`` in words),
    or ``NEVER_WINNABLE`` (-1) when the deal itself cannot be won. Undone actions don't
    count: the line that stands after the undos is searched, and since a lost position stays
    lost whatever follows, a binary search over that line needs only a few verdicts. Raises
    ``SearchExhausted`` when ``budget`` (seconds, for the whole walk) runs out.
    """
    return drive(verdict_history_steps(game, budget=budget))


def verdict_history_steps(game: Game, *, budget: float | None = None) -> Steps[int | None]:
    """``verdict_history`` step by step (``tripeaks_widget.engine.steps``): a step between two verdicts."""
    budget = check_time_limit(budget)
    deadline = None if budget is None else time.perf_counter() + budget

    verdicts: dict[int, bool] = {}

    def winnable_after(count: int) -> bool:
        if count not in verdicts:  # (an empty line: the deal itself, searched once)
            remaining = None if deadline is None else max(0.0, deadline - time.perf_counter())
            position = type(game)(game.code, layout=game.layout).replay(action for _, action in line[:count])
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


@checked_keywords
def random_winnable_code(
    rules: Rules | str | None = None,
    rng: RandRange | None = None,
    *,
    budget: float | None = None,
    numbers: range = range(SERIES_FIRST, SERIES_LAST + 1),
    layout: Layout | str = THREE_PEAKS,
) -> str:
    """The code of a random deal that can be won, from the numbered series by default, on
    ``layout`` (a Layout, or a built-in's name or key; Three Peaks by default).

    ``rng`` is anything with ``randrange`` (e.g. ``random.Random(7)`` for a repeatable
    choice; by default the system's randomness). Deals are drawn until one is proven
    winnable; ``budget`` (seconds, for the whole call) raises ``SearchExhausted`` when it
    runs out first.
    """
    return drive(random_winnable_steps(rules, rng, budget=budget, numbers=numbers, layout=layout))


def random_winnable_steps(
    rules: Rules | str | None = None,
    rng: RandRange | None = None,
    *,
    budget: float | None = None,
    numbers: range = range(SERIES_FIRST, SERIES_LAST + 1),
    layout: Layout | str = THREE_PEAKS,
) -> Steps[str]:
    """``random_winnable_code`` step by step (``tripeaks_widget.engine.steps``): a step per deal tried."""
    rules, budget, layout = Rules.parse(rules), check_time_limit(budget), Layout.parse(layout)
    rng = rng if rng is not None else random.Random(secrets.randbits(64))
    deadline = None if budget is None else time.perf_counter() + budget
    while True:
        yield
        code = number_code(numbers[rng.randrange(len(numbers))], rules, layout)
        remaining = None if deadline is None else deadline - time.perf_counter()
        if remaining is not None and remaining <= 0:
            raise SearchExhausted(f"no winnable deal proven within the budget of {budget} s")
        try:
            if winnable(Game(code, layout=layout), budget=remaining):
                return code
        except SearchExhausted:
            if deadline is not None and time.perf_counter() >= deadline:
                raise
