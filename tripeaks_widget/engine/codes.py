"""Game codes (R6.3, R6.6) and the deck codes of hand-arranged deals.

``TP1-<rule>-<deal>``: rule E (Easy), C (Classic) or the legacy N (Easy); deal seven
letters A–Z read as a base-26 number, most significant first (``AAAAAAB`` = 1).

``TPD-<rule>-<deck>`` names any arrangement of the 52 cards: ``deck`` is the rank of
the permutation (its Lehmer code, deck order as in ``deal``) written as 49 letters A–Z
in base 26, most significant first (50 letters for the 53 cards of a deck with the
joker). So every deal, dealt or arranged, has a code.

Variants (§8 of docs/rules.md, see ``rules``) follow as a fourth part of code letters in the order
HJOSW: ``TP1-E-AAAAAAB-SW`` is deal 1 under the second site's rules (§9). A code without that
part has no variant, so plain TP1 codes keep their meaning.

A game on another layout than Three Peaks ends with ``@`` and the layout's key
(``Layout.key``): ``TP1-E-AAAAAAB@DIAMOND`` is deal 1 on Diamond, the same cards laid out
there. A code without it is Three Peaks, so every TP1 code keeps its meaning. A built-in
layout is found by its key; a layout of one's own is given with the code
(``parse_code(code, layout)``).
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from .cards import DECK, DECK_WITH_JOKER, Card
from .deal import deal_cards
from .errors import (
    InvalidCodeError,
    InvalidLayoutError,
    InvalidNumberError,
    InvalidRulesError,
    ascii_upper,
    got,
    shown,
    stray,
    whole_number,
)
from .layout import KEY_LIMIT, LAYOUTS, THREE_PEAKS, Layout, is_key
from .rules import VARIANTS, Rules

NUMBER_LETTERS = 7
DECK_LETTERS = {52: 49, 53: 50}  # 26**49 > 52! > 26**48; 26**50 > 53! > 26**49
DEAL_COUNT = 26**NUMBER_LETTERS
SERIES_FIRST, SERIES_LAST = 1, 50_000  # R6.8: the numbered games whose records are kept
VARIANT_LETTERS = "".join(letter for letter, _ in VARIANTS.values())
CODE_FORM = (
    "'TP1-E-AAAAAAB' (TP1, a rule letter E/C/N, seven letters A-Z, then optionally '-' and "
    f"variant letters from {VARIANT_LETTERS}, then optionally '@' and a layout's key such as "
    "'@DIAMOND') or 'TPD-E-' followed by 49 letters"
)
# The layout's key is checked apart (``is_key``): letters of any script are a key's.
_CODE = re.compile(rf"(TP1|TPD)-([ECN])-([A-Z]+)(?:-([A-Z]+))?(?:@(.{{1,{KEY_LIMIT}}}))?")


class Deal(NamedTuple):
    """A parsed code: its rule set, the cards in deck order, the deal number (None for TPD) and
    the layout."""

    rules: Rules
    cards: tuple[Card, ...]
    number: int | None
    layout: Layout = THREE_PEAKS


def _letters(value: int, width: int) -> str:
    out = []
    for _ in range(width):
        value, digit = divmod(value, 26)
        out.append(chr(65 + digit))
    return "".join(reversed(out))


def _number(letters: str) -> int:
    value = 0
    for ch in letters:
        value = value * 26 + ord(ch) - 65
    return value


def _variant_part(rules: Rules) -> str:
    return f"-{rules.variant_letters}" if rules.variant_letters else ""


def _layout_part(layout: Layout) -> str:
    return "" if layout == THREE_PEAKS else f"@{layout.key}"


def number_code(number: int, rules: Rules, layout: Layout = THREE_PEAKS) -> str:
    """The TP1 code of deal ``number``: a whole number (an int, or any integral such as
    ``numpy.int64``; not a bool) from 0 to 26**7 - 1, else ``InvalidNumberError``."""
    whole = whole_number(number)
    if whole is None:
        raise InvalidNumberError(f"a deal number is a whole number from 0 to {DEAL_COUNT - 1}; got {got(number)}")
    if not 0 <= whole < DEAL_COUNT:
        raise InvalidNumberError(f"deal numbers run from 0 to {DEAL_COUNT - 1}; got {whole}")
    return f"TP1-{rules.letter}-{_letters(whole, NUMBER_LETTERS)}{_variant_part(rules)}{_layout_part(layout)}"


def numbered_deal(number: int, rules: Rules, layout: Layout) -> Deal:
    """Deal ``number`` (R6.7) under ``rules`` on ``layout``: its cards, the deal generator's."""
    return Deal(rules, deal_cards(number, joker=rules.joker, pinned=layout == THREE_PEAKS), number, layout)


def permutation_rank(cards: tuple[Card, ...]) -> int:
    """The Lehmer rank of an arrangement of the deck (0 = the ordered deck)."""
    remaining = list(range(len(cards)))
    rank = 0
    for card in cards:
        position = remaining.index(card.index)
        rank = rank * len(remaining) + position
        remaining.pop(position)
    return rank


def permutation_from_rank(rank: int, size: int = 52) -> tuple[Card, ...]:
    """The arrangement of ``size`` cards (52, or 53 with the joker) whose rank is ``rank``."""
    digits = []
    for base in range(1, size + 1):
        rank, digit = divmod(rank, base)
        digits.append(digit)
    deck = DECK_WITH_JOKER if size == 53 else DECK
    remaining = list(range(size))
    return tuple(deck[remaining.pop(d)] for d in reversed(digits))


def deck_code(cards: tuple[Card, ...], rules: Rules, layout: Layout = THREE_PEAKS) -> str:
    """The ``TPD-…`` code that spells out a whole arrangement of ``cards`` under ``rules``."""
    letters = _letters(permutation_rank(cards), DECK_LETTERS[len(cards)])
    return f"TPD-{rules.letter}-{letters}{_variant_part(rules)}{_layout_part(layout)}"


def code_layout(key: str | None, code: str, given: Layout | None) -> Layout:
    """The layout a code's key names (None: Three Peaks): ``given`` (read by ``Layout.parse``)
    when its key is that, else the built-in of that key. A key no layout has, or one that
    ``given`` does not have, raises ``InvalidCodeError``."""
    key = THREE_PEAKS.key if key is None else key
    if given is None:
        try:
            return Layout.parse(key)
        except InvalidLayoutError:
            names = ", ".join(layout.key for layout in LAYOUTS.values())
            raise InvalidCodeError(
                f"the code {shown(code)} is a game on the layout {key}, which is not built in ({names}); "
                "give that layout with it (layout=Layout.load(path))"
            ) from None
    if given.key != key:
        raise InvalidCodeError(
            f"the code {shown(code)} is a game on the layout {key}, not {given.name!r}; "
            "change the code's '@' part or leave out layout="
        )
    try:
        return Layout.parse(given)
    except InvalidLayoutError as error:
        raise InvalidCodeError(str(error)) from None


def parse_code(code: object, layout: Layout | None = None) -> Deal:
    """Read a game code (R6.6): ASCII letters in any case, ASCII space around; anything else
    raises ``InvalidCodeError`` showing the expected form. A code naming a layout of one's own
    (not built in) is read with that ``layout``."""
    if not isinstance(code, str):
        raise InvalidCodeError(f"a game code is text like {CODE_FORM}; got {got(code)}")
    match = _CODE.fullmatch(ascii_upper(code))
    if not match:
        raise InvalidCodeError(f"not a game code: {shown(code)}{stray(code)}; expected {CODE_FORM}")
    kind, letter, letters, variants, key = match.groups()
    if key is not None and not is_key(key):
        raise InvalidCodeError(
            f"the layout's key {shown(key)} of the code {shown(code)} is not a key: a layout name's letters and "
            "digits, a hyphen between runs of them, none at the ends (e.g. '@DIAMOND')"
        )
    on = code_layout(key, code, layout)
    rules = Rules.parse(letter)
    if variants:
        try:
            rules = rules.with_variants(variants)
        except InvalidRulesError:
            raise InvalidCodeError(
                f"the variant letters of {shown(code)} are distinct letters from {VARIANT_LETTERS}; "
                "expected e.g. 'TP1-E-AAAAAAB-SW'"
            ) from None
    size = 53 if rules.joker else 52
    if kind == "TP1":
        if len(letters) != NUMBER_LETTERS:
            raise InvalidCodeError(
                f"a TP1 code has {NUMBER_LETTERS} letters after the rule letter; "
                f"got {len(letters)} in {shown(code)}; expected {CODE_FORM}"
            )
        return numbered_deal(_number(letters), rules, on)
    if len(letters) != DECK_LETTERS[size]:
        raise InvalidCodeError(
            f"a TPD code for {size} cards has {DECK_LETTERS[size]} letters after the rule letter; "
            f"got {len(letters)} in {shown(code)}; expected {CODE_FORM}"
        )
    rank = _number(letters)
    if rank >= math.factorial(size):
        raise InvalidCodeError(f"{shown(code)} names no arrangement of {size} cards (its number is too large)")
    return Deal(rules, permutation_from_rank(rank, size), None, on)
