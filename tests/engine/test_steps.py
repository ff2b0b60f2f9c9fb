"""Step-wise searches (``tripeaks_widget.engine.steps``): a step between their units of work, and the
same answers as the plain functions, which drive the same steps straight through."""

from __future__ import annotations

import random

import pytest

from tripeaks_widget import Game, fair, solver
from tripeaks_widget.engine.steps import Stale, drive, watched

OPENING = "TP1-E-AAAAAAB"


def count_steps(steps):
    """(the steps taken, the answer)."""
    taken = 0
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return taken, stop.value
        taken += 1


def played(moves: int) -> Game:
    game = Game(OPENING)
    for _ in range(moves):
        game.apply(game.playable()[0] if game.playable() else "draw")
    return game


def test_the_review_takes_a_step_a_move_and_a_step_a_few_arrangements():
    game = played(6)
    samples = 2 * fair.PLAYOUT_STEP + 1  # three steps of playouts a move
    taken, review = count_steps(fair.review_steps(game, seed=0, samples=samples))
    assert review == fair.review(game, seed=0, samples=samples)
    assert len(review.moves) == 6
    assert taken >= 6 * 3


def test_the_win_chance_and_the_fair_hint_play_out_a_few_arrangements_a_step():
    seen = Game(OPENING).seen()
    samples = 2 * fair.PLAYOUT_STEP + 1
    # A step plays out PLAYOUT_STEP arrangements (the last one what is left), after the one in which
    # the exact search declined: a step each would hold the GIL for a step's bookkeeping as long as
    # the compiled playouts let it go.
    taken, chance = count_steps(fair.win_chance_steps(seen, samples=samples, seed=3))
    assert chance == fair.win_chance(seen, samples=samples, seed=3) and chance.samples == samples
    assert taken == 1 + 3
    taken, hint = count_steps(fair.fair_hint_steps(seen, samples=samples, seed=3))
    assert hint == fair.fair_hint(seen, samples=samples, seed=3) and taken == 1 + 3
    verdicts, _ = fair.playout_verdicts(seen, samples=samples, seed=3)  # each arrangement's own verdict still
    assert len(verdicts) == samples


def test_a_step_wise_search_checks_its_arguments_when_made():
    with pytest.raises(ValueError, match="budget"):
        fair.review_steps(Game(OPENING), budget=0)
    with pytest.raises(ValueError, match="kind"):
        fair.win_chance_steps(Game(OPENING).seen(), kind="best")
    with pytest.raises(ValueError, match="method"):
        fair.fair_hint_steps(Game(OPENING).seen(), method="guess")


def test_a_winnable_deal_takes_a_step_a_deal_tried_and_finds_the_same_one(monkeypatch):
    tried = []
    real = solver.winnable

    def counted(game, **options):
        tried.append(game.code)
        return real(game, **options)

    monkeypatch.setattr(solver, "winnable", counted)
    for seed in range(3):
        tried.clear()
        taken, code = count_steps(solver.random_winnable_steps("classic", random.Random(seed)))
        assert taken == len(tried) and code == tried[-1]  # a step before each deal tried
        assert code == solver.random_winnable_code("classic", random.Random(seed))


def test_the_exact_history_takes_a_step_between_two_verdicts(monkeypatch):
    game = Game(OPENING)
    for _ in range(23):
        game.apply("draw")
    calls = []
    real = solver.winnable
    monkeypatch.setattr(solver, "winnable", lambda position, **options: calls.append(1) or real(position, **options))
    taken, index = count_steps(solver.verdict_history_steps(game))
    monkeypatch.undo()
    assert index is not None and 0 <= index < 23 and Game(OPENING).replay(game.history[:index]).winnable()
    assert not Game(OPENING).replay(game.history[: index + 1]).winnable()
    assert taken == len(calls) - 1 >= 2  # the binary search over the line: a step between two verdicts


def test_a_watched_search_stops_at_its_next_step_once_unwanted():
    closed = []

    def steps():
        try:
            for _ in range(100):
                yield
        finally:
            closed.append(True)
        return "done"

    wanted = iter([True, True, False])
    with pytest.raises(Stale):
        drive(watched(steps(), lambda: next(wanted)))
    assert closed == [True]
    assert drive(watched(steps(), lambda: True)) == "done"
