"""The searches run for the board: the hint (fair, or exact and peeking), the verdict ("can the
game still be won?") with what is known of it already, the win chance, and winnable deals.

Searches asked for from the board run in the widget's worker thread
(:mod:`tripeaks_widget.board.background`) under a time budget, so a message handler always returns at
once. A search is about the :class:`Moment` it was asked at; its result is dropped when the board
has moved on since. :class:`Assists` does this bookkeeping for a :class:`Board` (the widget).

Each search runs step by step (``tripeaks_widget.engine.steps``): the hint and the win chance a sampled
arrangement a step, the verdict a solver run a step, the review a move (and within it an
arrangement) a step, a winnable deal a deal tried a step. After each step the job checks that
its answer is still wanted, and stops when the board has moved on; without threads the worker
lets the kernel's loop handle messages between slices of steps.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, Literal, NamedTuple, Protocol

from .. import fair, solver
from ..engine.cards import Card
from ..engine.game import YOU_WON, Game, move_number, standing_actions
from ..engine.messages import Message
from ..engine.rules import Rules
from ..engine.seen import Seen
from ..engine.steps import Stale, Steps, drive, watched
from ..engine.words import NamedCard
from .background import Worker
from .intents import HINT_KINDS

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
CHANCE_KNOWN = Message("Win chance {percent} %")
CHANCE_DETAIL = Message("95 % interval {low}–{high} %, from {samples} deals of the unseen cards")
CHANCE_EXACT = Message("Exact: worked out over every way the unseen cards can lie")
REVIEW_PENDING = Message("Reviewing the game…")
FAILED = Message("Something went wrong: {error}")

# The board's chance is one quantity wherever it shows (the Win chance readout, the hint, the review):
# the chance of a player who follows the fair hint (fair.win_chance), exact where few cards are
# unseen, else over the hint's own arrangements (fair.PLAYOUT_SAMPLES; seed 0, within the board's
# search budget).
WIN_CHANCE_SAMPLES = fair.PLAYOUT_SAMPLES
# The review after a game is judged the same way, move by move, within the board's search budget a move.

Verdict = dict[str, Any]  # {"kind": "lost", "move": 12, "index": 13, "undone": False}: see judge
Found = dict[str, Any]  # the win chance: {"kind": "known", "chance": Chance} / "pending" / "unknown" / "error"
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


def check_hint_kind(kind: object) -> str:
    if kind not in HINT_KINDS:
        raise ValueError(f"hint_kind is 'fair' (from what the player sees) or 'exact' (peeks); got {kind!r}")
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


def find_fair_hint(seen: Seen, budget: float) -> Steps[HintFound]:
    """The fair hint from what the player sees: the action, or None and why."""
    try:
        move = yield from fair.fair_hint_steps(seen, seed=0, budget=budget)
    except solver.SearchExhausted:
        return None, NO_HINT_IN_TIME
    return move, (None if move is not None else NO_HINT)


def _value(chance: fair.Chance | None) -> float | None:
    return None if chance is None else chance.value


def _review_row(m: fair.ReviewedMove) -> dict:
    """One move of the review panel; a move not judged within the budget has no numbers. The
    move played was the best one when no action had a better chance (another one as good is
    no better)."""
    before = m.before
    return {
        "move": m.move,
        "action": m.action,
        "before": _value(before),
        "low": None if before is None else before.low,
        "high": None if before is None else before.high,
        "after": _value(m.after),
        "best": m.best,
        "best_chance": _value(m.best_chance),
        "mistake": m.mistake,
        "played_best": m.judged and m.after is not None and m.loss == 0,
    }


def review_view(found: Found, say: Callable[[Any], str]) -> dict:
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
    return view


def chance_view(found: Found, say: Callable[[Any], str]) -> dict:
    """The win chance as the board shows it: its kind, the value and its interval, the text."""
    kind, chance = found["kind"], found.get("chance")
    if kind == "known":
        text: Any = Message(CHANCE_KNOWN, percent=round(chance.value * 100))
    elif kind == "unknown":  # no arrangement judged within the budget: said as the verdict says it
        text = VERDICT_UNKNOWN
    elif kind == "error":
        text = Message(FAILED, error=found.get("error", ""))
    else:
        text = CHANCE_PENDING
    numbers = {"value": None, "low": None, "high": None, "samples": None, "exact": False}
    if chance is not None:
        numbers = {name: getattr(chance, name) for name in numbers}
    return {"kind": kind, **numbers, "text": say(text), "detail": say(chance_detail(chance)) if kind == "known" else ""}


def chance_detail(chance: fair.Chance) -> Message:
    """What a chance is made of, as the readout's tooltip says it: read from the same ``Chance``
    as its value, so the two never disagree."""
    if chance.exact:
        return CHANCE_EXACT
    low, high = round(chance.low * 100), round(chance.high * 100)
    return Message(CHANCE_DETAIL, low=low, high=high, samples=chance.samples)


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


def verdict_view(verdict: Verdict, say: Callable[[Any], str]) -> dict:
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
    """The hint, the verdict, the win chance and winnable deals for one board. Every method but
    the ``*_found`` jobs is called under the board's lock or takes it."""

    def __init__(
        self, board: Board, show_verdict: bool = False, show_win_chance: bool = False, hint_kind: str = "fair"
    ) -> None:
        self.board = board
        self.worker = Worker()
        self.hint_at: Moment | None = None  # the moment a hint search running for the board was asked at
        self.hint_kind = check_hint_kind(hint_kind)
        self.show_verdict = bool(show_verdict)
        self.verdict: Verdict | None = None  # the verdict shown, for the moment `verdict_at`
        self.verdict_at: Moment | None = None
        self.verdicts = Verdicts()
        self.show_win_chance = bool(show_win_chance)
        self.show_playable = True  # the glow on the cards that fit the discard
        self.show_hints = True  # the Hint button
        self.chance: Found | None = None  # the win chance shown, for the moment `chance_at`
        self.chance_at: Moment | None = None
        self.review: Found | None = None  # the review made, for the moment `review_at`
        self.review_at: Moment | None = None
        self.review_open = False  # whether the board shows it
        # the assists this game had ("hint", "fair_hint", "verdict", "win_chance"): kept with its result
        self.used: set[str] = set()
        self.deal_requests: list[Any] = []  # dialog requests waiting for the winnable deal looked for next

    def _still(self, moment: Moment | None) -> bool:
        return still(moment, self.board.game)

    def _wanted(self, asked: Moment | None, moment: Moment) -> bool:
        """Whether a result made in the worker thread for ``moment`` is still wanted: the board is
        open, the job running for it (asked at ``asked``) is this one, and the board stands there."""
        return not self.board._closed and asked == moment and self._still(moment)

    def _asked(self, at: str, moment: Moment) -> Callable[[], bool]:
        """A check, between the steps of a search asked at ``moment``, that its answer is still
        wanted (the moment ``self.<at>`` the board waits on, the board open and still there)."""

        def wanted() -> bool:
            with self.board._lock:
                return self._wanted(getattr(self, at), moment)

        return wanted

    def new_game(self) -> None:
        """A new game: nothing is known about it yet, no assist was used, no review is open."""
        self.verdicts = Verdicts()
        self.verdict_at = self.chance_at = None
        self.worker.cancel("review")
        self.review = self.review_at = None
        self.review_open = False
        self.used = set()

    def close(self) -> None:
        self.worker.close()

    # -- the hint ---------------------------------------------------------------------------------

    def _hint_job(self) -> Callable[[], Steps[HintFound]]:
        """The search for the hint of the kind chosen, on private copies: the fair one gets only
        what the player sees."""
        budget = self.board.search_budget
        self.used.add("hint" if self.hint_kind == "exact" else "fair_hint")
        if self.hint_kind == "exact":
            game = self.board.game.copy()
            return lambda: find_hint(game, budget)
        seen = self.board.game.seen()
        return lambda: find_fair_hint(seen, budget)

    def _show_hint(self, move: str | None, why: str | None, exact: bool) -> None:
        """Under the lock, with the board still where the hint was asked: point at it."""
        if move is None:
            self.board._point(why or NO_HINT, [])
        else:
            self.board._point(*pointing(self.board.game, move, exact))

    def hint(self) -> str | None:
        """The hint searched for here, in the caller's thread (``w.hint()``), shown unless the
        board moved on meanwhile."""
        board = self.board
        with board._lock:
            self.worker.cancel("hint")
            self.hint_at = None
            moment, exact, job = Moment.of(board.game), self.hint_kind == "exact", self._hint_job()
        move, why = drive(job())
        with board._lock:
            if self._still(moment):
                self._show_hint(move, why, exact)
        return move

    def ask_hint(self) -> None:
        """The Hint button: say that a hint is being looked for, and look in the worker thread."""
        board = self.board
        moment, exact, job = Moment.of(board.game), self.hint_kind == "exact", self._hint_job()
        board._point(HINT_PENDING, [])
        self.hint_at = moment
        self.worker.submit("hint", lambda: self._hint_found(job, moment, exact))

    def _hint_found(self, job: Callable[[], Steps[HintFound]], moment: Moment, exact: bool) -> Steps[None]:
        """In the worker thread: the search, then its result shown, unless the board moved on
        (then it stops at its next step)."""
        board = self.board
        try:
            move, why = yield from watched(job(), self._asked("hint_at", moment))
        except Stale:
            log.debug("a hint search for a position no longer on the board was stopped")
            return
        except Exception as error:  # never lose an error: show it where the hint would be
            log.exception("the hint search failed")
            move, why = None, failure(error)
        with board._lock:
            if not self._wanted(self.hint_at, moment):
                log.debug("a hint for a position no longer on the board was dropped")
                return
            self.hint_at = None
            self._show_hint(move, why, exact)

    # -- the win chance ---------------------------------------------------------------------------

    def switch_win_chance(self, on: bool) -> None:
        self.show_win_chance = bool(on)
        if not self.show_win_chance:
            self.worker.cancel("win_chance")
            self.chance = self.chance_at = None

    def refresh_win_chance(self) -> None:
        """With the win chance switched on and the board at a new moment: the chance of a game
        over at once, else "Win chance …" and a computation in the worker thread, from what the
        player sees only."""
        game = self.board.game
        if self.show_win_chance:
            self.used.add("win_chance")
        if not self.show_win_chance or self._still(self.chance_at):
            return
        moment = self.chance_at = Moment.of(game)
        seen = game.seen()
        if game.status != "playing":  # 1 or 0, and certain: nothing to compute
            self.chance = {"kind": "known", "chance": fair.win_chance(seen)}
            return
        self.chance = {"kind": "pending"}
        self.worker.submit("win_chance", lambda: self._chance_found(seen, moment))

    def _chance_found(self, seen: Seen, moment: Moment) -> Steps[None]:
        """In the worker thread: the chance, then shown, unless the board moved on (then it stops
        at its next step)."""
        try:
            found = yield from watched(self._compute_chance(seen), self._asked("chance_at", moment))
        except Stale:
            log.debug("a win chance for a position no longer on the board was stopped")
            return
        with self.board._lock:
            if not self._wanted(self.chance_at, moment):
                log.debug("a win chance for a position no longer on the board was dropped")
                return
            self.chance = found
            self.board._publish()

    def _win_chance(self, seen: Seen) -> Steps[fair.Chance]:
        return fair.win_chance_steps(seen, samples=WIN_CHANCE_SAMPLES, seed=0, budget=self.board.search_budget)

    def _compute_chance(self, seen: Seen) -> Steps[Found]:
        try:
            chance = yield from self._win_chance(seen)
        except solver.SearchExhausted:  # out of time is an answer, not a failure
            return {"kind": "unknown"}
        except Exception as error:  # never lose an error: show it where the chance would be
            log.exception("the win chance failed")
            return {"kind": "error", "error": reason(error)}
        return {"kind": "known", "chance": chance}

    def shown_win_chance(self, say: Callable[[Any], str]) -> dict | None:
        """The win chance of the snapshot, in the board's language; None when switched off."""
        return chance_view(self.chance, say) if self.show_win_chance and self.chance else None

    def read_win_chance(self) -> fair.Chance:
        """``w.win_chance``: the chance on the board, computed here when it is not known yet."""
        board = self.board
        with board._lock:
            moment = Moment.of(board.game)
            shown = self.chance if self._still(self.chance_at) else None
            if shown is not None and shown["kind"] == "known":
                return shown["chance"]
            seen = board.game.seen()
        chance = drive(self._win_chance(seen))
        with board._lock:
            pending = self.chance is not None and self.chance["kind"] == "pending"
            if self.show_win_chance and self._still(moment) and self._still(self.chance_at) and pending:
                self.chance = {"kind": "known", "chance": chance}
                board._publish()
        return chance

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

    def _verdict_found(self, game: Game, moment: Moment) -> Steps[None]:
        """In the worker thread: the search, then its result shown, unless the board moved on
        (then it stops at its next step)."""
        board = self.board

        def wanted() -> bool:  # what it finds is kept while the board stands where it was asked
            with board._lock:
                return not board._closed and self._still(moment)

        try:
            verdict = yield from watched(judge_steps(game, board.search_budget), wanted)
        except Stale:
            log.debug("a verdict search for a position no longer on the board was stopped")
            return
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
            found = drive(judge_steps(game, board.search_budget))
            with board._lock:
                if self._still(moment):
                    self.verdicts.remember(game, found)
                    pending = self.verdict is not None and self.verdict["kind"] == "pending"
                    if self.show_verdict and self._still(self.verdict_at) and pending:
                        self.verdict = found
                        board._publish()
        return verdict_view(found, str)

    # -- the review after a game ------------------------------------------------------------------

    def _review(self, game: Game) -> Steps[fair.Review]:
        return fair.review_steps(game, seed=0, budget=self.board.search_budget)

    def ask_review(self) -> None:
        """The Review button: the review made for this moment already, or "Reviewing the game…"
        and the review in the worker thread."""
        game = self.board.game
        self.review_open = True
        if not (self._still(self.review_at) and self.review is not None and self.review["kind"] != "error"):
            moment = self.review_at = Moment.of(game)
            self.review = {"kind": "pending"}
            copy = game.copy()
            self.worker.submit("review", lambda: self._review_found(copy, moment))
        self.board._publish()

    def _review_found(self, game: Game, moment: Moment) -> Steps[None]:
        """In the worker thread: the review, a move a step, then shown, unless the board moved on
        (then it stops at its next step)."""
        try:
            found: Found = {
                "kind": "known",
                "review": (yield from watched(self._review(game), self._asked("review_at", moment))),
            }
        except Stale:
            log.debug("a review of a position no longer on the board was stopped")
            return
        except Exception as error:  # never lose an error: the panel says it
            log.exception("the review failed")
            found = {"kind": "error", "error": reason(error)}
        with self.board._lock:
            if not self._wanted(self.review_at, moment):
                log.debug("a review of a position no longer on the board was dropped")
                return
            self.review = found
            self.board._publish()

    def close_review(self) -> None:
        """The panel closes; a review made (or on its way) is kept for this moment."""
        self.review_open = False
        self.board._publish()

    def read_review(self) -> fair.Review:
        """``w.review()``: the review of the game on the board, made here, and shown."""
        board = self.board
        with board._lock:
            shown = self.review if self._still(self.review_at) else None
            if shown is not None and shown["kind"] == "known":
                return shown["review"]
            moment, game = Moment.of(board.game), board.game.copy()
        review = drive(self._review(game))
        with board._lock:
            if self._still(moment):
                self.worker.cancel("review")
                self.review_at, self.review, self.review_open = moment, {"kind": "known", "review": review}, True
                board._publish()
        return review

    def shown_review(self, say: Callable[[Any], str]) -> dict | None:
        """The review panel of the snapshot; None while closed (and once the board moves on)."""
        shown = self.review_open and self.review is not None and self._still(self.review_at)
        return review_view(self.review, say) if shown and self.review else None

    # -- winnable deals ---------------------------------------------------------------------------

    def winnable_code(self, rules: Rules | str) -> Steps[str]:
        """A random deal's code the solver proves winnable, step-wise: a deal tried a step
        (``SearchExhausted`` when none is found within the board's ``deal_budget``)."""
        return solver.random_winnable_steps(rules, budget=self.board.deal_budget)

    def find_deal(self, rules: Rules, request: Any, then: Callable[[str | None, Any, list], None]) -> None:
        """Look for a winnable deal in the worker thread, then call ``then(code, None, requests)``,
        or ``then(None, why, requests)`` when none was found, under the board's lock (unless it has
        closed). ``requests`` are the dialog requests this search answers: ``request`` and any
        asked before it whose search a later one replaced while it waited (each gets a reply)."""
        self.deal_requests.append(request)

        def job() -> Steps[None]:
            with self.board._lock:  # the requests waiting so far are this search's to answer
                requests, self.deal_requests = self.deal_requests, []
            found, why = None, None
            try:
                found = yield from self.winnable_code(rules)
            except GeneratorExit:  # replaced by a newer search while it ran: that one answers these too
                with self.board._lock:
                    self.deal_requests[:0] = requests
                raise
            except solver.SearchExhausted:
                why = NO_WINNABLE_DEAL
            except Exception as error:  # never lose an error: the dialog says it
                log.exception("looking for a winnable deal failed")
                why = failure(error)
            with self.board._lock:
                if not self.board._closed:
                    then(found, why, requests)

        self.worker.submit("deal", job)
