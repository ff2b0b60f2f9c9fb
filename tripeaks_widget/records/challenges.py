"""A class's challenges: a goal on a numbered game that the store's owner sets, open from a day to a
day, which every player's board shows and which the records judge from the results they hold.

A class challenge is one the records can check from a result the server has taken: *win*, *win
in D draws* (a result keeps its draws) and *a run of K* (it keeps its longest run). A student
sends nothing about a challenge, so there is nothing to forge beyond the result itself: who met a
challenge first, and each player's best on it, are read from the results, as the leaderboards
are. Scripted and assisted results are ranked apart, as everywhere in the records.

The days are calendar days in UTC, as a result's time is stored: a challenge "until the 20th" takes
results finished up to the end of the 20th, UTC. On a class's store that time is the server's, as
it took the result, so "first" is in the order the server took them.

"First" means one thing on every board and view (the student's notice, the teacher's
:meth:`~.store.Records.challenge_board`, the command line's ``challenges``): the earliest result, in
the store's time, that meets the challenge and counts for first (:func:`counts_for_first`): played
by hand, unassisted, and not late. A result that reached the store late (played more than
``LATE_AFTER`` before, as its client says: one kept in the spool while the server could not be
reached, say) counts for its player's best but never takes a first; a scripted or assisted one is
listed with its category and assists, and is never first.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from ..engine.errors import InvalidChallengeError, SearchExhausted
from ..engine.game import Game
from ..engine.layout import LAYOUTS, THREE_PEAKS, Layout
from ..engine.messages import Message
from ..engine.rules import Rules
from ..goals import Challenge, day_of
from ..goals.challenge import GOAL_NODES, RUN, WIN, WIN_IN, Best
from .results import HAND, builtin_slots

LATE_AFTER = datetime.timedelta(minutes=5)  # a result stored later than this after its play is late
PROOF_NODES = GOAL_NODES  # positions the solver may search to prove a challenge impossible; past them, it is set
CHECKED = (WIN, WIN_IN, RUN)  # what a stored result says: its outcome, its draws, its longest run
COLUMNS = ("id", "rules", "number", "challenge", "opens", "closes", "set_at", "layout")
BUILT_IN = ", ".join(LAYOUTS)  # the layouts a class challenge is set on, by name


def slots_of(layout: str) -> int | None:
    """The slots of the built-in layout stored under the key ``layout``; None for another layout
    (one loaded from a file: the records do not know its slots, so a class challenge is not set on it)."""
    return builtin_slots().get(layout)


def class_challenge(challenge: Challenge | str, rules: Rules | str, layout: str) -> Challenge:
    """``challenge`` as a class challenge under ``rules`` on the built-in layout of key ``layout``:
    one the records can check from a result (``InvalidChallengeError`` otherwise, saying which can)."""
    if slots_of(layout) is None:
        raise InvalidChallengeError(f"a class challenge is set on a built-in layout ({BUILT_IN}); got {layout!r:.80}")
    parsed = Challenge.parse(challenge, rules, layout)
    if parsed.kind not in CHECKED:
        raise InvalidChallengeError(
            f"a class challenge is one the records can check from a result: 'win', 'win in D draws' or "
            f"'run K'; {parsed.text!r} needs the game's moves, which the records do not keep"
        )
    return parsed


@lru_cache(maxsize=256)
def proved_best(challenge: Challenge, number: int, rules: str, layout: str, nodes: int) -> Best | None:
    """The best possible on ``challenge`` from the deal of game ``number`` under ``rules`` on
    ``layout`` (keys), as the solver proves it (``Challenge.best``, what a student's board shows once
    the game is over), searching at most ``nodes`` positions; None when the proof runs out first.
    Kept: a process asks the solver once for each challenge, however often its board is read."""
    try:
        return challenge.best(Game.from_number(number, rules, layout=Layout.parse(layout)), nodes=nodes)
    except SearchExhausted:
        return None


def best_said(challenge: Challenge, number: int, rules: str, layout: str) -> Message | None:
    """The best possible on ``challenge`` in words (``"a win with 18 draws"``), or None unproved."""
    best = proved_best(challenge, number, rules, layout, PROOF_NODES)
    return None if best is None else best.message.values["best"]


def check_possible(challenge: Challenge, number: int, rules: str, layout: str) -> None:
    """Raise ``InvalidChallengeError``, naming the best possible, when the solver (which sees the
    hidden cards) proves that no play of game ``number`` under ``rules`` on ``layout`` (keys) meets
    ``challenge``. A proof not found within ``PROOF_NODES`` positions searched leaves the challenge to be set."""
    try:  # the quicker proof first: it stops at the first line that meets the challenge
        if challenge.possible(Game.from_number(number, rules, layout=Layout.parse(layout)), nodes=PROOF_NODES):
            return
    except SearchExhausted:
        return
    best = proved_best(challenge, number, rules, layout, PROOF_NODES)
    if best is None or best.possible:
        return
    where = rules if layout == THREE_PEAKS.key else f"{rules}, {layout}"
    raise InvalidChallengeError(
        f"no play of game {number} ({where}) meets {challenge.text!r}, as the solver proves: the best possible is "
        f"{best.message.values['best']}; expected a challenge the deal allows"
    )


def window(opens: object, closes: object) -> tuple[str, str | None]:
    """The first and the last day a challenge is open, as ISO dates (``closes`` None: open)."""
    first = day_of(opens)
    last = None if closes is None else day_of(closes)
    if last is not None and last < first:
        raise InvalidChallengeError(f"a challenge closes on or after the day it opens ({first}); got until {last}")
    return first.isoformat(), None if last is None else last.isoformat()


def measure(challenge: Challenge, result: dict[str, Any], slots: int | None) -> tuple[bool, int | None]:
    """Whether a stored result meets ``challenge``, and its value on the challenge's measure: the
    cards cleared of the layout's ``slots`` (win; None when its slots are not known), the draws of
    a win (win in D: fewer is better; None without a win), the longest run (run K)."""
    won = result["outcome"] == "won"
    if challenge.kind == WIN:
        return won, None if slots is None else slots - result["cards_left"]
    if challenge.kind == WIN_IN:
        return won and result["draws"] <= challenge.target, result["draws"] if won else None
    return result["longest_run"] >= challenge.target, result["longest_run"]


def late(result: dict[str, Any]) -> bool:
    """Whether a stored result reached the store more than ``LATE_AFTER`` after the time its client
    says it was played (``played_at``; a store's results from before it was kept are not late)."""
    try:
        stored = datetime.datetime.fromisoformat(result["finished_at"])
        played = datetime.datetime.fromisoformat(result.get("played_at") or result["finished_at"])
        return stored - played > LATE_AFTER
    except (TypeError, ValueError):  # a time no version writes
        return False


def better(challenge: Challenge, value: int | None, than: int | None) -> bool:
    """Whether ``value`` beats ``than`` on the challenge's measure (fewer draws, else more)."""
    if value is None:
        return False
    if than is None:
        return True
    return value < than if challenge.kind == WIN_IN else value > than


def counts_for_first(result: dict[str, Any]) -> bool:
    """Whether a stored result may be the first to meet a challenge: played by hand, unassisted,
    and not late. The one definition of "first", for every board and view."""
    return result["category"] == HAND and not result["assists"] and not late(result)


def first_of(challenge: Challenge, results: Iterable[dict[str, Any]], slots: int | None) -> dict[str, Any] | None:
    """The first of ``results`` (in the order the store took them) that meets ``challenge`` and
    counts for first; None when none does."""
    return next((r for r in results if counts_for_first(r) and measure(challenge, r, slots)[0]), None)


def board(challenge: Challenge, results: Iterable[dict[str, Any]], slots: int | None) -> dict[str, Any]:
    """Who met ``challenge`` first, and each player's best on it, from the results in its window
    (in the order the store took them), on a layout of ``slots`` slots: ``first`` (see
    :func:`first_of`: by hand, unassisted, not late), and ``players``, each with its best value,
    whether they met it, and the category and assists of that result, by hand and unassisted first."""
    results = list(results)
    best: dict[tuple[str, str, bool], dict[str, Any]] = {}
    found = first_of(challenge, results, slots)
    first = None if found is None else {"player": found["player"], "finished_at": found["finished_at"]}
    for result in results:
        met, value = measure(challenge, result, slots)
        assisted = bool(result["assists"])
        key = (result["player"], result["category"], assisted)
        held = best.get(key)
        if (
            held is None
            or (met and not held["met"])
            or (met == held["met"] and better(challenge, value, held["value"]))
        ):
            best[key] = {
                "player": result["player"],
                "met": met,
                "value": value,
                "category": result["category"],
                "assisted": assisted,
                "finished_at": result["finished_at"],
            }

    def order(entry: dict[str, Any]) -> tuple[bool, bool, bool, float, str]:
        value = entry["value"]
        rank = (value if challenge.kind == WIN_IN else -value) if value is not None else float("inf")
        return (entry["category"] != HAND, entry["assisted"], not entry["met"], rank, entry["finished_at"])

    return {"challenge": challenge.text, "first": first, "players": sorted(best.values(), key=order)}


def until_end_of(day: str) -> str:
    """The first moment after ``day`` (an ISO date), in UTC, as results keep their times."""
    after = datetime.date.fromisoformat(day) + datetime.timedelta(days=1)
    return f"{after.isoformat()}T00:00:00+00:00"
