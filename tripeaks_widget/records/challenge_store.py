"""The class's challenges in a store: set and withdrawn by its owner, listed, judged on their board."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from datetime import datetime, timezone
from typing import Any, TypeVar

from .. import goals
from ..engine.codes import SERIES_FIRST, SERIES_LAST
from ..engine.errors import InvalidRecordsError, RecordsError
from ..engine.layout import Layout
from ..engine.rules import Rules
from ..goals import Challenge
from . import challenges as class_challenges
from .backends import Connection
from .base import StoreBase
from .notices import Notice, first_met_notice
from .queries import bounded, where_clause
from .results import HAND, in_series, rules_key, stored_layout_key

_T = TypeVar("_T")
# What a challenge's board reads of each result to judge it (see .challenges).
JUDGED = ("player", "outcome", "cards_left", "draws", "longest_run", "assists", "category", "finished_at", "played_at")


class ChallengeStore(StoreBase):
    """The class's challenges of a records store (the methods of :class:`.store.Records` on them)."""

    def set_challenge(
        self,
        number: int,
        challenge: str | Challenge,
        rules: Rules | str = "easy",
        *,
        opens: object = None,
        until: object = None,
        layout: Layout | str | None = None,
    ) -> dict[str, Any]:
        """Set a challenge for the class on numbered game ``number`` under ``rules`` on ``layout``
        (a built-in layout; None: Three Peaks) (the store's owner only: a player's credentials are
        refused), open from ``opens`` (None: today) to ``until`` (the last day, None: no end). It
        shows on the board of every player of that game; the records judge it from the results
        (see :mod:`.challenges`). One that no play of the deal meets, as the solver proves, is
        refused (``InvalidChallengeError``, naming the best possible). Returns it as
        :meth:`challenges` gives it."""
        key, shape = rules_key(rules), stored_layout_key(layout)
        number = bounded("number", number, SERIES_FIRST, SERIES_LAST)
        checked = class_challenges.class_challenge(challenge, key, shape)
        first, last = class_challenges.window(opens, until)
        class_challenges.check_possible(checked, number, key, shape)
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        values = (key, number, checked.text, first, last, now, shape)

        def work(conn: Connection) -> int:
            insert = (
                "INSERT INTO challenges (rules, number, challenge, opens, closes, set_at, layout) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)"
            )
            return int(conn.execute(self._backend.sql(insert + " RETURNING id"), values).fetchone()[0])

        made = self._as_owner(work, "sets")
        return dict(zip(class_challenges.COLUMNS, (made, *values), strict=True))

    def withdraw_challenge(self, challenge_id: int) -> dict[str, Any]:
        """Withdraw the class's challenge ``challenge_id`` (the store's owner only: a player's
        credentials are refused): it shows on no board and in no list from then on, and the results
        stay. Returns it as :meth:`challenges` gave it."""
        number = bounded("challenge", challenge_id, 1, 2**62)

        def work(conn: Connection) -> tuple[Any, ...] | None:
            delete = f"DELETE FROM challenges WHERE id = ? RETURNING {', '.join(class_challenges.COLUMNS)}"
            row: tuple[Any, ...] | None = conn.execute(self._backend.sql(delete), (number,)).fetchone()
            return row

        gone = self._as_owner(work, "withdraws")
        if gone is None:
            raise InvalidRecordsError(
                f"no challenge {challenge_id} in {self.where}; its challenges: challenges(on='all')"
            )
        return dict(zip(class_challenges.COLUMNS, gone, strict=True))

    def _as_owner(self, work: Callable[[Connection], _T], does: str) -> _T:
        """``work(conn)`` in a write only the class's owner may make (it ``does`` what, in words)."""
        try:
            return self._attempt(work)
        except RecordsError as error:
            if "permission denied" in str(error).lower() or "row-level security" in str(error).lower():
                raise RecordsError(
                    f"only the class's owner {does} challenges: {self.where} is a player's; "
                    "use the owner's URL (the one setup ran with)"
                ) from None
            raise

    def challenges(
        self,
        number: int | None = None,
        rules: Rules | str | None = None,
        *,
        on: object = None,
        layout: Layout | str | None = None,
    ) -> list[dict[str, Any]]:
        """The class's challenges open on day ``on`` (None: today, UTC; ``"all"``: every one set),
        of game ``number``, rule set ``rules`` and ``layout`` when given, the oldest first."""
        sql, params = _open_on(where_clause(rules, number, layout=layout), on)
        return [dict(zip(class_challenges.COLUMNS, row, strict=True)) for row in self._query(sql, params)]

    def submit_challenges(
        self, number: int, rules: Rules | str, *, layout: Layout | str | None = None
    ) -> Future[list[dict[str, Any]]]:
        """A Future of :meth:`challenges` open today on one game (on ``layout``; None: Three Peaks),
        from the store's reading thread."""
        return self._reader.submit(
            lambda: self.challenges(number, rules, layout=stored_layout_key(layout)), f"the challenges of game {number}"
        )

    def challenge_board(self, challenge_id: int) -> dict[str, Any]:
        """Who met the class's challenge ``challenge_id`` first and each player's best on it, from
        the results of its game in its days: ``{"challenge", "game", "rules", "layout", "best",
        "first", "players"}``. ``best`` is the best possible on the deal in words (``"a win with 18
        draws"``), as the solver proves it and a student's board shows it after the game (None when
        the proof runs out of its bound); ``first`` the earliest result, in the store's time, played
        by hand, unassisted and not late (:func:`.challenges.counts_for_first`: the student's notice
        says the same), or None; each player with ``met``, ``value``, ``category`` and ``assisted``
        (by hand and unassisted first, then the best)."""
        sql, params = _open_on((" WHERE id = ?", [bounded("challenge", challenge_id, 1, 2**62)]), "all")

        def work(conn: Connection) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:  # one connection for it all
            found = conn.execute(self._backend.sql(sql), params).fetchall()
            return [_with_results(conn, self._backend.sql, row) for row in found]

        found = self._read(work)
        if not found:
            raise InvalidRecordsError(f"no challenge {challenge_id} in {self.where}; its challenges: challenges()")
        return _board(*found[0])

    def class_board(self, on: object = None) -> dict[str, Any]:
        """The class's board for day ``on`` (None: today, UTC), as a live class board shows it: ``day``
        (ISO), ``challenges``, each open that day as :meth:`challenge_board` gives it with its ``id``,
        and ``players``, everyone with a result on one of them, by name, each with ``met``: how many
        of the challenges they met by hand and unassisted (:func:`.challenges.counts_for_first`'s
        results, late or not)."""
        day = datetime.now(timezone.utc).date() if on is None else goals.day_of(on)
        sql, params = _open_on(where_clause(), day)

        def work(conn: Connection) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:  # one connection for it all
            found = conn.execute(self._backend.sql(sql), params).fetchall()
            return [_with_results(conn, self._backend.sql, row) for row in found]

        boards = [{"id": row["id"], **_board(row, results)} for row, results in self._read(work)]
        names = sorted({entry["player"] for board in boards for entry in board["players"]})
        met = dict.fromkeys(names, 0)
        for board in boards:
            for name in {
                e["player"] for e in board["players"] if e["met"] and e["category"] == HAND and not e["assisted"]
            }:
                met[name] += 1
        return {"day": day.isoformat(), "challenges": boards, "players": [{"player": n, "met": met[n]} for n in names]}


def _open_on(where: tuple[str, list[object]], on: object) -> tuple[str, list[object]]:
    """The query of the challenges that ``where`` (a WHERE clause and its parameters) takes, open on day
    ``on`` (None: today, UTC; ``"all"``: every one set), the oldest first."""
    clause, params = where
    if on != "all":
        day = (datetime.now(timezone.utc).date() if on is None else goals.day_of(on)).isoformat()
        clause += f"{' AND' if clause else ' WHERE'} opens <= ? AND (closes IS NULL OR closes >= ?)"
        params = [*params, day, day]
    return f"SELECT {', '.join(class_challenges.COLUMNS)} FROM challenges{clause} ORDER BY id", params


def _with_results(
    conn: Connection, sql: Callable[[str], str], found: tuple[Any, ...]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A challenge's row (as :meth:`ChallengeStore.challenges` gives it) and the results of its game in
    its days, in the order the store took them, read on ``conn`` (``sql``: the backend's dialect)."""
    row = dict(zip(class_challenges.COLUMNS, found, strict=True))
    query = f"SELECT {', '.join(JUDGED)} FROM results WHERE layout = ? AND rules = ? AND number = ? "
    query += "AND finished_at >= ?"
    params: list[object] = [row["layout"], row["rules"], row["number"], f"{row['opens']}T00:00:00+00:00"]
    if row["closes"] is not None:
        query += " AND finished_at < ?"
        params.append(class_challenges.until_end_of(row["closes"]))
    results = conn.execute(sql(query + " ORDER BY finished_at, id"), params).fetchall()
    return row, [dict(zip(JUDGED, r, strict=True)) for r in results]


def _board(row: dict[str, Any], results: list[dict[str, Any]]) -> dict[str, Any]:
    """A challenge's board (:meth:`ChallengeStore.challenge_board`) from its row and its results; the
    best possible asked of the solver here, with no connection held."""
    challenge = class_challenges.class_challenge(row["challenge"], row["rules"], row["layout"])
    return {
        "game": row["number"],
        "rules": row["rules"],
        "layout": row["layout"],
        "best": class_challenges.best_said(challenge, row["number"], row["rules"], row["layout"]),
        **class_challenges.board(challenge, results, class_challenges.slots_of(row["layout"])),
    }


def first_met(conn: Connection, sql: Callable[[str], str], row: dict[str, Any]) -> list[Notice]:
    """The class's challenges open on this game that this result (as stored) is the first to
    meet, as the challenge's board judges it (:func:`.challenges.first_of`: by hand, unassisted,
    not late, in the store's time), read on ``conn`` in the transaction that wrote it (``sql``
    puts a statement in the backend's dialect)."""
    if not in_series(row["number"]) or not class_challenges.counts_for_first(row):
        return []
    day = datetime.fromisoformat(row["finished_at"]).astimezone(timezone.utc).date().isoformat()
    game = (row["layout"], row["rules"], row["number"])
    open_now = conn.execute(
        sql(
            "SELECT challenge, opens FROM challenges WHERE layout = ? AND rules = ? AND number = ? "
            "AND opens <= ? AND (closes IS NULL OR closes >= ?) ORDER BY id"
        ),
        (*game, day, day),
    ).fetchall()
    said = []
    slots = class_challenges.slots_of(row["layout"])
    for text, opens in open_now:
        challenge = class_challenges.class_challenge(text, row["rules"], row["layout"])
        if not class_challenges.measure(challenge, row, slots)[0]:
            continue
        # Those that could be first, up to this one: by hand and unassisted, in the store's order.
        candidates = conn.execute(
            sql(
                f"SELECT {', '.join(JUDGED)} FROM results WHERE layout = ? AND rules = ? AND number = ? "
                "AND category = ? AND assists = '' AND finished_at >= ? AND finished_at <= ? "
                "ORDER BY finished_at, id"
            ),
            (*game, HAND, f"{opens}T00:00:00+00:00", row["finished_at"]),
        ).fetchall()
        judged = (dict(zip(JUDGED, r, strict=True)) for r in candidates)
        first = class_challenges.first_of(challenge, judged, slots)
        if first is not None and (first["player"], first["finished_at"]) == (row["player"], row["finished_at"]):
            said.append(first_met_notice(row["rules"], row["number"], HAND, challenge.message, row["layout"]))
    return said
