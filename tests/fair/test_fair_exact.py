"""The exact fair value (tripeaks_widget.fair.expectimax, issue 22): the chance of best play by a player
who sees only what a player sees, checked against a plain expectimax over whole arrangements."""

from __future__ import annotations

import pytest
from helpers.brute_expectimax import arrangements, best_chances
from helpers.endgames import ENDGAMES, endgame
from helpers.hidden_cards import with_hidden_cards_permuted

from tripeaks_widget import Game, fair
from tripeaks_widget.engine.seen import Seen
from tripeaks_widget.fair import EXACT_UNSEEN, Chance, expectimax
from tripeaks_widget.fair.playout import lookahead_wins
from tripeaks_widget.fair.strategies import lookahead
from tripeaks_widget.solver import SearchExhausted
from tripeaks_widget.solver import winnable as exact_winnable


@pytest.mark.parametrize(("rules", "number"), ENDGAMES)
def test_the_exact_value_is_the_plain_expectimax_over_arrangements(rules, number):
    seen = endgame(number, rules).seen()
    plain = best_chances(seen)
    found = expectimax.solve(seen)
    assert list(found.actions) == list(plain) == list(seen.legal_moves)
    for action, value in plain.items():
        assert found.actions[action] == pytest.approx(value, abs=1e-12)
    assert found.value == pytest.approx(max(plain.values()), abs=1e-12)


# On the other built-in layouts: endgames whose actions' chances differ, strictly between 0 and 1.
LAYOUT_ENDGAMES = [
    ("Diamond", "easy", 6),
    ("Diamond", "classic+joker", 4),
    ("Columns", "classic+joker", 14),
    ("Four Peaks", "easy", 1),
    ("Four Peaks", "classic+joker", 6),
]


@pytest.mark.parametrize(("layout", "rules", "number"), LAYOUT_ENDGAMES)
def test_on_other_layouts_the_exact_value_is_the_plain_expectimax_over_arrangements(layout, rules, number):
    seen = endgame(number, rules, layout=layout).seen()
    assert seen.layout.name == layout
    plain = best_chances(seen)
    found = expectimax.solve(seen)
    assert list(found.actions) == list(plain) == list(seen.legal_moves)
    assert all(found.actions[action] == pytest.approx(value, abs=1e-12) for action, value in plain.items())
    assert len(set(plain.values())) > 1 and any(0 < value < 1 for value in plain.values())  # with teeth
    assert fair.win_chance(seen) == Chance.exactly(found.value)  # the chance shown: exact, never calibrated


def test_the_endgames_tell_actions_apart():
    """The comparison above has teeth: chances strictly between 0 and 1 that differ by action."""
    told_apart = 0
    for rules, number in ENDGAMES:
        values = expectimax.solve(endgame(number, rules).seen()).actions.values()
        told_apart += len(set(values)) > 1 and any(0 < v < 1 for v in values)
    assert told_apart >= 6


def test_open_peaks_leave_only_the_stock_to_chance():
    game = Game.from_number(13, rules="easy+open-peaks")
    while len(game.seen().unseen_places()) > 5:  # lookahead's game, to five stock cards unseen
        game.apply(lookahead(game.seen()))
    seen = game.seen()
    assert seen.unseen_places() == tuple(range(47, 52))  # the stock's last cards only
    plain = best_chances(seen)
    found = expectimax.solve(seen).actions
    assert found.keys() == plain.keys()
    assert all(found[a] == pytest.approx(plain[a], abs=1e-12) for a in plain)
    assert sorted(found.values()) == pytest.approx([0, 0, 1 / 3])  # the actions told apart


def test_a_stock_card_seen_before_an_undo_is_known_when_drawn_again():
    game = endgame(23, "easy")
    game.replay(["draw", "undo"])  # the stock's top is seen now: drawing it is no chance
    seen = game.seen()
    assert len(seen.stock_seen) > seen.drawn
    plain = best_chances(seen)
    found = expectimax.solve(seen).actions
    assert all(found[a] == pytest.approx(plain[a], abs=1e-12) for a in plain)
    before = expectimax.solve(endgame(23, "easy").seen()).actions
    assert found != before  # knowing the stock's top changes the chances


@pytest.mark.parametrize(("rules", "number"), ENDGAMES[:5])
def test_the_exact_value_lies_between_a_fair_player_and_the_clairvoyant_ceiling(rules, number):
    seen = endgame(number, rules).seen()
    games = arrangements(seen)
    ceiling = sum(exact_winnable(g) for g in games) / len(games)
    found = expectimax.solve(seen)
    assert found.value <= ceiling + 1e-12  # knowing every card can only help
    # lookahead, after each action, is a fair player too: best play is never worse
    removed, free = seen.masks
    slot_of = {str(seen.slot_cards[s]): s for s in seen.free}
    for action, value in found.actions.items():
        wins = 0
        for g in games:
            ranks = [c.rank for c in g.deck[: seen.layout.slot_count]]
            stock = [c.rank for c in g.deck[seen.stock_start :]]
            fit = seen.rules.fit_masks(ranks)
            if action == "draw":
                wins += lookahead_wins(ranks, stock, fit, removed, free, seen.drawn + 1, stock[seen.drawn], seen.layout)
            else:
                slot = slot_of[action]
                after = seen.layout.play(removed, free, slot)
                wins += lookahead_wins(ranks, stock, fit, *after, seen.drawn, ranks[slot], seen.layout)
        assert wins / len(games) <= value + 1e-12


@pytest.mark.parametrize("rules", ["easy", "classic"])
def test_the_win_chance_is_exact_with_at_most_eight_cards_unseen(rules):
    for number in (3, 8, 19):
        game = Game.from_number(number, rules)
        while game.status == "playing" and game.seen().hidden_count > EXACT_UNSEEN:
            game.apply(lookahead(game.seen()))
        if game.status != "playing":
            continue
        chance = game.win_chance()
        assert chance.exact and chance.low == chance.value == chance.high
        chances = game.move_chances()
        assert all(c.exact for c in chances.values())
        hint = game.fair_hint()
        assert chances[hint].value == max(c.value for c in chances.values()) == chance.value  # optimal
        assert chance.value == expectimax.solve(game.seen()).value


def test_games_that_look_the_same_get_the_same_exact_answers():
    game = endgame(27, "easy", unseen=8)
    other = with_hidden_cards_permuted(game)
    assert other.deck != game.deck and Seen.of(other) == Seen.of(game)
    assert game.move_chances() == other.move_chances()
    assert game.win_chance() == other.win_chance() and game.win_chance().exact
    assert game.fair_hint() == other.fair_hint()
    assert expectimax.solve(game.seen()) == expectimax.solve(other.seen())


def test_with_many_cards_unseen_the_chance_is_an_estimate_with_its_interval():
    game = Game.from_number(10, rules="classic")
    chance = game.win_chance(seed=3)
    assert not chance.exact and chance.samples == fair.PLAYOUT_SAMPLES
    assert chance.low < chance.value < chance.high
    assert chance == game.win_chance(seed=3)  # the same seed, the same answer
    assert chance == max(game.move_chances(seed=3).values(), key=lambda c: c.value)


def test_the_ceiling_stays_available_by_name():
    game = Game.from_number(10, rules="classic")
    ceiling = game.win_chance(kind="ceiling", samples=20, seed=1)
    assert ceiling.samples == 20 and ceiling == fair.ceiling_chance(game, samples=20, seed=1)
    assert ceiling.value >= game.win_chance(seed=1).value  # here the clairvoyant ceiling is far above
    with pytest.raises(ValueError, match=r"kind is 'fair' .* or 'ceiling'"):
        game.win_chance(kind="clairvoyant")


def test_a_search_cut_short_says_so():
    seen = endgame(26, "easy", unseen=8).seen()
    with pytest.raises(SearchExhausted, match="no exact fair value within the budget"):
        expectimax.solve(seen, node_limit=10)
    assert Chance.exactly(0.25) == Chance(0.25, 0.25, 0.25, 0, 0, True)


def test_the_review_judges_by_the_same_chance_exact_at_the_end():
    game = endgame(19, "easy")
    while game.status == "playing":
        game.apply(lookahead(game.seen()))
    review = game.review(samples=20, seed=0)
    late = [m for m in review.moves if m.before.exact]
    assert late and review.moves[0].before.exact is False  # estimated at the deal, exact at the end
    for m in late[-3:]:
        then = Game.from_number(19, "easy").replay(game.history[: m.move - 1])
        assert m.before == then.win_chance(samples=20, seed=0) == then.move_chances(samples=20)[m.best]
        assert m.after == then.move_chances(samples=20)[m.action]


class _Slow:
    """A clock that runs out at once: every look at it is 100 s after the last one."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 100.0
        return self.now


def lookahead_game(number: int, rules: str, moves: int) -> Game:
    game = Game.from_number(number, rules)
    while len(game.history) < moves:
        game.apply(lookahead(game.seen()))
    return game


def test_the_exact_try_with_9_unseen_is_bounded_by_nodes_not_by_the_clock(monkeypatch):
    """Before, the try took a quarter of the budget's seconds: a slow machine (the browser's pure
    Python) fell back on an estimate where a fast one answered exactly, and their hints differed."""
    seen = lookahead_game(5, "easy", 39).seen()
    assert seen.hidden_count == fair.EXACT_TRY_UNSEEN > EXACT_UNSEEN and len(seen.legal_moves) > 1
    nodes = expectimax.solve(seen).nodes
    assert nodes <= fair.EXACT_TRY_NODES
    slow = _Slow()
    monkeypatch.setattr(fair.arguments, "time", slow)
    monkeypatch.setattr(expectimax, "time", slow)
    chances = fair.move_chances(seen, budget=2.5)
    assert all(c.exact for c in chances.values())
    assert {a: c.value for a, c in chances.items()} == expectimax.solve(seen).actions


@pytest.mark.parametrize(
    ("number", "rules", "moves"),
    [(26, "easy", 39), (132, "classic", 38)],  # the two largest searches measured (130,775 and 253,483 nodes)
)
def test_a_position_with_at_most_8_unseen_is_exact_however_slow_the_clock(number, rules, moves, monkeypatch):
    """The exact search is bounded by a node count, not by the clock, where at most EXACT_UNSEEN
    cards are unseen: under any load the same positions are answered exactly."""
    seen = lookahead_game(number, rules, moves).seen()
    assert seen.hidden_count <= EXACT_UNSEEN and len(seen.legal_moves) > 1
    nodes = expectimax.solve(seen).nodes
    assert 100_000 < nodes <= fair.EXACT_NODES  # a search that the old time share could cut short
    slow = _Slow()
    monkeypatch.setattr(fair.arguments, "time", slow)
    monkeypatch.setattr(expectimax, "time", slow)
    chances = fair.move_chances(seen, budget=2.5)
    assert all(c.exact for c in chances.values()) and slow.now > 0  # the clock was read, and ran out
    assert {a: c.value for a, c in chances.items()} == expectimax.solve(seen).actions
    assert fair.win_chance(seen, budget=2.5).exact
