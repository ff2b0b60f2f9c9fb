"""Playing a line step by step (``TriPeaks.replay``): reading the line, and keeping each step whole.

A kernel interrupt (the notebook's stop button, Ctrl-C) arriving during a step is held back
until the step and its publication are done, then raised: a replay stops between two steps.
"""

from __future__ import annotations

import contextlib
import math
import re
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

from ..engine.errors import InvalidTypeError, InvalidValueError, got


def steps_of(actions: Any) -> list[Any]:
    """The steps of a line: a list of actions, a string of them, or a solver's answer (its ``line``).
    Each step is as given: ``Game.apply`` checks it."""
    if not isinstance(actions, str) and hasattr(actions, "line"):
        actions = actions.line
    if isinstance(actions, str):
        return [step for step in re.split(r"[\s,]+", actions) if step]
    try:
        return list(actions)
    except TypeError:
        raise InvalidTypeError(
            f"replay takes a list of actions such as ['K♣', 'draw', 'undo'], a string of them, "
            f"or a solver's answer; got {type(actions).__name__}"
        ) from None


def check_pace(pace: Any) -> float:
    """``pace`` as seconds between steps, 0 or more and finite; a ValueError says what was expected."""
    if not isinstance(pace, (int, float)) or isinstance(pace, bool) or not (math.isfinite(pace) and pace >= 0):
        raise InvalidValueError(f"pace is a number of seconds, 0 or more; got {got(pace)}")
    return float(pace)


@contextlib.contextmanager
def whole_step() -> Iterator[None]:
    """Hold back a kernel interrupt (SIGINT) until the block is done, then raise it: one engine
    step and its publication are never cut in half. Elsewhere than the main thread, a plain block."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[FrameType | None] = []
    previous = signal.signal(signal.SIGINT, lambda _signum, frame: held.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
        if held:
            if callable(previous):
                previous(signal.SIGINT, held[0])
            elif previous != signal.SIG_IGN:
                raise KeyboardInterrupt
