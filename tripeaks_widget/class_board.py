"""The teacher's live class board: the day's challenges of a class's store, who met each first by
hand, and each student's progress and best, in large type for a projector, kept up to date as
results arrive.

``ClassBoard(store)`` reads :meth:`Records.class_board <tripeaks_widget.records.Records.class_board>`
in a thread of its own, again each time :meth:`Records.changes <tripeaks_widget.records.Records.changes>`
says the store changed: a class's PostgreSQL store tells it (one listening connection, which only
reads), an SQLite file is looked at a few times a second. When the store cannot be reached, the
board keeps what it last read, says so under its title, and tries again, waiting twice as long each
time up to ``RETRY_MOST`` seconds; the notice goes once the store answers. Every word is said in
the board's ``lang`` through the catalogs; the front end (``static/class_board.js``) only lays out
what it is sent. How a teacher uses it: the documentation's page "Teach a class".
"""

from __future__ import annotations

import logging
import os
import pathlib
import sys
import threading
from datetime import datetime
from typing import Any

import anywidget
import traitlets

from . import i18n
from .board import check_language
from .engine.errors import InvalidTypeError, RecordsError, RecordsUnavailable, got
from .engine.messages import Message
from .goals import Challenge
from .goals.challenge import Best
from .records import HAND, Records
from .records.live import Changes
from .records.notices import game_title, player_title

log = logging.getLogger("tripeaks_widget")

WAIT = 0.25  # seconds one look for changes lasts: the longest a board takes to notice it was closed
RETRY_FIRST, RETRY_MOST = 0.5, 8.0  # seconds before trying again a store that cannot be reached, doubling

TITLE = Message("Class board")
DAY = Message("Challenges of {day}")
UPDATED = Message("Read at {time}")
NO_CHALLENGE = Message("No challenge of the class is open today.")
CHALLENGES_CAPTION = Message("The class's challenges today")
STUDENTS_CAPTION = Message("Each student's best on the class's challenges")
COLUMN_GAME = Message("Game")
COLUMN_CHALLENGE = Message("Challenge")
COLUMN_BEST = Message("Best possible")
COLUMN_FIRST = Message("First by hand")
COLUMN_STUDENT = Message("Student")
COLUMN_MET = Message("Met by hand")
COLUMN_OF_GAME = Message("Game {number}: {challenge}")
MET_OF = Message("{met} of {of}")
NOBODY_YET = Message("nobody yet")
NOT_PROVED = Message("not proved")
NO_RESULT = Message("no result yet")
MET = Message("met")
SCRIPTED = Message("scripted")
ASSISTED = Message("assisted")
FIRST_AT = Message("{player} at {time}")
NEW_FIRST = Message("{player} is the first to meet the class's challenge “{challenge}” on {game}.")
OFFLINE = Message("The class's records cannot be reached; the board shows what it last read and tries again.")
BACK = Message("The class's records answer again.")
REFUSED = Message("The class's records refuse this board, which has stopped; the notebook's log says why.")

_STATIC = pathlib.Path(__file__).parent / "static"


def _shipped(name: str) -> str:
    return (_STATIC / name).read_text(encoding="utf-8")


class ClassBoard(anywidget.AnyWidget):
    """A live class board for the teacher to project: ``ClassBoard("postgresql://teacher:pw@host/class")``
    (a class's URL, an SQLite file, or an open :class:`~tripeaks_widget.records.Records`; None: the
    user's own store), in ``language`` (None: the kernel's locale's). It shows the challenges open
    today, who met each first by hand (the one "first" of :func:`tripeaks_widget.records.challenges.first_of`),
    and each student's best on each, scripted and assisted results marked so; it follows the store
    as results arrive, and says so when the store cannot be reached and when it answers again. It
    only reads: a student's URL shows what that student may read, no more. ``close()`` stops it."""

    _esm = traitlets.Unicode(_shipped("class_board.js")).tag(sync=True)
    _css = traitlets.Unicode(_shipped("class_board.css")).tag(sync=True)
    lang = traitlets.Unicode(i18n.SOURCE_LANGUAGE, help="The board's language: 'en', 'el', 'he' or 'is'").tag(sync=True)
    view = traitlets.Dict().tag(sync=True)  # the board in words, in ``lang``: what the front end lays out

    def __init__(self, store: str | os.PathLike[str] | Records | None = None, *, language: str | None = None) -> None:
        if store is not None and not isinstance(store, (str, os.PathLike, Records)):
            raise InvalidTypeError(f"store is a records store's URL or path, or a Records; got {got(store)}")
        lang = check_language(language)  # before the store is opened
        self._lock = threading.RLock()
        self._data: dict[str, Any] | None = None  # the store's board as last read
        self._offline: str | None = None  # why the store cannot be reached, while it cannot
        self._refused = False  # the store refused the board: it stopped
        self._said: list[Message] = []  # the last announcement, and how many were made
        self._announced = 0
        self._read_at: datetime | None = None
        self._stop = threading.Event()
        self._owned = not isinstance(store, Records)
        self.records = store if isinstance(store, Records) else Records(store, open_wait=0)
        super().__init__(lang=lang)
        self._thread = threading.Thread(target=self._follow, name="tripeaks class board", daemon=True)
        self._publish()  # its title at once; what the store holds follows from the thread
        self._thread.start()

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_language(proposal["value"])

    @traitlets.observe("lang")
    def _lang_changed(self, _change: Any) -> None:
        self._publish()

    @property
    def online(self) -> bool:
        """Whether the store answered the board's last look."""
        return self._offline is None

    @property
    def data(self) -> dict[str, Any] | None:
        """The store's board as last read (:meth:`Records.class_board`), or None before the first read."""
        return self._data

    def refresh(self) -> dict[str, Any]:
        """Read the store now, in this thread, and show it (the board does so by itself as results
        arrive); returns what it read. Raises ``RecordsUnavailable`` while the store cannot be reached."""
        self._read()
        assert self._data is not None
        return self._data

    def close(self) -> None:
        """Stop following the store (and close it, when the board opened it), then close the widget."""
        if sys.is_finalizing():  # ipywidgets closes what is left as the interpreter ends: the thread is a daemon
            return
        if hasattr(self, "_thread"):  # not when the constructor refused its arguments
            self._stop.set()
            if self._thread is not threading.current_thread():
                self._thread.join(WAIT + 5)
            if self._owned:
                self.records.close(wait=0)
        super().close()

    # -- following the store, in the board's thread ---------------------------------------------------

    def _follow(self) -> None:
        changes, pause = None, RETRY_FIRST
        while not self._stop.is_set():
            try:
                if changes is None:
                    changes = self.records.changes()  # before the read: a change during it is heard
                    self._read()
                elif changes.wait(WAIT):
                    self._read()
                pause = RETRY_FIRST
            except RecordsError as error:
                if not isinstance(error, RecordsUnavailable):  # refused: no use trying again
                    log.warning("the class board stops: %s", error)
                    with self._lock:  # said once as refused, never first as an outage being retried
                        self._refused, self._offline = True, str(error)
                    self._publish()
                    break
                self._lose(changes, str(error))
                changes = None
                self._stop.wait(pause)
                pause = min(2 * pause, RETRY_MOST)
            except Exception:  # a projected board outlives a surprise: it is logged, and tried again
                log.exception("the class board could not read its store")
                self._lose(changes, "an unexpected error")
                changes = None
                self._stop.wait(RETRY_MOST)
        if changes is not None:
            changes.close()

    def _lose(self, changes: Changes | None, why: str) -> None:
        """After a look at the store failed: its watcher let go (watched again from a fresh start,
        once the store answers), and the board said offline."""
        if changes is not None:
            changes.close()
        self._went_away(why)

    def _read(self) -> None:
        data = self.records.class_board()
        with self._lock:  # the board's thread and refresh() alike
            before, self._data, self._read_at = self._data, data, datetime.now()
            came_back, self._offline = self._offline is not None, None
            firsts = _new_firsts(before, data)
            if firsts or came_back:
                self._announce(firsts or [BACK])
        self._publish()

    def _went_away(self, why: str) -> None:
        with self._lock:
            if self._offline == why:
                return
            self._offline = why
        log.info("the class board cannot read its store: %s", why)
        self._publish()

    def _announce(self, messages: list[Message]) -> None:
        self._said, self._announced = messages, self._announced + 1

    def _publish(self) -> None:
        with self._lock:
            if getattr(self, "_thread", None) is None:
                return  # still being made: the first read publishes
            self.view = self._words(self.lang)

    # -- the board in words ---------------------------------------------------------------------------

    def _words(self, lang: str) -> dict[str, Any]:
        def say(message: str | None) -> str:
            return i18n.translate(message, lang)

        data = self._data or {"day": "", "challenges": [], "players": []}
        boards = data["challenges"]
        challenges = [_challenge(b) for b in boards]
        rows = [
            [
                say(game_title(b["rules"], b["game"], HAND, b["layout"])),
                say(c.message),
                say(NOT_PROVED if b["best"] is None else b["best"]),
                say(_first(b["first"])),
            ]
            for b, c in zip(boards, challenges, strict=True)
        ]
        students = [
            {
                "head": say(player_title(p["player"])),
                "cells": [
                    [{"text": say(t), "kind": k} for t, k in _cell(b, c, p["player"])]
                    for b, c in zip(boards, challenges, strict=True)
                ]
                + [[{"text": say(Message(MET_OF, met=p["met"], of=len(boards))), "kind": ""}]],
            }
            for p in data["players"]
        ]
        return {
            "lang": lang,
            "dir": i18n.direction(lang),
            "title": say(TITLE),
            "day": say(Message(DAY, day=data["day"])) if data["day"] else "",
            "updated": say(Message(UPDATED, time=f"{self._read_at:%H:%M:%S}")) if self._read_at else "",
            # why, in the log: a URL is no news to a class
            "offline": say(REFUSED if self._refused else OFFLINE) if self._offline else "",
            "announce": " ".join(say(m) for m in self._said),
            "announced": self._announced,
            "empty": say(NO_CHALLENGE) if self._data is not None and not boards else "",
            "challenges": {
                "caption": say(CHALLENGES_CAPTION),
                "columns": [say(c) for c in (COLUMN_GAME, COLUMN_CHALLENGE, COLUMN_BEST, COLUMN_FIRST)],
                "rows": rows,
            },
            "students": {
                "caption": say(STUDENTS_CAPTION),
                "columns": [
                    say(COLUMN_STUDENT),
                    *(
                        say(Message(COLUMN_OF_GAME, number=b["game"], challenge=c.message))
                        for b, c in zip(boards, challenges, strict=True)
                    ),
                    say(COLUMN_MET),
                ],
                "rows": students,
            },
        }


def _challenge(board: dict[str, Any]) -> Challenge:
    return Challenge.parse(board["challenge"], board["rules"], board["layout"])


def _local_time(stored: str) -> str:
    return f"{datetime.fromisoformat(stored).astimezone():%H:%M}"


def _first(first: dict[str, Any] | None) -> Message:
    if first is None:
        return NOBODY_YET
    return Message(FIRST_AT, player=player_title(first["player"]), time=_local_time(first["finished_at"]))


def _value(challenge: Challenge, entry: dict[str, Any]) -> Message:
    """A player's best on ``challenge`` in words, as the best possible on the deal is said."""
    said: Message = Best(challenge, entry["value"], (), entry["met"]).message.values["best"]
    return said


def _cell(board: dict[str, Any], challenge: Challenge, player: str) -> list[tuple[Message, str]]:
    """A student's results on one challenge, as parts of a cell with their kind: each best (by hand
    and unassisted first), marked met, and scripted or assisted when it was."""
    parts: list[tuple[Message, str]] = []
    for entry in (e for e in board["players"] if e["player"] == player):
        parts.append((_value(challenge, entry), "value"))
        if entry["met"]:
            parts.append((MET, "met"))
        if entry["category"] != HAND:
            parts.append((SCRIPTED, "scripted"))
        if entry["assisted"]:
            parts.append((ASSISTED, "assisted"))
    return parts or [(NO_RESULT, "none")]


def _new_firsts(before: dict[str, Any] | None, now: dict[str, Any]) -> list[Message]:
    """The announcements of the challenges met first since the board's last read (none on its first)."""
    if before is None:
        return []
    had = {b["id"]: b["first"] for b in before["challenges"]}
    return [
        Message(
            NEW_FIRST,
            player=player_title(board["first"]["player"]),
            challenge=_challenge(board).message,
            game=game_title(board["rules"], board["game"], HAND, board["layout"]),
        )
        for board in now["challenges"]
        if board["first"] is not None and board["id"] in had and had[board["id"]] != board["first"]
    ]
