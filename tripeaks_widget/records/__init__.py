"""Records of the numbered games (SPEC R6.8, §9): one player's SQLite file, or a class's
PostgreSQL database.

Every finished (won or blocked) or abandoned game of the numbered series, games 1 to 50,000,
leaves one result: who played it, its rule set, game number, cards left in the peaks, moves,
score, draws used, longest run of removals, the assists used, when it ended and how. A game is
judged by the cards left in the peaks (fewer is better, 0 = won), then by its moves (fewer is
better) (§9). Recording a result says, across every player of the store, when it is the first
win of a game, a new record for it, or its best result so far even without finishing it; and,
when someone else holds the record, when it is the player's own best. For example::

    from tripeaks_widget import Game
    from tripeaks_widget.records import Records

    records = Records()                   # the user's file; or Records("postgresql://ana:pw@host/class")
    game = Game.from_number(123)
    ...                                   # play it until it is won or blocked
    for notice in records.record(game):   # e.g. "First win of game 123 (Easy): won in 47 moves."
        print(notice.text)
    records.leaderboard(123, rules="easy")   # each player's best, unassisted results ranked apart
    records.stats(player="ana")              # played, won, win percent, runs, draws, per rule set

Where: ``Records(path)``, else the environment variable ``TRIPEAKS_RECORDS``, both read by one
parser (:mod:`.locate`: a file, a folder that gets ``records.sqlite3`` inside, ``:memory:``,
``sqlite:///path``, a ``postgresql://`` URL or a libpq keyword string), else ``records.sqlite3``
in the user's data folder. A class's PostgreSQL store is set up with ``python -m
tripeaks_widget.records setup URL`` (:mod:`.roles`): its players' credentials can only record
results through the store's own function and read them. Who: ``player=``, else
``$JUPYTERHUB_USER``, else the OS user. Names are checked (1 to 64 characters, no control
characters) and always bound as parameters.

One code path for both databases. Both are reached through DB-API 2 drivers, ``sqlite3`` from
the standard library and psycopg 3, behind one small interface (:mod:`.backends`): the SQL is
written once, a backend turns ``?`` into its placeholders and keeps what truly differs (how a
store is checked before anything is written, where its schema version lives, which errors mean
"try again"). SQLAlchemy Core was the alternative; it is left out because the store is a few
fixed statements that both databases already share (``INSERT … ON CONFLICT``, ``RETURNING``,
window functions), while the parts that differ, SQLite's pragmas, read-only checks and lock
handling, would still be written by hand beside it; and a one-person install keeps needing
nothing beyond the standard library (``pip install 'tripeaks-widget[postgres]'`` adds psycopg).

First to win, a new record: settled in the database. ``bests`` holds each game's best
unassisted result under a primary key; a result takes it with one ``INSERT … ON CONFLICT DO
NOTHING`` or one conditional ``UPDATE … RETURNING``, so of two players who win at the same
moment exactly one is told "first win", whatever the interleaving (SQLite's write lock,
PostgreSQL's row lock). A retried write is idempotent: each play has a token, unique in the
table.

Many kernels may write at once. Writes go through a writer thread per store (:mod:`.writer`):
an attempt waits a moment for a lock held elsewhere or a lost connection, then tries again, so
the caller never blocks and a result is never dropped. At interpreter exit and on SIGTERM the
queue goes to a local spool first (:mod:`.spool`), which the next start delivers; a store whose
server cannot be reached as it is opened opens all the same, and is looked at once it answers;
a board never waits for a server as its store is opened (``open_wait``, :class:`Records`). The
stores the boards share and the pools the stores share are counted in one registry
(:mod:`.registry`).
On PostgreSQL, one small pool of connections serves every store on a URL in a process
(:mod:`.postgres`), every use of a connection has a client-side deadline (:mod:`.deadline`),
and reads never wait behind a write. A store is looked at before anything is written (SQLite through a read-only
connection): one that is not a records store (random bytes, another program's database, a
store from a newer version) is refused with a ``RecordsError`` that names the store (never its
password) and what was expected, and is left exactly as it is. A good store in a read-only
folder opens read-only.
"""

from __future__ import annotations

from ..engine.codes import SERIES_FIRST, SERIES_LAST
from .backends import APPLICATION_ID
from .locate import ENV_VAR, FILE_NAME, Location, RecordsError, default_path, locate, redact
from .notices import (
    BEST_SO_FAR,
    FIRST_WIN,
    KINDS,
    NOTICE_ENTRIES,
    PERSONAL_BEST,
    RECORD,
    STANDING,
    Notice,
)
from .results import (
    ASSISTS,
    OUTCOMES,
    check_player,
    default_player,
    draws_used,
    effective_line,
    in_series,
    judge_key,
    longest_run,
    rules_key,
)
from .schema import MIGRATIONS, RESULT_COLUMNS, schema_version
from .store import BUSY_TIMEOUT, Records

__all__ = [
    "APPLICATION_ID",
    "ASSISTS",
    "BEST_SO_FAR",
    "BUSY_TIMEOUT",
    "ENV_VAR",
    "FILE_NAME",
    "FIRST_WIN",
    "KINDS",
    "MIGRATIONS",
    "NOTICE_ENTRIES",
    "OUTCOMES",
    "PERSONAL_BEST",
    "RECORD",
    "RESULT_COLUMNS",
    "SERIES_FIRST",
    "SERIES_LAST",
    "STANDING",
    "Location",
    "Notice",
    "Records",
    "RecordsError",
    "check_player",
    "default_path",
    "default_player",
    "draws_used",
    "effective_line",
    "in_series",
    "judge_key",
    "locate",
    "longest_run",
    "redact",
    "rules_key",
    "schema_version",
]
