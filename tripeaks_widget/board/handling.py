"""The front end's requests: each intent read, carried out and answered once.

Carried out through the board's own methods, as a script calls them; a malformed one changes nothing."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from ..engine.game import IllegalMoveError
from ..engine.messages import Message
from . import dialog, intents
from .snapshot import Reply
from .watch import failure

if TYPE_CHECKING:
    from .board import Board

log = logging.getLogger("tripeaks_widget")

# A click that names a card no longer where it was clicked (the board changed while it was on its way).
CLICK_TOO_LATE = Message("The board changed before that click arrived: nothing was played")


def handle(board: Board, content: Any) -> Reply | None:
    """Carry out one request of the front end on ``board`` (see :meth:`Board.handle`)."""
    publisher = board.publisher
    with board.lock:
        try:
            intent, request = intents.parse(content, board.game.layout.slot_count), intents.request_of(content)
        except intents.Malformed as bad:
            log.warning("ignored a malformed intent (%s): %s", bad.why, intents.brief(content))
            return board.answer(bad.request, False, bad.message)
        answered = intents.sequence(content)
        if answered is not None:
            publisher.answered = answered  # every snapshot from here on says this intent was handled
        try:
            return carry_out(board, intent, request)
        except IllegalMoveError as refusal:  # the reason is already in the message line
            log.debug("move refused: %s", refusal)
            return publisher.reply
        except Exception as error:  # never lose an error in a request: show it
            log.exception("intent %s failed", intents.brief(content))
            publisher.note = failure(error)
            reply = board.answer(request, False, publisher.note, publish=False)
            board.publish()
            return reply


def carry_out(board: Board, intent: intents.Intent, request: int | str | None) -> Reply | None:
    """Do what ``intent`` asks, and answer ``request``."""
    moves, game = board.actions, board.game
    if isinstance(intent, intents.Play):
        if game.slot_view(intent.slot) != intent.card:
            # The board changed between the click and now (a cell dealt again, undid, another view
            # played): the card clicked is not there any more, and another must not be played for it.
            log.debug("a click on %s, no longer in slot %d, was refused", intent.card, intent.slot)
            moves.begin()
            board.publisher.note = CLICK_TOO_LATE
            return board.answer(request, False, CLICK_TOO_LATE)
        moves.carry_out(board.results.by_hand(game.play), intent.slot, request=request, by_hand=True)
    elif isinstance(intent, intents.Draw):
        moves.carry_out(board.results.by_hand(game.draw), request=request, by_hand=True)
    elif isinstance(intent, intents.Undo):
        moves.carry_out(board.results.by_hand(game.undo), request=request, by_hand=True)
    elif isinstance(intent, intents.Restart):
        board.restart()
        return board.answer(request, True)
    else:
        if isinstance(intent, intents.Hint):
            if not board.assists.show_hints:
                log.debug("a hint asked for while hints are switched off was ignored")
            else:
                board.assists.hints.ask()
        elif isinstance(intent, intents.Switch):
            setattr(board, intent.name, intent.value)
        elif isinstance(intent, intents.Review):
            if not intent.open:
                board.assists.close_review()
            elif game.status == "playing":
                log.debug("a review asked for before the game is over was ignored")
            else:
                board.assists.ask_review()
        elif isinstance(intent, intents.Stats):
            if intent.open:
                board.statistics.show()
            else:
                board.statistics.close()
            board.publish()
        elif isinstance(intent, intents.NewGame):
            return dialog.answer(board, intent)
        return board.answer(request, True)
    return board.publisher.reply
