"""The review after a game, as its panel shows it: each move judged by its chance of winning.

Each move with its chance before and after, the best one, the mistakes the board can show, and the
move after which the game was lost."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from .. import fair
from ..engine.messages import Message
from .background import Worker
from .chance import WIN_CHANCE_SAMPLES
from .snapshot import ReviewPanel, ReviewRow
from .watch import FAILED, Found, Host, Say, Watch, reason

REVIEW_PENDING = Message("Reviewing the game…")


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
    return cast(ReviewPanel, view)  # its types are checked against the contract in tests/board/test_snapshot.py


def review_watch(
    board: Host, worker: Worker, earlier: Callable[[], fair.Review | None], made: Callable[[fair.Review], Found]
) -> Watch[ReviewPanel]:
    """The review as ``board`` keeps it: made on a private copy of its game when asked for (it
    follows no move), judged move by move as the win chance is (:data:`WIN_CHANCE_SAMPLES`: bounded
    by that work, not by seconds), going on from ``earlier()``, the last review of this game;
    ``made(review)`` keeps a review made."""
    return Watch(
        board,
        worker,
        "review",
        take=lambda game: game.copy(),
        compute=lambda game: fair.review_steps(game, samples=WIN_CHANCE_SAMPLES, seed=0, earlier=earlier()),
        found=made,
        failed=lambda error: {"kind": "error", "error": reason(error)},
        view=review_view,
        follows=False,
    )
