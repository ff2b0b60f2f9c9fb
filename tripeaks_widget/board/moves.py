"""The moves on a board: each action carried out and published, and the ``on_move`` callbacks told.

A move refused is published too (the reason is in the view); a line is replayed step by step."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..engine.cards import Card
from ..engine.errors import InvalidTypeError, got
from ..engine.game import IllegalMoveError
from .replay import check_pace, steps_of, whole_step

if TYPE_CHECKING:
    from .board import Board

log = logging.getLogger("tripeaks_widget")


class Move(NamedTuple):
    """One action carried out on a board, as :meth:`Board.on_move` tells it: the action in notation
    (``"K♣"``, ``"draw"``, ``"undo"``), the card it moved, and whether a player's hand made it (a
    click or a key) rather than a script."""

    action: str
    card: Card
    by_hand: bool


Mover = Callable[[Move], None]


class Moves:
    """The actions carried out on one board, and who is told of each."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.movers: list[Mover] = []

    def begin(self) -> None:
        """An action starts: the board's note, the highlight, the notices (but those that last) and the
        last reply go (and a hint still being looked for is no longer wanted)."""
        board = self.board
        board.publisher.clear()
        board.results.notices = board.results.lasting()
        board.assists.hints.at = None

    def carry_out(
        self, action: Callable[..., Card], *args: Any, request: int | str | None = None, by_hand: bool = False
    ) -> Card:
        """Run one engine action and publish the result, refused or not (the reason is in the view),
        with the answer to ``request`` when the front end asked with an id; then tell the movers."""
        board = self.board
        with board.lock:
            self.begin()
            game = board.game
            over = game.status != "playing"
            try:
                done = action(*args)
            except IllegalMoveError:
                board.answer(request, False, game.message, publish=False)
                board.publish()
                raise
            if over and game.history[-1] == "undo" and board.aims.undone_after_the_end(game):
                board.assists.used.add("verdict")  # the best possible said whether the deal can be won
            board.answer(request, True, publish=False)
            board.publish()
            move = Move(game.history[-1], done, by_hand)
        self.tell(move)
        return done

    def tell(self, move: Move) -> None:
        """Call each ``on_move`` callback, outside the lock; one that fails is logged, and the
        others still hear of the move."""
        for callback in list(self.movers):
            try:
                callback(move)
            except Exception:
                log.exception("an on_move callback failed on %s", move.action)

    def on_move(self, callback: Mover) -> Callable[[], None]:
        """Tell ``callback`` of every move from now on; returns the call that stops it."""
        if not callable(callback):
            raise InvalidTypeError(f"on_move takes a function of one move; got {got(callback)}")
        lock = self.board.lock
        with lock:
            self.movers.append(callback)

        def stop() -> None:
            with lock:
                if callback in self.movers:
                    self.movers.remove(callback)

        return stop

    def replay(self, actions: Iterable[int | Card | str] | str, pace: float) -> None:
        """Play a line step by step, each step published and ``pace`` seconds apart (0: one snapshot
        at the end); a refused step stops it, raising with its place in the line."""
        board = self.board
        steps = steps_of(actions)
        pace = check_pace(pace)
        with board.lock:
            self.begin()
        done: list[Move] = []
        try:
            for number, action in enumerate(steps, 1):
                try:
                    with whole_step():
                        if pace:
                            self.carry_out(board.game.apply, action)
                        else:
                            with board.lock:  # a worker thread never snapshots a half-made step
                                card = board.game.apply(action)
                                done.append(Move(board.game.history[-1], card, False))
                except ValueError as error:
                    raise type(error)(f"step {number} ({action}) refused: {error}") from None
                if pace:
                    time.sleep(pace)
        finally:
            if not pace:
                with whole_step():
                    board.publish()
                for move in done:
                    self.tell(move)
