"""A chance of winning as a student reads it: its value, its 95% Wilson interval and how it prints."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from .. import i18n
from ..engine.messages import Message

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


# A chance as a student reads it, in whole percent (``whole_percent``).
CHANCE_ESTIMATED = Message("{percent}% (between {low}% and {high}%)")
CHANCE_CERTAIN = Message("{percent}%")


def whole_percent(value: float) -> int:
    """A chance in whole percent as everything prints it: halves up (the front end's ``Math.round``)."""
    return math.floor(value * 100 + 0.5)


@dataclass(frozen=True)
class Chance:
    """An estimated chance of winning: ``value`` (0–1), its 95% Wilson interval ``low``–``high``,
    the arrangements judged (``samples``) and how many of them win. ``exact`` when nothing
    unseen is left to sample (or the game is over), so the value is certain. ``calibrated_on``:
    the layout (its name) whose fitted calibration curve mapped this estimate, None when none did
    (a layout of one's own, a variant, another method than ``fair``); ``calibrated`` says whether
    the value means what it says (exact, or so mapped). It prints in ``lang``
    (``"72% (between 71% and 75%)"``); ``said_in(lang)`` is the same chance in another. Its repr
    says when it is not calibrated."""

    value: float
    low: float
    high: float
    samples: int
    wins: int
    exact: bool = False
    calibrated_on: str | None = None
    lang: str = field(default=i18n.SOURCE_LANGUAGE, compare=False, repr=False)

    @property
    def calibrated(self) -> bool:
        """Whether the value is calibrated: exact, or an estimate mapped through the curve fitted on
        its own layout's games under its rules (``calibrated_on``)."""
        return self.exact or self.calibrated_on is not None

    def said_in(self, lang: str | None) -> Chance:
        """This chance, printed in ``lang``."""
        said = i18n.check_language(lang)
        return self if said == self.lang else replace(self, lang=said)

    @classmethod
    def exactly(cls, value: float) -> Chance:
        """A chance computed outright, not sampled: certain, with no samples."""
        return cls(value, value, value, 0, 0, True)

    @classmethod
    def of(cls, wins: int, samples: int, exact: bool = False) -> Chance:
        """The chance of ``wins`` in ``samples`` with its 95% Wilson interval; exact: a certain value."""
        value = wins / samples
        if exact:
            return cls(value, value, value, samples, wins, True)
        low, high = wilson(wins, samples)
        return cls(value, low, high, samples, wins)

    def __float__(self) -> float:
        return self.value

    def __str__(self) -> str:
        if self.exact:
            return i18n.translate(Message(CHANCE_CERTAIN, percent=whole_percent(self.value)), self.lang)
        low, high = whole_percent(self.low), whole_percent(self.high)
        said = Message(CHANCE_ESTIMATED, percent=whole_percent(self.value), low=low, high=high)
        return i18n.translate(said, self.lang)

    def __repr__(self) -> str:
        return f"Chance({self})" if self.calibrated else f"Chance({self}, uncalibrated)"


def wilson(wins: float, samples: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``samples`` (95% by default; a search's wins
    may be fractional, its leaves valued exactly)."""
    p = wins / samples
    centre = (p + z * z / (2 * samples)) / (1 + z * z / samples)
    half = z / (1 + z * z / samples) * math.sqrt(p * (1 - p) / samples + z * z / (4 * samples * samples))
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == samples else min(1.0, centre + half)
    return low, high
