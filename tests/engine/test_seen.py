"""What a player can see (tripeaks_widget.engine.seen): it holds nothing hidden, and its samples agree with it."""

import itertools
from collections import Counter

import pytest
from helpers.hidden_cards import with_hidden_cards_permuted

from tripeaks_widget import Game
from tripeaks_widget.engine.deal import DISCARD_INDEX
from tripeaks_widget.engine.seen import Seen, Sight


def test_two_games_that_hide_different_cards_are_seen_the_same():
    game = Game.from_number(7, rules="classic").replay(["draw", "draw"])
    game.apply(game.legal_moves()[0])
    other = with_hidden_cards_permuted(game)
    assert other.deck != game.deck
    assert Seen.of(other) == Seen.of(game)


def test_the_seen_view_has_what_is_visible_and_counts_the_unseen():
    game = Game("TP1-E-AAAAAAB").replay(["K♣", "A♠", "2♦"])
    seen = Seen.of(game)
    assert seen.discard.__str__() == "2♦"
    assert [str(seen.slot_cards[s]) for s in (20, 23, 22)] == ["K♣", "A♠", "2♦"]
    assert set(seen.removed) == {20, 22, 23}
    assert str(seen.slot_cards[13]) == "7♠"  # turned face up by those three plays
    assert seen.slot_cards[0] is None  # a peak top stays face down
    assert seen.stock_count == 23 and seen.stock_seen == ()
    assert [str(c) for c in seen.waste] == ["A♣", "K♣", "A♠", "2♦"]
    assert seen.legal_moves == tuple(game.legal_moves())
    # 17 face-down slots and 23 stock cards are unseen, and 40 cards
    assert len(seen.unseen_places()) == 40 == len(seen.unseen_cards())
    hidden = {game.deck[i] for i in seen.unseen_places()}
    assert set(seen.unseen_cards()) == hidden


def test_what_undo_hides_again_stays_seen():
    game = Game("TP1-E-AAAAAAB").replay(["K♣", "A♠", "2♦", "draw"])
    drawn = game.discard
    game.replay(["undo", "undo"])  # the drawn card goes back on the stock, 2♦ covers 7♠ again
    seen = Seen.of(game)
    assert seen.stock_seen == (drawn,)
    assert not game.is_face_up(13) and str(seen.slot_cards[13]) == "7♠"
    for sample in seen.samples(20, seed=3):
        assert sample.stock[0] == drawn and str(sample.deck[13]) == "7♠"


@pytest.mark.parametrize("rules", ["easy", "classic", "easy+joker", "easy+open-peaks", "site", "classic+hogue-scoring"])
def test_every_sample_agrees_with_the_seen_view(rules):
    game = Game.from_number(11, rules=rules)
    for _ in range(6):
        moves = game.legal_moves()
        if not moves:
            break
        game.apply(moves[0])
    seen = Seen.of(game)
    samples = seen.samples(25, seed=5)
    assert all(seen.agrees(sample) for sample in samples)
    assert all(s.position == game.position and s.score == game.score and s.moves == game.moves for s in samples)
    assert len({s.deck for s in samples}) == 25  # dozens of unseen cards: no two alike


@pytest.mark.parametrize("rules", ["easy", "classic", "easy+joker", "classic+open-peaks", "easy+empty-discard"])
def test_a_sight_followed_move_by_move_sees_what_seen_of_the_game_sees(rules):
    game = Game.from_number(5, rules=rules)
    sight = Sight(Game.from_deck(game.deck, game.rules))
    for action in ["draw", "undo", "draw", "draw", "undo", "undo", "draw"]:
        game.apply(action)
        assert sight.follow(game) and sight.seen() == Seen.of(game)
    for _ in range(6):
        game.apply(game.legal_moves()[0])
        if len(game.history) % 2:
            game.apply("undo")
            game.apply(game.legal_moves()[-1])
        assert sight.follow(game) and sight.seen() == Seen.of(game)
    assert sight.game.history == game.history


def test_a_sight_refuses_another_deal_or_a_line_that_left_it_and_is_left_unchanged():
    game = Game("TP1-E-AAAAAAB").replay(["K♣", "draw"])
    sight = Sight(Game.from_deck(game.deck, game.rules))
    assert sight.follow(game)
    seen = sight.seen()
    assert not sight.follow(Game("TP1-E-AAAAAAB").replay(["draw"]))  # another line
    assert sight.seen() == seen and sight.game.history == ["K♣", "draw"]
    fresh = Sight(Game.from_deck(game.deck, game.rules))  # has followed nothing yet
    assert not fresh.follow(Game("TP1-E-AAAAAAC").replay(["draw"]))  # another deal
    assert not fresh.follow(Game.from_deck(game.deck, "classic").replay(["draw"]))  # other rules
    assert fresh.game.history == []


def test_the_variants_decide_what_is_unseen():
    joker = Seen.of(Game.from_number(2, rules="easy+joker"))
    assert len(joker.unseen_places()) == 18 + 24 and "★" in [str(c) for c in joker.unseen_cards()]
    open_peaks = Seen.of(Game.from_number(2, rules="easy+open-peaks"))
    assert open_peaks.unseen_places() == tuple(range(29, 52))
    empty = Seen.of(Game.from_number(2, rules="easy+empty-discard"))
    assert empty.first_discard is None and DISCARD_INDEX in empty.unseen_places()


def test_sampling_is_reproducible_and_a_prefix():
    seen = Seen.of(Game.from_number(4))
    first = [s.deck for s in seen.samples(10, seed=9)]
    assert first == [s.deck for s in seen.samples(10, seed=9)]
    assert first[:4] == [s.deck for s in seen.samples(4, seed=9)]
    assert first != [s.deck for s in seen.samples(10, seed=10)]


def test_sampling_is_uniform_on_a_tiny_case():
    # Open peaks, stock drawn down to its last three cards: 3! = 6 arrangements.
    game = Game.from_number(3, rules="easy+open-peaks").replay(["draw"] * 20)
    seen = Seen.of(game)
    assert len(seen.unseen_places()) == 3
    decks = seen.arrangements(seed=1)
    draws = 6000
    places = seen.unseen_places()
    counts = Counter(tuple(deck[i] for i in places) for deck in itertools.islice(decks, draws))
    assert set(counts) == set(itertools.permutations(seen.unseen_cards()))
    expected = draws / 6
    chi_square = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi_square < 20.52  # 5 degrees of freedom, p = 0.001


@pytest.mark.parametrize("seed", [-1, 1.5, "3", True, None])
def test_a_bad_seed_is_refused(seed):
    with pytest.raises(ValueError, match="seed is a whole number"):
        Seen.of(Game.from_number(1)).samples(3, seed=seed)


@pytest.mark.parametrize("count", [0, -2, 2.0, True])
def test_a_bad_sample_count_is_refused(count):
    with pytest.raises(ValueError, match="samples is a whole number"):
        Seen.of(Game.from_number(1)).samples(count)
