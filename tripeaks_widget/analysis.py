"""The game as scripts and walkthroughs use it: the engine's rules, its words in four languages,
and the analyses as methods.

:class:`tripeaks_widget.engine.game.Game` knows the rules and nothing above them. This
:class:`Game` says its words in its language (``lang``: ``message``, ``why_not``, ``describe``)
and adds the questions a teacher asks of a position (``g.solve()``, ``g.win_chance()``,
``g.fair_hint()`` …), each a call to the solver (:mod:`tripeaks_widget.solver`, which sees the
hidden cards) or to fair play (:mod:`tripeaks_widget.fair`, which sees only what the player sees),
with that function's keywords. It is ``tripeaks_widget.Game``, and the game a board deals.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar, overload

from . import fair, goals, i18n, solver
from .engine import game
from .engine.cards import Card
from .engine.errors import checked_keywords
from .engine.layout import Layout
from .engine.rules import Rules
from .picture import Picture, animate, look

if TYPE_CHECKING:
    from typing_extensions import Self  # typing's own from Python 3.11


P = ParamSpec("P")
Answer = TypeVar("Answer")
Said = TypeVar("Said")


@overload
def _asks(
    function: Callable[Concatenate[Any, P], Answer], doc: str, assist: str
) -> Callable[Concatenate[Game, P], Answer]: ...
@overload
def _asks(
    function: Callable[Concatenate[Any, P], Answer], doc: str, assist: str, said: Callable[[Answer, str], Said]
) -> Callable[Concatenate[Game, P], Said]: ...
def _asks(
    function: Callable[Concatenate[Any, P], Any], doc: str, assist: str, said: Callable[[Any, str], Any] | None = None
) -> Callable[Concatenate[Game, P], Any]:
    """A method that asks ``function`` about the game, with ``function``'s keywords and defaults
    (so ``help()``, the reference and a type checker show them) and ``doc`` as its docstring;
    ``said`` puts the answer's words in the game's language. A game that asked has consulted
    ``assist``, the assist as a player sees it on a board (``"hint"``, ``"verdict"``,
    ``"win_chance"`` …: records name it so), not the search that answered (``"solver"``, ``"fair"``)."""
    parameters = list(inspect.signature(function).parameters.values())

    def method(self: Game, /, *args: P.args, **options: P.kwargs) -> Any:
        before = set(self.consulted)
        try:
            answer = function(self, *args, **options)
        finally:
            if self.consulted != before:
                self.consulted = before | {assist}
        return answer if said is None else said(answer, self.lang)

    method.__name__ = method.__qualname__ = function.__name__
    method.__doc__ = doc
    method.__wrapped__ = function  # type: ignore[attr-defined]  # where its annotations' names are read
    # The method's own signature (self for the game): help(), Shift-Tab and the reference show it.
    own = inspect.signature(function).replace(parameters=[parameters[0].replace(name="self"), *parameters[1:]])
    method.__signature__ = own  # type: ignore[attr-defined]  # inspect reads it; a function type has none
    return method


class Game(game.Game):
    """A game of TriPeaks (:class:`tripeaks_widget.engine.game.Game`), with its words in ``lang``
    and its analyses. ``Game("TP1-E-AAAAAAB")``, ``Game(123)`` (numbered game 123), ``Game()``
    (a random numbered game), ``Game(rules="classic", lang="el")``."""

    @staticmethod
    def _language(value: object) -> str:
        return i18n.check_language(value)  # type: ignore[arg-type]  # anything else is refused, quoted

    @classmethod
    @checked_keywords
    def of_the_day(
        cls,
        date: object = None,
        rules: Rules | str | None = "easy",
        *,
        layout: Layout | str | None = None,
        error_help: bool = True,
        lang: str | None = None,
    ) -> Self:
        """The game of the day for ``date`` (a ``datetime.date``, a ``datetime.datetime``, ISO text
        ``"2026-05-01"``; None: today in the local calendar) under ``rules``: one numbered game per
        date and rule set, the same on every machine, winnable (the rule: ``goals.daily``); its
        challenges: ``tripeaks_widget.challenges_of_the_day``. Each layout (``layout``; None: Three
        Peaks) has a game of the day of its own. A bad date raises ``InvalidDateError``."""
        number = goals.number_of_the_day(date, rules, layout)
        return cls.from_number(number, rules, layout=layout, error_help=error_help, lang=lang)

    @property
    def message(self) -> str:
        """What the game says now, in ``lang``: the reason a move was refused, or how the game
        ended; "" else."""
        return i18n.translate(super().message, self.lang)

    @message.setter
    def message(self, text: str) -> None:
        game.Game.message.fset(self, text)  # type: ignore[attr-defined]  # the engine's setter

    def why_not(self, target: int | Card | str) -> str | None:
        """Why playing ``target`` is refused (R2.4), in ``lang``, or None when it is legal. A card
        the player has not seen gets one answer wherever it lies."""
        reason = super().why_not(target)
        return None if reason is None else i18n.translate(reason, self.lang)

    def why_not_draw(self) -> str | None:
        """Why drawing is refused now, in ``lang``, or None when it is allowed (R2.5, V5)."""
        reason = super().why_not_draw()
        return None if reason is None else i18n.translate(reason, self.lang)

    def describe(self, lang: str | None = None) -> str:
        """The board in words, as a screen reader reads it (R7), in ``lang`` (by default the
        game's)."""
        return i18n.describe(self, self.lang if lang is None else lang)

    def position_at(self, n: int) -> Game:
        """A new, independent ``Game`` as this one stood after the first ``n`` actions of
        ``history``; ``n`` counts like a list index (``-1``: before the last action)."""
        history = self.history
        if isinstance(n, bool) or not isinstance(n, int) or not -len(history) <= n <= len(history):
            raise IndexError(
                f"position_at takes a whole number from {-len(history)} to {len(history)} "
                f"(the history has {len(history)} actions); got {n!r}"
            )
        return type(self)(self.code, layout=self.layout, error_help=self.error_help, lang=self.lang).replay(history[:n])

    def picture(self) -> Picture:
        """The board as it stands, as a picture (SVG) that stays on the page of a notebook saved or
        exported: the board the widget draws, with its words in ``lang`` and the board in words as
        its text alternative. A game shown as a cell's value is this picture."""
        return Picture.of(self._shown())

    @checked_keywords
    def animation(self, *, pace: float = 1.0) -> Picture:
        """The whole game so far as one animated picture (SVG): the deal, then the board after each
        action of ``history``, ``pace`` seconds each (the last three times as long), round and round."""
        start = type(self)(self.code, layout=self.layout, error_help=self.error_help, lang=self.lang)
        views = [start._shown()]  # noqa: SLF001  (a game of its own class)
        for action in self.history:
            start.apply(action)
            views.append(start._shown())  # noqa: SLF001
        return Picture(animate(views, self.lang, pace), views[-1]["description"], still=False)

    def _shown(self) -> dict[str, Any]:
        return {**self.view(), "lang": self.lang, "number": self.number, "table": look.table(self.layout)}

    def _repr_svg_(self) -> str:
        return self.picture().svg

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        """Shown as a cell's value: its picture, as SVG and as PNG (drawn once)."""
        return self.picture().data()

    solve = _asks(solver.solve, "The solver's verdict on this position: winnable or not, and the best line.", "verdict")
    winnable = _asks(
        solver.winnable,
        "Whether the game can still be won from here (with full knowledge of the hidden cards).",
        "verdict",
    )
    hint = _asks(solver.hint, 'The next action of the best line (a card in notation or ``"draw"``), or None.', "hint")
    win_chance = _asks(
        fair.win_chance,
        "The chance of winning from what the player can see: a ``Chance`` with ``.value``, "
        "``.low``/``.high`` (its 95% interval) and ``.samples``, printed in ``lang``.",
        "win_chance",
        lambda chance, lang: chance.said_in(lang),
    )
    move_chances = _asks(
        fair.move_chances,
        "Every legal action's chance of winning, from what the player can see.",
        "win_chance",
        lambda chances, lang: {action: chance.said_in(lang) for action, chance in chances.items()},
    )
    fair_hint = _asks(
        fair.fair_hint,
        "The action with the best chance of winning, found without looking at a hidden card.",
        "fair_hint",
    )
    review = _asks(
        fair.review,
        "A move-by-move account of this game: the chance before and after each move, the best move "
        "and mistakes (``fair.review``), printed in ``lang``; ``.plot()`` draws it.",
        "review",
        lambda review, lang: review.said_in(lang),
    )
