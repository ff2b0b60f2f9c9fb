"""A client-side deadline for a PostgreSQL connection: a silent server never holds a thread.

A server whose backends are stopped (SIGSTOP), or a proxy that stops forwarding, keeps the
TCP connection open and answers nothing: server-side timeouts never fire, and libpq waits
in ``recv`` for ever. So each use of a connection is given a deadline; one watchdog thread
per process keeps them, and when one passes it shuts the connection's socket down. The
waiting driver then sees the connection end and raises. (Shutting a socket down through a
duplicate of its descriptor ends it for every descriptor, without closing the one libpq
still holds.)
"""

from __future__ import annotations

import heapq
import itertools
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .postgres import ServerConnection

_Server = TypeVar("_Server", bound="ServerConnection")


@dataclass(order=True)
class _Armed:
    when: float
    seq: int
    fd: int = field(compare=False)
    live: bool = field(default=True, compare=False)
    fired: bool = field(default=False, compare=False)


class Watchdog:
    """Deadlines of connections in use, and the thread that cuts a connection whose deadline passed."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[_Armed] = []
        self._seq = itertools.count()
        self._thread: threading.Thread | None = None
        self._pid = os.getpid()

    def arm(self, fd: int, seconds: float) -> _Armed:
        """Cut the connection on ``fd`` if it is still in use after ``seconds``; ``disarm`` stands it down."""
        entry = _Armed(time.monotonic() + seconds, next(self._seq), fd)
        with self._cond:
            if self._thread is None or self._pid != os.getpid():  # none yet, or a forked child's copy
                self._pid, self._heap = os.getpid(), []
                self._thread = threading.Thread(target=self._loop, name="tripeaks-records deadlines", daemon=True)
                self._thread.start()
            heapq.heappush(self._heap, entry)
            self._cond.notify()
        return entry

    def disarm(self, entry: _Armed) -> bool:
        """Stand the deadline down; whether it had already cut the connection. After this, it never will."""
        with self._cond:
            entry.live = False
            return entry.fired

    def _loop(self) -> None:
        while True:
            with self._cond:
                while self._heap and not self._heap[0].live:
                    heapq.heappop(self._heap)
                if not self._heap:
                    self._cond.wait(30)
                    continue
                wait = self._heap[0].when - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
                entry = heapq.heappop(self._heap)
                entry.fired = True
                _cut(entry.fd)  # under the lock: the descriptor is still the connection's


def _cut(fd: int) -> None:
    try:
        sock = socket.socket(fileno=os.dup(fd))
    except OSError:
        return
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    finally:
        sock.close()  # closes the duplicate only


WATCHDOG = Watchdog()


class Missed(Exception):
    """The server did not answer before the deadline: the connection was cut."""


@contextmanager
def deadline(conn: _Server, seconds: float) -> Iterator[_Server]:
    """Use ``conn`` for at most ``seconds``; past that its socket is shut down and ``Missed`` raised."""
    entry = WATCHDOG.arm(conn.pgconn.socket, seconds)
    try:
        yield conn
    except Exception as error:
        if WATCHDOG.disarm(entry):
            raise Missed(f"the server did not answer within {seconds:g} s") from error
        raise
    if WATCHDOG.disarm(entry):
        raise Missed(f"the server did not answer within {seconds:g} s")
