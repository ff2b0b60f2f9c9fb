"""The game as scripts and walkthroughs use it: the engine's rules, and the analyses as methods.

:class:`tripeaks_widget.engine.game.Game` knows the rules and nothing above them. This
:class:`Game` adds the questions a teacher asks of a position (``g.solve()``, ``g.win_chance()``,
``g.fair_hint()`` …), each a call to the solver (:mod:`tripeaks_widget.solver`, which sees the
hidden cards) or to fair play (:mod:`tripeaks_widget.fair`, which sees only what the player sees).
It is ``tripeaks_widget.Game``, and the game a board deals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import fair, goals, solver
from .engine import game
from .engine.rules import Rules

if TYPE_CHECKING:
    from typing_extensions import Self  # typing's own from Python 3.11


class Game(game.Game):
    """A game of TriPeaks (:class:`tripeaks_widget.engine.game.Game`), with its analyses."""

    @classmethod
    def of_the_day(cls, date: object = None, rules: Rules | str | None = "easy", *, error_help: bool = True) -> Self:
        """The game of the day for ``date`` (a ``datetime.date``, a ``datetime.datetime``, ISO text
        ``"2026-05-01"``; None: today in the local calendar) under ``rules``: one numbered game per
        date and rule set, the same on every machine, winnable (the rule: ``goals.daily``); its
        challenges: ``tripeaks_widget.challenges_of_the_day``. A bad date raises ``InvalidDateError``."""
        return cls.from_number(goals.number_of_the_day(date, rules), rules, error_help=error_help)

    def solve(self, **options: Any) -> solver.Solution:
        """The solver's verdict on this position: winnable or not, and the best line."""
        return solver.solve(self, **options)

    def winnable(self, **options: Any) -> bool:
        """Whether the game can still be won from here (with full knowledge of the hidden cards)."""
        return solver.winnable(self, **options)

    def hint(self, **options: Any) -> str | None:
        """The next action of the best line (a card in notation or ``"draw"``), or None."""
        return solver.hint(self, **options)

    def win_chance(self, **options: Any) -> fair.Chance:
        """The chance of winning from what the player can see: a ``Chance`` with ``.value``,
        ``.low``/``.high`` (95 %) and ``.samples``."""
        return fair.win_chance(self, **options)

    def move_chances(self, **options: Any) -> dict:
        """Every legal action's chance of winning, from what the player can see."""
        return fair.move_chances(self, **options)

    def fair_hint(self, **options: Any) -> str | None:
        """The action with the best chance of winning, found without looking at a hidden card."""
        return fair.fair_hint(self, **options)

    def review(self, **options: Any) -> fair.Review:
        """A move-by-move account of this game: the chance before and after each move, the best
        move and mistakes (``fair.review``); ``.plot()`` draws it."""
        return fair.review(self, **options)
