"""A records store's life: opened and brought up to date, shared, read and written through, closed."""

from __future__ import annotations

import atexit
import logging
import os
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

from ..engine.errors import RecordsError, RecordsUnavailable
from . import challenges as class_challenges
from . import schema
from .backends import Backend, Connection, SQLite
from .challenge_store import ChallengeStore
from .live import Changes, Listening, Polling
from .locate import MEMORY, Location, locate
from .postgres import Postgres
from .queries import LEADERBOARD_COLUMNS, Queries
from .registry import SHARED
from .spool import Spool, on_sigterm
from .submission import Submission, answered
from .worker import EXIT_WAIT, GivenUp, Writer

log = logging.getLogger("tripeaks_widget")

BUSY_TIMEOUT = 15.0  # seconds record() waits for its result; the result itself is kept until written
OPENING_WAIT = 10.0  # seconds beyond its timeouts a read waits for a store still being opened
_T = TypeVar("_T")

if TYPE_CHECKING:
    from typing_extensions import Unpack


class Options(TypedDict, total=False):
    """The keywords of a store after its place (see :class:`Records`)."""

    timeout: float
    open_wait: float | None


def backend_for(place: Location, timeout: float) -> Backend:
    """The backend of the store at ``place`` (see :func:`.locate.locate`)."""
    if place.kind == "postgresql":
        return Postgres(place, timeout)
    path = place.path
    return SQLite(path if isinstance(path, Path) else MEMORY, timeout)


# Its jobs: taking results (.submission), the class's challenges (.challenge_store), the queries (.queries).
class Records(Submission, ChallengeStore, Queries):
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
        path: str | os.PathLike[str] | Location | None = None,
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
        self.student: str | None = None  # the one player a student's own URL records for (see .roles)
        self.rehearsing = False  # a rehearsal's store (Records.rehearsal): apart from the class's

        def prepare(conn: Connection, read_only: bool) -> None:
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
        Submission.__init__(self, Spool(replace(place, path=backend.path) if isinstance(backend, SQLite) else place))
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
                self.opening = answered(self._open())
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

    def _waiting(self, timeout: float, step: Callable[[], _T]) -> _T:
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
        cls, path: str | os.PathLike[str] | Location | None = None, **options: Unpack[Options]
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
    def open_shared(
        cls, path: str | os.PathLike[str] | None = None, **options: Unpack[Options]
    ) -> tuple[Records | None, str | None]:
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
    def rehearsal(cls, store: str | os.PathLike[str] | Records | None = None, **options: Unpack[Options]) -> Records:
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

        def copy(conn: Connection) -> None:
            for challenge in challenges:
                conn.execute(insert, tuple(challenge[c] for c in columns))

        made._attempt(copy)
        return made

    def release(self) -> None:
        """Give back a store had from :meth:`open_shared`: the last user closes it, and what is
        queued is still written first (in the background)."""
        if SHARED.give("store", self._place, self):
            self.close(wait=0)

    def changes(self) -> Changes:
        """A watch on this store's changes, for a live view (:mod:`.live`): on a class's PostgreSQL
        store one listening connection of its own, which only reads (``RecordsUnavailable`` while its
        server cannot be reached); on SQLite a look at the file every few tenths of a second. Make it
        before the view's first read, and close it after."""
        backend = self._backend
        if isinstance(backend, Postgres):
            self._ensure_ready()  # a store of an earlier schema has no NOTIFY yet: its owner brings it up to date
            return Listening(backend)
        # data_version moves when another connection commits; total_changes when this one writes
        # (a store in memory has but one connection)
        look = "SELECT (SELECT data_version FROM pragma_data_version()), total_changes()"
        return Polling(lambda: self._read(lambda conn: tuple(conn.execute(look).fetchone())))

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

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Records {self.where}{', a rehearsal' if self.rehearsing else ''}>"

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

    def _transient(self, error: BaseException) -> bool:
        return self._backend.transient(error)

    def _read(self, work: Callable[[Connection], _T]) -> _T:
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

    def _query(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        return self._read(lambda conn: conn.execute(self._backend.sql(sql), tuple(params)).fetchall())


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


__all__ = ["BUSY_TIMEOUT", "LEADERBOARD_COLUMNS", "GivenUp", "Records", "RecordsError"]
