"""The records store: results in, notices, leaderboards and statistics out."""

from __future__ import annotations

import atexit
import itertools
import json
import logging
import os
import threading
import time
import uuid
import weakref
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from ..engine.errors import (
    InvalidRecordsError,
    RecordsUnavailable,
)
from . import challenges as class_challenges
from . import schema, writes
from .backends import Backend, SQLite
from .challenge_store import ChallengeStore, first_met
from .locate import MEMORY, Location, RecordsError, locate
from .notices import Notice
from .player import default_player
from .postgres import Postgres
from .queries import LEADERBOARD_COLUMNS, Queries
from .registry import SHARED
from .results import (
    SCRIPTED,
    check_category,
    result_of,
)
from .spool import Spool, on_sigterm
from .worker import EXIT_WAIT, GivenUp, Writer

log = logging.getLogger("tripeaks_widget")

BUSY_TIMEOUT = 15.0  # seconds record() waits for its result; the result itself is kept until written
OPENING_WAIT = 10.0  # seconds beyond its timeouts a read waits for a store still being opened


def backend_for(place: Location, timeout: float) -> Backend:
    """The backend of the store at ``place`` (see :func:`.locate.locate`)."""
    if place.kind == "postgresql":
        return Postgres(place, timeout)
    path = place.path
    return SQLite(path if isinstance(path, Path) else MEMORY, timeout)


class Records(ChallengeStore, Queries):
    """A records store: ``Records()`` opens (or starts) the user's SQLite file (``$TRIPEAKS_RECORDS``
    if set); ``Records("path/to/file.sqlite3")`` another file; ``Records("postgresql://user:pw@host/db")``
    a store on a PostgreSQL server, shared by everyone given the URL.

    Raises ``RecordsError`` for a store that cannot be used (not a records store, a newer
    version's, a server that cannot be reached); ``Records.open_or_none()`` returns the error as
    a message instead. Writes go through a writer thread (:mod:`.worker`): a result waiting for
    a lock is kept and written when the lock goes.

    A server's store is looked at in that thread too, and ``open_wait`` bounds how long the
    constructor waits for it (None: until it is done, so a store that cannot be used raises
    here). Past it the store is returned while it is looked at: results queue behind it, reads
    wait for it, ``opening`` is its Future, and ``refused`` says why, if it cannot be used."""

    def __init__(
        self,
        path: str | os.PathLike | Location | None = None,
        *,
        timeout: float = BUSY_TIMEOUT,
        open_wait: float | None = None,
    ) -> None:
        place = path if isinstance(path, Location) else locate(path)
        self._place = place
        self._backend = backend = backend_for(place, timeout)
        self.path = backend.path if isinstance(backend, SQLite) else None
        self.where = backend.where  # the store in messages: the file, or the URL without its password
        self.timeout = timeout
        self._plays_lock = threading.Lock()
        self._plays: dict[int, tuple[weakref.ref, str]] = {}  # id(game) -> (the game, its play's token)

        self.student: str | None = None  # the one player a student's own URL records for (see .roles)
        self.rehearsing = False  # a rehearsal's store (Records.rehearsal): apart from the class's

        def prepare(conn, read_only: bool) -> None:
            backend.suitable(conn)
            schema.check(backend, conn, backend.inspect(conn))
            if not read_only:
                schema.migrate(backend, conn)
                backend.after_migration(conn)
            elif backend.inspect(conn).version != schema.schema_version():
                raise RecordsError(
                    f"{self.where}: a records store of an older schema in a read-only place, so it cannot be "
                    "brought up to date; expected a store this user can write."
                )
            self.student = backend.student(conn)

        self._prepare = prepare
        self._ready_lock = threading.Lock()
        # What is handed in and not yet written (job -> row), and the spool files of those spooled.
        self._spool = Spool(replace(place, path=backend.path) if isinstance(backend, SQLite) else place)
        self._pending: dict[int, dict] = {}
        self._spooled: dict[int, Path] = {}
        self._jobs = itertools.count()
        self._pending_lock = threading.Lock()
        self._delivering: set[Path] = set()  # spool files handed to the writer and not yet settled
        self._full = False  # a write met a full disk: the spool is delivered again once one succeeds
        self.read_only, self._ready = False, False
        self.refused: RecordsError | None = None  # why the store, once looked at, cannot be used
        self._opened = threading.Event()  # looked at: ready, refused, or its server not reached
        self._closed = False
        self._ending = "the process ended"  # what ends the wait of a result still spooled
        self._shut_done = False
        self._shut_lock = threading.Lock()
        self._writer = Writer(f"tripeaks-records {self.where}", self._transient)
        # Reads the board asks for have a thread of their own: they never wait behind a write.
        self._reader = Writer(f"tripeaks-records reads {self.where}", lambda error: False)
        backend.start()
        try:
            if backend.remote:
                # Looked at in the writer's thread, so a silent server never holds the caller:
                # results handed in meanwhile queue behind it, reads wait for it.
                self.opening = self._writer.submit(self._open, f"opening {self.where}")
                try:
                    self.opening.result(open_wait)
                except FutureTimeout:
                    log.info("%s: the store is still being opened; results are kept until it is", self.where)
            else:
                self.opening = _done(self._open())
        except BaseException:
            self._writer.close(0)
            self._reader.close(0)
            backend.close()
            raise
        _OPEN.add(self)
        on_sigterm(_spool_all)

    def _open(self) -> bool:
        """Look at the store and bring it up to date; whether it is ready (False: its server could
        not be reached, or the store stayed busy, and it is looked at when it answers). Raises (and
        keeps in ``refused``) why a store cannot be used."""
        try:
            self.read_only = self._waiting(self.timeout, lambda: self._backend.open(self._prepare))
            self._ready = True
        except RecordsUnavailable as error:  # a server down, silent or busy: results are kept
            if not self._backend.remote:  # a file locked all the while: refused, as any other
                self.refused = error
                raise
            log.warning("%s; results are kept and written when it answers", error)
        except RecordsError as error:
            self.refused = error
            raise
        finally:
            self._opened.set()
        if self._ready:
            self._deliver()
        return self._ready

    def _waiting(self, timeout: float, step):
        """``step()``, tried again while another process holds the store (for up to ``timeout`` seconds)."""
        backend, deadline, pause = self._backend, time.monotonic() + timeout, 0.05
        while True:
            try:
                return step()
            except backend.errors as error:
                if not backend.transient(error) or time.monotonic() > deadline:
                    raise RecordsUnavailable(
                        f"{self.where}: the store stayed busy while it was opened ({' '.join(str(error).split())})"
                    ) from None
                time.sleep(pause)
                pause = min(2 * pause, 1.0)

    @classmethod
    def open_or_none(
        cls, path: str | os.PathLike | Location | None = None, **options
    ) -> tuple[Records | None, str | None]:
        """``(records, None)``, or ``(None, message)`` when the store cannot be used, so a caller can
        go on without records and say why."""
        try:
            return cls(path, **options), None
        except RecordsError as error:
            return None, str(error)
        except OSError as error:
            where = path.where if isinstance(path, Location) else path if path is not None else "the records file"
            return None, f"{where}: records cannot be kept there ({error})"

    @classmethod
    def open_shared(cls, path: str | os.PathLike | None = None, **options) -> tuple[Records | None, str | None]:
        """Like :meth:`open_or_none`, for a store shared in this process by everyone who asks for the
        same place (the boards on it): one is opened the first time, and each caller gives it back
        with :meth:`release`; the last to do so closes it."""
        try:
            place = locate(path)
        except RecordsError as error:
            return None, str(error)
        made: list[str] = []

        def make() -> Records:
            store, why = cls.open_or_none(place, **options)
            if store is None:
                made.append(why or "")
                raise _NotOpened
            return store

        try:
            return SHARED.take("store", place, make, usable=lambda store: not store.closed and not store.refused), None
        except _NotOpened:
            return None, made[0]

    @classmethod
    def rehearsal(cls, store: str | os.PathLike | Records | None = None, **options) -> Records:
        """A store to rehearse a lesson in, apart from the class's: in memory, holding a copy of the
        challenges of ``store`` (a class's URL, an SQLite file, or an open ``Records``; only read)
        and no result. A board given it (``TriPeaks(n, records=rehearsal)``) played by hand says
        what a student's would: its notices, "First to meet the class's challenge …", and the
        rehearsal's :meth:`challenge_board` and :meth:`leaderboard` show the result. Nothing of it
        reaches ``store``, so it is never counted or ranked there; it goes when the rehearsal is
        closed. A challenge set on the rehearsal is checked as the class's are, and set there alone."""
        if isinstance(store, Records):
            challenges = store.challenges(on="all")
        else:
            with cls(store, **options) as source:
                challenges = source.challenges(on="all")
        made = cls(MEMORY, **options)
        made.rehearsing = True
        columns = class_challenges.COLUMNS
        insert = f"INSERT INTO challenges ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"

        def copy(conn) -> None:
            for challenge in challenges:
                conn.execute(insert, tuple(challenge[c] for c in columns))

        made._attempt(copy)
        return made

    def release(self) -> None:
        """Give back a store had from :meth:`open_shared`: the last user closes it, and what is
        queued is still written first (in the background)."""
        if SHARED.give("store", self._place, self):
            self.close(wait=0)

    @property
    def ready(self) -> bool:
        """Whether the store has been looked at and answers (False while it is being opened, or its
        server has not been reached yet)."""
        return self._ready

    @property
    def kind(self) -> str:
        """``"SQLite"`` or ``"PostgreSQL"``."""
        return self._backend.kind

    @property
    def version(self) -> int:
        """The schema version of the open store."""
        return self._read(lambda conn: self._backend.inspect(conn).version)

    @property
    def closed(self) -> bool:
        """Whether the store was closed: it takes no more results."""
        return self._closed

    def shut(self, deadline: float) -> None:
        """At interpreter exit: no more results; what is queued is written until ``deadline``
        (``time.monotonic()``), then the store closes."""
        self._closed = True
        self._writer.close(max(0.001, deadline - time.monotonic()), then=self._shut)

    def close(self, wait: float | None = None) -> None:
        """Write what is queued (waiting up to ``wait`` seconds, by default ``timeout``), then close.
        ``wait=0`` returns at once: the writer finishes in the background, then closes."""
        if self._closed:
            return
        self._closed = True
        self._ending = "the store was closed"
        self.spool_pending()  # first, as at exit: what is not written in time is kept, not dropped
        self._writer.close(self.timeout if wait is None else wait, then=self._shut)

    def _shut(self) -> None:
        with self._shut_lock:
            if self._shut_done:
                return
            self._shut_done = True
            _OPEN.discard(self)
        self._reader.close(0)
        self._backend.close()  # the last connection to an SQLite file removes its journal files

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Records {self.where}{', a rehearsal' if self.rehearsing else ''}>"

    # -- recording --------------------------------------------------------------------------------

    def record(
        self,
        game,
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
        game,
        outcome: str | None = None,
        *,
        player: str | None = None,
        assists: Iterable[str] | None = None,
        finished_at: datetime | None = None,
        waiting: Callable[[str], None] | None = None,
        category: str = SCRIPTED,
    ) -> Future:
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
            return _done([])
        if self.read_only:
            return _failed(RecordsError(f"{self.where}: the store is read-only here; the result was not recorded"))
        if self.student is not None and row["player"] != self.student:
            return _failed(RowRefused(f"{self.where}: {self._only_for(row['player'])}"))
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

    def _settled(self, job: int, done: Future, row: dict) -> None:
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

            def written(done: Future, path: Path = path) -> None:
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

    def _ensure_ready(self) -> None:
        """Wait for the store's opening; a store opened while its server could not be reached is
        looked at and migrated once it answers."""
        if self._ready:
            return
        if not self._opened.wait(OPENING_WAIT + 2 * self.timeout):  # the opening's own deadlines end it first
            raise RecordsUnavailable(f"{self.where}: the store is still being opened")
        if self.refused is not None:
            raise self.refused
        with self._ready_lock:
            if self._ready:
                return
            with self._backend.connection(write=True) as conn:
                self._prepare(conn, False)
            self._ready = True
        log.info("%s: the records store answers now", self.where)
        self._deliver()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until the results handed in are written; False when ``timeout`` ran out first."""
        return self._writer.flush(timeout)

    def _play_token(self, game) -> str:
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

    def _write(self, conn, row: dict) -> list[Notice]:
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

    def _attempt(self, work, row: dict | None = None):
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

    def _kept_from_full_disk(self, row: dict) -> RecordsError:
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

    def _transaction(self, work):
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

    def _transient(self, error: BaseException) -> bool:
        return self._backend.transient(error)

    # -- reading ----------------------------------------------------------------------------------

    def _read(self, work):
        """``work(conn)`` on a reader's connection, within the backend's deadline; tried again on a new
        connection when one was found ended (a server restart ends every connection of the pool, and
        a check may miss one whose end is still on its way). Fails as a ``RecordsError``."""
        backend = self._backend
        for last in (False, False, False, True):
            try:
                self._ensure_ready()
                with backend.connection() as conn:
                    return work(conn)
            except backend.errors as error:
                if not last and backend.lost(error):
                    continue
                kind = RecordsUnavailable if backend.transient(error) or backend.lost(error) else RecordsError
                raise kind(f"{self.where}: reading the records failed ({backend.say(error)})") from None
        raise AssertionError("unreachable")

    def _query(self, sql: str, params: Sequence = ()) -> list[tuple]:
        return self._read(lambda conn: conn.execute(self._backend.sql(sql), tuple(params)).fetchall())


class RowRefused(InvalidRecordsError):
    """A result the store refuses whenever it is sent (a check of the store's own fails)."""


class KeptInSpool(RecordsUnavailable):
    """A result the store's disk had no room for: spooled (or, with no room there either, logged)."""


class _NotOpened(Exception):
    """A shared store that could not be opened: nothing is registered."""


_OPEN: weakref.WeakSet[Records] = weakref.WeakSet()  # stores whose connection is still open


@atexit.register
def _close_at_exit() -> None:
    """At interpreter exit: what every store has queued is written (or reported), then it closes."""
    deadline = time.monotonic() + EXIT_WAIT
    _spool_all()  # first: a process ended while waiting (SIGTERM, SIGKILL) loses nothing
    for store in list(_OPEN):
        store.shut(deadline)


def _spool_all() -> None:
    for store in list(_OPEN):
        store.spool_pending()


def _done(value: Any) -> Future:
    future: Future = Future()
    future.set_result(value)
    return future


def _failed(error: BaseException) -> Future:
    future: Future = Future()
    future.set_exception(error)
    return future


__all__ = ["BUSY_TIMEOUT", "LEADERBOARD_COLUMNS", "GivenUp", "Records", "RecordsError"]
