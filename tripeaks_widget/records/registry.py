"""What a process shares per place: one records store for every board on the same place.

Stores are kept in one registry, keyed by where they are as :func:`.locate.locate` reads it (an
SQLite file by its absolute path, a PostgreSQL database by its connection string), and counted:
each user takes an entry and gives it back, and the last to give it back closes it. So a board
never closed (a cell run again and again) holds no store of its own. (A PostgreSQL store holds
no connection between uses: see :mod:`.postgres`.) A forked child makes its own (the key holds
the process).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .locate import Location

T = TypeVar("T")


def key_of(place: Location) -> tuple[str, str]:
    """Where ``place`` is, the same for every spelling of it (a relative path, ``~``)."""
    if place.kind == "sqlite":
        path = place.path
        return ("sqlite", str(path.expanduser().absolute()) if isinstance(path, Path) else str(path))
    return ("postgresql", place.conninfo)


class Registry:
    """Things shared per place in this process, each with a count of its users."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._entries: dict[tuple[int, str, tuple[str, str]], list[Any]] = {}  # key -> [thing, users]

    def take(self, what: str, place: Location, make: Callable[[], T], usable: Callable[[T], bool] | None = None) -> T:
        """The ``what`` ("store") shared at ``place``, made by ``make()`` when there is none
        (or the one there is no longer ``usable``); counted as one more user. ``make`` may raise:
        nothing is then registered."""
        key = (os.getpid(), what, key_of(place))
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None and (usable is None or usable(entry[0])):
                entry[1] += 1
                shared: T = entry[0]  # what ``make`` made for this ``what``
                return shared
            thing = make()
            self._entries[key] = [thing, 1]
            return thing

    def give(self, what: str, place: Location, thing: object) -> bool:
        """Give back one use of ``thing``; whether it was the last, so the caller closes it. A thing
        no longer registered (one replaced as unusable) is its last user's alone."""
        key = (os.getpid(), what, key_of(place))
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry[0] is not thing:
                return True
            entry[1] -= 1
            if entry[1] > 0:
                return False
            del self._entries[key]
            return True

    def users(self, what: str, place: Location) -> int:
        """How many hold the ``what`` at ``place`` (0: none is open)."""
        with self._lock:
            entry = self._entries.get((os.getpid(), what, key_of(place)))
            return 0 if entry is None else entry[1]


SHARED = Registry()
