"""The solver's two builds of its searches, behind the same operations: ``Python``, the
reference (``Search`` and ``_score``), and ``C``, the same searches written again in C
(``_csearch.c``: the same moves in the same order, the same cuts, the same answers), which the
compiled build carries. The package takes one, once (``tripeaks_widget._builds.choose``); the
differential test (tests/solver/test_solver_backends.py) holds the two to the same answers.

Each operation starts from a ``Search`` (its space, position, deadline and ``Work``), adds the
nodes it visited to ``search.nodes`` and spends them from its work, and answers with a line as the
search writes one (a slot played, or ``-n`` for n draws) and whether it ran to the end before the
deadline or the work ran out (both builds count nodes alike, and stop at the same one).
"""

from __future__ import annotations

import math
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ._score import HOGUE, Scoring, highest_score, peak_bonuses
from ._search import Path, Search
from ._space import Space, _play_checks


@contextmanager
def _spending(search: Search) -> Iterator[None]:
    """An operation of the Python searches, stopping where the search's ``work`` is spent, and spending it."""
    before, work = search.nodes, search.work
    if work is not None:
        search.stop_at = before + work.left
    try:
        yield
    finally:
        if work is not None:
            work.spend(search.nodes - before)
            search.stop_at = math.inf


class Python:
    """The searches in Python: the reference, and what Pyodide and a machine without a C compiler run."""

    def wins(self, search: Search, first_only: bool, limit: int | None = None) -> tuple[tuple[int, Path] | None, bool]:
        """(the fewest-draw win as (draws, path), or None; complete), the first win found when
        ``first_only``, drawing no further than ``limit``; ``search.most`` is then the position
        that cleared the most cards on the way."""
        with _spending(search):
            return search.wins(first_only=first_only, limit=limit)

    def highest_score(
        self, search: Search, run: int, scoring: Scoring = HOGUE, may_stop: bool = False
    ) -> tuple[int, Path, bool]:
        """(the most points still to score, the line that scores them, complete) from the
        search's position with the current run ``run``: to the game's end under ``scoring``
        (Hogue's by default), or to the moment the score is highest when the player ``may_stop``."""
        with _spending(search):
            return highest_score(search, run, scoring=scoring, may_stop=may_stop)

    def one_left(self, search: Search, tops: int) -> tuple[tuple[int, Path] | None, bool]:
        """(the fewest-draw line that clears every card but one of ``tops`` as (draws, path), or
        None; complete), from a position that can't be won, under free draws."""
        with _spending(search):
            return search.one_left(tops)

    def longest_run(self, search: Search, run: int, at_least: int | None) -> tuple[int, Path, bool]:
        """(the longest run without a draw a line from the search's position makes, the position's
        own ``run`` included, the line to its end, complete); stops at ``at_least``, if given."""
        with _spending(search):
            (value, path), complete = search.longest_run(run, at_least)
        return value, path, complete

    def most_of(self, search: Search, mask: int, at_least: int | None) -> tuple[int, Path, bool]:
        """(the most cards of ``mask`` (slots) cleared at the end of a line from the search's
        position, those cleared already included, the line, complete); stops at ``at_least``."""
        with _spending(search):
            (value, path), complete = search.most_of(mask, at_least)
        return value, path, complete

    def most_cleared(self, search: Search, most: int) -> tuple[Path, bool]:
        """(the line that clears the most cards, then with the fewest draws, complete), from a
        position that can't be won; ``most`` bounds the cards that can be cleared."""
        with _spending(search):
            (_, _, path), complete = search.most_cleared(most=most)
        return path, complete

    def verdicts(self, root: Search, positions: list[tuple[int, int, int]]) -> list[bool] | None:
        """Whether each position (removed, drawn, discard rank) in ``root``'s deal can still be
        won, the searches sharing one table of the positions proven lost; None when ``root``'s
        deadline passes first."""
        seen: dict[int, int] = {}
        won = []
        for removed, drawn, rank in positions:
            search = Search(root.space, removed, drawn, rank, root.deadline)
            found, complete = search.wins(first_only=True, seen=seen)
            if not complete or (root.deadline is not None and time.perf_counter() > root.deadline):
                return None
            won.append(found is not None)
            if found is not None:
                search.forget_line(seen, found[1])
        return won


class C:
    """The same searches in C, with the GIL released: the compiled build's."""

    def __init__(self) -> None:
        from . import _csearch  # type: ignore[attr-defined]  # in the compiled build's folder (see _builds)

        _csearch.setup(_play_checks(False), _play_checks(True))
        self._c = _csearch
        self._tables: weakref.WeakKeyDictionary[Space, dict[bool, bytes]] = weakref.WeakKeyDictionary()

    def _space(self, space: Space, draws_in_keys: bool = False) -> bytes:
        """The deal's tables, its layout's with them, as the search in C takes them, made once per
        ``Space``; ``draws_in_keys`` for Hogue's highest score, whose table keys count the draws."""
        made = self._tables.setdefault(space, {})
        tables = made.get(draws_in_keys)
        if tables is None:
            tables = made[draws_in_keys] = self._c.space(*self._space_args(space), draws_in_keys)
        return tables

    @staticmethod
    def _space_args(space: Space) -> tuple[Any, ...]:
        """What ``space()`` takes of the deal, but ``draws_in_keys``."""
        return (
            space.tables.cover_mask,
            space.ranks,
            space.stock,
            space.fit,
            space.can_precede,
            space.wrap,
            space.free_draw,
            space.checks,
        )

    @staticmethod
    def _seconds_left(search: Search) -> float:
        return -1.0 if search.deadline is None else max(0.0, search.deadline - time.perf_counter())

    @staticmethod
    def _nodes_left(search: Search) -> int:
        return -1 if search.work is None else search.work.left

    @staticmethod
    def _spend(search: Search, nodes: int) -> None:
        search.nodes += nodes
        if search.work is not None:
            search.work.spend(nodes)

    def wins(self, search: Search, first_only: bool, limit: int | None = None) -> tuple[tuple[int, Path] | None, bool]:
        draws, path, complete, nodes, most, search.limit = self._c.wins(
            self._space(search.space),
            search.removed,
            search.drawn,
            search.rank,
            first_only,
            -1 if limit is None else limit,
            self._seconds_left(search),
            self._nodes_left(search),
        )
        self._spend(search, nodes)
        search.most = list(most)
        return (None if draws is None else (draws, path)), complete

    def highest_score(
        self, search: Search, run: int, scoring: Scoring = HOGUE, may_stop: bool = False
    ) -> tuple[int, Path, bool]:
        points, path, complete, nodes = self._c.highest_score(
            self._space(search.space, draws_in_keys=True),
            search.removed,
            search.drawn,
            search.rank,
            run if scoring.runs else 0,
            scoring.card,
            scoring.runs,
            scoring.draw_cost,
            may_stop,
            search.space.tables.peak_mask,
            peak_bonuses(scoring, len(search.space.tables.peak_mask)),
            self._seconds_left(search),
            self._nodes_left(search),
        )
        self._spend(search, nodes)
        return points, path, complete

    def one_left(self, search: Search, tops: int) -> tuple[tuple[int, Path] | None, bool]:
        draws, path, complete, nodes = self._c.one_left(
            self._space(search.space),
            search.removed,
            search.drawn,
            search.rank,
            tops,
            self._seconds_left(search),
            self._nodes_left(search),
        )
        self._spend(search, nodes)
        return (None if draws is None else (draws, path)), complete

    def longest_run(self, search: Search, run: int, at_least: int | None) -> tuple[int, Path, bool]:
        value, path, complete, nodes = self._c.longest_run(
            self._space(search.space),
            search.removed,
            search.drawn,
            search.rank,
            run,
            -1 if at_least is None else at_least,
            self._seconds_left(search),
            self._nodes_left(search),
        )
        self._spend(search, nodes)
        return value, path, complete

    def most_of(self, search: Search, mask: int, at_least: int | None) -> tuple[int, Path, bool]:
        value, path, complete, nodes = self._c.most_of(
            self._space(search.space),
            search.removed,
            search.drawn,
            search.rank,
            mask,
            -1 if at_least is None else at_least,
            self._seconds_left(search),
            self._nodes_left(search),
        )
        self._spend(search, nodes)
        return value, path, complete

    def most_cleared(self, search: Search, most: int) -> tuple[Path, bool]:
        *_, path, complete, nodes = self._c.most_cleared(
            self._space(search.space),
            search.removed,
            search.drawn,
            search.rank,
            most,
            search.most,
            self._seconds_left(search),
            self._nodes_left(search),
        )
        self._spend(search, nodes)
        return path, complete

    def verdicts(self, root: Search, positions: list[tuple[int, int, int]]) -> list[bool] | None:
        verdicts: list[bool] | None = self._c.verdicts(self._space(root.space), positions, self._seconds_left(root))
        return verdicts


def for_build(build: str) -> Python | C:
    """The searches of the build ``build`` ("compiled" or "python")."""
    return C() if build == "compiled" else Python()
