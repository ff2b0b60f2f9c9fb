"""A board's results going to the records store (:mod:`tripeaks_widget.records`): the store a
widget was given, the game recorded when it ends (won or blocked) or is left unfinished, and what
the store said about it, shown under the board until the next action."""

from __future__ import annotations

import logging
import os
from typing import Any

from .game import Game
from .messages import Message
from .records import Notice, Records, RecordsError, in_series

log = logging.getLogger("tripeaks_widget")

NOT_RECORDED = Message("This result could not be recorded: {error}")
NO_RECORDS = Message("Records cannot be kept: {error}")


class Results:
    """The records store of one board and what it said last (``notices``: ``{"kind", "text"}``)."""

    def __init__(self, records: Records | str | os.PathLike | bool | None, game: Game) -> None:
        self.store, self.error = open_records(records)
        self.notices: list[dict] = []
        if self.error:
            log.warning("playing without records: %s", self.error)
            self.notices = [{"kind": "error", "text": self.error}]
        self._ended: tuple[Game, str] = (game, game.status)  # the last status looked at

    def look_at(self, game: Game) -> None:
        """Record the game when it has just become won or blocked (again, after an undo)."""
        status = game.status
        if self._ended == (game, status):
            return
        self._ended = (game, status)
        if status in ("won", "blocked"):
            self.record(game)

    def record(self, game: Game) -> None:
        """Give a result to the records store and keep what it says; a failure is said, not raised."""
        if self.store is None or not in_series(game.number):
            return
        try:
            notices: list[Notice] = self.store.record(game)
        except RecordsError as error:
            log.warning("a result was not recorded: %s", error)
            self.notices.append({"kind": "error", "text": Message(NOT_RECORDED, error=str(error))})
        except Exception as error:  # a records bug must never cost the game its move
            log.exception("recording game %s failed", game.number)
            self.notices.append({"kind": "error", "text": Message(NOT_RECORDED, error=str(error))})
        else:
            self.notices.extend({"kind": notice.kind, "text": notice.text} for notice in notices)


def open_records(records: Any) -> tuple[Records | None, str | None]:
    """The store a widget records to, and why there is none when one was asked for."""
    if records is False:
        return None, None
    if isinstance(records, Records):
        return records, None
    if records is None or records is True or isinstance(records, (str, os.PathLike)):
        path = None if records is None or records is True else records
        try:
            records, why = Records.open_or_none(path)
        except Exception as error:  # whatever goes wrong, the widget still plays
            log.exception("the records store could not be opened")
            records, why = None, str(error)
        return records, None if why is None else Message(NO_RECORDS, error=why)
    raise TypeError(
        f"records is a Records store, a path, None (the user's own store) or False (none); "
        f"got {type(records).__name__} {records!r}"
    )
