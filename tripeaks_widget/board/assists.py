"""The assists of one board kept together: its worker thread, the hint, the verdict, the win
chance and the review (each in its own module, on :class:`~tripeaks_widget.board.watch.Watch`),
what the player has seen, the assists a game used, and winnable deals looked for.
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
from ..engine.steps import Stale, Steps, drive, watched
from .background import Worker
from .chance import CHANCE_PENDING, WIN_CHANCE_SAMPLES, chance_detail, chance_view
from .hint import (
    HINT_PENDING,
    HINT_PLAY,
    NO_HINT,
    NO_HINT_IN_TIME,
    HintFound,
    check_hint_kind,
    find_fair_hint,
    find_hint,
    pointing,
)
from .review import review_view
from .snapshot import VerdictLine
from .verdict import (
    VERDICT_LOST,
    VERDICT_LOST_SOMETIME,
    VERDICT_NEVER,
    VERDICT_PENDING,
    VERDICT_UNKNOWN,
    VERDICT_WINNABLE,
    Verdicts,
    judge_steps,
    verdict_view,
)
from .watch import FAILED, Found, Host, Marks, Moment, Watch, failure, reason, still

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
        self.hint_at: Moment | None = None  # the moment a hint search running for the board was asked at
        self.hint_kind = check_hint_kind(hint_kind)
        self.show_playable = True  # the glow on the cards that fit the discard
        self.show_hints = True  # the Hint button
        # the assists this game had ("hint", "fair_hint", "verdict", "win_chance"): kept with its result
        self.used: set[str] = set()
        self.deal_requests: list[Any] = []  # dialog requests waiting for the winnable deal looked for next
        self.verdicts = Verdicts()
        self.sight: Sight | None = None  # what the player of the board's game has seen, followed move by move

        def budget() -> float:  # read when a search starts: a script may change it
            return board.search_budget

        self.verdict = Watch(
            board,
            self.worker,
            "verdict",
            take=lambda game: game.copy(),
            compute=lambda game: judge_steps(game, budget()),
            found=lambda verdict: verdict,
            failed=lambda error: {"kind": "error", "move": None, "error": reason(error)},
            view=verdict_view,
            answers=("winnable", "lost", "never", "unknown", "won", "error"),
            known=lambda game: self.verdicts.known(game),
            remember=lambda game, verdict: self.verdicts.remember(game, verdict),
        )
        self.chance = Watch(
            board,
            self.worker,
            "win_chance",
            take=self.seen,
            compute=lambda seen: fair.win_chance_steps(seen, samples=WIN_CHANCE_SAMPLES, seed=0),
            found=lambda chance: {"kind": "known", "chance": chance},
            failed=lambda error: (
                {"kind": "unknown"}  # out of time is an answer, not a failure
                if isinstance(error, solver.SearchExhausted)
                else {"kind": "error", "error": reason(error)}
            ),
            view=chance_view,
            known=lambda game: (
                None if game.status == "playing" else {"kind": "known", "chance": fair.win_chance(game.seen())}
            ),
        )
        # The last review made of this game: a review of it gone on since keeps the moves judged there.
        self.reviewed: fair.Review | None = None
        self.review = Watch(
            board,
            self.worker,
            "review",
            take=lambda game: game.copy(),
            compute=lambda game: fair.review_steps(game, samples=WIN_CHANCE_SAMPLES, seed=0, earlier=self.reviewed),
            found=self._review_made,
            failed=lambda error: {"kind": "error", "error": reason(error)},
            view=review_view,
            follows=False,
        )
        self.verdict.on, self.chance.on = bool(show_verdict), bool(show_win_chance)

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

    # -- the hint ---------------------------------------------------------------------------------

    def _hint_job(self, kind: str, options: dict[str, Any]) -> Callable[[], Steps[HintFound]]:
        """The search for a hint of ``kind``, on private copies: the fair one gets only what the
        player sees. ``options`` are the keywords a script gave (``budget``: by default the board's
        for the solver's hint, none for the fair one, which its work bounds)."""
        budget = options.pop("budget", self.board.search_budget if kind == "exact" else None)
        self.used.add("hint" if kind == "exact" else "fair_hint")
        if kind == "exact":
            game = self.board.game.copy()
            return lambda: find_hint(game, budget)
        seen = self.seen(self.board.game)
        return lambda: find_fair_hint(seen, budget, **options)

    def _show_hint(self, move: str | None, why: str | None, exact: bool) -> None:
        """Under the lock, with the board still where the hint was asked: point at it."""
        if move is None:
            self.board.point(why or NO_HINT, [])
        else:
            self.board.point(*pointing(self.board.game, move, exact))

    def hint(self, kind: str, **options: Any) -> str | None:
        """A hint of ``kind`` (``"exact"`` or ``"fair"``) searched for here, in the caller's thread
        (``w.hint()``, ``w.fair_hint()``), shown unless the board moved on meanwhile."""
        board = self.board
        with board.lock:
            self.worker.cancel("hint")
            self.hint_at = None
            moment, exact, job = Moment.of(board.game), kind == "exact", self._hint_job(kind, options)
        move, why = drive(job())
        with board.lock:
            if still(moment, board.game):
                self._show_hint(move, why, exact)
        return move

    def ask_hint(self) -> None:
        """The Hint button: say that a hint is being looked for, and look in the worker thread."""
        board = self.board
        moment, exact, job = Moment.of(board.game), self.hint_kind == "exact", self._hint_job(self.hint_kind, {})
        board.point(HINT_PENDING, [])
        self.hint_at = moment
        self.worker.submit("hint", lambda: self._hint_found(job, moment, exact))

    def _hint_wanted(self, moment: Moment) -> bool:
        board = self.board
        with board.lock:
            return not board.closed and self.hint_at == moment and still(moment, board.game)

    def _hint_found(self, job: Callable[[], Steps[HintFound]], moment: Moment, exact: bool) -> Steps[None]:
        """In the worker thread: the search, then its result shown, unless the board moved on
        (then it stops at its next step)."""
        try:
            move, why = yield from watched(job(), lambda: self._hint_wanted(moment))
        except Stale:
            log.debug("a hint search for a position no longer on the board was stopped")
            return
        except Exception as error:  # never lose an error: show it where the hint would be
            log.exception("the hint search failed")
            move, why = None, failure(error)
        with self.board.lock:
            if not self._hint_wanted(moment):
                log.debug("a hint for a position no longer on the board was dropped")
                return
            self.hint_at = None
            self._show_hint(move, why, exact)

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
