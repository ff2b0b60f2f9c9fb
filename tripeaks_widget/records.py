"""Personal records of the numbered games (SPEC R6.8, §9), kept in an SQLite file.

Every finished (won or blocked) or abandoned game of the numbered series, games 1 to 50,000,
leaves one result: its rule set, game number, cards left in the peaks, moves, score, draws
used, longest run of removals, when it ended and how. A game is judged by the cards left in
the peaks (fewer is better, 0 = won), then by its moves (fewer is better) (§9). Recording a
result says, as the second site does, when it is the first win of a game, a new record for
it, or the best result so far even without finishing it.

    from tripeaks_widget import Game
    from tripeaks_widget.records import Records

    records = Records()                  # or Records(path="my-records.sqlite3")
    game = Game.from_number(123)
    ...                                  # play it until it is won or blocked
    for notice in records.record(game):  # e.g. "First win of game 123 (Easy): won in 47 moves."
        print(notice.text)
    records.stats()                      # played, won, win percent, runs, draws, per rule set

The file lives in the user's data folder unless ``Records(path=...)`` or the environment
variable ``TRIPEAKS_RECORDS`` names another (a folder there gets ``records.sqlite3`` inside).
Several kernels may write to one file at once: it uses SQLite's write-ahead journal, waits
for a busy file, and keeps each write to one short transaction. A file that is not a
records store (random bytes, another program's database, a store from a newer version)
is refused with a ``RecordsError`` that names the file and what was expected; such a file
is only read, never changed, moved or deleted.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .codes import SERIES_FIRST, SERIES_LAST
from .game import standing_actions
from .i18n import Entry, Phrase, RuleSetName
from .rules import Rules

__all__ = [
    "BEST_SO_FAR",
    "FIRST_WIN",
    "OUTCOMES",
    "RECORD",
    "SERIES_FIRST",
    "SERIES_LAST",
    "Notice",
    "Records",
    "RecordsError",
    "default_path",
    "draws_used",
    "effective_line",
    "in_series",
    "judge_key",
    "longest_run",
    "rules_key",
]

OUTCOMES = ("won", "blocked", "abandoned")
ENV_VAR = "TRIPEAKS_RECORDS"
APP_NAME = "tripeaks-widget"
FILE_NAME = "records.sqlite3"
APPLICATION_ID = 0x54504B52  # "TPKR" in SQLite's header: marks the file as a records store
BUSY_TIMEOUT = 15.0  # seconds to wait for another kernel's write to finish

# Notice kinds (§9).
FIRST_WIN = "first_win"
RECORD = "record"
BEST_SO_FAR = "best_so_far"

# What the notices say: catalog entries, so that a notice can be said in every language
# (tripeaks_widget.i18n; python -m tripeaks_widget.catalogs reads NOTICE_ENTRIES).
_ABOUT = "A records notice (§9). {game} is a numbered game and its rule set (e.g. 'game 123 (Easy)'), "
SAID_FIRST_WIN = Entry(
    "First win of {game}: {result}.",
    comment=_ABOUT + "{result} how it was won (e.g. 'won in 47 moves'): nobody had won it before.",
)
SAID_RECORD = Entry(
    "New record for {game}: {result}, beating {before}.",
    comment=_ABOUT + "{result} the new best result, {before} the one it beats (e.g. 'won in 49 "
    "moves', '20 cards left in 9 moves').",
)
SAID_BEST_SO_FAR = Entry(
    "Best result so far of {game}: {result}.",
    comment=_ABOUT + "{result} the best result of this game so far, not a win (e.g. '23 cards left in 5 moves').",
)
SAID_GAME = Entry(
    "game {number} ({rules})",
    comment="A numbered game in a records notice: its number and its rule set ('Easy', 'Easy + Joker').",
)
SAID_WON_IN = Entry(
    "won in {n} move",
    "won in {n} moves",
    context="result",
    comment="A result in a records notice: the game was won in {n} moves.",
)
SAID_LEFT_IN = Entry(
    "{cards} left in {moves}",
    context="result",
    comment="A result in a records notice: {cards} cards were left in the peaks after {moves} moves "
    "(e.g. '23 cards left in 5 moves'; each says its own number).",
)
SAID_CARDS_LEFT = Entry(
    "{n} card",
    "{n} cards",
    context="cards left in the peaks",
    comment="The {cards} of '{cards} left in {moves}': cards left in the peaks.",
)
SAID_MOVES_MADE = Entry(
    "{n} move", "{n} moves", context="in moves", comment="The {moves} of '{cards} left in {moves}': the moves made."
)
NOTICE_ENTRIES = (
    SAID_FIRST_WIN,
    SAID_RECORD,
    SAID_BEST_SO_FAR,
    SAID_GAME,
    SAID_WON_IN,
    SAID_LEFT_IN,
    SAID_CARDS_LEFT,
    SAID_MOVES_MADE,
)

SQLITE_MAGIC = b"SQLite format 3\x00"
EXPECTED = (
    f"an SQLite records store of tripeaks-widget (SQLite application id {APPLICATION_ID:#x} "
    "with a 'results' table), or no file at all to start a new one"
)
LEAVE_IT = (
    "The file was left exactly as it is; move it away, or give another file with "
    f"Records(path=...) or the {ENV_VAR} environment variable."
)

# The schema, step by step: MIGRATIONS[i] takes a store from version i to version i + 1.
# A store's version is SQLite's ``PRAGMA user_version``; the current one is len(MIGRATIONS).
# Steps only ever get appended: a released step never changes.
MIGRATIONS: list[Sequence[str]] = [
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
]

RESULT_COLUMNS = (
    "id",
    "rules",
    "number",
    "outcome",
    "cards_left",
    "moves",
    "score",
    "draws",
    "longest_run",
    "finished_at",
)


def schema_version() -> int:
    """The schema version this code writes: one per migration step."""
    return len(MIGRATIONS)


class RecordsError(ValueError):
    """The records file cannot be used: the message names the file and what was expected."""


@dataclass(frozen=True)
class Notice:
    """Something to tell the player after a result is recorded (§9).

    ``kind`` is ``"first_win"``, ``"record"`` or ``"best_so_far"``; ``text`` is plain English,
    which keeps its ``template`` and ``values`` (a :class:`~tripeaks_widget.i18n.Phrase`), so
    ``i18n.translate(notice.text, "he")`` says it in Hebrew.
    """

    kind: str
    number: int
    text: str
    rules: str = ""

    def __str__(self) -> str:
        return self.text

    @property
    def template(self) -> str:
        """The English template of the text (``"First win of {game}: {result}."``)."""
        return getattr(self.text, "template", str(self.text))

    @property
    def values(self) -> dict:
        """The values that fill the template (themselves phrases, numbers, rule-set names)."""
        return dict(getattr(self.text, "values", {}))

    def as_dict(self) -> dict:
        """The notice as JSON-ready plain values."""
        return {"kind": self.kind, "number": self.number, "text": self.text, "rules": self.rules}


# -- reading a game ------------------------------------------------------------------------------


def in_series(number: object) -> bool:
    """Whether ``number`` is a game of the numbered series with records (R6.8): 1 to 50,000."""
    return isinstance(number, int) and not isinstance(number, bool) and SERIES_FIRST <= number <= SERIES_LAST


def rules_key(rules: Rules | str) -> str:
    """The text a rule set is stored under: ``str(rules)`` (``"easy"``, ``"classic"``).

    A name or code letter is read as ``Rules.parse`` reads it; any other text is taken as it
    is, so keys of rule sets this version does not know can still be asked for."""
    if isinstance(rules, Rules):
        return str(rules)
    if isinstance(rules, str):
        try:
            return str(Rules.parse(rules))
        except ValueError:
            return rules.strip()
    raise TypeError(f"expected a Rules value or its name, e.g. 'easy'; got {rules!r}")


def effective_line(history: Iterable[str]) -> list[str]:
    """The actions that stand once undos are taken out: each ``"undo"`` drops the action before."""
    return [action for _, action in standing_actions(history)]


def draws_used(history: Iterable[str]) -> int:
    """Draws in the effective line (undone draws do not count)."""
    return sum(action == "draw" for action in effective_line(history))


def longest_run(history: Iterable[str]) -> int:
    """The longest run of consecutive removals (no draw between) in the effective line."""
    best = run = 0
    for action in effective_line(history):
        run = 0 if action == "draw" else run + 1
        best = max(best, run)
    return best


def judge_key(result: Any) -> tuple[int, int]:
    """How results compare (§9): fewer cards left in the peaks, then fewer moves; smaller is better.

    ``result`` is a game or a result dict."""
    if isinstance(result, dict):
        return (result["cards_left"], result["moves"])
    return (result.cards_left, result.moves)


def _describe(cards_left: int, moves: int) -> Phrase:
    """A result in words: ``"won in 47 moves"``, ``"23 cards left in 5 moves"``."""
    if cards_left == 0:
        return Phrase(SAID_WON_IN, n=moves)
    return Phrase(SAID_LEFT_IN, cards=Phrase(SAID_CARDS_LEFT, n=cards_left), moves=Phrase(SAID_MOVES_MADE, n=moves))


def _rules_title(key: str) -> RuleSetName:
    """A rule-set key in a notice: ``"easy+joker"`` reads ``"Easy + joker"`` (and, in another
    language, with the front end's names of the rule set and its variants)."""
    base, *variants = key.split("+")
    return RuleSetName(key, " + ".join([base[:1].upper() + base[1:], *variants]))


def _notices(rules: str, number: int, cards_left: int, moves: int, previous: dict | None) -> list[Notice]:
    """What to tell the player about a new result, given the previous best (or None)."""
    title = Phrase(SAID_GAME, number=number, rules=_rules_title(rules))
    now = _describe(cards_left, moves)
    if previous is not None and judge_key(previous) <= (cards_left, moves):
        return []
    if cards_left == 0 and (previous is None or previous["cards_left"] > 0):
        return [Notice(FIRST_WIN, number, Phrase(SAID_FIRST_WIN, game=title, result=now), rules)]
    if previous is not None:
        before = _describe(previous["cards_left"], previous["moves"])
        return [Notice(RECORD, number, Phrase(SAID_RECORD, game=title, result=now, before=before), rules)]
    return [Notice(BEST_SO_FAR, number, Phrase(SAID_BEST_SO_FAR, game=title, result=now), rules)]


# -- where the file is ----------------------------------------------------------------------------


def default_path() -> Path:
    """The records file: ``$TRIPEAKS_RECORDS`` if set, else ``records.sqlite3`` in the user's data folder."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_data_path(APP_NAME) / FILE_NAME


def _resolve(path: str | os.PathLike | None) -> Path | str:
    if path is None:
        path = default_path()
    if str(path) == ":memory:":
        return ":memory:"
    path = Path(path).expanduser()
    if path.is_dir():
        path = path / FILE_NAME
    return path


# -- the store ------------------------------------------------------------------------------------


class Records:
    """The records store: ``Records()`` opens (or starts) the user's file; ``Records(path=...)`` another.

    Raises ``RecordsError`` for a file that is not a records store, or that a newer version
    wrote; ``Records.open_or_none()`` returns the error as a message instead."""

    def __init__(self, path: str | os.PathLike | None = None, *, timeout: float = BUSY_TIMEOUT) -> None:
        self.path = _resolve(path)
        self._lock = threading.RLock()
        self._plays: dict[int, tuple[weakref.ref, int]] = {}  # id(game) -> (the game, its row id)
        self._conn = self._open(timeout)

    @classmethod
    def open_or_none(cls, path: str | os.PathLike | None = None, **options) -> tuple[Records | None, str | None]:
        """``(records, None)``, or ``(None, message)`` when the file cannot be used, so a caller can
        go on without records and say why."""
        try:
            return cls(path, **options), None
        except RecordsError as error:
            return None, str(error)
        except OSError as error:
            where = path if path is not None else "the records file"
            return None, f"{where}: records cannot be kept there ({error})"

    # -- opening and migrating --------------------------------------------------------------------

    def _open(self, timeout: float) -> sqlite3.Connection:
        path = self.path
        if isinstance(path, Path):
            if path.exists() and not path.is_file():
                raise RecordsError(f"{path}: not a file; expected {EXPECTED}. {LEAVE_IT}")
            if path.exists() and path.stat().st_size:
                with open(path, "rb") as file:
                    head = file.read(len(SQLITE_MAGIC))
                if head != SQLITE_MAGIC:
                    raise RecordsError(
                        f"{path}: not an SQLite database (it does not begin as one does); "
                        f"expected {EXPECTED}. {LEAVE_IT}"
                    )
            path.parent.mkdir(parents=True, exist_ok=True)
        try:
            conn = sqlite3.connect(str(path), timeout=timeout, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise RecordsError(f"{path}: cannot be opened ({error}); expected {EXPECTED}.") from None
        try:
            # Look before writing anything: a file that is not ours is only read.
            self._check(conn, self._inspect(conn))
            conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            self._migrate(conn)
            self._check_tables(conn)
        except sqlite3.DatabaseError as error:
            conn.close()
            raise RecordsError(
                f"{path}: unreadable as an SQLite database ({error}); expected {EXPECTED}. {LEAVE_IT}"
            ) from None
        except BaseException:
            conn.close()
            raise
        return conn

    @staticmethod
    def _inspect(conn: sqlite3.Connection) -> dict:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' "
                "ORDER BY name"
            )
        ]
        return {
            "application_id": conn.execute("PRAGMA application_id").fetchone()[0],
            "version": conn.execute("PRAGMA user_version").fetchone()[0],
            "tables": tables,
        }

    def _check(self, conn: sqlite3.Connection, found: dict) -> None:
        """Refuse a foreign database, or a store of a newer schema, before touching it."""
        fresh = found["application_id"] == 0 and found["version"] == 0 and not found["tables"]
        if found["application_id"] != APPLICATION_ID and not fresh:
            what = (
                f"its tables are {', '.join(found['tables'])}"
                if found["tables"]
                else f"its application id is {found['application_id']:#x}, its user version {found['version']}"
            )
            raise RecordsError(
                f"{self.path}: an SQLite database, but not a tripeaks-widget records store "
                f"({what}); expected {EXPECTED}. {LEAVE_IT}"
            )
        if found["version"] > schema_version():
            raise RecordsError(
                f"{self.path}: a records store of schema version {found['version']}, written by a "
                f"newer tripeaks-widget; this version reads up to schema version "
                f"{schema_version()}. Upgrade tripeaks-widget to use it. {LEAVE_IT}"
            )
        if found["version"] == schema_version():
            integrity = conn.execute("PRAGMA quick_check").fetchone()[0]
            if integrity != "ok":
                raise RecordsError(
                    f"{self.path}: a damaged records store (SQLite's check says: {integrity}); "
                    f"expected {EXPECTED}. {LEAVE_IT}"
                )

    def _migrate(self, conn: sqlite3.Connection) -> None:
        if self._inspect(conn)["version"] == schema_version():
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            found = self._inspect(conn)  # again, under the write lock: another kernel may have done it
            self._check(conn, found)
            for step in MIGRATIONS[found["version"] :]:
                for statement in step:
                    conn.execute(statement)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {schema_version()}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def _check_tables(self, conn: sqlite3.Connection) -> None:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(results)")}
        missing = [c for c in RESULT_COLUMNS if c not in columns]
        if missing:
            raise RecordsError(
                f"{self.path}: a records store whose 'results' table lacks "
                f"{', '.join(missing)}; expected {EXPECTED}. {LEAVE_IT}"
            )

    @property
    def version(self) -> int:
        """The schema version of the open file."""
        return self._query("PRAGMA user_version")[0][0]

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Records {self.path}>"

    # -- recording --------------------------------------------------------------------------------

    def record(self, game, outcome: str | None = None, *, finished_at: datetime | None = None) -> list[Notice]:
        """Store the result of a game of the series and return what to tell the player (§9).

        ``outcome`` is ``"won"``, ``"blocked"`` or ``"abandoned"``; by default the game's status
        says (a game still playing is abandoned). Games outside 1–50,000, hand-arranged deals and
        abandoned games without a move are not recorded: the answer is ``[]``.

        One play, one result: recording the same ``Game`` object again (blocked, then undone and
        played on, say) replaces its earlier result when the new one is better, else changes nothing."""
        number = getattr(game, "number", None)
        if not in_series(number):
            return []
        status = game.status
        outcome = self._outcome(status, outcome)
        if outcome == "abandoned" and game.moves == 0:
            return []
        rules = rules_key(game.rules)
        history = game.history
        when = (finished_at or datetime.now(timezone.utc)).astimezone(timezone.utc)
        row = {
            "rules": rules,
            "number": number,
            "outcome": outcome,
            "cards_left": game.cards_left,
            "moves": game.moves,
            "score": game.score,
            "draws": draws_used(history),
            "longest_run": longest_run(history),
            "finished_at": when.isoformat(timespec="seconds"),
        }
        with self._lock, self._write() as conn:
            earlier = self._play_row(game)
            if earlier is not None:
                mine = conn.execute("SELECT cards_left, moves FROM results WHERE id = ?", (earlier,)).fetchone()
                if mine is None:
                    earlier = None
                elif (mine[0], mine[1]) <= judge_key(row):
                    return []  # this play already did better
            previous = self._best(conn, rules, number, exclude=earlier)
            notices = _notices(rules, number, row["cards_left"], row["moves"], previous)
            names = ", ".join(row)
            if earlier is None:
                cursor = conn.execute(
                    f"INSERT INTO results ({names}) VALUES ({', '.join('?' * len(row))})", tuple(row.values())
                )
                self._remember(game, cursor.lastrowid)
            else:
                conn.execute(
                    f"UPDATE results SET {', '.join(f'{k} = ?' for k in row)} WHERE id = ?", (*row.values(), earlier)
                )
        return notices

    def _play_row(self, game) -> int | None:
        """The row this very game object was recorded in, if it was."""
        entry = self._plays.get(id(game))
        return entry[1] if entry is not None and entry[0]() is game else None

    def _remember(self, game, row: int) -> None:
        key = id(game)
        try:
            ref = weakref.ref(game, lambda _, plays=self._plays, key=key: plays.pop(key, None))
        except TypeError:  # an object without weak references: each record is a play of its own
            return
        self._plays[key] = (ref, row)

    @staticmethod
    def _outcome(status: str, outcome: str | None) -> str:
        derived = {"won": "won", "blocked": "blocked"}.get(status, "abandoned")
        if outcome is None:
            return derived
        if outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}; got {outcome!r}")
        if outcome != derived:
            raise ValueError(f"a game whose status is {status!r} cannot be recorded as {outcome!r}; it is {derived!r}")
        return outcome

    def _write(self):
        return _Transaction(self._conn, self.path)

    def _best(self, conn, rules: str, number: int, exclude: int | None = None) -> dict | None:
        cursor = conn.execute(
            f"SELECT {', '.join(RESULT_COLUMNS)} FROM results WHERE rules = ? AND number = ? AND id IS NOT ? "
            "ORDER BY cards_left, moves, finished_at, id LIMIT 1",
            (rules, number, exclude),
        )
        row = cursor.fetchone()
        return dict(zip(RESULT_COLUMNS, row, strict=False)) if row else None

    # -- reading ----------------------------------------------------------------------------------

    def _query(self, sql: str, params: Sequence = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._conn.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as error:
                raise RecordsError(f"{self.path}: reading the records failed ({error})") from None

    def best(self, number: int, rules: Rules | str = "easy") -> dict | None:
        """The best result of game ``number`` under ``rules`` (§9: fewest cards left, then moves), or None."""
        with self._lock:
            try:
                return self._best(self._conn, rules_key(rules), number)
            except sqlite3.DatabaseError as error:
                raise RecordsError(f"{self.path}: reading the records failed ({error})") from None

    def results(
        self,
        rules: Rules | str | None = None,
        number: int | None = None,
        outcome: str | None = None,
        limit: int | None = None,
    ) -> list[dict]:
        """Recorded results as dicts, newest first, optionally of one rule set, game or outcome."""
        where, params = self._where(rules, number, outcome)
        sql = f"SELECT {', '.join(RESULT_COLUMNS)} FROM results{where} ORDER BY finished_at DESC, id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(int(limit))
        return [dict(zip(RESULT_COLUMNS, row, strict=False)) for row in self._query(sql, params)]

    def stats(self, rules: Rules | str | None = None) -> dict:
        """Statistics as plain values: played, won, blocked, abandoned, win percent, distinct games
        played and won, longest run of removals, draws used (total and mean).

        With ``rules``, those of one rule set; without, those of all results plus ``"by_rules"``,
        the same figures for each rule set recorded."""
        if rules is not None:
            key = rules_key(rules)
            return {"rules": key, **self._figures(*self._where(key))}
        by_rules = {
            key: {"rules": key, **self._figures(*self._where(key))}
            for (key,) in self._query("SELECT DISTINCT rules FROM results ORDER BY rules")
        }
        return {"rules": None, **self._figures("", []), "by_rules": by_rules}

    def _figures(self, where: str, params: list) -> dict:
        ((played, won, blocked, abandoned, games, games_won, run, draws),) = self._query(
            "SELECT count(*), coalesce(sum(outcome = 'won'), 0), coalesce(sum(outcome = 'blocked'), 0), "
            "coalesce(sum(outcome = 'abandoned'), 0), count(DISTINCT number), "
            "count(DISTINCT CASE WHEN outcome = 'won' THEN number END), coalesce(max(longest_run), 0), "
            f"coalesce(sum(draws), 0) FROM results{where}",
            params,
        )
        return {
            "played": played,
            "won": won,
            "blocked": blocked,
            "abandoned": abandoned,
            "win_percent": round(100 * won / played, 1) if played else 0.0,
            "games": games,
            "games_won": games_won,
            "longest_run": run,
            "draws": draws,
            "mean_draws": round(draws / played, 2) if played else 0.0,
        }

    @staticmethod
    def _where(
        rules: Rules | str | None = None, number: int | None = None, outcome: str | None = None
    ) -> tuple[str, list]:
        clauses, params = [], []
        if rules is not None:
            clauses.append("rules = ?")
            params.append(rules_key(rules))
        if number is not None:
            clauses.append("number = ?")
            params.append(number)
        if outcome is not None:
            if outcome not in OUTCOMES:
                raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}; got {outcome!r}")
            clauses.append("outcome = ?")
            params.append(outcome)
        return (" WHERE " + " AND ".join(clauses) if clauses else ""), params


class _Transaction:
    """One short write transaction that takes the write lock at once (BEGIN IMMEDIATE)."""

    def __init__(self, conn: sqlite3.Connection, path) -> None:
        self.conn, self.path = conn, path

    def _rollback(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

    def __enter__(self) -> sqlite3.Connection:
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as error:
            raise RecordsError(f"{self.path}: the records cannot be written ({error})") from None
        return self.conn

    def __exit__(self, kind, error, trace) -> bool:
        if kind is None:
            try:
                self.conn.execute("COMMIT")
                return False
            except sqlite3.DatabaseError as failure:
                self._rollback()
                raise RecordsError(f"{self.path}: the records cannot be written ({failure})") from None
        self._rollback()
        if issubclass(kind, sqlite3.DatabaseError):
            raise RecordsError(f"{self.path}: the records cannot be written ({error})") from None
        return False
