"""What to deal, read in one place: :class:`ToDeal`, from what every entry point that deals is
given (``Game``, ``Board``, ``TriPeaks``, ``new_game``, the New game dialog, the play page's link,
``TriPeaks.compare``, the game of the day).

``what`` is one of:

- a game code (``"TP1-C-AAAAAAD"``, ``"TPD-E-…"``, ``"TP1-E-AAAAAAB@DIAMOND"``): that game, with
  the code's rules and layout (``rules=`` or ``layout=`` given too must be the code's);
- a game number, a whole number or text of ASCII digits (``123``, ``"123"``): that game of the
  numbered series, 1 to 50,000 (R6.8), whose records are kept. 0 and 60000 are refused
  (``InvalidNumberError``): any other deal of the generator (R6.7, 0 to 26**7 - 1) is dealt by
  its code or by ``Game.from_number(n)``;
- a rule set (``"classic"``, ``"site"``, ``"easy+joker"``, a ``Rules``): a random game of the
  series under it, as ``rules="classic"`` is;
- None: a random game of the series;
- a :class:`ToDeal` itself.

``game=`` is a game number too, ``rules=`` a rule set (``Rules.parse``) and ``layout=`` a layout
(``Layout.parse``). Rules and layout left unsaid are the caller's: Easy and Three Peaks for a new
game, the board's own for ``Board.new_game``.
"""

from __future__ import annotations

import difflib
import secrets
from dataclasses import dataclass, replace

from .cards import Card
from .codes import DEAL_COUNT, SERIES_FIRST, SERIES_LAST, Deal, numbered_deal, parse_code
from .errors import (
    InvalidCodeError,
    InvalidDeckError,
    InvalidNumberError,
    InvalidTypeError,
    InvalidValueError,
    ascii_lower,
    ascii_upper,
    got,
    shown,
    stray,
    whole_number,
)
from .layout import THREE_PEAKS, Layout
from .rules import EASY, PRESETS, Rules

SERIES = f"Game numbers run from {SERIES_FIRST} to {SERIES_LAST:,}, the numbered series whose records are kept"
LAST_DEAL = DEAL_COUNT - 1
WHAT_FORM = (
    f"a game code such as 'TP1-E-AAAAAAB', a game number from {SERIES_FIRST} to {SERIES_LAST:,}, "
    "a rule set such as 'classic' or 'easy+joker', or None for a random game"
)


@dataclass(frozen=True)
class ToDeal:
    """What to deal (see the module): a deal ``number`` or a TPD code's ``cards`` (neither: a
    random game of the series), and the ``rules`` and ``layout`` said (None: the caller's)."""

    number: int | None = None
    cards: tuple[Card, ...] | None = None
    rules: Rules | None = None
    layout: Layout | None = None

    @staticmethod
    def parse(
        what: object = None,
        *,
        game: object = None,
        rules: Rules | str | None = None,
        layout: Layout | str | None = None,
    ) -> ToDeal:
        """What to deal from ``what`` and the keywords (the module's rule); a bad one raises
        ``InvalidCodeError``, ``InvalidNumberError``, ``InvalidRulesError`` or ``InvalidLayoutError``,
        and two that disagree (a code and ``game=``, a rule set twice) ``InvalidValueError``."""
        chosen = None if rules is None else Rules.parse(rules)
        on = None if layout is None else Layout.parse(layout)
        asked, kind = _read(what, on)
        if game is not None:
            if kind == "code":
                raise InvalidValueError("give a game code or a game number, not both: a code names its own deal")
            if asked.number is not None:
                raise InvalidValueError("give a game number once: as what to deal (123) or as game=123")
            asked = replace(asked, number=series_number(game))
        if chosen is not None and chosen != asked.rules:
            if kind == "code":
                raise InvalidCodeError(
                    f"the code {shown(what)} is a {asked.rules} game, not {chosen}; change the code's letters or "
                    "leave out rules="
                )
            if asked.rules is not None:
                raise InvalidValueError(f"give a rule set once: as what to deal ({str(what)!r}) or as rules=")
            asked = replace(asked, rules=chosen)
        if on is not None and on != asked.layout:
            if asked.layout is not None:  # a code's layout was checked against it as it was read
                raise InvalidValueError(f"give a layout once: this deal is on {asked.layout.name!r}, not {on.name!r}")
            asked = replace(asked, layout=on)
        return asked

    @staticmethod
    def from_code(code: object, layout: Layout | None = None) -> ToDeal:
        """The game of a code (``parse_code``; ``layout``: the layout of one's own it names)."""
        deal = parse_code(code, layout)
        return ToDeal(deal.number, deal.cards if deal.number is None else None, deal.rules, deal.layout)

    @property
    def random(self) -> bool:
        """Whether it is a random game of the series (no number, no cards)."""
        return self.number is None and self.cards is None

    def given(self, rules: Rules, layout: Layout) -> ToDeal:
        """This, with ``rules`` and ``layout`` where it says none."""
        rules, layout = self.rules_and_layout(rules, layout)
        return replace(self, rules=rules, layout=layout)

    def rules_and_layout(self, rules: Rules, layout: Layout) -> tuple[Rules, Layout]:
        """The rules and the layout it deals under: its own, else ``rules`` and ``layout``."""
        return (rules if self.rules is None else self.rules), (layout if self.layout is None else self.layout)

    def drawn(self) -> ToDeal:
        """This, with a random game of the series drawn when it is one."""
        return replace(self, number=_random_number()) if self.random else self

    def deal(self, rules: Rules = EASY, layout: Layout = THREE_PEAKS) -> Deal:
        """The deal: its rules, cards, number and layout (``rules`` and ``layout`` where it says
        none; a random game drawn now)."""
        rules, layout = self.rules_and_layout(rules, layout)
        if self.cards is None:
            return numbered_deal(_random_number() if self.number is None else self.number, rules, layout)
        size = 53 if rules.joker else 52
        if len(self.cards) != size:
            raise InvalidDeckError(f"a deck under {rules} has {size} cards; this one has {len(self.cards)}")
        return Deal(rules, self.cards, None, layout)


def _random_number() -> int:
    """A random game of the numbered series (R6.8)."""
    return SERIES_FIRST + secrets.randbelow(SERIES_LAST - SERIES_FIRST + 1)


def series_number(value: object) -> int:
    """A game of the numbered series, checked: a whole number from 1 to 50,000, or its ASCII digits."""
    text = ascii_upper(value) if isinstance(value, str) else None
    if text is not None and text.isascii() and text.isdigit():
        if len(text) > len(str(SERIES_LAST)):  # no int() of thousands of digits
            raise InvalidNumberError(f"{SERIES}; got {shown(value)}")
        value = int(text)
    number = whole_number(value)
    if number is None:
        raise InvalidNumberError(f"{SERIES}; got {got(value)}")
    if not SERIES_FIRST <= number <= SERIES_LAST:
        raise InvalidNumberError(f"{SERIES}; got {number} (Game.from_number deals any deal number, 0 to {LAST_DEAL:,})")
    return number


def _read(what: object, layout: Layout | None) -> tuple[ToDeal, str]:
    """``what`` as a :class:`ToDeal`, and which kind it was: code, number, rules, random or given."""
    if what is None:
        return ToDeal(), "random"
    if isinstance(what, ToDeal):
        return what, "given"
    if isinstance(what, Rules):
        return ToDeal(rules=what), "rules"
    if whole_number(what) is not None:
        return ToDeal(series_number(what)), "number"
    if not isinstance(what, str):
        raise InvalidTypeError(f"what to deal is {WHAT_FORM}; got {got(what)}")
    text = ascii_upper(what)
    if text.isascii() and text.isdigit():
        return ToDeal(series_number(what)), "number"
    if text.startswith("TP"):
        return ToDeal.from_code(what, layout), "code"
    base = ascii_lower(text.replace(",", "+").split("+")[0])
    if base in PRESETS:
        return ToDeal(rules=Rules.parse(what)), "rules"
    near = difflib.get_close_matches(base, [name for name in PRESETS if len(name) > 1], n=1, cutoff=0.6)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    raise InvalidCodeError(f"not what to deal: {shown(what)}{stray(what)}{hint}; expected {WHAT_FORM}")
