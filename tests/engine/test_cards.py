"""Cards and their notation (R1.1; the R7 card words)."""

import pytest
from helpers.lookalikes import CASE_LOOKALIKES, lookalike_variants
from hypothesis import given
from hypothesis import strategies as st

from tripeaks_widget import Card, InvalidCardError
from tripeaks_widget.engine.cards import DECK, JOKER, parse_cards


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
    for text in ("★", "JK", "jk", "Joker"):
        assert Card.parse(text) == JOKER
    assert (str(JOKER), JOKER.ascii, JOKER.words, JOKER.index) == ("★", "JK", "joker", 52)


# -- strict input (R1.1, R6.6): the documented forms, nothing a case mapping turns into them ---------

ALL_NOTATIONS = [form for card in DECK for form in (str(card), card.ascii, card.ascii.lower())]
ALL_NOTATIONS += ["Rc", "rs", "Ts", "10s", "JK", "joker", "Joker"]


def test_r6_6_a_card_in_ascii_ignores_case_and_surrounding_ascii_space():
    for text in ALL_NOTATIONS:
        card = Card.parse(text)
        assert Card.parse(f" \t{text.upper()}\n ") == Card.parse(text.lower()) == card


@pytest.mark.parametrize("text", ["\u212ac", "\u212a♣", "5ſ", "jo\u212aer", "Ｋc", "Kс", "\u00a0Kc", "Kc\u3000"])
def test_r6_6_look_alikes_of_a_card_are_refused_naming_the_character(text):
    with pytest.raises(InvalidCardError, match=r"not a card: .*\(U\+[0-9A-F]{4} .* is not ASCII\)"):
        Card.parse(text)


def test_r6_6_no_card_notation_has_a_look_alike_that_parses():
    variants = [v for text in ALL_NOTATIONS for v in lookalike_variants(text)]
    assert {"\u212ac", "5ſ", "jo\u212aer", "Ａc"} <= set(variants)
    for variant in variants:
        with pytest.raises(InvalidCardError):
            Card.parse(variant)


@given(st.text(alphabet=st.sampled_from("AaJjKkQqTtRrCcDdHhSsOoEe0123456789 ♣♦♥♠★" + "".join(CASE_LOOKALIKES))))
def test_r6_6_a_card_parsed_is_ascii_or_a_documented_symbol(text):
    try:
        card = Card.parse(text)
    except InvalidCardError:
        return
    assert all(ch.isascii() or ch in "♣♦♥♠★" for ch in text)
    assert Card.parse(text.upper()) == card


@pytest.mark.parametrize("values", [("K", "♣"), (14, 0), (0, 0), (1, 4), (-1, 3), (1.0, 0), (True, 0), (None, 1)])
def test_r1_1_a_card_is_made_of_a_rank_and_a_suit_only(values):
    with pytest.raises(InvalidCardError, match=r"rank 1 \(ace\) to 13 \(king\) and suit 0 to 3"):
        Card(*values)


def test_a_card_made_without_the_checks_is_refused_by_parse():
    bogus = Card(13, 0)._replace(rank=14)  # _replace bypasses Card(...)
    assert repr(bogus) == "Card(rank=14, suit=0)"
    with pytest.raises(InvalidCardError, match=r"not a card: Card\(rank=14, suit=0\)"):
        Card.parse(bogus)
    assert Card.parse(Card(13, 0)) is Card.parse("K♣")


class Integral:
    """Any integral type other than int (as numpy's are): it has ``__index__``."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


@pytest.mark.parametrize("index", [-1, 53, 10**20, True, False, 1.0, "3", None])
def test_from_index_takes_0_to_52_only(index):
    with pytest.raises(InvalidCardError, match="a card's index is a whole number from 0 to 52"):
        Card.from_index(index)


def test_from_index_takes_any_integral():
    numpy = pytest.importorskip("numpy")
    assert Card.from_index(numpy.int64(12)) == Card.from_index(Integral(12)) == Card.parse("K♣")
    assert Card.from_index(52) == JOKER
    assert Card(numpy.int8(13), numpy.int64(0)) == Card.parse("K♣")


def test_errors_quote_any_input_cut_short():
    with pytest.raises(InvalidCardError) as refusal:
        Card.parse("Kc" * 100_000)
    assert len(str(refusal.value)) < 600
    with pytest.raises(InvalidCardError) as refusal:
        parse_cards(list(range(100_000)))
    assert len(str(refusal.value)) < 600


def test_parse_cards_splits_on_ascii_space_and_commas_only():
    assert parse_cards(" 6d\tAh,\nTd ,K♣ ") == [Card.parse(t) for t in ("6d", "Ah", "Td", "K♣")]
    with pytest.raises(InvalidCardError, match="U\\+00A0 NO-BREAK SPACE"):
        parse_cards("6d\u00a0Ah")


def test_a_card_made_from_its_notation_is_the_card_its_repr_writes():
    assert Card("K♣") == Card(13, 0) == Card.parse("Kc") and eval(repr(Card("10♥"))) == Card(10, 2)
    with pytest.raises(InvalidCardError, match=r"^not a card: int 5; expected Card\(rank, suit\)"):
        Card(5)
    with pytest.raises(InvalidCardError, match="not a card: 'K'"):
        Card("K")
