"""The searches run for the board: the hint (fair, or exact and peeking), the verdict ("can the
game still be won?") with what is known of it already, the win chance, and winnable deals.

Searches asked for from the board run in the widget's worker thread
(:mod:`tripeaks_widget.board.background`) under a time budget, so a message handler always returns at
once. A search is about the :class:`Moment` it was asked at; its result is dropped when the board
has moved on since. :class:`Assists` does this bookkeeping for a :class:`Board` (the widget).

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
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypedDict, TypeVar, cast

from .. import fair, solver
from ..engine.cards import Card
from ..engine.errors import InvalidValueError
from ..engine.game import YOU_WON, Game, Position
from ..engine.history import move_number, standing_actions
from ..engine.layout import Layout
from ..engine.messages import Message
from ..engine.rules import Rules
from ..engine.seen import Seen, Sight
from ..engine.steps import Stale, Steps, drive, watched
from ..engine.words import NamedCard
from . import recording
from .background import Worker
from .intents import HINT_KINDS
from .snapshot import ReviewPanel, ReviewRow, VerdictLine, WinChanceLine

log = logging.getLogger("tripeaks_widget")

NO_HINT = Message("No hint: no move leads anywhere from here")
NO_HINT_IN_TIME = Message("No hint found within the time limit")
HINT_PENDING = Message("Looking for a hint…")
HINT_DRAW = Message("Hint: draw from the stock")
HINT_PLAY = Message("Hint: play {card:object}")
HINT_EXACT_DRAW = Message("Hint (sees the hidden cards): draw from the stock")
HINT_EXACT_PLAY = Message("Hint (sees the hidden cards): play {card:object}")
VERDICT_PENDING = Message("Checking…")
VERDICT_WINNABLE = Message("Still winnable")
VERDICT_LOST = Message("No longer winnable since move {move}")
VERDICT_LOST_UNDONE = Message("No longer winnable since move {move}, not counting undone moves")
VERDICT_LOST_SOMETIME = Message("No longer winnable")
VERDICT_NEVER = Message("Not winnable from the deal")
VERDICT_UNKNOWN = Message("Could not decide within the time limit")
NO_WINNABLE_DEAL = Message("No winnable deal was found within the time limit. Try again.")
CHANCE_PENDING = Message("Win chance …")
CHANCE_KNOWN = Message("Win chance {percent}%")
CHANCE_DETAIL = Message("95% interval {low}–{high}%, from {samples} deals of the unseen cards")
CHANCE_UNCALIBRATED = Message(
    "95% interval {low}–{high}%, from {samples} deals of the unseen cards; not calibrated: "
    "no calibration was fitted for this layout and these rules"
)
CHANCE_EXACT = Message("Exact: worked out over every way the unseen cards can lie")
REVIEW_PENDING = Message("Reviewing the game…")
FAILED = Message("Something went wrong: {error}")

# The board's chance is one quantity wherever it shows (the Win chance readout, the hint, the review):
# the chance of a player who follows the fair hint (fair.win_chance), exact where few cards are
# unseen, else over the hint's own arrangements (fair.PLAYOUT_SAMPLES; seed 0). The readout and the
# fair hint are bounded by that work, not by the search budget's seconds, so that both builds (the
# browser's is pure Python) show the same chance and hint on the same position.
WIN_CHANCE_SAMPLES = fair.PLAYOUT_SAMPLES
# The review after a game is judged the same way, move by move: bounded by that work, not by seconds.


class _Found(TypedDict):
    kind: str


class Found(_Found, total=False):
    """What a :class:`Watch` found: the win chance (``{"kind": "known", "chance": Chance}``), the
    review (``"review"``), the verdict (:data:`Verdict`); or ``"pending"``, ``"unknown"``, ``"error"``."""

    chance: fair.Chance
    review: fair.Review
    move: int | None  # the verdict's: the move after which the game was lost
    index: int  # and that action's index in the history
    undone: bool  # whether undone moves make its number differ from the Moves counter
    error: str


Verdict = Found  # {"kind": "lost", "move": 12, "index": 13, "undone": False}: see judge
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


def _value(chance: fair.Chance | None) -> float | None:
    return None if chance is None else chance.value


def _better(best: fair.Chance | None, played: fair.Chance | None) -> bool:
    """Whether ``best`` is a better chance than ``played`` as the board shows them: the difference
    shows in the printed percent, and is beyond the noise (their 95% intervals, which an exact
    chance has none of, do not meet). Anything less is a tie."""
    if best is None or played is None:
        return False
    return fair.whole_percent(best.value) > fair.whole_percent(played.value) and best.low > played.high


def _review_row(m: fair.ReviewedMove) -> ReviewRow:
    """One move of the review panel; a move not judged within the budget has no numbers. The
    move played was the best one when no action had a better chance as the board shows them
    (:func:`_better`: a difference that does not show, or is within the noise, is a tie, and no
    mistake)."""
    before, better = m.before, _better(m.best_chance, m.after)
    return {
        "move": m.move,
        "action": m.action,
        "before": _value(before),
        "low": None if before is None else before.low,
        "high": None if before is None else before.high,
        "after": _value(m.after),
        "best": m.best,
        "best_chance": _value(m.best_chance),
        "mistake": m.mistake and better,  # a loss within the noise is no mistake the board can show
        "played_best": m.judged and m.after is not None and not better,
    }


def review_view(found: Found, say: Say) -> ReviewPanel:
    """The review as the board shows it: each move with its chances, the final chance, the move
    after which the exact verdict turned to lost."""
    kind, review = found["kind"], found.get("review")
    if kind == "error":
        text: Any = Message(FAILED, error=found.get("error", ""))
    else:
        text = REVIEW_PENDING if kind == "pending" else ""
    view: dict[str, Any] = {"kind": kind, "text": say(text), "moves": [], "final": None, "lost_after": None}
    if review is not None:
        view["moves"] = [_review_row(m) for m in review.moves]
        view["final"], view["lost_after"] = _value(review.final), review.lost_after
    return cast(ReviewPanel, view)  # its types are checked against the contract in tests/test_snapshot.py


def chance_view(found: Found, say: Say) -> WinChanceLine:
    """The win chance as the board shows it: its kind, the value and its interval, the text."""
    kind, chance = found["kind"], found.get("chance")
    detail: Message | None = None
    if kind == "known":
        assert chance is not None  # a known chance comes with its Chance
        text: Any = Message(CHANCE_KNOWN, percent=fair.whole_percent(chance.value))
        detail = chance_detail(chance)
    elif kind == "unknown":  # no arrangement judged within the budget: said as the verdict says it
        text = VERDICT_UNKNOWN
    elif kind == "error":
        text = Message(FAILED, error=found.get("error", ""))
    else:
        text = CHANCE_PENDING
    numbers = {"value": None, "low": None, "high": None, "samples": None, "exact": False}
    if chance is not None:
        numbers = {name: getattr(chance, name) for name in numbers}
    view = {"kind": kind, **numbers, "text": say(text), "detail": say(detail) if detail is not None else ""}
    return cast(WinChanceLine, view)  # its types are checked against the contract in tests/test_snapshot.py


def chance_detail(chance: fair.Chance) -> Message:
    """What a chance is made of, as the readout's tooltip says it: read from the same ``Chance``
    as its value, so the two never disagree."""
    if chance.exact:
        return CHANCE_EXACT
    low, high = fair.whole_percent(chance.low), fair.whole_percent(chance.high)
    said = CHANCE_DETAIL if chance.calibrated else CHANCE_UNCALIBRATED  # a layout of one's own, a variant
    return Message(said, low=low, high=high, samples=chance.samples)


def judge(game: Game, budget: float) -> Verdict:
    """Whether ``game`` (a private copy) can still be won, and if not since when (at most
    ``budget`` seconds for each of the two searches)."""
    return drive(judge_steps(game, budget))


def judge_steps(game: Game, budget: float) -> Steps[Verdict]:
    """``judge`` step by step: a step between two solver runs."""
    if game.status == "won":
        return {"kind": "won", "move": None}
    yield
    try:
        if solver.winnable(game, budget=budget):
            return {"kind": "winnable", "move": None}
    except solver.SearchExhausted:
        return {"kind": "unknown", "move": None}
    yield
    try:
        index = yield from solver.verdict_history_steps(game, budget=budget)
    except solver.SearchExhausted:
        return {"kind": "lost", "move": None}
    if index is None:  # the two searches disagree: trust the one that found a win
        return {"kind": "winnable", "move": None}
    if index == solver.NEVER_WINNABLE:
        return {"kind": "never", "move": None}
    # Numbered among the moves that stand, as the review numbers them; "undone" says when that
    # differs from the Moves counter, so that the verdict can say so.
    number = move_number(game.history, index)
    counted = sum(action != "undo" for action in game.history[: index + 1])
    return {"kind": "lost", "move": number, "index": index, "undone": counted != number}


def verdict_view(verdict: Verdict, say: Say) -> VerdictLine:
    """A verdict as the view and ``w.verdict`` show it: its kind, the move, and its text."""
    kind, move = verdict["kind"], verdict.get("move")
    if kind == "lost" and move is not None:
        lost = VERDICT_LOST_UNDONE if verdict.get("undone") else VERDICT_LOST
        text: Any = Message(lost, move=move)
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
    view = {"kind": kind, "move": move, "text": say(text)}
    return cast(VerdictLine, view)  # its types are checked against the contract in tests/test_snapshot.py


class Verdicts:
    """What searches found about one game: positions found winnable, and the line that lost it."""

    def __init__(self) -> None:
        self._winnable: set[Position] = set()
        # the standing line up to the losing action (each action with its index), and its verdict
        self._lost: tuple[tuple[tuple[int, str], ...], Verdict] | None = None

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
