"""The deal generator (R6.7): PCG32, the unbiased bounded draw, the shuffle, pinned vectors."""

import pytest
from helpers.plain_search import winnable

from tripeaks_widget.engine.cards import DECK, parse_cards
from tripeaks_widget.engine.deal import DEAL_1_PINNED, DISCARD_INDEX, PCG32, SALT, deal_cards, shuffle
from tripeaks_widget.engine.rules import CLASSIC, EASY


def test_pcg32_matches_the_reference_demo_output():
    # pcg32-demo from the reference C library, seeded with initstate 42, initseq 54.
    rng = PCG32(42, 54)
    assert [rng.next() for _ in range(6)] == [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_bounded_draw_stays_in_range_and_covers_it():
    rng = PCG32(7, 1)
    draws = [rng.bounded(6) for _ in range(6000)]
    assert set(draws) == set(range(6))
    assert all(800 < draws.count(v) < 1200 for v in range(6))


def test_bounded_draw_rejects_the_biased_low_values():
    class Scripted(PCG32):
        def __init__(self, values):
            self.values = iter(values)

        def next(self):
            return next(self.values)

    # For bound 3, 2**32 % 3 == 1: the value 0 would bias the result and must be redrawn.
    assert Scripted([0, 5]).bounded(3) == 2


def test_shuffle_is_fisher_yates_from_the_top_down():
    class Fixed(PCG32):
        def __init__(self):
            self.asked = []

        def bounded(self, bound):
            self.asked.append(bound)
            return 0

    rng = Fixed()
    assert shuffle([1, 2, 3, 4], rng) == [2, 3, 4, 1]
    assert rng.asked == [4, 3, 2]


# Full 52-card deals in deck order: the 28 peak slots from the top, the discard, the stock top first.
VECTORS = {
    0: "Th Js 7d Kh 6s 2h 2c 8d Ac Ts 3d 3s Ah 6c 7s 8s Ad Qd 2s 4d Kd Kc 3h 2d 9d 9c 5s 7c Qc 6d Qs 5c 4c 9s "
    "6h 4h Jd 9h As 8c 5h Jh 8h Ks Jc 7h Qh Tc Td 4s 3c 5d",
    1: "Ad 2h 3c 4d 6h Td 9h 6s 3h Qh 2s Ks 2c 7s 3d Jc Ts 5c 3s 5s Kc 4s 2d As Kd 8h 7c 9s Ac 8c 5d 7d Tc Qs "
    "6c 4h Qd 9c Js 9d Th Jd 8d 4c Ah 6d Kh Jh 7h 5h 8s Qc",
    3: "Th 3c 8h 4c 8d Jd As Js 3d Td 6s Kd Qs Jc 9s 2s 2h Ah 7s 2c 3h 9h 8c Ad 9c Qd 6c 2d 7c 9d Kh Kc 5c Ts "
    "4d Qc Qh Ks 7d 7h 4s 5s 3s 8s 6d Ac Jh Tc 5h 6h 4h 5d",
    50000: "4c Tc As 4s 5s 6c 8d 9c Ks Th Qc 2h 7d 5d Ts Qs Ah Ac 9d 8s 8c Kd 5h 9h Jc 3s Kc 6s Jh 9s Qh 2d 2c "
    "5c 4d Jd Td 3h Kh 6d 2s 3d 3c Ad 7c Qd 8h Js 7h 6h 7s 4h",
    26**7 - 1: "Tc 6s Qd Td 7s 8d 6c 7c 6d 3c 5h Jd Kh 8h 2d 4s 4d Th Kc Ts 7d 9s Ks 8c Qc 2c 9c Jh Jc 2h 9h 8s "
    "5d Qs Ah Ad 3d 3h Kd 7h Ac 4h 5c 9d Js 2s Qh 6h 3s 5s As 4c",
}


@pytest.mark.parametrize("number", sorted(VECTORS))
def test_r6_7_pinned_deal_vectors(number):
    assert list(deal_cards(number)) == parse_cards(VECTORS[number])


def test_r6_7_every_deal_is_a_permutation_of_the_deck():
    for number in list(range(200)) + [10**6, 26**7 - 1]:
        assert sorted(deal_cards(number)) == sorted(DECK)


def test_r6_4_deal_1_keeps_the_twelve_cards_of_the_rule_book():
    cards = deal_cards(1)
    assert len(DEAL_1_PINNED) == 12
    assert {i: str(cards[i]) for i in DEAL_1_PINNED} == DEAL_1_PINNED
    assert str(cards[DISCARD_INDEX]) == "A♣"


def test_r6_5_the_salt_makes_deal_3_winnable_under_easy_only():
    cards = deal_cards(3)
    assert winnable(cards, EASY, discard=cards[DISCARD_INDEX])
    assert not winnable(cards, CLASSIC, discard=cards[DISCARD_INDEX])


def test_r6_7_the_salt_is_the_smallest_that_meets_r6_5():
    for salt in range(SALT):
        cards = deal_cards(3, salt)
        easy = winnable(cards, EASY, discard=cards[DISCARD_INDEX])
        classic = winnable(cards, CLASSIC, discard=cards[DISCARD_INDEX])
        assert not (easy and not classic)
