"""What every question to fair play is asked with, checked: the position (its ``Seen``), the method
or kind of chance with its default samples, and the budget with its clock."""

from __future__ import annotations

import math
import time

from ..engine.errors import InvalidValueError
from ..engine.game import Game
from ..engine.seen import Seen, check_samples

Position = Seen | Game  # what every question is asked of: what a player sees, or a game (then forgotten)
SOLVER_SAMPLES = 100  # arrangements judged exactly by default
# Arrangements played out by default, in both builds: the same arrangements give the same chance and
# hint. Compiled, a few milliseconds a move; as Python (Pyodide, a machine without a C compiler) each
# is about 30 times dearer (docs/explanation/fair-play.md: where a lesson waits). More arrangements,
# fewer choices made on noise.
PLAYOUT_SAMPLES = 1000
SEARCH_ITERATIONS = 2000  # deals searched by the tree search a move, by default
METHODS = ("fair", "search", "playout", "solver")
KINDS = ("fair", "ceiling", "ceiling-stock", "ceiling-peaks")
TOLD = {"ceiling-stock": "stock", "ceiling-peaks": "peaks"}  # the relaxed ceilings: the part of the hidden cards told
DEFAULT_SAMPLES = {
    "fair": PLAYOUT_SAMPLES,
    "search": SEARCH_ITERATIONS,
    "playout": PLAYOUT_SAMPLES,
    "solver": SOLVER_SAMPLES,
}
JUDGED_BY = {
    "fair": "the fair player: exact where few cards are unseen, else the rest played by lookahead",
    "search": "the fair player's tree search: exact where few cards are unseen",
    "playout": "the rest played by lookahead",
    "solver": "the solver, every card known: an upper bound",
}


def check_budget(budget: object) -> float | None:
    """``budget`` as seconds, a positive number or None; a ValueError says what was expected."""
    if budget is None:
        return None
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not math.isfinite(budget) or budget <= 0:
        raise InvalidValueError(
            f"budget is a time in seconds, a positive number (or None for no limit); got {budget!r}"
        )
    return float(budget)


def check_method(method: object) -> str:
    """``method`` when it is one of ``METHODS``; a ValueError says what each means."""
    if method not in METHODS:
        raise InvalidValueError(
            "method is 'playout' (the rest of the game played by lookahead), 'fair' (exact where few cards "
            "are unseen, else played out), 'search' (a tree search over what is seen) or 'solver' (each "
            f"arrangement judged exactly, as if the hidden cards were known); got {method!r}"
        )
    return str(method)


def check_kind(kind: object) -> str:
    """``kind`` when it is one of ``KINDS``; a ValueError says what each means."""
    if kind not in KINDS:
        raise InvalidValueError(
            "kind is 'fair' (the chance of a player who follows the fair hint), 'ceiling-stock' or "
            "'ceiling-peaks' (only the stock's order, or only the peak cards, known: tighter upper bounds), "
            "or 'ceiling' (each arrangement solved as if the hidden cards were known: an upper bound); "
            f"got {kind!r}"
        )
    return str(kind)


def samples_for(method: str, samples: object) -> int:
    """How many arrangements to judge: ``samples`` (checked), or ``method``'s default when None."""
    return DEFAULT_SAMPLES[check_method(method)] if samples is None else check_samples(samples)


def seen_of(position: Position) -> Seen:
    """The ``Seen`` of a position: itself, or a game's (which is then forgotten, but for a mark that
    it consulted fair play: a game that asked is assisted)."""
    if isinstance(position, Seen):
        return position
    position.consulted.add("fair")
    return Seen.of(position)


class Clock:
    """A search's time budget: how much is left, and whether it has run out (None: no limit)."""

    def __init__(self, budget: float | None) -> None:
        self.budget = budget
        self.deadline = None if budget is None else time.perf_counter() + budget

    def remaining(self) -> float | None:
        """Seconds left (None: no limit)."""
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    def out(self) -> bool:
        """Whether the budget has run out."""
        return self.deadline is not None and time.perf_counter() >= self.deadline
