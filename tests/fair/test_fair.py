"""Fair play (tripeaks_widget.fair): chances from what a player can see, the same for games that look the same."""

import itertools
import math

import pytest
from helpers.hidden_cards import with_hidden_cards_permuted

from tripeaks_widget import LAYOUTS, Game, solver
from tripeaks_widget.fair import Chance, sample_verdicts, wilson
from tripeaks_widget.fair.strategies import lookahead
from tripeaks_widget.solver import SearchExhausted
from tripeaks_widget.solver import winnable as exact_winnable


def midgame() -> Game:
    """Classic game 10 after three plays: three actions whose chances differ."""
    game = Game.from_number(10, rules="classic")
    return game.replay(["10♦", "9♦", "8♠"])


def test_games_that_look_the_same_get_the_same_fair_answers():
    game = midgame()
    other = with_hidden_cards_permuted(game)
    assert other.deck != game.deck
    options = {"samples": 30, "seed": 4}
    chances = game.move_chances(**options)
    assert chances == other.move_chances(**options)
    assert len({c.value for c in chances.values()}) > 1  # the actions really differ here
    assert game.fair_hint(**options) == other.fair_hint(**options) == max(chances, key=lambda a: chances[a].value)
    assert game.win_chance(**options) == other.win_chance(**options)
    # the exact solver, which peeks, tells these two games apart
    assert (exact_winnable(game), exact_winnable(other)) == (False, True)


def test_the_chance_of_a_position_counts_the_samples_some_action_wins():
    game = midgame()
    chance = game.win_chance(kind="ceiling", samples=30, seed=2)
    verdicts, exact = sample_verdicts(game, samples=30, seed=2)
    assert not exact and len(verdicts) == chance.samples == 30
    assert chance.wins == sum(any(v.values()) for v in verdicts)
    moves = game.move_chances(samples=30, seed=2)
    assert all(c.wins <= chance.wins for c in moves.values())  # the same samples for every action
    assert chance.low <= chance.value <= chance.high


def test_a_won_position_is_certain_and_a_blocked_one_hopeless():
    won = Game("TP1-E-AAAAAAB")
    won.replay(won.solve().line)
    assert won.status == "won"
    assert won.win_chance() == Chance(1.0, 1.0, 1.0, samples=0, wins=0, exact=True)
    assert won.move_chances() == {} and won.fair_hint() is None
    blocked = Game.from_number(3, rules="classic")
    while blocked.status == "playing":
        blocked.apply(blocked.legal_moves()[0])
    assert blocked.status == "blocked"
    assert blocked.win_chance().value == 0.0 and blocked.win_chance().exact


def test_with_nothing_unseen_the_chance_is_the_exact_verdict():
    game = Game.from_number(6, rules="classic+open-peaks").replay(["draw"] * 23)
    assert game.seen().unseen_places() == ()
    chance = game.win_chance(samples=50)
    assert chance.exact and chance.samples == 0  # solved outright, not sampled
    assert chance.value == float(exact_winnable(game))
    ceiling = game.win_chance(kind="ceiling", samples=50)
    assert ceiling.exact and ceiling.samples == 1 and ceiling.value == chance.value  # the one arrangement


OTHER_LAYOUTS = [name for name in LAYOUTS if name != "Three Peaks"]


@pytest.mark.parametrize("layout", OTHER_LAYOUTS)
def test_on_other_layouts_every_action_gets_a_chance_and_the_hint_the_best(layout):
    game = Game.from_number(4, rules="classic", layout=layout)
    options = {"samples": 100, "seed": 1}
    chances = game.move_chances(**options)
    assert list(chances) == game.legal_moves()
    assert all(0 <= c.low <= c.value <= c.high <= 1 and c.samples == 100 and not c.exact for c in chances.values())
    assert game.fair_hint(**options) == max(chances, key=lambda a: chances[a].value)
    assert game.win_chance(**options) == max(chances.values(), key=lambda c: c.value)


@pytest.mark.parametrize("layout", OTHER_LAYOUTS)
def test_on_other_layouts_a_deal_won_with_nothing_hidden_is_certain(layout):
    """Open peaks, and the whole stock drawn and put back: nothing is hidden, so the chance is the
    exact verdict; lookahead wins this deal, so it is won with best play: 1."""
    deals = (Game.from_number(number, rules="easy+open-peaks", layout=layout) for number in itertools.count(1))
    game = next(deal for deal in deals if wins_by_lookahead(deal.copy()))
    game.replay(["draw"] * game.stock_count + ["undo"] * game.stock_count)
    assert game.seen().unseen_places() == () and game.history and not game.position.drawn
    assert game.win_chance(samples=50) == Chance.exactly(1.0)


def wins_by_lookahead(game: Game) -> bool:
    while game.status == "playing":
        game.apply(lookahead(game.seen()))
    return game.status == "won"


def test_a_budget_that_runs_out_judges_fewer_samples():
    # far less than all the samples take, and more than the first: the pure-Python build's takes
    # 50 ms alone, and several times that on a busy machine
    budget = 0.3 if solver.BACKEND == "compiled" else 1.5
    game = midgame()
    chance = game.win_chance(kind="ceiling", samples=100_000, budget=budget)
    assert 1 <= chance.samples < 100_000
    many = 10**7  # compiled, about 100 s of playouts
    assert 1 <= sum(c.samples for c in game.move_chances(samples=many, budget=budget).values()) < 3 * many


def test_a_budget_too_small_for_one_sample_says_so():
    with pytest.raises(SearchExhausted, match="no sampled arrangement"):
        # its first sample needs a long search
        Game.from_number(4, rules="classic").win_chance(kind="ceiling", budget=1e-9, seed=1)


@pytest.mark.parametrize("samples", [0, -5, 2.5, "10", True])
def test_a_bad_sample_count_is_refused(samples):
    with pytest.raises(ValueError, match="samples is a whole number of sampled arrangements, at least 1"):
        midgame().win_chance(samples=samples)


@pytest.mark.parametrize("budget", [0, -1, "2", math.nan, math.inf, True])
def test_a_budget_that_is_not_a_positive_number_is_refused(budget):
    for method in (Game.win_chance, Game.fair_hint, Game.move_chances):
        with pytest.raises(ValueError, match="budget is a time in seconds, a positive number"):
            method(midgame(), budget=budget)


def test_wilson_interval():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(10, 10)[1] == 1.0


def test_the_sampled_chance_finds_the_exact_share_of_winning_arrangements():
    # Open peaks, three stock cards unseen: 3! = 6 arrangements, of which exactly 3 can be won.
    game = Game.from_number(21, rules="easy+open-peaks")
    game.replay(
        "10♠ draw A♠ 2♣ draw 4♠ draw 8♥ 7♣ draw 2♠ 3♦ 2♦ A♥ K♥ Q♠ J♠ 10♥ draw 7♦ draw draw J♥ Q♥ K♣ draw "
        "4♦ 5♥ draw K♠".split()
        + ["draw"] * 11
    )
    seen = game.seen()
    places = seen.unseen_places()
    assert len(places) == 3
    template = list(next(seen.arrangements()))
    wins = 0
    for cards in itertools.permutations(seen.unseen_cards()):
        for place, card in zip(places, cards, strict=True):
            template[place] = card
        wins += exact_winnable(seen.game_from(tuple(template)))
    assert wins == 3
    assert game.win_chance().value == 0.5 and game.win_chance().exact  # solved outright: 3 of 6
    chance = game.win_chance(kind="ceiling", samples=600, seed=0)
    assert chance.low <= 0.5 <= chance.high and abs(chance.value - 0.5) < 0.06


@pytest.mark.parametrize(
    ("lang", "estimated"),
    [
        ("en", "72% (between 69% and 75%)"),
        ("el", "72% (μεταξύ 69% και 75%)"),
        ("he", "72% (בין 69% ל־75%)"),
        ("is", "72% (milli 69% og 75%)"),
    ],
)
def test_a_chance_prints_as_a_student_reads_it_in_each_language(lang, estimated):
    """Before, '72% (95 % 71%–75%, 1000 samples)', in English whatever the language."""
    chance = Chance.of(720, 1000).said_in(lang)
    assert str(chance) == estimated and repr(chance) == f"Chance({estimated}, uncalibrated)"
    assert str(Chance.exactly(0.5).said_in(lang)) == "50%"
