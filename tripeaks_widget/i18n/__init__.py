"""The game in English, Greek, Hebrew and Icelandic: messages, the board in words, labels.

Every text a player reads has its English wording as a gettext message id; the
translations are the catalogs in ``locale/<lang>/LC_MESSAGES/tripeaks.po``, compiled
to the ``.mo`` files that ship in the package and are read here with the standard
library's :mod:`gettext` (English is the source language: it needs no catalog).

- :func:`translate` says an engine or widget message (a plain ``str``, or a
  :class:`~tripeaks_widget.engine.messages.Message`: a declared entry with values and plural forms)
  in a language;
- :func:`describe` is the board in words (R7) in a language, :func:`card_name` one card;
- :func:`labels` is the front end's label table (``js/src/labels.js``) in a language;
- :func:`direction` is the writing direction, :func:`default_language` the language
  the kernel's locale asks for.

``python tools/catalogs.py update|compile|check`` keeps the catalogs in step
with the code (see ``tools/catalogs.py``).
"""

from __future__ import annotations

import gettext
import json
import locale
import logging
import os
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import words
from ..engine.cards import DECK_WITH_JOKER, Card
from ..engine.errors import InvalidValueError, shown
from ..engine.layout import LAYOUTS, Layout
from ..engine.messages import Entry, Message
from ..engine.words import (  # re-exported: the board's entries, as they were named here
    BOARD as BOARD,
)
from ..engine.words import (
    BOARD_ENTRIES as BOARD_ENTRIES,
)
from ..engine.words import (
    CARD_ENTRIES as CARD_ENTRIES,
)
from ..engine.words import (
    CARD_SEPARATOR as CARD_SEPARATOR,
)
from ..engine.words import (
    DISCARD_EMPTY as DISCARD_EMPTY,
)
from ..engine.words import (
    HIDDEN_CARD as HIDDEN_CARD,
)
from ..engine.words import (
    ROW as ROW,
)
from ..engine.words import (
    ROW_EMPTY as ROW_EMPTY,
)
from ..engine.words import (
    ROW_NAME_ENTRIES as ROW_NAME_ENTRIES,
)
from ..engine.words import (
    ROW_SEPARATOR as ROW_SEPARATOR,
)
from ..engine.words import (
    STOCK_CARDS as STOCK_CARDS,
)

if TYPE_CHECKING:
    from ..engine.game import Game

log = logging.getLogger("tripeaks_widget")

LANGUAGES = ("en", "el", "he", "is")  # English, Greek, Hebrew, Icelandic
SOURCE_LANGUAGE = "en"  # the message ids are the English texts
LANGUAGE_NAMES = {"en": "English", "el": "Ελληνικά", "he": "עברית", "is": "Íslenska"}  # each by its own name
RTL_LANGUAGES = frozenset({"he"})
DOMAIN = "tripeaks"
LOCALE_DIR = Path(__file__).with_name("locale")
LABELS_FILE = LOCALE_DIR / "labels.json"  # the front end's English label table, key -> text
CARD_LABEL_PREFIX = "card_"  # labels() also names every card in full: "card_K♣" -> "king of clubs"
STOCK_LABEL_PREFIX = "stock_cards_"  # and what the stock holds at each count: "stock_cards_2" -> "שני קלפים"
LAYOUT_LABEL_PREFIX = "layout_"  # and every built-in layout by its key: "layout_DIAMOND" -> "Ρόμβος"


# The board's words (R7) are declared in tripeaks_widget/engine/words.py, the messages' one class in
# tripeaks_widget/engine/messages.py; they are named here too, where they are translated.


_CARD_BY_WORDS = {card.words: card for card in DECK_WITH_JOKER}


# -- languages ------------------------------------------------------------------------------------


def check_language(lang: str | None) -> str:
    """``lang`` itself when it is one of :data:`LANGUAGES`; None means :func:`default_language`.
    Every function here takes ``lang`` this way."""
    if lang is None:
        return default_language()
    if lang not in LANGUAGES:
        raise InvalidValueError(
            f"unknown language {shown(lang)}; choose one of {', '.join(map(repr, LANGUAGES))} "
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


def forget_catalogs() -> None:
    """Read the compiled catalogs again when next asked (after they were written anew)."""
    _load.cache_clear()


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


class LayoutName(str):
    """A layout named in a sentence by its key (``"DIAMOND"``): a built-in layout's English name
    (``"Diamond"``), said in any language as the board and the New game dialog say it
    (:func:`layout_name`: ``"Ρόμβος"``); a key no built-in layout has stays as it is."""

    key: str
    layout: Layout | None

    def __new__(cls, key: str) -> LayoutName:
        layout = next((layout for layout in LAYOUTS.values() if layout.key == key), None)
        name = super().__new__(cls, key if layout is None else layout.name)
        name.key, name.layout = key, layout
        return name

    def say(self, lang: str | None) -> str:
        """This layout's name in ``lang``."""
        return str(self) if self.layout is None else layout_name(self.layout, lang)


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
    ``lang``, as a :class:`~tripeaks_widget.engine.words.NamedCard` so that the template may ask for the
    form the sentence needs (``{card:object}``); card notation (``"K♣"``) and anything else stay
    as they are."""
    if isinstance(value, (Card, words.NamedCard)):
        return words.NamedCard(value if isinstance(value, Card) else value.card, _sayer(lang))
    if isinstance(value, (RuleSetName, LayoutName)):
        return value.say(lang)
    if isinstance(value, Message):
        return translate(value, lang)
    if isinstance(value, str):
        if value in _CARD_BY_WORDS:
            return words.NamedCard(_CARD_BY_WORDS[value], _sayer(lang))
    return value


def translate(message: str | None, lang: str | None) -> str:
    """``message`` in ``lang``: a plain English text (a message id), or a
    :class:`~tripeaks_widget.engine.messages.Message`, whose entry is translated (in the plural form its
    count asks for) and then filled with its values (themselves translated when they are cards
    or messages).

    Text that is not in the catalogs comes back unchanged; this never raises for any text
    (only for an unknown ``lang``, naming the choices). ``None`` and ``""`` give ``""``.
    """
    lang = check_language(lang)
    if not message:
        return ""  # gettext("") would be the catalog's header
    if not isinstance(message, str):
        return str(message)
    if isinstance(message, RuleSetName):
        return message.say(lang)
    if not isinstance(message, Message):
        return catalog(lang).gettext(message)
    if lang == SOURCE_LANGUAGE or not message.template:
        return str(message)
    said = text(message.entry, lang, message.values.get("n"))
    if said == message.entry.english(message.values.get("n")):  # a template the catalogs do not have
        return str(message)
    try:
        return said.format(**{name: _value(value, lang) for name, value in message.values.items()})
    except (KeyError, IndexError, ValueError, AttributeError, TypeError) as error:
        log.warning("could not fill %r in %s: %s", said, lang, error)
        return str(message)


# -- the board in words (R7) --------------------------------------------------------------------------


def card_name(card: Card | str | None, lang: str | None) -> str:
    """A card in words: ``king of clubs``, ``מלך תלתן``, ``ρήγας σπαθί``, ``laufakóngur``;
    ``card`` is a Card or notation (``"K♣"``); None is the empty discard's word."""
    return words.card_words(card, _sayer(lang))


def layout_name(layout: Layout, lang: str | None) -> str:
    """A layout's name: a built-in one's in ``lang`` (``Ρόμβος``), another's as its file gives it."""
    return words.layout_name(layout, _sayer(lang))


def describe(game: Game, lang: str | None) -> str:
    """The board of ``game`` in words, as a screen reader reads it (R7), in ``lang``: the
    entries of :mod:`tripeaks_widget.engine.words`, translated. In English it is ``Game.describe()``."""
    return words.describe(game, _sayer(lang))


def _sayer(lang: str | None) -> words.Say:
    lang = check_language(lang)
    return lambda entry, n=None: text(entry, lang, n)


# -- the front end's labels ------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def english_labels() -> dict[str, str]:
    """The front end's label table in English (``js/src/labels.js``), key -> text."""
    try:
        labels: dict[str, str] = json.loads(LABELS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        log.warning("no usable label table (%s)", error)
        return {}
    return labels


def label_entry(key: str, english: str) -> Entry:
    """A label's catalog entry: the key is the context, so one English text may be said
    differently in two places ("Undo" the button, "Cancel" the dialog's)."""
    return Entry(english, context=key, comment=f"Front-end label {key!r}.")


def labels(lang: str | None) -> dict[str, str]:
    """The front end's label table in ``lang``: every key of ``js/src/labels.js`` with its text
    (placeholders such as ``{n}`` kept for the front end to fill), plus ``card_<notation>`` for
    every card named in full (``"card_K♣"``, ``"card_10♥"``, ``"card_★"``), as the board
    description names it, and ``stock_cards_<n>`` for every count the stock can hold, in the
    language's plural forms and its empty word (``"stock_cards_0"``: ``"ריקה"``), as the board
    description says them, and ``layout_<key>`` for every built-in layout's name (``"layout_DIAMOND"``)."""
    lang = check_language(lang)
    table = {key: text(label_entry(key, english), lang) for key, english in english_labels().items()}
    table.update({f"{CARD_LABEL_PREFIX}{card}": card_name(card, lang) for card in DECK_WITH_JOKER})
    say = _sayer(lang)
    table.update({f"{STOCK_LABEL_PREFIX}{n}": words.stock_words(n, say) for n in range(words.STOCK_MOST + 1)})
    table.update({f"{LAYOUT_LABEL_PREFIX}{layout.key}": layout_name(layout, lang) for layout in LAYOUTS.values()})
    return table


__all__ = [
    "LANGUAGES",
    "Entry",
    "LayoutName",
    "RuleSetName",
    "card_name",
    "default_language",
    "describe",
    "direction",
    "labels",
    "language_of",
    "layout_name",
    "rules_name",
    "translate",
]
