"""Goals for every game: challenges a teacher or a script sets, the game of the day and its
three challenges, and the solver's proof that each can be met, with the best possible.

- :class:`Challenge` (``tripeaks_widget.Challenge``): a goal as data; ``met``, ``progress``,
  ``possible`` and ``best`` answer for a game (:mod:`.challenge`).
- :func:`challenges_of_the_day` (``tripeaks_widget.challenges_of_the_day``): the game of the
  day and its three challenges, a :class:`Day` whose ``stars(game)`` counts a game's stars;
  :func:`number_of_the_day` and :func:`code_of_the_day` name the game
  (``tripeaks_widget.Game.of_the_day`` deals it). The rule from a date to a game: :mod:`.daily`.

The explanation, and how fast the proofs are: the site's page "Goals" (docs/explanation/goals.md).
"""

from .challenge import CHALLENGE_FORM, KINDS, Best, Challenge, Progress
from .daily import Day, challenges_of_the_day, code_of_the_day, day_of, number_of_the_day

__all__ = [
    "CHALLENGE_FORM",
    "KINDS",
    "Best",
    "Challenge",
    "Day",
    "Progress",
    "challenges_of_the_day",
    "code_of_the_day",
    "day_of",
    "number_of_the_day",
]
