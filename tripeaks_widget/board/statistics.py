"""The statistics view: what the records know of the player under the board's rules (played,
finished, won, the win percent, wins in a row, their best on the game on the board, their recent
games), as ``Records.stats(rules, player=...)``, ``best`` and ``results`` say it.

It opens from the Assists panel (``{"type": "stats", "open": true}``) and reads the store in the
store's own reading thread (:meth:`.recording.Results.ask_stats`): a slow store shows "Reading the
records…" and play goes on; one that fails says so in the view, and nothing else changes. A board
without records opens it too, and it says why there are none. It closes with a new deal; while
open, a result recorded is read again once written."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Literal, Protocol

from ..engine.game import Game
from ..engine.messages import Message
from ..records.notices import describe, player_title, rules_title, said_outcome
from ..records.results import OUTCOMES, in_series
from .recording import Recorded, Results
from .snapshot import RecentGame, StatsView

log = logging.getLogger("tripeaks_widget")

STATS_OF = Message("Games of {player}, {rules}")
STATS_READING = Message("Reading the records…")
STATS_UNREADABLE = Message("The records could not be read: {error}")
STATS_NO_RECORDS = Message("This board keeps no records, so it has no statistics")
STATS_NO_BEST = Message("none yet")
STATS_RECENT = Message("Recent games, oldest first: {games}")
STATS_NO_RECENT = Message("No games recorded yet")

Say = Callable[[Any], str]


class Host(Protocol):
    """What the statistics view needs of its board."""

    lock: threading.RLock

    @property
    def game(self) -> Game:
        """The game on the board."""

    @property
    def results(self) -> Results:
        """The board's records store and player."""


class Statistics:
    """The statistics view of one board (see the module's docstring). Called under the board's lock."""

    def __init__(self, board: Host) -> None:
        self.board = board
        self.open = False
        self.found: Future[Any] | None = None  # the store's last answer (None: being read)
        self._asked = 0  # answers to an earlier question are dropped

    def show(self, after: Recorded | None = None) -> None:
        """Open the view and read the figures (once the result ``after`` is written, if given); an
        open view reads them afresh, and shows those it has until they come."""
        if not self.open:
            self.open, self.found = True, None
        self._asked += 1
        asked, results = self._asked, self.board.results
        if results.store is None:
            return

        def then(done: Future[Any]) -> None:
            if self.open and asked == self._asked:
                if done.exception() is not None:
                    log.warning("the statistics could not be read: %s", done.exception())
                self.found = done

        results.ask_stats(self.board.game, then, after=after)

    def close(self) -> None:
        """Close the view."""
        self.open, self.found = False, None
        self._asked += 1

    def recorded(self, result: Recorded | None) -> None:
        """A result was handed to the store: while open, the figures are read again once it is written."""
        if self.open and result is not None:
            self.show(after=result)

    def view(self, game: Game, say: Say) -> StatsView | None:
        """The view as the front end shows it, in the board's language; None while closed."""
        if not self.open:
            return None
        results = self.board.results
        title = say(Message(STATS_OF, player=player_title(results.player), rules=rules_title(str(game.rules))))
        if results.store is None:
            return _unread("none", title, say(results.error or STATS_NO_RECORDS))
        found = self.found
        if found is None:
            return _unread("pending", title, say(STATS_READING))
        error = found.exception()
        if error is not None:
            return _unread("error", title, say(Message(STATS_UNREADABLE, error=str(error))))
        read = found.result()
        figures, best = read["stats"], read["best"]
        recent: list[RecentGame] = [
            {"outcome": row["outcome"], "cards_left": row["cards_left"], "text": say(said_outcome(row["outcome"]))}
            for row in reversed(read["recent"])
            if row["outcome"] in OUTCOMES
        ]
        said_best = describe(best["cards_left"], best["moves"]) if best else STATS_NO_BEST
        games = ", ".join(each["text"] for each in recent)
        return {
            "kind": "known",
            "title": title,
            "text": "",
            "played": figures["played"],
            "finished": figures["finished"],
            "won": figures["won"],
            "win_percent": figures["win_percent"],
            "win_streak": figures["win_streak"],
            "best_win_streak": figures["best_win_streak"],
            "best": say(said_best) if in_series(game.number) else None,
            "recent": recent,
            "recent_text": say(Message(STATS_RECENT, games=games) if recent else STATS_NO_RECENT),
        }


def _unread(kind: Literal["pending", "error", "none"], title: str, text: str) -> StatsView:
    """The view without figures: being read, not readable, or no records."""
    return {
        "kind": kind,
        "title": title,
        "text": text,
        "played": None,
        "finished": None,
        "won": None,
        "win_percent": None,
        "win_streak": None,
        "best_win_streak": None,
        "best": None,
        "recent": [],
        "recent_text": "",
    }
