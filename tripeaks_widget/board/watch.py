"""The assists' plumbing: an analysis kept for the board's moment, searched for in its worker thread.

Searches asked for from the board run in the worker thread (:mod:`tripeaks_widget.board.background`)
under a time budget, so a message handler always returns at once. A search is about the
:class:`Moment` it was asked at; its result is dropped when the board has moved on since.

Each search runs step by step (``tripeaks_widget.engine.steps``): the hint and the win chance a few sampled
arrangements a step (``fair.PLAYOUT_STEP``), the verdict a solver run a step, the review a move
(and within it a few arrangements) a step, a winnable deal a deal tried a step. After each step the job checks that
its answer is still wanted, and stops when the board has moved on; without threads the worker
lets the kernel's loop handle messages between slices of steps.

The verdict, the win chance and the review are one mechanism with three uses (:class:`Watch`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypedDict, TypeVar

from .. import fair, solver
from ..engine.game import Game
from ..engine.messages import Message
from ..engine.steps import Stale, Steps, drive, watched
from . import recording
from .background import Worker

log = logging.getLogger("tripeaks_widget")

FAILED = Message("Something went wrong: {error}")


class _Found(TypedDict):
    kind: str


class Found(_Found, total=False):
    """What a :class:`Watch` found: the win chance (``{"kind": "known", "chance": Chance}``), the
    review (``"review"``), the verdict (:data:`~tripeaks_widget.board.verdict.Verdict`); or
    ``"pending"``, ``"unknown"``, ``"error"``."""

    chance: fair.Chance
    review: fair.Review
    move: int | None  # the verdict's: the move after which the game was lost
    index: int  # and that action's index in the history
    undone: bool  # whether undone moves make its number differ from the Moves counter
    error: str


Marks = list[int | Literal["stock"]]  # slots and/or "stock" to highlight
Say = Callable[[Any], str]  # the board's words in its language
View = TypeVar("View")


class Moment(NamedTuple):
    """Where the board stands: the game and how many actions it has seen."""

    game: Game
    actions: int

    @classmethod
    def of(cls, game: Game) -> Moment:
        """The moment ``game`` stands at now."""
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


class Host(recording.Host, Protocol):
    """What the assists need of the board they run for: what the results need, and more."""

    search_budget: float
    deal_budget: float

    def point(self, note: str, marks: Marks) -> None:
        """Show ``note`` in the message line and highlight ``marks``, then publish."""


class Watch(Generic[View]):
    """One analysis the board keeps for the moment it stands at: the verdict, the win chance and
    the review are three uses of it. Switched on, it is looked for in the worker thread (with
    ``follows``, again at every new moment), shown when found unless the board moved on, and read
    from Python at once, computed in the caller's thread when it is not known yet.

    ``take(game)`` is what a search gets (a private copy, or only what the player sees);
    ``compute(taken)`` the search, step by step, which raises when it cannot answer; ``found(value)``
    what is kept of its answer, ``failed(error)`` of a failure; ``view(found, say)`` what the snapshot
    shows; ``known(game)`` an answer that needs no search, ``remember(game, found)`` keeps one found;
    ``answers`` are the kinds ``read`` takes as they are."""

    def __init__(
        self,
        host: Host,
        worker: Worker,
        name: str,
        *,
        take: Callable[[Game], Any],
        compute: Callable[[Any], Steps[Any]],
        found: Callable[[Any], Found],
        failed: Callable[[BaseException], Found],
        view: Callable[[Found, Say], View],
        answers: tuple[str, ...] = ("known",),
        known: Callable[[Game], Found | None] = lambda game: None,
        remember: Callable[[Game, Found], None] = lambda game, found: None,
        follows: bool = True,
    ) -> None:
        self.host, self.worker, self.name = host, worker, name
        self.take, self.compute, self.found_of, self.failed, self.view = take, compute, found, failed, view
        self.answers, self.known, self.remember, self.follows = answers, known, remember, follows
        self.on = False  # switched on (the review: its panel open)
        self.found: Found | None = None  # what is shown, for the moment `at`
        self.at: Moment | None = None

    def _still(self, moment: Moment | None) -> bool:
        return still(moment, self.host.game)

    def switch(self, on: bool) -> None:
        """Switch it on or off (off: a search still running stops, and nothing is shown)."""
        self.on = bool(on)
        if not self.on:
            self.worker.cancel(self.name)
            if self.follows:
                self.found = self.at = None

    def forget(self) -> None:
        """A new game: nothing is known of it; a search still running for the old one stops."""
        self.worker.cancel(self.name)
        self.found = self.at = None
        if not self.follows:
            self.on = False

    def refresh(self) -> None:
        """With the board at a new moment: the answer known already, else a search."""
        if self.follows and self.on and not self._still(self.at):
            self.ask()

    def ask(self) -> None:
        """Look for the answer at the board's moment: known at once, or "pending" and a search in
        the worker thread (its answer shown when found, unless the board moved on)."""
        game = self.host.game
        moment = self.at = Moment.of(game)
        known = self.known(game)
        if known is not None:
            self.found = known
            return
        self.found = {"kind": "pending"}
        taken = self.take(game)
        self.worker.submit(self.name, lambda: self._search(taken, moment))

    def _search(self, taken: Any, moment: Moment) -> Steps[None]:
        """In the worker thread: the search, stopped at its next step once the board has moved on
        or closed; its answer is kept while the board stands where it was asked, and shown while
        it is still the one waited for."""
        host = self.host

        def wanted() -> bool:
            with host.lock:
                return not host.closed and self.at == moment and self._still(moment)

        try:
            found = self.found_of((yield from watched(self.compute(taken), wanted)))
        except Stale:
            log.debug("a %s for a position no longer on the board was stopped", self.name)
            return
        except Exception as error:  # never lose an error: show it where the answer would be
            if not isinstance(error, solver.SearchExhausted):
                log.exception("the %s failed", self.name)
            found = self.failed(error)
        with host.lock:
            if host.closed or not self._still(moment):
                return
            self.remember(host.game, found)
            if self.at != moment or not self.on:
                log.debug("a %s no longer waited for was dropped", self.name)
                return
            self.found = found
            host.publish()

    def shown(self, say: Say) -> View | None:
        """What the snapshot shows, in the board's language; None while switched off."""
        if not self.on or self.found is None or not self._still(self.at):
            return None
        return self.view(self.found, say)

    def read(self) -> Found:
        """The answer at the board's moment, for Python: the one shown or known, else computed here
        (what the search raises goes to the caller), and then shown where it was waited for."""
        host = self.host
        with host.lock:
            game = host.game
            moment = Moment.of(game)
            if self.found is not None and self._still(self.at) and self.found["kind"] in self.answers:
                return self.found
            known = self.known(game)
            if known is not None:
                return known
            taken = self.take(game)
        found = self.found_of(drive(self.compute(taken)))
        with host.lock:
            if self._still(moment):
                self.remember(game, found)
                waited = self.on and self._still(self.at) and self.found is not None and self.found["kind"] == "pending"
                if not self.follows:  # asked for from Python: shown, as the button shows it
                    self.worker.cancel(self.name)
                    self.on, waited = True, True
                if waited:
                    self.at, self.found = moment, found
                    host.publish()
        return found
