"""The hint: the next action, fair (from what the player sees) or exact (the solver's, peeking),
searched for and said in the message line with the card or the stock it points at."""

from __future__ import annotations

from typing import Any

from .. import fair, solver
from ..engine.cards import Card
from ..engine.errors import InvalidValueError
from ..engine.game import Game
from ..engine.messages import Message
from ..engine.seen import Seen
from ..engine.steps import Steps
from ..engine.words import NamedCard
from .intents import HINT_KINDS
from .watch import Marks

NO_HINT = Message("No hint: no move leads anywhere from here")
NO_HINT_IN_TIME = Message("No hint found within the time limit")
HINT_PENDING = Message("Looking for a hint…")
HINT_DRAW = Message("Hint: draw from the stock")
HINT_PLAY = Message("Hint: play {card:object}")
HINT_EXACT_DRAW = Message("Hint (sees the hidden cards): draw from the stock")
HINT_EXACT_PLAY = Message("Hint (sees the hidden cards): play {card:object}")


def check_hint_kind(kind: object) -> str:
    """``kind`` when it is a hint the board gives ('fair' or 'exact'), else ``ValueError``."""
    if kind not in HINT_KINDS:
        raise InvalidValueError(f"hint_kind is 'fair' (from what the player sees) or 'exact' (peeks); got {kind!r}")
    return str(kind)


def pointing(game: Game, move: str, exact: bool) -> tuple[str, Marks]:
    """A hint's note and highlight, on the board showing ``game``; the exact one says it peeks."""
    if move == "draw":
        return (HINT_EXACT_DRAW if exact else HINT_DRAW), ["stock"]
    card = Card.parse(move)
    if exact:
        return Message(HINT_EXACT_PLAY, card=NamedCard(card)), [game.slot_of(card)]
    return Message(HINT_PLAY, card=NamedCard(card)), [game.slot_of(card)]


HintFound = tuple[str | None, str | None]  # the action, or None and why


def find_hint(game: Game, budget: float) -> Steps[HintFound]:
    """The solver's hint for ``game`` (a private copy; it peeks): the action, or None and why.
    One solver run, so one step (held to ``budget``)."""
    yield
    solution = solver.solve(game, budget=budget)
    if solution.hint is None:
        return None, (NO_HINT if solution.complete else NO_HINT_IN_TIME)
    move = solution.hint
    return ("draw" if str(move).strip().lower() == "draw" else move), None


def find_fair_hint(seen: Seen, budget: float | None, **options: Any) -> Steps[HintFound]:
    """The fair hint from what the player sees (``options``: ``fair.fair_hint``'s): the action, or
    None and why."""
    try:
        move = yield from fair.fair_hint_steps(seen, **{"seed": 0, **options, "budget": budget})
    except solver.SearchExhausted:
        return None, NO_HINT_IN_TIME
    return move, (None if move is not None else NO_HINT)
