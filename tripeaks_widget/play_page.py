"""The browser site's play-only page (``play/``): one board, played by hand, with no code cell and
no Jupyter, and only the assists the teacher allowed when the site was built. Its records are the
browser's own: a records file the page keeps in the browser's storage.

The page's worker starts Pyodide with this package's wheel, makes a :class:`PlayPage` with the
site's settings and a function that posts a text to the page, and hands it every message from
the page (:meth:`PlayPage.receive`). What it posts is what the widget's traits would hold (see
:mod:`tripeaks_widget.widget`): the board's snapshot (``state``) and, when its language changes,
the front end's labels (``labels``); the page draws them with the notebook's own front end
(``static/widget.js``). ``python -m tripeaks_widget.lite build`` writes the page and its settings
(:func:`check_settings`); the how-to on the class site tells the rest.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Iterable
from pathlib import PurePosixPath
from typing import Any

from . import i18n
from .board import Board
from .board.snapshot import Snapshot
from .engine.dealing import ToDeal
from .engine.errors import InvalidTypeError, InvalidValueError, SearchExhausted, TriPeaksError, shown
from .engine.layout import Layout
from .engine.messages import Message
from .records import Records
from .records.results import ASSISTS, DEFAULT_PLAYER
from .records.spool import SPOOL_ENV

log = logging.getLogger("tripeaks_widget")

# The page's own words (the board says the rest); the site's build writes them in every language.
PLAY = Message("Play")
PLAY_ABOUT = Message("A board to play by hand: nothing to install, no code")
NOTEBOOKS = Message("Notebooks")
NOTEBOOKS_ABOUT = Message("JupyterLab with the walkthroughs: play, and ask the game questions in Python")
GAME_OF_THE_DAY = Message("Game of the day")
GAME_OF_THE_DAY_TIP = Message("Today's deal, the same for everyone, with three goals")
STARTING = Message("Starting the game in your browser…")
NOT_STARTED = Message("The game could not start: {error}")
BAD_LINK = Message("That link is not a game; here is a random one.")
# What the board says of a click not answered in a few seconds: on the page there is no kernel to
# restart, only the game working in the page's background.
NO_ANSWER = Message("The game has not answered yet: it is still working. Wait a moment, or reload the page.")
NO_DAY = Message("There is no game of the day today under these rules on this layout; your game goes on.")
PAGE_WORDS = {
    "play": PLAY,
    "play_about": PLAY_ABOUT,
    "notebooks": NOTEBOOKS,
    "notebooks_about": NOTEBOOKS_ABOUT,
    "game_of_the_day": GAME_OF_THE_DAY,
    "game_of_the_day_tip": GAME_OF_THE_DAY_TIP,
    "starting": STARTING,
    "not_started": NOT_STARTED,
}

# What a teacher may allow, by the names the records give the assists a game used.
HINT_KINDS = {"fair_hint": "fair", "hint": "exact"}  # the Hint button's two kinds
SWITCHED = {"show_verdict": "verdict", "show_win_chance": "win_chance"}  # a switch, and the assist it shows
TODAY = "today"  # ?game=today: the game of the day
PLAYER = DEFAULT_PLAYER  # the browser's one player: its records are its own, kept in its own storage


def page_words(lang: str) -> dict[str, str]:
    """The page's own words in ``lang`` (``{error}`` kept for the page to fill)."""
    return {key: i18n.text(message.entry, lang) for key, message in PAGE_WORDS.items()}


def check_assists(names: Iterable[str] | str) -> tuple[str, ...]:
    """The assists a teacher allows, by the records' names (``ASSISTS``: ``hint``, the exact hint;
    ``fair_hint``; ``verdict``; ``win_chance``), in that order; ``"all"`` or ``"none"``, or the
    names comma-separated, as the build's ``--assists`` takes them."""
    if isinstance(names, str):
        names = {"all": ASSISTS, "none": ()}.get(names.strip(), [n.strip() for n in names.split(",") if n.strip()])
    if not isinstance(names, Iterable):
        raise InvalidTypeError(f"assists are names of assists; got {type(names).__name__}")
    chosen = list(names)
    unknown = [name for name in chosen if name not in ASSISTS]
    if unknown:
        raise InvalidValueError(
            f"unknown assist {shown(unknown[0])}; a teacher allows any of {', '.join(ASSISTS)}, or all or none"
        )
    return tuple(name for name in ASSISTS if name in chosen)


class PlayPage:
    """The page's board: ``post(text)`` is told each snapshot (JSON: ``{"state", "labels"?}``, or
    ``{"error"}``, one sentence in the page's language: for a game or layout the link asked for
    that could not be dealt, a random game is dealt instead; for a game of the day there is none
    of, the game shown goes on).
    ``assists`` are those the teacher allows (:func:`check_assists`); ``lang`` the language the
    page opens in; ``game`` what to deal as every entry point reads it (``ToDeal``: a code, a game
    number in ASCII digits, a rule set), ``"today"`` (the game of the day) or None (a random
    deal), as the page's link asks (``play/?game=123&lang=el``); ``layout`` the layout to play on,
    a built-in one's name or key (``play/?game=123&layout=diamond``; a code names its own), None
    for Three Peaks. ``records`` is the path of the
    browser's own records file (the page keeps it in the browser's storage), or None for none;
    ``player`` the name the games are recorded under."""

    def __init__(
        self,
        post: Callable[[str], Any],
        *,
        assists: Iterable[str] | str = ASSISTS,
        lang: str = i18n.SOURCE_LANGUAGE,
        game: str | None = None,
        records: str | None = None,
        player: str = PLAYER,
        layout: str | None = None,
    ) -> None:
        self._post = post
        self.assists = check_assists(assists)
        self._lang: str | None = None  # the language whose labels the page has
        hints = [kind for name, kind in HINT_KINDS.items() if name in self.assists]
        # Without threads the store writes in this thread, at once (see records.worker).
        if records is not None:  # the spool beside the records file, in the browser's storage too
            os.environ.setdefault(SPOOL_ENV, str(PurePosixPath(records).parent / "spool"))
        store, why = (None, None) if records is None else Records.open_or_none(records)
        if why is not None:
            log.warning("the play page keeps no records: %s", why)
        self._options: dict[str, Any] = {
            "lang": i18n.check_language(lang),
            "records": store or False,
            "player": player,
            "show_hints": bool(hints),
            "hint_kind": hints[0] if hints else "fair",
        }
        self.board = self._deal(game, layout)

    def _deal(self, game: str | None, layout: str | None) -> Board:
        try:
            if game == TODAY:
                return self._show(Board.of_the_day(None, "easy", layout=Layout.parse(layout or None), **self._options))
            # What to deal, read as everywhere; none in the link is the browser's null or "".
            return self._show(Board(ToDeal.parse(game or None, layout=layout or None), **self._options))
        except TriPeaksError as error:  # a bad link: say so in the player's words, and deal at random
            log.warning("the link's game=%.80r layout=%.80r is not a game: %s", game, layout, error)
            said = i18n.text(BAD_LINK.entry, self._options["lang"])
            self._post(json.dumps({"error": said}, ensure_ascii=False))
            return self._show(Board(**self._options))

    def _show(self, board: Board) -> Board:
        board.subscribe(self._send)
        self._send(board.snapshot())
        return board

    def _send(self, snapshot: Snapshot) -> None:
        message: dict[str, Any] = {"state": snapshot}
        if snapshot["lang"] != self._lang:
            self._lang = snapshot["lang"]
            message["labels"] = {**i18n.labels(self._lang), "no_answer": i18n.text(NO_ANSWER.entry, self._lang)}
        self._post(json.dumps(message, ensure_ascii=False))

    def receive(self, text: str) -> None:
        """One request of the page's front end (the JSON of what the widget's front end sends);
        a switch to an assist the teacher did not allow is carried out as its allowed value, so
        the request is still answered and nothing else changes."""
        try:
            content = json.loads(text)
        except ValueError:
            log.warning("ignored a message of the page that is not JSON: %.80r", text)
            return
        self.board.handle(self.allowed(content))

    def allowed(self, content: Any) -> Any:
        """``content`` with any switch to an assist the teacher did not allow set to what is allowed."""
        if not isinstance(content, dict):
            return content
        kind, value = content.get("type"), content.get("value")
        if kind in SWITCHED and value is True and SWITCHED[kind] not in self.assists:
            return {**content, "value": False}
        if kind == "show_hints" and value is True and not self._options["show_hints"]:
            return {**content, "value": False}
        if kind == "hint_kind" and value in HINT_KINDS.values():
            allowed = {HINT_KINDS[name] for name in HINT_KINDS if name in self.assists}
            if value not in allowed:
                return {**content, "value": self._options["hint_kind"]}
        return content

    def of_the_day(self) -> None:
        """Deal the game of the day, under the rules on the board, in the board's language: a new
        board takes the place of the one shown. Where there is none (its search ran out of its
        bound, ``SearchExhausted``), the page is told so in one sentence and the game shown goes on."""
        old = self.board
        self._options["lang"] = old.lang
        try:
            board = Board.of_the_day(None, old.game.rules, layout=old.game.layout, **self._options)
        except SearchExhausted as error:
            log.warning("no game of the day: %s", error)
            self._post(json.dumps({"error": i18n.text(NO_DAY.entry, old.lang)}, ensure_ascii=False))
            return
        old.close()
        self.board = self._show(board)


def hidden_controls(assists: Iterable[str] | str) -> list[str]:
    """What the page does not show of the assists a teacher did not allow, as its style names
    them: ``verdict``, ``win_chance``, ``hints`` (no hint at all) or ``hint_kind`` (one kind only)."""
    allowed = check_assists(assists)
    kinds = [name for name in HINT_KINDS if name in allowed]
    hidden = [assist for assist in SWITCHED.values() if assist not in allowed]
    return [*hidden, "hints"] if not kinds else [*hidden, "hint_kind"] if len(kinds) == 1 else hidden
