"""Cards and their notation (R1.1; the R7 card words)."""

import pytest

from tripeaks_widget import Card
from tripeaks_widget.cards import DECK, parse_cards


@pytest.mark.parametrize(
    "text, expected",
    [
        ("K♣", "K♣"),
        ("10♥", "10♥"),
        ("A♠", "A♠"),
        ("KC", "K♣"),
        ("Kc", "K♣"),
        ("kc", "K♣"),
        ("10h", "10♥"),
        ("Th", "10♥"),
        ("td", "10♦"),
        ("R♣", "K♣"),
        ("r♦", "K♦"),
        (" 7s ", "7♠"),
        ("Q♡", "Q♥"),
        ("J♢", "J♦"),
    ],
)
def test_parse_accepts_unicode_ascii_and_r_for_king(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("bad", ["", "K", "♣", "1♣", "11♣", "Kx", "ZZ", "K♣♣", "10", "jokers", " "])
def test_parse_refuses_with_the_expected_form(bad):
    with pytest.raises(ValueError, match="expected a rank"):
        Card.parse(bad)


@pytest.mark.parametrize("bad", [None, 13, 1.5, ["K♣"]])
def test_parse_refuses_non_text(bad):
    with pytest.raises(ValueError, match="expected a card as text"):
        Card.parse(bad)


def test_words_as_r7_names_them():
    assert Card.parse("K♣").words == "king of clubs"
    assert Card.parse("2♦").words == "2 of diamonds"
    assert Card.parse("A♠").words == "ace of spades"
    assert Card.parse("Q♥").words == "queen of hearts"
    assert Card.parse("J♣").words == "jack of clubs"


def test_r1_1_deck_is_52_distinct_cards_without_joker():
    assert len(DECK) == len(set(DECK)) == 52
    assert {c.rank for c in DECK} == set(range(1, 14))
    assert [Card.from_index(c.index) for c in DECK] == list(DECK)


def test_every_card_round_trips_through_both_notations():
    for card in DECK:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.ascii) == card
        assert Card.parse(card.ascii.upper()) == card


def test_colour_and_repr():
    assert Card.parse("3♥").is_red and Card.parse("3♦").is_red
    assert not Card.parse("3♠").is_red and not Card.parse("3♣").is_red
    assert repr(Card.parse("Th")) == "Card('10♥')"


def test_parse_cards_reads_mixed_tokens():
    assert [str(c) for c in parse_cards("6d Ah, Td K♣")] == ["6♦", "A♥", "10♦", "K♣"]
    with pytest.raises(ValueError, match="not a card: 'Xx'"):
        parse_cards("6d Xx")


def test_v3_the_joker_has_its_notation_and_words():
    from tripeaks_widget.cards import JOKER

    for text in ("★", "JK", "jk", "Joker"):
        assert Card.parse(text) == JOKER
    assert (str(JOKER), JOKER.ascii, JOKER.words, JOKER.index) == ("★", "JK", "joker", 52)
