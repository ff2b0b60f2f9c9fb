"""Step-wise computations: a long search written as a generator that yields between its units of
work (a move reviewed, a sampled arrangement played out, a deal tried) and returns its answer.

Driven straight through (:func:`drive`) it is the plain computation, with the same answer. Driven
by the board's worker (``tripeaks_widget.board.background``) it can be dropped between two steps once
its answer would be thrown away, and, where Python has no threads (Pyodide), it gives the kernel's
loop a turn between slices of steps, so that clicks and keys are handled while it runs.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar, cast

T = TypeVar("T")

Steps = Generator[None, None, T]  # yields between units of work; its return value is the answer


def switch_point() -> None:
    """A point where CPython may hand the GIL to another thread that has waited for it: called from
    compiled code that holds the GIL for long (touching Python objects, it cannot drop it), which
    runs no Python instruction of its own, and so never reaches the interpreter's switch between
    threads. A Python function's first instruction is such a point. (Dropping the GIL for a moment
    does not serve: the thread that drops it takes it back before a waiting thread wakes.)"""


class Stale(Exception):
    """A step-wise computation stopped because its answer is no longer wanted."""


def drive(steps: Steps[T]) -> T:
    """Run a step-wise computation to its end and return its answer."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return cast(T, stop.value)  # a Steps[T] stops with its answer, a T


def watched(steps: Steps[T], wanted: Callable[[], bool]) -> Steps[T]:
    """The same steps, checking ``wanted()`` after each: when it turns False the computation is
    closed and :class:`Stale` raised, so work whose answer would be dropped stops at its next step."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return cast(T, stop.value)  # a Steps[T] stops with its answer, a T
        yield
        if not wanted():
            steps.close()
            raise Stale
