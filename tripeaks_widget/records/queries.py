"""The store's queries: results, a player's statistics and streaks, a game's best, record and leaderboard."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future
from datetime import date, datetime
from typing import Any, TypedDict, cast, overload

from .. import goals
from ..engine.codes import SERIES_FIRST, SERIES_LAST
from ..engine.errors import InvalidValueError, SearchExhausted, got, whole_number
from ..engine.layout import Layout
from ..engine.rules import Rules
from . import schema
from .base import StoreBase
from .notices import Notice, standing_notice
from .results import HAND, OUTCOMES, assists_of, check_category, check_player, rules_key, stored_layout_key

# A leaderboard's columns (see Queries.leaderboard).
LEADERBOARD_COLUMNS: tuple[str, ...] = ("rank", "player", "cards_left", "moves", "outcome", "score", "assisted")
LEADERBOARD_COLUMNS += ("assists", "category", "finished_at")


class StoredResult(TypedDict):
    """A recorded result, as :meth:`Queries.results` and :meth:`Queries.best` give it (the columns
    ``schema.RESULT_COLUMNS``)."""

    id: int
    player: str
    rules: str  # the rule set's key
    number: int
    outcome: str
    cards_left: int
    moves: int
    score: int
    draws: int
    longest_run: int
    assists: list[str]  # named as the player saw them
    finished_at: str  # the store's time, ISO 8601 in UTC
    category: str
    layout: str  # the layout's key
    played_at: str  # the time the player's machine sent


class Figures(TypedDict):
    """What :meth:`Queries.stats` counts of a set of results."""

    played: int
    won: int
    blocked: int
    abandoned: int
    finished: int
    win_percent: float
    games: int
    games_won: int
    longest_run: int
    draws: int
    mean_draws: float


class Streaks(TypedDict):
    """A player's streaks under one rule set (see :meth:`Queries.stats`); None for everyone's figures."""

    streak: int | None
    best_streak: int | None
    win_streak: int | None
    best_win_streak: int | None


class _Of(TypedDict):
    player: str | None  # one player's figures, or None: everyone's
    layout: str | None  # one layout's (by key), or None: every layout's


class RuleSetStats(Figures, Streaks, _Of):
    """:meth:`Queries.stats` of one rule set: its figures, and the player's streaks."""

    rules: str  # the rule set's key


class AllStats(Figures, _Of):
    """:meth:`Queries.stats` of every rule set: the figures of all results, and ``by_rules``, those
    of each rule set recorded."""

    rules: None
    by_rules: dict[str, RuleSetStats]


class StatsAnswer(TypedDict):
    """:meth:`Queries.submit_stats`'s answer."""

    stats: RuleSetStats
    best: StoredResult | None
    recent: list[StoredResult]


class Queries(StoreBase):
    """What a records store answers of its results (the methods of :class:`.store.Records` that read them)."""

    def submit_standing(
        self, number: int, rules: Rules | str = "easy", *, category: str = HAND, layout: Layout | str | None = None
    ) -> Future[Notice | None]:
        """A Future of :meth:`standing`, answered by the store's reading thread (never behind a write)."""
        return self._reader.submit(
            lambda: self.standing(number, rules, category=category, layout=layout), f"the record of game {number}"
        )

    def submit_stats(
        self,
        rules: Rules | str,
        *,
        player: str,
        number: int | None = None,
        recent: int = 10,
        layout: Layout | str | None = None,
    ) -> Future[StatsAnswer]:
        """A Future, answered by the store's reading thread, of what the records know of ``player``
        under ``rules`` on ``layout`` (None: Three Peaks), as a dict: ``"stats"``, their
        :meth:`stats`; ``"best"``, their :meth:`best` of game ``number`` (None without a number, or
        without a result of it); ``"recent"``, their last ``recent`` :meth:`results`, newest first."""
        shape = layout if isinstance(layout, Layout) else stored_layout_key(layout)

        def read() -> StatsAnswer:
            best = None if number is None else self.best(number, rules, player=player, layout=shape)
            figures = self.stats(rules, player=player, layout=shape)
            recent_ones = self.results(rules, limit=recent, player=player, layout=stored_layout_key(shape))
            return {"stats": figures, "best": best, "recent": recent_ones}

        return self._reader.submit(read, f"the statistics of {player}")

    def submit_streak(
        self, rules: Rules | str, player: str, *, layout: Layout | str | None = None
    ) -> Future[dict[str, int]]:
        """A Future of :meth:`streak` (on ``layout``; None: Three Peaks), from the store's reading thread."""
        return self._reader.submit(lambda: self.streak(rules, player=player, layout=layout), f"the streak of {player}")

    def _rows(self, sql: str, params: Sequence[object] = ()) -> list[StoredResult]:
        columns = schema.RESULT_COLUMNS
        return [_result(dict(zip(columns, row, strict=True))) for row in self._query(sql, params)]

    def best(
        self,
        number: int,
        rules: Rules | str = "easy",
        *,
        category: str = HAND,
        player: str | None = None,
        layout: Layout | str | None = None,
    ) -> StoredResult | None:
        """The best unassisted result of game ``number`` under ``rules`` on ``layout`` (None: Three
        Peaks) among those of ``category`` (played by hand, by default; or ``"scripted"``) (§9:
        fewest cards left, then moves, then the earliest), of one ``player`` if given, else of
        everyone; or None."""
        where, params = where_clause(rules, number, player=player, layout=stored_layout_key(layout))
        rows = self._rows(
            f"SELECT {', '.join(schema.RESULT_COLUMNS)} FROM results{where} AND category = ? "
            "AND assists = '' ORDER BY cards_left, moves, finished_at, id LIMIT 1",
            (*params, check_category(category)),
        )
        return rows[0] if rows else None

    def standing(
        self, number: int, rules: Rules | str = "easy", *, category: str = HAND, layout: Layout | str | None = None
    ) -> Notice | None:
        """The record of game ``number`` on ``layout`` (None: Three Peaks) among the games of
        ``category`` (played by hand, by default) and who holds it, as a notice (``"Record of game
        123 (Easy): won in 47 moves, held by ana."``), or None when it has no result yet."""
        key, number = rules_key(rules), bounded("number", number, SERIES_FIRST, SERIES_LAST)
        category, shape = check_category(category), stored_layout_key(layout)
        rows = self._query(
            "SELECT player, cards_left, moves FROM bests WHERE category = ? AND layout = ? AND rules = ? "
            "AND number = ?",
            (category, shape, key, number),
        )
        if not rows:
            return None
        return standing_notice(key, number, (rows[0][1], rows[0][2]), rows[0][0], category, shape)

    def leaderboard(
        self,
        number: int,
        rules: Rules | str = "easy",
        *,
        category: str = HAND,
        limit: int = 10,
        layout: Layout | str | None = None,
    ) -> Any:
        """The leaderboard of game ``number`` on ``layout`` (None: Three Peaks) among the games of
        ``category`` (played by hand, by default; ``"scripted"`` has a table of its own): each
        player's best, the unassisted results first and the assisted ones after them, ranked in one
        run (§9: fewest cards left, then fewest moves; equal results share a rank, and the next rank
        skips as many), at most ``limit`` rows. A ``pandas.DataFrame`` where pandas is installed,
        else a list of dicts; either way with the columns ``LEADERBOARD_COLUMNS``: ``rank``,
        ``player``, ``cards_left``, ``moves``, ``outcome``, ``score``, ``assisted``, ``assists``
        (named as the player saw them), ``category``, ``finished_at``."""
        limit = bounded("limit", limit, 0, 2**63 - 1)  # as results(): a count, or a clear error
        category = check_category(category)
        rows = self._query(
            "SELECT player, cards_left, moves, outcome, score, assisted, assists, finished_at FROM ("
            "SELECT player, outcome, cards_left, moves, score, assists, finished_at, id, "
            "CASE WHEN assists = '' THEN 0 ELSE 1 END AS assisted, ROW_NUMBER() OVER (PARTITION BY player, "
            "assists = '' ORDER BY cards_left, moves, finished_at, id) AS nth FROM results "
            "WHERE layout = ? AND rules = ? AND number = ? AND category = ?) AS each_best WHERE nth = 1 "
            "ORDER BY assisted, cards_left, moves, finished_at, id LIMIT ?",
            (
                stored_layout_key(layout),
                rules_key(rules),
                bounded("number", number, SERIES_FIRST, SERIES_LAST),
                category,
                limit,
            ),
        )
        entries: list[dict[str, Any]] = []
        for place, row in enumerate(rows):
            tied = place and row[1:3] == rows[place - 1][1:3] and row[5] == rows[place - 1][5]
            entry = dict(zip(LEADERBOARD_COLUMNS[1:6], row[:5], strict=True))
            entries.append(
                {
                    "rank": entries[-1]["rank"] if tied else place + 1,
                    **entry,
                    "assisted": bool(row[5]),
                    "assists": assists_of(row[6]),
                    "category": category,
                    "finished_at": row[7],
                }
            )
        return _table(entries, LEADERBOARD_COLUMNS)

    def results(
        self,
        rules: Rules | str | None = None,
        number: int | None = None,
        outcome: str | None = None,
        limit: int | None = None,
        *,
        player: str | None = None,
        layout: Layout | str | None = None,
    ) -> list[StoredResult]:
        """Recorded results as dicts, newest first, optionally of one rule set, game, outcome, player
        or layout (by default every layout's; each result says its ``layout``, by key)."""
        where, params = where_clause(rules, number, outcome, player, layout)
        sql = f"SELECT {', '.join(schema.RESULT_COLUMNS)} FROM results{where} ORDER BY finished_at DESC, id DESC"
        if limit is not None:  # checked here: SQLite reads LIMIT -1 as none, PostgreSQL refuses it
            sql += " LIMIT ?"
            params.append(bounded("limit", limit, 0, 2**63 - 1))
        return self._rows(sql, params)

    def players(self) -> list[str]:
        """The players with results in the store, by name."""
        return [row[0] for row in self._query("SELECT DISTINCT player FROM results ORDER BY player")]

    def streak(
        self,
        rules: Rules | str = "easy",
        *,
        player: str,
        category: str = HAND,
        today: object = None,
        layout: Layout | str | None = None,
    ) -> dict[str, int]:
        """How many days in a row ``player`` won the game of the day (``Game.of_the_day``) under
        ``rules`` on ``layout`` (None: Three Peaks; each layout has its game of the day):
        ``current``, the days up to ``today`` (None: the local calendar's), or up to the day
        before while today's is not won yet; ``best``, the most ever. A day counts when the
        player won that day's game on that day, in the local calendar (a result's time is stored
        in UTC), in games of ``category`` (by hand, by default)."""
        key, name, shape = rules_key(rules), _asked_player(player), stored_layout_key(layout)
        rows = self._query(
            "SELECT number, finished_at FROM results "
            "WHERE player = ? AND layout = ? AND rules = ? AND category = ? AND outcome = 'won'",
            (name, shape, key, check_category(category)),
        )
        days = sorted(
            {
                day
                for number, finished in rows
                if (day := _local_day(finished)) is not None
                and _of_the_day(day, key, layout if isinstance(layout, Layout) else shape, number)
            }
        )
        best, run, last = 0, 0, None
        for day in days:
            run = run + 1 if last is not None and (day - last).days == 1 else 1
            best, last = max(best, run), day
        now = goals.day_of(today)
        current = run if last is not None and (now - last).days in (0, 1) else 0
        return {"current": current, "best": best}

    @overload
    def stats(
        self, rules: Rules | str, *, player: str | None = None, layout: Layout | str | None = None
    ) -> RuleSetStats: ...

    @overload
    def stats(
        self, rules: None = None, *, player: str | None = None, layout: Layout | str | None = None
    ) -> AllStats: ...

    def stats(
        self, rules: Rules | str | None = None, *, player: str | None = None, layout: Layout | str | None = None
    ) -> RuleSetStats | AllStats:
        """Statistics as plain values: played, won, blocked, abandoned, finished, win percent, distinct
        games played and won, longest run of removals, draws used (total and mean); of one
        ``player`` if given, else of everyone; of one ``layout`` if given (its ``"layout"``, by key),
        else of every layout (streaks then count Three Peaks' game of the day). A player's
        figures of a rule set say their streaks too: ``streak`` and ``best_streak``, the days in a
        row they won the game of the day (:meth:`streak`); ``win_streak`` and ``best_win_streak``,
        their finished games won in a row, the last ones and the most ever (a game left for a new
        deal neither adds to nor breaks it).

        A game left unfinished for a new deal is *abandoned*: it counts as played, not as finished,
        and the win percent is of the finished games (won or blocked), so leaving a game does not
        lower it.

        With ``rules``, those of one rule set; without, those of all results plus ``"by_rules"``,
        the same figures for each rule set recorded."""
        shape = None if layout is None else stored_layout_key(layout)
        who: _Of = {"player": player if player is None else _asked_player(player), "layout": shape}

        def streak(key: str) -> Streaks:  # a player's days in a row, and wins in a row
            if player is None:
                return {"streak": None, "best_streak": None, "win_streak": None, "best_win_streak": None}
            days = self.streak(key, player=player, layout=layout)
            current, best = self._wins_in_a_row(key, player, shape)
            return {
                "streak": days["current"],
                "best_streak": days["best"],
                "win_streak": current,
                "best_win_streak": best,
            }

        def of_rules(key: str) -> RuleSetStats:
            return {
                "rules": key,
                **who,
                **self._figures(*where_clause(key, player=player, layout=shape)),
                **streak(key),
            }

        if rules is not None:
            return of_rules(rules_key(rules))
        where, params = where_clause(player=player, layout=shape)
        by_rules = {
            key: of_rules(key)
            for (key,) in self._query(f"SELECT DISTINCT rules FROM results{where} ORDER BY rules", params)
        }
        return {"rules": None, **who, **self._figures(where, params), "by_rules": by_rules}

    def _wins_in_a_row(self, key: str, player: str, layout: str | None) -> tuple[int, int]:
        """``player``'s finished games (won or blocked) under rule set ``key`` (on ``layout``, if
        given) won in a row: the last ones, and the most ever."""
        where, params = where_clause(key, player=player, layout=layout)
        rows = self._query(
            f"SELECT outcome FROM results{where} AND outcome IN ('won', 'blocked') ORDER BY finished_at, id", params
        )
        best = run = 0
        for (outcome,) in rows:
            run = run + 1 if outcome == "won" else 0
            best = max(best, run)
        return run, best

    def _figures(self, where: str, params: list[object]) -> Figures:
        ((played, won, blocked, abandoned, games, games_won, run, draws),) = self._query(
            "SELECT count(*), coalesce(sum(CASE WHEN outcome = 'won' THEN 1 ELSE 0 END), 0), "
            "coalesce(sum(CASE WHEN outcome = 'blocked' THEN 1 ELSE 0 END), 0), "
            "coalesce(sum(CASE WHEN outcome = 'abandoned' THEN 1 ELSE 0 END), 0), count(DISTINCT number), "
            "count(DISTINCT CASE WHEN outcome = 'won' THEN number END), coalesce(max(longest_run), 0), "
            f"coalesce(sum(draws), 0) FROM results{where}",
            params,
        )
        played, won, draws, finished = int(played), int(won), int(draws), int(won) + int(blocked)
        return {
            "played": played,
            "won": won,
            "blocked": int(blocked),
            "abandoned": int(abandoned),
            "finished": finished,
            "win_percent": round(100 * won / finished, 1) if finished else 0.0,
            "games": int(games),
            "games_won": int(games_won),
            "longest_run": int(run),
            "draws": draws,
            "mean_draws": round(draws / played, 2) if played else 0.0,
        }


def where_clause(
    rules: Rules | str | None = None,
    number: int | None = None,
    outcome: str | None = None,
    player: str | None = None,
    layout: Layout | str | None = None,
) -> tuple[str, list[object]]:
    """The ``WHERE`` of a query on the results (or challenges) of what is given, and its parameters."""
    clauses: list[str] = []
    params: list[object] = []
    if player is not None:
        clauses.append("player = ?")
        params.append(_asked_player(player))
    if layout is not None:
        clauses.append("layout = ?")
        params.append(stored_layout_key(layout))
    if rules is not None:
        clauses.append("rules = ?")
        params.append(rules_key(rules))
    if number is not None:
        clauses.append("number = ?")
        params.append(bounded("number", number, SERIES_FIRST, SERIES_LAST))
    if outcome is not None:
        if outcome not in OUTCOMES:
            raise InvalidValueError(f"outcome must be one of {', '.join(OUTCOMES)}; got {outcome!r}")
        clauses.append("outcome = ?")
        params.append(outcome)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params


def _of_the_day(day: date, rules: str, layout: Layout | str, number: int) -> bool:
    """Whether game ``number`` was the game of the day ``day``; never where that day has none (a
    layout of one's own where the walk to it runs out of its bound: ``goals.daily``)."""
    try:
        return goals.number_of_the_day(day, rules, layout=layout) == number
    except SearchExhausted:
        return False


def _local_day(finished: object) -> date | None:
    """The local calendar's day of a stored finishing time, or None for a time no version writes."""
    try:
        return datetime.fromisoformat(str(finished)).astimezone().date()
    except ValueError:
        return None


def _table(entries: list[dict[str, Any]], columns: tuple[str, ...]) -> Any:
    """``entries`` as a ``pandas.DataFrame`` of ``columns`` where pandas is installed, else as they are."""
    try:
        import pandas
    except ImportError:
        return entries
    return pandas.DataFrame(entries, columns=list(columns))


def _asked_player(name: object) -> str:
    """A player asked about: any text, since a store may hold names this version would not write."""
    if isinstance(name, str):
        return name
    return check_player(name)  # raises its TypeError


def bounded(name: str, value: object, low: int, high: int) -> int:
    """A whole-number argument of a query, checked before it reaches the server (never an
    ``OverflowError`` from the driver, nor a value one server takes and another refuses)."""
    number = whole_number(value)
    if number is None or not low <= number <= high:
        raise InvalidValueError(f"{name} is a whole number from {low:,} to {high:,}; got {got(value)}")
    return number


def _result(row: dict[str, Any]) -> StoredResult:
    """A result read in the columns ``schema.RESULT_COLUMNS``, its assists named."""
    row["assists"] = assists_of(row["assists"])
    return cast(StoredResult, row)
