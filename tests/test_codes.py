"""Game codes (R6.3, R6.6) and the TPD codes of hand-arranged deals."""

import random

import pytest

from tripeaks_widget import Game
from tripeaks_widget.cards import DECK
from tripeaks_widget.codes import DEAL_COUNT, deck_code, number_code, parse_code, permutation_from_rank
from tripeaks_widget.rules import CLASSIC, EASY


def test_r6_6_deal_letters_are_base_26_most_significant_first():
    assert parse_code("TP1-E-AAAAAAA").number == 0
    assert parse_code("TP1-E-AAAAAAB").number == 1
    assert parse_code("TP1-E-AAAAAAD").number == 3
    assert parse_code("TP1-E-AAAAABA").number == 26
    assert parse_code("TP1-E-ZZZZZZZ").number == DEAL_COUNT - 1 == 26**7 - 1
    assert number_code(26, EASY) == "TP1-E-AAAAABA"


def test_r6_3_rule_letter_e_c_and_legacy_n():
    assert parse_code("TP1-E-AAAAAAB").rules is EASY
    assert parse_code("TP1-C-AAAAAAB").rules is CLASSIC
    assert parse_code("TP1-N-AAAAAAB").rules is EASY


def test_r6_3_the_rule_letter_never_changes_the_cards():
    for letters in ("AAAAAAB", "AAAAAAD", "QWERTYU"):
        cards = {parse_code(f"TP1-{r}-{letters}").cards for r in "ECN"}
        assert len(cards) == 1


def test_r6_6_parsing_ignores_case_and_surrounding_space_canonical_upper():
    assert Game("  tp1-c-aaaaaad\n").code == "TP1-C-AAAAAAD"
    assert Game("TP1-N-AAAAAAB").code == "TP1-E-AAAAAAB"  # the legacy letter reads as Easy


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "   ",
        "TP1",
        "TP1-E",
        "TP1-E-",
        "TP2-E-AAAAAAB",
        "XX1-E-AAAAAAB",
        "TP1-X-AAAAAAB",
        "TP1-E-AAAAAB",
        "TP1-E-AAAAAAAB",
        "TP1-E-AAAAAA1",
        "TP1-E-AAAAAA-",
        "TP1 E AAAAAAB",
        "TP1-E-ÀAAAAAB",
        "TP1--AAAAAAB",
        "TP1-EE-AAAAAAB",
        "TPD-E-AAAA",
        "TPD-E-" + "Z" * 49,
        "TP1-E-AAAAAAB extra",
    ],
)
def test_r6_6_malformed_codes_are_refused_showing_the_expected_form(bad):
    with pytest.raises(ValueError, match=r"TP1-E-AAAAAAB|letters|arrangement"):
        Game(bad)


@pytest.mark.parametrize("bad", [None, 1, 3.0, b"TP1-E-AAAAAAB", ["TP1-E-AAAAAAB"]])
def test_r6_6_codes_that_are_not_text_are_refused(bad):
    with pytest.raises(ValueError, match="text like 'TP1-E-AAAAAAB'"):
        parse_code(bad)


def test_number_code_refuses_out_of_range_numbers():
    for bad in (-1, DEAL_COUNT, True, "3"):
        with pytest.raises(ValueError, match="deal numbers run from 0"):
            number_code(bad, EASY)


def test_tpd_codes_round_trip_any_arrangement():
    rng = random.Random(5)
    for _ in range(50):
        cards = list(DECK)
        rng.shuffle(cards)
        code = deck_code(tuple(cards), CLASSIC)
        assert code.startswith("TPD-C-") and len(code) == 6 + 49
        assert parse_code(code.lower()).cards == tuple(cards)
    assert permutation_from_rank(0) == DECK


def test_every_dealt_game_round_trips_through_a_tpd_code():
    dealt = Game("TP1-E-AAAAAAB")
    same = Game(deck_code(dealt.deck, dealt.rules))
    assert same.deck == dealt.deck and same.rules is EASY
