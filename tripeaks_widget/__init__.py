"""TriPeaks solitaire: a rules engine, and a Jupyter widget to play it in a notebook."""

from typing import TYPE_CHECKING, Any

from . import _builds

_builds.choose()  # the compiled build or the sources, chosen (and logged) once, before either is imported

from .analysis import Game  # noqa: E402
from .engine.cards import Card  # noqa: E402
from .engine.errors import (  # noqa: E402
    InvalidCardError,
    InvalidChallengeError,
    InvalidCodeError,
    InvalidDateError,
    InvalidDeckError,
    InvalidLayoutError,
    InvalidNumberError,
    InvalidRecordsError,
    InvalidRulesError,
    InvalidSnapshotError,
    InvalidTypeError,
    InvalidValueError,
    RecordsError,
    RecordsUnavailable,
    SearchExhausted,
    TriPeaksError,
)
from .engine.game import IllegalMoveError, Position  # noqa: E402
from .engine.layout import LAYOUTS, Layout  # noqa: E402
from .engine.rules import CLASSIC, EASY, Rules  # noqa: E402
from .goals import Challenge, challenges_of_the_day  # noqa: E402

__all__ = [
    "CLASSIC",
    "EASY",
    "LAYOUTS",
    "Card",
    "Challenge",
    "ClassBoard",
    "Game",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidChallengeError",
    "InvalidCodeError",
    "InvalidDateError",
    "InvalidDeckError",
    "InvalidLayoutError",
    "InvalidNumberError",
    "InvalidRecordsError",
    "InvalidRulesError",
    "InvalidSnapshotError",
    "InvalidTypeError",
    "InvalidValueError",
    "Layout",
    "Position",
    "RecordsError",
    "RecordsUnavailable",
    "Rules",
    "SearchExhausted",
    "TriPeaks",
    "TriPeaksError",
    "challenges_of_the_day",
]
__version__ = "0.1.0"

if TYPE_CHECKING:  # imported when first asked (below); a type checker reads it here
    from .class_board import ClassBoard
    from .widget import TriPeaks


def __getattr__(name: str) -> Any:
    # The widget needs Jupyter; import it only when asked, so the engine works without it.
    if name == "TriPeaks":
        from .widget import TriPeaks

        return TriPeaks
    if name == "ClassBoard":
        from .class_board import ClassBoard

        return ClassBoard
    raise AttributeError(f"module 'tripeaks_widget' has no attribute {name!r}")
