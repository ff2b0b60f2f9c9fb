"""The store's tables, step by step, and the check a store passes before anything is written.

``MIGRATIONS[i]`` takes a store from schema version i to version i + 1; the current version
is ``len(MIGRATIONS)``. Steps only ever get appended: a released step never changes. Each
statement is SQLite's text with ``?`` placeholders, which a backend turns into its dialect;
a statement given as ``(sql, values)`` takes its parameters from ``values()`` as it runs.

- ``results``: one row per recorded result (a play, identified by its ``token``).
- ``bests``: the best unassisted result of each game, layout and rule set in each category (played by
  hand, or scripted); its primary key and a conditional update settle, in the database, who is
  first to win and who breaks a record.
- ``player_bests``: the same per player, for the personal best.

A step that each database takes its own way is a :class:`Dialects` (SQLite cannot change a
primary key in place; PostgreSQL can, and so keeps the grants and policies of a class's store).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from ..engine.errors import InvalidRecordsError, RecordsError
from .backends import Backend, Connection, Found
from .player import default_player
from .results import DEFAULT_LAYOUT, HAND, MOST_CARDS_LEFT


@dataclass(frozen=True)
class Dialects:
    """Statements that SQLite and PostgreSQL each write their own way (by the backend's ``kind``)."""

    sqlite: tuple[str, ...]
    postgresql: tuple[str, ...]

    def of(self, kind: str) -> tuple[str, ...]:
        """The statements of the database of ``kind`` (a backend's ``kind``)."""
        return self.postgresql if kind == "PostgreSQL" else self.sqlite


# A migration's statement: the same SQL for both databases (and its values, computed as it runs), or each its own.
Statement = str | tuple[str, Callable[[], tuple[object, ...]]] | Dialects

_BEST_OF = (
    "SELECT {key}, r.cards_left, r.moves FROM results r WHERE r.assists = '' AND NOT EXISTS ("
    "SELECT 1 FROM results o WHERE o.assists = '' AND {same} AND (o.cards_left < r.cards_left OR "
    "(o.cards_left = r.cards_left AND (o.moves < r.moves OR (o.moves = r.moves AND o.id < r.id)))))"
)

_BESTS_COLUMNS = "rules, number, player, cards_left, moves, was_cards_left, was_moves"
_MINE_COLUMNS = "player, rules, number, cards_left, moves, was_cards_left, was_moves"


def _keyed_by_category(table: str, columns: str, key: str) -> Dialects:
    """``table`` with a category column in its primary key (``key``): SQLite makes the table again
    (its documented way to change a primary key), PostgreSQL alters it in place."""
    made = (
        f"CREATE TABLE {table}_by_category (player TEXT NOT NULL, rules TEXT NOT NULL, number INTEGER NOT NULL, "
        "cards_left INTEGER NOT NULL, moves INTEGER NOT NULL, was_cards_left INTEGER, was_moves INTEGER, "
        f"category TEXT NOT NULL DEFAULT '{HAND}', PRIMARY KEY ({key}))"
    )
    return Dialects(
        sqlite=(
            made,
            f"INSERT INTO {table}_by_category ({columns}) SELECT {columns} FROM {table}",
            f"DROP TABLE {table}",
            f"ALTER TABLE {table}_by_category RENAME TO {table}",
        ),
        postgresql=(
            f"ALTER TABLE {table} ADD COLUMN category TEXT NOT NULL DEFAULT '{HAND}'",
            f"ALTER TABLE {table} DROP CONSTRAINT {table}_pkey, ADD PRIMARY KEY ({key})",
        ),
    )


def _read_as_player_is(column: str) -> Dialects:
    """On a class's store, whoever may read a result's player may read its ``column`` too (the
    players read the results column by column: see .roles)."""
    return Dialects(
        sqlite=(),
        postgresql=(
            f"""DO $grant$ DECLARE reader record; BEGIN
    FOR reader IN SELECT DISTINCT grantee FROM information_schema.column_privileges WHERE table_schema =
        current_schema() AND table_name = 'results' AND column_name = 'player' AND privilege_type = 'SELECT'
        AND grantee NOT IN ('PUBLIC', current_user) LOOP
        EXECUTE 'GRANT SELECT ({column}) ON results TO ' || quote_ident(reader.grantee);
    END LOOP;
END $grant$""",
        ),
    )


_CATEGORY_READ_AS_PLAYER_IS = _read_as_player_is("category")
# ... and whoever may read the bests may read the class's challenges.
_CHALLENGES_READ_AS_BESTS_ARE = Dialects(
    sqlite=(),
    postgresql=(
        """DO $grant$ DECLARE reader record; BEGIN
    FOR reader IN SELECT DISTINCT grantee FROM information_schema.table_privileges WHERE table_schema =
        current_schema() AND table_name = 'bests' AND privilege_type = 'SELECT'
        AND grantee NOT IN ('PUBLIC', current_user) LOOP
        EXECUTE 'GRANT SELECT ON challenges TO ' || quote_ident(reader.grantee);
    END LOOP;
END $grant$""",
    ),
)
CHANGED_CHANNEL = "tripeaks_records"  # what a class board LISTENs to (see .live)
_NOTIFY_CHANGES = Dialects(
    sqlite=(),
    postgresql=(
        f"""CREATE OR REPLACE FUNCTION tripeaks_changed() RETURNS trigger LANGUAGE plpgsql AS $changed$ BEGIN
    PERFORM pg_notify('{CHANGED_CHANNEL}', TG_TABLE_SCHEMA);
    RETURN NULL;
END $changed$""",
        *(
            statement
            for table in ("results", "challenges")
            for statement in (
                f"DROP TRIGGER IF EXISTS tripeaks_{table}_changed ON {table}",  # a step tried again makes it anew
                f"CREATE TRIGGER tripeaks_{table}_changed AFTER INSERT OR UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION tripeaks_changed()",
            )
        ),
    ),
)
_KEYED_BY_CATEGORY = (
    _keyed_by_category("bests", _BESTS_COLUMNS, "category, rules, number"),
    _keyed_by_category("player_bests", _MINE_COLUMNS, "player, category, rules, number"),
    _CATEGORY_READ_AS_PLAYER_IS,
)


_LAYOUT_COLUMN = f"layout TEXT NOT NULL DEFAULT '{DEFAULT_LAYOUT}'"
_RESULTS_COLUMNS = (
    "id, rules, number, outcome, cards_left, moves, score, draws, longest_run, finished_at, player, assists, token, "
    "category"
)
# Schema 5's results: a layout per result, and cards left up to the most slots a layout has.
_RESULTS_BY_LAYOUT = Dialects(
    sqlite=(
        f"""CREATE TABLE results_by_layout (
            id INTEGER PRIMARY KEY,
            rules TEXT NOT NULL,
            number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 50000),
            outcome TEXT NOT NULL CHECK (outcome IN ('won', 'blocked', 'abandoned')),
            cards_left INTEGER NOT NULL CHECK (cards_left BETWEEN 0 AND {MOST_CARDS_LEFT}),
            moves INTEGER NOT NULL CHECK (moves >= 0),
            score INTEGER NOT NULL,
            draws INTEGER NOT NULL CHECK (draws >= 0),
            longest_run INTEGER NOT NULL CHECK (longest_run >= 0),
            finished_at TEXT NOT NULL,
            player TEXT NOT NULL DEFAULT '',
            assists TEXT NOT NULL DEFAULT '',
            token TEXT,
            category TEXT NOT NULL DEFAULT '{HAND}',
            {_LAYOUT_COLUMN}
        )""",
        f"INSERT INTO results_by_layout ({_RESULTS_COLUMNS}) SELECT {_RESULTS_COLUMNS} FROM results",
        "DROP TABLE results",
        "ALTER TABLE results_by_layout RENAME TO results",
        "CREATE UNIQUE INDEX results_by_token ON results (token)",
    ),
    postgresql=(
        f"ALTER TABLE results ADD COLUMN {_LAYOUT_COLUMN}",
        "ALTER TABLE results DROP CONSTRAINT IF EXISTS results_cards_left_check, ADD CONSTRAINT "
        f"results_cards_left_check CHECK (cards_left BETWEEN 0 AND {MOST_CARDS_LEFT})",
        "DROP INDEX IF EXISTS results_by_game",
        "DROP INDEX IF EXISTS results_by_player",
    ),
)


def _keyed_by_layout(table: str, columns: str, key: str) -> Dialects:
    """``table`` (keyed by category since schema 3) with a layout column in its primary key (``key``)."""
    made = (
        f"CREATE TABLE {table}_by_layout (player TEXT NOT NULL, rules TEXT NOT NULL, number INTEGER NOT NULL, "
        "cards_left INTEGER NOT NULL, moves INTEGER NOT NULL, was_cards_left INTEGER, was_moves INTEGER, "
        f"category TEXT NOT NULL DEFAULT '{HAND}', {_LAYOUT_COLUMN}, PRIMARY KEY ({key}))"
    )
    return Dialects(
        sqlite=(
            made,
            f"INSERT INTO {table}_by_layout ({columns}, category) SELECT {columns}, category FROM {table}",
            f"DROP TABLE {table}",
            f"ALTER TABLE {table}_by_layout RENAME TO {table}",
        ),
        postgresql=(
            f"ALTER TABLE {table} ADD COLUMN {_LAYOUT_COLUMN}",
            f"ALTER TABLE {table} DROP CONSTRAINT {table}_pkey, ADD PRIMARY KEY ({key})",
        ),
    )


MIGRATIONS: list[Sequence[Statement]] = [
    # 0 -> 1: one row per recorded result.
    (
        """CREATE TABLE results (
            id INTEGER PRIMARY KEY,
            rules TEXT NOT NULL,
            number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 50000),
            outcome TEXT NOT NULL CHECK (outcome IN ('won', 'blocked', 'abandoned')),
            cards_left INTEGER NOT NULL CHECK (cards_left BETWEEN 0 AND 28),
            moves INTEGER NOT NULL CHECK (moves >= 0),
            score INTEGER NOT NULL,
            draws INTEGER NOT NULL CHECK (draws >= 0),
            longest_run INTEGER NOT NULL CHECK (longest_run >= 0),
            finished_at TEXT NOT NULL
        )""",
        "CREATE INDEX results_by_game ON results (rules, number, cards_left, moves)",
    ),
    # 1 -> 2: players, assists, a token per play, and the bests that settle notices in the database.
    # A version 1 store was one person's: its results are theirs.
    (
        "ALTER TABLE results ADD COLUMN player TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE results ADD COLUMN assists TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE results ADD COLUMN token TEXT",
        "CREATE UNIQUE INDEX results_by_token ON results (token)",
        "CREATE INDEX results_by_player ON results (player, rules, number)",
        ("UPDATE results SET player = ? WHERE player = ''", lambda: (default_player(),)),
        """CREATE TABLE bests (
            rules TEXT NOT NULL,
            number INTEGER NOT NULL,
            player TEXT NOT NULL,
            cards_left INTEGER NOT NULL,
            moves INTEGER NOT NULL,
            was_cards_left INTEGER,
            was_moves INTEGER,
            PRIMARY KEY (rules, number)
        )""",
        """CREATE TABLE player_bests (
            player TEXT NOT NULL,
            rules TEXT NOT NULL,
            number INTEGER NOT NULL,
            cards_left INTEGER NOT NULL,
            moves INTEGER NOT NULL,
            was_cards_left INTEGER,
            was_moves INTEGER,
            PRIMARY KEY (player, rules, number)
        )""",
        "INSERT INTO bests (rules, number, player, cards_left, moves) "
        + _BEST_OF.format(key="r.rules, r.number, r.player", same="o.rules = r.rules AND o.number = r.number"),
        "INSERT INTO player_bests (player, rules, number, cards_left, moves) "
        + _BEST_OF.format(
            key="r.player, r.rules, r.number",
            same="o.player = r.player AND o.rules = r.rules AND o.number = r.number",
        )
        .replace("r.assists = '' AND ", "")
        .replace("o.assists = '' AND ", ""),
    ),
    # 2 -> 3: a category per result (played by hand, or scripted; each ranked apart), and the bests
    # of each category. The results before it were all ranked as played by hand.
    (
        f"ALTER TABLE results ADD COLUMN category TEXT NOT NULL DEFAULT '{HAND}'",
        *_KEYED_BY_CATEGORY,
    ),
    # 3 -> 4: a class's challenges, which its owner sets (the players read them): a game, a goal the
    # records can check (tripeaks_widget.records.challenges), from a day to a day.
    (
        """CREATE TABLE challenges (
            id INTEGER PRIMARY KEY,
            rules TEXT NOT NULL,
            number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 50000),
            challenge TEXT NOT NULL,
            opens TEXT NOT NULL,
            closes TEXT,
            set_at TEXT NOT NULL
        )""",
        "CREATE INDEX challenges_by_game ON challenges (rules, number)",
        _CHALLENGES_READ_AS_BESTS_ARE,
    ),
    # 4 -> 5: a layout per result (issue 48): the numbered games, their bests and a class's challenges
    # are each layout's own. Everything before it was played on Three Peaks.
    (
        _RESULTS_BY_LAYOUT,
        "CREATE INDEX results_by_game ON results (layout, rules, number, cards_left, moves)",
        "CREATE INDEX results_by_player ON results (player, layout, rules, number)",
        _read_as_player_is("layout"),
        _keyed_by_layout("bests", _BESTS_COLUMNS, "category, layout, rules, number"),
        _keyed_by_layout("player_bests", _MINE_COLUMNS, "player, category, layout, rules, number"),
        f"ALTER TABLE challenges ADD COLUMN {_LAYOUT_COLUMN}",
        "DROP INDEX IF EXISTS challenges_by_game",
        "CREATE INDEX challenges_by_game ON challenges (layout, rules, number)",
    ),
    # 5 -> 6: a class's store stamps each result with the server's time (issue 56); the time the
    # client sent is kept beside it, as a note. Everything before it was stamped by its client.
    (
        "ALTER TABLE results ADD COLUMN played_at TEXT",
        "UPDATE results SET played_at = finished_at",
        _read_as_player_is("played_at"),
    ),
    # 6 -> 7: a class's store tells a live class board when its results or its challenges change
    # (PostgreSQL's NOTIFY, on the channel CHANGED_CHANNEL, with the store's schema as the payload);
    # a board on an SQLite file looks for changes itself.
    (_NOTIFY_CHANGES,),
]

RESULT_COLUMNS = (
    "id",
    "player",
    "rules",
    "number",
    "outcome",
    "cards_left",
    "moves",
    "score",
    "draws",
    "longest_run",
    "assists",
    "finished_at",
    "category",
    "layout",
    "played_at",
)


def schema_version() -> int:
    """The schema version this code writes: one per migration step."""
    return len(MIGRATIONS)


def check(backend: Backend, conn: Connection, found: Found) -> None:
    """Refuse a foreign database, a store of a newer schema, or a damaged one, before touching it."""
    where, expected, leave = backend.where, backend.expected(), backend.leave_it()
    if not found.ours and not found.fresh:
        what = f"its tables are {', '.join(found.tables)}" if found.tables else found.detail
        raise InvalidRecordsError(
            f"{where}: an {backend.kind} database, but not a tripeaks-widget records store ({what}); "
            f"expected {expected}. {leave}"
        )
    if found.version > schema_version():
        raise RecordsError(
            f"{where}: a records store of schema version {found.version}, written by a newer tripeaks-widget; "
            f"this version reads up to schema version {schema_version()} (expected that or older). Upgrade "
            f"tripeaks-widget to use it. {leave}"
        )
    if found.ours and found.version == schema_version():
        problem = backend.integrity(conn)
        if problem:
            raise RecordsError(f"{where}: a damaged records store ({problem}); expected {expected}. {leave}")
        check_tables(backend, conn)


def check_tables(backend: Backend, conn: Connection) -> None:
    """Refuse a store that lacks a table or a column the current schema has (or holds a view in
    a table's place): every write would then be lost."""
    kinds = backend.table_kinds(conn)
    problems = []
    for table, columns in expected_tables().items():
        if table not in kinds:
            problems.append(f"it lacks the table {table}")
        elif kinds[table] != "table":
            problems.append(f"{table} is a {kinds[table]}, not a table")
        else:
            missing = [c for c in columns if c not in backend.columns(conn, table)]
            if missing:
                problems.append(f"{table} lacks the column{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    if problems:
        raise RecordsError(
            f"{backend.where}: a damaged records store ({'; '.join(problems)}); expected {backend.expected()}. "
            f"{backend.leave_it()}"
        )


def expected_tables() -> dict[str, tuple[str, ...]]:
    """The tables of the current schema and their columns, as the migrations make them."""
    return _made_by(schema_version())


@cache
def _made_by(steps: int) -> dict[str, tuple[str, ...]]:
    """The tables the first ``steps`` migrations make, and their columns (in SQLite, in memory)."""
    conn = sqlite3.connect(":memory:")
    try:
        for step in MIGRATIONS[:steps]:
            for sql, values in statements(step, "SQLite"):
                conn.execute(sql, values)
        names = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {name: tuple(row[1] for row in conn.execute(f"PRAGMA table_info({name})")) for name in names}
    finally:
        conn.close()


def statements(step: Sequence[Statement], kind: str) -> list[tuple[str, tuple[object, ...]]]:
    """A migration step's statements as the database of ``kind`` runs them, each with its values."""
    found: list[tuple[str, tuple[object, ...]]] = []
    for statement in step:
        if isinstance(statement, Dialects):
            found += [(sql, ()) for sql in statement.of(kind)]
        elif isinstance(statement, str):
            found.append((statement, ()))
        else:
            found.append((statement[0], statement[1]()))
    return found


def migrate(backend: Backend, conn: Connection) -> None:
    """Bring the store to the current schema in one transaction, which is rolled back whole
    when a step fails (a store that claims a version but lacks its tables is refused so)."""
    if backend.inspect(conn).version == schema_version():
        return
    conn.execute(backend.begin)
    try:
        upgrade(backend, conn)
        conn.execute("COMMIT")
    except backend.errors as error:
        rollback(conn)
        if backend.transient(error):
            raise  # another process holds the lock: the caller tries again
        if backend.denied(error):  # a player's role, on a class's store an earlier version made
            raise RecordsError(
                f"{backend.where}: a records store of an earlier schema, which this user may not bring to schema "
                f"version {schema_version()}; its owner does so by opening it once (or running the set-up again)"
            ) from None
        raise RecordsError(
            f"{backend.where}: the records store could not be brought to schema version {schema_version()} "
            f"({backend.say(error)}); expected {backend.expected()}. {backend.leave_it()}"
        ) from None
    except BaseException:
        rollback(conn)
        raise


def upgrade(backend: Backend, conn: Connection) -> None:
    """The migration's steps, in the transaction open on ``conn`` (its caller commits it, or rolls
    it back whole): under the store's lock, check what the database holds and bring it up to date."""
    backend.lock_schema(conn)
    found = backend.inspect(conn)  # again, under the lock: another process may have done it
    check(backend, conn, found)
    for step in MIGRATIONS[found.version :]:
        for sql, values in statements(step, backend.kind):
            conn.execute(backend.sql(sql), values)
    backend.mark(conn, schema_version())
    check_tables(backend, conn)


def rollback(conn: Connection) -> None:
    """Roll back the transaction open on ``conn``; a connection already lost is left as it is."""
    try:
        conn.execute("ROLLBACK")
    except Exception:  # no transaction left to roll back (the connection may be gone)
        pass
