"""Cards and their notation: ``K♣``, ``10♥``, ``A♠`` (also ASCII ``Kc``, ``Th``, ``R♣``)."""

from __future__ import annotations

from typing import NamedTuple

SUITS = "♣♦♥♠"  # deck order: clubs, diamonds, hearts, spades
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")

_SUIT_ALIASES = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_RANK_ALIASES = {name.lower(): i + 1 for i, name in enumerate(RANKS)} | {"t": 10, "r": 13}

CARD_FORM = (
    "a rank (A 2-10 J Q K, T for 10, R for king) then a suit (♣♦♥♠ or C D H S), e.g. 'K♣', "
    "'10h', 'Td'; or the joker: '★', 'JK'"
)
JOKER_NAMES = ("★", "jk", "joker", "🃏")


class Card(NamedTuple):
    """A playing card: ``rank`` 1 (ace) .. 13 (king), ``suit`` 0..3 in the order ♣ ♦ ♥ ♠.
    The joker of variant V3 is ``Card(0, 4)``: rank 0 stands for any rank."""

    rank: int
    suit: int

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card from notation: ``"K♣"``, ``"Kc"``, ``"10h"``, ``"Th"``, ``"R♣"``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"expected a card as text, {CARD_FORM}; got {text!r}")
        token = text.strip()
        if token.lower() in JOKER_NAMES:
            return JOKER
        rank = _RANK_ALIASES.get(token[:-1].lower())
        suit = _SUIT_ALIASES.get(token[-1:].lower())
        if rank is None or suit is None:
            raise ValueError(f"not a card: {text!r}; expected {CARD_FORM}")
        return cls(rank, suit)

    @classmethod
    def from_index(cls, index: int) -> Card:
        return JOKER if index == 52 else cls(index % 13 + 1, index // 13)

    @property
    def index(self) -> int:
        """Position 0..51 in the ordered deck (A♣ … K♣, A♦ … K♠); 52 for the joker."""
        return self.suit * 13 + self.rank - 1 if self.rank else 52

    @property
    def ascii(self) -> str:
        """ASCII form as other TriPeaks tools write it: ``Kc``, ``Td``, ``Ah``."""
        if not self.rank:
            return "JK"
        return ("T" if self.rank == 10 else RANKS[self.rank - 1]) + "cdhs"[self.suit]

    @property
    def words(self) -> str:
        """The card in words, as a screen reader says it: ``king of clubs``."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}" if self.rank else "joker"

    @property
    def is_red(self) -> bool:
        return self.suit in (1, 2)

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + SUITS[self.suit] if self.rank else "★"

    def __repr__(self) -> str:
        return f"Card('{self}')"


JOKER = Card(0, 4)
DECK: tuple[Card, ...] = tuple(Card.from_index(i) for i in range(52))
DECK_WITH_JOKER: tuple[Card, ...] = DECK + (JOKER,)


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas, in either notation."""
    if not isinstance(text, str):
        raise ValueError(f"expected cards as text separated by spaces, e.g. '6d Ah Td'; got {text!r}")
    return [Card.parse(token) for token in text.replace(",", " ").split()]
