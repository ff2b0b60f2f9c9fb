"""The board in words (R7), as a screen reader reads it: its declared entries, and the one
function that puts them together, in English or, given a translator, in any language.

The engine's ``Game.describe()`` is this in English; :func:`tripeaks_widget.i18n.describe` is the
same with each entry translated. Display-free: it reads a game, and imports no translation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import DECK_WITH_JOKER, Card
from .layout import LAYOUTS, Layout
from .messages import Entry

STOCK_MOST = len(DECK_WITH_JOKER) - 1  # a layout of one slot, the joker and an empty discard (V6)

BOARD = Entry(
    "Stock: {stock}; discard: {discard}. {rows}.",
    comment="The board in words, as a screen reader reads it. {stock} is what the stock holds (a number of "
    "cards, or its empty word), {discard} the discard's top card in words, {rows} the rows of the layout.",
)
STOCK_CARDS = Entry("{n} card", "{n} cards", comment="The number of cards left in the stock.")
STOCK_EMPTY = Entry("empty", context="what the stock holds", comment="The stock when it has no card left.")
DISCARD_EMPTY = Entry("empty", context="discard", comment="The discard when it has no card (variant V6).")
ROW = Entry("{row}: {cards}", comment="One row of the board: its name, then its cards.")
PEAK_TOPS = Entry("Peak tops", context="board row", comment="The top row, when it holds one card of each peak.")
TOP_ROW = Entry(
    "first row", context="board row", comment="The top row of a layout whose top row is not the peaks' tops."
)
NUMBERED_ROW = Entry(
    "row {number}", context="board row", comment="A row between the top and the bottom; {number} counts from the top."
)
BOTTOM_ROW = Entry("bottom row", context="board row", comment="The bottom row of the layout.")
ROW_NAME_ENTRIES = (PEAK_TOPS, TOP_ROW, NUMBERED_ROW, BOTTOM_ROW)
ROW_EMPTY = Entry("empty", context="row", comment="A row whose cards are all gone.")
ROW_SEPARATOR = Entry("; ", context="between rows", comment="Between two rows of the board.")
CARD_SEPARATOR = Entry(", ", context="between cards", comment="Between two cards of a row.")
HIDDEN_CARD = Entry("hidden card", comment="A face-down card.")
CARD_ENTRIES = tuple(Entry(card.words, comment="A card in words.") for card in DECK_WITH_JOKER)
LAYOUT_CONTEXT = "layout"
LAYOUT_NAME_ENTRIES = tuple(
    Entry(name, context=LAYOUT_CONTEXT, comment="The name of a built-in layout, as the New game dialog offers it.")
    for name in LAYOUTS
)

# The forms a card's name takes inside a sentence, by the role it plays there: a template writes
# ``{card:object}`` where it needs one, and each language's catalog holds every card in that form
# (Greek declines the name and needs its article, Hebrew joins the preposition, Icelandic
# declines the compound), so no sentence pastes the bare name where it does not fit.
CARD_FORMS = {
    "object": (
        "the {card}",
        "A card as the object of the hint's verb, as in 'play the king of clubs'. Greek: the "
        "accusative with its article (τον ρήγα σπαθί); Hebrew: after ב of לשחק ב (במלך תלתן, "
        "ב־8 לב); Icelandic: the definite accusative of færa (laufakónginn).",
    ),
}


def card_form(card: Card, form: str) -> Entry:
    """The catalog entry of ``card`` in the sentence form ``form`` (a key of :data:`CARD_FORMS`)."""
    english, comment = CARD_FORMS[form]
    return Entry(english.format(card=card.words), context=f"card, {form}", comment=comment)


CARD_FORM_ENTRIES = tuple(card_form(card, form) for form in CARD_FORMS for card in DECK_WITH_JOKER)
BOARD_ENTRIES = (
    BOARD,
    STOCK_CARDS,
    STOCK_EMPTY,
    DISCARD_EMPTY,
    ROW,
    *ROW_NAME_ENTRIES,
    ROW_EMPTY,
    ROW_SEPARATOR,
    CARD_SEPARATOR,
    HIDDEN_CARD,
    *CARD_ENTRIES,
    *CARD_FORM_ENTRIES,
    *LAYOUT_NAME_ENTRIES,
)

Say = Callable[..., str]  # say(entry, n=None): the entry's text in a language


def english(entry: Entry, n: int | None = None) -> str:
    """The entry's English text (its plural form for ``n``)."""
    return entry.english(n)


def card_words(card: Card | str | None, say: Say = english) -> str:
    """A card in words (``king of clubs``); None is the empty discard's word."""
    if card is None:
        return say(DISCARD_EMPTY)
    return say(Entry(Card.parse(card).words))


class NamedCard(str):
    """A card named in a sentence: its name in words (``king of clubs``), which a template may ask
    for in one of :data:`CARD_FORMS` (``"{card:object}"``: ``the king of clubs``, ``τον ρήγα
    σπαθί``); ``say`` is the language's translator."""

    card: Card
    say: Say

    def __new__(cls, card: Card | str, say: Say = english) -> NamedCard:
        parsed = Card.parse(card)
        named = super().__new__(cls, card_words(parsed, say))
        named.card, named.say = parsed, say
        return named

    def __format__(self, spec: str) -> str:
        if spec in CARD_FORMS:
            return self.say(card_form(self.card, spec))
        return format(str(self), spec)


def layout_name(layout: Layout, say: Say = english) -> str:
    """A layout's name in words: a built-in one's translated, another's as its file gives it."""
    return say(Entry(layout.name, context=LAYOUT_CONTEXT))


def stock_words(count: int, say: Say = english) -> str:
    """What the stock holds, in words: ``23 cards``, ``1 card``, or ``empty``."""
    return say(STOCK_EMPTY) if count == 0 else say(STOCK_CARDS, count).format(n=count)


def row_names(layout: Layout, say: Say = english) -> tuple[str, ...]:
    """The names of the layout's rows, from the top down: "Peak tops" (a top row of one card
    a peak) or "first row", then "row 2", "row 3" …, and "bottom row"."""
    rows = layout.rows
    tops = {layout.slots[slot].peak for slot in rows[0]}
    first = PEAK_TOPS if len(tops) == len(rows[0]) == len(layout.peak_slots) > 1 else TOP_ROW
    middle = tuple(say(NUMBERED_ROW).format(number=number) for number in range(2, len(rows)))
    return (say(first), *middle, say(BOTTOM_ROW))[: len(rows)]


def describe(game: Any, say: Say = english) -> str:
    """The board of ``game`` in words: the stock, the discard, then the layout's rows from the
    top down; face-down cards are "hidden card", removed ones are left out."""
    hidden = say(HIDDEN_CARD)
    between_cards = say(CARD_SEPARATOR)
    rows = []
    for name, row in zip(row_names(game.layout, say), game.layout.rows, strict=True):
        cards = [
            card_words(game.deck[slot], say) if game.is_face_up(slot) else hidden
            for slot in row
            if not game.is_removed(slot)
        ]
        rows.append(say(ROW).format(row=name, cards=between_cards.join(cards) or say(ROW_EMPTY)))
    return say(BOARD).format(
        stock=stock_words(game.stock_count, say),
        discard=card_words(game.discard, say),
        rows=say(ROW_SEPARATOR).join(rows),
    )
