"""The hint: the next action, fair (from what the player sees) or exact (the solver's, peeking).

Searched for, then said in the message line, with the card or the stock it points at."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from .. import fair, solver
from ..engine.cards import Card
from ..engine.errors import InvalidValueError
from ..engine.game import Game
from ..engine.messages import Message
from ..engine.seen import Seen
from ..engine.steps import Stale, Steps, drive, watched
from ..engine.words import NamedCard
from .background import Worker
from .intents import HINT_KINDS
from .watch import Host, Marks, Moment, failure, still

log = logging.getLogger("tripeaks_widget")

NO_HINT = Message("No hint: no move leads anywhere from here")
NO_HINT_IN_TIME = Message("No hint found within the time limit")
HINT_PENDING = Message("Looking for a hint…")
HINT_DRAW = Message("Hint: draw from the stock")
HINT_PLAY = Message("Hint: play {card:object}")
HINT_EXACT_DRAW = Message("Hint (sees the hidden cards): draw from the stock")
HINT_EXACT_PLAY = Message("Hint (sees the hidden cards): play {card:object}")


def check_hint_kind(kind: object) -> str:
    """``kind`` when it is a hint the board gives ('fair' or 'exact'), else ``ValueError``."""
    if kind not in HINT_KINDS:
        raise InvalidValueError(f"hint_kind is 'fair' (from what the player sees) or 'exact' (peeks); got {kind!r}")
    return str(kind)


def pointing(game: Game, move: str, exact: bool) -> tuple[str, Marks]:
    """A hint's note and highlight, on the board showing ``game``; the exact one says it peeks."""
    if move == "draw":
        return (HINT_EXACT_DRAW if exact else HINT_DRAW), ["stock"]
    card = Card.parse(move)
    if exact:
        return Message(HINT_EXACT_PLAY, card=NamedCard(card)), [game.slot_of(card)]
    return Message(HINT_PLAY, card=NamedCard(card)), [game.slot_of(card)]


HintFound = tuple[str | None, str | None]  # the action, or None and why


def find_hint(game: Game, budget: float) -> Steps[HintFound]:
    """The solver's hint for ``game`` (a private copy; it peeks): the action, or None and why.
    One solver run, so one step (held to ``budget``)."""
    yield
    solution = solver.solve(game, budget=budget)
    if solution.hint is None:
        return None, (NO_HINT if solution.complete else NO_HINT_IN_TIME)
    move = solution.hint
    return ("draw" if str(move).strip().lower() == "draw" else move), None


def find_fair_hint(seen: Seen, budget: float | None, **options: Any) -> Steps[HintFound]:
    """The fair hint from what the player sees (``options``: ``fair.fair_hint``'s): the action, or
    None and why."""
    try:
        move = yield from fair.fair_hint_steps(seen, **{"seed": 0, **options, "budget": budget})
    except solver.SearchExhausted:
        return None, NO_HINT_IN_TIME
    return move, (None if move is not None else NO_HINT)


class Hints:
    """The hints of one board: the kind its Hint button gives, and each hint searched for (in the
    worker thread for the button, in the caller's for ``w.hint()``), then shown unless the board
    moved on."""

    def __init__(
        self, board: Host, worker: Worker, kind: str, seen: Callable[[Game], Seen], use: Callable[[str], None]
    ) -> None:
        self.board, self.worker = board, worker
        self.kind = check_hint_kind(kind)  # the Hint button's
        self.at: Moment | None = None  # the moment a hint search running for the board was asked at
        self.seen = seen  # what the player of the board's game sees
        self.use = use  # note an assist the game had

    def _job(self, kind: str, options: dict[str, Any]) -> Callable[[], Steps[HintFound]]:
        """The search for a hint of ``kind``, on private copies: the fair one gets only what the
        player sees. ``options`` are the keywords a script gave (``budget``: by default the board's
        for the solver's hint, none for the fair one, which its work bounds)."""
        budget = options.pop("budget", self.board.search_budget if kind == "exact" else None)
        self.use("hint" if kind == "exact" else "fair_hint")
        if kind == "exact":
            game = self.board.game.copy()
            return lambda: find_hint(game, budget)
        seen = self.seen(self.board.game)
        return lambda: find_fair_hint(seen, budget, **options)

    def _show(self, move: str | None, why: str | None, exact: bool) -> None:
        """Under the lock, with the board still where the hint was asked: point at it."""
        if move is None:
            self.board.point(why or NO_HINT, [])
        else:
            self.board.point(*pointing(self.board.game, move, exact))

    def find(self, kind: str, **options: Any) -> str | None:
        """A hint of ``kind`` (``"exact"`` or ``"fair"``) searched for here, in the caller's thread
        (``w.hint()``, ``w.fair_hint()``), shown unless the board moved on meanwhile."""
        board = self.board
        with board.lock:
            self.worker.cancel("hint")
            self.at = None
            moment, exact, job = Moment.of(board.game), kind == "exact", self._job(kind, options)
        move, why = drive(job())
        with board.lock:
            if still(moment, board.game):
                self._show(move, why, exact)
        return move

    def ask(self) -> None:
        """The Hint button: say that a hint is being looked for, and look in the worker thread."""
        board = self.board
        moment, exact, job = Moment.of(board.game), self.kind == "exact", self._job(self.kind, {})
        board.point(HINT_PENDING, [])
        self.at = moment
        self.worker.submit("hint", lambda: self._found(job, moment, exact))

    def _wanted(self, moment: Moment) -> bool:
        board = self.board
        with board.lock:
            return not board.closed and self.at == moment and still(moment, board.game)

    def _found(self, job: Callable[[], Steps[HintFound]], moment: Moment, exact: bool) -> Steps[None]:
        """In the worker thread: the search, then its result shown, unless the board moved on
        (then it stops at its next step)."""
        try:
            move, why = yield from watched(job(), lambda: self._wanted(moment))
        except Stale:
            log.debug("a hint search for a position no longer on the board was stopped")
            return
        except Exception as error:  # never lose an error: show it where the hint would be
            log.exception("the hint search failed")
            move, why = None, failure(error)
        with self.board.lock:
            if not self._wanted(moment):
                log.debug("a hint for a position no longer on the board was dropped")
                return
            self.at = None
            self._show(move, why, exact)
