"""Step-wise computations: a long search written as a generator that yields between its units of
work (a move reviewed, a sampled arrangement played out, a deal tried) and returns its answer.

Driven straight through (:func:`drive`) it is the plain computation, with the same answer. Driven
by the board's worker (``tripeaks_widget.board.background``) it can be dropped between two steps once
its answer would be thrown away, and, where Python has no threads (Pyodide), it gives the kernel's
loop a turn between slices of steps, so that clicks and keys are handled while it runs.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar

T = TypeVar("T")

Steps = Generator[None, None, T]  # yields between units of work; its return value is the answer


class Stale(Exception):
    """A step-wise computation stopped because its answer is no longer wanted."""


def drive(steps: Steps[T]) -> T:
    """Run a step-wise computation to its end and return its answer."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def watched(steps: Steps[T], wanted: Callable[[], bool]) -> Steps[T]:
    """The same steps, checking ``wanted()`` after each: when it turns False the computation is
    closed and :class:`Stale` raised, so work whose answer would be dropped stops at its next step."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
        yield
        if not wanted():
            steps.close()
            raise Stale
