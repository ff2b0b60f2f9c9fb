"""Rule sets as values: Easy and Classic (R3), with the traditional variants of the rule book's §8 (docs/rules.md).

A rule set is the king–ace choice plus any of these options, each with a code letter:

- ``hogue_scoring`` (H, V2): Robert Hogue's traditional scoring instead of the app's R5.
  The score starts at 0 and may go below it. Each removal scores the length of the
  current run, this removal included (1, 2, 3 …); a draw ends the run and costs 5
  points; emptying a peak adds 15 for the first and the second peak emptied, 30 for
  the third. Undo gives back exactly what the action scored and restores the run.
- ``joker`` (J, V3): a joker joins the deck (53 cards, so 24 in the stock). It stands
  for any rank: it may be played on any card and any card may be played on it.
- ``open_peaks`` (O, V4): every peak card is face up from the start; a card is still
  playable only once no card covers it.
- ``draw_when_stuck`` (S, V5): drawing is allowed only when no peak card can be played.
- ``empty_start`` (W, V6): the discard starts empty, any free card may go first; the
  card that would have been the first discard is the stock's top card instead.

All options combine with each other and with both king–ace choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from functools import cache

from .errors import InvalidRulesError, ascii_lower, check_flag, got, shown, stray

# option field -> (code letter, name in words), in code order
VARIANTS = {
    "hogue_scoring": ("H", "hogue-scoring"),
    "joker": ("J", "joker"),
    "open_peaks": ("O", "open-peaks"),
    "draw_when_stuck": ("S", "draw-when-stuck"),
    "empty_start": ("W", "empty-discard"),
}
RULES_FORM = (
    "'easy' or 'classic' (or a code letter E, C, N), a preset 'app' or 'site', optionally "
    f"joined with '+' to variants {', '.join(name for _, name in VARIANTS.values())}, "
    "each variant once, e.g. 'classic+joker'"
)


@dataclass(frozen=True)
class Rules:
    """A rule set: whether K and A are adjacent, and the variant options of §8."""

    king_ace_wrap: bool = True  # Easy connects K and A (R3.1); Classic does not (R3.2)
    hogue_scoring: bool = False
    joker: bool = False
    open_peaks: bool = False
    draw_when_stuck: bool = False
    empty_start: bool = False

    def __post_init__(self) -> None:
        for option in fields(self):  # "no" would be true: options are True or False only
            check_flag(option.name, getattr(self, option.name))

    @property
    def name(self) -> str:
        """The king–ace rule set: ``"easy"`` or ``"classic"``."""
        return "easy" if self.king_ace_wrap else "classic"

    @property
    def letter(self) -> str:
        """The rule set's letter in a game code: ``E`` (Easy) or ``C`` (Classic)."""
        return "E" if self.king_ace_wrap else "C"

    @property
    def variants(self) -> tuple[str, ...]:
        """The variant options in force, by name (``"joker"``, ``"open-peaks"`` …)."""
        return tuple(name for field, (_, name) in VARIANTS.items() if getattr(self, field))

    @property
    def variant_letters(self) -> str:
        """The variants' letters in a game code (``SW`` …), in their fixed order."""
        return "".join(letter for field, (letter, _) in VARIANTS.items() if getattr(self, field))

    def fits(self, rank: int, onto: int) -> bool:
        """Whether a card of ``rank`` may go on a discard of rank ``onto`` (R2.2, R3; 0 is the joker)."""
        gap = abs(rank - onto)
        return gap == 1 or (gap == 12 and self.king_ace_wrap) or rank == 0 or onto == 0

    def fit_masks(self, ranks: Sequence[int]) -> tuple[int, ...]:
        """For each discard rank 0..13: the bitmask of the places whose rank in ``ranks`` goes
        on it (bit i for ``ranks[i]``): the move tables of the searches on bitmasks."""
        of_rank = [0] * 14  # the places of each rank, then joined over the ranks that fit each discard
        for i, rank in enumerate(ranks):
            of_rank[rank] |= 1 << i
        return tuple(sum(of_rank[rank] for rank in fitting) for fitting in _fitting_ranks(self))

    def with_variants(self, letters: str) -> Rules:
        """This rule set with the variants named by code letters added (``"JO"``)."""
        expected = f"distinct variant letters from {''.join(letter for letter, _ in VARIANTS.values())}"
        if not isinstance(letters, str):
            raise InvalidRulesError(f"expected {expected}; got {got(letters)}")
        return self._adding([(ch, _BY_LETTER.get(ch)) for ch in letters], letters, expected)

    def _adding(self, options: list[tuple[str, str | None]], text: str, expected: str) -> Rules:
        """This rule set with the options turned on (each a name as given, and its field or None
        when unknown); an unknown, repeated or already present one raises, quoting ``text``."""
        chosen: set[str] = set()
        for name, field in options:
            if field is None:
                problem = f"unknown variant {shown(name)}"
            elif field in chosen:
                problem = f"variant {shown(name)} named twice"
            elif getattr(self, field):
                problem = f"variant {shown(name)}, already part of {self},"
            else:
                chosen.add(field)
                continue
            raise InvalidRulesError(f"{problem} in {shown(text)}{stray(text)}; expected {expected}")
        return replace(self, **dict.fromkeys(chosen, True)) if chosen else self

    @staticmethod
    def parse(value: Rules | str | None) -> Rules:
        """A rule set from itself, or text such as ``"easy"``, ``"C"``, ``"site"``, ``"classic+joker"``."""
        if value is None:
            return EASY
        if isinstance(value, Rules):
            return value
        if not isinstance(value, str):
            raise InvalidRulesError(f"a rule set is text, not {got(value)}; expected {RULES_FORM}")
        base, *extras = [ascii_lower(part) for part in value.replace(",", "+").split("+")]
        rules = PRESETS.get(base)
        if rules is None:
            raise InvalidRulesError(f"unknown rule set {shown(value)}{stray(value)}; expected {RULES_FORM}")
        return rules._adding(  # noqa: SLF001  (a Rules of its own class)
            [(extra, _BY_NAME.get(extra)) for extra in extras], value, RULES_FORM
        )

    def __str__(self) -> str:
        return "+".join((self.name,) + self.variants)


EASY = Rules(king_ace_wrap=True)
CLASSIC = Rules(king_ace_wrap=False)
SITE = Rules(king_ace_wrap=True, draw_when_stuck=True, empty_start=True)  # the second site's defaults (§9)
RULE_SETS = (EASY, CLASSIC)
# A variant by its code letter; by its name in words or its field name.
_BY_LETTER = {letter: field for field, (letter, _) in VARIANTS.items()}
_BY_NAME = {name: field for field, (_, name) in VARIANTS.items()} | {field: field for field in VARIANTS}
PRESETS = {"easy": EASY, "e": EASY, "n": EASY, "classic": CLASSIC, "c": CLASSIC, "app": EASY, "site": SITE}


@cache
def _fit_table(rules: Rules) -> tuple[tuple[bool, ...], ...]:
    """``_fit_table(rules)[onto][rank]``: ``rules.fits(rank, onto)`` for every pair of ranks 0..13."""
    return tuple(tuple(rules.fits(rank, onto) for rank in range(14)) for onto in range(14))


@cache
def _fitting_ranks(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """``_fitting_ranks(rules)[onto]``: the ranks 0..13 that go on a discard of rank ``onto``."""
    return tuple(tuple(rank for rank, fits in enumerate(row) if fits) for row in _fit_table(rules))
