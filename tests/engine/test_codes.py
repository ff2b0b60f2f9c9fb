"""Game codes (R6.3, R6.6) and the TPD codes of hand-arranged deals."""

import random

import pytest
from helpers.lookalikes import CASE_LOOKALIKES, lookalike_variants
from hypothesis import given
from hypothesis import strategies as st

from tripeaks_widget import Game, InvalidCodeError, InvalidNumberError
from tripeaks_widget.engine.cards import DECK
from tripeaks_widget.engine.codes import DEAL_COUNT, deck_code, number_code, parse_code, permutation_from_rank
from tripeaks_widget.engine.deal import deal_cards
from tripeaks_widget.engine.rules import CLASSIC, EASY


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
    with pytest.raises(InvalidCodeError, match=r"TP1-E-AAAAAAB|letters|arrangement"):
        Game(bad)


@pytest.mark.parametrize("bad", [None, 1, 3.0, b"TP1-E-AAAAAAB", ["TP1-E-AAAAAAB"]])
def test_r6_6_codes_that_are_not_text_are_refused(bad):
    with pytest.raises(InvalidCodeError, match=f"text like 'TP1-E-AAAAAAB'.*; got {type(bad).__name__}"):
        parse_code(bad)


def test_number_code_refuses_out_of_range_numbers():
    for bad in (-1, DEAL_COUNT):
        with pytest.raises(InvalidNumberError, match="deal numbers run from 0"):
            number_code(bad, EASY)


@pytest.mark.parametrize("bad", [True, False, 3.0, "3", None, [3]])
def test_r6_7_a_deal_number_of_another_type_is_refused_for_its_type(bad):
    with pytest.raises(
        InvalidNumberError, match=f"a deal number is a whole number from 0 .*; got {type(bad).__name__}"
    ):
        number_code(bad, EASY)
    with pytest.raises(InvalidNumberError, match=f"got {type(bad).__name__}"):
        deal_cards(bad)


def test_r6_7_any_integral_is_a_deal_number():
    numpy = pytest.importorskip("numpy")
    assert number_code(numpy.int64(3), EASY) == number_code(3, EASY) == "TP1-E-AAAAAAD"
    assert deal_cards(numpy.uint16(3)) == deal_cards(3)
    with pytest.raises(InvalidNumberError, match="deal numbers run from 0 to 8031810175; got 8031810176"):
        number_code(numpy.int64(DEAL_COUNT), EASY)


# -- strict input (R6.6): ASCII letters in any case, nothing a case mapping turns into them ---------

VALID_CODES = ["TP1-E-AAAAAIB", "TP1-C-AAAAASS", "TP1-E-AAAAAFF", "TP1-N-AAAAAFI", "TP1-E-AAAAAST-SW", "TP1-E-KKKKKKK"]
VALID_CODES += [deck_code(DECK, EASY), "TP1-E-AAAAAAB-HJOSW"]


def test_r6_6_valid_codes_in_any_ascii_case_parse():
    for code in VALID_CODES:
        assert parse_code(f" {code.lower()}\t") == parse_code(code.title()) == parse_code(code)


@pytest.mark.parametrize("code", ["TP1-E-AAAAAıB", "TP1-E-AAAAAAB-ſW", "TP1-E-AAAAAß", "TP1-E-AAAAAﬀ", "TP1-N-AAAAAﬁ"])
def test_r6_6_the_look_alikes_of_issue_15_are_refused(code):
    with pytest.raises(
        InvalidCodeError, match=r"not a game code: .*\(U\+[0-9A-F]{4} .* is not ASCII\); expected 'TP1-E"
    ):
        parse_code(code)


def test_r6_6_no_code_has_a_look_alike_that_parses():
    variants = [v for code in VALID_CODES for v in lookalike_variants(code)]
    assert {"TP1-E-AAAAAıB", "TP1-C-AAAAAß", "TP1-E-AAAAAﬀ", "TP1-E-AAAAAAB-HJOſW", "TP1-E-\u212aKKKKKK"} <= set(
        variants
    )
    for variant in variants:
        with pytest.raises(InvalidCodeError):
            parse_code(variant)


@pytest.mark.parametrize("space", ["\u00a0", "\u2003", "\u3000", "\u2028", "\x1c", "\u200b"])
def test_r6_6_only_ascii_space_around_a_code_is_ignored(space):
    with pytest.raises(InvalidCodeError, match="not a game code"):
        parse_code(f"{space}TP1-E-AAAAAAB")
    with pytest.raises(InvalidCodeError):
        parse_code(f"TP1-E-AAAAAAB{space}")


@given(st.text(alphabet=st.sampled_from("TPD1ECNAZBKSWHJO- " + "".join(CASE_LOOKALIKES)), max_size=20))
def test_r6_6_a_code_that_parses_is_ascii(text):
    try:
        parse_code("TP1-E-" + text)
    except InvalidCodeError:
        return
    assert text.isascii()


def test_r6_6_a_code_of_repeated_variant_letters_is_refused_as_a_code():
    with pytest.raises(InvalidCodeError, match="variant letters of 'TP1-E-AAAAAAB-SS' are distinct letters from HJOSW"):
        parse_code("TP1-E-AAAAAAB-SS")


def test_r6_6_a_huge_code_is_quoted_cut_short():
    with pytest.raises(InvalidCodeError) as refusal:
        parse_code("TP1-E-" + "A" * 1_000_000)
    assert len(str(refusal.value)) < 1000


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
