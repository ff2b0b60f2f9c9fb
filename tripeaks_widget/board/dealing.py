"""Dealing on a board: a new game, a winnable one or the same one again; and the board's options read.

An unfinished game left behind is recorded, and every part of the board begins afresh for the new one."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .. import i18n
from ..analysis import Game
from ..engine.dealing import ToDeal
from ..engine.errors import InvalidTypeError, InvalidValueError, got
from ..engine.layout import Layout
from ..engine.rules import Rules
from ..engine.steps import drive

if TYPE_CHECKING:
    from .board import Board


class Dealer:
    """The game on one board, and each game dealt there after it."""

    def __init__(self, board: Board, game: Game) -> None:
        self.board = board
        self.game = game

    def new_game(
        self,
        what: ToDeal | Rules | str | int | None,
        game: int | None,
        rules: Rules | str | None,
        layout: Layout | str | None,
        winnable: bool,
    ) -> Game:
        """Deal what :meth:`Board.new_game` is asked for (see there)."""
        if not isinstance(winnable, bool):
            raise InvalidTypeError(f"winnable is True or False; got {type(winnable).__name__} {winnable!r}")
        now = self.game
        asked = ToDeal.parse(what, game=game, rules=rules, layout=layout).given(now.rules, now.layout)
        if winnable:
            if not asked.random:
                raise InvalidValueError("winnable=True deals a random game; a code or a game number names its own deal")
            chosen, on = asked.rules_and_layout(now.rules, now.layout)
            asked = ToDeal.from_code(drive(self.board.assists.winnable_code(chosen, on)), on)
        return self.deal(Game(asked, error_help=now.error_help, lang=self.board.lang))

    def restart(self) -> Game:
        """Deal this game again from the start (see :meth:`Board.restart`)."""
        game = self.game
        return self.deal(Game(game.code, layout=game.layout, error_help=game.error_help, lang=self.board.lang))

    def deal(self, dealt: Game) -> Game:
        """Put ``dealt`` on the board: an unfinished game left behind is recorded, and the assists,
        the statistics and the goals begin again for the new one."""
        board = self.board
        with board.lock:
            board.actions.begin()
            left, used = self.game, board.used
            self.game = dealt  # first: what the store says of the game left behind is not shown under this one
            if left.status == "playing":
                # left unfinished: abandoned (records skips a game without a move)
                board.results.record(left, used)
            board.assists.new_game()
            board.statistics.close()  # its figures were of the game left, maybe of other rules
            board.aims.new_game(dealt)
            board.results.ask_challenges(dealt, board.aims.from_the_class)
            board.results.ask_standing(dealt)
            board.publish()
        return dealt


def check_budget(name: str, value: Any) -> float:
    """A time budget in seconds: a number above 0, finite."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (math.isfinite(value) and value > 0):
        raise InvalidValueError(f"{name} is a number of seconds above 0; got {got(value)}")
    return float(value)


def check_language(value: Any) -> str:
    """A language the board speaks: ``"en"``, ``"el"``, ``"he"``, ``"is"`` (a locale name such as
    ``"he_IL"`` or ``"el-GR"`` is read as its language); None is the kernel's locale's language.
    Anything else raises ``ValueError`` naming the choices."""
    if value is None:
        return i18n.default_language()
    if isinstance(value, str) and value not in i18n.LANGUAGES:
        value = i18n.language_of(value) or value
    return i18n.check_language(value)
