"""The fair player's tree search (tripeaks_widget.fair.tree, issue 22): it reads only what the player
sees, answers the same for the same seed, and finds the exact best move on small positions."""

from __future__ import annotations

import pytest
from helpers.endgames import endgame
from helpers.hidden_cards import with_hidden_cards_permuted

from tripeaks_widget import Game
from tripeaks_widget.fair import EXACT_TRY_UNSEEN, expectimax, move_chances
from tripeaks_widget.fair import tree as search


def midgame() -> Game:
    return Game.from_number(10, rules="classic").replay(["10♦", "9♦", "8♠"])


def test_games_that_look_the_same_get_the_same_search():
    game = midgame()
    other = with_hidden_cards_permuted(game)
    assert other.deck != game.deck and other.seen() == game.seen()
    chances = move_chances(game, method="search", samples=300, seed=2)
    assert chances == move_chances(other, method="search", samples=300, seed=2)
    assert set(chances) == set(game.legal_moves()) and sum(c.samples for c in chances.values()) == 300
    assert chances != move_chances(game, method="search", samples=300, seed=3)  # the seed picks the deals
    assert all(not c.exact and c.low <= c.value <= c.high for c in chances.values())


@pytest.mark.parametrize(("rules", "number"), [("easy", 23), ("easy", 27), ("easy+joker", 18)])
def test_the_search_finds_the_exact_best_move(rules, number, monkeypatch):
    monkeypatch.setattr(search, "LEAF_EXACT_UNSEEN", -1)  # playouts at every new node: no exact help
    seen = endgame(number, rules).seen()
    exact = expectimax.solve(seen).actions
    found = search.search(seen, iterations=3000, seed=0)
    assert set(found.actions) == set(exact)
    best = max(found.actions, key=lambda a: found.actions[a][1])
    assert exact[best] == max(exact.values())
    most = max(found.actions, key=lambda a: found.actions[a][0])
    assert most == best  # UCB spends most of its deals on it


def test_leaves_with_few_cards_unseen_are_valued_exactly():
    seen = endgame(26, "easy", unseen=8).seen()
    assert seen.hidden_count > search.LEAF_EXACT_UNSEEN
    exact = expectimax.solve(seen).actions
    found = search.search(seen, iterations=400, seed=0).actions
    best = max(exact, key=lambda a: exact[a])
    assert found[best][1] == pytest.approx(exact[best], abs=0.05)  # deals of exact leaves average to it


def test_the_search_method_is_exact_where_the_expectimax_applies():
    seen = endgame(27, "easy", unseen=8).seen()
    assert seen.hidden_count <= EXACT_TRY_UNSEEN
    chances = move_chances(seen, method="search")
    assert all(c.exact for c in chances.values())
    assert {a: c.value for a, c in chances.items()} == expectimax.solve(seen).actions
