"""The New game dialog answered: its choice dealt, and one answer naming the field a refusal
is about, in the board's language, in the snapshot's ``reply`` (the dialog's side is
``js/src/dialog.js``).

A code wins (it carries its own rules, variants and layout); else a game number under the chosen
rules, on the chosen layout (the board's if none); else a random deal under them and on it (the
current ones if absent), one the solver has proven winnable with "Winnable deals only": that one
is looked for in the worker thread, and the answer comes when it is dealt. Python callers of
``new_game`` get the engine's own, longer words in the exception; the dialog gets a short line for
the field.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from ..engine.dealing import ToDeal
from ..engine.game import Game
from ..engine.messages import Message
from .assists import failure
from .intents import NewGame

if TYPE_CHECKING:
    from .board import Board
    from .snapshot import Reply

log = logging.getLogger("tripeaks_widget")

BAD_CODE = Message("That is not a game code. Codes look like TP1-E-AAAAAAB.")
BAD_VARIANTS = Message("Variant letters are H, J, O, S and W, each at most once, as in TP1-E-AAAAAAB-SW.")
BAD_NUMBER = Message("Game numbers run from 1 to 50,000; got {number}.")


def answer(board: Board, intent: NewGame) -> Reply | None:
    """Deal what the dialog chose, and answer the request (a winnable deal: once one is found, so
    None now). What to deal is read as everywhere (``ToDeal``): the code alone, else the game
    number, rules and layout; a refusal names the field it is about."""
    request, code, number = intent.request, intent.code, intent.number
    field = "code" if code else "game" if number is not None else "rules"
    try:
        if code:
            asked = ToDeal.parse(code)
        else:
            asked = ToDeal.parse(game=number, rules=intent.rules, layout=intent.layout)
        if intent.winnable and asked.random:
            rules, layout = asked.rules_and_layout(board.game.rules, board.game.layout)
            board.assists.find_deal(rules, request, lambda *found: _deal_found(board, *found), layout)
            return None
        board.new_game(asked)
    except ValueError as error:
        return board.answer(request, False, refusal(field, code, number, error), field)
    return board.answer(request, True)


def _deal_found(board: Board, found: str | None, why: Any, requests: list[Any]) -> None:
    """A winnable deal found for the dialog (or why none was): dealt, and every request it answers
    answered (one replaced by a later request while it waited gets the later one's outcome)."""
    ok, error = found is not None, why
    if found is not None:
        try:
            board.new_game(found)
        except Exception as failed:
            log.exception("dealing %s failed", found)
            ok, error = False, failure(failed)
    for request in requests:
        board.answer(request, ok, "" if ok else error, "winnable")


def refusal(field: str, code: str, number: Any, error: ValueError) -> str | Message:
    """Why the dialog's deal was refused, in a short line to translate: what was wrong with the
    field (a game code's form, the range of game numbers)."""
    if field == "code":
        head, _, tail = code.rpartition("-")
        return BAD_VARIANTS if tail and _is_code(head) else BAD_CODE
    if field == "game":
        return Message(BAD_NUMBER, number=number)
    return failure(error)


def _is_code(text: str) -> bool:
    try:
        Game(text)
    except ValueError:
        return False
    return True
