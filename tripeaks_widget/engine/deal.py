"""The deal generator (R6.7): PCG32, an unbiased bounded draw and a Fisher–Yates shuffle.

A deal is 52 cards in *deck order*, the order other TriPeaks tools use too: the layout's
peak slots in their order (Three Peaks' 28 row by row from the top, left to right; see
``layout``), then the first discard, then the stock from its top card down. One shuffle
serves every layout: deal ``n`` on another layout is the same cards, laid out there.

Deal number ``n`` seeds PCG32 (O'Neill 2014, the reference ``pcg32_srandom_r``)
with ``initstate = n`` and ``initseq = SALT``. The ordered deck A♣..K♣, A♦..K♦,
A♥..K♥, A♠..K♠ (then the joker, with variant V3: 53 cards) is shuffled by
Fisher–Yates from the last position down: for ``i = n-1 .. 1`` swap position ``i``
with ``j = bounded(i + 1)``. The result, read in deck order, is the deal. Only deal 1
differs, on Three Peaks: the 12 cards that R6.4 fixes are placed first and the same
shuffle orders the others into the remaining places.

With variant V6 (empty discard at the start) the card at the discard's place is the
stock's top card instead.
"""

from __future__ import annotations

from typing import TypeVar

from .cards import DECK, DECK_WITH_JOKER, Card
from .errors import InvalidNumberError, got, whole_number

MASK32 = 0xFFFFFFFF
MASK64 = 0xFFFFFFFFFFFFFFFF
PCG_MULTIPLIER = 6364136223846793005
T = TypeVar("T")

# The salt is the PCG32 stream selector. It is the smallest value >= 0 for which deal 3
# is winnable under Easy and not under Classic (R6.5): with salt 0 deal 3 is winnable
# under both. Found by exhaustive search; tests/engine/test_deal.py re-checks it.
SALT = 1

# R6.4: the cards of Three Peaks' deal 1 that the rule documents fix, by deck-order index.
DISCARD_INDEX = 28
DEAL_1_PINNED: dict[int, str] = {
    18: "3♠",
    19: "5♠",
    20: "K♣",
    21: "4♠",
    22: "2♦",  # bottom row, left to right
    23: "A♠",
    24: "K♦",
    25: "8♥",
    26: "7♣",
    27: "9♠",
    13: "7♠",  # row 3 card 4 (middle peak), uncovered by K♣ A♠ 2♦
    DISCARD_INDEX: "A♣",
}


class PCG32:
    """The PCG32 generator (XSH RR output, 64-bit state), as in the reference C code."""

    def __init__(self, initstate: int, initseq: int) -> None:
        self.state = 0
        self.inc = ((initseq << 1) | 1) & MASK64
        self.next()
        self.state = (self.state + initstate) & MASK64
        self.next()

    def next(self) -> int:
        """The next 32-bit output (PCG-XSH-RR), advancing the state."""
        old = self.state
        self.state = (old * PCG_MULTIPLIER + self.inc) & MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & MASK32

    def bounded(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)``, by rejection (``pcg32_boundedrand_r``)."""
        threshold = (0x100000000 - bound) % bound  # 2**32 mod bound, as (-bound) % bound in uint32
        while True:
            r = self.next()
            if r >= threshold:
                return r % bound


def shuffle(items: list[T], rng: PCG32) -> list[T]:
    """Fisher–Yates in place, from the last position down; returns ``items``."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.bounded(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def deal_cards(number: int, salt: int = SALT, *, joker: bool = False, pinned: bool = True) -> tuple[Card, ...]:
    """The cards of deal ``number`` (a whole number; PCG32 reads it modulo 2**64) in deck order:
    52, or 53 with the joker. ``pinned``: deal 1 holds the cards R6.4 fixes (Three Peaks')."""
    whole = whole_number(number)
    if whole is None:
        raise InvalidNumberError(f"a deal number is a whole number; got {got(number)}")
    deck = DECK_WITH_JOKER if joker else DECK
    rng = PCG32(whole, salt)
    if whole != 1 or not pinned:
        return tuple(shuffle(list(deck), rng))
    fixed = {index: Card.parse(text) for index, text in DEAL_1_PINNED.items()}
    rest = shuffle([card for card in deck if card not in fixed.values()], rng)
    fill = iter(rest)
    return tuple(fixed[i] if i in fixed else next(fill) for i in range(len(deck)))
