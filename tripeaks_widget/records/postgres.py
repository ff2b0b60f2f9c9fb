"""A records store on a PostgreSQL server, shared by every player who is given its URL.

Connections come from one small pool per store per process (psycopg_pool), so a kernel
holds at most ``POOL_SIZE`` connections to a store however many boards it opens. The
writer and the readers take connections of their own from it: a read never waits behind a
write. Every use of a connection has a client-side deadline (:mod:`.deadline`), the pool
checks a connection before handing it out (one a server restart ended is replaced), and
each connection speaks UTF-8 whatever the server's own encoding.
"""

from __future__ import annotations

import logging
import re
from contextlib import contextmanager
from typing import Any

from . import writes
from .backends import APPLICATION_ID, LOCK_WAIT, Backend, Found
from .deadline import Missed, deadline
from .locate import APP_NAME, Location, RecordsError
from .registry import SHARED

POSTGRES_MARK = "tripeaks-widget records"  # the 'application' row of a PostgreSQL store's tripeaks_store
CONNECT_TIMEOUT = 5  # seconds to reach a PostgreSQL server (libpq's connect_timeout)
SERVER_WAIT = 5.0  # seconds one statement or transaction may take before its connection is cut
CHECK_WAIT = 1.0  # seconds a pooled connection has to answer the check before it is handed out
POOL_SIZE = 3  # connections per store per process: the writer's, and two readers'
IDLE_IN_TRANSACTION = "60s"  # the server ends a transaction a vanished client left open

log = logging.getLogger("tripeaks_widget")
# On psycopg_pool's logger: its records then never reach Python's last-resort stderr handler,
# and go on to any handler a program sets up (they propagate as before).
POOL_LOG_QUIET = logging.NullHandler()

_SIGNATURE = f"{writes.FUNCTION}({', '.join(writes.TYPES.get(c, 'text') for c in writes.WRITTEN)})"


class Unreachable(RecordsError):
    """The server could not be reached, or did not answer in time: worth another try later."""


class ServerDown(RecordsError):
    """The server cannot be reached as the store is opened (as against refusing this user, say)."""


# What libpq says when no server answers, as against one that refuses (a wrong password, say).
_DOWN = re.compile(
    r"(?i)connection refused|timeout expired|timed out|is starting up|is shutting down|in recovery mode|"
    r"no route to host|network is unreachable|server closed the connection|could not (receive|send) data|"
    r"too many clients|could not connect to server"
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
        self._pool: Any = None
        self._function: bool | None = None
        try:
            import psycopg
            import psycopg_pool
        except ImportError:
            raise RecordsError(
                f"{self.where}: a PostgreSQL store needs the psycopg and psycopg_pool packages; expected them "
                "installed (pip install 'tripeaks-widget[postgres]')"
            ) from None
        self.psycopg, self.psycopg_pool = psycopg, psycopg_pool
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

    def _options(self) -> dict:
        return {
            "autocommit": True,
            "connect_timeout": CONNECT_TIMEOUT,
            "application_name": APP_NAME,
            "client_encoding": "UTF8",
        }

    def _configure(self, conn) -> None:
        with deadline(conn, self.wait):
            conn.execute(
                f"SET lock_timeout = '{int(LOCK_WAIT * 1000)}ms'; "
                f"SET idle_in_transaction_session_timeout = '{IDLE_IN_TRANSACTION}'"
            )

    def connect(self):
        """A connection of its own (to open the store and say clearly why it cannot be)."""
        psycopg = self.psycopg
        try:
            conn = psycopg.connect(self.url, **self._options())
        except psycopg.Error as error:
            kind = ServerDown if _DOWN.search(str(error)) else RecordsError
            raise kind(
                f"{self.where}: cannot connect to the PostgreSQL server ({self.say(error)}); expected a running "
                "server that accepts this user and password, and an existing database."
            ) from None
        try:
            self._configure(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    def start(self) -> None:
        """Take the process's pool for this database (made without connecting: nothing here waits)."""
        if self._pool is None:
            self._pool = SHARED.take("pool", self.place, self.make_pool)

    def open(self, prepare) -> bool:
        conn = self.connect()  # ServerDown: the store opens all the same, and is prepared through the pool later
        try:
            with deadline(conn, max(self.wait, self.timeout)):
                prepare(conn, False)
        except (self.psycopg.Error, Missed) as error:
            if isinstance(error, self.psycopg.errors.LockNotAvailable):
                raise  # another process is starting the store: the caller waits and tries again
            raise RecordsError(
                f"{self.where}: cannot be read ({self.say(error)}); expected {self.expected()}."
            ) from None
        finally:
            conn.close()
        return False

    def _check(self, conn) -> None:
        try:
            with deadline(conn, CHECK_WAIT):
                conn.execute("")
        except Missed as error:  # as the pool expects of a failed check: a driver's error
            raise self.psycopg.OperationalError(str(error)) from None

    def make_pool(self):
        """A new pool of connections to this store's server (psycopg_pool), for the registry to share.
        The pool logs each failed attempt to connect; where logging is not set up, a player sees the
        store's one notice instead (a configured handler still gets them)."""
        logging.getLogger("psycopg.pool").addHandler(POOL_LOG_QUIET)
        return self.psycopg_pool.ConnectionPool(
            self.url,
            kwargs=self._options(),
            min_size=0,
            max_size=POOL_SIZE,
            open=True,
            configure=self._configure,
            check=self._check,
            name=f"tripeaks-records {self.where}",
            timeout=self.wait,
            max_idle=60.0,
            reconnect_timeout=2 * CONNECT_TIMEOUT,
        )

    @contextmanager
    def connection(self, write: bool = False):
        pool = self._pool
        try:
            conn = pool.getconn(timeout=self.wait)
        except self.psycopg_pool.PoolTimeout:
            raise Unreachable(self._why_unreachable(write)) from None
        try:
            with deadline(conn, self.wait):
                yield conn
        finally:
            pool.putconn(conn)

    def _why_unreachable(self, write: bool) -> str:
        """Why the pool had no connection to give. For a write, a server that refuses this user (a
        password changed since) is said in its own words, as against one that does not answer."""
        try:
            if write:  # (the writer's thread may wait for it; a read never does)
                self.psycopg.connect(self.url, **self._options()).close()
        except self.psycopg.Error as error:
            if not _DOWN.search(str(error)):
                return f"{self.where}: the PostgreSQL server refuses the connection ({self.say(error)})"
        return f"{self.where}: the PostgreSQL server could not be reached within {self.wait:g} s"

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None and SHARED.give("pool", self.place, pool):
            try:
                pool.close(timeout=1.0)
            except Exception:  # already closing
                pass

    # -- what the database holds --------------------------------------------------------------------

    def after_migration(self, conn) -> None:
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
        with conn.transaction():
            install_function(conn, owner, callers)

    def sql(self, text: str) -> str:
        return text.replace("INTEGER PRIMARY KEY", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY").replace(
            "?", "%s"
        )

    def through_function(self, conn) -> bool:
        # Looked up once per store: set up for a class (see .roles), the store has the function,
        # and its players may call it but not write the tables.
        if self._function is None:
            found = conn.execute("SELECT to_regprocedure(%s) IS NOT NULL", (_SIGNATURE,)).fetchone()[0]
            self._function = bool(found)
        return self._function

    def suitable(self, conn) -> None:
        # Each connection speaks UTF-8 (client_encoding); a server in another encoding would turn
        # away, at write time, a name it cannot spell (Ζωή on LATIN1). SQL_ASCII keeps the bytes as sent.
        encoding = conn.execute("SHOW server_encoding").fetchone()[0]
        if encoding not in ("UTF8", "SQL_ASCII"):
            raise RecordsError(
                f"{self.where}: the database's encoding is {encoding}, which cannot hold every player's name "
                "(Ζωή, דנה, Þór); expected a database in UTF8 (CREATE DATABASE … ENCODING 'UTF8' TEMPLATE "
                f"template0, or createdb -E UTF8 -T template0). {self.leave_it()}"
            )

    def inspect(self, conn) -> Found:
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

    def mark(self, conn, version: int) -> None:
        conn.execute("CREATE TABLE IF NOT EXISTS tripeaks_store (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
        for name, value in (("application", POSTGRES_MARK), ("version", str(int(version)))):
            conn.execute(
                "INSERT INTO tripeaks_store (name, value) VALUES (%s, %s) "
                "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                (name, value),
            )

    def lock_schema(self, conn) -> None:
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (APPLICATION_ID,))

    def columns(self, conn, table: str) -> set[str]:
        # The catalog, which shows every column to every user (information_schema hides those a
        # user may not read: the players' role cannot read the play tokens).
        rows = conn.execute(
            "SELECT a.attname::text FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relname = %s "
            "AND c.relnamespace = current_schema()::regnamespace AND a.attnum > 0 AND NOT a.attisdropped",
            (table,),
        )
        return {row[0] for row in rows}

    def table_kinds(self, conn) -> dict[str, str]:
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

    def student(self, conn) -> str | None:
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


def install_function(conn, owner: str, callers: list[str]) -> None:
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
