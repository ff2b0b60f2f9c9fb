"""A game reviewed move by move, each move's chance and the best action's judged from what its player
saw before it, with the exact verdict; printed as the board's panel shows it, or plotted."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .. import i18n, solver
from ..engine.errors import InvalidValueError, checked_keywords
from ..engine.game import Game
from ..engine.history import move_number, standing_actions
from ..engine.messages import Message
from ..engine.seen import Seen, Sight, check_seed
from ..engine.steps import Steps, drive
from ..solver import SearchExhausted
from .arguments import JUDGED_BY, check_budget, samples_for
from .chance import Chance, whole_percent
from .clairvoyant import ceiling_chance, chances_from, sample_steps
from .questions import best_action, best_chance, move_chances_steps

if TYPE_CHECKING:
    from matplotlib.axes import Axes

MISTAKE = 0.10  # a move that loses at least ten points of chance against the best one is a mistake
NOT_JUDGED = "—"  # a chance not judged within the budget, as a review prints it
NOT_JUDGED_IN_TIME = Message("—: {n} of {total} moves not judged within the time limit")
JudgedWith = tuple[int, int, float | None]  # (samples, seed, budget): how each move of a review was judged


@dataclass(frozen=True)
class ReviewedMove:
    """One move of a review: its number among the moves that stand, the action, the chance
    before it and after it, the best action there and its chance, and whether it was a mistake.
    A move whose position had no arrangement judged within the budget is kept with no chances:
    ``before``, ``after``, ``best`` and ``best_chance`` are None (``judged`` is False)."""

    move: int
    action: str
    before: Chance | None
    after: Chance | None
    best: str | None
    best_chance: Chance | None

    @property
    def judged(self) -> bool:
        """Whether the move was judged within the budget (it has chances)."""
        return self.before is not None

    @property
    def loss(self) -> float:
        """Chance given away against the best action (0 when the move was the best, or not judged)."""
        if self.best_chance is None or self.after is None:
            return 0.0
        return max(0.0, self.best_chance.value - self.after.value)

    @property
    def mistake(self) -> bool:
        """Whether the move gave away at least ``MISTAKE`` of chance against the best."""
        return self.loss >= MISTAKE - 1e-9  # counted in whole samples: 0.7 - 0.6 is a loss of 0.1


@dataclass(frozen=True)
class Review:
    """A move-by-move account of a game (``review(game)``), as a chess engine reviews one.

    ``moves`` are the actions that stand after the undos, each judged from what the player
    could see just before it, by ``method``. ``final`` is the chance after the last move (None
    when not judged within the budget). ``lost_after`` is the exact verdict, which peeks: the
    move after which the game could no longer be won (0: the deal itself could not be won),
    None while it can still be won. ``history`` and ``judged_with`` say what was reviewed and how,
    so that a later review of the same game, gone on since, keeps the moves judged here."""

    code: str
    moves: tuple[ReviewedMove, ...]
    final: Chance | None
    lost_after: int | None
    method: str = "fair"
    history: tuple[str, ...] = ()  # the game's actions reviewed, undos included
    judged_with: JudgedWith | tuple[()] = ()  # (samples, seed, budget): how each move was judged, with ``method``
    lang: str = field(default=i18n.SOURCE_LANGUAGE, compare=False, repr=False)  # the language it prints in

    def said_in(self, lang: str | None) -> Review:
        """This review, printed in ``lang``."""
        said = i18n.check_language(lang)
        return self if said == self.lang else replace(self, lang=said)

    @property
    def mistakes(self) -> list[ReviewedMove]:
        """The moves that gave away at least ``MISTAKE`` of chance against the best."""
        return [m for m in self.moves if m.mistake]

    @property
    def unjudged(self) -> list[ReviewedMove]:
        """The moves whose position had no arrangement judged within the budget."""
        return [m for m in self.moves if not m.judged]

    def __str__(self) -> str:
        """The review as the board's panel shows it, in ``lang``: a row a move (the chance before and
        after it, the best move where it was not the one played, mistakes marked), how many
        mistakes and the exact verdict, and what counts as a mistake."""
        said = i18n.labels(self.lang)

        def percent(chance: Chance | None) -> str:
            return NOT_JUDGED if chance is None else said["percent"].format(n=whole_percent(chance.value))

        def action(name: str | None) -> str:
            return NOT_JUDGED if name is None else said["review_draw"] if name == "draw" else name

        rows = []
        for m in self.moves:
            played = action(m.action) + (f" ({said['review_mistake']})" if m.mistake else "")
            chances = f"{percent(m.before)} → {percent(m.after)}" if m.judged else NOT_JUDGED
            # The move played was the best (no action had a better chance): a tick, not its chance again.
            best = "✓" if m.loss == 0 else f"{action(m.best)} ({percent(m.best_chance)})"
            rows.append((str(m.move), played, chances, best if m.judged else NOT_JUDGED))
        heads = (
            said["review_move"],
            said["review_action"],
            said["review_chance"].format(arrow="→"),
            said["review_best"],
        )
        widths = [max(len(row[column]) for row in [heads, *rows]) for column in range(3)]
        lines = [
            "  ".join([row[0].rjust(widths[0]), row[1].ljust(widths[1]), row[2].ljust(widths[2]), row[3]]).rstrip()
            for row in [heads, *rows]
        ]
        lost = (
            said["review_not_lost"]
            if self.lost_after is None
            else said["review_never"]
            if self.lost_after == 0
            else said["review_lost"].format(n=self.lost_after)
        )
        lines.append(f"{said['review_mistakes'].format(n=len(self.mistakes))} · {lost}")
        lines.append(said["review_mistake_rule"].format(n=whole_percent(MISTAKE)))
        if self.method != "fair":
            lines.append(f"({JUDGED_BY[self.method]})")
        if self.unjudged:
            lines.append(
                i18n.translate(Message(NOT_JUDGED_IN_TIME, n=len(self.unjudged), total=len(self.moves)), self.lang)
            )
        return "\n".join(lines)

    def plot(self, ax: Axes | None = None) -> Axes:
        """The chance over the moves with its 95% band, mistakes marked, and the move after
        which the exact verdict turned to lost; returns the matplotlib Axes."""
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots(figsize=(8, 3.5), layout="constrained")
        chances = [m.before for m in self.moves] + [self.final]
        x = range(len(chances))  # x = moves made: 0 before the first move, k after move k

        def values(name: str) -> list[float]:  # a gap where a chance was not judged
            return [math.nan if c is None else getattr(c, name) for c in chances]

        ax.plot(x, values("value"), marker=".", label=f"chance of winning ({JUDGED_BY[self.method]})")
        ax.fill_between(x, values("low"), values("high"), alpha=0.2, label="95% interval")
        marked = [(m.move, m.after.value) for m in self.mistakes if m.after is not None]  # mistakes are judged
        if marked:
            ax.scatter(
                [move for move, _ in marked],
                [after for _, after in marked],
                color="red",
                marker="x",
                s=60,
                zorder=3,
                label=f"mistake (gave away ≥ {MISTAKE:.0%})",
            )
        if self.lost_after is not None:
            ax.axvline(
                self.lost_after, color="grey", linestyle="--", label=f"exact verdict: lost after move {self.lost_after}"
            )
        ax.set(xlabel="moves made", ylabel="chance of winning", ylim=(-0.02, 1.02), title=f"Review of {self.code}")
        ax.legend(fontsize="small")
        return ax


@checked_keywords
def review(
    game: Game,
    *,
    method: str = "fair",
    samples: int | None = None,
    seed: int = 0,
    budget: float | None = None,
    earlier: Review | None = None,
) -> Review:
    """Review a played game move by move, each chance judged by ``method`` (see the module's
    notes): the chance before a move is the chance of the position (the best action's), the chance
    after it the played action's. ``budget`` is seconds per move. A move (or the final chance)
    with no arrangement judged within its budget is kept without chances (``Review.unjudged``)
    rather than losing the rest of the review.

    ``earlier``: a review of this game made before it went on. Where it was judged alike (the
    same method, samples, seed and budget) and what it reviewed is where this game's history
    starts, its judged moves that still stand are kept as they are, and only the moves after them
    are judged (each move is judged from its own position, so the rows are the ones a review from
    scratch makes). Any other review is not used."""
    return drive(review_steps(game, method=method, samples=samples, seed=seed, budget=budget, earlier=earlier))


def review_steps(
    game: Game,
    *,
    method: str = "fair",
    samples: int | None = None,
    seed: int = 0,
    budget: float | None = None,
    earlier: Review | None = None,
) -> Steps[Review]:
    """``review`` step by step: a step between two moves, and within a move a step a few sampled
    arrangements (see the notes of :mod:`tripeaks_widget.fair`); its arguments are checked at once."""
    samples = samples_for(method, samples)
    seed, budget = check_seed(seed), check_budget(budget)
    if earlier is not None and not isinstance(earlier, Review):
        raise InvalidValueError(f"earlier is a Review of this game made before (or None); got {earlier!r}")
    game.consulted.add("fair")  # a game reviewed from Python is an assisted one from here on
    kept = _kept_rows(earlier, game, method, (samples, seed, budget))
    return _review_steps(game, method, samples, seed, budget, kept)


def _kept_rows(earlier: Review | None, game: Game, method: str, judged_with: JudgedWith) -> dict[int, ReviewedMove]:
    """The judged moves of ``earlier`` a review of ``game`` keeps, by their index in its history:
    none unless it reviewed the start of this game's history, judged alike."""
    if earlier is None or (earlier.code, earlier.method, earlier.judged_with) != (game.code, method, judged_with):
        return {}
    reviewed = earlier.history
    if tuple(game.history[: len(reviewed)]) != reviewed:
        return {}
    indexes = [index for index, _ in standing_actions(reviewed)]
    return {index: m for index, m in zip(indexes, earlier.moves, strict=True) if m.judged}


def _review_steps(
    game: Game, method: str, samples: int, seed: int, budget: float | None, kept: dict[int, ReviewedMove]
) -> Steps[Review]:
    history = game.history
    sight = Sight.at_deal(game)  # the game replayed once, move by move
    moves = []
    for number, (index, action) in enumerate(standing_actions(history), 1):
        if index in kept:  # judged from the same position before: the same row
            moves.append(kept[index])
            continue
        yield
        sight.catch_up(history[:index])
        try:
            chances, before = yield from _judged(sight.seen(), method, samples, seed, budget)
        except SearchExhausted:  # kept, unjudged: the moves around it still count
            moves.append(ReviewedMove(number, action, None, None, None, None))
            continue
        best = best_action(chances)
        assert best is not None  # an action stood here, so there was a legal one
        moves.append(ReviewedMove(number, action, before, chances[action], best, chances[best]))
    sight.catch_up(history)
    try:
        final: Chance | None = yield from _chance_now(sight.seen(), method, samples, seed, budget)
    except SearchExhausted:
        final = None
    yield
    lost = yield from solver.verdict_history_steps(game)
    lost_after = None if lost is None else 0 if lost == solver.NEVER_WINNABLE else move_number(history, lost)
    return Review(game.code, tuple(moves), final, lost_after, method, tuple(history), (samples, seed, budget))


def _judged(
    seen: Seen, method: str, samples: int, seed: int, budget: float | None
) -> Steps[tuple[dict[str, Chance], Chance]]:
    """Every action's chance and the position's: the best action's (the one the player can reach),
    or with the solver the share of arrangements some action wins."""
    if method != "solver":
        chances = yield from move_chances_steps(seen, method=method, samples=samples, seed=seed, budget=budget)
        return chances, best_chance(chances)
    verdicts, exact = yield from sample_steps(seen, samples, seed, budget)
    return chances_from(verdicts, exact), Chance.of(sum(any(v.values()) for v in verdicts), len(verdicts), exact)


def _chance_now(seen: Seen, method: str, samples: int, seed: int, budget: float | None) -> Steps[Chance]:
    if method == "solver":
        return ceiling_chance(seen, samples=samples, seed=seed, budget=budget)
    if seen.status != "playing":  # over: certain, nothing to judge
        return Chance.exactly(float(seen.status == "won"))
    chances = yield from move_chances_steps(seen, method=method, samples=samples, seed=seed, budget=budget)
    return best_chance(chances)
