"""Records of the numbered games (SPEC R6.8, §9): one player's SQLite file, or a class's
PostgreSQL database.

Every finished (won or blocked) or abandoned game of the numbered series, games 1 to 50,000,
leaves one result: who played it, its layout, rule set, game number, cards left in the peaks,
moves, score, draws used, longest run of removals, the assists used, when it ended and how. Each
layout has its own numbered games, and so its own records (``layout=`` on the queries). A game is
judged by the cards left in the peaks (fewer is better, 0 = won), then by its moves (fewer is
better) (§9). Recording a result says, across every player of the store, when it is the first
win of a game, a new record for it, or its best result so far even without finishing it; and,
when someone else holds the record, when it is the player's own best. A game with any move made
from Python is *scripted* (``Records.record`` records every game so): it keeps its result and
statistics, and has first wins and records of its own, apart from games played by hand on a
board. For example::

    from tripeaks_widget import Game
    from tripeaks_widget.records import Records

    records = Records()                   # the user's file; or Records("postgresql://ana:pw@host/class")
    game = Game.from_number(123)
    ...                                   # play it until it is won or blocked
    for notice in records.record(game):   # e.g. "First win of game 123 (Easy): won in 47 moves."
        print(notice.text)
    records.leaderboard(123, rules="easy")   # each player's best by hand; category="scripted": a table of its own
    records.stats(player="ana")              # played, won, win percent, runs, draws, per rule set

Where a store is, who plays, how both databases share one code path, how a first win is settled
and how many kernels write at once: the documentation's page "Records and roles"
(docs/explanation/records-and-roles.md).
"""

from __future__ import annotations

from ..engine.codes import SERIES_FIRST, SERIES_LAST
from ..engine.errors import InvalidRecordsError, RecordsError, RecordsUnavailable
from ..engine.history import draws_used, effective_line, longest_run
from .backends import APPLICATION_ID
from .locate import ENV_VAR, FILE_NAME, Location, default_path, locate, redact
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
from .player import default_player
from .results import (
    ASSISTS,
    CATEGORIES,
    HAND,
    OUTCOMES,
    SCRIPTED,
    check_player,
    in_series,
    judge_key,
    rules_key,
)
from .schema import MIGRATIONS, RESULT_COLUMNS, schema_version
from .store import BUSY_TIMEOUT, Records

__all__ = [
    "APPLICATION_ID",
    "ASSISTS",
    "BEST_SO_FAR",
    "BUSY_TIMEOUT",
    "CATEGORIES",
    "ENV_VAR",
    "FILE_NAME",
    "FIRST_WIN",
    "HAND",
    "KINDS",
    "MIGRATIONS",
    "NOTICE_ENTRIES",
    "OUTCOMES",
    "PERSONAL_BEST",
    "RECORD",
    "RESULT_COLUMNS",
    "SCRIPTED",
    "SERIES_FIRST",
    "SERIES_LAST",
    "STANDING",
    "InvalidRecordsError",
    "Location",
    "Notice",
    "Records",
    "RecordsError",
    "RecordsUnavailable",
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
