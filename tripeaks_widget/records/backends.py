"""The two databases a records store lives in, behind one small interface.

Both speak DB-API 2 (``sqlite3`` from the standard library, ``psycopg`` 3 for PostgreSQL), so
the store's SQL is written once, with ``?`` placeholders; a backend turns it into its own
dialect (``%s`` and an identity column for PostgreSQL). What differs stays here: how a
connection is opened and checked before anything is written, where the schema version is
kept, and which errors mean "wait and try again" (a held lock, a lost connection).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..engine.errors import InvalidRecordsError, RecordsError
from .locate import ENV_VAR, FILE_NAME, MEMORY, default_path

APPLICATION_ID = 0x54504B52  # "TPKR" in SQLite's header: marks the file as a records store
SQLITE_MAGIC = b"SQLite format 3\x00"
LOCK_WAIT = 0.25  # seconds one attempt waits for a lock held elsewhere; the writer then tries again
SQLITE_FULL, SQLITE_IOERR = 13, 10  # SQLite's result codes (sqlite3 names them from Python 3.11 on)
_T = TypeVar("_T")


class Cursor(Protocol):
    """A statement's rows, as DB-API 2 gives them: each a tuple of the columns' values, whose types
    the SQL decides (so Any, as sqlite3 and psycopg declare them)."""

    def fetchone(self) -> Any:
        """The next row, or None when there are none left."""

    def fetchall(self) -> list[Any]:
        """The rows left."""

    def __iter__(self) -> Iterator[Any]:
        """The rows left, one by one."""


class Connection(Protocol):
    """A connection as the store uses it: sqlite3's or psycopg's, its SQL in the backend's dialect."""

    def execute(self, sql: str, parameters: Sequence[object] = ..., /) -> Cursor:
        """Run one statement with its values; its rows."""

    def close(self) -> None:
        """Close the connection."""


# What a backend's open runs on its first connection: check what the database holds (raising to
# refuse it) and migrate it; the second argument says whether the store can only be read.
Prepare = Callable[[Connection, bool], None]


@dataclass
class Found:
    """What a database holds, looked at without writing: whose it is, its schema version, its tables."""

    ours: bool
    version: int
    tables: list[str] = field(default_factory=list)
    detail: str = ""

    @property
    def fresh(self) -> bool:
        """Whether the database is empty, so a new store may be made in it."""
        return not self.ours and self.version == 0 and not self.tables


class Backend:
    """One database: how to open it, its dialect, where it keeps its version, its errors."""

    kind = ""
    begin = "BEGIN"
    remote = False  # on a server: opened off the caller's thread, since a silent server would hold it
    where: str  # the store, named for messages (never with a password)
    errors: tuple[type[BaseException], ...] = ()

    def expected(self) -> str:
        """What a usable store of this kind is, for a refusal's message."""
        raise NotImplementedError

    def leave_it(self) -> str:
        """What a refused store's owner can do, for the refusal's message."""
        raise NotImplementedError

    def start(self) -> None:
        """Take what the store's connections come from (without waiting on anything)."""

    def open(self, prepare: Prepare) -> bool:
        """Look at the store and bring it up to date: ``prepare(conn, read_only)`` checks what the
        database holds (and refuses it, raising) and migrates it. Returns whether it can only be read."""
        raise NotImplementedError

    def connection(self, write: bool = False) -> AbstractContextManager[Connection]:
        """A connection for one statement or transaction: the writer's, or a reader's, which never
        waits behind a write."""
        raise NotImplementedError

    def after_migration(self, conn: Connection) -> None:
        """What the database needs once its schema is up to date (nothing, by default)."""
        pass

    def sql(self, text: str) -> str:
        """The store's SQL, written once, in this database's dialect."""
        return text

    def say(self, error: BaseException) -> str:
        """A driver's error in one line (without a password)."""
        return " ".join(str(error).split()) or type(error).__name__

    def through_function(self, conn: Connection) -> bool:
        """Whether results are written through the store's own function (a class's PostgreSQL store)."""
        return False

    def suitable(self, conn: Connection) -> None:
        """Refuse, before anything is read or written, a database that could not keep every result."""

    def inspect(self, conn: Connection) -> Found:
        """What the database holds, looked at without writing anything."""
        raise NotImplementedError

    def mark(self, conn: Connection, version: int) -> None:
        """Write that the database is a records store of schema ``version`` (in a transaction)."""
        raise NotImplementedError

    def lock_schema(self, conn: Connection) -> None:
        """In a transaction: take the lock that keeps two processes from migrating at once."""

    def columns(self, conn: Connection, table: str) -> set[str]:
        """The columns of ``table``."""
        raise NotImplementedError

    def table_kinds(self, conn: Connection) -> dict[str, str]:
        """The store's tables and views by name: ``"table"`` or ``"view"``."""
        raise NotImplementedError

    def integrity(self, conn: Connection) -> str | None:
        """A problem the database's own check finds, or None."""
        return None

    def transient(self, error: BaseException) -> bool:
        """Whether trying again later may succeed: a lock held elsewhere, a lost connection."""
        return False

    def busy(self, error: BaseException) -> bool:
        """Whether ``error`` is a wait for others' writes (a lock), which passes unsaid."""
        return self.transient(error)

    def full(self, error: BaseException) -> bool:
        """Whether ``error`` says that the store's disk is full."""
        return False

    def refuses_row(self, error: BaseException) -> bool:
        """Whether ``error`` refuses the row itself (a check of the store's), whenever it is sent."""
        return False

    def denied(self, error: BaseException) -> bool:
        """Whether ``error`` says that this user may not do that (a privilege, a row-level security policy)."""
        return False

    def student(self, conn: Connection) -> str | None:
        """The one player whose results this user may record (a student's own role), or None."""
        return None

    def make_room(self) -> bool:
        """After a full disk: free what room the store itself holds; whether trying again may work."""
        return False

    def lost(self, error: BaseException) -> bool:
        """Whether ``error`` ended the connection, so the same read on a new one may work."""
        return False

    def close(self) -> None:
        """Close every connection (what is queued was written before)."""


class SQLite(Backend):
    """An SQLite file (or ``:memory:``), checked through a read-only connection first."""

    kind = "SQLite"
    begin = "BEGIN IMMEDIATE"
    errors = (sqlite3.Error,)

    def __init__(self, path: Path | str, timeout: float) -> None:
        if isinstance(path, Path) and _is_dir(path):
            path = path / FILE_NAME
        self.path = path
        self.where = str(path)
        self.timeout = timeout
        self._conn: Any = None  # the writer's connection (and, in memory or read-only, everyone's)
        self._reader: Any = None  # the readers' own, opened when first read: write-ahead lets it read during a write
        self._mode = "rwc"
        self._read_only = False
        self._write_lock = threading.Lock()
        self._read_lock = threading.Lock()

    def expected(self) -> str:
        return (
            f"an SQLite records store of tripeaks-widget (SQLite application id {APPLICATION_ID:#x} "
            "with a 'results' table), or no file at all to start a new one"
        )

    def _connect(self, mode: str) -> sqlite3.Connection:
        target, uri = (
            (self.path, False) if self.path == MEMORY else (f"{Path(self.path).absolute().as_uri()}?mode={mode}", True)
        )
        conn = sqlite3.connect(target, timeout=LOCK_WAIT, isolation_level=None, check_same_thread=False, uri=uri)
        conn.execute(f"PRAGMA busy_timeout = {int(LOCK_WAIT * 1000)}")
        return conn

    def open(self, prepare: Prepare) -> bool:
        if self.path == MEMORY:
            conn = self._connect("rwc")
            try:
                prepare(conn, False)
            except BaseException:
                conn.close()
                raise
            self._conn = conn
            return False
        try:
            self._conn, self._mode, self._read_only = self._open_file(Path(self.path), prepare)
            return self._read_only
        except OSError as error:  # a folder on the way that this user may not enter, say
            raise RecordsError(
                f"{self.where}: cannot be reached ({error.strerror or error}); expected a file this user can read "
                f"and a folder it can write, or another file with Records(path=...) or the {ENV_VAR} environment "
                "variable."
            ) from None

    def _open_file(self, path: Path, prepare: Prepare) -> tuple[sqlite3.Connection, str, bool]:
        leave = self.leave_it()
        if path.exists() and not path.is_file():
            raise InvalidRecordsError(f"{path}: not a file; expected {self.expected()}. {leave}")
        exists = path.exists()
        if exists and not os.access(path, os.R_OK):
            raise RecordsError(f"{path}: cannot be read (permission denied); expected a file this user can read.")
        if exists and path.stat().st_size:
            with open(path, "rb") as file:
                head = file.read(len(SQLITE_MAGIC))
            if head != SQLITE_MAGIC:
                raise InvalidRecordsError(
                    f"{path}: not an SQLite database (it does not begin as one does); expected {self.expected()}. "
                    f"{leave}"
                )
        folder = path.parent
        if not exists and not folder.is_dir() and folder != default_path().parent:
            # A folder named by the user is theirs to make: a mistyped one is said, not made. The
            # default store's folder, the user's data folder, is the project's own.
            raise RecordsError(
                f"{path}: the folder {folder} does not exist; expected a file in a folder that exists (make it "
                f"first), or another file with Records(path=...) or the {ENV_VAR} environment variable."
            )
        if not exists:
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise RecordsError(
                    f"{path}: its folder cannot be made ({error.strerror or error}); expected a folder this user "
                    f"can write, or another file with Records(path=...) or the {ENV_VAR} environment variable."
                ) from None
        read_only = not os.access(folder, os.W_OK) or (exists and not os.access(path, os.W_OK))
        if read_only and not exists:
            raise RecordsError(
                f"{path}: the folder {folder} is read-only, so no records store can be started there; "
                f"expected a folder this user can write, or another file with Records(path=...) or the "
                f"{ENV_VAR} environment variable."
            )
        # Look before writing anything: the check only reads. (A read-only connection is kept for
        # a read-only place: it could not remove the journal files it makes beside a store.)
        modes = ["ro", "ro&immutable=1"] if read_only else ["rw" if exists else "rwc"]
        for mode in modes:
            # A write-ahead store in a read-only folder has no shared-memory file to read through,
            # and none can be made: it is then read as a file nobody changes (SQLite's immutable).
            last = mode == modes[-1]
            conn = self._guarded(partial(self._connect, mode), read_only)
            try:
                self._guarded(partial(prepare, conn, read_only), read_only)
                return conn, mode, read_only
            except RecordsError:
                conn.close()
                if last:
                    raise
            except BaseException:
                conn.close()
                raise
        raise AssertionError("unreachable")

    @contextmanager
    def connection(self, write: bool = False) -> Iterator[Connection]:
        if write or self._read_only or self.path == MEMORY:
            with self._write_lock:
                yield self._conn
            return
        with self._read_lock:
            if self._reader is None:
                self._reader = self._connect(self._mode)
            yield self._reader

    def close(self) -> None:
        with self._read_lock, self._write_lock:
            for conn in (self._reader, self._conn):  # the last to close removes the journal files
                if conn is not None:
                    try:
                        conn.close()
                    except Exception:  # already gone
                        pass
            self._reader = self._conn = None

    def _guarded(self, step: Callable[[], _T], read_only: bool = False) -> _T:
        try:
            return step()
        except sqlite3.DatabaseError as error:
            if self.transient(error):
                raise  # another process is writing it (starting it, say): the caller waits and tries again
            if read_only:
                raise RecordsError(
                    f"{self.where}: the folder or the file is read-only, and the store cannot be read without "
                    f"writing beside it ({error}); expected a folder this user can write."
                ) from None
            raise RecordsError(
                f"{self.where}: unreadable as an SQLite database ({error}); expected {self.expected()}. "
                f"{self.leave_it()}"
            ) from None

    def leave_it(self) -> str:
        """What a refused file's owner can do, for the refusal's message."""
        return (
            "The file was left exactly as it is; move it away, or give another file with "
            f"Records(path=...) or the {ENV_VAR} environment variable."
        )

    def after_migration(self, conn: Connection) -> None:
        """Once the store is known good: the write-ahead journal, so kernels read while one writes."""
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")

    def inspect(self, conn: Connection) -> Found:
        # One statement, so one snapshot: read apart, a store another process starts in between
        # would show its new version beside the old, empty application id and look foreign.
        app, version, names = conn.execute(
            "SELECT (SELECT application_id FROM pragma_application_id()), "
            "(SELECT user_version FROM pragma_user_version()), "
            "(SELECT group_concat(name, char(10)) FROM (SELECT name FROM sqlite_master "
            "WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name))"
        ).fetchone()
        tables = names.split("\n") if names else []
        detail = f"its application id is {app:#x}, its user version {version}"
        return Found(app == APPLICATION_ID, version, tables, detail)

    def mark(self, conn: Connection, version: int) -> None:
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version = {int(version)}")

    def columns(self, conn: Connection, table: str) -> set[str]:
        return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}

    def table_kinds(self, conn: Connection) -> dict[str, str]:
        return dict(conn.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view')").fetchall())

    def integrity(self, conn: Connection) -> str | None:
        verdict = conn.execute("PRAGMA quick_check").fetchone()[0]
        return None if verdict == "ok" else f"SQLite's check says: {verdict}"

    def transient(self, error: BaseException) -> bool:
        text = str(error).lower()
        return isinstance(error, sqlite3.OperationalError) and ("locked" in text or "busy" in text)

    def refuses_row(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.IntegrityError)

    def make_room(self) -> bool:
        # The write-ahead log keeps growing while no checkpoint can run, and holds the room a full
        # disk gets back: moved into the file and truncated, it frees that room for the next write.
        if self.path == MEMORY or self._conn is None:
            return False
        with self.connection(write=True) as conn:
            try:
                busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            except sqlite3.Error:
                return False
        return not busy

    def full(self, error: BaseException) -> bool:
        # SQLITE_FULL; or an I/O error (a journal that could not grow, say) on a disk without room.
        code = getattr(error, "sqlite_errorcode", None)  # None before Python 3.11
        if code == SQLITE_FULL:
            return True
        if code is None or code & 0xFF != SQLITE_IOERR or self.path == MEMORY:
            return False
        try:
            room = os.statvfs(Path(self.path).parent)
        except OSError:
            return False
        return room.f_bavail * room.f_frsize < 2**16


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # a folder on the way that this user may not enter: said as the store is opened
        return False
