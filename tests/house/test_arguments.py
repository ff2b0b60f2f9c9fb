"""Arguments checked where they are given: seeds, time limits, the fair player's options and a
policy's answers. Each mistake gets a clear error at once, never a late failure, a silent
alias or a message as long as the mistake."""

import inspect
import math

import numpy as np
import pytest

from tripeaks_widget import Game, InvalidTypeError, challenges_of_the_day, fair, solver
from tripeaks_widget.board import Board
from tripeaks_widget.fair.strategies import FairPlayer, PolicyError, evaluate, first_fit, play
from tripeaks_widget.fair.strategies import fair as fair_player

OPENING = "TP1-E-AAAAAAB"


def seen():
    return Game(OPENING).replay(["K♣", "A♠"]).seen()


def samples(count, seed):
    return [game.code for game in seen().samples(count, seed)]


def test_numpy_seeds_are_whole_numbers():
    assert samples(3, np.int64(7)) == samples(3, 7)
    assert fair.win_chance(seen(), samples=4, seed=np.uint64(3)) == fair.win_chance(seen(), samples=4, seed=3)


def test_the_largest_seed_is_taken_and_a_larger_one_refused_not_aliased():
    assert samples(2, 2**64 - 1) != samples(2, 0)
    for bad in (2**64, 2**64 + 5, -1, 1.0, "3", True, None):
        with pytest.raises(ValueError, match=r"seed is a whole number from 0 to 2\*\*64 - 1"):
            seen().samples(2, bad)


@pytest.mark.parametrize(
    "options",
    [{"budget": 0}, {"budget": -1}, {"budget": math.nan}, {"budget": math.inf}, {"seed": -1}, {"seed": 2**64}],
)
def test_the_fair_player_refuses_bad_options_when_it_is_made(options):
    with pytest.raises(ValueError, match=r"(budget|seed) is a"):
        fair_player(**options)


def test_the_fair_player_takes_numpy_options_and_plays():
    player = fair_player(samples=8, seed=np.int64(2), budget=np.float64(5.0))
    assert player.seed == 2 and type(player.seed) is int
    assert play(player, 1).error is None


@pytest.mark.parametrize("budget", [math.nan, math.inf, -0.5, "1", True])
def test_the_solver_refuses_a_time_limit_that_is_not_one(budget):
    game = Game(OPENING)
    for search in (
        lambda: solver.solve(game, budget=budget),
        lambda: solver.winnable(game, budget=budget),
        lambda: solver.winning_actions(game, budget=budget),
        lambda: solver.verdict_history(game, budget=budget),
        lambda: solver.random_winnable_code("easy", budget=budget),
        lambda: game.solve(budget=budget),
    ):
        with pytest.raises(ValueError, match=r"budget is a time in seconds, at least 0"):
            search()


def test_the_solver_takes_numpy_and_zero_time_limits():
    game = Game(OPENING)
    assert solver.winnable(game, budget=np.float64(30)) is True
    assert solver.solve(game, budget=0).complete is False  # no time: it says it ran out


def test_a_huge_policy_answer_makes_a_short_error():
    answer = "x" * 5_000_000
    played = play(lambda _seen: answer, 1)
    assert played.error is not None and len(played.error) < 1_000
    assert "the policy returned 'xxxx" in played.error


def test_a_huge_policy_error_makes_a_short_error():
    def policy(_seen):
        raise RuntimeError("y" * 5_000_000)

    played = play(policy, 1)
    assert played.error is not None and len(played.error) < 1_000 and "5,000,000 characters" in played.error


def test_a_policy_answer_that_is_not_text_is_named():
    played = play(lambda _seen: 42, 1)
    assert "the policy returned 42, not an action" in played.error
    assert issubclass(PolicyError, ValueError)


MISTYPED = [
    ("solve", lambda: Game(OPENING).solve(budjet=1), "budget"),
    ("win_chance", lambda: Game(OPENING).win_chance(sample=3), "samples"),
    ("fair_hint", lambda: Game(OPENING).fair_hint(metod="playout"), "method"),
    ("review", lambda: fair.review(Game(OPENING), sample=3), "samples"),
    ("winnable", lambda: solver.winnable(Game(OPENING), budjet=1), "budget"),
    ("longest_run", lambda: solver.longest_run(Game(OPENING), at_lest=3), "at_least"),
    ("of_the_day", lambda: Game.of_the_day(layuot="pyramid"), "layout"),
    ("challenges_of_the_day", lambda: challenges_of_the_day(rule="easy"), "rules"),
    ("fair", lambda: fair_player(sample=3), "samples"),
    ("play", lambda: play(fair_player(), 1, rule="easy"), "rules"),
    ("evaluate", lambda: evaluate(first_fit, game=[1], progress=False), "games"),
    ("animation", lambda: Game(OPENING).animation(pac=0), "pace"),
    ("hint", lambda: Board(OPENING, records=False).hint(budjet=1), "budget"),
    ("fair_hint", lambda: Board(OPENING, records=False).fair_hint(sample=3), "samples"),
    ("replay", lambda: Board(OPENING, records=False).replay("K♣", pac=0), "pace"),
]


@pytest.mark.parametrize(("name", "call", "meant"), MISTYPED, ids=[f"{row[0]}-{i}" for i, row in enumerate(MISTYPED)])
def test_a_mistyped_keyword_names_the_one_meant(name, call, meant):
    with pytest.raises(InvalidTypeError, match=rf"^{name}\(\) takes no keyword \w+=; did you mean {meant}=\?$"):
        call()


def test_the_fair_players_signature_says_it_makes_a_policy():
    made = inspect.signature(fair_player)
    assert made.return_annotation == "FairPlayer"
    assert list(made.parameters) == ["samples", "seed", "budget", "method"]
    assert isinstance(fair_player(samples=3), FairPlayer)
