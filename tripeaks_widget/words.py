"""The board in words (R7), as a screen reader reads it: its declared entries, and the one
function that puts them together, in English or, given a translator, in any language.

The engine's ``Game.describe()`` is this in English; :func:`tripeaks_widget.i18n.describe` is the
same with each entry translated. Display-free: it reads a game, and imports no translation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import DECK_WITH_JOKER, Card
from .layout import ROW_NAMES, ROWS
from .messages import Entry

BOARD = Entry(
    "Stock: {stock}; discard: {discard}. {rows}.",
    comment="The board in words, as a screen reader reads it. {stock} is a number of cards, "
    "{discard} the discard's top card in words, {rows} the four rows.",
)
STOCK_CARDS = Entry("{n} card", "{n} cards", comment="The number of cards left in the stock.")
DISCARD_EMPTY = Entry("empty", context="discard", comment="The discard when it has no card (variant V6).")
ROW = Entry("{row}: {cards}", comment="One row of the board: its name, then its cards.")
ROW_NAME_ENTRIES = tuple(
    Entry(name, context="board row", comment="A row's name, from the peak tops down.") for name in ROW_NAMES
)
ROW_EMPTY = Entry("empty", context="row", comment="A row whose cards are all gone.")
ROW_SEPARATOR = Entry("; ", context="between rows", comment="Between two rows of the board.")
CARD_SEPARATOR = Entry(", ", context="between cards", comment="Between two cards of a row.")
HIDDEN_CARD = Entry("hidden card", comment="A face-down card.")
CARD_ENTRIES = tuple(Entry(card.words, comment="A card in words.") for card in DECK_WITH_JOKER)
BOARD_ENTRIES = (
    BOARD,
    STOCK_CARDS,
    DISCARD_EMPTY,
    ROW,
    *ROW_NAME_ENTRIES,
    ROW_EMPTY,
    ROW_SEPARATOR,
    CARD_SEPARATOR,
    HIDDEN_CARD,
    *CARD_ENTRIES,
)

Say = Callable[..., str]  # say(entry, n=None): the entry's text in a language


def english(entry: Entry, n: int | None = None) -> str:
    return entry.english(n)


def card_words(card: Card | str | None, say: Say = english) -> str:
    """A card in words (``king of clubs``); None is the empty discard's word."""
    if card is None:
        return say(DISCARD_EMPTY)
    return say(Entry(Card.parse(card).words))


def describe(game: Any, say: Say = english) -> str:
    """The board of ``game`` in words: the stock, the discard, then the four rows from the peak
    tops down; face-down cards are "hidden card", removed ones are left out."""
    hidden = say(HIDDEN_CARD)
    between_cards = say(CARD_SEPARATOR)
    rows = []
    for name, row in zip(ROW_NAME_ENTRIES, ROWS, strict=True):
        cards = [
            card_words(game.deck[slot], say) if game.is_face_up(slot) else hidden
            for slot in row
            if not game.is_removed(slot)
        ]
        rows.append(say(ROW).format(row=say(name), cards=between_cards.join(cards) or say(ROW_EMPTY)))
    count = game.stock_count
    return say(BOARD).format(
        stock=say(STOCK_CARDS, count).format(n=count),
        discard=card_words(game.discard, say),
        rows=say(ROW_SEPARATOR).join(rows),
    )
