"""Rule sets as values: Easy and Classic (R3), with the traditional variants of SPEC §8.

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

from dataclasses import dataclass, replace

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
    "e.g. 'classic+joker'"
)


@dataclass(frozen=True)
class Rules:
    """A rule set: whether K and A are adjacent, and the variant options of SPEC §8."""

    king_ace_wrap: bool = True  # Easy connects K and A (R3.1); Classic does not (R3.2)
    hogue_scoring: bool = False
    joker: bool = False
    open_peaks: bool = False
    draw_when_stuck: bool = False
    empty_start: bool = False

    @property
    def name(self) -> str:
        """The king–ace rule set: ``"easy"`` or ``"classic"``."""
        return "easy" if self.king_ace_wrap else "classic"

    @property
    def letter(self) -> str:
        return "E" if self.king_ace_wrap else "C"

    @property
    def variants(self) -> tuple[str, ...]:
        """The variant options in force, by name (``"joker"``, ``"open-peaks"`` …)."""
        return tuple(name for field, (_, name) in VARIANTS.items() if getattr(self, field))

    @property
    def variant_letters(self) -> str:
        return "".join(letter for field, (letter, _) in VARIANTS.items() if getattr(self, field))

    def fits(self, rank: int, onto: int) -> bool:
        """Whether a card of ``rank`` may go on a discard of rank ``onto`` (R2.2, R3; 0 is the joker)."""
        gap = abs(rank - onto)
        return gap == 1 or (gap == 12 and self.king_ace_wrap) or rank == 0 or onto == 0

    def with_variants(self, letters: str) -> Rules:
        """This rule set with the variants named by code letters added (``"JO"``)."""
        by_letter = {letter: field for field, (letter, _) in VARIANTS.items()}
        unknown = [ch for ch in letters if ch not in by_letter]
        if unknown or len(set(letters)) != len(letters):
            raise ValueError(f"variant letters are distinct letters from {''.join(by_letter)}; got {letters!r}")
        return replace(self, **{by_letter[ch]: True for ch in letters})

    @staticmethod
    def parse(value: Rules | str | None) -> Rules:
        """A rule set from itself, or text such as ``"easy"``, ``"C"``, ``"site"``, ``"classic+joker"``."""
        if value is None:
            return EASY
        if isinstance(value, Rules):
            return value
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"unknown rule set {value!r}; expected {RULES_FORM}")
        base, *extras = [part.strip().lower() for part in value.replace(",", "+").split("+")]
        rules = PRESETS.get(base)
        by_name = {name: field for field, (_, name) in VARIANTS.items()}
        by_name |= {field: field for field in VARIANTS}
        if rules is None or any(extra not in by_name for extra in extras):
            raise ValueError(f"unknown rule set {value!r}; expected {RULES_FORM}")
        return replace(rules, **{by_name[extra]: True for extra in extras}) if extras else rules

    def __str__(self) -> str:
        return "+".join((self.name,) + self.variants)


EASY = Rules(king_ace_wrap=True)
CLASSIC = Rules(king_ace_wrap=False)
SITE = Rules(king_ace_wrap=True, draw_when_stuck=True, empty_start=True)  # seed 004's defaults (SPEC §9)
RULE_SETS = (EASY, CLASSIC)
PRESETS = {"easy": EASY, "e": EASY, "n": EASY, "classic": CLASSIC, "c": CLASSIC, "app": EASY, "site": SITE}
