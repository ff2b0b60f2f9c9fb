"""Strict input: the error each constructor raises, and the ASCII-only folding text is read with.

Each kind of input has its own error type, a ``ValueError`` (so ``except ValueError`` catches
them all), whose message names the form expected:

- ``InvalidCardError``: ``Card(…)``, ``Card.parse``, ``Card.from_index``, ``parse_cards``;
- ``InvalidRulesError``: ``Rules.parse``, ``Rules.with_variants``, and every ``rules=`` argument;
- ``InvalidCodeError``: ``parse_code``, and what to deal that is not a code, a game number or a
  rule set (``Game(what)``, ``Board(what)`` …; a code that contradicts ``rules=`` too);
- ``InvalidNumberError``: ``Game.from_number`` and ``number_code``, and a game number outside the
  numbered series, 1 to 50,000, wherever what to deal is read (``engine.dealing``);
- ``InvalidDeckError``: ``Game.from_deck``, naming the card at fault;
- ``InvalidSnapshotError``: ``Game.from_dict``, naming the part at fault;
- ``InvalidDateError``: a date of the game of the day (``Game.of_the_day``);
- ``InvalidChallengeError``: ``Challenge.parse`` and a challenge that cannot be met under its rules;
- ``InvalidLayoutError``: ``Layout(…)``, ``Layout.load``, ``Layout.from_dict`` and ``Layout.parse``
  (every ``layout=``), naming the slot(s) at fault;
- ``InvalidRecordsError``: what the records are given (``Records(…)``, ``$TRIPEAKS_RECORDS``, a
  class's student names, a challenge the store does not have, a result the store refuses).

A records store that cannot be used raises ``RecordsError``, the base of ``InvalidRecordsError``,
and not a ``ValueError`` itself: a store that is another program's, or a newer version's.
``RecordsUnavailable``, also a ``RecordsError``, is an outage, never bad input: a server that is
down, silent or out of connection slots, a store that stays busy; a result handed in is kept and
written once the store answers.

An input that may come from a player, a file or a front end raises its error whatever is
wrong with it, its type included (the message names the type it got). The options that
only a program passes, ``error_help=`` and the fields of ``Rules(…)``, raise ``TypeError``
unless they are True or False.

Text is matched against the documented ASCII forms (and the documented card symbols)
without Unicode case mapping, which would turn look-alikes into them: ``"ı".upper()`` is
``"I"``, ``"ſ".upper()`` is ``"S"``, ``"ß".upper()`` is ``"SS"`` and the Kelvin sign lowers
to ``"k"``. So only ASCII letters change case, and only ASCII white space is stripped.
"""

from __future__ import annotations

import difflib
import functools
import inspect
import math
import numbers
import operator
import reprlib
import unicodedata
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class TriPeaksError(Exception):
    """The base of every error this package raises on purpose: a bad input (also a ``ValueError``),
    a search out of time (also a ``TimeoutError``), a records store or a site build that cannot
    go on. ``except TriPeaksError`` catches them all."""


class SearchExhausted(TriPeaksError, TimeoutError):
    """Out of time: a search's budget (seconds, or nodes) ran out before it could answer. The one
    "out of time" of the package: the searches' own loops stop with it too."""


class InvalidValueError(TriPeaksError, ValueError):
    """A value that is not one the call takes; the message says what it takes."""


class InvalidTypeError(TriPeaksError, TypeError):
    """A value of a type the call does not take; the message says what it takes."""


class InvalidCardError(TriPeaksError, ValueError):
    """Not a card: the text, index or value names none of the 52 cards or the joker."""


class InvalidRulesError(TriPeaksError, ValueError):
    """Not a rule set: an unknown name, an unknown or repeated variant."""


class InvalidCodeError(TriPeaksError, ValueError):
    """Not a game code (R6.6), or a code that contradicts the rules asked for."""


class InvalidNumberError(TriPeaksError, ValueError):
    """Not a deal number: not a whole number, or outside 0 to 26**7 - 1."""


class InvalidDeckError(TriPeaksError, ValueError):
    """Not a deck: a wrong count, a card that is not one, repeated, or a joker without V3."""


class InvalidSnapshotError(TriPeaksError, ValueError):
    """Not a game snapshot of ``Game.to_dict``, or one that does not add up."""


class InvalidDateError(TriPeaksError, ValueError):
    """Not a date: the game of the day takes a ``datetime.date``, a ``datetime.datetime`` or
    ISO text ``YYYY-MM-DD``."""


class InvalidChallengeError(TriPeaksError, ValueError):
    """Not a challenge (``"win"``, ``"score 700"``, ``"clear 4 K"``, ``"run 8"`` …), or one
    that no deal under the rules can meet (``"clear 5 K"``, ``"run 29"``)."""


class InvalidLayoutError(TriPeaksError, ValueError):
    """Not a layout: a file that is not TOML or JSON or lacks a part, or covers that go round in
    a circle, slots that can never be freed, more slots than the deck fills, cards drawn on top
    of each other."""


class RecordsError(TriPeaksError):
    """A records store that cannot be used as asked; the message names the store (never its
    password) and what was expected. ``RecordsUnavailable`` (try again later) and
    ``InvalidRecordsError`` (bad input) say which kind."""


class RecordsUnavailable(RecordsError):
    """A records store that cannot be reached now: its server is down, does not answer, or has no
    connection slot free, or the store stays busy. Nothing given was wrong: worth another try
    later, and a result handed in is kept and written once the store answers."""


class InvalidRecordsError(RecordsError, ValueError):
    """Bad input to the records: a place that names no store (``Records("ftp://…")``), a student's
    name that is no role name, a challenge the store does not have, a result the store refuses
    whenever it is sent (one under another student's name, say)."""


class _Shown(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() <= LONGEST_SHOWN_INT:
            return super().repr_int(x, level)
        return f"<a number of about {int(x.bit_length() * math.log10(2)) + 1:,} digits>"


LONGEST_SHOWN_INT = 332  # bits of a number shown in full: 100 digits
_SHOWN = _Shown()
_SHOWN.maxstring = _SHOWN.maxother = 100  # a TPD code in full
_SHOWN.maxlevel = 2


def shown(value: object) -> str:
    """``repr(value)`` cut short, for quoting input in a message: never unbounded, however large
    or deeply nested the input."""
    return _SHOWN.repr(value)


def shown_text(value: object, limit: int = 300) -> str:
    """``str(value)`` cut short to about ``limit`` characters (an exception's words in a message)."""
    text = str(value)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def got(value: object) -> str:
    """The type and the cut-short repr of ``value``: ``"float 3.5"``."""
    return f"{type(value).__name__} {shown(value)}"


ASCII_SPACE = " \t\n\r\f\v"
_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def ascii_lower(text: str) -> str:
    """``text`` stripped of ASCII white space, its ASCII letters lower case; nothing else changes."""
    return text.strip(ASCII_SPACE).translate(_LOWER)


def ascii_upper(text: str) -> str:
    """``text`` stripped of ASCII white space, its ASCII letters upper case; nothing else changes."""
    return text.strip(ASCII_SPACE).translate(_UPPER)


def stray(text: str, allowed: str = "") -> str:
    """A note naming the first character of ``text`` that is neither ASCII nor in ``allowed``
    (``" (U+212A KELVIN SIGN is not ASCII)"``), or "" when there is none: a look-alike is
    invisible in a message that only quotes the text."""
    for ch in text[:1000]:
        if not ch.isascii() and ch not in allowed:
            return f" (U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed')} is not ASCII)"
    return ""


def whole_number(value: object) -> int | None:
    """``value`` as an int if it is a whole number (an ``int`` or any integral such as
    ``numpy.int64``, never a bool), else None."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]  # any object: a TypeError says no
    except TypeError:
        return None


def check_flag(name: str, value: object) -> bool:
    """An option that is True or False (``error_help``); anything else is a programming error."""
    if not isinstance(value, bool):
        raise InvalidTypeError(f"{name} is True or False; got {got(value)}")
    return value


def check_time_limit(budget: object) -> float | None:
    """A search's time limit: None (no limit) or a number of seconds, at least 0 and finite
    (NaN would never run out, so it is refused, as are infinity and text)."""
    if budget is None:
        return None
    if isinstance(budget, bool) or not isinstance(budget, numbers.Real) or not math.isfinite(budget) or budget < 0:
        raise InvalidValueError(f"budget is a time in seconds, at least 0 (or None for no limit); got {got(budget)}")
    return float(budget)


def keywords(signature: inspect.Signature) -> list[str]:
    """The names a call with this signature takes as keywords."""
    return [
        p.name
        for p in signature.parameters.values()
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY) and p.name != "self"
    ]


def check_keywords(call: str, given: object, known: list[str]) -> None:
    """Refuse a keyword that ``call`` does not take, naming the nearest it does: ``TriPeaks()``
    takes no ``record=``; did you mean ``records=``? (Python's own error names no choice.)"""
    for name in given:  # type: ignore[attr-defined]  # the keywords of a call: a dict
        if name not in known:
            near = difflib.get_close_matches(str(name), known, n=1, cutoff=0.6)
            hint = f"did you mean {near[0]}=?" if near else f"it takes {', '.join(f'{k}=' for k in known)}"
            raise InvalidTypeError(f"{call} takes no keyword {shown_text(name, 40)}=; {hint}")


def checked_keywords(function: F) -> F:
    """``function`` refusing an unknown keyword with :func:`check_keywords` (before it runs), its
    signature and docstring unchanged."""
    known = keywords(inspect.signature(function))
    # A class is named by its constructor; a method by its own name, which a widget shares with its board.
    call = (
        f"{function.__qualname__.removesuffix('.__init__')}()"
        if function.__name__ == "__init__"
        else f"{function.__name__}()"
    )

    @functools.wraps(function)
    def checked(*args: Any, **options: Any) -> Any:
        check_keywords(call, options, known)
        return function(*args, **options)

    return checked  # type: ignore[return-value]  # the same signature: functools.wraps keeps it
