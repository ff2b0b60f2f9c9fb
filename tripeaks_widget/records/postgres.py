"""A records store on a PostgreSQL server, shared by every player who is given its URL.

A store holds a connection only while it uses it: each read and each write opens one, and
closes it once the statement or transaction is done. So a board left open holds none, and a
class of 300 students, each with a board open, fits a server's default ``max_connections``
(100) with room to spare: only the boards reading or writing at that moment hold one, while
they do. A server whose connection slots are all taken at that moment is asked again
after a short random pause, within the store's deadline. (A teacher's live board may keep a
listening connection of its own: nothing here shares or limits it.) Every use of a connection
has a client-side deadline (:mod:`.deadline`), and each connection speaks UTF-8 whatever the
server's own encoding.
"""

from __future__ import annotations

import logging
import math
import random
import re
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Protocol, cast

from ..engine.errors import RecordsError, RecordsUnavailable
from . import writes
from .backends import APPLICATION_ID, LOCK_WAIT, Backend, Connection, Cursor, Found, Prepare
from .deadline import Missed, deadline
from .locate import APP_NAME, Location

if TYPE_CHECKING:
    from psycopg import sql
    from psycopg.pq.abc import PGconn

POSTGRES_MARK = "tripeaks-widget records"  # the 'application' row of a PostgreSQL store's tripeaks_store
CONNECT_TIMEOUT = 5  # seconds to reach a PostgreSQL server (libpq's connect_timeout)
SERVER_WAIT = 5.0  # seconds one statement or transaction may take before its connection is cut
FULL_PAUSE = (0.02, 0.2)  # seconds, at random, before asking again a server whose connection slots are all taken
IDLE_IN_TRANSACTION = "60s"  # the server ends a transaction a vanished client left open

log = logging.getLogger("tripeaks_widget")

_SIGNATURE = f"{writes.FUNCTION}({', '.join(writes.TYPES.get(c, 'text') for c in writes.WRITTEN)})"


class Notification(Protocol):
    """A notice the server sent to a channel this connection listens on (``LISTEN``)."""

    @property
    def channel(self) -> str:
        """The channel it was sent to."""

    @property
    def payload(self) -> str:
        """What the sender said with it (a class's store: its schema's name)."""


class ServerConnection(Connection, Protocol):
    """A psycopg connection as this module uses it: its SQL also composed (``psycopg.sql``) or as
    bytes, its transactions, and its libpq connection (whose socket ``deadline`` watches)."""

    def execute(self, sql: str | bytes | sql.SQL | sql.Composed, parameters: Sequence[object] = ..., /) -> Cursor:
        """Run one statement, written or composed, with its values; its rows."""

    def transaction(self) -> AbstractContextManager[object]:
        """A transaction, committed when the block ends normally, else rolled back."""

    @property
    def pgconn(self) -> PGconn:
        """The libpq connection (its ``socket``)."""

    def notifies(self, *, timeout: float | None = None, stop_after: int | None = None) -> Iterator[Notification]:
        """The notices the server sends, as they come, for up to ``timeout`` seconds."""


class Unreachable(RecordsUnavailable):
    """The server could not be reached, or did not answer in time: worth another try later."""


class ServerDown(RecordsUnavailable):
    """The server cannot be reached as the store is opened (as against refusing this user, say)."""


# What a server says when every connection slot is taken (max_connections; those left are reserved).
_FULL = re.compile(r"(?i)too many clients|remaining connection slots are reserved")
# What libpq says when no server answers, as against one that refuses (a wrong password, say).
_DOWN = re.compile(
    r"(?i)connection refused|timeout expired|timed out|is starting up|is shutting down|in recovery mode|"
    r"no route to host|network is unreachable|server closed the connection|could not (receive|send) data|"
    r"could not connect to server|" + _FULL.pattern.removeprefix("(?i)")
)


class Postgres(Backend):
    """A database on a PostgreSQL server."""

    kind = "PostgreSQL"
    remote = True

    def __init__(self, place: Location, timeout: float) -> None:
        self.place = place
        self.url = place.conninfo
        self.where = place.where
        self.timeout = timeout
        self.wait = max(0.5, min(float(timeout), SERVER_WAIT))
        self._password = place.password
        self._function: bool | None = None
        try:
            import psycopg
        except ImportError:
            raise RecordsError(
                f"{self.where}: a PostgreSQL store needs the psycopg package; expected it installed "
                "(pip install 'tripeaks-widget[postgres]')"
            ) from None
        self.psycopg = psycopg
        self.errors = (psycopg.Error, Missed, Unreachable)

    def expected(self) -> str:
        return (
            "a PostgreSQL database that holds a records store of tripeaks-widget (a tripeaks_store table), "
            "or an empty one to start a new store in"
        )

    def leave_it(self) -> str:
        """What a refused database's owner can do, for the refusal's message."""
        return "Nothing in the database was changed; give the URL of another database."

    def say(self, error: BaseException) -> str:
        """A driver's error in one line, without the password: the server's own sentence, never the
        statement or the function's context that come with it."""
        primary = getattr(getattr(error, "diag", None), "message_primary", None)
        text = " ".join(str(primary or error).split()) or type(error).__name__
        return text.replace(self._password, "***") if self._password else text

    # -- connections --------------------------------------------------------------------------------

    def _options(self) -> dict[str, str | int | bool]:
        return {
            "autocommit": True,
            # libpq's whole seconds, at least 2: never much beyond the store's own deadline
            "connect_timeout": max(2, min(CONNECT_TIMEOUT, math.ceil(self.wait))),
            "application_name": APP_NAME,
            "client_encoding": "UTF8",
        }

    def _configure(self, conn: ServerConnection) -> None:
        with deadline(conn, self.wait):
            conn.execute(
                f"SET lock_timeout = '{int(LOCK_WAIT * 1000)}ms'; "
                f"SET idle_in_transaction_session_timeout = '{IDLE_IN_TRANSACTION}'"
            )

    def _connect(self, wait: float) -> ServerConnection:
        """A new connection, configured; a server whose connection slots are all taken is asked
        again after a short random pause, for up to ``wait`` seconds. Raises the driver's error."""
        psycopg, give_up = self.psycopg, time.monotonic() + wait
        while True:
            try:
                conn: ServerConnection = psycopg.connect(self.url, **self._options())
                break
            except psycopg.OperationalError as error:
                if not _FULL.search(str(error)) or time.monotonic() >= give_up:
                    raise
            time.sleep(random.uniform(*FULL_PAUSE))  # at random: those refused together do not ask together again
        try:
            self._configure(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    def connect(self) -> ServerConnection:
        """A connection of its own (to open the store and say clearly why it cannot be)."""
        psycopg = self.psycopg
        try:
            return self._connect(self.wait)
        except psycopg.Error as error:
            kind = ServerDown if _DOWN.search(str(error)) else RecordsError
            raise kind(
                f"{self.where}: cannot connect to the PostgreSQL server ({self.say(error)}); expected a running "
                "server that accepts this user and password, and an existing database."
            ) from None

    def open(self, prepare: Prepare) -> bool:
        conn = self.connect()  # ServerDown: the store opens all the same, and is prepared on its first use
        try:
            with deadline(conn, max(self.wait, self.timeout)):
                prepare(conn, False)
        except (self.psycopg.Error, Missed) as error:
            if isinstance(error, self.psycopg.errors.LockNotAvailable):
                raise  # another process is starting the store: the caller waits and tries again
            if isinstance(error, Missed) or self.lost(error):  # an outage (a server overloaded, say), not a refusal
                raise ServerDown(f"{self.where}: the PostgreSQL server stopped answering ({self.say(error)})") from None
            raise RecordsError(
                f"{self.where}: cannot be read ({self.say(error)}); expected {self.expected()}."
            ) from None
        finally:
            conn.close()
        return False

    @contextmanager
    def connection(self, write: bool = False) -> Iterator[Connection]:
        """A connection of its own for one statement or transaction, closed after it: a store holds
        none between uses. (Reads and the writer each open their own, so a read never waits behind
        a write.)"""
        try:
            conn = self._connect(self.wait)
        except self.psycopg.Error as error:
            raise Unreachable(self._why_unreachable(error)) from None
        except Missed:
            raise Unreachable(self._why_unreachable(None)) from None
        try:
            with deadline(conn, self.wait):
                yield conn
        finally:
            conn.close()

    def _why_unreachable(self, error: BaseException | None) -> str:
        """Why no connection could be had: a server that refuses this user (a password changed
        since) is said in its own words, as against one that does not answer or has no room."""
        if error is not None and _FULL.search(str(error)):
            return f"{self.where}: the PostgreSQL server had no connection free within {self.wait:g} s"
        if error is not None and not _DOWN.search(str(error)):
            return f"{self.where}: the PostgreSQL server refuses the connection ({self.say(error)})"
        return f"{self.where}: the PostgreSQL server could not be reached within {self.wait:g} s"

    # -- what the database holds --------------------------------------------------------------------

    def after_migration(self, conn: Connection) -> None:
        """A class's store whose function an earlier version wrote (its checks, or its parameters, as
        they were) gets this version's, with the same owner and the same callers, when this user may
        replace it: its owner's, as the teacher opens the store (or runs the set-up again)."""
        found = conn.execute(
            "SELECT p.oid::regprocedure::text, p.oid = to_regprocedure(%s), p.prosrc = %s, "
            "pg_has_role(current_user, p.proowner, 'MEMBER'), pg_get_userbyid(p.proowner)::text, ARRAY(SELECT "
            "pg_get_userbyid(a.grantee)::text FROM aclexplode(p.proacl) a WHERE a.privilege_type = 'EXECUTE' "
            "AND a.grantee NOT IN (0, p.proowner)) FROM pg_proc p WHERE p.proname = %s AND "
            "p.pronamespace = current_schema()::regnamespace",
            (_SIGNATURE, writes.function_body(), writes.FUNCTION),
        ).fetchall()
        if not found or all(signature and body for _, signature, body, *_ in found):
            return  # a store without the function (its owner writes), or one up to date
        if not all(may for *_, may, _, _ in found):
            log.warning(
                "%s: the store's function %s is an earlier version's; its owner brings it up to date by opening "
                "the store, or by running the set-up again",
                self.where,
                writes.FUNCTION,
            )
            return
        *_, owner, callers = found[0]
        server = cast(ServerConnection, conn)  # this backend's connections are psycopg's (_connect)
        with server.transaction():
            install_function(server, owner, callers)

    def sql(self, text: str) -> str:
        return text.replace("INTEGER PRIMARY KEY", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY").replace(
            "?", "%s"
        )

    def through_function(self, conn: Connection) -> bool:
        # Looked up once per store: set up for a class (see .roles), the store has the function,
        # and its players may call it but not write the tables.
        if self._function is None:
            found = conn.execute("SELECT to_regprocedure(%s) IS NOT NULL", (_SIGNATURE,)).fetchone()[0]
            self._function = bool(found)
        return self._function

    def suitable(self, conn: Connection) -> None:
        # Each connection speaks UTF-8 (client_encoding); a server in another encoding would turn
        # away, at write time, a name it cannot spell (Ζωή on LATIN1). SQL_ASCII keeps the bytes as sent.
        encoding = conn.execute("SHOW server_encoding").fetchone()[0]
        if encoding not in ("UTF8", "SQL_ASCII"):
            raise RecordsError(
                f"{self.where}: the database's encoding is {encoding}, which cannot hold every player's name "
                "(Ζωή, דנה, Þór); expected a database in UTF8 (CREATE DATABASE … ENCODING 'UTF8' TEMPLATE "
                f"template0, or createdb -E UTF8 -T template0). {self.leave_it()}"
            )

    def inspect(self, conn: Connection) -> Found:
        schema = conn.execute("SELECT current_schema()").fetchone()[0]
        if schema is None:
            raise RecordsError(f"{self.where}: no schema to keep the records in; expected {self.expected()}.")
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT table_name::text FROM information_schema.tables WHERE table_schema = %s ORDER BY table_name",
                (schema,),
            )
        ]
        if "tripeaks_store" not in tables:
            return Found(False, 0, tables, "it has no tripeaks_store table")
        marks = dict(conn.execute("SELECT name, value FROM tripeaks_store").fetchall())
        ours = marks.get("application") == POSTGRES_MARK
        try:
            version = int(marks.get("version", "0"))
        except ValueError:
            version, ours = 0, False
        return Found(ours, version, tables, f"its tripeaks_store says {marks!r:.100}")

    def mark(self, conn: Connection, version: int) -> None:
        conn.execute("CREATE TABLE IF NOT EXISTS tripeaks_store (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
        for name, value in (("application", POSTGRES_MARK), ("version", str(int(version)))):
            conn.execute(
                "INSERT INTO tripeaks_store (name, value) VALUES (%s, %s) "
                "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                (name, value),
            )

    def lock_schema(self, conn: Connection) -> None:
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (APPLICATION_ID,))

    def columns(self, conn: Connection, table: str) -> set[str]:
        # The catalog, which shows every column to every user (information_schema hides those a
        # user may not read: the players' role cannot read the play tokens).
        rows = conn.execute(
            "SELECT a.attname::text FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relname = %s "
            "AND c.relnamespace = current_schema()::regnamespace AND a.attnum > 0 AND NOT a.attisdropped",
            (table,),
        )
        return {row[0] for row in rows}

    def table_kinds(self, conn: Connection) -> dict[str, str]:
        rows = conn.execute(
            "SELECT relname::text, CASE WHEN relkind IN ('r', 'p') THEN 'table' WHEN relkind IN ('v', 'm') THEN 'view' "
            "ELSE 'foreign table' END FROM pg_class WHERE relnamespace = current_schema()::regnamespace "
            "AND relkind IN ('r', 'p', 'v', 'm', 'f')"
        )
        return dict(rows.fetchall())

    def transient(self, error: BaseException) -> bool:
        errors = self.psycopg.errors
        return isinstance(
            error,
            (
                Missed,
                Unreachable,
                errors.LockNotAvailable,
                errors.SerializationFailure,
                errors.DeadlockDetected,
                errors.AdminShutdown,
                errors.CannotConnectNow,
                self.psycopg.OperationalError,
            ),
        )

    def refuses_row(self, error: BaseException) -> bool:
        return isinstance(error, self.psycopg.IntegrityError)  # a check, a constraint, the function's own checks

    def denied(self, error: BaseException) -> bool:
        return isinstance(error, self.psycopg.errors.InsufficientPrivilege)  # a grant, or row-level security

    def student(self, conn: Connection) -> str | None:
        # A student's role (made by .roles) is a direct member of <role>_students, itself a member of
        # the players' role <role>; row-level security then takes its own name only.
        row = conn.execute(
            "SELECT session_user::text WHERE EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles u ON "
            "u.oid = m.member JOIN pg_roles g ON g.oid = m.roleid JOIN pg_auth_members p ON p.member = g.oid "
            "JOIN pg_roles r ON r.oid = p.roleid WHERE u.rolname = session_user AND g.rolname = r.rolname || "
            "'_students')"
        ).fetchone()
        return None if row is None else row[0]

    def full(self, error: BaseException) -> bool:
        return isinstance(error, self.psycopg.errors.DiskFull)  # the server's disk

    def busy(self, error: BaseException) -> bool:
        errors = self.psycopg.errors
        return isinstance(error, (errors.LockNotAvailable, errors.SerializationFailure, errors.DeadlockDetected))

    def lost(self, error: BaseException) -> bool:
        """Whether ``error`` ended the connection (a server restart, say), so the same read on a new
        one may well work."""
        errors = self.psycopg.errors
        return isinstance(error, (errors.AdminShutdown, self.psycopg.OperationalError)) and not isinstance(
            error, (errors.LockNotAvailable, errors.QueryCanceled)
        )


def install_function(conn: ServerConnection, owner: str, callers: list[str]) -> None:
    """Write this version's ``tripeaks_record()`` in the current schema (dropping an earlier version's
    parameters), owned by the role ``owner``, which ``callers`` alone may call; in the transaction open
    on ``conn``. PostgreSQL lets ownership move only to a role with CREATE on the schema: the owner
    gets it for that step and loses it again, so the function's role may create nothing."""
    from psycopg import sql

    schema = conn.execute("SELECT current_schema()").fetchone()[0]
    ident = sql.Identifier
    made = sql.SQL("{}.{}({})").format(
        ident(schema), ident(writes.FUNCTION), sql.SQL(", ".join(writes.TYPES.get(c, "text") for c in writes.WRITTEN))
    )
    conn.execute(writes.function_sql(schema).encode())
    others = conn.execute(
        "SELECT p.oid::regprocedure::text FROM pg_proc p WHERE p.proname = %s AND p.pronamespace = "
        "current_schema()::regnamespace AND p.oid <> to_regprocedure(%s)",
        (writes.FUNCTION, _SIGNATURE),
    ).fetchall()
    for (shown,) in others:  # an earlier version's parameters: this version never calls it
        conn.execute(sql.SQL("DROP FUNCTION {}").format(sql.SQL(shown)))
    held = conn.execute(
        "SELECT pg_get_userbyid(proowner)::text FROM pg_proc WHERE oid = to_regprocedure(%s)", (_SIGNATURE,)
    )
    if held.fetchone()[0] != owner:
        conn.execute(sql.SQL("GRANT CREATE ON SCHEMA {} TO {}").format(ident(schema), ident(owner)))
        conn.execute(sql.SQL("ALTER FUNCTION {} OWNER TO {}").format(made, ident(owner)))
        conn.execute(sql.SQL("REVOKE CREATE ON SCHEMA {} FROM {}").format(ident(schema), ident(owner)))
    conn.execute(sql.SQL("REVOKE ALL ON FUNCTION {} FROM PUBLIC").format(made))
    for caller in callers:
        conn.execute(sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}").format(made, ident(caller)))
