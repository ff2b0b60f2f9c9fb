"""Results handed to a store: checked, queued for the writer, written with their notices, spooled until written."""

from __future__ import annotations

import itertools
import json
import logging
import os
import threading
import uuid
import weakref
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from ..engine.errors import InvalidRecordsError, RecordsError, RecordsUnavailable
from . import schema, writes
from .backends import Connection
from .base import StoreBase
from .challenge_store import first_met
from .notices import Notice
from .player import default_player
from .results import SCRIPTED, ResultRow, check_category, result_of
from .spool import Spool

log = logging.getLogger("tripeaks_widget")
_T = TypeVar("_T")


class Submission(StoreBase):
    """How a records store takes results (the methods of :class:`.store.Records` that write them)."""

    def __init__(self, spool: Spool) -> None:
        self._plays_lock = threading.Lock()
        self._plays: dict[int, tuple[weakref.ref[object], str]] = {}  # id(game) -> (the game, its play's token)
        # What is handed in and not yet written (job -> row), and the spool files of those spooled.
        self._spool = spool
        self._pending: dict[int, ResultRow] = {}
        self._spooled: dict[int, Path] = {}
        self._jobs = itertools.count()
        self._pending_lock = threading.Lock()
        self._delivering: set[Path] = set()  # spool files handed to the writer and not yet settled
        self._full = False  # a write met a full disk: the spool is delivered again once one succeeds

    def record(
        self,
        game: Any,
        outcome: str | None = None,
        *,
        player: str | None = None,
        assists: Iterable[str] | None = None,
        finished_at: datetime | None = None,
    ) -> list[Notice]:
        """Store the result of a game of the series and return what to tell the player (§9).

        ``outcome`` is ``"won"``, ``"blocked"`` or ``"abandoned"``; by default the game's status
        says (a game still playing is abandoned). ``player`` defaults to the student a student's
        own URL records for, else ``$JUPYTERHUB_USER``, then the operating system's user;
        ``assists`` names what helped (``{"hint", "verdict"}``), and every analysis the game
        consulted (``game.consulted``, after ``game.solve()`` or ``game.hint()``) is added to them.
        A game recorded here is *scripted*, since no hand moved it on a board: it is ranked apart
        from games played by hand, with first wins and records of its own.
        Games outside 1–50,000, hand-arranged deals and abandoned games without a move are not
        recorded: the answer is ``[]``.

        One play, one result: recording the same ``Game`` object again (blocked, then undone and
        played on, say) replaces its earlier result when the new one is better, else changes nothing.
        Waits up to ``timeout`` seconds for a store that is locked; past that it raises
        ``RecordsError``, and the result stays queued and is written when the lock goes."""
        future = self.submit(game, outcome, player=player, assists=assists, finished_at=finished_at)
        try:
            return future.result(self.timeout)
        except FutureTimeout:
            raise RecordsUnavailable(
                f"{self.where}: the store stayed busy for {self.timeout:g} s; the result is kept and will be "
                "written when it is free"
            ) from None

    def submit(
        self,
        game: Any,
        outcome: str | None = None,
        *,
        player: str | None = None,
        assists: Iterable[str] | None = None,
        finished_at: datetime | None = None,
        waiting: Callable[[str], None] | None = None,
        category: str = SCRIPTED,
    ) -> Future[list[Notice]]:
        """Like :meth:`record`, without waiting: a Future of the notices. The result is read from
        the game now (it may change after); a bad outcome, player or assist raises here.
        ``waiting(why)`` is told, once, when the result has to wait for something other than
        others' writes (a server that refuses this user, one that does not answer): it is kept,
        and written when the store takes it. ``category`` is ``"scripted"`` unless the caller
        vouches that every move was made by hand on a board (``"hand"``: the board's clicks and keys)."""
        if player is None:
            player = self.student or default_player()
        row = result_of(
            game, outcome, player=player, category=check_category(category), assists=assists, finished_at=finished_at
        )
        if row is None:
            return answered([])
        if self.read_only:
            return failed(RecordsError(f"{self.where}: the store is read-only here; the result was not recorded"))
        if self.student is not None and row["player"] != self.student:
            return failed(RowRefused(f"{self.where}: {self._only_for(row['player'])}"))
        row["token"] = self._play_token(game)
        what = f"the result of game {row['number']} ({row['rules']}) by {row['player']!r}"
        job = next(self._jobs)
        with self._pending_lock:
            self._pending[job] = row

        def told(error: BaseException) -> None:
            if waiting is not None and not self._backend.busy(error):
                waiting(f"{self._backend.say(error)}; the result is kept, and recorded once the store takes it")

        future = self._writer.submit(lambda: self._attempt(lambda conn: self._write(conn, row), row), what, told)
        future.add_done_callback(lambda done: self._settled(job, done, row))
        return future

    def _only_for(self, player: str) -> str:
        """Why a student's own URL refuses a result under another name, in one sentence."""
        student = self.student
        return f'this URL records results for {student} only; this result names {player} (pass player="{student}")'

    def _settled(self, job: int, done: Future[list[Notice]], row: ResultRow) -> None:
        """A result's job ended: written, or failed for good, or still spooled (given up at exit)."""
        with self._pending_lock:
            self._pending.pop(job, None)
            spooled = self._spooled.get(job)
            if spooled is not None and done.exception() is None:
                del self._spooled[job]
                self._spool.drop(spooled)
        error = done.exception()
        if error is None or isinstance(error, KeptInSpool):  # a full disk's: already said
            return
        if spooled is not None:
            log.warning(
                "a result was not written before %s (%s); it is kept in %s and written the next time the store "
                "is opened: %s",
                self._ending,
                error,
                spooled,
                json.dumps(row, sort_keys=True),
            )
        else:  # whole, as JSON: nothing is dropped unsaid
            log.error("a result was not recorded (%s): %s", error, json.dumps(row, sort_keys=True))

    def spool_pending(self) -> None:
        """Every result not yet written goes to the local spool (at exit, on SIGTERM)."""
        with self._pending_lock:
            for job, row in self._pending.items():
                if job not in self._spooled:
                    path = self._spool.keep(row, f"{row['token']}-{os.getpid()}-{job}")
                    if path is not None:
                        self._spooled[job] = path

    def _deliver(self) -> None:
        """Hand the results spooled for this store (by any process that ended before writing them, or
        kept from a full disk) to the writer; one already handed over is not handed over twice."""
        with self._pending_lock:
            found = [(path, row) for path, row in self._spool.waiting() if path not in self._delivering]
            self._delivering.update(path for path, _ in found)
        if found:
            log.info("%s: %d spooled result(s) are handed to the writer", self.where, len(found))
        for path, row in found:
            what = f"the spooled result of game {row.get('number')} by {row.get('player')!r}"

            def written(done: Future[list[Notice]], path: Path = path) -> None:
                error = done.exception()
                with self._pending_lock:
                    self._delivering.discard(path)
                if error is None:
                    self._spool.drop(path)
                    log.info("a spooled result was written: %s", path.name)
                elif isinstance(error, RowRefused):  # for good: out of the way
                    self._spool.set_aside(path, str(error))
                elif not isinstance(error, KeptInSpool):  # a full disk's wait is said once, with the count
                    log.warning("a spooled result is not written yet (%s); it stays in %s", error, path)

            self._writer.submit(partial(self._attempt, partial(self._write, row=row)), what).add_done_callback(written)

    @property
    def spooled(self) -> int:
        """How many results wait in the local spool for this store (see :mod:`.spool`)."""
        return self._spool.count()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until the results handed in are written; False when ``timeout`` ran out first."""
        return self._writer.flush(timeout)

    def _play_token(self, game: object) -> str:
        """The token of this very game object's play: the same for each record of it."""
        with self._plays_lock:
            entry = self._plays.get(id(game))
            if entry is not None and entry[0]() is game:
                return entry[1]
            token = uuid.uuid4().hex
            key = id(game)
            try:
                plays = self._plays  # not the store: the game's reference must not keep it
                ref = weakref.ref(game, lambda _: plays.pop(key, None))
            except TypeError:  # an object without weak references: each record is a play of its own
                return token
            self._plays[key] = (ref, token)
            return token

    def _write(self, conn: Connection, row: ResultRow) -> list[Notice]:
        """One result, in one transaction; the database settles the notices (see :mod:`.writes`),
        and those of the class's challenges it is the first to meet."""
        if self._backend.through_function(conn):
            said = writes.notices(row, writes.call(conn, row))
            # The server's time, as its function stored it (the same now() all through the transaction).
            (stored_at,) = conn.execute(f"SELECT {writes.SERVER_TIME}").fetchone()
            stored = row | {"finished_at": stored_at, "played_at": row["finished_at"]}
        else:
            said = writes.notices(row, writes.run(conn, self._backend.sql, row))
            stored = row | {"played_at": row["finished_at"]}
        return said + first_met(conn, self._backend.sql, stored)

    def _attempt(self, work: Callable[[Connection], _T], row: ResultRow | None = None) -> _T:
        """One try at a write; a failure that waiting will not mend becomes a ``RecordsError``. On a
        full disk the store first makes what room it can (SQLite moves its write-ahead log into the
        file and truncates it) and tries once more; a result it still cannot take (``row``, not yet
        spooled) goes to the spool. After a write that succeeds where one met a full disk, what
        waits in the spool is delivered: it drains as room comes back."""
        backend = self._backend
        for last in (False, True):
            try:
                self._ensure_ready()
                answer = self._transaction(work)
            except backend.errors as error:
                if backend.transient(error):
                    raise
                if backend.full(error):
                    if not last and backend.make_room():
                        continue
                    self._full = True
                    if row is not None:
                        raise self._kept_from_full_disk(row) from None
                    raise KeptInSpool(f"{self.where}: the disk is full; the result stays in the spool") from None
                if row is not None and self.student not in (None, row["player"]) and backend.denied(error):
                    raise RowRefused(f"{self.where}: {self._only_for(row['player'])}") from None
                kind = RowRefused if backend.refuses_row(error) else RecordsError
                raise kind(f"{self.where}: the records cannot be written ({backend.say(error)})") from None
            if self._full:
                self._full = False
                self._deliver()  # room again: what the full disk sent to the spool goes in now
            return answer
        raise AssertionError("unreachable")

    def _kept_from_full_disk(self, row: ResultRow) -> RecordsError:
        """Spool ``row``, which the store's full disk refused; what to say of it."""
        path = self._spool.keep(row, f"{row['token']}-{os.getpid()}-full")
        if path is not None:
            waiting = self._spool.count()
            log.warning("%s: the disk is full; a result is kept in %s (%d wait there)", self.where, path, waiting)
            return KeptInSpool(
                f"{self.where}: the disk is full, so the result could not be written; it is kept in {path}, with "
                f"{waiting} result(s) waiting there in all, and written once the disk has room"
            )
        log.error("a result was not recorded (the disk is full): %s", json.dumps(row, sort_keys=True))
        return KeptInSpool(
            f"{self.where}: the disk is full, and so is the spool's; nothing can be written, and the result was "
            "not recorded (it is in the log)"
        )

    def _transaction(self, work: Callable[[Connection], _T]) -> _T:
        """Run ``work(conn)`` in one short transaction on the writer's connection."""
        backend = self._backend
        with backend.connection(write=True) as conn:
            conn.execute(backend.begin)
            try:
                answer = work(conn)
                conn.execute("COMMIT")
                return answer
            except BaseException:
                schema.rollback(conn)
                raise


class RowRefused(InvalidRecordsError):
    """A result the store refuses whenever it is sent (a check of the store's own fails)."""


class KeptInSpool(RecordsUnavailable):
    """A result the store's disk had no room for: spooled (or, with no room there either, logged)."""


def answered(value: _T) -> Future[_T]:
    """A Future already answered with ``value``."""
    future: Future[_T] = Future()
    future.set_result(value)
    return future


def failed(error: BaseException) -> Future[Any]:
    """A Future already failed with ``error``."""
    future: Future[Any] = Future()
    future.set_exception(error)
    return future
