"""The TriPeaks widget: a thin anywidget over a :class:`~tripeaks_widget.game.Game`.

Python is the only source of truth. The widget publishes one complete snapshot
of what a player sees in the ``state`` trait, and turns the front end's intents
(clicks, keys, the New game dialog) into the same engine calls a script makes.
Everything a player reads or hears is said in the widget's language (``lang``):
the snapshot's texts are translated as it is made, and the front end's labels go
once per language in the ``labels`` trait.

The solver is part of play: the Hint button, the verdict ("Still winnable", "No longer
winnable since move 12") and winnable-only deals. Searches asked for from the board run
in a worker thread (:mod:`tripeaks_widget.background`) under a time budget, so a message
handler always returns at once; a result arrives as a new snapshot, and one about a
position the board has left since is dropped.
"""

from __future__ import annotations

import contextlib
import logging
import numbers
import os
import pathlib
import re
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from typing import Any

import anywidget
import ipywidgets
import traitlets

from . import i18n, solver
from .background import Worker
from .cards import Card
from .codes import deck_code, number_code
from .game import YOU_WON, Game, IllegalMoveError, Message, standing_actions
from .layout import SLOT_COUNT
from .records import SERIES_FIRST, SERIES_LAST, Notice, Records, check_player, default_player, in_series
from .rules import Rules

log = logging.getLogger("tripeaks_widget")

_STATIC = pathlib.Path(__file__).parent / "static"

NO_HINT = "No hint: no move leads anywhere from here"
NO_HINT_IN_TIME = "No hint found within the time limit"
HINT_PENDING = "Looking for a hint…"
HINT_DRAW = "Hint: draw from the stock"
HINT_PLAY = "Hint: play the {card}"
VERDICT_PENDING = "Checking…"
VERDICT_WINNABLE = "Still winnable"
VERDICT_LOST = "No longer winnable since move {move}"
VERDICT_LOST_SOMETIME = "No longer winnable"
VERDICT_NEVER = "Not winnable from the deal"
VERDICT_UNKNOWN = "Could not decide within the time limit"
NO_WINNABLE_DEAL = "No winnable deal was found within the time limit. Try again."
FAILED = "Something went wrong: {error}"
NOT_RECORDED = "This result could not be recorded: {error}"
NO_RECORDS = "Records cannot be kept: {error}"
BAD_CODE = "That is not a game code. Codes look like TP1-E-AAAAAAB."
BAD_VARIANTS = "Variant letters are H, J, O, S and W, each at most once, as in TP1-E-AAAAAAB-SW."
BAD_NUMBER = "Game numbers run from 1 to 50,000; got {number}."
MALFORMED = "Malformed request: {why}"
GAME_NUMBERS = f"Game numbers run from {SERIES_FIRST} to {SERIES_LAST:,}"
MAX_CODE_LENGTH = 200  # far longer than any game code; keeps untrusted text small
MAX_RULES_LENGTH = 200  # "classic+hogue-scoring+joker+open-peaks+draw-when-stuck+empty-discard" is 68
RECORDS_WAIT = 0.5  # seconds a move waits for the records store; a later answer comes in a new snapshot


class _Language(traitlets.TraitType):
    """A language the widget speaks, checked as it is set (see :func:`_language`)."""

    info_text = "a language: 'en', 'el', 'he' or 'is' (None: the language of the kernel's locale)"

    def validate(self, obj: Any, value: Any) -> str:
        return _language(value)


class TriPeaks(anywidget.AnyWidget):
    """TriPeaks solitaire to play in a notebook, or to drive from Python.

    ``TriPeaks()`` deals a random game under Easy; ``TriPeaks("TP1-E-AAAAAAB")``
    deals that code; ``TriPeaks(game=123)`` (or ``TriPeaks(123)``) numbered game 123
    (R6.8); ``TriPeaks(rules="classic")`` a random Classic deal. ``rules`` is any rule
    set: ``"site"``, ``"classic+joker"``, a ``Rules`` value.
    Scripted moves (``w.play("K♣")``, ``w.draw()``, ``w.undo()``) and clicks
    go through the same path and show at once in every view of the widget.

    ``lang`` is the language everything on the board is said in: ``"en"`` (English), ``"el"``
    (Greek), ``"he"`` (Hebrew, laid out right to left) or ``"is"`` (Icelandic); by default the
    language of the kernel's locale (``i18n.default_language()``: ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, then the process's locale), English when the game does not speak
    it. ``w.lang = "el"`` switches a widget on display. Messages, labels, the board in words and
    the records' notices change language; Python's exceptions and the values read from Python
    (``w.message``, ``w.notices``) stay English.

    Results of the numbered games 1–50,000 go to the records store
    (``tripeaks_widget.records``) when a game is won or blocked, or left unfinished for
    a new deal; what the store says ("First win of game 123 (Easy): …") shows under the
    board and in ``w.notices``; dealing a numbered game says its record and who holds it.
    ``records=`` picks the store: None for the user's own (``$TRIPEAKS_RECORDS`` if set), a
    path, a ``postgresql://`` URL of a store shared by a class, a ``Records``, or False for
    none. ``player=`` names who plays (by default ``$JUPYTERHUB_USER``, then the OS user). A
    store that cannot be used says why once, and the widget plays on without records; the
    store is written in its own thread, so a locked or slow store never holds up the board.

    The solver is part of play. Hint (the button, or ``w.hint()``) points at the next action
    of the best line: a win with the fewest draws, or when the game can't be won any more, the
    line that clears the most cards. ``show_verdict=True`` (the "Winnable?" button, or
    ``w.show_verdict = True``) shows after every action whether the game can still be won:
    "Still winnable", "No longer winnable since move 12" (counted as the Moves counter counts),
    "Not winnable from the deal", or "Could not decide within the time limit"; ``w.verdict``
    reads it from Python. The New game dialog's "Winnable deals only" (``w.new_game(winnable=
    True)``) deals only random games the solver has proven winnable. Searches for the board
    run in a worker thread with a time limit of ``search_budget`` seconds (``deal_budget`` for
    a winnable deal); the board stays live meanwhile.
    """

    search_budget: float = 2.5  # seconds for one hint or verdict search
    deal_budget: float = 5.0  # seconds to find a winnable random deal

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"

    state = traitlets.Dict().tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)  # the front end's labels in ``lang``: sent once per language
    lang = _Language(
        i18n.SOURCE_LANGUAGE, help="The language of the board: 'en', 'el', 'he' or 'is' (None: the kernel's locale's)"
    )

    def __init__(
        self,
        code: str | int | None = None,
        *,
        game: int | None = None,
        rules: Rules | str | None = None,
        error_help: bool = True,
        records: Records | str | os.PathLike | bool | None = None,
        player: str | None = None,
        lang: str | None = None,
        show_verdict: bool = False,
        **kwargs: Any,
    ) -> None:
        self._ready = False  # the language's observer publishes only once the widget is built
        # Worker threads give their results back under this lock; every change of the widget's
        # own state and every snapshot sent takes it too.
        self._lock = threading.RLock()
        self._worker = Worker()
        self._closed = False
        lang = _language(lang)
        if _is_number(code):
            if game is not None:
                raise ValueError("give a game number once: TriPeaks(123) or TriPeaks(game=123)")
            code, game = None, code
        if code is not None and game is not None:
            raise ValueError("give a game code or a game number, not both: a code names its own deal")
        if game is not None:
            self._game = Game.from_number(_game_number(game), rules, error_help=error_help)
        else:
            self._game = Game(code, rules=rules, error_help=error_help)  # a bad code raises before any comm opens
        self._note = ""  # the widget's own word for the message line (a hint, an error) until the next action
        self._highlight: list[int | str] = []
        self._caption = ""
        self._seq = 0
        self._player = default_player() if player is None else check_player(player)
        self._records, self._records_error = _open_records(records)
        self._owns_records = self._records is not None and not isinstance(records, Records)
        self._notices: list[dict] = []  # what the records store said, shown until the next action
        if self._records_error:
            log.warning("playing without records: %s", self._records_error)
            self._notices = [{"kind": "error", "text": self._records_error}]
        self._ended: tuple[Game, str] = (self._game, self._game.status)  # the last status looked at
        self._lang = lang
        self._hint_at: tuple | None = None  # the moment a hint search running for the board was asked at
        self._show_verdict = bool(show_verdict)
        self._verdict: dict | None = None  # the verdict shown, for the moment `_verdict_at`
        self._verdict_at: tuple | None = None
        self._forget_verdicts()
        with self._lock:  # a search started now gives its result back once the widget is built
            self._ask_standing()
            self._refresh_verdict()
            # The front end's first render is complete: labels and state in the language.
            super().__init__(lang=lang, labels=i18n.labels(lang), state=self._snapshot(), **kwargs)
            self._ready = True
        self.on_msg(self._on_msg)

    # -- the language ----------------------------------------------------------------------------

    @traitlets.observe("lang")
    def _lang_changed(self, change: Any) -> None:
        self._lang = change["new"]
        if not self._ready or change["old"] == change["new"]:
            return
        with self.hold_sync():  # the labels and the snapshot in the new language arrive together
            self.labels = i18n.labels(self._lang)
            self._publish()

    def _say(self, message: str | None) -> str:
        """A message in the widget's language."""
        return i18n.translate(message, self._lang)

    # -- the one way state goes out -----------------------------------------------------------

    def _publish(self) -> None:
        """Send one complete snapshot to every view (a game that has just ended is recorded first,
        and with the verdict switched on, a verdict for a new position is looked up or asked for)."""
        with self._lock:
            self._record_end()
            self._refresh_verdict()
            self.state = self._snapshot()

    def _snapshot(self) -> dict:
        """The game's view plus the widget's own fields, with a new sequence number."""
        self._seq += 1
        view = self._game.view()
        lang = self._lang
        view["message"] = self._say(self._note or view["message"])
        if lang != i18n.SOURCE_LANGUAGE:
            view["description"] = i18n.describe(self._game, lang)
        view["error_help"] = bool(self._game.error_help)
        view["highlight"] = list(self._highlight)
        view["caption"] = self._caption
        view["number"] = self._game.number if in_series(self._game.number) else None
        view["notices"] = [{"kind": notice["kind"], "text": self._say(notice["text"])} for notice in self._notices]
        view["show_verdict"] = self._show_verdict
        view["verdict"] = self._verdict_view(self._verdict, self._say) if self._show_verdict and self._verdict else None
        view["lang"] = lang
        view["dir"] = i18n.direction(lang)
        view["seq"] = self._seq
        return view

    def _begin(self) -> None:
        """An action starts: the widget's note, the highlight and the notices go (and a hint
        still being looked for is no longer wanted)."""
        self._note = ""
        self._highlight = []
        self._notices = []
        self._hint_at = None

    def _apply(self, action: Callable[..., Any], *args: Any) -> Any:
        """Run one engine action and publish the result, refused or not (the reason is in the view)."""
        with self._lock:
            self._begin()
            try:
                return action(*args)
            finally:
                self._publish()

    def _moment(self) -> tuple:
        """Where the board stands: the game and how many actions it has seen. A search's result is
        for the moment it was asked at, and is dropped when the board has moved on since."""
        return (self._game, len(self._game.history))

    def _still(self, moment: tuple | None) -> bool:
        return moment is not None and moment[0] is self._game and moment[1] == len(self._game.history)

    def close(self) -> None:
        """Close the widget's views; searches still waiting are dropped."""
        with self._lock:
            self._closed = True
        self._worker.close()
        if getattr(self, "_owns_records", False) and self._records is not None:
            self._records.close(wait=0)  # what is queued is still written, then the store closes
        super().close()

    # -- records -------------------------------------------------------------------------------

    def _record_end(self) -> None:
        """Record the game when it has just become won or blocked (again, after an undo)."""
        game, status = self._game, self._game.status
        if self._ended == (game, status):
            return
        self._ended = (game, status)
        if status in ("won", "blocked"):
            self._record(game)

    def _record(self, game: Game) -> None:
        """Hand a result to the records store's writer thread; what it says joins the notices
        (now, or in a later snapshot when the store is slow). A failure is said, not raised."""
        if self._records is None or not in_series(game.number):
            return
        try:
            answer = self._records.submit(game, player=self._player, assists=self._assists)
        except Exception as error:  # a records bug must never cost the game its move
            log.exception("recording game %s failed", game.number)
            self._notices.append({"kind": "error", "text": Message(NOT_RECORDED, error=str(error))})
            return
        self._await_store(answer, lambda: True)

    def _ask_standing(self) -> None:
        """A numbered game is dealt: its record and who holds it, as a notice."""
        game = self._game
        if self._records is not None and in_series(game.number):
            self._await_store(self._records.submit_standing(game.number, game.rules), lambda: self._game is game)

    def _await_store(self, answer: Future, wanted: Callable[[], bool]) -> None:
        """Wait a moment for the store's answer; a later one is published when it comes, if still ``wanted``."""
        try:
            answer.result(RECORDS_WAIT)
        except Exception:
            if not answer.done():
                caller = threading.get_ident()
                answer.add_done_callback(lambda done: self._store_answered(done, wanted, caller))
                return
        self._take_answer(answer)

    def _store_answered(self, answer: Future, wanted: Callable[[], bool], caller: int) -> None:
        with self._lock:
            if self._closed or not wanted():
                return
            self._take_answer(answer)
            if threading.get_ident() != caller:  # in the writer thread: a snapshot of its own
                self._publish()

    def _take_answer(self, answer: Future) -> None:
        error = answer.exception()
        if error is not None:
            log.warning("a result was not recorded: %s", error)
            self._notices.append({"kind": "error", "text": Message(NOT_RECORDED, error=str(error))})
            return
        found = answer.result()
        notices: list[Notice] = [] if found is None else [found] if isinstance(found, Notice) else found
        self._notices.extend({"kind": notice.kind, "text": notice.text} for notice in notices)

    @property
    def player(self) -> str:
        """Who plays: the name results are recorded under (``TriPeaks(player="ana")``; by default
        ``$JUPYTERHUB_USER``, then the OS user)."""
        return self._player

    @player.setter
    def player(self, name: str) -> None:
        with self._lock:
            self._player = check_player(name)

    @property
    def records(self) -> Records | None:
        """The records store results go to, or None (none asked for, or it could not be opened)."""
        return self._records

    @property
    def records_error(self) -> str | None:
        """Why the records store could not be opened, or None."""
        return self._records_error

    @property
    def notices(self) -> list[str]:
        """What was said about the last result (``"First win of game 123 (Easy): won in 47 moves."``)
        or about the records store; shown under the board until the next action."""
        return [notice["text"] for notice in self._notices]

    # -- the game, delegated --------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The engine's game this widget shows."""
        return self._game

    def play(self, target: int | Card | str) -> Card:
        """Play a peak card (slot number 0–27, a Card, or notation such as ``"K♣"`` or ``"Kc"``)."""
        return self._apply(self._game.play, target)

    def draw(self) -> Card:
        """Turn the stock's top card onto the discard."""
        return self._apply(self._game.draw)

    def undo(self) -> Card:
        """Take back the last action."""
        return self._apply(self._game.undo)

    def new_game(
        self,
        what: Rules | str | int | None = None,
        *,
        game: int | None = None,
        rules: Rules | str | None = None,
        winnable: bool = False,
    ) -> Game:
        """Deal again: a code (``"TP1-C-AAAAAAD"``), a game number (``123``, or ``game=123``), a
        rule set (``"classic"``, ``"site"``, ``"easy+joker"``) for a random deal, or nothing for a
        random deal under the current rules. A game number without ``rules=`` keeps the current
        rules; a code carries its own. An unfinished numbered game left behind is recorded.

        ``winnable=True`` deals a random game that the solver has proven winnable (under the
        rules it is dealt with); it raises ``solver.SearchExhausted`` (a ``TimeoutError``) when
        none is found within ``deal_budget`` seconds. A code or a game number names its own
        deal, so it does not go with ``winnable=True``."""
        if not isinstance(winnable, bool):
            raise TypeError(f"winnable is True or False; got {type(winnable).__name__} {winnable!r}")
        code = None
        if _is_number(what):
            if game is not None:
                raise ValueError("give a game number once: new_game(123) or new_game(game=123)")
            game = what
        elif isinstance(what, Rules) or (isinstance(what, str) and _is_rules(what)):
            if rules is not None:
                raise ValueError(f"give a rule set once: new_game({str(what)!r}) or new_game(rules=...)")
            rules = what
        elif isinstance(what, str):
            code = what
        elif what is not None:
            raise TypeError(
                f"new_game takes a game code, a game number or a rule set, not {type(what).__name__} {what!r}"
            )
        help_on = self._game.error_help
        if winnable and (code is not None or game is not None):
            raise ValueError("winnable=True deals a random game; a code or a game number names its own deal")
        if code is not None:
            if game is not None:
                raise ValueError("give a game code or a game number, not both: a code names its own deal")
            dealt = Game(code, rules=rules, error_help=help_on)
        elif game is not None:
            number = _game_number(game)
            dealt = Game.from_number(number, self._game.rules if rules is None else rules, error_help=help_on)
        elif winnable:
            found = solver.random_winnable_code(self._game.rules if rules is None else rules, budget=self.deal_budget)
            dealt = Game(found, error_help=help_on)
        else:
            dealt = Game(rules=self._game.rules if rules is None else rules, error_help=help_on)
        with self._lock:
            self._begin()
            if self._game.status == "playing":
                self._record(self._game)  # left unfinished: abandoned (records skips a game without a move)
            self._game = dealt
            self._forget_verdicts()
            self._ask_standing()
            self._publish()
        return dealt

    def hint(self) -> str | None:
        """Point at the next action of the solver's best line: it is highlighted and named in the
        message line. Returns it (a card in notation, or ``"draw"``), or None when no action
        helps (or none was found within ``search_budget`` seconds). Runs here, in the caller's
        thread; the Hint button asks the widget's worker thread instead."""
        with self._lock:
            self._worker.cancel("hint")
            self._hint_at = None
            self._assists.add("hint")
            moment, game = self._moment(), self._game.copy()
        note, marks, move = self._find_hint(game)
        with self._lock:
            if self._still(moment):
                self._note, self._highlight = note, marks
                self._publish()
        return move

    def _ask_hint(self) -> None:
        """The Hint button: say that a hint is being looked for, and look in the worker thread."""
        self._highlight = []
        self._note = HINT_PENDING
        self._assists.add("hint")
        moment, game = self._moment(), self._game.copy()
        self._hint_at = moment
        self._publish()
        self._worker.submit("hint", lambda: self._hint_found(game, moment))

    def _hint_found(self, game: Game, moment: tuple) -> None:
        """In the worker thread: the search, then its result shown, unless the board moved on."""
        try:
            note, marks, _ = self._find_hint(game)
        except Exception as error:  # never lose an error: show it where the hint would be
            log.exception("the hint search failed")
            note, marks = Message(FAILED, error=_reason(error)), []
        with self._lock:
            if self._closed or self._hint_at != moment or not self._still(moment):
                log.debug("a hint for a position no longer on the board was dropped")
                return
            self._hint_at = None
            self._note, self._highlight = note, marks
            self._publish()

    def _find_hint(self, game: Game) -> tuple[str, list, str | None]:
        """The solver's hint for ``game`` (a private copy): the note, the highlight, the action."""
        solution = solver.solve(game, budget=self.search_budget)
        move = solution.hint
        if move is None:
            return (NO_HINT if solution.complete else NO_HINT_IN_TIME), [], None
        if str(move).strip().lower() == "draw":
            return HINT_DRAW, ["stock"], move
        card = Card.parse(move)
        return Message(HINT_PLAY, card=card.words), [game.slot_of(card)], move

    # -- the verdict: can the game still be won? -------------------------------------------------

    @property
    def show_verdict(self) -> bool:
        """Whether the board says, after every action, if the game can still be won."""
        return self._show_verdict

    @show_verdict.setter
    def show_verdict(self, value: bool) -> None:
        with self._lock:
            self._show_verdict = bool(value)
            if not self._show_verdict:
                self._worker.cancel("verdict")
                self._verdict = self._verdict_at = None
            self._publish()

    @property
    def verdict(self) -> dict:
        """Whether the game on the board can still be won, as the "Winnable?" line says it:
        ``{"kind": "lost", "move": 12, "text": "No longer winnable since move 12"}``.

        ``kind`` is ``"winnable"``, ``"lost"`` (``move``: the action after which it could not
        be won any more, numbered as the Moves counter numbers them; None when there was no
        time to find it), ``"never"`` (the deal itself cannot be won), ``"unknown"`` (no
        answer within ``search_budget`` seconds) or ``"won"``. Reading it waits for the
        solver when the answer is not known yet. The solver sees the hidden cards."""
        with self._lock:
            moment = self._moment()
            shown = self._verdict if self._still(self._verdict_at) else None
            found = shown if shown and shown["kind"] != "pending" else self._known_verdict()
            game = self._game.copy()
        if found is None:
            found = self._judge(game)
            with self._lock:
                if self._still(moment):
                    self._remember(game, found)
                    if self._show_verdict and self._still(self._verdict_at) and self._verdict["kind"] == "pending":
                        self._verdict = found
                        self._publish()
        return self._verdict_view(found, str)

    def _forget_verdicts(self) -> None:
        """A new game: nothing is known about it yet, and no assist was used."""
        self._assists: set[str] = set()  # what helped this game: "hint", "verdict" (kept with its result)
        self._winnable: dict = {}  # position -> whether the solver found it winnable
        self._lost: tuple[tuple, dict] | None = None  # (the standing line up to the losing action, its verdict)
        self._verdict_at = None

    def _refresh_verdict(self) -> None:
        """With the verdict switched on and the board at a new moment: the verdict when it is
        known already (won; a position found winnable before; a line that was lost since an
        action that still stands), else "Checking…" and a search in the worker thread."""
        if self._show_verdict:
            self._assists.add("verdict")
        if not self._show_verdict or self._still(self._verdict_at):
            return
        moment = self._verdict_at = self._moment()
        known = self._known_verdict()
        if known is not None:
            self._verdict = known
            return
        self._verdict = {"kind": "pending", "move": None}
        game = self._game.copy()
        self._worker.submit("verdict", lambda: self._verdict_found(game, moment))

    def _verdict_found(self, game: Game, moment: tuple) -> None:
        """In the worker thread: the search, then its result shown, unless the board moved on."""
        try:
            verdict = self._judge(game)
        except Exception as error:  # never lose an error: show it where the verdict would be
            log.exception("the verdict search failed")
            verdict = {"kind": "error", "move": None, "error": _reason(error)}
        with self._lock:
            if self._closed:
                return
            if self._still(moment):
                self._remember(game, verdict)
            if self._verdict_at != moment or not self._still(moment) or not self._show_verdict:
                log.debug("a verdict for a position no longer on the board was dropped")
                return
            self._verdict = verdict
            self._publish()

    def _known_verdict(self) -> dict | None:
        """The verdict on the board when it needs no search, else None."""
        game = self._game
        if game.status == "won":
            return {"kind": "won", "move": None}
        if self._winnable.get(game.position):
            return {"kind": "winnable", "move": None}
        if self._lost is not None:
            prefix, verdict = self._lost
            if tuple(standing_actions(game.history)[: len(prefix)]) == prefix:
                return verdict  # lost positions stay lost: the action that lost it still stands
        return None

    def _remember(self, game: Game, verdict: dict) -> None:
        """Keep what a search found about this game's positions and line."""
        kind = verdict["kind"]
        if kind == "winnable":
            self._winnable[game.position] = True
        elif kind == "never":
            self._lost = ((), verdict)
        elif kind == "lost" and verdict.get("index") is not None:
            line = standing_actions(game.history)
            self._lost = (tuple(entry for entry in line if entry[0] <= verdict["index"]), verdict)

    def _judge(self, game: Game) -> dict:
        """Whether ``game`` (a private copy) can still be won, and if not since when (at most
        ``search_budget`` seconds for each of the two searches)."""
        if game.status == "won":
            return {"kind": "won", "move": None}
        try:
            if solver.winnable(game, budget=self.search_budget):
                return {"kind": "winnable", "move": None}
        except solver.SearchExhausted:
            return {"kind": "unknown", "move": None}
        try:
            index = solver.verdict_history(game, budget=self.search_budget)
        except solver.SearchExhausted:
            return {"kind": "lost", "move": None}
        if index is None:  # the two searches disagree: trust the one that found a win
            return {"kind": "winnable", "move": None}
        if index == solver.NEVER_WINNABLE:
            return {"kind": "never", "move": None}
        history = game.history
        return {"kind": "lost", "move": sum(action != "undo" for action in history[: index + 1]), "index": index}

    @staticmethod
    def _verdict_view(verdict: dict, say: Callable[[Any], str]) -> dict:
        """A verdict as the view and ``w.verdict`` show it: its kind, the move, and its text."""
        kind, move = verdict["kind"], verdict.get("move")
        if kind == "lost" and move is not None:
            text = Message(VERDICT_LOST, move=move)
        elif kind == "error":
            text = Message(FAILED, error=verdict.get("error", ""))
        else:
            text = {
                "pending": VERDICT_PENDING,
                "winnable": VERDICT_WINNABLE,
                "lost": VERDICT_LOST_SOMETIME,
                "never": VERDICT_NEVER,
                "unknown": VERDICT_UNKNOWN,
                "won": YOU_WON,
            }[kind]
        return {"kind": kind, "move": move, "text": say(text)}

    def highlight(self, *targets: int | Card | str) -> None:
        """Point at cards (slot numbers, Cards, notation such as ``"K♣"``) and/or ``"stock"``.

        ``w.highlight(*w.playable())`` points at every card that fits the discard now;
        ``w.highlight()`` clears. The highlight also goes away with the next action."""
        marks: list[int | str] = []
        for target in targets:
            if isinstance(target, str) and target.strip().lower() == "stock":
                marks.append("stock")
            else:
                marks.append(self._game.slot_of(target))
        with self._lock:
            self._hint_at = None  # a hint still being looked for would take this highlight's place
            self._highlight = marks
            self._publish()

    @property
    def caption(self) -> str:
        """A line shown above the board, apart from the game's message (for walkthroughs)."""
        return self._caption

    @caption.setter
    def caption(self, text: str | None) -> None:
        self._caption = "" if text is None else str(text)
        self._publish()

    def apply(self, action: int | Card | str) -> Card:
        """Carry out one action: ``"draw"``, ``"undo"``, or a card to play (notation, Card or slot)."""
        return self._apply(self._game.apply, action)

    def replay(self, actions: Iterable[int | Card | str] | str, pace: float = 0.6) -> None:
        """Play a line step by step so that each step is seen: publish it, then wait ``pace`` seconds.

        ``actions`` is a list of actions as ``apply`` takes them (``"K♣"``, ``"draw"``, ``"undo"``,
        slot numbers), a string of them separated by spaces or commas, or a solver's answer
        (``w.replay(w.solve())``: anything with a ``line``). ``pace=0`` applies them all at once.

        An illegal step raises ``IllegalMoveError`` (a malformed one ``ValueError``) naming the step,
        e.g. ``step 2 (3♠) refused: Must be one rank higher or lower``; the steps before it stay
        played and the board shows the refusal. Interrupting (a ``KeyboardInterrupt``, the kernel's
        interrupt button) stops between two steps: a step is never cut in half, the board shows
        every step made, and the interrupt goes on to the caller.
        """
        steps = _line(actions)
        if not isinstance(pace, (int, float)) or isinstance(pace, bool) or not pace >= 0:
            raise ValueError(f"pace is a number of seconds, 0 or more; got {pace!r}")
        self._begin()
        try:
            for number, action in enumerate(steps, 1):
                try:
                    with _whole_step():
                        if pace:
                            self._apply(self._game.apply, action)
                        else:
                            with self._lock:  # a worker thread never snapshots a half-made step
                                self._game.apply(action)
                except ValueError as error:
                    raise type(error)(f"step {number} ({action}) refused: {error}") from None
                if pace:
                    time.sleep(pace)
        finally:
            if not pace:
                with _whole_step():
                    self._publish()

    @property
    def history(self) -> list[str]:
        """Every action so far in notation: cards played (``"K♣"``), ``"draw"`` and ``"undo"``."""
        return self._game.history

    def position_at(self, n: int) -> Game:
        """A new, independent ``Game`` as this one stood after the first ``n`` actions of
        ``history``; ``n`` counts like a list index (``-1``: before the last action)."""
        history = self._game.history
        if isinstance(n, bool) or not isinstance(n, int) or not -len(history) <= n <= len(history):
            raise IndexError(
                f"position_at takes a whole number from {-len(history)} to {len(history)} "
                f"(the history has {len(history)} actions); got {n!r}"
            )
        return Game(self._game.code, error_help=self._game.error_help).replay(history[:n])

    @classmethod
    def compare(
        cls, code: str | None = None, rules: Iterable[Rules | str] = ("easy", "classic"), **kwargs: Any
    ) -> Comparison:
        """Widgets side by side dealing the same cards, one per rule set: ``TriPeaks.compare(
        "TP1-E-AAAAAAB")`` shows that deal under Easy and under Classic (``code=None``: a random
        deal). The code gives the cards only; each entry of ``rules`` is a whole rule set
        (``"easy"``, ``"classic"``, ``"site"``, ``"classic+joker"`` …). The result is an
        ``ipywidgets.HBox``; its widgets are ``box.widgets`` (also ``box[0]``, ``box["classic"]``)."""
        game = Game(code)
        widgets = []
        for rule_set in (Rules.parse(r) for r in rules):
            dealt = number_code(game.number, rule_set) if game.number is not None else deck_code(game.deck, rule_set)
            widgets.append(cls(dealt, layout=ipywidgets.Layout(flex="1 1 0", min_width="0"), **kwargs))
        if not widgets:
            raise ValueError("compare needs at least one rule set, e.g. rules=('easy', 'classic')")
        return Comparison(widgets, layout=ipywidgets.Layout(width="100%", align_items="flex-start"))

    def playable(self) -> list[Card]:
        """Free cards that fit the discard now, in slot order."""
        return self._game.playable()

    def legal_moves(self) -> list[str]:
        """Every legal action in notation: the playable cards, then ``"draw"`` while allowed."""
        return self._game.legal_moves()

    def free(self) -> list[Card]:
        """Face-up cards that no card covers any more (R2.1), fitting or not."""
        return self._game.free()

    def rows(self) -> list[list[str | None]]:
        """The four rows from the peak tops down: a card, ``"?"`` face down, None removed."""
        return self._game.rows()

    def peaks(self) -> list[dict]:
        """Each peak (R1.5): its name, the cards it still has, whether it is cleared."""
        return self._game.peaks()

    def to_dict(self) -> dict:
        """A JSON-ready snapshot of the game (code, settings, every action); ``Game.from_dict`` replays it."""
        return self._game.to_dict()

    def solve(self, **options: Any) -> Any:
        """The solver's verdict from the position on the board: winnable or not, and the best line."""
        return self._game.solve(**options)

    def winnable(self, **options: Any) -> bool:
        """Whether the game on the board can still be won (the solver sees the hidden cards)."""
        return self._game.winnable(**options)

    @property
    def cards_left(self) -> int:
        """Peak cards still on the table."""
        return self._game.cards_left

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, top first (face down to a player)."""
        return self._game.stock

    @property
    def waste(self) -> list[Card]:
        """The discard pile, bottom to top."""
        return self._game.waste

    @property
    def can_undo(self) -> bool:
        return self._game.can_undo

    def why_not(self, target: int | Card | str) -> str | None:
        return self._game.why_not(target)

    def describe(self, lang: str | None = None) -> str:
        """The board in words (R7), as a screen reader reads it, in ``lang`` (by default the
        widget's language)."""
        return i18n.describe(self._game, self._lang if lang is None else lang)

    def view(self) -> dict:
        return self._game.view()

    @property
    def score(self) -> int:
        return self._game.score

    @property
    def moves(self) -> int:
        return self._game.moves

    @property
    def status(self) -> str:
        return self._game.status

    @property
    def code(self) -> str:
        return self._game.code

    @property
    def rules(self) -> Rules:
        return self._game.rules

    @property
    def discard(self) -> Card | None:
        return self._game.discard

    @property
    def stock_count(self) -> int:
        return self._game.stock_count

    @property
    def message(self) -> str:
        """The message line as shown: the game's word, or the widget's own (a hint, an error)."""
        return self._note or self._game.message

    @property
    def error_help(self) -> bool:
        return bool(self._game.error_help)

    @error_help.setter
    def error_help(self, value: bool) -> None:
        self._game.error_help = bool(value)
        self._publish()

    # -- intents from the front end ---------------------------------------------------------

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        with self._lock:
            try:
                self._handle(content)
            except IllegalMoveError as refusal:
                log.debug("move refused: %s", refusal)  # the reason is already in the message line
            except Exception as error:  # never lose an error in a comm handler: show it
                log.exception("intent %r failed", content)
                self._note = Message(FAILED, error=_reason(error))
                self._publish()

    def _malformed(self, content: Any, why: str) -> None:
        log.warning("ignored a malformed intent (%s): %.200r", why, content)

    def _handle(self, content: Any) -> None:
        if not isinstance(content, dict):
            return self._malformed(content, "not a dict")
        kind = content.get("type")
        if kind == "play":
            slot = content.get("slot")
            if type(slot) is not int or not 0 <= slot < SLOT_COUNT:
                return self._malformed(content, f"slot must be an integer 0 to {SLOT_COUNT - 1}")
            self.play(slot)
        elif kind == "draw":
            self.draw()
        elif kind == "undo":
            self.undo()
        elif kind == "hint":
            self._ask_hint()
        elif kind in ("error_help", "show_verdict"):
            value = content.get("value")
            if type(value) is not bool:
                return self._malformed(content, "value must be true or false")
            setattr(self, kind, value)
        elif kind == "new_game":
            self._new_game_intent(content)
        else:
            self._malformed(content, "unknown type")

    def _new_game_intent(self, content: dict) -> None:
        """The New game dialog's choice: ``{"type": "new_game", "rules": "classic+joker", "game": 123,
        "code": "", "winnable": false, "id": 7}``. A code wins (it carries its own rules and
        variants); else a game number under ``rules``; else a random deal under ``rules`` (the
        current ones if absent), one the solver has proven winnable with ``"winnable": true``:
        that one is looked for in the worker thread, and the reply comes when it is dealt."""
        request = content.get("id")
        rules = content.get("rules")
        code = content.get("code")
        code = "" if code is None else code
        number = content.get("game")
        winnable = content.get("winnable", False)
        why = None
        if request is not None and (type(request) not in (int, str) or len(str(request)) > 64):
            why, request = "id must be a number or a short string", None
        elif rules is not None and (
            not isinstance(rules, str) or len(rules) > MAX_RULES_LENGTH or not _is_rules(rules)
        ):
            why = "rules must be a rule set such as 'easy', 'site' or 'classic+joker'"
        elif not isinstance(code, str) or len(code) > MAX_CODE_LENGTH:
            why = f"code must be a string of at most {MAX_CODE_LENGTH} characters"
        elif number is not None and type(number) is not int:
            why = "game must be a whole number or null"
        elif type(winnable) is not bool:
            why = "winnable must be true or false"
        if why:
            self._malformed(content, why)
            return self._reply(request, False, self._say(Message(MALFORMED, why=why)))
        if code.strip():
            field, deal = "code", lambda: self.new_game(code.strip())
        elif number is not None:
            field, deal = "game", lambda: self.new_game(game=number, rules=rules)
        elif winnable:
            chosen = self._game.rules if rules is None else Rules.parse(rules)
            self._worker.submit("deal", lambda: self._winnable_deal(request, chosen))
            return None
        else:
            field, deal = "rules", lambda: self.new_game(rules=rules)
        try:
            deal()
        except ValueError as error:
            return self._reply(request, False, self._deal_refused(error, field, code.strip(), number), field)
        self._reply(request, True, "")

    def _winnable_deal(self, request: int | str | None, rules: Rules) -> None:
        """In the worker thread: find a random deal the solver proves winnable, deal it, reply."""
        try:
            found = solver.random_winnable_code(rules, budget=self.deal_budget)
        except solver.SearchExhausted:
            found, error = None, NO_WINNABLE_DEAL
        except Exception as failure:  # never lose an error: the dialog says it
            log.exception("looking for a winnable deal failed")
            found, error = None, Message(FAILED, error=_reason(failure))
        with self._lock:
            if self._closed:
                return
            if found is None:
                return self._reply(request, False, self._say(error), "winnable")
            try:
                self.new_game(found)
            except Exception as failure:
                log.exception("dealing %s failed", found)
                return self._reply(request, False, self._say(Message(FAILED, error=_reason(failure))), "winnable")
            self._reply(request, True, "")

    def _deal_refused(self, error: ValueError, field: str, code: str, number: Any) -> str:
        """Why the dialog's deal was refused, in a short line in the widget's language: what was
        wrong with the field (a game code's form, the range of game numbers). Python callers of
        ``new_game`` get the engine's own, longer words in the exception."""
        if field == "code":
            head, _, tail = code.rpartition("-")
            return self._say(BAD_VARIANTS if tail and _is_code(head) else BAD_CODE)
        if field == "game":
            return self._say(Message(BAD_NUMBER, number=number))
        return self._say(Message(FAILED, error=str(error)))

    def _reply(self, request: int | str | None, ok: bool, error: str, field: str | None = None) -> None:
        if request is not None:
            reply = {"type": "reply", "id": request, "ok": ok, "error": error}
            if field and not ok:
                reply["field"] = field  # which field of the dialog the error is about
            self.send(reply)

    def __repr__(self) -> str:
        game = self._game
        return f"TriPeaks({game.code!r}, {game.rules}, score {game.score}, moves {game.moves}, {game.status})"


class Comparison(ipywidgets.HBox):
    """TriPeaks widgets side by side (``TriPeaks.compare``): ``box.widgets``, ``box[0]``, ``box["classic"]``."""

    @property
    def widgets(self) -> tuple[TriPeaks, ...]:
        return tuple(self.children)

    def __getitem__(self, key: int | str) -> TriPeaks:
        """A widget by position, or by its rule set's name (``"easy"``, ``"classic"``, ``"easy+joker"``)."""
        if isinstance(key, str):
            for widget in self.children:
                if str(widget.rules) == key.strip().lower():
                    return widget
            raise KeyError(f"no widget here plays {key!r}; these play {[str(w.rules) for w in self.children]}")
        return self.children[key]


def _language(value: Any) -> str:
    """A language the widget speaks: ``"en"``, ``"el"``, ``"he"``, ``"is"`` (a locale name such as
    ``"he_IL"`` or ``"el-GR"`` is read as its language); None is the kernel's locale's language.
    Anything else raises ``ValueError`` naming the choices."""
    if value is None:
        return i18n.default_language()
    if isinstance(value, str) and value not in i18n.LANGUAGES:
        value = i18n.language_of(value) or value
    return i18n.check_language(value)


def _reason(error: BaseException) -> str:
    """An exception's own words: its one text argument, else its str."""
    return error.args[0] if len(error.args) == 1 and isinstance(error.args[0], str) else str(error)


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _game_number(value: Any) -> int:
    """A numbered game of the series (R6.8), checked: 1 to 50,000."""
    if not _is_number(value):
        raise TypeError(f"{GAME_NUMBERS}; got {type(value).__name__} {value!r}")
    if not in_series(int(value)):
        raise ValueError(f"{GAME_NUMBERS}; got {value!r}")
    return int(value)


def _is_code(text: str) -> bool:
    try:
        Game(text)
    except ValueError:
        return False
    return True


def _is_rules(text: str) -> bool:
    try:
        Rules.parse(text)
    except ValueError:
        return False
    return True


def _open_records(records: Any) -> tuple[Records | None, str | None]:
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
        f"records is a Records store, a path, a postgresql:// URL, None (the user's own store) or False (none); "
        f"got {type(records).__name__} {records!r}"
    )


def _line(actions: Any) -> list:
    """The steps of a line: a list of actions, a string of them, or a solver's answer (its ``line``)."""
    if not isinstance(actions, str) and hasattr(actions, "line"):
        actions = actions.line
    if isinstance(actions, str):
        return [step for step in re.split(r"[\s,]+", actions) if step]
    try:
        return list(actions)
    except TypeError:
        raise TypeError(
            f"replay takes a list of actions such as ['K♣', 'draw', 'undo'], a string of them, "
            f"or a solver's answer; got {type(actions).__name__}"
        ) from None


@contextlib.contextmanager
def _whole_step() -> Iterator[None]:
    """Hold back a kernel interrupt (SIGINT) until the block is done, then raise it: one engine
    step and its publication are never cut in half. Elsewhere than the main thread, a plain block."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list = []
    previous = signal.signal(signal.SIGINT, lambda _signum, frame: held.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
        if held:
            if callable(previous):
                previous(signal.SIGINT, held[0])
            elif previous != signal.SIG_IGN:
                raise KeyboardInterrupt
