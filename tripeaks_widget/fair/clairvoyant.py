"""``method="solver"``: each sampled arrangement judged exactly by the solver, every card known
(a ceiling no player reaches; see the notes of :mod:`tripeaks_widget.fair`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from .. import solver
from ..engine.errors import checked_keywords
from ..engine.game import Game
from ..engine.seen import Seen, check_samples, check_seed
from ..engine.steps import Steps, drive
from ..solver import SearchExhausted
from .arguments import SOLVER_SAMPLES, Clock, Position, check_budget, seen_of
from .chance import Chance


def judge_actions(sample: Game, budget: float | None = None) -> dict[str, bool]:
    """Which legal first actions still win this (fully known) arrangement: the solver answers
    them all in one pass (:func:`tripeaks_widget.solver.winning_actions`)."""
    return solver.winning_actions(sample, budget=budget)


def _arrangements(seen: Seen, samples: int, seed: int) -> tuple[Iterable[Game], bool]:
    """The sampled games, and whether they are the one arrangement there is (nothing unseen)."""
    if not seen.unseen_places():
        return [seen.game_from(next(seen.arrangements(seed)))], True
    return (seen.game_from(deck) for deck in itertools.islice(seen.arrangements(seed), samples)), False


@checked_keywords
def ceiling_chance(
    position: Position, *, samples: int = SOLVER_SAMPLES, seed: int = 0, budget: float | None = None
) -> Chance:
    """The clairvoyant ceiling: the share of sampled arrangements the solver can win, each judged
    with every card known (see the notes of :mod:`tripeaks_widget.fair`)."""
    seen = seen_of(position)
    samples, seed, budget = check_samples(samples), check_seed(seed), check_budget(budget)
    if seen.status != "playing":
        return Chance.exactly(float(seen.status == "won"))
    clock = Clock(budget)
    games, exact = _arrangements(seen, samples, seed)
    wins = judged = 0
    for game in games:
        try:
            wins += solver.winnable(game, budget=clock.remaining())
        except SearchExhausted:
            break
        judged += 1
        if clock.out():
            break
    if not judged:
        raise SearchExhausted(f"no sampled arrangement judged within the budget of {budget} s")
    return Chance.of(wins, judged, exact)


def sample_verdicts(
    position: Position, *, samples: int = SOLVER_SAMPLES, seed: int = 0, budget: float | None = None
) -> tuple[list[dict[str, bool]], bool]:
    """For each sampled arrangement, which legal actions win it (the solver judges, with every
    card known); and whether the sampling is exact (nothing unseen: one arrangement)."""
    seen = seen_of(position)
    samples, seed, budget = check_samples(samples), check_seed(seed), check_budget(budget)
    return drive(sample_steps(seen, samples, seed, budget))


def sample_steps(
    seen: Seen, samples: int, seed: int, budget: float | None
) -> Steps[tuple[list[dict[str, bool]], bool]]:
    """``sample_verdicts`` step by step, its arguments checked before: a step an arrangement judged."""
    if not seen.legal_moves:
        return [], True
    clock = Clock(budget)
    games, exact = _arrangements(seen, samples, seed)
    verdicts = []
    for game in games:
        yield
        try:
            verdicts.append(judge_actions(game, budget=clock.remaining()))
        except SearchExhausted:
            break
        if clock.out():
            break
    if not verdicts:
        raise SearchExhausted(f"no sampled arrangement judged within the budget of {budget} s")
    return verdicts, exact


def chances_from(verdicts: list[dict[str, bool]], exact: bool) -> dict[str, Chance]:
    """Each action's chance from the solver's verdicts, one dict of action to win a sampled arrangement."""
    actions = verdicts[0] if verdicts else {}
    return {a: Chance.of(sum(v[a] for v in verdicts), len(verdicts), exact) for a in actions}
