"""The relaxed ceilings (tripeaks_widget.fair.ceilings, issue 22): the stock's order told, or the peak cards
told, the rest solved exactly. Each is an upper bound between the exact fair value and the
clairvoyant ceiling, checked over every arrangement of small positions."""

from __future__ import annotations

import pytest
from helpers.brute_expectimax import arrangements
from helpers.endgames import ENDGAMES, endgame
from helpers.hidden_cards import with_hidden_cards_permuted

from tripeaks_widget import Game, fair
from tripeaks_widget.fair import Chance, expectimax
from tripeaks_widget.fair import ceilings as relaxed
from tripeaks_widget.solver import SearchExhausted
from tripeaks_widget.solver import winnable as exact_winnable


def over_every_arrangement(seen) -> dict[str, float]:
    """The exact fair value, each relaxed ceiling and the clairvoyant ceiling, each the mean over
    every arrangement of the unseen cards (equally likely). A win needs ranks only, so the
    arrangements are judged once per order of ranks in the unseen places, weighted by how many
    arrangements have it."""
    places = seen.unseen_places()
    orders: dict[tuple, list] = {}  # order of ranks -> [a game with it, how many arrangements]
    for game in arrangements(seen):
        order = tuple(game.deck[i].rank for i in places)
        orders.setdefault(order, [game, 0])[1] += 1
    total = sum(count for _, count in orders.values())
    found = {"fair": expectimax.solve(seen).value}
    for part in relaxed.PARTS:
        found[part] = sum(relaxed.value(seen, tuple(g.deck), part).value * n for g, n in orders.values()) / total
    found["ceiling"] = sum(exact_winnable(g) * n for g, n in orders.values()) / total
    return found


@pytest.mark.parametrize(("rules", "number"), ENDGAMES)
def test_each_relaxed_ceiling_lies_between_the_fair_value_and_the_clairvoyant_one(rules, number):
    found = over_every_arrangement(endgame(number, rules).seen())
    for part in relaxed.PARTS:
        assert found["fair"] - 1e-12 <= found[part] <= found["ceiling"] + 1e-12, (part, found)


def test_the_relaxed_ceilings_tell_apart_what_the_bounds_do_not():
    # Easy game 26 with 7 cards unseen (4 face down): the fair player's 10.2 %, the clairvoyant
    # 12.3 %; the stock's order told falls strictly between, the peak cards told above it
    found = over_every_arrangement(endgame(26, "easy", unseen=7).seen())
    assert found["fair"] == pytest.approx(0.102, abs=5e-4) and found["ceiling"] == pytest.approx(0.1226, abs=5e-4)
    assert found["fair"] + 1e-9 < found["stock"] < found["ceiling"] - 1e-9
    assert found["peaks"] > found["stock"] + 1e-9 and found["peaks"] <= found["ceiling"] + 1e-12


def test_telling_a_part_counts_it_as_seen_and_leaves_the_rest_hidden():
    seen = Game.from_number(1, "classic").seen()
    deck = next(seen.arrangements(3))
    stock = relaxed.told(seen, deck, "stock")
    peaks = relaxed.told(seen, deck, "peaks")
    assert seen.hidden_count == 41  # 18 face-down peak cards, 23 stock cards
    assert (stock.hidden_count, peaks.hidden_count) == (18, 23)
    assert set(stock.unseen_cards()) == {deck[s] for s in range(28) if seen.slot_cards[s] is None}
    assert set(peaks.unseen_cards()) == set(deck[seen.stock_start :])
    assert relaxed.still_hidden(seen, "stock") == 18


def test_the_sampled_relaxed_ceilings_sit_between_the_bounds_on_a_late_position():
    game = endgame(36, "classic", unseen=5)
    options = {"samples": 60, "seed": 2}
    exact = game.win_chance()
    assert exact.exact
    ceiling = game.win_chance(kind="ceiling", **options)
    for kind in ("ceiling-stock", "ceiling-peaks"):
        chance = game.win_chance(kind=kind, **options)
        assert isinstance(chance, Chance) and not chance.exact and chance.samples == 60
        assert chance.low <= chance.value <= chance.high
        assert chance.high >= exact.value - 1e-12 and chance.low <= ceiling.high


def test_games_that_look_the_same_get_the_same_relaxed_ceilings():
    game = endgame(26, "easy", unseen=5)
    other = with_hidden_cards_permuted(game)
    assert other.deck != game.deck
    for kind in ("ceiling-stock", "ceiling-peaks"):
        assert game.win_chance(kind=kind, samples=15, seed=7) == other.win_chance(kind=kind, samples=15, seed=7)


def test_with_nothing_to_tell_the_relaxed_ceiling_is_the_exact_fair_value():
    game = endgame(27, "easy", unseen=5)
    open_peaks = Game.from_deck(list(game.deck), "easy+open-peaks").replay(game.history)
    told_nothing = open_peaks.win_chance(kind="ceiling-peaks", samples=10)  # every peak card is face up already
    assert told_nothing.exact and told_nothing.value == pytest.approx(expectimax.solve(open_peaks.seen()).value)


def test_a_relaxation_too_large_to_solve_is_refused_not_guessed():
    deal = Game.from_number(1, "classic")
    with pytest.raises(SearchExhausted, match="out of reach"):
        fair.relaxed_ceiling_chance(deal, "stock", samples=2, node_limit=1000)
    with pytest.raises(ValueError, match="'stock'"):
        fair.relaxed_ceiling_chance(deal, "waste")
    with pytest.raises(ValueError, match="ceiling-stock"):
        deal.win_chance(kind="stock")
