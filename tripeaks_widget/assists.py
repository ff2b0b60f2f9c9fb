"""The searches run for the board: the hint, the verdict ("can the game still be won?") with what
is known of it already, and winnable deals.

Searches asked for from the board run in the widget's worker thread
(:mod:`tripeaks_widget.background`) under a time budget, so a message handler always returns at
once. A search is about the :class:`Moment` it was asked at; its result is dropped when the board
has moved on since. :class:`Assists` does this bookkeeping for a :class:`Board` (the widget).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, Literal, NamedTuple, Protocol

from . import solver
from .background import Worker
from .cards import Card
from .game import YOU_WON, Game, standing_actions
from .messages import Message
from .rules import Rules

log = logging.getLogger("tripeaks_widget")

NO_HINT = Message("No hint: no move leads anywhere from here")
NO_HINT_IN_TIME = Message("No hint found within the time limit")
HINT_PENDING = Message("Looking for a hint…")
HINT_DRAW = Message("Hint: draw from the stock")
HINT_PLAY = Message("Hint: play the {card}")
VERDICT_PENDING = Message("Checking…")
VERDICT_WINNABLE = Message("Still winnable")
VERDICT_LOST = Message("No longer winnable since move {move}")
VERDICT_LOST_SOMETIME = Message("No longer winnable")
VERDICT_NEVER = Message("Not winnable from the deal")
VERDICT_UNKNOWN = Message("Could not decide within the time limit")
NO_WINNABLE_DEAL = Message("No winnable deal was found within the time limit. Try again.")
FAILED = Message("Something went wrong: {error}")

Verdict = dict[str, Any]  # {"kind": "lost", "move": 12, "index": 13}: see Assists.verdict
Marks = list[int | Literal["stock"]]  # slots and/or "stock" to highlight


class Board(Protocol):
    """What the searches need of the widget they run for (its underscored members are for
    this module only)."""

    search_budget: float
    deal_budget: float
    _lock: threading.RLock  # every change of the board and every snapshot sent takes it
    _closed: bool

    @property
    def game(self) -> Game: ...

    def _publish(self) -> None:
        """Send the board's snapshot."""

    def _point(self, note: str, marks: Marks) -> None:
        """Show ``note`` in the message line and highlight ``marks``, then publish."""


class Moment(NamedTuple):
    """Where the board stands: the game and how many actions it has seen."""

    game: Game
    actions: int

    @classmethod
    def of(cls, game: Game) -> Moment:
        return cls(game, len(game.history))

    def is_now(self, game: Game) -> bool:
        """Whether the board, showing ``game``, still stands at this moment."""
        return self.game is game and self.actions == len(game.history)


def still(moment: Moment | None, game: Game) -> bool:
    """Whether a result asked for at ``moment`` is still about the board showing ``game``."""
    return moment is not None and moment.is_now(game)


def reason(error: BaseException) -> str:
    """An exception's own words: its one text argument, else its str."""
    return error.args[0] if len(error.args) == 1 and isinstance(error.args[0], str) else str(error)


def failure(error: BaseException) -> Message:
    """ "Something went wrong: …", with the exception's own words."""
    return Message(FAILED, error=reason(error))


def find_hint(game: Game, budget: float) -> tuple[str, Marks, str | None]:
    """The solver's hint for ``game`` (a private copy): the note, the highlight, the action."""
    solution = solver.solve(game, budget=budget)
    move = solution.hint
    if move is None:
        return (NO_HINT if solution.complete else NO_HINT_IN_TIME), [], None
    if str(move).strip().lower() == "draw":
        return HINT_DRAW, ["stock"], move
    card = Card.parse(move)
    return Message(HINT_PLAY, card=card.words), [game.slot_of(card)], move


def judge(game: Game, budget: float) -> Verdict:
    """Whether ``game`` (a private copy) can still be won, and if not since when (at most
    ``budget`` seconds for each of the two searches)."""
    if game.status == "won":
        return {"kind": "won", "move": None}
    try:
        if solver.winnable(game, budget=budget):
            return {"kind": "winnable", "move": None}
    except solver.SearchExhausted:
        return {"kind": "unknown", "move": None}
    try:
        index = solver.verdict_history(game, budget=budget)
    except solver.SearchExhausted:
        return {"kind": "lost", "move": None}
    if index is None:  # the two searches disagree: trust the one that found a win
        return {"kind": "winnable", "move": None}
    if index == solver.NEVER_WINNABLE:
        return {"kind": "never", "move": None}
    moves = sum(action != "undo" for action in game.history[: index + 1])
    return {"kind": "lost", "move": moves, "index": index}


def verdict_view(verdict: Verdict, say: Callable[[Any], str]) -> dict:
    """A verdict as the view and ``w.verdict`` show it: its kind, the move, and its text."""
    kind, move = verdict["kind"], verdict.get("move")
    if kind == "lost" and move is not None:
        text: Any = Message(VERDICT_LOST, move=move)
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


class Verdicts:
    """What searches found about one game: positions found winnable, and the line that lost it."""

    def __init__(self) -> None:
        self._winnable: set = set()
        self._lost: tuple[tuple, Verdict] | None = None  # (the standing line up to the losing action, its verdict)

    def known(self, game: Game) -> Verdict | None:
        """The verdict on ``game`` when it needs no search, else None."""
        if game.status == "won":
            return {"kind": "won", "move": None}
        if game.position in self._winnable:
            return {"kind": "winnable", "move": None}
        if self._lost is not None:
            prefix, verdict = self._lost
            if tuple(standing_actions(game.history)[: len(prefix)]) == prefix:
                return verdict  # lost positions stay lost: the action that lost it still stands
        return None

    def remember(self, game: Game, verdict: Verdict) -> None:
        """Keep what a search found about this game's positions and line."""
        kind = verdict["kind"]
        if kind == "winnable":
            self._winnable.add(game.position)
        elif kind == "never":
            self._lost = ((), verdict)
        elif kind == "lost" and verdict.get("index") is not None:
            line = standing_actions(game.history)
            self._lost = (tuple(entry for entry in line if entry[0] <= verdict["index"]), verdict)


class Assists:
    """The hint, the verdict and winnable deals for one board. Every method but the ``*_found``
    jobs is called under the board's lock or takes it."""

    def __init__(self, board: Board, show_verdict: bool = False) -> None:
        self.board = board
        self.worker = Worker()
        self.hint_at: Moment | None = None  # the moment a hint search running for the board was asked at
        self.show_verdict = bool(show_verdict)
        self.verdict: Verdict | None = None  # the verdict shown, for the moment `verdict_at`
        self.verdict_at: Moment | None = None
        self.verdicts = Verdicts()
        self.used: set[str] = set()  # the assists this game had ("hint", "verdict"): kept with its result

    def _still(self, moment: Moment | None) -> bool:
        return still(moment, self.board.game)

    def new_game(self) -> None:
        """A new game: nothing is known about it yet, and no assist was used."""
        self.verdicts = Verdicts()
        self.verdict_at = None
        self.used = set()

    def close(self) -> None:
        self.worker.close()

    # -- the hint ---------------------------------------------------------------------------------

    def hint(self) -> str | None:
        """The hint searched for here, in the caller's thread (``w.hint()``), shown unless the
        board moved on meanwhile."""
        board = self.board
        with board._lock:
            self.worker.cancel("hint")
            self.hint_at = None
            self.used.add("hint")
            moment, game = Moment.of(board.game), board.game.copy()
        note, marks, move = find_hint(game, board.search_budget)
        with board._lock:
            if self._still(moment):
                board._point(note, marks)
        return move

    def ask_hint(self) -> None:
        """The Hint button: say that a hint is being looked for, and look in the worker thread."""
        board = self.board
        moment, game = Moment.of(board.game), board.game.copy()
        self.used.add("hint")
        board._point(HINT_PENDING, [])
        self.hint_at = moment
        self.worker.submit("hint", lambda: self._hint_found(game, moment))

    def _hint_found(self, game: Game, moment: Moment) -> None:
        """In the worker thread: the search, then its result shown, unless the board moved on."""
        board = self.board
        try:
            note, marks, _ = find_hint(game, board.search_budget)
        except Exception as error:  # never lose an error: show it where the hint would be
            log.exception("the hint search failed")
            note, marks = failure(error), []
        with board._lock:
            if board._closed or self.hint_at != moment or not self._still(moment):
                log.debug("a hint for a position no longer on the board was dropped")
                return
            self.hint_at = None
            board._point(note, marks)

    # -- the verdict ------------------------------------------------------------------------------

    def switch_verdict(self, on: bool) -> None:
        self.show_verdict = bool(on)
        if not self.show_verdict:
            self.worker.cancel("verdict")
            self.verdict = self.verdict_at = None

    def refresh_verdict(self) -> None:
        """With the verdict switched on and the board at a new moment: the verdict when it is
        known already (won; a position found winnable before; a line that was lost since an
        action that still stands), else "Checking…" and a search in the worker thread."""
        game = self.board.game
        if self.show_verdict:
            self.used.add("verdict")
        if not self.show_verdict or self._still(self.verdict_at):
            return
        moment = self.verdict_at = Moment.of(game)
        known = self.verdicts.known(game)
        if known is not None:
            self.verdict = known
            return
        self.verdict = {"kind": "pending", "move": None}
        copy = game.copy()
        self.worker.submit("verdict", lambda: self._verdict_found(copy, moment))

    def _verdict_found(self, game: Game, moment: Moment) -> None:
        """In the worker thread: the search, then its result shown, unless the board moved on."""
        board = self.board
        try:
            verdict = judge(game, board.search_budget)
        except Exception as error:  # never lose an error: show it where the verdict would be
            log.exception("the verdict search failed")
            verdict = {"kind": "error", "move": None, "error": reason(error)}
        with board._lock:
            if board._closed:
                return
            if self._still(moment):
                self.verdicts.remember(game, verdict)
            if self.verdict_at != moment or not self._still(moment) or not self.show_verdict:
                log.debug("a verdict for a position no longer on the board was dropped")
                return
            self.verdict = verdict
            board._publish()

    def shown_verdict(self, say: Callable[[Any], str]) -> dict | None:
        """The verdict line of the snapshot, in the board's language; None when switched off."""
        return verdict_view(self.verdict, say) if self.show_verdict and self.verdict else None

    def read_verdict(self) -> dict:
        """``w.verdict``: the verdict on the board, waiting for the solver when it is not known."""
        board = self.board
        with board._lock:
            moment = Moment.of(board.game)
            shown = self.verdict if self._still(self.verdict_at) else None
            found = shown if shown and shown["kind"] != "pending" else self.verdicts.known(board.game)
            game = board.game.copy()
        if found is None:
            found = judge(game, board.search_budget)
            with board._lock:
                if self._still(moment):
                    self.verdicts.remember(game, found)
                    pending = self.verdict is not None and self.verdict["kind"] == "pending"
                    if self.show_verdict and self._still(self.verdict_at) and pending:
                        self.verdict = found
                        board._publish()
        return verdict_view(found, str)

    # -- winnable deals ---------------------------------------------------------------------------

    def winnable_code(self, rules: Rules | str) -> str:
        """A random deal's code the solver proves winnable, found here (``SearchExhausted`` when
        none is found within the board's ``deal_budget``)."""
        return solver.random_winnable_code(rules, budget=self.board.deal_budget)

    def find_deal(self, rules: Rules, then: Callable[[str | None, Any], None]) -> None:
        """Look for a winnable deal in the worker thread, then call ``then(code, None)``, or
        ``then(None, why)`` when none was found, under the board's lock (unless it has closed)."""

        def job() -> None:
            found, why = None, None
            try:
                found = self.winnable_code(rules)
            except solver.SearchExhausted:
                why = NO_WINNABLE_DEAL
            except Exception as error:  # never lose an error: the dialog says it
                log.exception("looking for a winnable deal failed")
                why = failure(error)
            with self.board._lock:
                if not self.board._closed:
                    then(found, why)

        self.worker.submit("deal", job)
