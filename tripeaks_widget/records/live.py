"""Telling a live view that a store may have changed: a class's PostgreSQL store says so itself
(LISTEN/NOTIFY, on one connection kept for it), an SQLite file is looked at every ``POLL_EVERY``
seconds (SQLite's ``data_version``, which moves when another connection commits: a cheap look).

Each is a :class:`Changes`: :meth:`Changes.wait` blocks until the store may have changed, or a
time passes, and raises ``RecordsUnavailable`` when the store cannot be watched (its server went
away): the caller makes another later (:meth:`.store.Records.changes`), which first says "changed",
since what happened meanwhile was not heard. Made before the view's first read, it misses nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..engine.errors import RecordsUnavailable
from .deadline import Missed, deadline
from .postgres import Postgres
from .schema import CHANGED_CHANNEL

POLL_EVERY = 0.2  # seconds between two looks at an SQLite store
ALIVE_EVERY = 5.0  # seconds of silence after which the listening connection is asked whether the server is there


class Changes:
    """Whether a store may have changed since the last look."""

    def wait(self, timeout: float) -> bool:
        """Block up to ``timeout`` seconds; True as soon as the store may have changed since the last
        call (or since this was made), False when the time passed without a change."""
        raise NotImplementedError

    def close(self) -> None:
        """Let go of what watching holds."""


class Polling(Changes):
    """Changes seen by asking ``mark()`` every ``every`` seconds: a value that moves with each change."""

    def __init__(self, mark: Callable[[], object], every: float = POLL_EVERY) -> None:
        self._mark, self._every = mark, every
        self._last = mark()

    def wait(self, timeout: float) -> bool:
        until = time.monotonic() + timeout
        while True:
            now = self._mark()
            if now != self._last:
                self._last = now
                return True
            left = until - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(self._every, left))


class Listening(Changes):
    """Changes a class's store announces (its triggers NOTIFY ``CHANGED_CHANNEL`` with the schema
    changed), heard on one connection of its own, which only reads (``default_transaction_read_only``)."""

    def __init__(self, backend: Postgres) -> None:
        self._backend = backend
        self._conn = backend.connect()  # ServerDown (a RecordsUnavailable) when the server is not there
        try:
            with deadline(self._conn, backend.wait):
                self._conn.execute("SET default_transaction_read_only = on")
                self._schema = self._conn.execute("SELECT current_schema()").fetchone()[0]
                self._conn.execute(f"LISTEN {CHANGED_CHANNEL}")
        except (backend.psycopg.Error, Missed) as error:
            self.close()
            raise self._gone(error) from None
        self._heard = time.monotonic()

    def wait(self, timeout: float) -> bool:
        conn, backend = self._conn, self._backend
        try:
            until = time.monotonic() + timeout
            while (left := until - time.monotonic()) > 0:
                for note in conn.notifies(timeout=min(left, ALIVE_EVERY), stop_after=1):
                    self._heard = time.monotonic()
                    if note.payload == self._schema:  # another schema's store on the same database: not ours
                        return True
                if time.monotonic() - self._heard >= ALIVE_EVERY:  # a silent server never answers a notify
                    with deadline(conn, backend.wait):
                        conn.execute("SELECT 1")
                    self._heard = time.monotonic()
            return False
        except (backend.psycopg.Error, Missed) as error:
            self.close()
            raise self._gone(error) from None

    def _gone(self, error: BaseException) -> RecordsUnavailable:
        return RecordsUnavailable(
            f"{self._backend.where}: the PostgreSQL server stopped answering ({self._backend.say(error)})"
        )

    def close(self) -> None:
        try:
            self._conn.close()
        except Exception:  # already gone with its server
            pass
