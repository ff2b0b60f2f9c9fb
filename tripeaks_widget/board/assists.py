"""The assists of one board kept together, and the winnable deals it looks for.

Its worker thread, the hint, the verdict, the win chance and the review (each in its own module, on
:class:`~tripeaks_widget.board.watch.Watch`), what the player has seen, and the assists a game used.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from .. import fair, solver
from ..engine.game import Game
from ..engine.layout import Layout
from ..engine.messages import Message
from ..engine.rules import Rules
from ..engine.seen import Seen, Sight
from ..engine.steps import Steps
from .background import Worker
from .chance import CHANCE_PENDING, WIN_CHANCE_SAMPLES, chance_detail, chance_view, chance_watch
from .hint import (
    HINT_PENDING,
    HINT_PLAY,
    NO_HINT,
    NO_HINT_IN_TIME,
    Hints,
    check_hint_kind,
    pointing,
)
from .review import review_view, review_watch
from .snapshot import VerdictLine
from .verdict import (
    VERDICT_LOST,
    VERDICT_LOST_SOMETIME,
    VERDICT_NEVER,
    VERDICT_PENDING,
    VERDICT_UNKNOWN,
    VERDICT_WINNABLE,
    Verdicts,
    verdict_view,
    verdict_watch,
)
from .watch import FAILED, Found, Host, Marks, failure, still

# Where the assists' names were found before they had modules of their own, and still are.
__all__ = [
    "CHANCE_PENDING",
    "FAILED",
    "HINT_PENDING",
    "HINT_PLAY",
    "NO_HINT",
    "NO_HINT_IN_TIME",
    "NO_WINNABLE_DEAL",
    "VERDICT_LOST",
    "VERDICT_LOST_SOMETIME",
    "VERDICT_NEVER",
    "VERDICT_PENDING",
    "VERDICT_UNKNOWN",
    "VERDICT_WINNABLE",
    "WIN_CHANCE_SAMPLES",
    "Assists",
    "Marks",
    "chance_detail",
    "chance_view",
    "check_hint_kind",
    "failure",
    "pointing",
    "review_view",
    "verdict_view",
]

log = logging.getLogger("tripeaks_widget")

NO_WINNABLE_DEAL = Message("No winnable deal was found within the time limit. Try again.")


class Assists:
    """The hint, the verdict, the win chance, the review and winnable deals for one board. Every
    method but the searches' own is called under the board's lock or takes it."""

    def __init__(
        self, board: Host, show_verdict: bool = False, show_win_chance: bool = False, hint_kind: str = "fair"
    ) -> None:
        self.board = board
        self.worker = Worker()
        self.show_playable = True  # the glow on the cards that fit the discard
        self.show_hints = True  # the Hint button
        # the assists this game had ("hint", "fair_hint", "verdict", "win_chance"): kept with its result
        self.used: set[str] = set()
        self.deal_requests: list[Any] = []  # dialog requests waiting for the winnable deal looked for next
        self.verdicts = Verdicts()
        self.sight: Sight | None = None  # what the player of the board's game has seen, followed move by move

        self.verdict = verdict_watch(board, self.worker, lambda: self.verdicts)
        self.chance = chance_watch(board, self.worker, self.seen)
        # The last review made of this game: a review of it gone on since keeps the moves judged there.
        self.reviewed: fair.Review | None = None
        self.review = review_watch(board, self.worker, lambda: self.reviewed, self._review_made)
        self.verdict.on, self.chance.on = bool(show_verdict), bool(show_win_chance)
        self.hints = Hints(board, self.worker, hint_kind, self.seen, lambda name: self.used.add(name))

    @property
    def show_verdict(self) -> bool:
        """Whether the verdict line is switched on."""
        return self.verdict.on

    @property
    def show_win_chance(self) -> bool:
        """Whether the win chance readout is switched on."""
        return self.chance.on

    def seen(self, game: Game) -> Seen:
        """What the player of ``game``, the board's, sees now (``game.seen()``), followed move by move
        rather than replayed from the deal at every click: a long game, undos and all, would be
        replayed in full while the click waits."""
        if self.sight is None or not self.sight.follow(game):
            self.sight = Sight.of(game)
        return self.sight.seen()

    def _review_made(self, review: fair.Review) -> Found:
        self.reviewed = review
        return {"kind": "known", "review": review}

    def refresh(self) -> None:
        """The board may stand at a new moment: the verdict and the chance switched on follow it."""
        if self.verdict.on:
            self.used.add("verdict")
        if self.chance.on:
            self.used.add("win_chance")
        self.verdict.refresh()
        self.chance.refresh()

    def new_game(self) -> None:
        """A new game: nothing is known about it yet, no assist was used, no review is open."""
        self.verdicts = Verdicts()
        self.sight = self.reviewed = None
        for watch in (self.verdict, self.chance, self.review):
            watch.forget()
        self.used = set()

    def close(self) -> None:
        """Stop the worker thread: searches waiting are dropped, a running one stops."""
        self.worker.close()

    def read_verdict(self) -> VerdictLine:
        """``w.verdict``: the verdict on the board, as the "Winnable?" line says it (in English)."""
        return verdict_view(self.verdict.read(), str)

    def ask_review(self) -> None:
        """The Review button: the review made for this moment already, or "Reviewing the game…"
        and the review in the worker thread."""
        review = self.review
        review.on = True
        made = review.found is not None and review.found["kind"] != "error"
        if not (made and still(review.at, self.board.game)):
            review.ask()
        self.board.publish()

    def close_review(self) -> None:
        """The panel closes; a review made (or on its way) is kept for this moment."""
        self.review.on = False
        self.board.publish()

    # -- winnable deals ---------------------------------------------------------------------------

    def winnable_code(self, rules: Rules | str, layout: Layout) -> Steps[str]:
        """A random deal's code on ``layout`` the solver proves winnable, step-wise: a deal tried a
        step (``SearchExhausted`` when none is found within the board's ``deal_budget``)."""
        return solver.random_winnable_steps(rules, budget=self.board.deal_budget, layout=layout)

    def find_deal(
        self,
        rules: Rules,
        request: Any,
        then: Callable[[str | None, str | None, list[Any]], None],
        layout: Layout | None = None,
    ) -> None:
        """Look for a winnable deal on ``layout`` (the board's if None) in the worker thread, then
        call ``then(code, None, requests)``, or ``then(None, why, requests)`` when none was found,
        under the board's lock (unless it has closed). ``requests`` are the dialog requests this
        search answers: ``request`` and any asked before it whose search a later one replaced while
        it waited (each gets a reply)."""
        self.deal_requests.append(request)
        layout = self.board.game.layout if layout is None else layout  # a new deal keeps the layout unless told

        def job() -> Steps[None]:
            with self.board.lock:  # the requests waiting so far are this search's to answer
                requests, self.deal_requests = self.deal_requests, []
            found, why = None, None
            try:
                found = yield from self.winnable_code(rules, layout)
            except GeneratorExit:  # replaced by a newer search while it ran: that one answers these too
                with self.board.lock:
                    self.deal_requests[:0] = requests
                raise
            except solver.SearchExhausted:
                why = NO_WINNABLE_DEAL
            except Exception as error:  # never lose an error: the dialog says it
                log.exception("looking for a winnable deal failed")
                why = failure(error)
            with self.board.lock:
                if not self.board.closed:
                    then(found, why, requests)

        self.worker.submit("deal", job)
