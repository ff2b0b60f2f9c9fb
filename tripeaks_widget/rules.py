"""Rule sets as values (R3). Variants of SPEC §8 will join as further fields."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rules:
    """A rule set: its name, its code letter and whether K and A are adjacent."""

    name: str
    letter: str
    king_ace_wrap: bool  # Easy connects K and A (R3.1); Classic does not (R3.2)

    def fits(self, rank: int, onto: int) -> bool:
        """Whether a card of ``rank`` may go on a discard of rank ``onto`` (R2.2, R3)."""
        gap = abs(rank - onto)
        return gap == 1 or (gap == 12 and self.king_ace_wrap)

    @staticmethod
    def parse(value: Rules | str | None) -> Rules:
        """A rule set from itself, its name (``"easy"``, ``"classic"``) or code letter (E, C, N)."""
        if value is None:
            return EASY
        if isinstance(value, Rules):
            return value
        if isinstance(value, str):
            key = value.strip().lower()
            for rules in (EASY, CLASSIC):
                if key in (rules.name, rules.letter.lower()):
                    return rules
            if key == "n":  # a legacy code letter meaning Easy (R6.3)
                return EASY
        raise ValueError(f"unknown rule set {value!r}; expected 'easy' or 'classic' (or a code letter E, C, N)")

    def __str__(self) -> str:
        return self.name


EASY = Rules("easy", "E", king_ace_wrap=True)
CLASSIC = Rules("classic", "C", king_ace_wrap=False)
RULE_SETS = (EASY, CLASSIC)
