"""The game in English, Greek, Hebrew and Icelandic: messages, the board in words, labels.

Every text a player reads has its English wording as a gettext message id; the
translations are the catalogs in ``locale/<lang>/LC_MESSAGES/tripeaks.po``, compiled
to the ``.mo`` files that ship in the package and are read here with the standard
library's :mod:`gettext` (English is the source language: it needs no catalog).

- :func:`translate` says an engine or widget message (a plain ``str``, a
  :class:`~tripeaks_widget.game.Message`, or a :class:`Phrase`: an entry with values and
  plural forms, as the records' notices are) in a language;
- :func:`describe` is the board in words (R7) in a language, :func:`card_name` one card;
- :func:`labels` is the front end's label table (``js/src/labels.js``) in a language;
- :func:`direction` is the writing direction, :func:`default_language` the language
  the kernel's locale asks for.

``python -m tripeaks_widget.catalogs update|compile|check`` keeps the catalogs in step
with the code (see :mod:`tripeaks_widget.catalogs`).
"""

from __future__ import annotations

import gettext
import json
import locale
import logging
import os
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import DECK_WITH_JOKER, Card
from .layout import ROW_NAMES, ROWS

if TYPE_CHECKING:
    from .game import Game

log = logging.getLogger("tripeaks_widget")

LANGUAGES = ("en", "el", "he", "is")  # English, Greek, Hebrew, Icelandic
SOURCE_LANGUAGE = "en"  # the message ids are the English texts
RTL_LANGUAGES = frozenset({"he"})
DOMAIN = "tripeaks"
LOCALE_DIR = Path(__file__).with_name("locale")
LABELS_FILE = LOCALE_DIR / "labels.json"  # the front end's English label table, key -> text
CARD_LABEL_PREFIX = "card_"  # labels() also names every card in full: "card_K♣" -> "king of clubs"


class Entry(NamedTuple):
    """One message of the catalogs: its English text, plural, context and a note for translators."""

    msgid: str
    plural: str | None = None
    context: str | None = None
    comment: str = ""


# -- the board in words (R7) --------------------------------------------------------------------
# The English rendering is exactly Game.describe()'s line.

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

_CARD_BY_WORDS = {card.words: card for card in DECK_WITH_JOKER}


# -- languages ------------------------------------------------------------------------------------


def check_language(lang: str | None) -> str:
    """``lang`` itself when it is one of :data:`LANGUAGES`; None means :func:`default_language`.
    Every function here takes ``lang`` this way."""
    if lang is None:
        return default_language()
    if lang not in LANGUAGES:
        raise ValueError(
            f"unknown language {lang!r}; choose one of {', '.join(map(repr, LANGUAGES))} "
            "(English, Greek, Hebrew, Icelandic)"
        )
    return lang


def direction(lang: str | None) -> str:
    """The writing direction of ``lang``: ``"rtl"`` for Hebrew, else ``"ltr"``."""
    return "rtl" if check_language(lang) in RTL_LANGUAGES else "ltr"


def language_of(tag: str | None) -> str | None:
    """The supported language a locale name or language tag asks for, or None:
    ``"he_IL.UTF-8"`` → ``"he"``, ``"el-GR"`` → ``"el"``, ``"iw"`` → ``"he"``, ``"Icelandic"`` → ``"is"``,
    ``"fr_FR"``, ``"C"`` → None."""
    if not isinstance(tag, str) or not tag.strip():
        return None
    name = tag.strip().replace("-", "_").split(".")[0].split("@")[0]
    if name.upper() in ("C", "POSIX"):
        return None
    for candidate in (name, locale.normalize(name.split("_")[0]), locale.normalize(name)):
        code = candidate.split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
    return None


def default_language() -> str:
    """The language the kernel's locale asks for, else English.

    As :mod:`gettext` does, the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``
    that is set decides (``LANGUAGE`` may list several, ``he:en``; the first supported one
    wins); with none set, :func:`locale.getlocale` (the locale the process runs in). A locale
    of a language the game does not speak (``fr_FR``, ``C.UTF-8``) gives English.
    """
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            for tag in value.split(":"):
                lang = language_of(tag)
                if lang:
                    return lang
            if variable != "LANGUAGE":  # LANGUAGE may list only unknown languages: then the locale decides
                return SOURCE_LANGUAGE
    try:
        name = locale.getlocale()[0]
    except ValueError:  # an unparsable locale setting
        name = None
    return language_of(name) or SOURCE_LANGUAGE


# -- the catalogs ----------------------------------------------------------------------------------


def mo_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def catalog(lang: str | None) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: the message ids themselves)."""
    return _load(check_language(lang))


@cache
def _load(lang: str) -> gettext.NullTranslations:
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    try:
        with open(mo_path(lang), "rb") as file:
            return gettext.GNUTranslations(file)
    except (OSError, ValueError) as error:  # a broken install: say it in English rather than fail
        log.warning("no usable %s catalog (%s); messages stay in English", lang, error)
        return gettext.NullTranslations()


def text(entry: Entry, lang: str | None, n: int | None = None) -> str:
    """The translation of one catalog entry (``n`` picks the plural form of a plural entry)."""
    table = catalog(lang)
    if entry.plural is not None:
        count = 1 if n is None else n
        if entry.context is not None:
            return table.npgettext(entry.context, entry.msgid, entry.plural, count)
        return table.ngettext(entry.msgid, entry.plural, count)
    if entry.context is not None:
        return table.pgettext(entry.context, entry.msgid)
    return table.gettext(entry.msgid)


# -- messages -----------------------------------------------------------------------------------------


class Phrase(str):
    """English text that keeps its catalog entry and values, so it can be said in any language.

    ``Phrase(entry, **values)`` is the entry's English text filled with ``values``; a plural
    entry picks its form by the value ``n`` (``Phrase(Entry("{n} move", "{n} moves"), n=3)`` is
    ``"3 moves"``). Values may be numbers, cards, other phrases, :class:`RuleSetName` or
    Messages: :func:`translate` says each of them in the language too. Like a
    :class:`~tripeaks_widget.game.Message` it has ``template`` (the entry's English text) and
    ``values``."""

    entry: Entry
    template: str
    values: dict

    def __new__(cls, entry: Entry, /, **values: Any) -> Phrase:
        phrase = super().__new__(cls, text(entry, SOURCE_LANGUAGE, values.get("n")).format(**values))
        phrase.entry, phrase.template, phrase.values = entry, entry.msgid, values
        return phrase

    def say(self, lang: str | None) -> str:
        """This phrase in ``lang``."""
        lang = check_language(lang)
        if lang == SOURCE_LANGUAGE:
            return str(self)
        said = text(self.entry, lang, self.values.get("n"))
        try:
            return said.format(**{name: _value(value, lang) for name, value in self.values.items()})
        except (KeyError, IndexError, ValueError, AttributeError, TypeError) as error:
            log.warning("could not fill %r in %s: %s", said, lang, error)
            return str(self)


class RuleSetName(str):
    """A rule set named in a sentence: its English text as given (``"Easy + joker"``), and its key
    (``"easy+joker"``), which names it in any language with the front end's labels
    (``rules_easy``, ``variant_joker``): ``"Εύκολο + Τζόκερ"``."""

    key: str

    def __new__(cls, key: str, english: str | None = None) -> RuleSetName:
        name = super().__new__(cls, key if english is None else english)
        name.key = key
        return name

    def say(self, lang: str | None) -> str:
        """This rule set's name in ``lang``."""
        lang = check_language(lang)
        if lang == SOURCE_LANGUAGE:
            return str(self)
        return rules_name(self.key, lang)


def rules_name(key: str, lang: str | None) -> str:
    """A rule set's name from its key, in ``lang``: ``"classic+joker"`` → ``"Classic + Joker"``,
    ``"Κλασικό + Τζόκερ"``; a part the labels do not name stays as it is."""
    lang = check_language(lang)
    table = english_labels()
    base, *variants = str(key).split("+")
    words = []
    for label, part in [(f"rules_{base}", base), *((f"variant_{v}", v) for v in variants)]:
        words.append(text(label_entry(label, table[label]), lang) if label in table else part)
    return " + ".join(words)


def _value(value: Any, lang: str) -> Any:
    """A value of a templated message as said in ``lang``: a nested Message is translated, and
    a card (a Card, or a card's English name in words such as ``"king of clubs"``) is named in
    ``lang``; card notation (``"K♣"``) and anything else stay as they are."""
    if isinstance(value, Card):
        return card_name(value, lang)
    if isinstance(value, (Phrase, RuleSetName)):
        return value.say(lang)
    if isinstance(value, str):
        if hasattr(value, "template") and hasattr(value, "values"):
            return translate(value, lang)
        if value in _CARD_BY_WORDS:
            return card_name(_CARD_BY_WORDS[value], lang)
    return value


def translate(message: str | None, lang: str | None) -> str:
    """``message`` in ``lang``: a plain English text (a message id), or a
    :class:`~tripeaks_widget.game.Message`, whose template is translated and then filled
    with its values (themselves translated when they are cards or messages), or a
    :class:`Phrase` (its entry translated, in the plural form its count asks for).

    Text that is not in the catalogs comes back unchanged; this never raises for any text
    (only for an unknown ``lang``, naming the choices). ``None`` and ``""`` give ``""``.
    """
    lang = check_language(lang)
    if not message:
        return ""  # gettext("") would be the catalog's header
    if not isinstance(message, str):
        return str(message)
    if isinstance(message, (Phrase, RuleSetName)):
        return message.say(lang)
    template = getattr(message, "template", None)
    values = getattr(message, "values", None)
    if not isinstance(template, str) or not isinstance(values, dict):
        return catalog(lang).gettext(message)
    if not template:
        return str(message)
    said = catalog(lang).gettext(template)
    if said == template:  # English, or a template the catalogs do not have: the text as it is
        return str(message)
    try:
        return said.format(**{name: _value(value, lang) for name, value in values.items()})
    except (KeyError, IndexError, ValueError, AttributeError, TypeError) as error:
        log.warning("could not fill %r in %s: %s", said, lang, error)
        return str(message)


# -- the board in words (R7) --------------------------------------------------------------------------


def card_name(card: Card | str | None, lang: str | None) -> str:
    """A card in words: ``king of clubs``, ``מלך תלתן``, ``ρήγας σπαθί``, ``laufakóngur``;
    ``card`` is a Card or notation (``"K♣"``); None is the empty discard's word."""
    if card is None:
        return text(DISCARD_EMPTY, lang)
    return text(Entry(Card.parse(card).words), lang)


def describe(game: Game, lang: str | None) -> str:
    """The board of ``game`` in words, as a screen reader reads it (R7), in ``lang``:
    the stock, the discard, then the four rows from the peak tops down; face-down cards are
    "hidden card", removed ones are left out. In English it is ``Game.describe()``."""
    lang = check_language(lang)
    hidden = text(HIDDEN_CARD, lang)
    between_cards = text(CARD_SEPARATOR, lang)
    rows = []
    for name, row in zip(ROW_NAME_ENTRIES, ROWS, strict=False):
        cards = [
            card_name(game.deck[slot], lang) if game.is_face_up(slot) else hidden
            for slot in row
            if not game.is_removed(slot)
        ]
        rows.append(
            text(ROW, lang).format(row=text(name, lang), cards=between_cards.join(cards) or text(ROW_EMPTY, lang))
        )
    count = game.stock_count
    return text(BOARD, lang).format(
        stock=text(STOCK_CARDS, lang, count).format(n=count),
        discard=card_name(game.discard, lang),
        rows=text(ROW_SEPARATOR, lang).join(rows),
    )


# -- the front end's labels ------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def english_labels() -> dict[str, str]:
    """The front end's label table in English (``js/src/labels.js``), key -> text."""
    try:
        return json.loads(LABELS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        log.warning("no usable label table (%s)", error)
        return {}


def label_entry(key: str, english: str) -> Entry:
    """A label's catalog entry: the key is the context, so one English text may be said
    differently in two places ("Undo" the button, "Cancel" the dialog's)."""
    return Entry(english, context=key, comment=f"Front-end label {key!r}.")


def labels(lang: str | None) -> dict[str, str]:
    """The front end's label table in ``lang``: every key of ``js/src/labels.js`` with its text
    (placeholders such as ``{n}`` kept for the front end to fill), plus ``card_<notation>`` for
    every card named in full (``"card_K♣"``, ``"card_10♥"``, ``"card_★"``), as the board
    description names it."""
    lang = check_language(lang)
    table = {key: text(label_entry(key, english), lang) for key, english in english_labels().items()}
    table.update({f"{CARD_LABEL_PREFIX}{card}": card_name(card, lang) for card in DECK_WITH_JOKER})
    return table


__all__ = [
    "LANGUAGES",
    "Entry",
    "Phrase",
    "RuleSetName",
    "card_name",
    "default_language",
    "describe",
    "direction",
    "labels",
    "language_of",
    "rules_name",
    "translate",
]
