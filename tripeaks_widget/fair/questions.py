"""The questions a player asks fair play: the chance of a position, the chance of each action and the
action with the best, each by its method; and their step-wise forms, which the board's searches run."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..engine.errors import checked_keywords
from ..engine.seen import Seen, check_seed
from ..engine.steps import Steps, drive
from ..solver import SearchExhausted
from . import calibration
from .arguments import SOLVER_SAMPLES, TOLD, Clock, Position, check_budget, check_kind, samples_for, seen_of
from .ceilings import SAMPLES as RELAXED_SAMPLES
from .ceilings import ceiling_chance as relaxed_ceiling_chance
from .chance import Chance, wilson
from .clairvoyant import ceiling_chance, chances_from, sample_steps
from .estimates import Played, playout_steps
from .exact import exact_chances

T = TypeVar("T")


@checked_keywords
def win_chance(
    position: Position, *, kind: str = "fair", samples: int | None = None, seed: int = 0, budget: float | None = None
) -> Chance:
    """The chance of winning from this position (1.0 won, 0.0 blocked).

    ``kind="fair"``: the chance of a player who follows the fair hint, exact where few cards are
    unseen, else estimated (see the notes of :mod:`tripeaks_widget.fair`); the chance of the best action of
    ``move_chances``. ``kind="ceiling"``: each sampled arrangement judged exactly by the solver,
    as if the player learnt the hidden cards now: an upper bound no player reaches.
    ``kind="ceiling-stock"`` / ``"ceiling-peaks"``: tighter upper bounds, only the stock's order or
    only the face-down peak cards told (``relaxed_ceiling_chance``)."""
    return drive(win_chance_steps(position, kind=kind, samples=samples, seed=seed, budget=budget))


def win_chance_steps(
    position: Position, *, kind: str = "fair", samples: int | None = None, seed: int = 0, budget: float | None = None
) -> Steps[Chance]:
    """``win_chance`` step by step (see the notes of :mod:`tripeaks_widget.fair`); its arguments are checked at once."""
    seen = seen_of(position)
    kind = check_kind(kind)
    if kind == "ceiling":
        count = SOLVER_SAMPLES if samples is None else samples
        return _at_once(lambda: ceiling_chance(seen, samples=count, seed=seed, budget=budget))
    if kind in TOLD:
        count = RELAXED_SAMPLES if samples is None else samples
        return _at_once(lambda: relaxed_ceiling_chance(seen, TOLD[kind], samples=count, seed=seed, budget=budget))
    samples, seed, budget = samples_for("fair", samples), check_seed(seed), check_budget(budget)
    if seen.status != "playing":
        return _at_once(lambda: Chance.exactly(float(seen.status == "won")))
    return _best_of(fair_chances_steps(seen, samples, seed, Clock(budget)))


def _at_once(compute: Callable[[], T]) -> Steps[T]:
    """A computation in one piece, as a step-wise one (no step between)."""
    return compute()
    yield  # a generator


def _best_of(steps: Steps[dict[str, Chance]]) -> Steps[Chance]:
    return best_chance((yield from steps))


def searched_chances(seen: Seen, iterations: int, seed: int, clock: Clock) -> dict[str, Chance]:
    """``method="search"``: every legal action's chance, exact where it can be, else by the tree
    search (``tripeaks_widget.fair.tree``): its visits and mean value."""
    if not seen.legal_moves:
        return {}
    found = exact_chances(seen)
    if found is not None:
        return found
    from .tree import search

    searched = search(seen, iterations=iterations, seed=seed, deadline=clock.deadline)
    if len(searched.actions) < len(seen.legal_moves):
        raise SearchExhausted(f"no search of every action within the budget of {clock.budget} s")
    chances: dict[str, Chance] = {}
    for action, (visits, value) in searched.actions.items():
        low, high = wilson(value * visits, visits)
        chances[action] = Chance(value, low, high, visits, round(value * visits))
    return chances


def fair_chances(seen: Seen, samples: int, seed: int, clock: Clock) -> dict[str, Chance]:
    """``method="fair"``: every legal action's chance, exact where it can be, else played out."""
    return drive(fair_chances_steps(seen, samples, seed, clock))


def fair_chances_steps(seen: Seen, samples: int, seed: int, clock: Clock) -> Steps[dict[str, Chance]]:
    """``fair_chances`` step by step: the exact search in one step, then one a ``PLAYOUT_STEP`` playouts."""
    if not seen.legal_moves:
        return {}
    found = exact_chances(seen)
    if found is not None:
        return found
    yield
    estimated = (yield from playout_steps(seen, samples, seed, clock)).chances()
    curve = calibration.curve_for(seen.rules, seen.layout)
    if curve is None or not seen.unseen_places():
        return estimated
    mapped = {}  # through the layout's and rule set's curve (increasing: the order of the actions stays)
    for action, c in estimated.items():
        value, low, high = (calibration.apply(curve, x) for x in (c.value, c.low, c.high))
        mapped[action] = Chance(value, low, high, c.samples, c.wins, c.exact, seen.layout.name)
    return mapped


@checked_keywords
def move_chances(
    position: Position,
    *,
    method: str = "fair",
    samples: int | None = None,
    seed: int = 0,
    budget: float | None = None,
) -> dict[str, Chance]:
    """Every legal action's chance of winning, judged by ``method`` (see the notes of :mod:`tripeaks_widget.fair`; the
    sampled methods judge every action on the same arrangements), in the order of
    ``legal_moves`` (cards in slot order, then ``"draw"``); {} when the game is over."""
    return drive(move_chances_steps(position, method=method, samples=samples, seed=seed, budget=budget))


def move_chances_steps(
    position: Position, *, method: str = "fair", samples: int | None = None, seed: int = 0, budget: float | None = None
) -> Steps[dict[str, Chance]]:
    """``move_chances`` step by step (a step a few sampled arrangements); its arguments are checked at once."""
    seen = seen_of(position)
    samples, seed, budget = samples_for(method, samples), check_seed(seed), check_budget(budget)
    if method == "fair":
        return fair_chances_steps(seen, samples, seed, Clock(budget))
    if method == "search":
        return _at_once(lambda: searched_chances(seen, samples, seed, Clock(budget)))
    if method == "playout":
        return _raw_chances(playout_steps(seen, samples, seed, Clock(budget)))
    return _chances_of(sample_steps(seen, samples, seed, budget))


def _chances_of(steps: Steps[tuple[list[dict[str, bool]], bool]]) -> Steps[dict[str, Chance]]:
    return chances_from(*(yield from steps))


def _raw_chances(steps: Steps[Played]) -> Steps[dict[str, Chance]]:
    return (yield from steps).chances()


def best_action(chances: dict[str, Chance]) -> str | None:
    """The action with the highest chance; on a tie the first in ``legal_moves`` order (a play before a draw)."""
    return max(chances, key=lambda a: chances[a].value, default=None)


def best_chance(chances: dict[str, Chance]) -> Chance:
    """The best action's chance: the chance of a position in play (the one a player following the hint reaches)."""
    best = best_action(chances)
    assert best is not None  # a position in play has a legal action
    return chances[best]


@checked_keywords
def fair_hint(
    position: Position,
    *,
    method: str = "fair",
    samples: int | None = None,
    seed: int = 0,
    budget: float | None = None,
) -> str | None:
    """The action (a card in notation, or ``"draw"``) with the best chance of winning, found
    without looking at a hidden card; None when the game is over."""
    return drive(fair_hint_steps(position, method=method, samples=samples, seed=seed, budget=budget))


def fair_hint_steps(
    position: Position, *, method: str = "fair", samples: int | None = None, seed: int = 0, budget: float | None = None
) -> Steps[str | None]:
    """``fair_hint`` step by step (a step a few sampled arrangements); its arguments are checked at once."""
    seen = seen_of(position)
    if len(seen.legal_moves) == 1:  # nothing to choose: no need to sample
        samples_for(method, samples), check_seed(seed), check_budget(budget)
        only = seen.legal_moves[0]
        return _at_once(lambda: only)
    return _best_action_of(move_chances_steps(seen, method=method, samples=samples, seed=seed, budget=budget))


def _best_action_of(steps: Steps[dict[str, Chance]]) -> Steps[str | None]:
    return best_action((yield from steps))
