"""Cards and their notation: ``K♣``, ``10♥``, ``A♠`` (also ASCII ``Kc``, ``Th``, ``R♣``)."""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import InvalidCardError, ascii_lower, got, shown, stray, whole_number

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
DECK_FORM = "the cards in deck order, each once, as text like '6d Ah Td …' or a list of cards or notations"
JOKER_NAMES = ("★", "jk", "joker", "🃏")
CARD_VALUES = "Card(rank, suit): rank 1 (ace) to 13 (king) and suit 0 to 3 (♣♦♥♠), or the joker Card(0, 4)"
_SYMBOLS = "".join(name for name in (*_SUIT_ALIASES, *JOKER_NAMES) if not name.isascii())
_SEPARATORS = re.compile(r"[\s,]+", re.ASCII)


class _CardFields(NamedTuple):
    rank: int
    suit: int


class Card(_CardFields):
    """A playing card: ``rank`` 1 (ace) .. 13 (king), ``suit`` 0..3 in the order ♣ ♦ ♥ ♠.
    The joker of variant V3 is ``Card(0, 4)``: rank 0 stands for any rank. One argument is
    read as notation: ``Card("K♣")`` is ``Card.parse("K♣")``, as the card's repr writes it. Any
    other values raise ``InvalidCardError``."""

    __slots__ = ()

    def __new__(cls, rank: int | str, suit: int | None = None) -> Card:
        if suit is None:
            if isinstance(rank, (str, Card)):
                return cls.parse(rank)
            raise InvalidCardError(f"not a card: {got(rank)}; expected {CARD_VALUES}, or notation: {CARD_FORM}")
        whole_rank, whole_suit = whole_number(rank), whole_number(suit)
        if (
            whole_rank is None
            or whole_suit is None
            or (not (1 <= whole_rank <= 13 and 0 <= whole_suit <= 3) and (whole_rank, whole_suit) != (0, 4))
        ):
            raise InvalidCardError(f"not a card: rank {shown(rank)}, suit {shown(suit)}; expected {CARD_VALUES}")
        return super().__new__(cls, whole_rank, whole_suit)

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card from notation: ``"K♣"``, ``"Kc"``, ``"10h"``, ``"Th"``, ``"R♣"``, ``"★"``.
        ASCII letters in any case, around them ASCII space; anything else raises ``InvalidCardError``."""
        if isinstance(text, Card):
            card = _canonical(text)  # None when made without the checks of ``Card(…)``, e.g. by ``_replace``
            if card is None:
                raise InvalidCardError(f"not a card: {shown(text)}; expected {CARD_VALUES}")
            return card
        if not isinstance(text, str):
            raise InvalidCardError(f"expected a card as text, {CARD_FORM}; got {got(text)}")
        token = ascii_lower(text)
        if token in JOKER_NAMES:
            return JOKER
        rank = _RANK_ALIASES.get(token[:-1])
        suit = _SUIT_ALIASES.get(token[-1:])
        if rank is None or suit is None:
            raise InvalidCardError(f"not a card: {shown(text)}{stray(text, _SYMBOLS)}; expected {CARD_FORM}")
        return _CANONICAL[rank, suit]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` 0..51 of the ordered deck (see ``index``); 52 is the joker."""
        number = whole_number(index)
        if number is None or not 0 <= number <= 52:
            raise InvalidCardError(f"a card's index is a whole number from 0 to 52 (52 is the joker); got {got(index)}")
        return DECK_WITH_JOKER[number]

    @property
    def index(self) -> int:  # type: ignore[override]  # deliberately shadows tuple.index
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
        """True for hearts and diamonds."""
        return self.suit in (1, 2)

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + SUITS[self.suit] if self.rank else "★"

    def __repr__(self) -> str:
        if _canonical(self) is None:  # values ``Card(…)`` refuses: show them as they are
            return f"Card(rank={shown(self.rank)}, suit={shown(self.suit)})"
        return f"Card('{self}')"


JOKER = Card(0, 4)
DECK: tuple[Card, ...] = tuple(Card(i % 13 + 1, i // 13) for i in range(52))
DECK_WITH_JOKER: tuple[Card, ...] = DECK + (JOKER,)
_CANONICAL: dict[tuple[int, int], Card] = {card: card for card in DECK_WITH_JOKER}


def _canonical(card: Card) -> Card | None:
    """The card equal to ``card``, or None."""
    try:
        return _CANONICAL.get(card)
    except TypeError:  # unhashable fields
        return None


def card_tokens(text: str) -> list[str]:
    """The card notations in ``text``, separated by ASCII white space or commas."""
    if not isinstance(text, str):
        raise InvalidCardError(f"expected cards as text separated by spaces, e.g. '6d Ah Td'; got {got(text)}")
    return [token for token in _SEPARATORS.split(text) if token]


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by ASCII white space or commas, in either notation."""
    return [Card.parse(token) for token in card_tokens(text)]
