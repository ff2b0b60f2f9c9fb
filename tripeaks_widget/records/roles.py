"""A class's PostgreSQL store with two kinds of credentials: the teacher's, and the players'.

``python -m tripeaks_widget.records setup URL`` (run with the owner's credentials) makes the
tables, and three roles around them:

- the players' role (``tripeaks_player``; ``--role`` names it), which can log in, read the
  tables, and record a result only by calling the store's function ``tripeaks_record()``: no
  INSERT, UPDATE or DELETE of its own, no DDL;
- ``<role>_writer``, which cannot log in, owns that function and may insert and update the
  results and bests: the function runs as it (SECURITY DEFINER), so a player can do through it
  exactly what recording a result does;
- ``<role>_students``, the group of per-student roles (``--students FILE``, one name a line),
  each of which can log in as itself and does what the players' role does. Row-level security
  on the tables makes a student's results carry the student's own role name: recording under
  another's name is refused, and a board on a student's URL plays as that student by default.

A student's name is a player's name (1 to 64 characters, without control characters, line or
paragraph separators) and a whole PostgreSQL role name: at most 63 bytes in UTF-8, since the
server silently cuts a longer one (a Greek letter takes two bytes). A students file is split at
line feeds only, and a name that breaks these rules is refused, naming its line.

Setup needs no superuser: the database's owner (a role with LOGIN and CREATEROLE that owns the
database, and so its schema public, or owns the schema the URL names) runs it, in one transaction,
so a set-up that fails leaves nothing made and says what to grant. The function belongs to the
writer, which may create nothing: PostgreSQL gives a function only to a role with CREATE on its
schema, so the writer holds CREATE for that one statement (:func:`.postgres.install_function`).

Setup makes only roles it owns: a listed student that exists already must be one this set-up
made a student of this store (each is written down in the store's ``tripeaks_students`` table),
and the three roles around the tables, when they exist, must be plain roles. Any other existing
role (the owner, ``<role>_writer``, a superuser, a role with rights of its own) is refused, named,
and nothing is changed.

It prints one line per student (name, a tab, the student's URL), then, as its last line, the
URL players are given.

Run again (to bring the store up to date after an upgrade, to repair its grants, or to add
students), it keeps every role that exists and its password, so the URLs handed out before
still work: it prints the URLs of the roles it made this time only, and no players' URL when
that role was kept (a password is never stored, so it cannot be printed again). ``new_passwords``
sets new passwords for the players' role and the students named, and prints them all; the URLs
handed out before then stop working.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import quote, urlsplit, urlunsplit

from ..engine.errors import InvalidRecordsError, RecordsError
from .backends import Connection
from .locate import Location, locate
from .postgres import Postgres, ServerConnection, install_function
from .results import check_player
from .schema import RESULT_COLUMNS, upgrade

TABLES = ("results", "bests", "player_bests", "challenges", "tripeaks_store")  # the players read every one
STUDENTS_TABLE = "tripeaks_students"  # the roles this set-up made students of this store, one a row
WRITTEN_TABLES = ("results", "bests", "player_bests")  # each has a player column: the result's, or the holder's
ROLE_NAME_BYTES = 63  # a PostgreSQL role name's room (NAMEDATALEN - 1); the server cuts a longer one
OWN_ROLES = ("", "_writer", "_students")  # the store's roles: the players' role's name and these after it
# What the user that runs the set-up needs (docs/howto/shared-records.md lists it too).
PRIVILEGES = (
    "a user with LOGIN and CREATEROLE that owns the database (and so its schema public), or owns the schema the URL "
    "names; no superuser is needed (as one: ALTER ROLE teacher CREATEROLE; ALTER DATABASE school OWNER TO teacher)"
)


def check_role_name(name: str, what: str = "a role name") -> str:
    """``name`` if PostgreSQL keeps it whole as a role name: 1 to 63 bytes in UTF-8, no NUL."""
    size = len(name.encode("utf-8", "surrogatepass"))
    if not name or "\x00" in name or size > ROLE_NAME_BYTES:
        raise InvalidRecordsError(
            f"{what} {name!r:.80} is {size} bytes in UTF-8, and PostgreSQL cuts a role name past "
            f"{ROLE_NAME_BYTES} bytes; expected 1 to {ROLE_NAME_BYTES} bytes without NUL (a shorter name, or the "
            "hub's ASCII user name)"
        )
    return name


def check_student(name: str) -> str:
    """A student's name: a player's name that is also a whole role name (``InvalidRecordsError`` if not)."""
    try:
        check_player(name)
    except ValueError as error:
        raise InvalidRecordsError(str(error)) from None
    return check_role_name(name, "the student name")


def student_names(text: str, source: str) -> list[str]:
    """The names in a students file's ``text``: one a line, split at line feeds only (a line may end
    in CR LF), spaces at either end dropped, blank lines skipped. A name that is not a student's
    name raises ``InvalidRecordsError`` naming ``source`` and the line."""
    names = []
    for number, line in enumerate(text.split("\n"), start=1):
        name = line.removesuffix("\r").strip(" ")
        if not name:
            continue
        try:
            names.append(check_student(name))
        except InvalidRecordsError as error:
            raise InvalidRecordsError(f"{source}, line {number}: {error}") from None
    return names


@dataclass
class SetUp:
    """What the set-up made: the players' URL and each student's, for the roles given a password
    by this run (``players_url`` is None when the players' role kept its own), and the roles
    that kept theirs."""

    players_url: str | None
    students: dict[str, str] = field(default_factory=dict)
    kept: list[str] = field(default_factory=list)


def setup(
    url: str, *, role: str = "tripeaks_player", students: Iterable[str] = (), new_passwords: bool = False
) -> SetUp:
    """Make (or bring up to date) the store at ``url`` and its roles; see the module's words."""
    place = locate(url)
    names = list(dict.fromkeys(check_student(name.strip()) for name in students if name.strip()))
    for suffix in OWN_ROLES:
        what = f"the store's role {role}{suffix} (from --role)" if suffix else "the players' role"
        check_role_name(role + suffix, what)
    import psycopg

    backend = Postgres(place, 30.0)  # for its checks, its dialect and its words: the connection is this one's
    passwords: dict[str, str] = {}  # the login roles given a password by this run
    kept: list[str] = []
    # One transaction: a set-up that fails leaves nothing made and nothing changed.
    with psycopg.connect(place.conninfo, autocommit=True, connect_timeout=10) as conn:
        try:
            with conn.transaction():
                _refuse_others(conn, place, role, names)
                backend.suitable(conn)
                upgrade(backend, conn)  # the tables, as the owner
                _make(conn, role, names, new_passwords, passwords, kept)
        except psycopg.errors.InsufficientPrivilege as error:
            raise RecordsError(
                f"{place.where}: the set-up failed ({backend.say(error)}), and nothing was made or changed; expected "
                f"{PRIVILEGES}"
            ) from None
    return SetUp(
        _url_as(place, role, passwords[role]) if role in passwords else None,
        {name: _url_as(place, name, passwords[name]) for name in names if name in passwords},
        kept,
    )


def _make(
    conn: ServerConnection, role: str, names: list[str], new_passwords: bool, passwords: dict[str, str], kept: list[str]
) -> None:
    """The roles, grants, policies and function of the store, in the transaction open on ``conn``:
    the passwords set go in ``passwords``, the login roles that keep theirs in ``kept``."""
    from psycopg import sql

    (schema,) = conn.execute("SELECT current_schema()").fetchone()
    ident, literal = sql.Identifier, sql.Literal
    player, writer, group = ident(role), ident(f"{role}_writer"), ident(f"{role}_students")

    def run(statement: str, *args: sql.Composable) -> None:
        conn.execute(sql.SQL(statement).format(*args))

    def make_role(name: str, login: bool) -> None:
        exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone() is not None
        options: sql.Composable
        if not login:
            options = sql.SQL("NOLOGIN")
        elif exists and not new_passwords:  # its URL, handed out before, keeps working
            options = sql.SQL("LOGIN")
            kept.append(name)
        else:
            passwords[name] = secrets.token_urlsafe(18)
            options = sql.SQL("LOGIN PASSWORD {}").format(literal(passwords[name]))
        run(f"{'ALTER' if exists else 'CREATE'} ROLE {{}} WITH {{}}", ident(name), options)

    make_role(role, True)
    make_role(f"{role}_writer", False)
    make_role(f"{role}_students", False)
    run("GRANT {} TO {}", player, group)  # a student does what a player does
    run("REVOKE {} FROM {}", group, writer)  # an earlier version's slip: the writer is no student
    run("GRANT {} TO CURRENT_USER", writer)  # to make it the function's owner
    tables = sql.SQL(", ").join(ident(t) for t in TABLES)
    written = sql.SQL(", ").join(ident(t) for t in WRITTEN_TABLES)
    run("REVOKE ALL ON {} FROM PUBLIC", tables)
    run("REVOKE CREATE ON SCHEMA {} FROM PUBLIC", ident(schema))
    run("GRANT USAGE ON SCHEMA {} TO {}, {}", ident(schema), player, writer)
    readable = sql.SQL(", ").join(ident(t) for t in TABLES if t != "results")
    run("GRANT SELECT ON {} TO {}", readable, player)
    # Every column of the results but the play tokens, which only the store's function sees.
    columns = sql.SQL(", ").join(ident(c) for c in RESULT_COLUMNS)
    run("GRANT SELECT ({}) ON results TO {}", columns, player)
    run("GRANT SELECT, INSERT, UPDATE ON {} TO {}", written, writer)
    (numbers,) = conn.execute("SELECT pg_get_serial_sequence('results', 'id')").fetchone()
    run("GRANT USAGE ON SEQUENCE {} TO {}", sql.SQL(numbers), writer)  # the results' ids, and nothing else's
    install_function(conn, f"{role}_writer", [role])
    # A student's (a direct member of the group's) rows carry the student's name. (pg_has_role
    # would count a superuser as a member of every role, and refuse the teacher's own results.)
    own = sql.SQL(
        "player = session_user OR NOT EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = "
        "m.roleid JOIN pg_roles u ON u.oid = m.member WHERE g.rolname = {} AND u.rolname = session_user)"
    ).format(literal(f"{role}_students"))
    for table in WRITTEN_TABLES:
        run("ALTER TABLE {} ENABLE ROW LEVEL SECURITY", ident(table))
        for policy, rule in (
            ("tripeaks_read", sql.SQL("FOR SELECT USING (true)")),
            ("tripeaks_own_name", sql.SQL("FOR INSERT WITH CHECK ({})").format(own)),
            ("tripeaks_own_update", sql.SQL("FOR UPDATE USING (true) WITH CHECK ({})").format(own)),
        ):
            run("DROP POLICY IF EXISTS {} ON {}", ident(policy), ident(table))
            run("CREATE POLICY {} ON {} {}", ident(policy), ident(table), rule)
    run(f"CREATE TABLE IF NOT EXISTS {STUDENTS_TABLE} (name TEXT PRIMARY KEY)")
    run(f"REVOKE ALL ON {STUDENTS_TABLE} FROM PUBLIC")
    for name in names:
        make_role(name, True)
        run("GRANT {} TO {}", group, ident(name))
        conn.execute(f"INSERT INTO {STUDENTS_TABLE} VALUES (%s) ON CONFLICT DO NOTHING", (name,))


def _refuse_others(conn: Connection, place: Location, role: str, students: list[str]) -> None:
    """Raise ``RecordsError``, naming them, when a listed role exists and is not this store's to
    set up: the owner, a superuser or any role with rights of its own, a role of the store's own
    listed as a student, or a student not made a student of this store by this set-up."""
    own = [role, f"{role}_writer", f"{role}_students"]
    # What each may belong to (an earlier version put a writer listed as a student in the group).
    members_of = {role: set(), f"{role}_writer": {f"{role}_students"}, f"{role}_students": {role}}
    marked = _marked_students(conn, role)
    refused = []
    for name in dict.fromkeys(own + students):
        row = conn.execute(
            "SELECT r.rolname = current_user, r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolreplication "
            "OR r.rolbypassrls, ARRAY(SELECT g.rolname::text FROM pg_auth_members m JOIN pg_roles g ON "
            "g.oid = m.roleid WHERE m.member = r.oid) FROM pg_roles r WHERE r.rolname = %s",
            (name,),
        ).fetchone()
        if row is None:
            continue  # a new role: this set-up makes it
        is_owner, special, member_of = row
        if is_owner:
            refused.append(f"{name} (the store's owner)")
        elif special:
            refused.append(f"{name} (a superuser, or a role that may create roles, databases or replicate)")
        elif name in own and name in students:
            refused.append(f"{name} (one of the store's own roles, not a student)")
        elif name in own:
            if not set(member_of) <= members_of[name]:
                refused.append(f"{name} (a member of {', '.join(sorted(member_of))}, more than the store's role is)")
        elif name not in marked or set(member_of) != {f"{role}_students"}:
            refused.append(f"{name} (a role that this set-up did not make a student of this store)")
    if refused:
        raise RecordsError(
            f"{place.where}: these roles exist and are not this store's to set up: {'; '.join(refused)}; expected "
            "new names, or students this set-up made for this store. Nothing was changed."
        )


def _marked_students(conn: Connection, role: str) -> set[str]:
    """The students this set-up made for this store. A store set up before they were marked has no
    table of them: its students are the plain roles in the group that belong to nothing else and
    own nothing, and hold no rights of their own."""
    if conn.execute("SELECT to_regclass(%s)", (STUDENTS_TABLE,)).fetchone()[0] is not None:
        return {row[0] for row in conn.execute(f"SELECT name FROM {STUDENTS_TABLE}")}
    rows = conn.execute(
        "SELECT u.rolname::text FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles u "
        "ON u.oid = m.member WHERE g.rolname = %s AND NOT EXISTS (SELECT 1 FROM pg_shdepend d WHERE "
        "d.refclassid = 'pg_authid'::regclass AND d.refobjid = u.oid) AND NOT EXISTS (SELECT 1 FROM "
        "pg_database b WHERE b.datdba = u.oid)",
        (f"{role}_students",),
    )
    return {row[0] for row in rows}


def _url_as(place: Location, user: str, password: str) -> str:
    """The store's URL (or keyword string) with another user and password."""
    if not place.conninfo.startswith("postgresql://"):
        from psycopg.conninfo import make_conninfo

        return make_conninfo(place.conninfo, user=user, password=password)
    parts = urlsplit(place.conninfo)
    host = parts.netloc.rsplit("@", 1)[-1]
    query = "&".join(
        pair for pair in parts.query.split("&") if pair and pair.split("=", 1)[0].lower() not in ("user", "password")
    )
    netloc = f"{quote(user, safe='')}:{quote(password, safe='')}@{host}"
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))
